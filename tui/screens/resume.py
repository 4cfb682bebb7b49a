"""Resume: the saved games (game, seats, date, how far); damaged ones say why."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.messages import ShowLobby, StartGame
from tui.persistence import saves
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar


def summary_line(summary: saves.SaveSummary) -> str:
    """ "The Temptress · Ann, Bo, Cleo · round 4 · 2026-11-30 21:03:00"."""
    state = "finished" if summary.finished else f"{summary.turn_word} {summary.turn}"
    when = summary.saved_at.replace("T", " ")
    return f"{summary.game_title} · {', '.join(summary.seats)} · {state} · {when}"


class ResumeScreen(ParlourScreen):
    """Pick a saved game to carry on."""

    DEFAULT_CSS = """
    ResumeScreen #title { height: 1; }
    ResumeScreen OptionList { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Resume this game"),
        Binding("escape", "back", "Back to lobby"),
        *HELP_BINDINGS,
    ]

    def __init__(self, saves_dir: Path) -> None:
        super().__init__()
        self.saves_dir = saves_dir

    def body(self) -> Iterable[Widget]:
        yield WhoBar(f"Saved games in {self.saves_dir}", id="title")
        self.found = saves.list_saves(self.saves_dir)
        options = []
        # File names, seat names and refusals come from the files: shown as plain text
        # (Content), never read as markup.
        for summary, path, problem in self.found:
            if summary is None:
                problem = problem.replace(str(path), "").lstrip(": ")
                options.append(Option(Content(f"(damaged) {path.name}: {problem}"), id=str(path)))
            else:
                options.append(Option(Content(summary_line(summary)), id=str(path)))
        yield OptionList(*options, id="saves")
        message = Refusal()
        if not options:
            message.show("No saved games yet.")
        yield message

    def on_mount(self) -> None:
        super().on_mount()
        saves_list = self.query_one(OptionList)
        if saves_list.option_count:
            saves_list.highlighted = 0
        self.take_focus(saves_list)

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
        try:
            opened = saves.open_save(path, lock=True)
        except saves.SaveError as exc:
            self.query_one(Refusal).show(str(exc).replace(str(path), path.name))
            return
        self.post_message(StartGame(opened.session, path, fresh=False, opened=opened))

    def action_back(self) -> None:
        self.post_message(ShowLobby())
