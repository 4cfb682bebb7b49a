"""Friends at the SSH door, for the tests: a real asyncssh client and its screen.

``connect`` answers the door's keyboard-interactive questions with the codes given,
one per question (the last one again), and keeps each question's instructions.
``Screen`` is the friend's terminal: every byte it received, through a VT100
emulator. Nothing here waits on the clock: each wait is for bytes or an end.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
import pyte

from tests.net_helpers import hosting, island, until
from tests.pty_support import SYNC_QUERY, SYNC_REPLY
from tui.net.host import Host

ANN = 0


class Friend(asyncssh.SSHClient):
    """Answers the door's questions with ``codes`` in turn, noting what each said."""

    def __init__(self, *codes: str) -> None:
        self.codes = list(codes)
        self.instructions: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Any
    ) -> list[str]:
        self.instructions.append(instructions)
        code = self.codes.pop(0) if len(self.codes) > 1 else self.codes[0]
        return [code for _ in prompts]


class Screen(asyncssh.SSHClientSession[bytes]):
    """What the friend's terminal shows: every byte, through a VT100 emulator."""

    def __init__(self, cols: int = 100, rows: int = 30) -> None:
        self.received = b""
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.arrived = asyncio.Event()
        self.closed = asyncio.Event()
        self.channel: Any = None

    def connection_made(self, chan: Any) -> None:
        self.channel = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        if SYNC_QUERY in data:
            self.channel.write(SYNC_REPLY)
        self.received += data
        self.stream.feed(data)
        self.arrived.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.arrived.set()  # (a wait for more bytes ends too)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def shows(self, words: str) -> None:
        while words not in self.text():
            assert not self.closed.is_set(), self.text()
            self.arrived.clear()
            await self.arrived.wait()

    async def ends(self) -> int | None:
        """Wait for the channel to close; the exit status it sent."""
        await self.closed.wait()
        return self.channel.get_exit_status()  # type: ignore[no-any-return]


async def door(pilot: Any, folder: Any, joined: tuple[int, ...] = (ANN,)) -> Host:
    """A host of a Temptation Island game with an SSH door on a free loopback port."""
    loopback = {"ssh_port": 0, "ssh_address": "127.0.0.1"}
    host = await hosting(pilot, island(5, people=1), folder, list(joined), **loopback)
    await until(lambda: host.door is not None and host.door._server is not None, pilot)
    return host


async def connect(port: int, *codes: str) -> tuple[Any, Friend]:
    """A friend's connection to the door, let in with one of ``codes``."""
    friend = Friend(*codes)
    return await connect_as(port, friend), friend


async def connect_as(port: int, friend: Friend) -> Any:
    """``friend``'s connection to the door."""
    connection, _ = await asyncssh.create_connection(
        lambda: friend,
        "127.0.0.1",
        port,
        username="party",
        known_hosts=None,
        client_keys=None,
        preferred_auth="keyboard-interactive",
    )
    return connection


async def open_screen(
    connection: Any, term: str | None = "xterm-256color", size: tuple[int, int] = (100, 30)
) -> tuple[Any, Screen]:
    """The friend's shell session (``term`` None: no terminal asked for, as ``ssh -T``)."""
    columns, rows = size
    return await connection.create_session(  # type: ignore[no-any-return]
        lambda: Screen(columns, rows),
        term_type=term,
        term_size=size if term else None,
        encoding=None,
    )


async def all_gone(host: Host, pilot: Any) -> None:
    """Wait until every friend's session and its child's connection to the host ended
    (before the host's app closes: the host notes each seat leaving on its table)."""
    await until(lambda: not host.door.sessions and not host.clients, pilot)
