"""The lobby: the games, and New / Resume / Demo / Teach.

The app keeps one lobby (registered by name), so coming back to it finds the
game picked last still picked.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules import registry
from tui.games import playable
from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.messages import ShowResume, ShowSetup, StartDemo

LOBBY_HELP = """\
Parlour is a table for party games on one shared keyboard. Pick a game with
the arrow keys, then press n (or Enter) to set up a new game, r to resume a
saved one, d to watch a demo played by bots, or t to learn the game: bots play
it and every step is explained (n steps, b goes back). When a screen is meant for one
player only, a curtain asks everyone else to look away first.
"""


class LobbyScreen(ParlourScreen):
    """Pick a game; start, resume or watch one."""

    DEFAULT_CSS = """
    LobbyScreen { align: center middle; }
    LobbyScreen #lobby { width: 76; height: auto; border: double $primary; padding: 0 2; }
    LobbyScreen #title { text-style: bold; text-align: center; width: 100%; }
    LobbyScreen #tagline { text-align: center; width: 100%; margin-bottom: 1; }
    LobbyScreen OptionList { height: auto; max-height: 16; }
    LobbyScreen #where { margin-top: 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("d", "demo", "Demo"),
        Binding("t", "teach", "Teach"),
        *HELP_BINDINGS,
    ]

    def __init__(self, saves_dir: Path) -> None:
        super().__init__()
        self.saves_dir = saves_dir

    def body(self) -> Iterable[Widget]:
        with Vertical(id="lobby"):
            yield Static("P A R L O U R", id="title")
            yield Static("party games for one shared keyboard", id="tagline")
            options = [
                Option(Text(f"{game.title} · {game.seats}\n  {game.pitch}"), id=game.id)
                for game in registry.listings()
                if playable(game.id)
            ]
            yield OptionList(*options, id="games")
            yield Static(Text(f"Games are saved in {self.saves_dir}"), id="where")

    def on_mount(self) -> None:
        super().on_mount()
        games = self.query_one(OptionList)
        games.highlighted = 0
        self.take_focus(games)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.take_focus(self.query_one(OptionList))

    def phase_help(self) -> str:
        return LOBBY_HELP

    @property
    def game_id(self) -> str:
        """The game picked now."""
        games = self.query_one(OptionList)
        return str(games.get_option_at_index(games.highlighted or 0).id)

    @on(OptionList.OptionSelected)
    def _chosen(self) -> None:
        self.action_new()

    def action_new(self) -> None:
        self.post_message(ShowSetup(self.game_id))

    def action_resume(self) -> None:
        self.post_message(ShowResume())

    def action_demo(self) -> None:
        self.post_message(StartDemo(self.game_id))

    def action_teach(self) -> None:
        self.post_message(StartDemo(self.game_id, teach=True))
