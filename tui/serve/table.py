"""One table of ``parlour serve``: a hosted game with no keyboard of its own.

A served table is what ``parlour host`` runs, less the host's terminal: the game
flow (``tui.flow.GameFlow``: every move in its journal before anything moves on, the
bots, the turn timers, take-back, the public moment) in a Textual app of its own
that draws on no terminal (``TableKeeper``, headless), and a ``tui.net.host.Host``
for its seats, every person's seat joined from a terminal of its own. The host
listens on no socket of its own: the server reads each connection's first line and
hands it to the table whose code it names (``ServedTable.admit``), which serves it in the
table's app, as ``parlour host`` serves its socket from within its app: what a guest's move
sets going (the next screen, the end of the game, a bot's timer) belongs to that app, never
to the server. The game begins at once: a table may wait for its people for days, and shows
each seat who is away. A finished table stays, its end on every guest's terminal, until
the server archives it.

Its codes are kept beside the server's data (``tui.net.kept_codes``), so a restart
(or a kill) brings the table back with the same codes, claims and rejoin codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events, on
from textual.screen import Screen

from rules.engine import Seat
from rules.session import Session
from tui.app import ParlourApp
from tui.net import wire
from tui.net.host import Host
from tui.net.kept_codes import keeper, kept_seating
from tui.net.seating import Entry, Seating
from tui.persistence.saves import Opened

SIZE = (80, 24)
"""The size the table's headless app lays its screens out at."""


def people(session: Session[Any]) -> list[Seat]:
    """The seats people play (each from a terminal of their own)."""
    return [seat for seat, plan in enumerate(session.seats) if not plan.is_bot]


class TableKeeper(ParlourApp):
    """The app a served table's flow runs in: no lobby, no terminal, no keyboard."""

    CSS = """
    Screen > * { display: none !important; }
    """
    """Nothing on its screens is displayed: nobody sees them (every guest's seat draws its
    own), and laying them out and painting them after every move took half the server's
    time, in the loop that carries every guest's keys (``bench/serve_load.py``)."""

    def __init__(self, table: ServedTable, data_dir: Path, bot_delay: float) -> None:
        super().__init__(data_dir, bot_delay=bot_delay, dice_delay=0.0, data_dir=data_dir)
        self.table = table

    @on(events.Mount)
    def _open(self, event: events.Mount) -> None:
        event.prevent_default()  # (no lobby: the app's own first screen is not shown)
        self.push_screen(Screen())  # (the base the flow switches: see ``tui.flow``)
        self.table.opened(self)


class ServedTable:
    """One table: its name, its save, its flow's app and its host (once running)."""

    def __init__(
        self,
        name: str,
        path: Path,
        data_dir: Path,
        socket: Path,
        *,
        log: Callable[[str], None],
        clock: Callable[[], float],
        bot_delay: float,
        open_seats: bool,
    ) -> None:
        self.name = name
        self.path = path
        self.data_dir = data_dir
        self.socket = socket
        self.log = log
        """Where the table's events go (the server's log, with the table's name)."""
        self.clock = clock
        self.open_seats = open_seats
        """Anyone in the lobby may take a free seat (else only by its code)."""
        self.app = TableKeeper(self, data_dir, bot_delay)
        self.host: Host | None = None
        self.moved_at = clock()
        """When something last happened at the table (the clock's time)."""
        self._session: Session[Any] | None = None
        self._opened: Opened | None = None
        self._ready: asyncio.Future[Host] | None = None
        self._task: asyncio.Task[Any] | None = None
        self._context: contextvars.Context | None = None
        """The app's own context (its ``active_app``), taken as it opened: each guest's
        connection is served in a copy of it."""
        self._changes = -1

    async def run(self, session: Session[Any], opened: Opened | None) -> Host:
        """Start the table's app (a new game, or a saved one ``opened``); its host, once
        the game shows. A table that cannot start raises what stopped it."""
        self._session, self._opened = session, opened
        loop = asyncio.get_running_loop()
        self._ready = loop.create_future()
        self._task = loop.create_task(self.app.run_async(headless=True, size=SIZE))
        self._task.add_done_callback(self._ended)
        return await self._ready

    def opened(self, app: ParlourApp) -> None:
        """The app is up: the flow starts with every person's seat joined, and begins."""
        assert self._session is not None and self._ready is not None
        self._context = contextvars.copy_context()
        session, opened = self._session, self._opened
        joined = people(session)
        app.start_flow(
            session, self.path, fresh=opened is None, opened=opened,
            joined=frozenset(joined), begin=False,
        )  # fmt: skip
        flow = app.flow
        assert flow is not None
        keep = keeper(self.data_dir, self.path)
        seating = None if opened is None else kept_seating(self.data_dir, self.path, joined)
        if seating is None:
            seating = Seating.deal(joined)
        keep(seating)
        host = Host(
            flow, seating, self.socket, log=self.log, fail=app.fail_with, keep=keep, served=True
        )
        flow.seating.closers.append(host.close)
        flow.watchers.append(self._changed)
        self.host = host
        host.begin()
        if not self._ready.done():
            self._ready.set_result(host)

    async def admit(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        first: wire.Join,
        entry: Entry,
    ) -> None:
        """Serve a connection the server let in (``Host.admit``) in the table's app: a
        move it makes runs where the app's own work does, so the screens it brings (the
        end of the game) and the timers it starts (a bot's) are the app's."""
        host, context = self.host, self._context
        assert host is not None and context is not None
        loop = asyncio.get_running_loop()
        await loop.create_task(host.admit(reader, writer, first, entry), context=context.copy())

    def _changed(self) -> None:
        host = self.host
        if host is not None and host.table.changes != self._changes:
            self._changes = host.table.changes
            self.moved_at = self.clock()

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """The table's app ended (stopped by the server, or on an error)."""
        error = None if task.cancelled() else task.exception()
        error = error or getattr(self.app, "_exception", None)
        if self.host is not None:
            self.host.close()
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(error or RuntimeError("the table stopped as it started"))

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def stop(self, reason: str = "") -> None:
        """End the table's app: every terminal is told (``reason``, or that the parlour
        stopped the table for now), the save's lock is let go."""
        if self.host is not None:
            self.host.close(reason)
        task = self._task
        if task is None or task.done():
            return
        self.app.exit()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await task

    # --- what the lobby shows ------------------------------------------------------------

    @property
    def session(self) -> Session[Any] | None:
        flow = self.app.flow
        return None if flow is None else flow.session

    @property
    def over(self) -> bool:
        session = self.session
        return session is not None and session.prompt is None

    def free_seats(self) -> list[Seat]:
        """The people's seats nobody has joined yet."""
        host, session = self.host, self.session
        if host is None or session is None:
            return []
        return [seat for seat in people(session) if not host.seating.claimed(seat)]

    def row(self) -> wire.TableRow:
        session, host = self.session, self.host
        assert session is not None and host is not None
        names = tuple(plan.name for plan in session.seats)
        return wire.TableRow(
            table=self.name,
            game=session.game.id,
            title=session.game.title,
            names=names,
            free=tuple(names[seat] for seat in self.free_seats()),
            here=len(host.joined_now()),
            quiet=max(0, int(self.clock() - self.moved_at)),
            over=self.over,
            open=self.open_seats,
        )
