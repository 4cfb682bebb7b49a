"""Wording shared by every game's story and captions."""

from __future__ import annotations

from collections.abc import Sequence


def listed(words: Sequence[str], empty: str = "") -> str:
    """ "Ann", "Ann and Dev", "Ann, Bo and Dev" (``empty`` for none)."""
    if len(words) < 2:
        return "".join(words) or empty
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
