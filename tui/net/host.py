"""The host's side of the wire: a Unix socket that seats joined terminals.

``Host`` serves one table (the hotseat flow, ``tui.flow.GameFlow``, with some
seats joined): a client says a join code and gets its seat's view; after every
change each client gets a snapshot numbered ``seq`` holding its own view, the
public view, the prompt and the seats, and nothing else (never the seed, the
state or another seat's view). A client's action is checked before the table
sees it: a spectator never acts, a seat acts only as itself, and only on the
snapshot it was sent (a stale one is refused). Wrong codes are slowed down and
logged without the code. The newest connection for a seat wins.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

from rules.convert import CONVERTER, action_union, describe_error
from rules.engine import GameInfo, Prompt, Seat
from rules.take_back import actor
from tui.net import wire
from tui.net.codes import seat_of
from tui.port import SeatInfo

FIRST_WAIT = 1.0
"""Seconds a wrong code waits before its refusal; doubled for each further one."""
LONGEST_WAIT = 30.0
BACKLOG = 16 * 1024 * 1024
"""Bytes a client may leave unread before the host lets it go (it rejoins afresh)."""

SPECTATOR = "You are watching: only the seated players make moves."
STALE = "The table changed before your move arrived: look again and choose."
NOT_YOURS = "That move is not yours to make: you act for your own seat only."
NOT_YOUR_MOVE = "Only your own last move can be taken back, and the last move was not yours."
WRONG_CODE = "That code opens no seat at this table. Check it with the host."
TAKEN_OVER = "Your seat was joined from another terminal, so this one is closed."
OTHER_PROTOCOL = "This host speaks Parlour protocol {0}: use the same Parlour as the host."
NOT_UNDERSTOOD = "The host could not make sense of that move: {0}"
HOST_LEFT = "The host has ended the game."
NOT_STARTED = "The host has not started the game yet: wait for the table to show."


class Hosted(Protocol):
    """What the host serves: the table port, plus who is connected."""

    @property
    def game(self) -> GameInfo[Any, Any]: ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def prompt(self) -> Prompt | None: ...

    @property
    def changes(self) -> int: ...

    notes_seen: dict[Seat, int]
    watchers: list[Callable[[], None]]

    def view(self, seat: Seat | None) -> Any: ...

    def check(self, action: Any) -> str | None: ...

    def act(self, action: Any) -> str | None: ...

    def mark_read(self, seat: Seat) -> None: ...

    def last_mover(self) -> Seat | None: ...

    def take_back_refusal(self) -> str | None: ...

    def take_back(self) -> str | None: ...

    def set_away(self, seat: Seat, away: bool) -> None: ...

    def advance(self) -> None: ...


class Client:
    """One connected terminal: its seat (None: a spectator)."""

    def __init__(self, writer: asyncio.StreamWriter, seat: Seat | None) -> None:
        self.writer = writer
        self.seat = seat
        self.closed = False

    def send(self, message: wire.Message) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > BACKLOG:
            self.close()
            return
        self.writer.write(wire.encode(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Host:
    """Seats joined terminals at ``table`` through a socket at ``path``."""

    def __init__(
        self,
        table: Hosted,
        codes: dict[Seat, str],
        path: Path,
        *,
        group: str | None = None,
        log: Callable[[str], None] = lambda line: None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        fail: Callable[[Exception], None] | None = None,
    ) -> None:
        self.table = table
        self.codes = codes
        self.path = path
        self.group = group
        self.log = log
        """Where the host notes what happened (wrong codes, never the code)."""
        self.sleep = sleep
        """How a wrong code waits (tests hand in their own)."""
        self.fail = fail
        """What an unexpected error in the host's own code does (the app's crash handling:
        the host's table must not go on half-broken); None: raise it."""
        self.closed = False
        self.door: Any = None
        """The SSH door in front of this host, when one was opened (``tui.net.door``)."""
        self.seq = 0
        self.started = False
        """The host has started the game (before, joined seats look but cannot move)."""
        self.clients: list[Client] = []
        self.wrong_codes = 0
        self._server: asyncio.Server | None = None
        self._sent: tuple[int, tuple[SeatInfo, ...]] | None = None
        self._union = action_union(table.game.action_types)
        table.watchers.append(self.changed)

    # --- the socket ------------------------------------------------------------------

    async def start(self) -> None:
        """Listen at ``path``: mode 0600 (0660 with a group: for friends' accounts)."""
        folder = self.path.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.group is not None:
            gid = grp.getgrnam(self.group).gr_gid
            os.chown(folder, -1, gid)
            os.chmod(folder, 0o710)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        old = os.umask(0o177)  # the socket is born 0600: never open to others, even briefly
        try:
            self._server = await asyncio.start_unix_server(
                self._serve, path=str(self.path), limit=wire.LINE_LIMIT
            )
        finally:
            os.umask(old)
        if self.group is not None:
            os.chown(self.path, -1, grp.getgrnam(self.group).gr_gid)
            os.chmod(self.path, 0o660)

    def begin(self) -> None:
        """Start the game: the table shows what the first moment calls for."""
        if not self.started:
            self.started = True
            self.log("the game started")
            self.table.advance()

    def close(self) -> None:
        """Say goodbye to every client and stop listening (the socket file goes)."""
        self.closed = True
        for client in list(self.clients):
            client.send(wire.Goodbye(HOST_LEFT))
            client.close()
        self.clients.clear()
        if self._server is not None:
            self._server.close()
            self._server = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    # --- snapshots ---------------------------------------------------------------------

    def changed(self) -> None:
        """The table may have changed: if it did, every client gets its new snapshot. Its
        number counts the game's moments, so a seat joining or leaving makes no move
        stale."""
        moment = (self.table.changes, self.table.seats)
        if moment == self._sent:
            return
        if self._sent is None or self._sent[0] != moment[0]:
            self.seq += 1  # a new moment of the game (a seat coming or going is none)
        self._sent = moment
        for client in list(self.clients):
            self._send_snapshot(client)

    def _send_snapshot(self, client: Client) -> None:
        table, seat = self.table, client.seat
        public = table.view(None)
        mine = public if seat is None else table.view(seat)
        seats = tuple(
            wire.SeatLine(info.name, info.bot, info.elsewhere, info.away) for info in table.seats
        )
        read = 0 if seat is None else table.notes_seen.get(seat, 0)
        values = wire.Value(mine), wire.Value(public), wire.Value(table.prompt)
        mine_last = seat is not None and table.last_mover() == seat
        refusal = (table.take_back_refusal() or "") if mine_last else ""
        client.send(wire.Snapshot(self.seq, *values, seats, read, mine_last, refusal))

    # --- one connection ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve_one(reader, writer)
        except Exception as exc:
            if self.fail is None:
                raise
            self.fail(exc)

    async def _serve_one(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        client: Client | None = None
        try:
            client = await self._welcome(reader, writer)
            if client is None:
                return
            while not client.closed:
                message = await _read(reader)
                if message is None:
                    break
                if isinstance(message, str):
                    client.send(wire.Refused(message))
                    continue
                self._handle(client, message)
        finally:
            task = asyncio.current_task()
            if client is not None and not (task is not None and task.cancelling()):
                self._leave(client)  # (not while the app closes: it cancels the handlers)
            with contextlib.suppress(Exception):
                writer.close()

    async def _welcome(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> Client | None:
        first = await _read(reader)
        if not isinstance(first, wire.Join):
            refusal = first if isinstance(first, str) else "Say which seat first (a join code)."
            writer.write(wire.encode(wire.Refused(refusal)))
            return None
        if first.protocol != wire.PROTOCOL:
            writer.write(wire.encode(wire.Refused(OTHER_PROTOCOL.format(wire.PROTOCOL))))
            return None
        seat = None if first.watch else await self.seat_for(first.code)
        if seat is None and not first.watch:
            writer.write(wire.encode(wire.Refused(WRONG_CODE)))
            return None
        client = Client(writer, seat)
        if seat is not None:
            for older in [c for c in self.clients if c.seat == seat]:
                older.send(wire.Goodbye(TAKEN_OVER))
                older.close()
                self.clients.remove(older)
            self.log(f"seat {seat + 1} joined")
        self.clients.append(client)
        client.send(wire.Welcome(wire.PROTOCOL, seat, self.table.game.id))
        sent = self._sent
        if seat is not None:
            self.table.set_away(seat, False)  # (the others see the seat back)
        self.changed()
        if self._sent == sent:  # nothing new for the others: the newcomer's first snapshot
            self._send_snapshot(client)
        return client

    async def seat_for(self, code: str) -> Seat | None:
        """The seat ``code`` opens; a wrong code is logged (without it) and answered
        only after a wait that doubles with each wrong code (None)."""
        seat = seat_of(self.codes, code)
        if seat is None:
            self.wrong_codes += 1
            self.log(f"a wrong join code was tried ({self.wrong_codes} so far)")
            await self.sleep(min(LONGEST_WAIT, FIRST_WAIT * 2 ** (self.wrong_codes - 1)))
        return seat

    def _leave(self, client: Client) -> None:
        client.close()
        if client in self.clients and not self.closed:
            self.clients.remove(client)
            if client.seat is not None and all(c.seat != client.seat for c in self.clients):
                self.log(f"seat {client.seat + 1} left")
                self.table.set_away(client.seat, True)

    def _handle(self, client: Client, message: wire.Message) -> None:
        seat = client.seat
        if isinstance(message, wire.Read):
            if seat is not None and message.notes == len(self.table.view(seat).notes):
                self.table.mark_read(seat)
            return
        if isinstance(message, wire.TakeBack):
            refusal = self._take_back(seat, message.seq)
        elif isinstance(message, wire.Act):
            refusal = self._refusal(seat, message)
        else:
            refusal = "The host expects moves from a joined seat."
        if refusal is not None:
            client.send(wire.Refused(refusal))

    def _take_back(self, seat: Seat | None, seq: int) -> str | None:
        if seat is None:
            return SPECTATOR
        if seq != self.seq:
            return STALE
        if self.table.last_mover() != seat:
            return NOT_YOUR_MOVE
        return self.table.take_back()

    def _refusal(self, seat: Seat | None, message: wire.Act) -> str | None:
        if seat is None:
            return SPECTATOR
        if not self.started:
            return NOT_STARTED
        if message.seq != self.seq:
            return STALE
        try:
            action = CONVERTER.structure(message.action, self._union)
        except Exception as exc:  # noqa: BLE001 (any fault in the move is a refusal)
            return NOT_UNDERSTOOD.format(describe_error(exc))
        if actor(action) != seat:
            return NOT_YOURS
        try:
            refusal = self.table.check(action)
        except Exception:  # noqa: BLE001 (the rules tripped on it: not a move they know)
            return NOT_UNDERSTOOD.format("the rules cannot apply it")
        return refusal or self.table.act(action)


async def _read(reader: asyncio.StreamReader) -> wire.Message | str | None:
    """The next message; a sentence for a line that is not one; None at the end."""
    try:
        line = await reader.readline()
    except (ValueError, asyncio.LimitOverrunError):
        return None  # a line over the limit: this connection is not a Parlour client
    except (ConnectionError, OSError):
        return None
    if not line:
        return None
    try:
        return wire.decode(line)
    except wire.WireError as exc:
        return f"The host could not read that: {exc}"
