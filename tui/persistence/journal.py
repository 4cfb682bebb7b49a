"""Saves as a journal: a header line, then one line per move, each chained to the last.

A journal is JSON Lines. The first line says what game this is: format, version,
game, seed, seats, setup and when it began. Every move adds one line: the action,
the turn and finished mark it led to, the time, and ``hash``, the SHA-256 of the
line before's hash followed by this line's canonical JSON (every field but
``hash``). A line saying how many notes each seat has read (``read``) is chained
the same way. So a move costs one short append and one fsync, however long the
game, and any change to any line (a flipped byte, two lines swapped, the header of
another game) breaks the chain from there on.

A kill during an append leaves a last line without its newline: that move was
never confirmed (the screen only moves on once the line is durable), so the
reader leaves it out and says so. Any other damage refuses the file with one line.
The state is not stored: loading replays the moves from the seed.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from attrs import frozen

from rules.convert import CONVERTER, action_union
from rules.session import Session
from tui.persistence.save_file import SaveError, no_repeated_keys, read_raw, too_deep

JOURNAL = "parlour-journal"
JOURNAL_VERSION = 3
HEADER_FIELDS = frozenset({"format", "version", "game", "seed", "seats", "config", "begun_at"})
HEADERS = tuple(
    HEADER_FIELDS | extra
    for extra in (
        {"hash"},
        {"turn", "hash"},
        {"rules", "hash"},
        {"rules", "turn", "hash"},
    )
)
"""A header's fields: ``turn`` and ``rules`` (the game's rules edition) came later."""
"""A header's keys: since the first journals it also says the turn when it was written
(what a journal with no moves yet replays to)."""
MOVE_FIELDS = frozenset({"n", "action", "turn", "finished", "at"})
READ_FIELDS = frozenset({"read", "at"})
TORN = (
    "{path}: its last move was cut off while it was being saved (Parlour was stopped "
    "mid-write); that move was never confirmed, so it is left out"
)
BROKEN = (
    "{path} was changed or damaged after it was saved (line {line} does not follow from "
    "the lines before it)"
)


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces; the same text for a value and its read-back."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chained(previous: str, record: dict[str, Any]) -> str:
    """The hash of ``record`` after a line whose hash was ``previous``."""
    text = previous + canonical({k: v for k, v in record.items() if k != "hash"})
    # surrogatepass: a lone surrogate (only ever from damage) still hashes, never raises
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def _encoded(record: dict[str, Any]) -> bytes:
    text = canonical(record)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:  # text that is not valid Unicode: escape it instead
        return json.dumps(record, sort_keys=True, separators=(",", ":")).encode("ascii") + b"\n"


# --- writing ----------------------------------------------------------------------


class Journal:
    """One game's journal file: appends what is new since the last save.

    Knows the moves already in the file (``adopt`` them when the file was read);
    a session that is not those moves plus more (a move taken back, another game)
    rewrites the file whole, atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._actions: tuple[Any, ...] = ()
        self._hash: str | None = None
        """The last line's hash (None: the file is not known to hold this game yet)."""
        self._read: tuple[int, ...] | None = None

    @property
    def moves_on_disk(self) -> int:
        """How many moves the file is known to hold."""
        return len(self._actions)

    def adopt(self, actions: Sequence[Any], last_hash: str, read: tuple[int, ...] | None) -> None:
        """The file as read: these moves, ending with this hash; appends follow them."""
        self._actions, self._hash, self._read = tuple(actions), last_hash, read

    def save(self, session: Session[Any], read: tuple[int, ...] | None = None) -> None:
        """Make ``session`` (and how many notes each seat has read) durable."""
        known = len(self._actions)
        actions = session.actions
        extends = self._hash is not None and len(actions) >= known
        extends = extends and self._actions == tuple(actions[:known])
        if not extends:
            self._rewrite(session, read)
            return
        assert self._hash is not None
        last = self._hash
        lines: list[bytes] = []
        for number in range(known, len(actions)):
            record = self._move(session, number)
            last = record["hash"] = chained(last, record)
            lines.append(_encoded(record))
        if read is not None and read != self._read:
            record = {"read": list(read), "at": _now()}
            last = record["hash"] = chained(last, record)
            lines.append(_encoded(record))
        if lines:
            try:
                self._append(b"".join(lines))
            except FileNotFoundError:  # removed while the game was open: written again
                self._rewrite(session, read)
                return
        self._actions, self._hash = tuple(actions), last
        self._read = read if read is not None else self._read

    def _append(self, raw: bytes) -> None:
        """Add ``raw`` to the file and make it durable. A write that fails part way (a
        full disk) is cut off again, so the file still ends where the last save did;
        where even that fails, the next save rewrites the file whole."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            try:
                view = memoryview(raw)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, size)
                except OSError:
                    self._hash = None
                raise
        finally:
            os.close(fd)

    def _move(self, session: Session[Any], number: int) -> dict[str, Any]:
        union = action_union(session.game.action_types)
        last = number == len(session.actions) - 1
        return {
            "n": number + 1,
            "action": CONVERTER.unstructure(session.actions[number], unstructure_as=union),
            # (the turn and finished mark of the last move are the session's; earlier
            # moves carry theirs only when appended one at a time)
            "turn": session.turn if last else None,
            "finished": session.outcome is not None if last else None,
            "at": _now(),
        }

    def _rewrite(self, session: Session[Any], read: tuple[int, ...] | None) -> None:
        header: dict[str, Any] = {
            "format": JOURNAL,
            "version": JOURNAL_VERSION,
            "game": session.game.id,
            "seed": session.seed,
            "seats": CONVERTER.unstructure(session.seats),
            "config": CONVERTER.unstructure(session.config),
            "begun_at": _now(),
            "turn": session.turn,
            "rules": session.game.rules_edition,
        }
        last = header["hash"] = chained("", header)
        lines = [_encoded(header)]
        for number in range(len(session.actions)):
            record = self._move(session, number)
            last = record["hash"] = chained(last, record)
            lines.append(_encoded(record))
        if read is not None:
            record = {"read": list(read), "at": _now()}
            last = record["hash"] = chained(last, record)
            lines.append(_encoded(record))
        write_atomically(self.path, b"".join(lines))
        self._actions, self._hash, self._read = tuple(session.actions), last, read


def write_atomically(path: Path, raw: bytes) -> None:
    """A temp file in the same folder, fsync, rename, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


# --- reading ----------------------------------------------------------------------


def is_journal(raw: bytes) -> bool:
    """Whether these bytes begin like a journal: a first line naming its format."""
    first = raw[: raw.find(b"\n")] if b"\n" in raw else raw
    return b'"format":"parlour-journal"' in first


@frozen
class Read:
    """A journal as read: the header, the moves' records, the notes read, and whether
    a torn last line was left out (its note)."""

    header: dict[str, Any]
    moves: tuple[dict[str, Any], ...]
    read: tuple[int, ...] | None
    last_hash: str
    note: str | None


def _record(path: Path, line: bytes, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line.decode("utf-8"), object_pairs_hook=no_repeated_keys)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{path} is damaged: line {number} is not complete JSON") from None
    if not isinstance(value, dict) or too_deep(value):
        raise SaveError(f"{path} is damaged: line {number} is not a line of a Parlour save")
    return value


def read_journal(path: Path, raw: bytes | None = None) -> Read:
    """Every line, the chain checked; SaveError with one line for any damage."""
    raw = read_raw(path) if raw is None else raw
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    lines = raw.split(b"\n")
    torn = lines.pop() != b""  # the text after the last newline: a line never finished
    if not lines:
        raise SaveError(TORN.format(path=path) + "; nothing of the game is left")
    header = _record(path, lines[0], 1)
    if header.get("format") != JOURNAL:
        raise SaveError(f"{path} is not a Parlour save file")
    version = header.get("version")
    if version != JOURNAL_VERSION:
        raise SaveError(
            f"{path} was written by save format version {version!r:.20}; this Parlour reads "
            f"versions 1, 2 and {JOURNAL_VERSION}"
        )
    if header.keys() not in HEADERS:
        raise SaveError(f"{path} is damaged: line 1 does not have the fields a save begins with")
    last = header["hash"]
    if last != chained("", header):
        raise SaveError(BROKEN.format(path=path, line=1))
    moves: list[dict[str, Any]] = []
    read: tuple[int, ...] | None = None
    for number, line in enumerate(lines[1:], start=2):
        record = _record(path, line, number)
        if record.get("hash") != chained(last, record):
            raise SaveError(BROKEN.format(path=path, line=number))
        last = record["hash"]
        fields = record.keys() - {"hash"}
        if fields == MOVE_FIELDS and record["n"] == len(moves) + 1:
            moves.append(record)
        elif fields == READ_FIELDS and _counts(record["read"]):
            read = tuple(record["read"])
        else:
            raise SaveError(f"{path} is damaged: line {number} is not a line of a Parlour save")
    return Read(header, tuple(moves), read, last, TORN.format(path=path) if torn else None)


def _counts(value: Any) -> bool:
    return isinstance(value, list) and all(type(n) is int and n >= 0 for n in value)


def rules_edition(read: Read) -> int:
    """The rules edition the journal's game was begun under (1 before editions were kept)."""
    edition = read.header.get("rules", 1)
    return edition if type(edition) is int else 0


def as_save_fields(path: Path, read: Read) -> dict[str, Any]:
    """The journal as the fields of a version-2 save (without the state and the digest,
    which a journal does not keep), for the checks and the replay they share."""
    header, moves = read.header, read.moves
    last = moves[-1] if moves else None
    return {
        "format": "parlour-save",
        "version": JOURNAL_VERSION,
        "game": header["game"],
        "saved_at": last["at"] if last else header["begun_at"],
        "turn": _last_known(moves, "turn", header.get("turn", 0)),
        "finished": _last_known(moves, "finished", False),
        "seed": header["seed"],
        "seats": header["seats"],
        "config": header["config"],
        "actions": [move["action"] for move in moves],
    }


def _last_known(moves: Sequence[dict[str, Any]], key: str, default: Any) -> Any:
    """The last move's ``key`` (the moves of a rewrite carry it only on the last)."""
    return moves[-1][key] if moves else default


TAIL = 64 * 1024
"""How much of a journal's end the resume list reads for its last move."""


def summary_fields(path: Path) -> dict[str, Any]:
    """The fields the resume list shows, from the header and the last move alone (the
    whole file is checked when it is opened): a long game lists as fast as a short one."""
    try:
        with open(path, "rb") as handle:
            head = handle.readline(TAIL)
            size = os.fstat(handle.fileno()).st_size
            handle.seek(max(len(head), size - TAIL))
            tail = handle.read()
    except OSError as exc:
        raise SaveError(f"{path} cannot be read ({exc.strerror or exc})") from None
    if not head.endswith(b"\n"):
        return as_save_fields(path, read_journal(path, head))  # its own refusal
    header = _record(path, head.removeprefix(b"\xef\xbb\xbf"), 1)
    if header.keys() not in HEADERS or header["hash"] != chained("", header):
        raise SaveError(BROKEN.format(path=path, line=1))
    moves = []
    for line in reversed(tail.split(b"\n")[1:-1] if size > TAIL else tail.split(b"\n")[:-1]):
        record = _record(path, line, 0)
        if record.keys() - {"hash"} == MOVE_FIELDS:
            moves.append(record)
            break
    return as_save_fields(path, Read(header, tuple(moves), None, "", None))
