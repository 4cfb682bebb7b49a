"""The SSH door: a friend with no account here joins their seat with ``ssh``.

A real asyncssh client connects to a host's door on a loopback port, answers the
keyboard-interactive prompt with its join code, and receives its seat's screen from
a ``parlour join`` child on a pseudo-terminal of its own (rendered here by a VT100
emulator): its own cards, never another seat's. A resize reaches the child. A
wrong code is refused. The host key is kept for the next time."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pyte
import pytest

from tests.net_helpers import hosting, island, until
from tests.pty_support import SYNC_QUERY, SYNC_REPLY
from tests.screen_sweep import scan
from tests.tui_helpers import make_app
from tui.net import door as door_module

ANN = 0


class Friend(asyncssh.SSHClient):
    """Answers the door's one question with ``code``."""

    def __init__(self, code: str) -> None:
        self.code = code

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return [self.code for _ in prompts]


class Screen(asyncssh.SSHClientSession):
    """What the friend's terminal shows: every byte, through a VT100 emulator."""

    def __init__(self, cols: int, rows: int) -> None:
        self.received = b""
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.arrived = asyncio.Event()
        self.closed = asyncio.Event()
        self.channel = None

    def connection_made(self, chan) -> None:
        self.channel = chan

    def data_received(self, data: bytes, datatype) -> None:
        if SYNC_QUERY in data:
            self.channel.write(SYNC_REPLY)
        self.received += data
        self.stream.feed(data)
        self.arrived.set()

    def connection_lost(self, exc) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def shows(self, words: str) -> None:
        while words not in self.text():
            assert not self.closed.is_set(), self.text()
            self.arrived.clear()
            await self.arrived.wait()


async def _door(pilot, tmp_path: Path):
    loopback = {"ssh_port": 0, "ssh_address": "127.0.0.1"}
    host = await hosting(pilot, island(5, people=1), tmp_path, [ANN], **loopback)
    await until(lambda: host.door is not None and host.door._server is not None, pilot)
    return host


async def _connect(port: int, code: str):
    return await asyncssh.create_connection(
        lambda: Friend(code),
        "127.0.0.1",
        port,
        username="party",
        known_hosts=None,
        client_keys=None,
        preferred_auth="keyboard-interactive",
    )


@pytest.mark.long
async def test_a_friend_joins_over_ssh_and_sees_only_their_seat(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await _door(pilot, tmp_path)
        host.begin()
        connection, _ = await _connect(host.door.port, host.codes[ANN].lower())
        async with connection:
            channel, screen = await connection.create_session(
                lambda: Screen(100, 30), term_type="xterm-256color", term_size=(100, 30),
                encoding=None,
            )
            await screen.shows("Ann, for your eyes only")
            session = host.table.session
            assert session.prompt.seats[0] == ANN  # the game waits on Ann's card
            for card in session.state.hands[ANN]:
                await screen.shows(card)
            text = screen.received.decode("utf-8", "replace")
            assert scan(session, text, ANN).hits == []
            assert host.codes[ANN] not in text
            # A bigger window: the child lays its screen out again at the new size.
            screen.screen.resize(40, 120)
            channel.change_terminal_size(120, 40)
            await screen.shows("Ann, for your eyes only")
            while not any(len(line.rstrip()) > 100 for line in screen.screen.display):
                screen.arrived.clear()
                await screen.arrived.wait()
            assert len(host.door.sessions) == 1
            child = next(iter(host.door.sessions)).child
            assert child is not None
        await until(lambda: not host.door.sessions, pilot)  # the child ends with its session
        await until(lambda: not Path(f"/proc/{child.pid}").exists(), pilot)  # and is reaped


async def test_a_wrong_code_gets_no_shell_and_the_host_key_is_kept(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await _door(pilot, tmp_path)
        waits = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        host.sleep = sleep
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost)):
            await _connect(host.door.port, "ZZZZZZ")
        assert waits[:2] == [1.0, 2.0]  # asked again, and slowed down each time
        assert host.door.sessions == set()
        key_file = app.data_dir / door_module.KEY_NAME
        assert key_file.stat().st_mode & 0o777 == 0o600
        kept = asyncssh.read_private_key(str(key_file)).export_public_key()
        assert door_module.host_key(app.data_dir).export_public_key() == kept
