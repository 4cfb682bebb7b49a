"""Hosted games for the tests: a host app with its socket, and clients on the wire.

``hosting`` starts a host (the real app, under Pilot) on a socket in a test's
folder. ``WireClient`` is a client without a screen: it joins with a code, keeps
every byte the host sent it, and (with ``play``) lets its seat's bot choose
from the view it received, so a whole game runs over the real socket. Nothing
here waits on the clock: each wait is for a condition (a message, the socket).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from rules.convert import CONVERTER, action_union
from rules.engine import Seat
from rules.session import Session
from tests.tui_helpers import settle
from tui.flow_joined import JoinedSeats
from tui.net import wire
from tui.net.door_seat import HOUSE
from tui.net.host import Host
from tui.net.hosting import start_hosting
from tui.port import SessionTable

YIELDS = 100_000
"""More loop turns than any wait here takes (a bound, not a clock)."""


async def until(condition: Any, pilot: Any = None) -> None:
    """Let the loop run until ``condition()`` holds (each turn lets the app work too)."""
    for _ in range(YIELDS):
        if condition():
            return
        if pilot is not None:
            await settle(pilot)
        else:
            await asyncio.sleep(0)
    raise AssertionError("the condition never came")


def with_bots(session: Session[Any], people: int) -> Session[Any]:
    """``session`` with its first ``people`` seats people and the rest bots."""
    from attrs import evolve

    from rules.session import BOT

    seats = tuple(
        seat if number < people else evolve(seat, kind=BOT)
        for number, seat in enumerate(session.seats)
    )
    return evolve(session, seats=seats)


def island(seed: int, people: int = 3) -> Session[Any]:
    """A Temptation Island game whose first ``people`` seats are people, the rest bots."""
    from tests.screen_sweep import Table

    return with_bots(Table("island", 3, (), "default").session(seed, pins=False), people)


async def hosting(
    pilot: Any, session: Session[Any], folder: Path, joined: list[Seat], **kwargs: Any
) -> Host:
    """Host ``session`` from the app under ``pilot``, listening once this returns."""
    socket = folder / "sockets" / "table.sock"
    host = start_hosting(pilot.app, session, folder / "game.json", joined, socket, **kwargs)
    await until(lambda: host._server is not None, pilot)
    return host


class WireClient:
    """One terminal on the wire, without a screen."""

    def __init__(self, socket: Path) -> None:
        self.socket = socket
        self.received: list[bytes] = []
        """Every line the host sent, as it came."""
        self.snapshots: list[wire.Snapshot] = []
        self.refusals: list[str] = []
        self.welcome: wire.Welcome | None = None
        self.ended: str | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def connect(self) -> None:
        self._reader, self._writer = await asyncio.open_unix_connection(
            str(self.socket), limit=wire.LINE_LIMIT
        )

    def send(self, message: wire.Message) -> None:
        assert self._writer is not None
        self._writer.write(wire.encode(message))

    def send_raw(self, line: bytes) -> None:
        assert self._writer is not None
        self._writer.write(line)

    async def join(self, code: str = "", watch: bool = False) -> wire.Message | None:
        await self.connect()
        self.send(wire.Join(wire.PROTOCOL, code, watch))
        first = await self.receive()
        if isinstance(first, wire.Welcome):
            self.welcome = first
            await self.receive()  # its first snapshot
        return first

    async def receive(self) -> wire.Message | None:
        assert self._reader is not None
        line = await self._reader.readline()
        if not line:
            self.ended = self.ended or "closed"
            return None
        self.received.append(line)
        message = wire.decode(line)
        if isinstance(message, wire.Snapshot):
            self.snapshots.append(message)
        elif isinstance(message, wire.Refused):
            self.refusals.append(message.reason)
        elif isinstance(message, wire.Goodbye):
            self.ended = message.reason
        return message

    @property
    def snapshot(self) -> wire.Snapshot:
        return self.snapshots[-1]

    @property
    def seat(self) -> Seat | None:
        return None if self.welcome is None else self.welcome.seat

    def act(self, action: Any, seq: int | None = None) -> None:
        """Send ``action`` (as the game's tagged union) on snapshot ``seq`` (the last)."""
        assert self.welcome is not None
        from rules import registry

        union = action_union(registry.get(self.welcome.game).action_types)
        data = CONVERTER.unstructure(action, unstructure_as=union)
        self.send(wire.Act(self.snapshot.seq if seq is None else seq, data))

    async def play(self, bot: Any) -> None:
        """Let ``bot`` choose for this seat whenever the last snapshot asks it, until the
        game ends or the host goes."""
        while True:
            snapshot = self.snapshot
            prompt = snapshot.prompt.data
            if prompt is None:
                return
            view = snapshot.view.data
            if prompt.seats[0] == self.seat:  # (the seat asked first, as the bots' games go)
                self.act(bot.choose(view))
            while True:
                message = await self.receive()
                if message is None or isinstance(message, wire.Goodbye):
                    return
                if isinstance(message, wire.Snapshot):
                    break

    async def catch_up(self, seq: int) -> None:
        """Read until the snapshot numbered ``seq`` (the host's latest) has come."""
        while self.snapshot.seq < seq:
            if await self.receive() is None:
                return

    async def watch(self) -> None:
        """Read what the host sends until the game is over or the host goes."""
        while self.snapshot.prompt.data is not None:
            if await self.receive() is None:
                return

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()


def wire_strings(line: bytes) -> str:
    """A line as sent, and every text inside it as JSON carries it, for scanning."""
    found: list[str] = [line.decode("utf-8", "replace")]
    stack = [json.loads(line)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
    return "\n".join(found)


class HeadlessTable:
    """A hosted table without a screen (for tests and benches of the host alone): the
    session (``SessionTable``), its joined seats (``JoinedSeats``), and the watchers the
    host listens with, told after every change."""

    def __init__(self, session: Session[Any], joined: frozenset[Seat]) -> None:
        self.table = SessionTable(session, changed=self.advance)
        self.seating = JoinedSeats(self.table, joined, redraw=lambda: None)
        self.watchers = self.seating.watchers
        self.notes_seen = self.table.notes_seen
        self.set_away = self.seating.set_away
        self.set_door, self.join_seat = self.seating.set_door, self.seating.join_seat
        self.set_tavern = self.seating.set_tavern
        self.view, self.check, self.act = self.table.view, self.table.check, self.table.act
        self.mark_read, self.last_mover = self.table.mark_read, self.table.last_mover
        self.take_back, self.take_back_refusal = self.table.take_back, self.table.take_back_refusal

    @property
    def session(self) -> Session[Any]:
        return self.table.session

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def seats(self) -> Any:
        return self.seating.seats

    @property
    def prompt(self) -> Any:
        return self.table.prompt

    @property
    def changes(self) -> int:
        return self.table.changes

    def advance(self) -> None:
        self.seating.tell_watchers()


async def headless_host(session: Session[Any], folder: Path, **kwargs: Any) -> Host:
    """A started host of ``session`` (every person's seat joined), listening at
    ``folder``/table.sock, with no screen and no waits for wrong codes."""
    from tui.net.seating import Seating

    people = [s for s, plan in enumerate(session.seats) if not plan.is_bot]
    host = Host(HeadlessTable(session, frozenset(people)), Seating.deal(people),
                folder / "table.sock", **kwargs)

    async def no_wait(seconds: float) -> None:
        return None

    host.pacing.sleep = no_wait
    await host.start()
    host.begin()
    return host


def spied_spawns(spawner: Any, monkeypatch: Any) -> list[tuple[list[str], dict[str, str]]]:
    """What a door asks for each seat (its arguments and environment), kept as the
    seats start: a seat forked by the zygote, or one in a seat house (the houses
    themselves are not seats)."""
    asked: list[tuple[list[str], dict[str, str]]] = []
    for name in ("spawn", "spawn_housed"):
        monkeypatch.setattr(spawner, name, _spy(getattr(spawner, name), asked))
    return asked


def _spy(spawn: Any, asked: list[tuple[list[str], dict[str, str]]]) -> Any:
    async def spawning(arguments: list[str], environment: dict[str, str], *rest: Any,
                       **named: Any) -> Any:  # fmt: skip
        if arguments != [HOUSE]:
            asked.append((arguments, environment))
        return await spawn(arguments, environment, *rest, **named)

    return spawning


def gone_as_if_killed(server: Any, path: Path, host: Host) -> None:
    """The process listening at ``path`` is gone, as after a kill: ``server`` no longer
    listens, its socket file is removed, and every connection to ``host`` drops."""
    server.close()
    path.unlink()
    for client in list(host.clients):
        client.abort()


def counted_waits(host: Host) -> list[float]:
    """The waits the host's pacing asks for, kept instead of waited (no clock here)."""
    waits: list[float] = []

    async def wait(seconds: float) -> None:
        waits.append(seconds)

    host.pacing.sleep = wait
    return waits
