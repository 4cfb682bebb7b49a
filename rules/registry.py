"""The games Parlour can play, by id; the TUI and CLI read this."""

from __future__ import annotations

from typing import Any

from rules.engine import GameInfo


def _load() -> dict[str, GameInfo[Any]]:
    from rules.island.game import ISLAND
    from rules.lantern.game import LANTERN
    from rules.persuasion.game import PERSUASION
    from rules.temptress.game import TEMPTRESS

    games = (TEMPTRESS, ISLAND, PERSUASION, LANTERN)
    return {game.id: game for game in games}


_GAMES: dict[str, GameInfo[Any]] | None = None


def games() -> dict[str, GameInfo[Any]]:
    """Every registered game, in lobby order."""
    global _GAMES
    if _GAMES is None:
        _GAMES = _load()
    return _GAMES


def get(game_id: str) -> GameInfo[Any]:
    """The game with this id, or KeyError with the known ids listed."""
    try:
        return games()[game_id]
    except KeyError:
        known = ", ".join(games())
        raise KeyError(f"no game called {game_id!r} (known: {known})") from None
