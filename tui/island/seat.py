"""Temptation Island's private screens: putting a response card forward, judging."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from rules.island.state import IslandView
from tui.kit.choice import ChoiceScreen


class IslandChoice(ChoiceScreen):
    """A responder's three cards, or the two cards the Decider judges."""

    KEPT = True

    DEFAULT_CSS = """
    IslandChoice #mine { border: heavy $secondary; text-align: center; text-style: bold;
                         margin: 1 0; }
    """

    @property
    def island(self) -> IslandView:
        view: IslandView = self.view
        return view

    def progress(self) -> str:
        return f"Turn {self.island.turn}"

    def mine(self) -> RenderableType:
        return Text(f"“{self.island.judged}”")
