"""PINs: salted and slow to work out from a save, three free tries at the curtain and
then a growing wait (shown there), and a click never takes the keys from the PIN."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from textual.widgets import Input

from rules import registry
from rules.pins import PIN_WORK, hash_pin, pin_fits
from rules.session import PERSON, SeatPlan, Session
from tests.tui_helpers import burst, make_app, screen_text, settle, to_curtain
from tui.island.seat import IslandChoice
from tui.pin_guard import PinGuard, seconds_text, wait_after
from tui.screens.curtain import CurtainScreen

CHEAP = 2
"""A cheap cost for the tests that only need a PIN (a hash names its own cost)."""


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the hash ------------------------------------------------------------------------


def test_a_pin_is_saved_salted_and_slow():
    saved = hash_pin("1234")
    work, salt, key = re.fullmatch(r"scrypt\$(\d+)\$([0-9a-f]{32})\$([0-9a-f]{64})", saved).groups()
    assert int(work) == PIN_WORK == 2**14
    assert hash_pin("1234") != saved  # a new salt every time
    expected = hashlib.scrypt(b"1234", salt=bytes.fromhex(salt), n=2**14, r=8, p=1, dklen=32)
    assert key == expected.hex()
    assert pin_fits("1234", saved)
    assert not pin_fits("1235", saved)


def test_a_pin_saved_before_salting_still_lifts_its_curtain():
    legacy = hashlib.sha256(b"parlour-pin:2468").hexdigest()
    assert pin_fits("2468", legacy)
    assert not pin_fits("2469", legacy)


@pytest.mark.parametrize(
    "damaged",
    ["", "scrypt$16384$zz$00", "scrypt$1$00$00", f"scrypt${2**30}$00$00", "scrypt$x$00$00"],
    ids=["empty", "not hex", "too cheap", "too dear", "cost not a number"],
)
def test_no_pin_fits_a_damaged_hash(damaged):
    assert not any(pin_fits(pin, damaged) for pin in ("", "0000", "1234"))


# --- the wait --------------------------------------------------------------------------


def test_three_tries_are_free_and_then_each_wait_doubles_up_to_ten_minutes():
    assert [wait_after(n) for n in range(10)] == [0, 0, 0, 15, 30, 60, 120, 240, 480, 600]
    assert wait_after(60) == 600


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.2, "1 second"), (14.01, "15 seconds"), (60, "1 minute"), (150, "2 minutes 30 seconds")],
)
def test_a_wait_is_said_in_whole_seconds_and_minutes(seconds, text):
    assert seconds_text(seconds) == text


def test_a_wrong_pin_waits_after_three_and_the_right_one_clears_the_count():
    clock = Clock()
    door = PinGuard(clock).door("ann", lambda pin: pin == "1234")
    assert [door.attempt("0000").message for _ in range(2)] == [
        "That is not the PIN. Try again."
    ] * 2
    assert door.attempt("0000").message == (
        "That is not the PIN.\n3 wrong PINs: the next try in 15 seconds."
    )
    clock.now += 5
    refused = door.attempt("1234")  # even the right PIN waits its turn
    assert (refused.lifted, refused.message) == (False, "3 wrong PINs: the next try in 10 seconds.")
    clock.now += 10
    assert door.waiting() == ""
    assert door.attempt("9999").message == (
        "That is not the PIN.\n4 wrong PINs: the next try in 30 seconds."
    )
    clock.now += 30
    assert door.attempt("1234").lifted
    assert door.attempt("0000").message == "That is not the PIN. Try again."


def test_each_pin_has_its_own_count():
    guard = PinGuard(Clock())
    ann = guard.door("ann", lambda pin: pin == "1234")
    bo = guard.door("bo", lambda pin: pin == "5678")
    for _ in range(3):
        ann.attempt("0000")
    assert ann.waiting() and not bo.waiting()
    assert bo.attempt("5678").lifted
    assert guard.door("ann", lambda pin: pin == "1234").waiting()  # a new curtain, same wait


# --- at the curtain --------------------------------------------------------------------


def _session() -> Session:
    game = registry.get("island")
    config = game.make_config(("Ann", "Bo", "Cleo"), {}, game.default_pack())
    seats = tuple(SeatPlan(name, PERSON, hash_pin("1234", CHEAP)) for name in ("Ann", "Bo", "Cleo"))
    return Session.start(game, config, 7, seats)


def _app(folder: Path, **kwargs):
    """The app at an Island game whose three seats all have the PIN 1234 (it opens on
    the public table, handing the keyboard to the first person: ``to_curtain``)."""
    session = _session()
    return make_app(folder, opening=lambda app: app.start_flow(session, None), **kwargs)


async def _lifts_with_the_pin(pilot) -> None:
    await pilot.press(*"1234", "enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, IslandChoice)


async def test_the_curtain_shows_the_wait_and_lifts_once_it_is_over(tmp_path: Path):
    clock = Clock()
    app = _app(tmp_path, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        for wrong in ("0000", "1111", "2222"):
            await pilot.press(*wrong, "enter")
        await settle(pilot)
        assert "3 wrong PINs: the next try in 15 seconds." in screen_text(app)
        clock.now += 6
        await pilot.press(*"1234", "enter")
        await settle(pilot)
        assert app.screen is curtain
        assert "3 wrong PINs: the next try in 9 seconds." in screen_text(app)
        assert curtain.query_one("#pin", Input).value == ""
        clock.now += 9
        curtain.show_wait()  # what the curtain's one-second timer does
        await settle(pilot)
        assert "Type your PIN and press Enter." in screen_text(app)
        await _lifts_with_the_pin(pilot)


async def test_a_click_on_the_curtain_leaves_the_keys_with_the_pin(tmp_path: Path):
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        pin = curtain.query_one("#pin", Input)
        for where in ((2, 2), (40, 9), (79, 23)):
            curtain.set_focus(None)  # as after a palette or a click that blurs
            await pilot.click(offset=where)
            await settle(pilot)
            assert curtain.focused is pin, where
        await _lifts_with_the_pin(pilot)


async def test_the_curtain_help_says_what_a_pin_does_and_does_not_protect(tmp_path: Path):
    app = _app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        help_text = app.screen.phase_help()
        assert "A PIN keeps other eyes off this seat's screen" in help_text
        assert "A PIN is no lock on the save file" in help_text
        assert "your next steps) follows without another curtain" in help_text


async def test_a_pin_typed_in_one_burst_with_its_enter_lifts_the_curtain(tmp_path: Path):
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        burst(app, *"1234", "enter")
        await settle(pilot)
        assert isinstance(app.screen, IslandChoice)


def test_enter_with_no_pin_costs_no_try():
    door = PinGuard(Clock()).door("ann", lambda pin: pin == "1234")
    assert [door.attempt("").message for _ in range(5)] == [
        "Type your PIN first, then press Enter."
    ] * 5
    assert door.attempt("0000").message == "That is not the PIN. Try again."


def test_the_setup_form_and_the_app_hash_pins_at_the_full_cost(tmp_path: Path):
    from rules.session import BOT
    from tui.app import ParlourApp
    from tui.setup_form import SetupEntry, check_setup

    entry = SetupEntry(("Ann", "Bo", "Cleo"), (PERSON, PERSON, BOT), ("1234", "", ""), "7")
    _, session = check_setup(registry.get("island"), entry)
    assert session.seats[0].pin_hash.startswith(f"scrypt${PIN_WORK}$")
    assert ParlourApp(tmp_path).pin_work == PIN_WORK
