"""Which games have screens, and where: each game's UI is imported when it is played.

The lobby lists the playable games without importing any game's screens or
rules, so that the first frame comes quickly.
"""

from __future__ import annotations

from importlib import import_module

from tui.kit.ui import GameUI

_UIS = {
    "temptress": ("tui.temptress.ui", "TemptressUI"),
    "island": ("tui.island.ui", "IslandUI"),
    "lantern": ("tui.lantern.ui", "LanternUI"),
    "persuasion": ("tui.persuasion.ui", "PersuasionUI"),
}


def game_ui(game_id: str) -> GameUI:
    """The screens of ``game_id`` (imported now)."""
    module, name = _UIS[game_id]
    ui: GameUI = getattr(import_module(module), name)()
    return ui


def playable(game_id: str) -> bool:
    """Whether the app has screens for this game (the lobby lists only these)."""
    return game_id in _UIS
