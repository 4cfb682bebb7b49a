"""The games Parlour can play, by id; the TUI and CLI read this.

A game's rules are imported the first time that game is asked for, so the
lobby (which lists every game) and a command about one game start quickly.
The lobby reads ``listings()``: each game's title, seats and pitch, kept here
beside where its ``GameInfo`` lives; tests/test_registry.py checks that each
listing says what the game's own ``GameInfo`` says.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from rules.engine import GameInfo


class Listing(NamedTuple):
    """What the lobby shows of a game, without importing its rules."""

    id: str
    title: str
    pitch: str
    min_seats: int
    max_seats: int
    seats: str
    """Who sits down, in the words the lobby and the README both use."""
    module: str
    """Where the game's GameInfo lives: ``getattr(import_module(module), name)``."""
    name: str


_LISTINGS = (
    Listing(
        "temptress",
        "The Temptress",
        "Court four lookalike women with cards and wit; one of them is the sorceress herself.",
        3,
        6,
        "3 to 5 suitors and a narrator",
        "rules.temptress.game",
        "TEMPTRESS",
    ),
    Listing(
        "island",
        "Temptation Island",
        "A love triangle on shrinking hexes: whoever ends up alone on an island loses.",
        3,
        3,
        "exactly 3 players",
        "rules.island.game",
        "ISLAND",
    ),
    Listing(
        "persuasion",
        "Persuasion",
        "Read the trait cards your suitors mail you, then send your ring to the right one.",
        3,
        8,
        "3 to 8 players",
        "rules.persuasion.game",
        "PERSUASION",
    ),
    Listing(
        "lantern",
        "Ye Olde Rusty Lantern",
        "Bards spin one tale together, playing story elements into it; a Barkeep referees.",
        3,
        9,
        "2 to 8 Bards and a Barkeep",
        "rules.lantern.game",
        "LANTERN",
    ),
)

"""Every game, in lobby order."""

_BY_ID = {listing.id: listing for listing in _LISTINGS}
_LOADED: dict[str, GameInfo[Any, Any]] = {}


def ids() -> tuple[str, ...]:
    """Every registered game's id, in lobby order (imports no rules)."""
    return tuple(_BY_ID)


def listings() -> tuple[Listing, ...]:
    """Every registered game's title, seats and pitch, in lobby order (imports no rules)."""
    return _LISTINGS


def _load(game_id: str) -> GameInfo[Any, Any]:
    game = _LOADED.get(game_id)
    if game is None:
        listing = _BY_ID[game_id]
        game = _LOADED[game_id] = getattr(import_module(listing.module), listing.name)
    return game


def games() -> dict[str, GameInfo[Any, Any]]:
    """Every registered game, in lobby order (imports every game's rules)."""
    return {game_id: _load(game_id) for game_id in _BY_ID}


def get(game_id: str) -> GameInfo[Any, Any]:
    """The game with this id, or KeyError with the known ids listed."""
    if game_id not in _BY_ID:
        known = ", ".join(_BY_ID)
        raise KeyError(f"no game called {game_id!r} (known: {known})")
    return _load(game_id)
