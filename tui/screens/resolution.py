"""The end of a game: who won and why at once, then every secret and the whole story.

The verdict is drawn first; the reveal and the story are one ``StoryLog``,
drawn a screen at a time, so even a long game's end appears straight away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Static

from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.messages import ExportStory, PlayAgain, ShowLobby
from tui.widgets.story import Paragraph, StoryLog

END_HELP = (
    "The game has ended. Everything that was secret is now shown. Press p to play "
    "again with the same seats (a new deal), or l to go back to the lobby; the arrows "
    "and PageUp/PageDown scroll the story."
)


def listed(names: Iterable[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"; "nobody" for none."""
    items = list(names)
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class ResolutionScreen(ParlourScreen):
    """Winners, losers, the reveal and the story; play again or back to the lobby."""

    DEFAULT_CSS = """
    ResolutionScreen #verdict { height: auto; background: $panel; text-style: bold;
                                padding: 0 1; }
    ResolutionScreen StoryLog { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "again", "Play again"),
        Binding("l", "lobby", "Back to lobby"),
        Binding("e", "export", "Export story"),
        Binding("pagedown", "page(1)", "Scroll", key_display="↓↑ PgDn"),
        *HELP_BINDINGS,
    ]

    def __init__(self, title: str, rules: str, verdict: str, document: Sequence[Paragraph]) -> None:
        super().__init__()
        self.title_text = title
        self.rules = rules
        self.verdict = verdict
        self.document = tuple(document)

    def body(self) -> Iterable[Widget]:
        yield Static(Text(self.verdict), id="verdict")
        yield StoryLog(self.document, id="story")

    def on_mount(self) -> None:
        super().on_mount()
        self.take_focus(self.query_one(StoryLog))

    def help_title(self) -> str:
        return self.title_text

    def rules_text(self) -> str:
        return self.rules

    def phase_help(self) -> str:
        return END_HELP

    def action_page(self, direction: int) -> None:
        self.query_one(StoryLog).action_page(direction)

    def action_export(self) -> None:
        self.post_message(ExportStory())

    def action_again(self) -> None:
        self.post_message(PlayAgain())

    def action_lobby(self) -> None:
        self.post_message(ShowLobby())
