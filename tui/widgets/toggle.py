"""A two-way switch drawn as words: "Person" or "Bot", flipped with Space or the arrows."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Static


class Toggle(Static, can_focus=True):
    """One of two values, each with its word; the word in brackets is the one set."""

    DEFAULT_CSS = """
    Toggle { width: 16; height: 3; border: tall $border-blurred; padding: 0 1;
             content-align: left middle; }
    Toggle:focus { border: tall $border; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "flip", "Person/bot"),
        Binding("left,right", "flip", "Person/bot", show=False),
    ]

    value: reactive[str] = reactive("")

    def __init__(self, choices: tuple[tuple[str, str], tuple[str, str]], value: str, **kw: str):
        super().__init__(**kw)  # type: ignore[arg-type]
        self.choices = choices
        self.set_reactive(Toggle.value, value)

    def render(self) -> Text:
        word = next(label for label, value in self.choices if value == self.value)
        return Text(f"‹ {word} ›")

    def action_flip(self) -> None:
        first, second = self.choices
        self.value = second[1] if self.value == first[1] else first[1]
