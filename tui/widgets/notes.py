"""What is new for a seat: its private notes, shown behind its curtain."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

HEADING = "New for you"


def notes_text(notes: tuple[str, ...]) -> Text:
    text = Text()
    text.append(HEADING + "\n", style="bold")
    for note in notes:
        text.append(f"• {note}\n")
    return text


class NotesPanel(Static):
    """The notes under a "New for you" heading; hidden when there are none."""

    DEFAULT_CSS = """
    NotesPanel { height: auto; padding: 0 1; margin-bottom: 1; }
    NotesPanel.-empty { display: none; }
    """

    def __init__(self, notes: tuple[str, ...] = (), *, id: str = "notes") -> None:  # noqa: A002
        super().__init__(id=id)
        self.show(notes)

    def show(self, notes: tuple[str, ...]) -> None:
        self.set_class(not notes, "-empty")
        self.update(notes_text(notes) if notes else "")
