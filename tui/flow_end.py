"""The end of a game at this keyboard: the verdict, the whole story, the reveal, and
the story written to a file (public things only while the game runs)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from rules.engine import GameInfo, Seat
from rules.session import Session
from tui.kit.ui import GameUI
from tui.port import SeatInfo
from tui.screens.resolution import ResolutionScreen, listed
from tui.widgets.story import BULLET, HEADING, Paragraph, to_markdown


class GameEnd:
    """Mixed into the hotseat flow (``tui.flow.GameFlow``), which provides these."""

    app: App[Any]
    session: Session[Any]
    ui: GameUI
    save_path: Path | None
    saves_dir: Path | None

    if TYPE_CHECKING:  # (the table's, through the flow)

        def view(self, seat: Seat | None) -> Any: ...

        @property
        def seats(self) -> tuple[SeatInfo, ...]: ...

        @property
        def game(self) -> GameInfo[Any, Any]: ...

    def verdict(self) -> str:
        outcome = self.view(None).outcome
        if outcome is None:
            return "The game is over."
        names = [info.name for info in self.seats]
        winners = listed(names[s] for s in outcome.winners)
        losers = listed(names[s] for s in outcome.losers)
        return f"Winners: {winners} · Lost: {losers}\n{outcome.reason}\n{self.seed_line()}"

    def seed_line(self) -> str:
        """The seed, for a replay: shown once the game is over and never before."""
        return f"Seed {self.session.seed}: the same seats, options and seed deal this game again."

    def story(self) -> list[Paragraph]:
        view = self.view(None)
        return [Paragraph("The story", HEADING)] + [Paragraph(line, BULLET) for line in view.log]

    def resolution(self) -> ResolutionScreen:
        document = self.ui.reveal(self.view(None), self.seats) + self.story()
        return ResolutionScreen(self.game.title, self.game.rules_text, self.verdict(), document)

    def export_story(self) -> Path | None:
        """Write the story as Markdown next to the save (or into the saves folder): the
        whole reveal at the end, public things only while the game runs."""
        from tui.persistence.saves import SaveError, new_save_path

        view = self.view(None)
        title = f"# {self.game.title}"
        if view.outcome is None:  # public things only: not the seed, which deals every hand
            body = self.ui.public_story(view) + self.story()
            text = f"{title} (so far)\n\n" + to_markdown(body)
        else:
            body = self.ui.reveal(view, self.seats) + self.story()
            text = f"{title}\n\n{self.verdict()}\n\n" + to_markdown(body)
        if self.save_path is not None:
            path = self.save_path.with_name(f"{self.save_path.stem}-story.md")
        else:
            folder = self.saves_dir or Path("saves")
            try:
                path = new_save_path(folder, f"{self.game.id}-demo", "-story.md")
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

