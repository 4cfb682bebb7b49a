"""The save format before journals (version 2): one JSON object with every field, the
state and a checksum, written whole. Still read (``tui.persistence.saves``), never
written by the app (the tests write it, ``tests/v2_saves.py``): ``digest_of`` checks
its checksum and ``head_fields`` reads the plain fields at its start, for the resume
list."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from tui.persistence.save_file import LAYOUT, no_repeated_keys, too_deep


def _canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces; the same text for a value and its read-back."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _checksum(text: str) -> str:
    # surrogatepass: a lone surrogate (only ever from damage) still hashes, never raises
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def digest_of(data: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the canonical JSON of every field but ``digest``.

    Canonical: keys sorted, no spaces, text as UTF-8, so the checksum does not
    depend on how the file was laid out, only on what it says.
    """
    return _checksum(_canonical({key: value for key, value in data.items() if key != "digest"}))


HEAD = LAYOUT[: LAYOUT.index("actions")]
"""The fields a version 2 file lists before its moves: all the resume list shows."""


def head_fields(raw: bytes) -> dict[str, Any] | None:
    """The fields before the moves, read from the first bytes of a file as this module
    writes it (``LAYOUT`` order); None when the file does not begin so (an edit, say),
    and the whole file must be read instead. Only the checksum and the replay, when
    the game is opened, tell whether the rest is sound."""
    text = raw.decode("utf-8-sig", errors="replace")
    decoder = json.JSONDecoder(object_pairs_hook=no_repeated_keys)
    fields: dict[str, Any] = {}
    at = len(text) - len(text.lstrip())
    if not text.startswith("{", at):
        return None
    at += 1
    try:
        for expected in HEAD:
            key, at = decoder.raw_decode(text, at)
            if key != expected or text[at] != ":":
                return None
            fields[key], at = decoder.raw_decode(text, at + 1)
            if text[at] != "," or too_deep(fields[key]):
                return None
            at += 1
    except (ValueError, IndexError, RecursionError):
        return None
    return fields
