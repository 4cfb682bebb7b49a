"""The line that says why the rules refused what was just tried."""

from __future__ import annotations

from textual.content import Content

from tui.widgets.steady import SteadyText


class Refusal(SteadyText):
    """One sentence from the rules (or the screen), shown as text, never as markup;
    empty when there is nothing to say."""

    DEFAULT_CSS = """
    Refusal { color: $error; height: auto; padding: 0 1; text-style: bold; }
    Refusal.-empty { display: none; }
    """

    def __init__(self, *, id: str = "message") -> None:  # noqa: A002 - Textual's name
        super().__init__("", id=id, classes="-empty")

    def show(self, reason: str | None) -> None:
        """Say ``reason`` (None or '' clears the line)."""
        self.set_class(not reason, "-empty")
        self.update(Content(reason or ""))

    @property
    def said(self) -> str:
        return str(self.content) if not self.has_class("-empty") else ""
