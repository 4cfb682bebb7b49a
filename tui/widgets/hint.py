"""The coaching hint of a coached first game: what the decision means, what to weigh."""

from __future__ import annotations

from textual.content import Content

from tui.widgets.steady import SteadyText

LEAD = "Hint: "


class HintLine(SteadyText):
    """The hint, shown as text (never as markup), or nothing when there is none or the
    person has hidden the hints. Colour only frames it: the words say it is a hint."""

    DEFAULT_CSS = """
    HintLine { height: auto; max-height: 6; padding: 0 1; border-left: outer $accent;
               color: $text-muted; }
    HintLine.-empty { display: none; }
    """

    def __init__(self) -> None:
        super().__init__("", id="hint", classes="-empty")

    def show(self, hint: str) -> None:
        """Show ``hint`` ('' hides the line)."""
        self.set_class(not hint, "-empty")
        self.update(Content(LEAD + hint if hint else ""))

    @property
    def said(self) -> str:
        return str(self.content) if not self.has_class("-empty") else ""
