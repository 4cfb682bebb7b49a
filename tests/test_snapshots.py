"""Snapshots of the key screens at 80x24 (update with --snapshot-update)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from rules import registry
from rules.island.state import PickResponse, PlayResponse
from rules.session import BOT, SeatPlan, Session
from tests.tui_helpers import make_app, open_setup, to_curtain

SIZE = (80, 24)
SHOWN_FOLDER = Path("saves")  # a fixed folder name, so the lobby text never changes


def _still(pilot) -> None:
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


def _session_at_move() -> Session:
    game = registry.get("island")
    config = game.make_config(("Ann", "Bo", "Cleo"), {}, game.default_pack())
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cleo", BOT))
    session = Session.start(game, config, 7, seats)
    for seat in session.prompt.seats:
        session = session.apply(PlayResponse(seat, session.state.hands[seat][0]))
    session = session.apply(PickResponse(session.state.decider, 0))
    assert not session.seats[session.prompt.seats[0]].is_bot
    return session


def test_lobby_snapshot(snap_compare):
    assert snap_compare(make_app(SHOWN_FOLDER), terminal_size=SIZE)


def test_setup_snapshot(snap_compare):
    async def run_before(pilot):
        await open_setup(pilot, "island")
        _still(pilot)

    assert snap_compare(make_app(SHOWN_FOLDER), terminal_size=SIZE, run_before=run_before)


def test_curtain_snapshot(snap_compare):
    session = Session.start(
        registry.get("island"),
        _session_at_move().config,
        7,
        (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cleo", BOT)),
    )
    app = make_app(SHOWN_FOLDER, opening=lambda app: app.start_flow(session, None))
    assert snap_compare(app, terminal_size=SIZE, run_before=to_curtain)


def test_board_snapshot(snap_compare):
    session = _session_at_move()
    app = make_app(SHOWN_FOLDER, opening=lambda app: app.start_flow(session, None))

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("e")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_too_small_snapshot(snap_compare):
    assert snap_compare(make_app(SHOWN_FOLDER), terminal_size=(60, 20))
