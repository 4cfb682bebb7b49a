"""Join codes: one short secret per joined seat, and where the host's socket lives."""

from __future__ import annotations

import grp
import hmac
import os
import secrets
import stat
from pathlib import Path

from rules.engine import Seat
from tui.persistence.folders import user_data_folder
from tui.private_files import make_private_folder

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits nobody mistakes for each other when read aloud (no I/1, O/0, L)."""
CODE_LENGTH = 6
"""31^6: about 890 million codes, and every wrong try is slowed down."""
SOCKET_NAME = "table.sock"
CODE_VARIABLE = "PARLOUR_JOIN_CODE"
"""A join code handed to ``parlour join`` by the SSH door (never on a command line)."""
GUEST_VARIABLE = "PARLOUR_GUEST"
"""A server's lobby pass handed to a door's child (``tui.serve``), the same way."""


def new_codes(seats: list[Seat]) -> dict[Seat, str]:
    """A fresh, distinct code for each seat."""
    codes: dict[Seat, str] = {}
    while len(codes) < len(seats):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in codes.values():
            codes[seats[len(codes)]] = code
    return codes


def tidy(typed: str) -> str:
    """A code as typed ("abc-234 ", "ABC 234") in the form it was given out."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def seat_of(codes: dict[Seat, str], typed: str) -> Seat | None:
    """The seat whose code this is (compared in constant time), or None."""
    given = tidy(typed).encode()
    found = None
    for seat, code in codes.items():
        if hmac.compare_digest(code.encode(), given):
            found = seat
    return found


def shown_code(code: str) -> str:
    """A code as read aloud: two halves ("ABC-234")."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def runtime_folder(shared: bool = False) -> Path:
    """Where the host's socket lives: the user's runtime folder (``$XDG_RUNTIME_DIR``),
    else a folder in the user's own data folder; never a place in /tmp that another user
    could make first. ``shared``: a folder in /tmp that friends with their own accounts
    can reach (the socket's group decides who; the host checks it after making it)."""
    if shared:
        return shared_folder()
    base = os.environ.get("XDG_RUNTIME_DIR", "")
    if os.path.isabs(base):
        return Path(base) / "parlour"
    return user_data_folder() / "run"


def shared_folder(uid: int | None = None) -> Path:
    """The folder in /tmp where the user ``uid`` (None: this one) hosts for a group."""
    return Path("/tmp") / f"parlour-{os.getuid() if uid is None else uid}"


def default_socket() -> Path:
    return runtime_folder() / SOCKET_NAME


LONGEST_SOCKET_PATH = 107
"""Bytes in a Unix socket's path (``sun_path`` holds 108, the last a NUL)."""


def socket_path_problem(path: Path) -> str | None:
    """Why no socket can listen at ``path`` (None: one can): a path over the Unix limit."""
    size = len(os.fsencode(path))
    if size <= LONGEST_SOCKET_PATH:
        return None
    return (
        f"the socket path {path} is {size} bytes long, over the {LONGEST_SOCKET_PATH} a Unix "
        "socket allows: --socket chooses a shorter one"
    )


NOT_A_FOLDER = "{0} is not a folder"
NOT_YOURS = "{0} belongs to another user: --socket chooses another place"
OPEN_TO_OTHERS = "{0} can be changed by other users: --socket chooses another place"


def folder_problem(folder: Path) -> str | None:
    """Why the socket may not go in ``folder`` (None: it may). An existing folder must
    be a real folder of this user's that nobody else may change: in /tmp anyone could
    have made it first."""
    try:
        found = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{folder}: {exc.strerror or exc}"
    return _found_problem(folder, found)


def _found_problem(folder: Path, found: os.stat_result) -> str | None:
    if not stat.S_ISDIR(found.st_mode):
        return NOT_A_FOLDER.format(folder)
    if found.st_uid != os.getuid():
        return NOT_YOURS.format(folder)
    if found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return OPEN_TO_OTHERS.format(folder)
    return None


class SocketFolderRefused(Exception):
    """The socket's folder is not this user's alone; the message is the sentence."""


def make_socket_folder(folder: Path, group: str | None = None) -> None:
    """Make the socket's ``folder`` (0700; 0710 with ``group`` as its group, so the
    group's members may reach the socket) and check it once made, whoever made it: a
    real folder (not a link), this user's, that nobody else could change.
    SocketFolderRefused says why not."""
    gid = None
    if group is not None:
        try:
            gid = grp.getgrnam(group).gr_gid
        except KeyError:
            raise SocketFolderRefused(f"there is no group called {group!r}") from None
    make_private_folder(folder.parent)
    made = True
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        made = False
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        raise SocketFolderRefused(NOT_A_FOLDER.format(folder)) from None
    try:
        problem = _found_problem(folder, os.fstat(descriptor))
        if problem is not None:
            raise SocketFolderRefused(problem)
        if made:
            os.fchmod(descriptor, 0o700)
        if gid is not None:
            os.fchown(descriptor, -1, gid)
            os.fchmod(descriptor, 0o710)
        problem = _found_problem(folder, os.fstat(descriptor))
    except OSError as exc:
        problem = f"{folder}: {exc.strerror or exc}"
    finally:
        os.close(descriptor)
    if problem is not None:
        raise SocketFolderRefused(problem)
