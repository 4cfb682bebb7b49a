"""Snapshots of the Lantern's key screens at 80x24 and 120x40: the tale at the table, the
writing desk and the Barkeep's console, on a play and on who begins (update with
--snapshot-update, then look)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import TextArea

from rules.lantern.state import Begin, Interrupt, Play, Rule
from rules.registry import get
from rules.session import SeatPlan, Session
from tests.tui_helpers import make_app, to_curtain

SIZES = [(80, 24), (120, 40)]
GAME = get("lantern")
NAMES = ("Ann", "Bo", "Cy", "Kip")
ANN, BO, CY, KIP = range(4)
SHOWN_FOLDER = Path("saves")
OPENING = (
    "Fog lay thick on the river when {card} came ashore, asking the way to the Rusty "
    "Lantern and paying for directions with a coin nobody had seen before."
)
SECOND = (
    "By midnight {card} had settled the matter of {loose} once and for all, though nobody "
    "in the tavern would say how."
)


def _opening() -> Session:
    """The tale is set up: Kip, the Barkeep, is to name the Bard who begins."""
    config = GAME.make_config(NAMES, {"hand": 5, "words_min": 10}, GAME.default_pack())
    return Session.start(GAME, config, 11, tuple(SeatPlan(n) for n in NAMES))


def _begun() -> Session:
    """Kip names Ann to begin; her first passage is verified and its card lies on the
    table as a Loose End."""
    session = _opening().apply(Begin(KIP, ANN))
    card = session.state.hands[ANN][0]
    text = OPENING.format(card=session.state.elements[card])
    session = session.apply(Play(ANN, text, card, loose_end=True))
    for seat in (BO, CY):
        session = session.apply(Interrupt(seat))
    return session.apply(Rule(KIP, True, loose_end=True))


def _second_play() -> Session:
    """Ann's second passage claims to tie off the Loose End: the others may interrupt."""
    session = _begun()
    state = session.state
    card, loose = state.hands[ANN][0], state.table[0]
    text = SECOND.format(card=state.elements[card], loose=state.elements[loose])
    return session.apply(Play(ANN, text, card, ties=(loose,)))


def _under_review() -> Session:
    session = _second_play()
    for seat in (BO, CY):
        session = session.apply(Interrupt(seat))
    return session


def _app(session: Session):
    return make_app(SHOWN_FOLDER, opening=lambda app: app.start_flow(session, None))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lantern_table_snapshot(snap_compare, size):
    assert snap_compare(_app(_second_play()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lantern_writing_desk_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)  # the table hands the keyboard to Ann
        await pilot.press("enter")  # Ann lifts her curtain
        await pilot.pause()
        prose = pilot.app.screen.query_one(TextArea)
        prose.cursor_blink = False
        prose.insert("The ferryman smiled, and the lantern swayed?")
        await pilot.press("ctrl+l")
        await pilot.pause()

    assert snap_compare(_app(_begun()), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lantern_barkeep_console_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)  # the table hands the keyboard to Kip
        await pilot.press("enter")  # Kip lifts the Barkeep's curtain
        await pilot.pause()

    assert snap_compare(_app(_under_review()), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lantern_who_begins_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)  # the table hands the keyboard to Kip
        await pilot.press("enter")  # Kip lifts the Barkeep's curtain
        await pilot.pause()

    assert snap_compare(_app(_opening()), terminal_size=size, run_before=run_before)
