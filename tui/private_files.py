"""Files only this user may change: the crash log, the host's log, the SSH door's key.

Each lives in a folder that belongs to this user and that nobody else may write to
(made 0700 when missing), is opened without following a link (``O_NOFOLLOW``),
and is checked once open (``fstat``): a plain file of this user's that nobody
else may write to. A new one is made 0600. Anything else is refused with a
sentence (``NotPrivate``), so a link planted in a shared folder never leads a
write into another of the user's files, and a key or a log planted by someone
else is never used.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

OPEN_TO_OTHERS = stat.S_IWGRP | stat.S_IWOTH
"""The mode bits that let someone other than the owner change a file or a folder."""
NEW_FILE_MODE = 0o600
NEW_FOLDER_MODE = 0o700
ALWAYS = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
"""Every open: never through a link, never inherited by a child, never stuck on a pipe."""


class NotPrivate(OSError):
    """A file or a folder that is not this user's alone; its message is the sentence."""


def make_private_folder(folder: Path) -> None:
    """Make ``folder`` (and each missing folder above it) with mode 0700."""
    missing = [f for f in (folder, *folder.parents) if not os.path.lexists(f)]
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):
            each.mkdir(mode=NEW_FOLDER_MODE)


def _open_folder(folder: Path) -> int:
    """``folder``, made when missing, open and checked: this user's, and writable by
    nobody else."""
    make_private_folder(folder)
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        found = os.fstat(descriptor)
        if found.st_uid != os.getuid():
            raise NotPrivate(f"{folder} belongs to another user, so Parlour keeps no file there.")
        if found.st_mode & OPEN_TO_OTHERS:
            raise NotPrivate(
                f"{folder} can be changed by other users, so Parlour keeps no file there."
            )
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def open_private(folder: Path, name: str, flags: int) -> int:
    """A descriptor for the file ``name`` in ``folder`` (``flags`` as for ``os.open``; a
    file made is 0600), once the folder and the file are checked; NotPrivate with the
    sentence saying why not."""
    if not name or "/" in name or name in (".", ".."):
        raise ValueError(f"{name!r} is not a file name")
    path = folder / name
    folder_descriptor = _open_folder(folder)
    try:
        descriptor = os.open(name, flags | ALWAYS, NEW_FILE_MODE, dir_fd=folder_descriptor)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotPrivate(f"{path} is a link, so Parlour does not open it.") from None
        raise
    finally:
        os.close(folder_descriptor)
    try:
        _check_file(path, os.fstat(descriptor))
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _check_file(path: Path, found: os.stat_result) -> None:
    if not stat.S_ISREG(found.st_mode):
        raise NotPrivate(f"{path} is not a plain file, so Parlour does not open it.")
    if found.st_uid != os.getuid():
        raise NotPrivate(f"{path} belongs to another user, so Parlour does not open it.")
    if found.st_mode & OPEN_TO_OTHERS:
        raise NotPrivate(f"{path} can be changed by other users, so Parlour does not open it.")


def append_private(folder: Path, name: str, text: str) -> Path | None:
    """Add ``text`` to the end of the file ``name`` in ``folder`` (made 0600, and kept
    readable by this user only); its path, or None when it could not be written (a full
    disk, a link, someone else's file): a log must never stop the table."""
    try:
        descriptor = open_private(folder, name, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    except OSError:
        return None
    try:
        os.fchmod(descriptor, NEW_FILE_MODE)
        data = text.encode("utf-8", "replace")
        while data:
            data = data[os.write(descriptor, data) :]
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return folder / name


def read_private(folder: Path, name: str) -> bytes:
    """The whole file ``name`` in ``folder``, once checked (NotPrivate, or
    FileNotFoundError when there is none)."""
    descriptor = open_private(folder, name, os.O_RDONLY)
    with os.fdopen(descriptor, "rb") as source:
        return source.read()


def read_or_create_private(folder: Path, name: str, make: Callable[[], bytes]) -> bytes:
    """The file ``name`` in ``folder``, once checked; when there is none, the bytes of
    ``make()`` written to a new one (0600) first. NotPrivate says why a file is refused."""
    try:
        return read_private(folder, name)
    except FileNotFoundError:
        pass
    data = make()
    try:
        descriptor = open_private(folder, name, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError:  # made meanwhile (another window): that one is kept
        return read_private(folder, name)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    return data


def replace_private(folder: Path, name: str, data: bytes) -> None:
    """Write ``data`` as the file ``name`` in ``folder`` whole (0600): written beside it,
    flushed to disk, then put in its place, so a crash leaves the old file or the new."""
    draft = f".{name}.new"
    descriptor = open_private(folder, draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(folder / draft, folder / name)
