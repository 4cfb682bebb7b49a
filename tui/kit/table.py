"""The public table: what everyone may see, who is asked what, and the demo's keys.

Every game's table is a ``TableScreen``: the status bar on top, the game's own
widgets (``board()``), the "Now:" line naming who decides and what, a refusal
line, and the story so far. It draws from the public view only; a public
decision taken here (a vote, claiming the floor) reads the choices of the
person asked, which hold nothing secret.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import Seat
from tui.kit.base import HELP_BINDINGS
from tui.kit.game import GameScreen
from tui.port import Table
from tui.widgets.refusal import Refusal
from tui.widgets.story import Paragraph, StoryLog
from tui.widgets.whobar import WhoBar

DEMO_BINDINGS: list[BindingType] = [
    Binding("space", "pause", "Pause"),
    Binding("n", "step", "Step"),
]
LOG_LINES = 40
"""How much of the story the table keeps in its log (the end screen has it all)."""


def now_text(table: Table) -> str:
    """ "Now: Bo (bot) · Bo: pick a response card ..." (or that the game is over)."""
    prompt = table.prompt
    if prompt is None:
        return "The game is over."
    return f"Now: {table.seats[prompt.seats[0]].label} · {prompt.text}"


class TableScreen(GameScreen):
    """The public table. Subclasses yield their widgets from ``board()`` and draw them
    in ``draw(view)``; ``status(view)`` is the top line."""

    DEFAULT_CSS = """
    TableScreen #status { height: 1; }
    TableScreen #now { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    TableScreen #log { height: 6; border-top: solid $panel; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [*DEMO_BINDINGS, *HELP_BINDINGS]

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.view: Any = table.view(None)

    # --- layout ---------------------------------------------------------------

    def body(self) -> Iterable[Widget]:
        yield WhoBar(id="status")
        yield from self.board()
        yield self.story()

    def board(self) -> Iterable[Widget]:
        """The game's own widgets, between the status bar and the story."""
        raise NotImplementedError

    def now_line(self) -> Static:
        return Static(id="now")

    def refusal(self) -> Refusal:
        return Refusal()

    def story(self) -> StoryLog:
        return StoryLog(follow=True, id="log")

    # --- drawing --------------------------------------------------------------

    def status(self, view: Any) -> str:
        """The top line: the game, its round or turn, what everyone should know."""
        return self.table.game.title

    def draw(self, view: Any) -> None:
        """Draw the game's own widgets from the public view."""

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    def refresh_view(self) -> None:
        """Redraw from the table's public view (the flow calls this after every move)."""
        self.view = self.table.view(None)
        status = self.status(self.view)
        demo = self.table.demo
        if demo is not None:
            status += " · DEMO" + (" (paused)" if demo.paused else "")
        self.query_one("#status", WhoBar).say(status)
        for now in self.query("#now").results(Static):
            now.update(Text(self.now(self.view)))
        for refusal in self.query(Refusal):
            refusal.show(None)
        self.query_one("#log", StoryLog).show(
            [Paragraph(line) for line in self.view.log[-LOG_LINES:]]
        )
        self.draw(self.view)
        self.refresh_bindings()

    def show_changes(self, then: Callable[[], None]) -> None:
        """Show what the last move changed (a game may take its time, as the Temptress
        shows fresh dice one by one), then call ``then``."""
        then()

    def now(self, view: Any) -> str:
        """The "Now:" line (a game may add to it)."""
        return now_text(self.table)

    # --- who decides here -----------------------------------------------------

    def deciding(self) -> Seat | None:
        """The person asked to decide at this table now (a public decision), or None
        (a bot, a private decision, or the game over)."""
        prompt = self.table.prompt
        if prompt is None or prompt.private:
            return None
        seat = prompt.seats[0]
        return None if self.table.seats[seat].bot else seat

    def choices(self) -> Any:
        """The choices of the person deciding here (public ones), or None."""
        seat = self.deciding()
        return None if seat is None else self.table.view(seat).choices

    # --- keys -----------------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pause", "step"):
            return self.table.demo is not None
        return self.table_allows(action, parameters)

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's own keys: live now?"""
        return True

    def action_pause(self) -> None:
        demo = self.table.demo
        if demo is not None:
            demo.toggle_pause()
            self.refresh_view()

    def action_step(self) -> None:
        demo = self.table.demo
        if demo is not None:
            demo.step_once()
