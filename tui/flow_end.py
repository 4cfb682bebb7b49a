"""The end of a game at this keyboard: the verdict, the whole story, the reveal, and
the story written to a file (public things only while the game runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import evolve
from textual.app import App

from rules.session import Session
from tui.flow_joined import JoinedSeats
from tui.kit.ui import GameUI
from tui.port import SessionTable
from tui.screens.resolution import ResolutionScreen, listed
from tui.widgets.story import BULLET, HEADING, Paragraph, to_markdown


class GameEnd:
    """What the end of the game shows and writes down.

    Given the app (for its toasts), the game's screens (the reveal), the session
    holder, the seats as the table shows them, and the saves folder (where a story
    goes when the game has no save beside which to write it)."""

    def __init__(
        self,
        app: App[Any],
        ui: GameUI,
        table: SessionTable,
        seating: JoinedSeats,
        saves_dir: Path | None,
    ) -> None:
        self.app = app
        self.ui = ui
        self.table = table
        self.seating = seating
        self.saves_dir = saves_dir

    def next_game(self, seed: int) -> Session[Any]:
        """The same seats and setup, dealt again from ``seed`` (Play again): the setup's
        seats (any who walked in during the game are not in its setup)."""
        session = self.table.session
        fresh = Session.start(session.game, session.config, seed, session.seats)
        return evolve(fresh, seats=fresh.seats[: fresh.table_size])

    def verdict(self) -> str:
        outcome = self.table.view(None).outcome
        if outcome is None:
            return "The game is over."
        names = [info.name for info in self.seating.seats]
        winners = listed(names[s] for s in outcome.winners)
        losers = listed(names[s] for s in outcome.losers)
        return f"Winners: {winners} · Lost: {losers}\n{outcome.reason}\n{self.seed_line()}"

    def seed_line(self) -> str:
        """The seed, for a replay: shown once the game is over and never before."""
        seed = self.table.session.seed
        return f"Seed {seed}: the same seats, options and seed deal this game again."

    def story(self) -> list[Paragraph]:
        view = self.table.view(None)
        return [Paragraph("The story", HEADING)] + [Paragraph(line, BULLET) for line in view.log]

    def resolution(self) -> ResolutionScreen:
        game = self.table.game
        document = self.ui.reveal(self.table.view(None), self.seating.seats) + self.story()
        return ResolutionScreen(game.title, game.rules_text, self.verdict(), document)

    def export_story(self, save_path: Path | None) -> Path | None:
        """Write the story as Markdown next to ``save_path`` (or into the saves folder):
        the whole reveal at the end, public things only while the game runs."""
        from tui.persistence.saves import SaveError, new_save_path

        view = self.table.view(None)
        game = self.table.game
        title = f"# {game.title}"
        if view.outcome is None:  # public things only: not the seed, which deals every hand
            body = self.ui.public_story(view) + self.story()
            text = f"{title} (so far)\n\n" + to_markdown(body)
        else:
            body = self.ui.reveal(view, self.seating.seats) + self.story()
            text = f"{title}\n\n{self.verdict()}\n\n" + to_markdown(body)
        if save_path is not None:
            path = save_path.with_name(f"{save_path.stem}-story.md")
        else:
            folder = self.saves_dir or Path("saves")
            try:
                path = new_save_path(folder, f"{game.id}-demo", "-story.md")
            except SaveError as exc:
                self.app.notify(str(exc), severity="error")
                return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.app.notify(f"Could not write {path}: {exc.strerror or exc}", severity="error")
            return None
        self.app.notify(f"Story written to {path}")
        return path
