"""The SSH door: ``parlour host ... --ssh PORT``, so friends need no account here.

A friend runs ``ssh -t -p PORT party@HOST``; the door asks for the join code at a
keyboard-interactive prompt. Every answer goes through ``Host.knock`` with the
friend's address as its source (a wrong code is slowed down for that address and
logged without the code); a refused one is asked again in a new challenge whose
instructions are the refusal sentence, up to ``TRIES`` tries, then the connection
is refused. A seat's code (or its rejoin code) opens that seat; the table's watch
code opens a watching terminal (one child per watcher).

Each session's seat runs in a seat house (``tui.net.seat_house``): a process forked
by the seat zygote (``tui.net.seat_spawner``), isolated from the host's working folder
and environment (``python -I``, a folder of the user's own, an environment built from
nothing), that runs up to ``HOUSE_SEATS`` guests' seats, each an app of its own on its
own terminal. The door hands the house one end of a socket pair for the guest's
terminal (``SeatLine`` is the door's end: the channel in raw mode, every key passed on
as typed, and the seat's screens passed back, each side waiting while the other is
not reading), with the client's TERM and the code in the seat's environment, never on
a command line; the guest's window size, and each change of it, goes to the house as
the door's word (at most ``terminal_driver.LARGEST``). A session
without a terminal (``ssh -T``) or with a terminal Parlour cannot draw on is refused
with a sentence before any child starts. The terminals let in are the families in
``TERMINAL_FAMILIES``: the terminfo names of the emulators and multiplexers that
draw Textual's screens (256 colours or more, the alternate screen, mouse reports),
each alone or with a variant after ``-`` or ``.`` (``xterm-256color``, ``screen.xterm-256color``,
``rxvt-unicode``); ``dumb``, ``vt100``-style and unknown names are not, since a
plain rendering would still be sent escapes they cannot show.

When a seat ends, for any reason (it exits, crashes or its house is killed), its last bytes
are passed on and then ``TEARDOWN``, which gives the friend their terminal back
(main screen, mouse and paste modes off, cursor on), and the channel exits with
the child's status. When the host ends, ``Door.close_gracefully`` lets each child
end by itself after the host's goodbye and hangs up only on those still running
after a while; ``Door.close`` hangs up at once. The host key is made once and kept
in the data folder, so the friend's ssh knows the door the next time.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import asyncssh

from tui.cli_values import shown
from tui.net.codes import tidy
from tui.net.door_host import CLOSING, DoorHost, Lobby
from tui.net.door_seat import child_arguments, child_environment
from tui.net.seat_spawner import HousedSeat, SeatSpawner
from tui.net.terminal_driver import clamped

KEY_NAME = "ssh_host_key"
DEFAULT_TERM = "xterm-256color"
CHALLENGE_NAME = "Parlour"
ASK = "Type the join code the host gave you (or the table's watch code, to watch)."
LOBBY_ASK = (
    "Type a join code (or a table's watch code), or press Enter alone for the lobby: "
    "the tables to join or watch, and a form to start one."
)
LANGUAGE = "en-US"
PROMPT = ("Join code: ", False)
LOBBY_PROMPT = ("Join code (or Enter alone for the lobby): ", False)
TRIES = 3
"""Codes one connection may try before it is refused."""
PATIENCE = 10.0
"""Seconds ``Door.close_gracefully`` gives the children to end by themselves."""
HUNG_UP_WAIT = 5.0
"""Seconds ``Door.close_gracefully`` then waits, at most, for the children it hung up on."""
LAST_BYTES_WAIT = 2.0
"""Seconds, at most, for an ended seat's last bytes once its house has said it ended."""

TERMINAL_FAMILIES = (
    "xterm", "screen", "tmux", "rxvt", "linux", "alacritty", "kitty", "foot", "wezterm",
    "st", "putty", "konsole", "gnome", "vte", "iterm", "iterm2", "contour", "ms-terminal",
    "ghostty", "mintty",
)  # fmt: skip
"""The terminal types (TERM) the door lets in: each family alone or with a variant."""
KNOWN_TERMINAL = re.compile(
    "(?:{})(?:[-.][a-z0-9.+-]*)?".format("|".join(map(re.escape, TERMINAL_FAMILIES)))
)
LONGEST_TERM = 64

TEARDOWN = (
    b"\x1b[?2026l"  # synchronized output ends (a child killed mid-frame left it on)
    b"\x1b[?1049l"  # the main screen again
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # no mouse tracking
    b"\x1b[?1004l"  # no focus reports
    b"\x1b[?2004l"  # no bracketed paste
    b"\x1b[<u"  # the keyboard as it was (kitty's protocol)
    b"\x1b[?25h"  # the cursor shows
)
"""What gives a friend's terminal back after a child has drawn on it."""

NO_TERMINAL = "Parlour needs a terminal: connect with ssh -t (and without -T)."
UNKNOWN_TERMINAL = (
    "Parlour cannot draw on this terminal (TERM={0}): connect from a terminal such as "
    "xterm, tmux, kitty or PuTTY, or with TERM=xterm-256color."
)
NO_START = "The door could not start your seat ({0}): tell the host."


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The door's host key: made once (Ed25519, mode 0600) and kept in ``folder``, read
    and made through ``tui.private_files``: a key that is a link, someone else's or
    writable by others is refused (``NotPrivate``, its message a sentence), never
    served."""
    from tui.private_files import read_or_create_private

    def new_key() -> bytes:
        return bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())

    return asyncssh.import_private_key(read_or_create_private(folder, KEY_NAME, new_key))


def terminal_refusal(has_pty: bool, term: str) -> str:
    """Why the door cannot seat a session with this terminal ("": it can)."""
    if not has_pty:
        return NO_TERMINAL
    if len(term) > LONGEST_TERM or not KNOWN_TERMINAL.fullmatch(term.lower()):
        return UNKNOWN_TERMINAL.format(shown(term[:LONGEST_TERM]))
    return ""


def exit_status(returncode: int) -> int:
    """A child's exit status as a shell gives it (killed by signal N: 128 + N)."""
    return returncode if returncode >= 0 else 128 - returncode


async def _all_end(sessions: Iterable[JoinSession], patience: float) -> bool:
    """Wait until every one of ``sessions`` has ended, ``patience`` seconds at most;
    whether they all did."""
    waits = [asyncio.ensure_future(session.ended.wait()) for session in sessions]
    if not waits:
        return True
    _, late = await asyncio.wait(waits, timeout=patience)
    for wait in late:
        wait.cancel()
    return not late


class Door:
    """An SSH server in front of ``host``: one seat's child per session."""

    def __init__(self, host: DoorHost, data_dir: Path, port: int, address: str = "") -> None:
        self.host = host
        self.lobby: Lobby | None = host if isinstance(host, Lobby) else None
        """A server's lobby behind the door (``tui.serve``): a guest needs no code."""
        self.data_dir = data_dir
        self.port = port
        self.address = address
        self.sessions: set[JoinSession] = set()
        self.knocking: set[DoorServer] = set()
        """Connections that have not yet said a right code (at most ``KNOCKING``)."""
        self.spawner = SeatSpawner()
        """Opens each session's seat in a seat house (forked from a process that has
        its imports already)."""
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
            login_timeout=LOGIN_TIMEOUT,
        )
        if self.port == 0:  # (tests: whichever port was free)
            self.port = self._server.sockets[0].getsockname()[1]

    def close(self) -> None:
        """Stop letting friends in and hang up on every child now (each session still
        passes on its child's last bytes and the teardown as the child ends)."""
        self._stop_listening()
        for session in list(self.sessions):
            session.end_child()
        self.spawner.close()

    async def close_gracefully(self, patience: float = PATIENCE) -> None:
        """Stop letting friends in and wait until every child has ended by itself (the
        host's goodbye ends each one, its terminal restored and one line said), its
        last bytes and the teardown sent; after ``patience`` seconds hang up on those
        still running, as ``close`` does, and wait for them to end too (``HUNG_UP_WAIT``
        seconds at most)."""
        self._stop_listening()
        if not await _all_end(list(self.sessions), patience):
            self.close()
            await _all_end(list(self.sessions), HUNG_UP_WAIT)
        self.spawner.close()

    def _stop_listening(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None


KNOCKING = 32
LOBBY_SESSIONS = 32
"""A server's lobby terminals at most (they need no code), and from one address:"""
LOBBY_EACH = 4
"""SSH connections at most that have not yet said a right code."""
LOGIN_TIMEOUT = 60.0
"""Seconds an SSH connection has to say a right code."""


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: the join code at the keyboard-interactive prompt."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.code = ""
        self.watching = False
        """The code was the table's watch code."""
        self.source = "ssh from an unknown address"
        """Who is knocking, for pacing wrong codes: the client's address."""
        self.tries = 0
        self.opened = False
        """This connection has its terminal (a second channel is refused)."""
        self.lobby = False
        """No code: a server's lobby (``tui.serve``)."""
        self.connection: Any = None

    def connection_made(self, conn: Any) -> None:
        self.connection = conn
        peer = conn.get_extra_info("peername")
        if peer:
            self.source = f"ssh {peer[0]}"
        if len(self.door.knocking) >= KNOCKING:
            conn.abort()  # (as many knocking at once as the door takes)
            return
        self.door.knocking.add(self)

    def auth_completed(self) -> None:
        self.door.knocking.discard(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.knocking.discard(self)

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
        if self.door.lobby is not None:
            return (CHALLENGE_NAME, LOBBY_ASK, LANGUAGE, [LOBBY_PROMPT])
        return (CHALLENGE_NAME, ASK, LANGUAGE, [PROMPT])

    async def validate_kbdint_response(
        self, username: str, responses: Sequence[str]
    ) -> bool | tuple[str, str, str, list[tuple[str, bool]]]:
        """Let in a right code; ask again, with the refusal as the instructions, after
        a wrong one; refuse the connection after ``TRIES`` of them."""
        code = responses[0] if len(responses) == 1 else ""
        if not tidy(code) and self.door.lobby is not None:
            self.lobby = True  # (a server's lobby: no code needed to look around)
            return True
        entry = await self.door.host.knock(code, self.source)
        if not entry.refusal:
            self.code, self.watching = tidy(code), entry.watch
            return True
        self.tries += 1
        if self.tries >= TRIES:
            self.connection.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, entry.refusal)
            return False
        prompt = PROMPT if self.door.lobby is None else LOBBY_PROMPT
        return (CHALLENGE_NAME, entry.refusal, LANGUAGE, [prompt])

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        """One terminal per connection; a lobby's terminals are bounded, per address
        (``LOBBY_EACH``) and in all (``LOBBY_SESSIONS``), since they need no code."""
        if self.opened:
            return False
        if self.lobby:
            lobbies = [s.source for s in self.door.sessions if s.lobby]
            if len(lobbies) >= LOBBY_SESSIONS or lobbies.count(self.source) >= LOBBY_EACH:
                return False
        self.opened = True
        return JoinSession(self.door, self.code, self.watching, self.source if self.lobby else "")


class JoinSession(asyncssh.SSHServerSession[bytes]):
    """One friend's terminal: a seat's (or a watcher's) app in a seat house, on a socket
    pair (the door's end is ``line``). "Child" below is that seat."""

    def __init__(self, door: Door, code: str, watching: bool = False, lobby_from: str = "") -> None:
        self.door = door
        self.code = code
        self.watching = watching
        self.source = lobby_from
        """A server's lobby: the guest's address ('' for a seat's code)."""
        self.lobby = bool(lobby_from)
        self.guest = ""
        """A server's lobby: the pass the child asks with, made once its terminal is let in."""
        self.has_pty = False
        self.term = DEFAULT_TERM
        self.size = (80, 24)
        self.channel: Any = None
        self.line: asyncio.Transport | None = None
        """The door's end of the seat's terminal (a stream socket to its seat house)."""
        self.child: HousedSeat | None = None
        self.hung_up = False
        """The door hung up on the child (the friend left, or the host could not wait)."""
        self.ended = asyncio.Event()
        """The child has ended and the friend has its last bytes and the teardown."""
        self._last_bytes = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def connection_made(self, chan: Any) -> None:
        self.channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], modes: Any
    ) -> bool:
        self.has_pty = True
        self.term = term_type or DEFAULT_TERM
        if term_size[0] and term_size[1]:
            self.size = clamped(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # the door runs one thing: the seat

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        refusal = terminal_refusal(self.has_pty, self.term)
        if refusal:  # (before any child starts)
            self.channel.write(f"{refusal}\r\n".encode())
            self.channel.exit(1)
            return
        self.door.sessions.add(self)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        status = 1
        try:
            status = await self._play()
        finally:
            self._close_line()
            self.door.sessions.discard(self)
            if self.guest and self.door.lobby is not None:
                self.door.lobby.forget_guest(self.guest)
            if not self.channel.is_closing():  # (the friend may have gone already)
                self.channel.write(TEARDOWN)
                self.channel.exit(exit_status(status))
            self.ended.set()

    async def _play(self) -> int:
        """Run the seat until it ends, passing its bytes on; its return code."""
        loop = asyncio.get_running_loop()
        if self.lobby and self.door.lobby is not None:  # (known before the seat speaks)
            self.guest = await self.door.lobby.guest_pass(self.source)
            if not self.guest:  # (the tables are gone: the server is closing)
                if not self.channel.is_closing():  # (the friend may have gone already)
                    self.channel.write(f"{CLOSING}\r\n".encode())
                return 1
        try:
            arguments = child_arguments(self.door.host.path, self.watching, bool(self.guest))
            environment = child_environment(self.term, self.code, self.guest)
            size = self.size
            self.child = await self.door.spawner.spawn_housed(arguments, environment, size)
            if self.size != size:  # (the window changed while the seat was starting)
                self.child.resize(*self.size)
        except OSError as exc:
            self.channel.write(f"{NO_START.format(exc.strerror or exc)}\r\n".encode())
            return 1
        self.child.line.setblocking(False)
        self.line, _ = await loop.connect_accepted_socket(
            lambda: SeatLine(self), self.child.line
        )
        if self.hung_up:  # (the friend left while the seat was starting)
            self.end_child()
        status = await self.child.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._last_bytes.wait(), LAST_BYTES_WAIT)
        return status

    def from_seat(self, data: bytes) -> None:
        if not self.channel.is_closing():  # (the friend may have gone already)
            self.channel.write(data)

    def _close_line(self) -> None:
        line, self.line = self.line, None
        if line is not None:
            line.abort()

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.line is not None and not self.line.is_closing():
            self.line.write(data)
            if self.child is not None:  # (its house goes first: keys_first)
                self.door.spawner.keys_coming(self.child.pid)

    def pause_writing(self) -> None:
        """The friend is not reading: the seat's screens wait (its house holds them)."""
        if self.line is not None:
            self.line.pause_reading()

    def resume_writing(self) -> None:
        if self.line is not None:
            self.line.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = clamped(width, height)
            if self.child is not None:
                self.child.resize(*self.size)

    def eof_received(self) -> bool:
        self.end_child()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end_child()

    def end_child(self) -> None:
        """Hang up on the child (it is reaped by the loop's child watcher; the session
        ends when it has)."""
        if self.ended.is_set():
            return
        self.hung_up = True
        if self.line is not None and self.line.can_write_eof():
            with contextlib.suppress(OSError):
                self.line.write_eof()  # (as a terminal closing would: the seat ends)


class SeatLine(asyncio.Protocol):
    """The door's end of a seat's terminal: what the seat draws goes to the friend, and
    the friend's keys wait while the seat's house is not reading them."""

    def __init__(self, session: JoinSession) -> None:
        self.session = session

    def data_received(self, data: bytes) -> None:
        self.session.from_seat(data)

    def eof_received(self) -> bool:
        return False  # (the seat has said its last: the line closes)

    def connection_lost(self, exc: Exception | None) -> None:
        self.session.line = None
        self.session._last_bytes.set()

    def pause_writing(self) -> None:
        channel = self.session.channel
        if channel is not None:
            channel.pause_reading()

    def resume_writing(self) -> None:
        channel = self.session.channel
        if channel is not None:
            channel.resume_reading()
