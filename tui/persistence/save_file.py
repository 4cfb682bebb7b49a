"""Reading a save file safely: its bytes, its JSON and its plain fields, each fault
refused with one line for a player (``SaveError``), never a traceback.

Checked before anything else looks at the data: the file is an ordinary file
of a sane size, complete UTF-8 JSON with no name given twice and no absurd
nesting, a Parlour save of a version this Parlour reads, with exactly the
right fields, the plain ones (not replayed) of the right kind.
"""

from __future__ import annotations

import json
import stat
from datetime import datetime
from pathlib import Path
from typing import Any

from rules.session import BOT, PERSON

FORMAT = "parlour-save"
VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Version 1 is version 2 without the checksum."""

LAYOUT = (
    "format",
    "version",
    "game",
    "saved_at",
    "turn",
    "finished",
    "seed",
    "seats",
    "config",
    "actions",
    "state",
)
"""The order of the fields in the file, for a person reading it."""
FIELDS = frozenset(LAYOUT)
MAX_BYTES = 64 * 1024 * 1024
"""Far more than any real save; a bigger file is not read into memory."""
MAX_DEPTH = 64
"""Real saves nest about six deep; deeper JSON is damage, refused before anything recurses."""
LONGEST_MESSAGE = 400


class SaveError(ValueError):
    """A save file that cannot be used; the message is one line for a player."""

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


def _one_line(text: str) -> str:
    """``text`` with anything that is not printable shown escaped, and not too long."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > LONGEST_MESSAGE:
        text = text[: LONGEST_MESSAGE - 1] + "…"
    return text


def shown(value: Any, limit: int = 40) -> str:
    """A value from the file, quoted and short enough for a message."""
    if isinstance(value, list | dict):
        return "[…]" if isinstance(value, list) else "{…}"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def too_deep(data: Any) -> bool:
    """Whether the JSON nests deeper than ``MAX_DEPTH`` (checked without recursion, one
    level at a time: every snapshot a seat is sent is checked, so it is kept quick)."""
    level = [data]
    for _ in range(MAX_DEPTH):
        deeper: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                deeper.extend(value.values())
            elif isinstance(value, list):
                deeper.extend(value)
        if not deeper:
            return False
        level = deeper
    return True


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a name given twice is damage (JSON readers disagree on which wins)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return data


def read_raw(path: Path, limit: int | None = None) -> bytes:
    """The file's bytes (the first ``limit`` of them), after the checks that it is an
    ordinary file of a sane size."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"{path} is a folder, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path} is not an ordinary file, so it is not a save file")
        if info.st_size > MAX_BYTES:
            raise SaveError(f"{path} is far too large to be a Parlour save")
        if limit is not None:
            with open(path, "rb") as handle:
                return handle.read(limit)
        return path.read_bytes()
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except FileNotFoundError:
        raise SaveError(f"{path} does not exist") from None
    except OSError as exc:
        raise SaveError(f"{path} cannot be read ({exc.strerror or exc})") from None


def read_json(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    raw = read_raw(path) if raw is None else raw
    if not raw.strip():
        raise SaveError(f"{path} is empty")
    try:
        # utf-8-sig: a byte-order mark some editors add is not damage.
        data = json.loads(raw.decode("utf-8-sig"), object_pairs_hook=no_repeated_keys)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is damaged or cut short: it is not complete JSON") from None
    except _RepeatedKey as exc:
        raise SaveError(f"{path} is damaged: it gives the field {shown(exc.key)} twice") from None
    except RecursionError:
        raise SaveError(f"{path} is damaged: it is nested far too deeply to be a save") from None
    except ValueError:  # a whole number with thousands of digits
        raise SaveError(f"{path} is damaged: it holds a number far too long to read") from None
    if too_deep(data):
        raise SaveError(f"{path} is damaged: it is nested far too deeply to be a save")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Parlour save file")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise SaveError(
            f"{path} was written by save format version {shown(version)}; "
            f"this Parlour reads versions {readable}"
        )
    return data


def check_fields(path: Path, data: dict[str, Any]) -> None:
    """The right fields, and the plain ones (not replayed) of the right kind."""
    version = data["version"]
    expected = {1: FIELDS, 2: FIELDS | {"digest"}}.get(version, FIELDS - {"state"})
    missing = expected - data.keys()
    if missing:
        raise SaveError(f"{path} is missing {', '.join(sorted(missing))}")
    extra = data.keys() - expected
    if extra:
        names = ", ".join(_one_line(name)[:40] for name in sorted(extra)[:5])
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        raise SaveError(f"{path} has fields no Parlour save has: {names}{more}")
    if not isinstance(data["game"], str):
        raise SaveError(f"{path}: the name of its game is damaged")
    if not isinstance(data["saved_at"], str) or not _is_time(data["saved_at"]):
        raise SaveError(f"{path}: the time it was saved is damaged")
    turn = data["turn"]
    if type(turn) is not int or turn < 0:
        raise SaveError(f"{path}: its turn number is damaged")
    if type(data["finished"]) is not bool:
        raise SaveError(f"{path}: its finished mark is damaged (it should be true or false)")
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveError(f"{path}: the seed is not a whole number")
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise SaveError(f"{path}: the list of seats is damaged")
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat.get("name"), str) or seat.get("kind", PERSON) not in (PERSON, BOT):
            raise SaveError(f"{path}: seat {number} is damaged")
    if not isinstance(data["config"], dict):
        raise SaveError(f"{path}: the game's setup is damaged")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise SaveError(f"{path}: the action list is damaged")
    if version < 3 and not isinstance(data["state"], dict):
        raise SaveError(f"{path}: the saved table is damaged")


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True
