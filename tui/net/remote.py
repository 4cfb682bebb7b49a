"""A joined seat's side of the wire: the table port over a socket (``RemoteTable``).

The screens of a joined terminal are the hotseat screens; they talk to this
table as to any other. It holds the last snapshot the host sent (this seat's
view, the public view, the prompt, the seats) and sends actions with the number
of the snapshot they answer. The host's refusal comes back a moment later, so
``act`` answers None and the refusal is shown when it arrives (``on_refused``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules import registry
from rules.convert import CONVERTER, action_union
from rules.engine import GameInfo, Prompt, Seat
from rules.take_back import NOT_YOUR_MOVE
from tui.net import wire
from tui.pin_guard import PinDoor, PinGuard
from tui.port import Coaching, Demo, HandOver, SeatInfo

NOT_CONNECTED = "Not connected to the host: your move was not sent."


class RemoteTable:
    """The table port of one joined seat (``seat`` None: a spectator)."""

    def __init__(self, welcome: wire.Welcome, snapshot: wire.Snapshot) -> None:
        self.seat = welcome.seat
        self.served = welcome.served
        """A server's table (``parlour serve``): no host's keyboard to ask."""
        self.game_info = registry.get(welcome.game)
        self._union = action_union(self.game_info.action_types)
        self.snapshot = snapshot
        self.send_line: Callable[[bytes], None] | None = None
        """Writes a line to the host (None: not connected)."""
        self._pins = PinGuard()

    def update(self, snapshot: wire.Snapshot) -> None:
        self.snapshot = snapshot

    # --- the port ----------------------------------------------------------------

    @property
    def game(self) -> GameInfo[Any, Any]:
        return self.game_info

    @property
    def demo(self) -> Demo | None:
        return None

    @property
    def coach(self) -> Coaching | None:
        return None  # (a coached game is played at one keyboard)

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return tuple(
            SeatInfo(line.name, line.bot, False, elsewhere=seat != self.seat, away=line.away)
            for seat, line in enumerate(self.snapshot.seats)
        )

    @property
    def prompt(self) -> Prompt | None:
        prompt: Prompt | None = self.snapshot.prompt.data
        return prompt

    def view(self, seat: Seat | None) -> Any:
        """This seat's view; any other seat's question gets the public view (a joined
        terminal knows nothing more)."""
        if seat is not None and seat == self.seat:
            return self.snapshot.view.data
        return self.snapshot.public.data

    def act(self, action: Any) -> str | None:
        if self.send_line is None:
            return NOT_CONNECTED
        data = CONVERTER.unstructure(action, unstructure_as=self._union)
        self.send_line(wire.encode(wire.Act(self.snapshot.seq, data)))
        return None

    def check(self, action: Any) -> str | None:
        return None  # the host checks every move as it arrives, and says why it refuses

    def confirm(self, action: Any) -> str | None:
        from tui.games import game_ui

        return game_ui(self.game_info.id).confirm(action, self.view(None), self.seats)

    @property
    def own_terminal(self) -> bool:
        return self.seat is not None  # (a watcher's terminal is nobody's)

    def at_the_door(self) -> tuple[str, ...]:
        return self.snapshot.door

    def tavern_code(self) -> str:
        return ""

    def take_back_refusal(self) -> str | None:
        if not self.snapshot.mine_last:
            return NOT_YOUR_MOVE
        return self.snapshot.take_back or None

    def take_back(self) -> str | None:
        """Ask the host to take this seat's last move back (its refusal comes later)."""
        if self.send_line is None:
            return NOT_CONNECTED
        refusal = self.take_back_refusal()
        if refusal is None:
            self.send_line(wire.encode(wire.TakeBack(self.snapshot.seq)))
        return refusal

    def last_mover(self) -> Seat | None:
        return self.seat if self.snapshot.mine_last else None

    def handing_over(self) -> HandOver | None:
        return None  # nobody passes this keyboard on

    def hand_over(self) -> None:
        return None

    def pin_door(self, seat: Seat) -> PinDoor:
        return self._pins.door(f"seat {seat}", lambda pin: True)  # (no PIN here: the code is)

    def unread(self, seat: Seat) -> tuple[str, ...]:
        if seat != self.seat:
            return ()
        notes: tuple[str, ...] = self.snapshot.view.data.notes
        return notes[self.snapshot.notes_read :]

    def mark_read(self, seat: Seat) -> None:
        if seat != self.seat or self.send_line is None:
            return
        count = len(self.snapshot.view.data.notes)
        self.snapshot = _read_to(self.snapshot, count)
        self.send_line(wire.encode(wire.Read(count)))


def _read_to(snapshot: wire.Snapshot, count: int) -> wire.Snapshot:
    from attrs import evolve

    return evolve(snapshot, notes_read=count)


class Connection:
    """A client's connection: join with a code, then read the host's messages."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(
        cls, path: Path, host_user: int | None = None, first: wire.Message | None = None
    ) -> Connection:
        """Connect to the host at ``path``, only once it is known to run as ``host_user``
        (a uid; None: this user): ``tui.net.trust.HostNotTrusted``, whose message is the
        sentence, before anything is sent otherwise. ``first`` is said as soon as the
        host is trusted, before this terminal waits on anything: the host gives a new
        connection a few seconds for its first line, and a terminal among many in a busy
        seat house may wait longer than that for its next turn."""
        from tui.net.trust import connect_to_host

        connected = await connect_to_host(path, host_user)
        if first is not None:
            try:  # (goes out at once while the socket has room, as it has when new)
                await asyncio.get_running_loop().sock_sendall(connected, wire.encode(first))
            except OSError:
                connected.close()
                raise
        reader, writer = await asyncio.open_unix_connection(sock=connected, limit=wire.LINE_LIMIT)
        return cls(reader, writer)

    def send(self, line: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(line)

    async def receive(self) -> wire.Message | None:
        """The next message from the host; None when it has gone."""
        try:
            line = await self.reader.readline()
        except (ConnectionError, OSError, ValueError, asyncio.LimitOverrunError):
            return None
        if not line:
            return None
        return wire.decode(line)

    def close(self) -> None:
        self.writer.close()
