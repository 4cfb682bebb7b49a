"""Which games have screens, and where (each game's listing says): each game's UI is
imported when it is played.

The lobby lists the playable games without importing any game's screens or
rules, so that the first frame comes quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules import registry

if TYPE_CHECKING:  # the kit loads with the first game, not with the lobby
    from tui.kit.ui import GameUI


def game_ui(game_id: str) -> GameUI:
    """The screens of ``game_id`` (imported now), where its listing says they are."""
    ui: GameUI = registry.load(registry.listing(game_id).ui)()
    return ui


def playable(game_id: str) -> bool:
    """Whether the app has screens for this game (the lobby lists only these)."""
    return game_id in registry.ids() and bool(registry.listing(game_id).ui)
