"""The games Parlour can play, by id, in lobby order: adding a game is adding its
``Listing`` here (its title, seats and pitch are written here and nowhere else).

A game's rules are imported the first time that game is asked for, so the lobby
(which lists every game) and a command about one game start quickly.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from rules.listing import Listing, located

if TYPE_CHECKING:
    from rules.engine import GameInfo

LISTINGS: tuple[Listing, ...] = (
    Listing(
        "temptress",
        "The Temptress",
        "Court four lookalike women with cards and wit; one of them is the sorceress herself.",
        3,
        6,
        "3 to 5 suitors and a narrator",
        "rules.temptress.game:TEMPTRESS",
        "rules.temptress.captions:CAPTIONS",
        "tui.temptress.ui:TemptressUI",
    ),
    Listing(
        "island",
        "Temptation Island",
        "A love triangle on shrinking hexes: whoever ends up alone on an island loses.",
        3,
        3,
        "exactly 3 players",
        "rules.island.game:ISLAND",
        "rules.island.captions:CAPTIONS",
        "tui.island.ui:IslandUI",
    ),
    Listing(
        "persuasion",
        "Persuasion",
        "Read the trait cards your suitors mail you, then send your ring to the right one.",
        3,
        8,
        "3 to 8 players",
        "rules.persuasion.game:PERSUASION",
        "rules.persuasion.captions:CAPTIONS",
        "tui.persuasion.ui:PersuasionUI",
    ),
    Listing(
        "lantern",
        "Ye Olde Rusty Lantern",
        "Bards spin one tale together, playing story elements into it; a Barkeep referees.",
        3,
        9,
        "2 to 8 Bards and a Barkeep",
        "rules.lantern.game:LANTERN",
        "rules.lantern.captions:CAPTIONS",
        "tui.lantern.ui:LanternUI",
    ),
)
"""Every game, in lobby order."""


def ids() -> tuple[str, ...]:
    """Every registered game's id, in lobby order (imports no rules)."""
    return tuple(listing.id for listing in LISTINGS)


def listings() -> tuple[Listing, ...]:
    """Every registered game's title, seats and pitch, in lobby order (imports no rules)."""
    return LISTINGS


def listing(game_id: str) -> Listing:
    """The listing of ``game_id``, or KeyError with the known ids listed."""
    for found in LISTINGS:
        if found.id == game_id:
            return found
    raise KeyError(f"no game called {game_id!r} (known: {', '.join(ids())})")


def load(where: str) -> Any:
    """What ``module:NAME`` names (its module imported now)."""
    module, name = located(where)
    return getattr(import_module(module), name)


def games() -> dict[str, GameInfo[Any, Any]]:
    """Every registered game, in lobby order (imports every game's rules)."""
    return {game_id: get(game_id) for game_id in ids()}


def get(game_id: str) -> GameInfo[Any, Any]:
    """The game with this id, or KeyError with the known ids listed."""
    game: GameInfo[Any, Any] = load(listing(game_id).rules)
    return game
