"""Join codes: one short secret per joined seat, and where the host's socket lives."""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from rules.engine import Seat

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits nobody mistakes for each other when read aloud (no I/1, O/0, L)."""
CODE_LENGTH = 6
"""31^6: about 890 million codes, and every wrong try is slowed down."""
SOCKET_NAME = "table.sock"
CODE_VARIABLE = "PARLOUR_JOIN_CODE"
"""A join code handed to ``parlour join`` by the SSH door (never on a command line)."""


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
    """Where the host's socket lives: the user's runtime folder (``$XDG_RUNTIME_DIR``,
    else one in /tmp that only the user may enter). ``shared``: a folder in /tmp that
    friends with their own accounts can reach (the socket's group decides who)."""
    uid = os.getuid()
    base = os.environ.get("XDG_RUNTIME_DIR")
    if shared or not base:
        return Path("/tmp") / f"parlour-{uid}"
    return Path(base) / "parlour"


def default_socket() -> Path:
    return runtime_folder() / SOCKET_NAME


def folder_problem(folder: Path) -> str | None:
    """Why the socket may not go in ``folder`` (None: it may). An existing folder must
    be a real folder of this user's: in /tmp anyone could have made it first."""
    try:
        found = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{folder}: {exc.strerror or exc}"
    import stat

    if not stat.S_ISDIR(found.st_mode):
        return f"{folder} is not a folder"
    if found.st_uid != os.getuid():
        return f"{folder} belongs to another user: --socket chooses another place"
    return None
