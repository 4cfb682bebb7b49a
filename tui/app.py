"""The Parlour app: themes, the lobby, and one game flow at a time."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from themes.colours import THEMES
from tui.lobby import LobbyScreen

if TYPE_CHECKING:
    from rules.session import Session
    from tui.flow import GameFlow

# The games' rules and the game flow are imported when a game starts, so the lobby's
# first frame does not wait for them.


def new_seed() -> int:
    """A fresh seed for a new table: short enough to read out and type."""
    return secrets.randbelow(1_000_000)


class ParlourApp(App[None]):
    """One shared screen, many players, one game at a time."""

    TITLE = "Parlour"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        saves_dir: Path,
        *,
        theme: str = "parlour",
        pack_path: str | None = None,
        bot_delay: float = 0.8,
        dice_delay: float = 0.25,
        seed_source: Callable[[], int] = new_seed,
        opening: Callable[[ParlourApp], object] | None = None,
    ) -> None:
        super().__init__()
        self.saves_dir = saves_dir
        self.pack_path = pack_path
        self.bot_delay = bot_delay
        self.dice_delay = dice_delay
        self.seed_source = seed_source
        self.opening = opening
        self.flow: GameFlow | None = None
        for colours in THEMES:
            self.register_theme(colours)
        self.theme = theme

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen())
        if self.opening is not None:
            self.opening(self)

    # --- starting games ---------------------------------------------------

    def start_flow(self, session: Session, path: Path | None, *, demo: bool = False) -> None:
        from tui.flow import GameFlow

        self.flow = GameFlow(self, session, path, demo=demo, bot_delay=self.bot_delay)
        self.flow.save()
        self.flow.advance()

    def start_demo(self, game_id: str, seed: int | None = None) -> None:
        from rules import registry
        from rules.session import BOT, SeatPlan, Session
        from rules.simulate import bot_config
        from tui.setup_form import bot_names

        game = registry.get(game_id)
        names = bot_names(game.bot_seats, ())
        seats = tuple(SeatPlan(n, BOT) for n in names)
        config = bot_config(game, seats)
        seed = self.seed_source() if seed is None else seed
        self.start_flow(Session.start(game, config, seed, seats), None, demo=True)

    def resume(self, path: Path) -> str | None:
        """Carry on a saved game; returns the reason when the file is refused."""
        from rules import saves

        try:
            session = saves.load(path)
        except saves.SaveError as exc:
            return str(exc)
        self.start_flow(session, path)
        return None

    # --- command palette ----------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(
            "Save game", "Write the current game to its save file now", self.action_save_game
        )
        yield SystemCommand("Help", "Rules, the current phase and the keys", self.action_show_help)
        if self.flow is not None:
            yield SystemCommand(
                "Export story",
                "Write the story so far (public things only) beside the save",
                self.action_export_story,
            )
        yield from super().get_system_commands(screen)

    def action_save_game(self) -> None:
        if self.flow is None or self.flow.save_path is None:
            self.notify("No game to save here (demos are not saved).")
        elif self.flow.save():
            self.notify(f"Saved to {self.flow.save_path}")

    def action_export_story(self) -> None:
        if self.flow is None:
            self.notify("No game to export here.")
            return
        screen = self.screen
        report = getattr(screen, "report", None)
        self.flow.export_story(report() if callable(report) else None)

    def action_show_help(self) -> None:
        action = getattr(self.screen, "action_help", None)
        if action is not None:
            action()
