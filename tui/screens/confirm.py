"""Are you sure? Asked before a move that cannot be taken back (retiring with an
accusation, the last rings, a Bard leaving, the end of a tale).

An opaque full screen over the one that asked, so whatever that one showed stays
hidden; y answers True, n or Escape False (back to the screen as it was): the
screen's result, for the callback it was pushed with (``tui.messages.Answered``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from tui.kit.base import HELP_BINDINGS, ParlourScreen

CONFIRM_HELP = (
    "This move cannot be taken back once it is made. Press y to make it, or n "
    "(or Escape) to go back and choose again."
)


class ConfirmScreen(ParlourScreen[bool]):
    """The question; its answer: y True, n or Escape False."""

    PRIVATE = True  # it stands over a seat's own screen

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #confirm-box { width: 64; max-width: 100%; height: auto;
                                 border: double $warning; padding: 1 2; }
    ConfirmScreen.-narrow #confirm-box { padding: 1 1; }
    ConfirmScreen #question { width: 100%; }
    ConfirmScreen #final { width: 100%; margin-top: 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "yes", "Yes, do it"),
        Binding("n", "no", "No, go back"),
        Binding("escape", "no", "Back", show=False),
        *HELP_BINDINGS,
    ]

    def __init__(self, question: str, title: str) -> None:
        super().__init__()
        self.question = question
        self.title_text = title

    def body(self) -> Iterable[Widget]:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question), id="question")
            yield Static(Text("This cannot be taken back. y: yes · n: no"), id="final")

    def help_title(self) -> str:
        return self.title_text

    def phase_help(self) -> str:
        return CONFIRM_HELP

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)
