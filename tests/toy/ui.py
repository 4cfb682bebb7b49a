"""Noughts and Crosses on screen: the board on the public table, and a seat's pick of a
square (the kit's ChoiceScreen shows any view's choices)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import Seat
from tests.toy.state import MARKS, Phase
from tui.kit.choice import ChoiceScreen
from tui.kit.table import TableScreen
from tui.kit.ui import GameUI
from tui.port import Table


def board_text(squares: tuple[int | None, ...]) -> Text:
    """The board, a row a line: a seat's mark, or the square's number."""
    cells = [str(n + 1) if s is None else MARKS[s] for n, s in enumerate(squares)]
    rows = [" | ".join(cells[row * 3 : row * 3 + 3]) for row in range(3)]
    return Text("\n---------\n".join(rows))


class ToyTable(TableScreen):
    """The public table: the board, whose turn it is, the story."""

    def board(self) -> Iterable[Widget]:
        yield Static(id="board")
        yield self.now_line()

    def draw(self, view: Any) -> None:
        self.query_one("#board", Static).update(board_text(view.squares))


class ToyChoice(ChoiceScreen):
    """A seat's pick of a square."""

    def progress(self) -> str:
        return f"Turn {sum(square is not None for square in self.view.squares) + 1}"


class ToyUI(GameUI):
    def table_screen(self, table: Table) -> TableScreen:
        return ToyTable(table)

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        if seat is None or name != Phase.MARK:
            raise ValueError(f"Noughts and Crosses has no screen {name!r}")
        return ToyChoice(table, seat)
