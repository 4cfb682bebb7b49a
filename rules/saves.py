"""Save files: versioned JSON, written atomically, checked by replay on load.

A save holds the game id, config, seed, seats, every action and the resulting
state. Loading replays the actions from the seed and refuses the file, with
one line saying why, when anything does not match.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from attrs import frozen

from rules import registry
from rules.convert import CONVERTER, action_union, describe_error
from rules.engine import IllegalAction
from rules.session import SeatPlan, Session

FORMAT = "parlour-save"
VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be used; the message is one line for a player."""


@frozen
class SaveSummary:
    """What the resume list shows about a save, read without replaying it."""

    path: Path
    game_title: str
    seats: tuple[str, ...]
    saved_at: str
    turn: int
    finished: bool


def default_folder(cwd: Path | None = None) -> Path:
    """``./saves`` when it exists, else the user's data folder."""
    local = (cwd or Path.cwd()) / "saves"
    if local.is_dir():
        return local
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "parlour" / "saves"


def new_save_path(folder: Path, game_id: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}-seed{seed}.json"
    counter = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-seed{seed}-{counter}.json"
        counter += 1
    return path


def encode(session: Session) -> dict[str, Any]:
    union = action_union(session.game.action_types)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game.id,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "turn": session.turn,
        "finished": session.outcome is not None,
        "seed": session.seed,
        "seats": CONVERTER.unstructure(session.seats),
        "config": CONVERTER.unstructure(session.config),
        "actions": [CONVERTER.unstructure(a, unstructure_as=union) for a in session.actions],
        "state": CONVERTER.unstructure(session.state),
    }


def write(session: Session, path: Path) -> None:
    """Write atomically: a temp file in the same folder, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(encode(session), separators=(",", ":"))
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
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


def _read_json(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except FileNotFoundError:
        raise SaveError(f"{path} does not exist") from None
    except OSError as exc:
        raise SaveError(f"{path} cannot be read ({exc.strerror or exc})") from None
    if not raw.strip():
        raise SaveError(f"{path} is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is damaged or cut short: it is not complete JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Parlour save file")
    version = data.get("version")
    if version != VERSION:
        raise SaveError(
            f"{path} was written by save format version {version!r}; this Parlour reads {VERSION}"
        )
    return data


def load(path: Path) -> Session:
    """Read, replay and check a save; SaveError with one line for any fault."""
    data = _read_json(path)
    expected = {"format", "version", "game", "saved_at", "turn", "finished", "seed", "seats",
                "config", "actions", "state"}
    missing = expected - data.keys()
    if missing:
        raise SaveError(f"{path} is missing {', '.join(sorted(missing))}")
    extra = data.keys() - expected
    if extra:
        raise SaveError(f"{path} has fields no Parlour save has: {', '.join(sorted(extra))}")
    try:
        game = registry.get(str(data["game"]))
    except KeyError as exc:
        raise SaveError(f"{path}: {exc.args[0]}") from None
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(f"{path}: the seed is not a whole number")
    union = action_union(game.action_types)
    try:
        seats = CONVERTER.structure(data["seats"], tuple[SeatPlan, ...])
        config = CONVERTER.structure(data["config"], game.config_type)
        if not isinstance(data["actions"], list):
            raise SaveError(f"{path}: the action list is damaged")
        actions = [CONVERTER.structure(a, union) for a in data["actions"]]
        stored_state = CONVERTER.structure(data["state"], game.state_type)
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError(f"{path} is damaged: {describe_error(exc)}") from None
    try:
        session = Session.start(game, config, seed, seats)
    except (IllegalAction, ValueError, TypeError) as exc:
        raise SaveError(f"{path}: its setup cannot start a game ({exc})") from None
    players = len(game.seat_names(session.state))
    if len(seats) != players:
        raise SaveError(f"{path}: it lists {len(seats)} seats for a {players}-seat game")
    for number, action in enumerate(actions, start=1):
        try:
            session = session.apply(action)
        except IllegalAction as exc:
            raise SaveError(
                f"{path}: action {number} does not replay ({exc.reason}); the file was edited"
            ) from None
        except Exception:
            raise SaveError(f"{path}: action {number} is damaged and cannot replay") from None
    if session.state != stored_state:
        raise SaveError(f"{path}: the saved table does not match its replayed moves; it was edited")
    return session


def summarise(path: Path) -> SaveSummary:
    """The resume-list line of a save (no replay); SaveError when unreadable."""
    data = _read_json(path)
    try:
        title = registry.get(str(data.get("game"))).title
    except KeyError:
        raise SaveError(f"{path}: unknown game {data.get('game')!r}") from None
    try:
        seats = tuple(str(s["name"]) for s in data["seats"])
        return SaveSummary(
            path, title, seats, str(data["saved_at"]), int(data["turn"]), bool(data["finished"])
        )
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{path} is damaged") from None


def list_saves(folder: Path) -> tuple[tuple[SaveSummary | None, Path, str], ...]:
    """Every ``*.json`` in the folder, newest first: (summary or None, path, problem)."""
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            found.append((summarise(path), path, ""))
        except SaveError as exc:
            found.append((None, path, str(exc)))
    return tuple(found)
