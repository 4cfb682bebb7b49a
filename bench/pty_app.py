"""Run a terminal app in a real pseudo-terminal and watch what it writes.

The harness plays a modern terminal: a fixed window size, TERM=xterm-256color,
and it answers Textual's query for synchronized output (DECRQM 2026) with
"supported", so every frame the app draws arrives between ``ESC[?2026h`` and
``ESC[?2026l``. That gives exact frame boundaries: a frame has been painted
when its end marker has been read. Nothing else is answered (Textual waits for
no other reply).

Used by every bench that compares Parlour with the bare Textual app.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from pathlib import Path

import pyte

SYNC_START = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # "supported, currently reset"

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
PYTHON = str(VENV_BIN / "python")
PARLOUR = str(VENV_BIN / "parlour")
BARE = [PYTHON, str(ROOT / "bench" / "bare_app.py")]

COLS, ROWS = 120, 40
PYCACHE = str(Path(tempfile.gettempdir()) / "parlour-bench-pycache")

KEYS = {
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "enter": b"\r",
    "tab": b"\t",
    "escape": b"\x1b",
    "ctrl+q": b"\x11",
}


class Frame:
    """One painted frame: when its end marker was read, and its size in bytes."""

    __slots__ = ("end", "size", "start")

    def __init__(self, start: float, end: float, size: int) -> None:
        self.start = start
        self.end = end
        self.size = size

    def __repr__(self) -> str:
        return f"Frame(start={self.start:.4f}, end={self.end:.4f}, size={self.size})"


class PtyApp:
    """A process on the slave side of a pty; we read and write the master side."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cols: int = COLS,
        rows: int = ROWS,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        self.cols, self.rows = cols, rows
        environment = dict(os.environ)
        for key in (
            "TERM_PROGRAM", "COLUMNS", "LINES", "TEXTUAL", "NO_COLOR", "COLORTERM",
            "PYTHONDONTWRITEBYTECODE",
        ):
            environment.pop(key, None)
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        # Both apps run as installed programs do: with compiled bytecode cached (in a
        # folder of the bench's, so the checkout stays clean). Warm-up runs fill it.
        environment["PYTHONPYCACHEPREFIX"] = PYCACHE
        environment.update(env or {})
        self.spawned = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty slave is stdin, stdout, stderr and the controlling tty
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd is not None:
                    os.chdir(cwd)
                os.execve(argv[0], list(argv), environment)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        os.set_blocking(fd, False)
        self.raw = bytearray()
        self.frames: list[Frame] = []
        self._scan = 0  # where the frame scanner has got to in raw
        self._frame_start: tuple[int, float] | None = None
        self._query_scan = 0
        self.returncode: int | None = None
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self._fed = 0

    # --- reading ------------------------------------------------------------

    def pump(self, timeout: float) -> bool:
        """Read what is there (waiting up to ``timeout`` seconds); True if bytes came."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return False
        got = False
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            except OSError:  # EIO: the child has gone and the slave is closed
                break
            if not chunk:
                break
            got = True
            now = time.perf_counter()
            self.raw += chunk
            self._answer_queries()
            self._find_frames(now)
        return got

    def _answer_queries(self) -> None:
        found = self.raw.find(SYNC_QUERY, max(0, self._query_scan - len(SYNC_QUERY)))
        if found >= 0:
            os.write(self.fd, SYNC_REPLY)
            self._query_scan = found + len(SYNC_QUERY)
        else:
            self._query_scan = len(self.raw)

    def _find_frames(self, now: float) -> None:
        while True:
            if self._frame_start is None:
                start = self.raw.find(SYNC_START, self._scan)
                if start < 0:
                    self._scan = max(self._scan, len(self.raw) - len(SYNC_START))
                    return
                self._frame_start = (start, now)
                self._scan = start + len(SYNC_START)
            end = self.raw.find(SYNC_END, self._scan)
            if end < 0:
                self._scan = max(self._scan, len(self.raw) - len(SYNC_END))
                return
            begin, began = self._frame_start
            self.frames.append(Frame(began, now, end + len(SYNC_END) - begin))
            self._frame_start = None
            self._scan = end + len(SYNC_END)

    def wait_frames(self, count: int, timeout: float = 20.0) -> Frame:
        """Read until at least ``count`` frames have been painted; the last one."""
        deadline = time.perf_counter() + timeout
        while len(self.frames) < count:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no frame {count} after {timeout}s:\n{self.text()}")
            self.pump(min(left, 0.05))
            if self.exited():
                self.pump(0)
                if len(self.frames) < count:
                    raise RuntimeError(f"the app exited ({self.returncode}):\n{self.tail()}")
        return self.frames[count - 1]

    def settle(self, quiet: float = 0.3, timeout: float = 20.0) -> None:
        """Read until nothing has come for ``quiet`` seconds (and no frame is half read)."""
        deadline = time.perf_counter() + timeout
        last = time.perf_counter()
        while time.perf_counter() < deadline:
            if self.pump(0.02):
                last = time.perf_counter()
            elif time.perf_counter() - last >= quiet and self._frame_start is None:
                return
            if self.exited():
                raise RuntimeError(f"the app exited ({self.returncode}):\n{self.tail()}")
        raise TimeoutError(f"the app never went quiet for {quiet}s")

    def wait_text(self, text: str, timeout: float = 20.0) -> None:
        """Read until ``text`` is on the emulated screen."""
        deadline = time.perf_counter() + timeout
        while text not in self.text():
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{text!r} never showed:\n{self.text()}")
            self.pump(0.05)
            if self.exited():
                raise RuntimeError(f"the app exited ({self.returncode}):\n{self.tail()}")

    # --- the emulated screen ----------------------------------------------

    def text(self) -> str:
        """The characters on the emulated screen now."""
        if self._fed < len(self.raw):
            self.stream.feed(bytes(self.raw[self._fed :]))
            self._fed = len(self.raw)
        return "\n".join(self.screen.display)

    def screen_lines(self) -> list[str]:
        """The emulated screen now, one string per row."""
        self.text()
        return list(self.screen.display)

    def tail(self, size: int = 2000) -> str:
        return bytes(self.raw[-size:]).decode("utf-8", "replace")

    # --- writing ------------------------------------------------------------

    def press(self, key: str) -> float:
        """Send one key; returns the moment it was written."""
        if key not in KEYS and len(key) != 1:
            raise ValueError(f"no key called {key!r} (known: {', '.join(KEYS)}, or one character)")
        data = KEYS.get(key, key.encode())
        now = time.perf_counter()
        os.write(self.fd, data)
        return now

    def key_to_repaint(
        self, key: str, quiet: float = 0.25, timeout: float = 10.0
    ) -> tuple[float, int, int]:
        """Press ``key``; wait for the repaint it causes and then quiet.

        Returns (seconds from the key to the end of the last frame it caused,
        bytes written in those frames, number of frames). The app must be quiet
        before the key (call ``settle`` first).
        """
        self.settle(0.05)
        before = len(self.frames)
        sent = self.press(key)
        self.wait_frames(before + 1, timeout)
        self.settle(quiet, timeout)
        frames = self.frames[before:]
        return frames[-1].end - sent, sum(f.size for f in frames), len(frames)

    # --- the process -----------------------------------------------------

    def rss_kib(self) -> int:
        """Resident memory of the process (VmRSS, KiB)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def exited(self) -> bool:
        if self.returncode is not None:
            return True
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.returncode = os.waitstatus_to_exitcode(status)
        return True

    def close(self, timeout: float = 5.0) -> None:
        """Ctrl+Q, then SIGTERM, then SIGKILL; always reap the child and close the fd."""
        with contextlib.suppress(OSError):
            if not self.exited():
                os.write(self.fd, KEYS["ctrl+q"])
        deadline = time.perf_counter() + timeout
        signals = [signal.SIGTERM, signal.SIGKILL]
        while not self.exited():
            with contextlib.suppress(OSError):
                self.pump(0.05)
            if time.perf_counter() > deadline:
                if not signals:
                    break
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signals.pop(0))
                deadline = time.perf_counter() + 2.0
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
