"""The base every Parlour screen builds on: Footer, help key, too-small notice."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown instead of the layout when the terminal is below 80x24."""

    DEFAULT_CSS = """
    TooSmall {
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    """


class ParlourScreen(Screen[None]):
    """A full, opaque screen with the Footer and a size guard.

    Subclasses yield their widgets from ``body()``; ``phase_help()`` says what
    the ``?`` key explains.
    """

    DEFAULT_CSS = """
    ParlourScreen > TooSmall { display: none; }
    ParlourScreen.-too-small > * { display: none; }
    ParlourScreen.-too-small > TooSmall { display: block; }
    """

    BINDINGS = [Binding("question_mark", "help", "Help", key_display="?")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield from self.body()
        yield Footer(compact=True)

    def body(self) -> Iterable[Widget]:
        return ()

    def phase_help(self) -> str:
        return "Use the keys in the bar at the bottom."

    def help_title(self) -> str:
        return "Parlour"

    def rules_text(self) -> str:
        return ""

    def action_help(self) -> None:
        from tui.help import HelpScreen

        self.app.push_screen(
            HelpScreen(self.help_title(), self.rules_text(), self.phase_help(), self)
        )

    def on_mount(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            self.query_one(TooSmall).update(
                f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                f"It is {width}x{height} now. (Ctrl+Q quits; your game is saved.)"
            )
