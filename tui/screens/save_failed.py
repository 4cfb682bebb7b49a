"""The table stops when a move cannot be saved: why, and what can be done.

A full disk, a folder made read-only, a save removed with its folder: the
move just made is kept in this window, but nobody plays on until it is on
disk. r tries again (once there is room, say), f names another folder the
game is saved in from now on, q quits with a warning that the moves not on
disk are lost. A public screen: it shows only the reason and a count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen
from tui.kit.keys import after_keys
from tui.messages import AskFirst

SAVE_FAILED_HELP = (
    "The last move could not be written to the save file, so the game has stopped "
    "here: it is kept in this window, and a move that is not on disk would be lost "
    "if the window closed. Make room on the disk (or fix the folder) and press r to "
    "try again; or press f and type another folder: the whole game is saved there "
    "and every move after it too. q quits without saving the moves since the last "
    "save (you are asked first)."
)


class SaveDoor(Protocol):
    """What the screen may ask of the game that could not be saved."""

    @property
    def save_error(self) -> str: ...

    def unsaved_moves(self) -> int: ...

    def retry_save(self) -> str | None:
        """Try again: None once saved (the game goes on), else why not."""
        ...

    def save_elsewhere(self, folder: str) -> str | None:
        """Save the whole game in ``folder`` from now on: None once saved, else why not."""
        ...

    def quit_unsaved(self) -> None:
        """Quit with the moves not on disk lost (the command line says so)."""


def lost_words(moves: int) -> str:
    """What quitting now loses, in words."""
    if moves == 0:
        return "which notes were read since the last save"
    return "the last move" if moves == 1 else f"the last {moves} moves"


class SaveFailedScreen(ParlourScreen):
    """Why the game stopped, and r / f / q."""

    DEFAULT_CSS = """
    SaveFailedScreen { align: center middle; }
    SaveFailedScreen #failed-box { width: 72; height: auto; border: double $error;
                                   padding: 1 2; }
    SaveFailedScreen #failed-title { text-style: bold; width: 100%; }
    SaveFailedScreen .failed-line { width: 100%; margin-top: 1; }
    SaveFailedScreen #folder { display: none; margin-top: 1; }
    SaveFailedScreen #folder.-asking { display: block; }
    SaveFailedScreen #said { width: 100%; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "Retry"),
        Binding("f", "elsewhere", "Another folder"),
        Binding("q", "quit_unsaved", "Quit unsaved"),
        *HELP_BINDINGS,
    ]

    def __init__(self, door: SaveDoor) -> None:
        super().__init__()
        self.door = door

    def body(self) -> Iterable[Widget]:
        with Vertical(id="failed-box"):
            yield Static(Text("STOP: the game is not saved"), id="failed-title")
            yield Static(Text(self.door.save_error), id="why", classes="failed-line")
            yield Static(Text(self._pending()), id="pending", classes="failed-line")
            yield Static(
                Text(
                    "r: try again (once there is room, say) · f: save in another folder · "
                    "q: quit without saving"
                ),
                classes="failed-line",
            )
            folder = Field(placeholder="another folder, then Enter", id="folder")
            folder.can_focus = False  # (until f asks for it)
            yield folder
            yield Label("", id="said")

    def _pending(self) -> str:
        lost = lost_words(self.door.unsaved_moves())
        return (
            f"Not on disk yet: {lost}. It is kept in this window, and nobody plays on "
            "until it is saved."
        )

    def show_problem(self, said: str) -> None:
        """The latest reason, after a try that failed too."""
        self.query_one("#why", Static).update(Text(self.door.save_error))
        self.query_one("#pending", Static).update(Text(self._pending()))
        self.query_one("#said", Label).update(Text(said))

    def help_title(self) -> str:
        return "The game is not saved"

    def phase_help(self) -> str:
        return SAVE_FAILED_HELP

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "elsewhere" and self.query_one("#folder", Input).has_focus)

    @after_keys
    def action_retry(self) -> None:
        if self.door.retry_save() is not None:
            self.show_problem("Tried again: still not saved.")

    def action_elsewhere(self) -> None:
        field = self.query_one("#folder", Input)
        field.add_class("-asking")
        field.can_focus = True
        self.take_focus(field)

    @on(Input.Submitted, "#folder")
    def _folder_given(self, event: Input.Submitted) -> None:
        folder = event.value.strip()
        if not folder:
            self.query_one("#said", Label).update(Text("Type a folder first."))
            return
        refusal = self.door.save_elsewhere(folder)
        if refusal is not None:
            self.show_problem(refusal)

    def action_quit_unsaved(self) -> None:
        lost = lost_words(self.door.unsaved_moves())
        question = f"Quit without saving? {lost[0].upper()}{lost[1:]} will be lost."
        self.post_message(AskFirst(question, self._quit_answered, self.help_title()))

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.door.quit_unsaved()
