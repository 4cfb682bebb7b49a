"""Writing the save format before journals (version 2), which the app only reads: old
saves, written the way Parlour wrote them then, for the tests (and benches) of reading
them (``tui.persistence.save_v2``)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from rules.convert import CONVERTER, action_union
from rules.session import Session
from tui.persistence.journal import write_atomically
from tui.persistence.save_file import FORMAT, LAYOUT, VERSION
from tui.persistence.save_v2 import _canonical, _checksum


def _fields(session: Session) -> dict[str, Any]:
    """Every field of the save but the actions and the digest, unstructured."""
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
        "state": CONVERTER.unstructure(session.state),
    }


class _ActionTexts:
    """The canonical JSON of each action of the game last saved.

    A session only ever grows by appending actions, so the next save reuses the
    texts of every action it shares with the last one and encodes only the new.
    """

    def __init__(self) -> None:
        self.actions: tuple[Any, ...] = ()
        self.texts: list[str] = []

    def of(self, session: Session) -> list[str]:
        actions = session.actions
        known = len(self.actions)
        shared = known <= len(actions) and all(
            a is b for a, b in zip(self.actions, actions[:known], strict=True)
        )
        if not shared:
            known, self.texts = 0, []
        union = action_union(session.game.action_types)
        self.texts = self.texts[:known] + [
            _canonical(CONVERTER.unstructure(a, unstructure_as=union)) for a in actions[known:]
        ]
        self.actions = tuple(actions)
        return self.texts


_ACTION_TEXTS = _ActionTexts()


def encode_text(session: Session) -> str:
    """The save file's text: canonical JSON of every field, the digest among them.

    The JSON is put together field by field (json.dumps is compositional), so the
    action texts can be reused from the previous save of the same game. The file
    lists the fields in ``LAYOUT`` order (the digest last); the digest itself is
    of the fields in sorted order, as ``digest_of`` reads them back.
    """
    fields = _fields(session)
    parts = {key: _canonical(value) for key, value in fields.items()}
    parts["actions"] = "[" + ",".join(_ACTION_TEXTS.of(session)) + "]"

    def joined(items: dict[str, str], keys: list[str]) -> str:
        return "{" + ",".join(f"{_canonical(k)}:{items[k]}" for k in keys) + "}"

    parts["digest"] = _canonical(_checksum(joined(parts, sorted(parts))))
    return joined(parts, [*LAYOUT, "digest"])


def write(session: Session, path: Path) -> None:
    """Write the whole file atomically: a temp file in the same folder, fsync, rename."""
    text = encode_text(session)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:  # text that is not valid Unicode: escape it instead
        raw = json.dumps(json.loads(text), separators=(",", ":"), sort_keys=True).encode("ascii")
    write_atomically(path, raw)


