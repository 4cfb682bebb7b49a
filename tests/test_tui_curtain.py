"""The privacy curtain: opaque, names the player, needs the PIN, drops on one key.
Between two people the public table shows first (the hand-over), naming who takes the
keyboard next; Enter there brings their curtain."""

from __future__ import annotations

from pathlib import Path

from rules import registry
from rules.pins import hash_pin
from rules.session import BOT, PERSON, SeatPlan, Session
from tests.tui_helpers import handing_over, make_app, screen_text, secret_leaks, to_curtain
from tui.island.seat import IslandChoice
from tui.kit.table import TableScreen
from tui.screens.curtain import CurtainScreen


def _session(
    pins: tuple[str | None, ...] = (None, None, None),
    kinds: tuple[str, ...] = (PERSON, PERSON, BOT),
) -> Session:
    game = registry.get("island")
    config = game.make_config(("Ann", "Bo", "Cleo"), {}, game.default_pack())
    seats = tuple(
        SeatPlan(name, kind, hash_pin(pin) if pin else None)
        for name, kind, pin in zip(("Ann", "Bo", "Cleo"), kinds, pins, strict=True)
    )
    return Session.start(game, config, 7, seats)


def _opening(session: Session, path: Path):
    return lambda app: app.start_flow(session, path)


def _hands(session: Session) -> list[str]:
    return [card for hand in session.state.hands for card in hand]


def _assert_handing_to(app, name: str) -> None:
    """The public table waits for ``name``, names them, and shows no secret."""
    assert isinstance(app.screen, TableScreen) and handing_over(app)
    text = screen_text(app)
    assert f"{name} takes the keyboard next: Enter brings {name}'s curtain." in " ".join(
        text.split()
    )
    assert secret_leaks(app.flow.session, text, None) == []
    assert not any(card in text for card in _hands(app.flow.session))


async def test_curtain_is_an_opaque_full_screen_that_names_the_player(tmp_path: Path):
    session = _session()
    app = make_app(tmp_path, opening=_opening(session, tmp_path / "g.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = session.prompt.seats[0]
        _assert_handing_to(app, session.seats[first].name)  # the table first
        await to_curtain(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert not curtain.is_modal
        text = screen_text(app)
        assert f"Pass the keyboard to {session.seats[first].name}" in text
        for seat in range(3):
            for card in session.state.hands[seat]:
                assert card not in text


async def test_a_pin_is_needed_to_lift_the_curtain(tmp_path: Path):
    session = _session(pins=("1234", "9876", None))
    first = session.prompt.seats[0]
    pin = ("1234", "9876")[first]
    app = make_app(tmp_path, opening=_opening(session, tmp_path / "g.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("0", "0", "0", "0", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "That is not the PIN. Try again." in screen_text(app)
        await pilot.press(*pin, "enter")
        await pilot.pause()
        assert isinstance(app.screen, IslandChoice)
        assert app.screen.seat == first


async def test_hide_key_drops_the_curtain_again(tmp_path: Path):
    session = _session()
    first = session.prompt.seats[0]
    app = make_app(tmp_path, opening=_opening(session, tmp_path / "g.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, IslandChoice)
        assert session.state.hands[first][0] in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        # The public table, handing the keyboard to the same person, then their curtain.
        _assert_handing_to(app, session.seats[first].name)
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.seat_name == session.seats[first].name
        assert session.state.hands[first][0] not in screen_text(app)
        assert app.flow.session.actions == ()


async def test_the_curtain_comes_down_after_a_private_step(tmp_path: Path):
    session = _session(kinds=(PERSON, PERSON, PERSON))
    first, second = session.prompt.seats
    app = make_app(tmp_path, opening=_opening(session, tmp_path / "g.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2", "enter")
        await pilot.pause()
        played = app.flow.session.actions[0]
        assert played.card == session.state.hands[first][1]
        # The public table names the next person and shows no card; Enter, their curtain.
        _assert_handing_to(app, session.seats[second].name)
        assert played.card not in screen_text(app)
        await to_curtain(pilot)
        screen = app.screen
        assert isinstance(screen, CurtainScreen)
        assert screen.seat_name == session.seats[second].name
        assert played.card not in screen_text(app)


async def test_every_action_is_saved_as_it_happens(tmp_path: Path):
    from tui.persistence import saves

    session = _session()
    path = tmp_path / "g.json"
    app = make_app(tmp_path, opening=_opening(session, path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(saves.load(path).actions) == len(app.flow.session.actions) >= 1
