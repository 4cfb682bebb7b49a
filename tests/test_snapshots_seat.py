"""Snapshots of a joined seat's own terminal on a phone held upright, 40x30: the join
prompt, and for each game the seat's table between its turns and its main decision
(update with --snapshot-update on this file, then look at the SVGs).

Each game is hosted with no screen of its own (``tests.net_helpers.headless_host``) at a
position the game's bots reach from a fixed deal; the seat joins from its own
terminal (``JoinApp``), reads its notes when it has any, and the screen it shows then
is taken. The toast with the seat's rejoin code (a new one at every run) is cleared.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Input

from rules.session import Session
from tests.net_helpers import headless_host, until
from tests.screen_sweep import tables
from tests.seat_sweep import PHONE
from tests.tui_helpers import settle
from tui.island.seat import IslandChoice
from tui.island.table import IslandTable
from tui.kit.seat import SeatScreen
from tui.lantern.referee import BarkeepConsole
from tui.lantern.seat import WritingDesk
from tui.lantern.table import LanternTable
from tui.net.join_app import JoinApp
from tui.persuasion.seat import PersuasionChoice
from tui.persuasion.table import PersuasionTable
from tui.temptress.seat import PlayScreen
from tui.temptress.table import TemptressTable

SEED = 3
SOCKET = "table.sock"
"""Where ``headless_host`` listens, in the folder it is given."""


class SeatTerminal(JoinApp):
    """A seat's terminal that ends its host with it (the host lives on the app's loop)."""

    host: Any = None

    def on_unmount(self) -> None:
        if self.host is not None:
            self.host.close()


def _bots_until(session: Session, done: Callable[[Session], bool]) -> Session:
    """The game's bots play from ``session`` until ``done`` holds."""
    for _ in range(500):
        if done(session):
            return session
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    raise AssertionError("the bots never got there")


def _kind(kind: str) -> Callable[[Session], bool]:
    return lambda session: session.prompt is not None and session.prompt.kind == kind


def _start(game_id: str) -> Session:
    return tables(game_id)[0].session(SEED, pins=False)


def _seat_sees(
    session: Session, seat: int, screen: type, folder: Path
) -> tuple[SeatTerminal, Callable[[Any], Any]]:
    """``seat``'s terminal at 40x30 on ``session``, hosted in ``folder``, and what to run
    before the snapshot: host, join, read any notes, wait for ``screen``."""
    app = SeatTerminal(folder / SOCKET)

    async def run_before(pilot: Any) -> None:
        app.host = await headless_host(session, folder)
        app.join(app.host.codes[seat])
        await until(lambda: app.joined is not None, pilot)
        for _ in range(5):  # notes first, as a person reads them: then the screen asked
            await settle(pilot)
            if app.joined.showing[:1] != ("notes",):
                break
            assert isinstance(app.screen, SeatScreen)
            app.screen.leave()
        await until(lambda: type(app.screen) is screen, pilot)
        app.clear_notifications()
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await settle(pilot)

    return app, run_before


def _snap(snap_compare: Any, session: Session, seat: int, screen: type, folder: Path) -> bool:
    app, run_before = _seat_sees(session, seat, screen, folder)
    return bool(snap_compare(app, terminal_size=PHONE, run_before=run_before))


def test_join_prompt_at_40x30(snap_compare):
    app = JoinApp(Path("sockets") / SOCKET)

    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        for field in app.screen.query(Input):
            field.cursor_blink = False

    assert snap_compare(app, terminal_size=PHONE, run_before=run_before)


# --- Temptation Island ---------------------------------------------------------------------


def test_island_response_card_at_40x30(snap_compare, tmp_path: Path):
    session = _start("island")
    seat = session.prompt.seats[0]
    assert _snap(snap_compare, session, seat, IslandChoice, tmp_path)


def test_island_table_between_turns_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("island"), _kind("decide"))
    waiting = next(s for s in range(3) if s not in session.prompt.seats)
    assert _snap(snap_compare, session, waiting, IslandTable, tmp_path)


def test_island_move_on_the_board_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("island"), _kind("move"))
    assert _snap(snap_compare, session, session.prompt.seats[0], IslandTable, tmp_path)


# --- The Temptress -------------------------------------------------------------------------


def test_temptress_table_between_turns_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("temptress"), _kind("join"))
    actor = session.state.contest.actor
    assert _snap(snap_compare, session, actor, TemptressTable, tmp_path)


def test_temptress_floor_at_40x30(snap_compare, tmp_path: Path):
    session = _start("temptress")
    assert _snap(snap_compare, session, session.prompt.seats[0], TemptressTable, tmp_path)


def test_temptress_card_play_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("temptress"), _kind("play"))
    assert _snap(snap_compare, session, session.prompt.seats[0], PlayScreen, tmp_path)


# --- The Rusty Lantern ---------------------------------------------------------------------


def test_lantern_table_between_turns_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("lantern"), _kind("turn"))
    waiting = next(s for s in range(3) if s not in session.prompt.seats)
    assert _snap(snap_compare, session, waiting, LanternTable, tmp_path)


def test_lantern_writing_desk_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("lantern"), _kind("turn"))
    assert _snap(snap_compare, session, session.prompt.seats[0], WritingDesk, tmp_path)


def test_lantern_barkeep_console_at_40x30(snap_compare, tmp_path: Path):
    session = _start("lantern")
    assert _snap(snap_compare, session, session.prompt.seats[0], BarkeepConsole, tmp_path)


# --- Persuasion ----------------------------------------------------------------------------


def test_persuasion_table_between_turns_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("persuasion"), _kind("mail"))
    session = session.apply(session.bot_for(0).choose(session.view(0)))  # Ann has written
    assert 0 not in session.prompt.seats
    assert _snap(snap_compare, session, 0, PersuasionTable, tmp_path)


def test_persuasion_choice_at_40x30(snap_compare, tmp_path: Path):
    session = _bots_until(_start("persuasion"), _kind("mail"))
    assert _snap(snap_compare, session, 0, PersuasionChoice, tmp_path)
