"""A screen of a game in progress: help comes from the game and the current prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.base import ParlourScreen

if TYPE_CHECKING:
    from tui.flow import GameFlow


class GameScreen(ParlourScreen):
    """Holds the flow; ``?`` shows the game's rules and the current phase."""

    def __init__(self, flow: GameFlow) -> None:
        super().__init__()
        self.flow = flow

    def help_title(self) -> str:
        return self.flow.session.game.title

    def rules_text(self) -> str:
        return self.flow.session.game.rules_text

    def phase_help(self) -> str:
        return self.flow.session.game.phase_help(self.flow.session.prompt)
