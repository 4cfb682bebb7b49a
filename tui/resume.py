"""Resume: the saved games (game, seats, date, turn); damaged ones say why."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import on
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules import saves
from tui.base import ParlourScreen

if TYPE_CHECKING:
    from tui.app import ParlourApp


class ResumeScreen(ParlourScreen):
    """Pick a saved game to carry on."""

    DEFAULT_CSS = """
    ResumeScreen #title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    ResumeScreen OptionList { height: 1fr; }
    ResumeScreen #message { color: $error; height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("enter", "open", "Resume this game"),
        Binding("escape", "back", "Back to lobby"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        app = cast("ParlourApp", self.app)
        yield Static(f"Saved games in {app.saves_dir}", id="title")
        self.found = saves.list_saves(app.saves_dir)
        options = []
        # File names, seat names and refusals come from the files: shown as plain text
        # (Content), never read as markup.
        for summary, path, problem in self.found:
            if summary is None:
                problem = problem.replace(str(path), "").lstrip(": ")
                options.append(Option(Content(f"(damaged) {path.name}: {problem}"), id=str(path)))
            else:
                state = "finished" if summary.finished else f"turn {summary.turn}"
                when = summary.saved_at.replace("T", " ")
                options.append(
                    Option(
                        Content(
                            f"{summary.game_title} · {', '.join(summary.seats)} · {state} · {when}"
                        ),
                        id=str(path),
                    )
                )
        yield OptionList(*options, id="saves")
        yield Static("" if options else "No saved games yet.", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        saves_list = self.query_one(OptionList)
        if saves_list.option_count:
            saves_list.highlighted = 0
        saves_list.focus()

    def phase_help(self) -> str:
        return (
            "Every game is saved after each move. Pick one and press Enter to carry on from "
            "exactly where it stopped. A damaged or edited file is refused with the reason."
        )

    @on(OptionList.OptionSelected)
    def _picked(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        saves_list = self.query_one(OptionList)
        if saves_list.highlighted is None:
            return
        path = Path(str(saves_list.get_option_at_index(saves_list.highlighted).id))
        error = cast("ParlourApp", self.app).resume(path)
        if error:
            message = Content(error.replace(str(path), path.name))
            self.query_one("#message", Static).update(message)

    def action_back(self) -> None:
        from tui.lobby import LobbyScreen

        self.app.switch_screen(LobbyScreen())
