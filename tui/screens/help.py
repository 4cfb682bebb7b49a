"""The ``?`` screen: what the moment asks, the keys here, and the game's rules.

Opaque, so it hides whatever was behind it. The text is drawn a screen at a
time (``StoryLog``), so it opens at once however long the rules are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widget import Widget

from tui.kit.base import ParlourScreen
from tui.widgets.story import BULLET, HEADING, TEXT, Paragraph, StoryLog, from_markdown
from tui.widgets.whobar import WhoBar

ALWAYS = (
    ("Ctrl+P", "command palette (save, help, export, theme, quit)"),
    ("Ctrl+Q", "quit (each move is saved as it is made; one that is not stops the table)"),
)


def help_paragraphs(phase: str, keys: tuple[tuple[str, str], ...], rules: str) -> list[Paragraph]:
    paragraphs = [Paragraph("Right now", HEADING), Paragraph(phase, TEXT)]
    paragraphs.append(Paragraph("Keys here", HEADING))
    paragraphs += [Paragraph(f"{key}: {what}", BULLET) for key, what in keys + ALWAYS]
    return paragraphs + from_markdown(rules)


class HelpScreen(ParlourScreen, inherit_bindings=False):
    """The rules, the phase and the keys; Escape, q or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close help", key_display="Esc/q/?"),
        Binding("down", "scroll(1)", "Scroll", key_display="↓↑ PgDn"),
    ]

    def __init__(self, title: str, rules: str, phase: str, keys: tuple[tuple[str, str], ...]):
        super().__init__()
        self._title = title
        self._phase = phase
        self._paragraphs = help_paragraphs(phase, keys, rules)

    def body(self) -> Iterable[Widget]:
        yield WhoBar(f"Help: {self._title}", id="who")
        yield StoryLog(self._paragraphs, id="help-text")

    def on_mount(self) -> None:
        super().on_mount()
        self.take_focus(self.query_one(StoryLog))

    def phase_help(self) -> str:
        return self._phase

    def action_scroll(self, amount: int) -> None:
        self.query_one(StoryLog).action_lines(amount)

    def action_close(self) -> None:
        self.dismiss()
