"""The `?` screen: the game's rules, the current phase, and the keys."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Markdown

from tui.base import ParlourScreen


def keys_markdown(screen: Screen[object]) -> str:
    lines = []
    for binding in screen.BINDINGS:
        if isinstance(binding, Binding) and binding.description and binding.show:
            key = binding.key_display or binding.key
            lines.append(f"* `{key}`: {binding.description}")
    lines.append("* `Ctrl+P`: command palette (save, help, theme, quit)")
    lines.append("* `Ctrl+Q`: quit (every move is already saved)")
    return "\n".join(lines)


class HelpScreen(ParlourScreen):
    """Rules, phase and keys. Opaque, so it hides whatever was behind it."""

    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 1 2; }
    """

    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close help", key_display="Esc/q/?"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↓↑", show=True),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
    ]

    def __init__(self, title: str, rules: str, phase: str, below: Screen[object]) -> None:
        super().__init__()
        self._title = title
        self._rules = rules
        self._phase = phase
        self._keys = keys_markdown(below)

    def body(self) -> Iterable[Widget]:
        text = (
            f"# Help: {self._title}\n\n## Right now\n\n{self._phase}\n\n"
            f"## Keys here\n\n{self._keys}\n"
        )
        if self._rules:
            text += "\n---\n\n" + self._rules
        with VerticalScroll():
            yield Markdown(text)

    def phase_help(self) -> str:
        return self._phase

    def action_help(self) -> None:
        self.dismiss()

    def action_scroll(self, amount: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=amount * 3, animate=False)

    def action_close(self) -> None:
        self.dismiss()
