"""The real ``parlour`` program in a pseudo-terminal, read through a VT100 emulator.

``Terminal`` starts the console script with a pty as its stdin, stdout and
stderr (Textual draws on stderr), answers the one question Textual asks the
terminal (synchronized output), and feeds everything the program writes into
a ``pyte`` screen. Because the program is told that synchronized output works,
it wraps every update in begin/end marks; the emulator is only fed whole
updates, so ``text()`` never shows half of one. (Textual may still spread one
change of screen over a few updates: see ``tests/persistence/test_crash_safety.py``.)

No real terminal is needed (CI has none), and each Terminal is its own session
(``setsid``), so killing it cannot touch anything else.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pyte

PARLOUR = Path(sys.executable).with_name("parlour")
"""The console script next to this Python (``python -m tui.cli`` when not installed)."""

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # "supported, currently off"
SYNC_START = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"

KEYS = {
    "enter": "\r",
    "escape": "\x1b",
    "tab": "\t",
    "space": " ",
    "backspace": "\x7f",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
}


def key_bytes(key: str) -> bytes:
    """A key name (``enter``, ``ctrl+s``, ``down``) or a single character, as the tty sends it."""
    if key in KEYS:
        return KEYS[key].encode()
    if key.startswith("ctrl+") and len(key) == 6:
        return bytes([ord(key[-1].lower()) & 0x1F])
    if len(key) == 1:
        return key.encode()
    raise ValueError(f"no bytes known for key {key!r}")


class Terminal:
    """One run of ``parlour ARGS`` in a pty of ``cols`` x ``rows``."""

    def __init__(
        self,
        args: Sequence[str],
        *,
        cwd: Path,
        cols: int = 100,
        rows: int = 32,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.args = [str(a) for a in args]
        program = [str(PARLOUR)] if PARLOUR.exists() else [sys.executable, "-m", "tui.cli"]
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.frames = 0
        self.closed = False
        self._pending = b""
        self._tail = b""
        self.raw = bytearray()
        """Every byte the program wrote, for tests of what went over the wire."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        given = dict(env or {})
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("TEXTUAL", "PYTEST", "NO_COLOR"))
        }
        env.update(TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows), LANG="C.UTF-8")
        env.update(given)
        try:
            self.process = subprocess.Popen(
                program + self.args,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=cwd,
                env=env,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master

    # --- reading -------------------------------------------------------------

    def pump(self, timeout: float = 0.0) -> bool:
        """Read what the program wrote (waiting up to ``timeout``); True when bytes came."""
        if self.closed:
            return False
        got = False
        deadline = time.monotonic() + timeout
        while True:
            left = max(0.0, deadline - time.monotonic()) if not got else 0.0
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                return got
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the program is gone and everything was read
                self.closed = True
                return got
            if not data:
                self.closed = True
                return got
            got = True
            self._take(data)

    def _take(self, data: bytes) -> None:
        self.raw += data
        if SYNC_QUERY in self._tail + data:
            os.write(self.master, SYNC_REPLY)
        self._tail = (self._tail + data)[1 - len(SYNC_QUERY) :]
        self._pending += data
        while self._pending:
            start = self._pending.find(SYNC_START)
            if start < 0:
                # No frame open: feed all but what could be the start of a begin mark.
                keep = _partial_tail(self._pending, SYNC_START)
                cut = len(self._pending) - keep
                self._feed(self._pending[:cut])
                self._pending = self._pending[cut:]
                return
            if start > 0:
                self._feed(self._pending[:start])
                self._pending = self._pending[start:]
                continue
            end = self._pending.find(SYNC_END)
            if end < 0:
                return  # half a frame: wait for the rest
            end += len(SYNC_END)
            self._feed(self._pending[:end])
            self._pending = self._pending[end:]
            self.frames += 1

    def _feed(self, data: bytes) -> None:
        if data:
            self.stream.feed(data)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    # --- writing and ending -------------------------------------------------------

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.master, key_bytes(key))

    def exit_status(self, patience: float = 60.0) -> int | None:
        """The program's exit status once it has ended (None if not within ``patience``
        seconds), reading what it writes meanwhile as a terminal does: a program whose
        terminal is never read blocks on its next write, and never ends."""
        deadline = time.monotonic() + patience
        while self.process.poll() is None and time.monotonic() < deadline:
            if self.closed:  # (all read: wait for the process itself)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=0.1)
            else:
                self.pump(0.1)
        return self.process.poll()

    def kill(self) -> None:
        """SIGKILL, reap, and read whatever the program had written before it died."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.pump(0.0)

    def close(self) -> None:
        """Always safe to call: kills the program if it still runs and frees the pty."""
        try:
            if self.process.poll() is None:
                self.kill()
        finally:
            if self.master >= 0:
                os.close(self.master)
                self.master = -1
                self.closed = True

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _partial_tail(data: bytes, mark: bytes) -> int:
    """How many bytes at the end of ``data`` could begin ``mark``."""
    for size in range(min(len(mark) - 1, len(data)), 0, -1):
        if data.endswith(mark[:size]):
            return size
    return 0


SPACES = re.compile(r"\s+")


def squash(text: str) -> str:
    """Whitespace runs (including line breaks from wrapping) as one space."""
    return SPACES.sub(" ", text).strip()
