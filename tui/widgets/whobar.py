"""The bar at the top of a screen: whose screen or turn it is, and what is asked."""

from __future__ import annotations

from rich.text import Text

from tui.widgets.steady import SteadyText


class WhoBar(SteadyText):
    """One line (or a few) on the panel colour, bold; names come from people, so the
    text is given as ``Text`` or plain ``str`` shown as text, never as markup."""

    DEFAULT_CSS = """
    WhoBar { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    """

    def __init__(self, text: str | Text = "", *, id: str = "who") -> None:  # noqa: A002
        super().__init__(Text(text) if isinstance(text, str) else text, id=id)

    def say(self, text: str | Text) -> None:
        self.update(Text(text) if isinstance(text, str) else text)
