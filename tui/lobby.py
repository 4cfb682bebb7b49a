"""The lobby: the games, and New / Resume / Demo."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from textual import on
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules import registry
from tui.base import ParlourScreen
from tui.flow import playable

if TYPE_CHECKING:
    from tui.app import ParlourApp

LOBBY_HELP = """\
Parlour is a table for party games on one shared keyboard. Pick a game with
the arrow keys, then press **n** (or Enter) to set up a new game, **r** to
resume a saved one, or **d** to watch a demo played by bots. When a screen is
meant for one player only, a curtain asks everyone else to look away first.
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

    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("d", "demo", "Demo"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        app = cast("ParlourApp", self.app)
        with Vertical(id="lobby"):
            yield Static("P A R L O U R", id="title")
            yield Static("party games for one shared keyboard", id="tagline")
            options = []
            for game in registry.listings():
                if not playable(game.id):
                    continue
                seats = (
                    f"{game.min_seats} players"
                    if game.min_seats == game.max_seats
                    else f"{game.min_seats}-{game.max_seats} players"
                )
                options.append(Option(f"{game.title} · {seats}\n  {game.pitch}", id=game.id))
            yield OptionList(*options, id="games")
            yield Static(f"Games are saved in {app.saves_dir}", id="where")

    def on_mount(self) -> None:
        super().on_mount()
        games = self.query_one(OptionList)
        games.highlighted = 0
        games.focus()

    def phase_help(self) -> str:
        return LOBBY_HELP

    def _game_id(self) -> str:
        games = self.query_one(OptionList)
        index = games.highlighted or 0
        return str(games.get_option_at_index(index).id)

    @on(OptionList.OptionSelected)
    def _chosen(self) -> None:
        self.action_new()

    def action_new(self) -> None:
        from tui.setup import SetupScreen

        self.app.switch_screen(SetupScreen(registry.get(self._game_id())))

    def action_resume(self) -> None:
        from tui.resume import ResumeScreen

        self.app.switch_screen(ResumeScreen())

    def action_demo(self) -> None:
        cast("ParlourApp", self.app).start_demo(self._game_id())
