"""Save files, checked by replay: journals (version 3), and the whole-file JSON before them.

The app writes journals (``tui.persistence.journal``: a line per move). The older format,
still read (and written here for the tests of it), holds the game id, config,
seed, seats, every action and the resulting state, and (from version 2)
``digest``: the SHA-256 of the canonical JSON of every other field, so damage
anywhere in the file is noticed. Loading replays the actions from the seed and
refuses the file, with one line saying why, when anything does not match.
Version 1 saves (no checksum) are still read; they are checked by replay alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import cattrs
from attrs import evolve, frozen

from rules import registry
from rules.convert import CONVERTER, action_union, describe_error
from rules.engine import IllegalAction
from rules.names import text_fault
from rules.session import SeatPlan, Session
from tui.persistence.journal import (
    JOURNAL_VERSION,
    TAIL,
    as_save_fields,
    is_journal,
    read_journal,
    rules_edition,
    summary_fields,
)
from tui.persistence.save_file import (
    FORMAT,
    MAX_BYTES,
    READABLE_VERSIONS,
    VERSION,
    SaveError,
    check_fields,
    read_json,
    read_raw,
    shown,
)
from tui.persistence.save_lock import SaveLock
from tui.persistence.save_v2 import digest_of, head_fields


@frozen
class SaveSummary:
    """What the resume list shows about a save, read without replaying it."""

    path: Path
    game_title: str
    seats: tuple[str, ...]
    saved_at: str
    turn: int
    finished: bool
    turn_word: str = "turn"
    """What ``turn`` counts: the game's turns, or (the Temptress) its rounds."""


def new_save_path(folder: Path, game_id: str, suffix: str = ".json") -> Path:
    """A new file in ``folder`` named by the game and the time (never the seed, which
    would give every hand away), numbered ``-2``, ``-3``... if the name is taken.

    The name is claimed by creating the file, empty, only if it does not exist yet
    (``O_EXCL``), so two games begun in the same second, in two windows, never share
    one. SaveError, before any game starts, when the folder cannot be written."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(_CANNOT_SAVE.format(folder=folder, why=exc.strerror or exc)) from None
    for counter in range(1, 10_000):
        number = f"-{counter}" if counter > 1 else ""
        path = folder / f"{game_id}-{stamp}{number}{suffix}"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        except OSError as exc:
            raise SaveError(_CANNOT_SAVE.format(folder=folder, why=exc.strerror or exc)) from None
        return path
    raise SaveError(_CANNOT_SAVE.format(folder=folder, why="every name for this second is taken"))


_CANNOT_SAVE = "Games cannot be saved in {folder} ({why}): choose another folder with --saves"


# --- reading ----------------------------------------------------------------------


def _game(path: Path, data: dict[str, Any]) -> Any:
    try:
        return registry.get(data["game"])
    except KeyError:
        known = ", ".join(registry.ids())
        raise SaveError(f"{path}: no game called {shown(data['game'])} (known: {known})") from None


_CHANGED = "{path} was changed or damaged after it was saved (its checksum does not match)"


def _digest_matches(data: dict[str, Any]) -> bool:
    """Whether the checksum fits the fields (version 1 saves have none to check)."""
    return data["version"] < 2 or data["digest"] == digest_of(data)


def _check_digest(path: Path, data: dict[str, Any]) -> None:
    if not _digest_matches(data):
        raise SaveError(_CHANGED.format(path=path))


def _structure(path: Path, value: Any, kind: Any, where: str) -> Any:
    """``value`` as ``kind``; SaveError naming ``where`` and the first few bad fields."""
    try:
        return CONVERTER.structure(value, kind)
    except cattrs.BaseValidationError as exc:
        problems = [p.removeprefix("(top level): ") for p in describe_error(exc).split("; ")]
        more = f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
        raise SaveError(f"{path} is damaged: in {where}, {'; '.join(problems[:3])}{more}") from None
    except Exception:
        problem = "a value is not what belongs there"
        raise SaveError(f"{path} is damaged: in {where}, {problem}") from None


OLDER_RULES = (
    "{path}: this game was begun under an earlier edition of {title}'s rules, and its "
    "moves no longer replay under this Parlour's; it cannot be resumed (start a new game)"
)


def load(path: Path) -> Session:
    """Read, replay and check a save; SaveError with one line for any fault."""
    return open_save(path).session


@frozen
class Opened:
    """A save as opened to play on: the session, and of a journal the note on a torn last
    line left out, how many notes each seat had read, and the last line's hash (None:
    not a journal, or its tail was torn: the next save writes the file anew)."""

    session: Session[Any]
    note: str | None = None
    read: tuple[int, ...] | None = None
    last_hash: str | None = None
    lock: SaveLock | None = None
    """Held while the game is played here (``open_save(path, lock=True)``)."""


def open_save(path: Path, *, lock: bool = False) -> Opened:
    """``load``, with what a journal says besides the moves (``Opened``). With ``lock``,
    to play on: refused when another window has the game open, else locked for this one."""
    held = SaveLock.take(path) if lock else None
    try:
        opened = _load(path)
    except SaveError:
        if held is not None:
            held.release()
        raise
    except Exception:  # a fault no check above foresaw: still one line, never a traceback
        if held is not None:
            held.release()
        raise SaveError(f"{path} is damaged in a way Parlour cannot read") from None
    return evolve(opened, lock=held)


def load_noted(path: Path) -> tuple[Session, str | None]:
    """``load``, and the note to show when a journal's torn last line was left out."""
    opened = open_save(path)
    return opened.session, opened.note


def _load(path: Path) -> Opened:
    raw = read_raw(path)
    journal_read = read_journal(path, raw) if is_journal(raw) else None
    data = read_json(path, raw) if journal_read is None else as_save_fields(path, journal_read)
    check_fields(path, data)
    _check_texts(path, data)
    game = _game(path, data)
    journal = data["version"] >= JOURNAL_VERSION  # (its chain was checked as it was read)
    # Of the data as read, before anything else looks at it; compared after the replay,
    # so a change the replay can explain is refused with that reason instead.
    checksum_matches = journal or _digest_matches(data)
    seed = data["seed"]
    union = action_union(game.action_types)
    kinds = {kind.__name__ for kind in game.action_types}
    seats = _structure(path, data["seats"], tuple[SeatPlan, ...], "the seats")
    config = _structure(path, data["config"], game.config_type, f"its {game.title} setup")
    actions = []
    for number, action in enumerate(data["actions"], start=1):
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in kinds:
            raise SaveError(
                f"{path} is damaged: action {number} is of a kind {game.title} does not have "
                f"({shown(kind)})"
            )
        actions.append(_structure(path, action, union, f"action {number}"))
    stored_state = (
        None if journal else _structure(path, data["state"], game.state_type, "the saved table")
    )
    try:
        session = Session.start(game, config, seed, seats)
        players = session.table_size
    except IllegalAction as exc:
        raise SaveError(f"{path}: its setup cannot start a game ({exc.reason})") from None
    except Exception:  # the game's own code tripped on the damage: nothing to quote
        raise SaveError(f"{path}: its setup is damaged and cannot start a game") from None
    if len(seats) < players:
        raise SaveError(f"{path}: it lists {len(seats)} seats for a {players}-seat game")
    # Seats beyond the setup's were added by moves (someone walked in): the replay seats
    # them again, and then they must be the ones the file lists.
    session = evolve(session, seats=seats[:players])
    # A journal (its chain holds) begun under an earlier edition of the rules: a move
    # that no longer replays is the rules' change, not damage. (A version 1 or 2 save
    # keeps no edition.)
    edition = 0 if journal_read is None else rules_edition(journal_read)
    older = 0 < edition < game.rules_edition
    for number, action in enumerate(actions, start=1):
        try:
            session = session.apply(action)
        except IllegalAction as exc:
            if older:
                raise SaveError(OLDER_RULES.format(path=path, title=game.title)) from None
            raise SaveError(
                f"{path}: action {number} does not replay ({exc.reason}); the file was edited"
            ) from None
        except Exception:
            raise SaveError(f"{path}: action {number} is damaged and cannot replay") from None
    seats = _seated_by_moves(path, seats, session.seats)
    session = evolve(session, seats=seats)
    if not journal and not session.holds(stored_state):
        raise SaveError(f"{path}: the saved table does not match its replayed moves; it was edited")
    if not checksum_matches:
        raise SaveError(_CHANGED.format(path=path))
    # Not part of the replayed table, so checked here (a re-checksummed edit, or version 1).
    # Saves written before a game counted its own turns (the Temptress's rounds, the
    # Lantern's passages) hold the number of moves instead: still theirs.
    legacy = (len(session.actions),) if game.turn_word != "turn" else ()
    if data["actions"] and data["turn"] not in (session.turn, *legacy):
        word = game.turn_word
        raise SaveError(
            f"{path}: it says {word} {data['turn']} but its moves replay to {word} "
            f"{session.turn}; it was edited"
        )
    if data["finished"] != (session.outcome is not None):
        said = "finished" if data["finished"] else "still going"
        raise SaveError(
            f"{path}: it says the game is {said} but its moves replay otherwise; it was edited"
        )
    if journal_read is None:
        return Opened(session)
    read = journal_read.read
    if read is not None and len(read) != len(seats):
        raise SaveError(f"{path}: it counts the notes read of {len(read)} seats, not {len(seats)}")
    tail = None if journal_read.note else journal_read.last_hash
    return Opened(session, journal_read.note, read, tail)


def _seated_by_moves(
    path: Path, listed: tuple[SeatPlan, ...], replayed: tuple[SeatPlan, ...]
) -> tuple[SeatPlan, ...]:
    """The seats of a replayed game: those the file lists (a seat added by a move keeps
    what the file says of it), then any the moves added since the list was written."""
    if len(listed) > len(replayed):
        raise SaveError(f"{path}: it lists {len(listed)} seats for a {len(replayed)}-seat game")
    if any(a.name != b.name for a, b in zip(listed, replayed, strict=False)):
        raise SaveError(f"{path}: its seats do not match those its moves seat; it was edited")
    return listed + replayed[len(listed) :]


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _check_texts(path: Path, data: Mapping[str, Any]) -> None:
    """No text in a save may hold what a screen cannot show as itself (a terminal
    escape, say): Parlour never writes one, so it came from an edit."""
    for text in _texts(dict(data)):
        fault = text_fault(text)
        if fault:
            raise SaveError(f"{path}: a text in it {fault}; it was edited")


def summarise(path: Path) -> SaveSummary:
    """The resume-list line of a save (checksum, no replay); SaveError when unusable.
    Of a journal only the first line and the last move are read; of a version 2 save
    over 64 KB only its first fields: a long game lists as fast as a short one."""
    raw = read_raw(path, TAIL)
    head = head_fields(raw) if len(raw) == TAIL and not is_journal(raw) else None
    if head is not None:  # a long version 2 save: its start alone, checked when opened
        data = {**head, "actions": [], "state": {}}
        data.update({"digest": ""} if head.get("version") == 2 else {})
    else:
        data = summary_fields(path) if is_journal(raw) else read_json(path)
    check_fields(path, data)
    _check_texts(path, data)
    if data["version"] < JOURNAL_VERSION and head is None:
        _check_digest(path, data)
    game = _game(path, data)
    return SaveSummary(
        path,
        game.title,
        tuple(seat["name"] for seat in data["seats"]),
        data["saved_at"],
        data["turn"],
        data["finished"],
        game.turn_word,
    )


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # e.g. a link to nothing: listed last, and its problem shown
        return 0.0


def list_saves(folder: Path) -> tuple[tuple[SaveSummary | None, Path, str], ...]:
    """Every ``*.json`` in the folder, newest first: (summary or None, path, problem)."""
    if not folder.is_dir():
        return ()
    found: list[tuple[SaveSummary | None, Path, str]] = []
    for path in sorted(folder.glob("*.json"), key=_modified, reverse=True):
        try:
            found.append((summarise(path), path, ""))
        except SaveError as exc:
            found.append((None, path, str(exc)))
        except Exception:  # the list must never crash; the same fault as load would say
            found.append((None, path, f"{path} is damaged in a way Parlour cannot read"))
    return tuple(found)


__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "READABLE_VERSIONS",
    "VERSION",
    "SaveError",
    "SaveSummary",
    "Opened",
    "digest_of",
    "list_saves",
    "load",
    "load_noted",
    "new_save_path",
    "open_save",
    "summarise",
]
