"""Persuasion's public table: every player's face-up cards, face-down cards with their
stamps, the seals and rings held, the hostex, the discards, who is engaged, the story.

Every decision in Persuasion is private (behind the curtain), so the table
only shows the season, while the bots play and between people. Its one key of
its own scrolls the players when they do not all fit (eight, with many cards
face up).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.persuasion.state import PersuasionView
from tui.kit.table import TABLE_BINDINGS, TableScreen
from tui.persuasion.render import discards_text, legend_text, players_table, status_text
from tui.widgets.steady import SteadyText


class PersuasionTable(TableScreen):
    """The public table. The story fills what the players leave of the screen."""

    DEFAULT_CSS = """
    PersuasionTable #board { height: auto; max-height: 60%; }
    PersuasionTable #players, PersuasionTable #discards, PersuasionTable #legend {
        height: auto; padding: 0 1;
    }
    PersuasionTable #log { height: 1fr; min-height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "board(1)", "Scroll the players", key_display="↑↓"),
        Binding("up", "board(-1)", "Scroll the players", show=False),
        *TABLE_BINDINGS,
    ]

    view: PersuasionView

    def board(self) -> Iterable[Widget]:
        with VerticalScroll(id="board", can_focus=False):  # the table's own keys scroll it
            yield SteadyText(id="players", keeps_height=True)  # (the story stays put)
            yield SteadyText(id="discards")
            yield SteadyText(id="legend")
        yield self.now_line()
        yield self.refusal()

    def status(self, view: Any) -> str:
        persuasion: PersuasionView = view
        return status_text(persuasion)

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "board":  # only when the players do not all fit (eight, say)
            return self.query_one("#board", VerticalScroll).max_scroll_y > 0
        return True

    def action_board(self, lines: int) -> None:
        board = self.query_one("#board", VerticalScroll)
        board.scroll_to(y=board.scroll_y + lines * 3, animate=False)

    def draw(self, view: Any) -> None:
        persuasion: PersuasionView = view
        self.query_one("#players", Static).update(players_table(persuasion, self.narrow()))
        self.query_one("#discards", Static).update(discards_text(persuasion))
        self.query_one("#legend", Static).update(legend_text(persuasion))
        self.call_after_refresh(self.refresh_bindings)  # the board may fit now, or not

    # Textual calls each class's own handler in turn (the size guard's too): no super().
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.refresh_bindings)
