"""The games Parlour can play, by id; the TUI and CLI read this.

A game's rules are imported the first time that game is asked for, so the
lobby (which lists every game) and a command about one game start quickly.
The lobby reads ``listings()``: each game's title, seats and pitch, kept here
and checked against the game's own ``GameInfo`` whenever the games are loaded,
so the two cannot drift apart unnoticed.
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


_WHERE = {
    "temptress": ("rules.temptress.game", "TEMPTRESS"),
    "island": ("rules.island.game", "ISLAND"),
    "persuasion": ("rules.persuasion.game", "PERSUASION"),
    "lantern": ("rules.lantern.game", "LANTERN"),
}
"""Each game's id and where its GameInfo lives, in lobby order."""

_LISTINGS = (
    Listing(
        "temptress",
        "The Temptress",
        "Court four lookalike women with cards and wit; one of them is the sorceress herself.",
        3,
        6,
    ),
    Listing(
        "island",
        "Temptation Island",
        "A love triangle on shrinking hexes: whoever ends up alone on an island loses.",
        3,
        3,
    ),
    Listing(
        "persuasion",
        "Persuasion",
        "Read the trait cards your suitors mail you, then send your ring to the right one.",
        3,
        8,
    ),
    Listing(
        "lantern",
        "Ye Olde Rusty Lantern",
        "Bards spin one tale together, playing story elements into it; a Barkeep referees.",
        3,
        9,
    ),
)

_LOADED: dict[str, GameInfo[Any]] = {}


def ids() -> tuple[str, ...]:
    """Every registered game's id, in lobby order (imports no rules)."""
    return tuple(_WHERE)


def listings() -> tuple[Listing, ...]:
    """Every registered game's title, seats and pitch, in lobby order (imports no rules)."""
    return _LISTINGS


def _load(game_id: str) -> GameInfo[Any]:
    game = _LOADED.get(game_id)
    if game is None:
        module, name = _WHERE[game_id]
        game = _LOADED[game_id] = getattr(import_module(module), name)
    return game


def games() -> dict[str, GameInfo[Any]]:
    """Every registered game, in lobby order (imports every game's rules)."""
    loaded = {game_id: _load(game_id) for game_id in _WHERE}
    for listing in _LISTINGS:
        game = loaded[listing.id]
        actual = Listing(game.id, game.title, game.pitch, game.min_seats, game.max_seats)
        if actual != listing:
            raise RuntimeError(f"rules/registry.py lists {listing}, but the game says {actual}")
    return loaded


def get(game_id: str) -> GameInfo[Any]:
    """The game with this id, or KeyError with the known ids listed."""
    if game_id not in _WHERE:
        known = ", ".join(_WHERE)
        raise KeyError(f"no game called {game_id!r} (known: {known})")
    return _load(game_id)
