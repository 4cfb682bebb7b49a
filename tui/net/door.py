"""The SSH door: ``parlour host ... --ssh PORT``, so friends need no account here.

A friend runs ``ssh -p PORT party@HOST``; the door asks for the join code at a
keyboard-interactive prompt (a wrong one is slowed down and logged without the
code, as on the socket), and runs a ``parlour join`` child for that seat on a
pseudo-terminal of its own, with the client's TERM and window size (resizes are
passed on) and the channel in raw mode: every key goes to the child as typed.
The code reaches the child in its environment, never on a command line. The
host key is made once and kept in the data folder, so the friend's ssh knows
the door the next time. A child ends with its session, and every child ends
with the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncssh

from tui.net.codes import CODE_VARIABLE, tidy
from tui.net.host import Host

KEY_NAME = "ssh_host_key"
DEFAULT_TERM = "xterm-256color"
CHALLENGE = ("Parlour", "Type the join code the host gave you.", "en-US")
READ_SIZE = 65536


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The door's host key: made once (Ed25519, mode 0600) and kept in ``folder``."""
    path = folder / KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _take_terminal() -> None:
    """In the child, after setsid: its pty becomes its terminal, and a hang-up ends it
    (a host started under ``nohup`` ignores SIGHUP, and its children would inherit
    that)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Door:
    """An SSH server in front of ``host``: one ``parlour join`` child per session."""

    def __init__(self, host: Host, data_dir: Path, port: int, address: str = "") -> None:
        self.host = host
        self.data_dir = data_dir
        self.port = port
        self.address = address
        self.sessions: set[JoinSession] = set()
        self._server: Any = None

    async def start(self) -> None:
        key = host_key(self.data_dir)
        self._server = await asyncssh.create_server(
            lambda: DoorServer(self),
            self.address,
            self.port,
            server_host_keys=[key],
            line_editor=False,
            encoding=None,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
        )
        if self.port == 0:  # (tests: whichever port was free)
            self.port = self._server.sockets[0].getsockname()[1]

    def close(self) -> None:
        for session in list(self.sessions):
            session.end_child()
        if self._server is not None:
            self._server.close()
            self._server = None


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: the join code at the keyboard-interactive prompt."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.code = ""

    def begin_auth(self, username: str) -> bool:
        return True  # every connection answers the code prompt

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(
        self, username: str, lang: str, submethods: str
    ) -> tuple[str, str, str, list[tuple[str, bool]]]:
        return (*CHALLENGE, [("Join code: ", False)])

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        code = responses[0] if len(responses) == 1 else ""
        if await self.door.host.seat_for(code) is None:
            return False
        self.code = tidy(code)
        return True

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return JoinSession(self.door, self.code)


class JoinSession(asyncssh.SSHServerSession[bytes]):
    """One seat's terminal: a ``parlour join`` child on a pseudo-terminal."""

    def __init__(self, door: Door, code: str) -> None:
        self.door = door
        self.code = code
        self.term = DEFAULT_TERM
        self.size = (80, 24)
        self.channel: Any = None
        self.master: int | None = None
        self.child: asyncio.subprocess.Process | None = None

    def connection_made(self, chan: Any) -> None:
        self.channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], modes: Any
    ) -> bool:
        self.term = term_type or DEFAULT_TERM
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # the door runs one thing: the seat

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.door.sessions.add(self)
        asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        master, slave = os.openpty()
        self.master = master
        _set_size(master, *self.size)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "TERM": self.term,
            CODE_VARIABLE: self.code,
        }
        for name in ("XDG_RUNTIME_DIR", "XDG_DATA_HOME", "PYTHONPATH"):
            if name in os.environ:
                env[name] = os.environ[name]
        try:
            self.child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tui.cli",
                "join",
                "--socket",
                str(self.door.host.path),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        finally:
            os.close(slave)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_child)
        status = await self.child.wait()
        self._close_master()
        self.door.sessions.discard(self)
        with contextlib.suppress(Exception):
            self.channel.exit(max(status, 0))

    def _from_child(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_SIZE)
        except OSError:
            data = b""
        if not data:  # the child closed its terminal
            self._close_master()
            return
        if not self.channel.is_closing():  # (the friend may have gone already)
            self.channel.write(data)

    def _close_master(self) -> None:
        if self.master is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.master is not None and width and height:
            _set_size(self.master, width, height)  # the child gets SIGWINCH

    def eof_received(self) -> bool:
        self.end_child()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end_child()

    def end_child(self) -> None:
        """End the seat's child (it is reaped by the loop's child watcher)."""
        child = self.child
        if child is not None and child.returncode is None:
            for ending in (signal.SIGHUP, signal.SIGTERM):  # (as a terminal closing would)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, ending)
        self.door.sessions.discard(self)
