"""What the lobby shows of a game, and where its parts live: the one registration a
game needs (``rules/registry.py`` holds every game's)."""

from __future__ import annotations

from typing import NamedTuple


class Listing(NamedTuple):
    """A game as the lobby lists it, without importing its rules or its screens."""

    id: str
    title: str
    pitch: str
    min_seats: int
    max_seats: int
    seats: str
    """Who sits down, in the words the lobby and the README both use."""
    rules: str
    """Where the game's ``GameInfo`` lives, as ``module:NAME``."""
    captions: str
    """Where its teaching ``Captions`` live, as ``module:NAME`` (the layer above the
    rules: ``parlour teach`` and the coached first game)."""
    ui: str
    """Where its screens (a ``tui.kit.ui.GameUI`` class) live, as ``module:NAME``."""


def located(where: str) -> tuple[str, str]:
    """``module:NAME`` as (module, NAME)."""
    module, _, name = where.partition(":")
    return module, name
