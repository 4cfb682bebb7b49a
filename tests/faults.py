"""Faults made in a module's own calls to the system (``monkeypatch.setattr(journal,
"os", FaultyOs(...))``): a disk that fills part way through a write, a read-only
folder. Root may write anywhere, so a real read-only folder proves nothing here."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any


class FaultyOs:
    """The ``os`` the journal sees for files in ``folder``: ``write`` stores a few
    bytes, then the disk is full; or ``open`` is refused, as in a read-only folder."""

    def __init__(self, fault: int, folder: Path) -> None:
        self.fault = fault
        self.folder = folder
        self.full: set[int] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def write(self, fd: int, data: Any) -> int:
        if fd in self.full:
            os.write(fd, bytes(data[:7]))  # (part of the line got there)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)

    def open(self, path: Any, flags: int, *args: Any) -> int:
        here = Path(path).parent == self.folder
        if here and self.fault == errno.EROFS:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        fd = os.open(path, flags, *args)
        if here and self.fault == errno.ENOSPC:
            self.full.add(fd)
        return fd

    def close(self, fd: int) -> None:
        self.full.discard(fd)
        os.close(fd)
