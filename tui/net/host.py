"""The host's side of the wire: a Unix socket that seats joined terminals.

``Host`` serves one table (the hotseat flow, ``tui.flow.GameFlow``, with some
seats joined): a client says a code and gets its seat's view; after every change
each client gets a snapshot numbered ``seq`` holding its own view, the public
view, the prompt and the seats, and nothing else (never the seed, the state or
another seat's view). A client's action is checked before the table sees it: a
spectator never acts, a seat acts only as itself, and a move made on an older
snapshot is refused as stale only when the choices its seat was offered have
changed since. Every byte a client sends is hostile until checked: any line ends
in a refusal or that connection dropped, never in the host stopping. What the
host holds for a client is bounded (``tui.net.outbox``): a first line within
``FIRST_LINE_WAIT`` seconds, short lines, at most ``GREETING`` connections that
have not yet said a right code and ``WATCHERS`` watchers. A seat is claimed by
the terminal that joins it (``tui.net.seating``); wrong codes are paced per
source (``tui.net.pacing``) and logged without the code.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.convert import CONVERTER, action_union, describe_error
from rules.engine import Seat
from rules.names import name_fault, plain_name
from rules.take_back import NOT_YOUR_MOVE, actor
from tui.net import wire
from tui.net.codes import shown_code
from tui.net.guest_lines import own_account, read_line, refuse, source_of
from tui.net.hosted import Hosted
from tui.net.outbox import Outbox
from tui.net.pacing import BUSY, Pacing
from tui.net.seating import CLAIMED, WRONG_CODE, Entry, Seating
from tui.port import SeatInfo

CLIENT_LINE_LIMIT = 64 * 1024
"""The longest line the host reads from a client (a move is a few hundred bytes)."""
FIRST_LINE_WAIT = 5.0
"""Seconds a new connection has to say its first line."""
GREETING = 64
"""Connections at most that have not yet been let in (each is closed after a while)."""
GREETING_EACH = 4
"""Of those, at most this many from one other account (the host's own is not held to it:
its SSH door's children join from it, all at once)."""
WATCHERS = 32
"""Watching terminals at most."""
SEEN = 16
"""Snapshots per client whose choices are kept, to tell a stale move from a fresh one."""

SPECTATOR = "You are watching: only the seated players make moves."
STALE = "The table changed before your move arrived: look again and choose."
NOT_YOURS = "That move is not yours to make: you act for your own seat only."
TAKEN_OVER = "Your seat was joined from another terminal, so this one is closed."
FREED = "The host freed your seat for another terminal, so this one is closed."
OTHER_PROTOCOL = "This host speaks Parlour protocol {0}: use the same Parlour as the host."
NOT_UNDERSTOOD = "The host could not make sense of that move: {0}"
HOST_LEFT = "The host has ended the game."
SERVED_STOPPED = "The parlour has stopped this table for now: every move is kept."
"""What a served table's terminals are told when the server stops it (``tui.serve``)."""
PUT_AWAY = "This table has been put away: nothing happened at it for a long while."
"""What a served table's terminals are told when the server archives it."""
NOT_STARTED = "The host has not started the game yet: wait for the table to show."
CROWDED = "The host has too many terminals knocking at once: try again in a moment."
WATCHERS_FULL = "This table has as many watchers as it takes: try again later."
SAY_FIRST = "Say which seat first (a join code)."
DOOR = 4
"""Newcomers at most waiting at the tavern's door at once (each holds a connection)."""
NAME_LONGEST = 24
NAME_NEEDED = "This code is the tavern's door: say the name you would be called by."
NAME_TOO_LONG = f"A name of at most {NAME_LONGEST} characters, please."
BAD_NAME = "That name {0}: choose another."
NAME_SEATED = "{0} has a seat at this table already: choose another name."
NAME_AT_DOOR = "Someone waits at the door as {0} already: choose another name."
DOOR_FULL = "The tavern's door is crowded: try again in a moment."
AT_THE_DOOR = (
    "You are at the door of the tavern as {0}. Wait here: the table seats you on a free "
    "bench, and then your own screen shows."
)
WAIT_AT_DOOR = "You said something at the door before you were seated: knock again and wait."


@dataclass
class DoorGuest:
    """A newcomer at the tavern's door: their name, how many seats the table had when
    they came (only a seat added since may be theirs), the seat once given, and their
    connection's writer (to say goodbye if the host stops)."""

    name: str
    seats_before: int
    seated: asyncio.Future[Seat]
    writer: asyncio.StreamWriter


class Host:
    """Seats joined terminals at ``table`` through a socket at ``path``."""

    def __init__(
        self,
        table: Hosted,
        seating: Seating | dict[Seat, str],
        path: Path,
        *,
        group: str | None = None,
        log: Callable[[str], None] = lambda line: None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        fail: Callable[[Exception], None] | None = None,
        keep: Callable[[Seating], object] = lambda seating: None,
        served: bool = False,
    ) -> None:
        self.table = table
        self.served = served
        """A table of a server (``parlour serve``), not of ``parlour host``: its terminals
        are told so (``wire.Welcome.served``), to say how to come back in its words."""
        self.left = SERVED_STOPPED if served else HOST_LEFT
        """What every terminal is told when the host closes."""
        self.seating = seating if isinstance(seating, Seating) else Seating(seating)
        self.path = path
        self.group = group
        self.log = log
        """Where the host notes what happened (wrong codes, never the code)."""
        self.pacing = Pacing(sleep)
        """How wrong codes are slowed down, per source."""
        self.keep = keep
        """Writes the seating down whenever a seat is claimed or freed (a host that
        crashed and is resumed takes the same codes)."""
        self.fail = fail
        """What an unexpected error in the host's own code does (the app's crash handling:
        the host's table must not go on half-broken); None: raise it."""
        self.first_line_wait = FIRST_LINE_WAIT
        self.closed = False
        self.door: Any = None
        """The SSH door in front of this host, when one was opened (``tui.net.door``)."""
        self.web_door: Any = None
        """The browser's door, when one was opened (``tui.net.web_door``)."""
        self.seq = 0
        self.started = False
        """The host has started the game (before, joined seats look but cannot move)."""
        self.clients: list[Outbox] = []
        self.at_door: list[DoorGuest] = []
        """Newcomers waiting at the tavern's door (a table that takes walk-ins)."""
        self.knocking: dict[str, int] = {}
        """Connections not yet let in (nor refused), per source."""
        self._server: asyncio.Server | None = None
        self._sent: tuple[int, tuple[SeatInfo, ...], tuple[str, ...]] | None = None
        self._union = action_union(table.game.action_types)
        table.watchers.append(self.changed)

    @property
    def codes(self) -> dict[Seat, str]:
        """Each joined seat's join code."""
        return self.seating.codes

    # --- the socket ------------------------------------------------------------------

    async def start(self) -> None:
        """Listen at ``path``: mode 0600 (0660 with a group: for friends' accounts), in a
        folder made and then checked (``codes.make_socket_folder``: this user's, 0700 or
        0710 with the group, nobody else may change it; else SocketFolderRefused)."""
        from tui.net.codes import make_socket_folder

        make_socket_folder(self.path.parent, self.group)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        old = os.umask(0o177)  # the socket is born 0600: never open to others, even briefly
        try:
            self._server = await asyncio.start_unix_server(
                self._serve, path=str(self.path), limit=CLIENT_LINE_LIMIT
            )
        finally:
            os.umask(old)
        if self.group is not None:
            os.chown(self.path, -1, grp.getgrnam(self.group).gr_gid)
            os.chmod(self.path, 0o660)

    def begin(self) -> None:
        """Start the game: the table shows what the first moment calls for. A table that
        takes walk-ins opens its tavern's door (a code of its own, shown on the table)."""
        if getattr(self.table.view(None), "walk_ins", False) and not self.seating.tavern_code:
            self.seating.open_tavern()
            self.keep(self.seating)
        if self.seating.tavern_code:
            self.table.set_tavern(shown_code(self.seating.tavern_code))
        if not self.started:
            self.started = True
            self.log("the game started")
            self.table.advance()

    def close(self, reason: str = "") -> None:
        """Say goodbye to every client (``reason``, else ``left``) and stop listening (the
        socket file goes)."""
        self.closed = True
        self.left = reason or self.left
        goodbye = wire.encode(wire.Goodbye(self.left))
        for client in list(self.clients):
            client.goodbye(goodbye)
        self.clients.clear()
        for guest in self.at_door:
            with contextlib.suppress(Exception):
                guest.writer.write(goodbye)
            guest.seated.cancel()
        if self._server is not None:  # (a table behind a server's socket leaves it be)
            self._server.close()
            self._server = None
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def joined_now(self) -> list[Seat]:
        """The seats whose terminal is connected now."""
        return sorted({c.seat for c in self.clients if c.seat is not None and not c.closed})

    def free(self, seat: Seat) -> str:
        """Free ``seat`` for another terminal: its terminal is closed, its claim goes,
        and it gets a new join code (returned)."""
        goodbye = wire.encode(wire.Goodbye(FREED))
        for client in [c for c in self.clients if c.seat == seat]:
            client.goodbye(goodbye)
            self.clients.remove(client)
        code = self.seating.free(seat)
        self.keep(self.seating)
        self.log(f"seat {seat + 1} was freed by the host")
        self.table.set_away(seat, True)
        return code

    # --- who may come in -----------------------------------------------------------------

    async def knock(self, code: str, source: str) -> Entry:
        """What ``code`` opens for a try from ``source``: a wrong one is logged (without
        it) and answered only after that source's wait; a right one resets it."""
        if self.pacing.busy(source):
            return Entry(refusal=BUSY)
        entry = self.seating.entry(code)
        if entry.refusal == WRONG_CODE:
            count = await self.pacing.slow_down(source)
            self.log(f"a wrong join code was tried ({count} in a row from {source})")
        elif entry.refusal == CLAIMED:  # (a code read off the table: paced as a wrong one)
            count = await self.pacing.slow_down(source)
            self.log(f"the join code of a seat already joined was tried ({count} in a row "
                     f"from {source}; the seat stays)")  # fmt: skip
        else:
            self.pacing.right(source)
        return entry

    # --- snapshots ---------------------------------------------------------------------

    def changed(self) -> None:
        """The table may have changed: if it did, every client gets its new snapshot. Its
        number counts the game's moments, so a seat joining or leaving makes no move
        stale."""
        moment = (self.table.changes, self.table.seats, self._door_names())
        if moment == self._sent:
            return
        if self._sent is None or self._sent[0] != moment[0]:
            self.seq += 1  # a new moment of the game (a seat coming or going is none)
        self._sent = moment
        for client in list(self.clients):
            client.changed()
        self._seat_the_door()

    # --- the tavern's door ---------------------------------------------------------------

    def _door_refusal(self, name: str) -> str:
        """Why ``name`` (plain) may not wait at the door ('' when it may)."""
        if not name:
            return NAME_NEEDED
        if len(name) > NAME_LONGEST:
            return NAME_TOO_LONG
        fault = name_fault(name)
        if fault:
            return BAD_NAME.format(fault)
        if any(info.name.casefold() == name.casefold() for info in self.table.seats):
            return NAME_SEATED.format(name)
        if any(guest.name.casefold() == name.casefold() for guest in self.at_door):
            return NAME_AT_DOOR.format(name)
        if len(self.at_door) >= DOOR:
            return DOOR_FULL
        return ""

    async def _at_the_door(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, said: str
    ) -> Outbox | None:
        """A newcomer waits at the door until a seat added under their name is theirs
        (then they are let in to it), or they go, or the host stops. A Parlour terminal
        says nothing while it waits: any line is answered once and the door closes on
        them, so nobody at the door can make the host write or hold more."""
        name = plain_name(said)
        refusal = self._door_refusal(name)
        if refusal:
            refuse(writer, refusal)
            return None
        seated: asyncio.Future[Seat] = asyncio.get_running_loop().create_future()
        guest = DoorGuest(name, len(self.table.seats), seated, writer)
        self.at_door.append(guest)
        self._door_changed()
        self.log("a newcomer came to the tavern's door")
        writer.write(wire.encode(wire.AtTheDoor(AT_THE_DOOR.format(name))))
        reading: asyncio.Future[Any] = asyncio.ensure_future(read_line(reader))
        try:
            while not seated.done():
                await asyncio.wait({reading, seated}, return_when=asyncio.FIRST_COMPLETED)
                if reading.done() and not seated.done():
                    if reading.result() is not None:  # a newcomer says nothing at the door:
                        refuse(writer, WAIT_AT_DOOR)  # one answer, and they leave it
                    return None
        finally:
            if not reading.done():  # (its read must be over before the seat's reads begin)
                reading.cancel()
                await asyncio.wait({reading})
            self.at_door.remove(guest)
            self._door_changed()
        if seated.cancelled() or self.closed:
            return None
        seat = seated.result()
        self.table.join_seat(seat)
        return self._let_in(writer, seat)

    def _door_names(self) -> tuple[str, ...]:
        return tuple(g.name for g in self.at_door if not g.seated.done())

    def _door_changed(self) -> None:
        """Who waits at the door changed: the table and every terminal are told."""
        self.table.set_door(self._door_names())
        self.changed()

    def _seat_the_door(self) -> None:
        """A seat added since a newcomer came, under their name, is theirs."""
        if not self.at_door:
            return
        seats = self.table.seats
        given = [g.seated for g in self.at_door if g.seated.done() and not g.seated.cancelled()]
        taken = {seated.result() for seated in given}
        for guest in self.at_door:
            if guest.seated.done():
                continue
            for seat in range(guest.seats_before, len(seats)):
                info = seats[seat]
                mine = info.name == guest.name and not info.bot and not info.elsewhere
                if mine and seat not in taken and not self.seating.claimed(seat):
                    guest.seated.set_result(seat)
                    taken.add(seat)
                    break

    def _snapshot(self, client: Outbox) -> bytes:
        """``client``'s snapshot of the table as it is now (made when it is written)."""
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
        client.seen[self.seq] = getattr(mine, "choices", None)
        while len(client.seen) > SEEN:
            del client.seen[min(client.seen)]
        snapshot = wire.Snapshot(
            self.seq, *values, seats, read, mine_last, refusal, self._door_names()
        )
        return wire.encode(snapshot)

    # --- one connection ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve_one(reader, writer)
        except Exception as exc:
            if self.fail is None:
                raise
            self.fail(exc)

    async def admit(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        first: wire.Join,
        entry: Entry,
    ) -> None:
        """Serve a connection let in by a server in front of many tables
        (``tui.serve.parlour``): it read the first line, ``first``, and found (and paced)
        what its code opens here, ``entry``."""
        try:
            await self._converse(reader, writer, self._admit(reader, writer, first, entry))
        except Exception as exc:
            if self.fail is None:
                raise
            self.fail(exc)

    async def _serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        source = source_of(writer)
        if self._crowded(source):
            refuse(writer, CROWDED)
            return
        self.knocking[source] = self.knocking.get(source, 0) + 1
        await self._converse(reader, writer, self._counted(source, reader, writer))

    async def _counted(
        self, source: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> Outbox | None:
        """The welcome, while ``source`` is counted among those knocking."""
        try:
            return await self._welcome(reader, writer, source)
        finally:
            self.knocking[source] -= 1
            if not self.knocking[source]:
                del self.knocking[source]

    async def _converse(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        welcome: Awaitable[Outbox | None],
    ) -> None:
        """Once ``welcome`` lets the connection in, hand each line it sends to the table
        until it ends."""
        client: Outbox | None = None
        try:
            client = await welcome
            if client is None:
                return
            while not client.closed:
                message = await read_line(reader)
                if message is None:
                    break
                if isinstance(message, str):
                    client.send(wire.encode(wire.Refused(message)))
                    continue
                self._handle(client, message)
        finally:
            task = asyncio.current_task()
            if client is not None and not (task is not None and task.cancelling()):
                self._leave(client)  # (not while the app closes: it cancels the handlers)
            with contextlib.suppress(Exception):
                writer.close()

    @property
    def greeting(self) -> int:
        """Connections not yet let in (nor refused)."""
        return sum(self.knocking.values())

    def _crowded(self, source: str) -> bool:
        if self.greeting >= GREETING:
            return True
        return not own_account(source) and self.knocking.get(source, 0) >= GREETING_EACH

    async def _welcome(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, source: str
    ) -> Outbox | None:
        try:
            first = await asyncio.wait_for(read_line(reader), self.first_line_wait)
        except TimeoutError:
            writer.transport.abort()  # (said nothing in time: not a Parlour terminal)
            return None
        if first is None:  # (closed, or a line over the limit: not a Parlour terminal)
            writer.transport.abort()
            return None
        if not isinstance(first, wire.Join):
            refuse(writer, first if isinstance(first, str) else SAY_FIRST)
            return None
        if first.protocol != wire.PROTOCOL:
            refuse(writer, OTHER_PROTOCOL.format(wire.PROTOCOL))
            return None
        if first.watch and not first.code:
            entry = Entry(watch=True)  # (the socket is open to the host's own account or group)
        else:
            entry = await self.knock(first.code, source)
        return await self._admit(reader, writer, first, entry)

    async def _admit(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        first: wire.Join,
        entry: Entry,
    ) -> Outbox | None:
        """Let in what ``entry`` opens (a seat, watching, the tavern's door), or refuse."""
        if entry.refusal or self.closed:
            refuse(writer, entry.refusal or self.left)
            return None
        if entry.tavern:
            return await self._at_the_door(reader, writer, first.name)
        seat = None if first.watch or entry.watch else entry.seat
        if seat is None and sum(c.seat is None for c in self.clients) >= WATCHERS:
            refuse(writer, WATCHERS_FULL)
            return None
        return self._let_in(writer, seat)

    def _let_in(self, writer: asyncio.StreamWriter, seat: Seat | None) -> Outbox:
        token = ""
        if seat is not None:
            claimed = self.seating.claimed(seat)
            token = self.seating.claim(seat)
            if not claimed:
                self.keep(self.seating)
            taken_over = wire.encode(wire.Goodbye(TAKEN_OVER))
            for older in [c for c in self.clients if c.seat == seat]:
                older.goodbye(taken_over)
                self.clients.remove(older)
            self.log(f"seat {seat + 1} joined")
        client = Outbox(writer, seat, self._snapshot)
        self.clients.append(client)
        welcome = wire.Welcome(wire.PROTOCOL, seat, self.table.game.id, token, self.served)
        client.send(wire.encode(welcome))
        sent = self._sent
        if seat is not None:
            self.table.set_away(seat, False)  # (the others see the seat back)
        self.changed()
        if self._sent == sent:  # nothing new for the others: the newcomer's first snapshot
            client.changed()
        return client

    def _leave(self, client: Outbox) -> None:
        client.close()
        if client in self.clients and not self.closed:
            self.clients.remove(client)
            if client.seat is not None and all(c.seat != client.seat for c in self.clients):
                self.log(f"seat {client.seat + 1} left")
                self.table.set_away(client.seat, True)

    def _handle(self, client: Outbox, message: wire.Message) -> None:
        seat = client.seat
        if isinstance(message, wire.Read):
            if seat is not None and message.notes == len(self.table.view(seat).notes):
                self.table.mark_read(seat)
            return
        if isinstance(message, wire.TakeBack):
            refusal = self._take_back(seat, message.seq)
        elif isinstance(message, wire.Act):
            refusal = self._refusal(client, message)
        else:
            refusal = "The host expects moves from a joined seat."
        if refusal is not None:
            client.send(wire.encode(wire.Refused(refusal)))

    def _take_back(self, seat: Seat | None, seq: int) -> str | None:
        if seat is None:
            return SPECTATOR
        if seq != self.seq:
            return STALE
        if self.table.last_mover() != seat:
            return NOT_YOUR_MOVE
        return self.table.take_back()

    def _fresh(self, client: Outbox, seq: int) -> bool:
        """Whether a move made on snapshot ``seq`` still means what it meant: the
        snapshot is the latest, or the seat's choices are the same as then."""
        if seq == self.seq:
            return True
        if client.seat is None or seq not in client.seen:
            return False
        return bool(client.seen[seq] == self.table.view(client.seat).choices)

    def _refusal(self, client: Outbox, message: wire.Act) -> str | None:
        seat = client.seat
        if seat is None:
            return SPECTATOR
        if not self.started:
            return NOT_STARTED
        if not self._fresh(client, message.seq):
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
