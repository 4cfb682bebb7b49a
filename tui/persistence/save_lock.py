"""One window per save: a game being played holds a lock on its file.

Two windows resuming one save would both append to it, and the moves of one would
vanish under the other's. While a game is open its window holds an exclusive lock
(``flock``) on a small file beside the save (``.NAME.lock``: the save itself is
sometimes replaced whole, which a lock on it would not survive). A second window
is told the game is open elsewhere. The lock goes with the window, even when it is
killed: the system drops it with the process. Taking it also removes the temp files
a write killed half-way left beside the save.
"""

from __future__ import annotations

import fcntl
import glob
import os
from pathlib import Path

from tui.persistence.save_file import SaveError

OPEN_ELSEWHERE = (
    "{path} is open in another window: play on there, or close it first "
    "(two windows on one game would lose each other's moves)"
)


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _sweep(path: Path) -> None:
    """Remove what a write killed half-way left beside the save (its ``.tmp`` files):
    with the lock held, nothing else is writing them."""
    for temp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            temp.unlink()
        except OSError:
            pass


class SaveLock:
    """The lock on one save, held until ``release`` (or the process ends)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @classmethod
    def take(cls, path: Path) -> SaveLock:
        """Lock ``path``'s game; SaveError when another window has it open."""
        lock = cls(path)
        try:
            fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:  # a folder this window may not write: its reading says the rest
            return lock
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SaveError(OPEN_ELSEWHERE.format(path=path)) from None
        except OSError:  # a file system without locks: play on, unguarded
            pass
        lock._fd = fd
        _sweep(path)
        return lock

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # (closing drops the lock)
            self._fd = None
