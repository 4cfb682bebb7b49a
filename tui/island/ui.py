"""How the flow shows Temptation Island: which screen for which moment, the reveal."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from rules.engine import Seat
from rules.island.state import IslandView, Phase
from tui.island.render import reveal
from tui.island.seat import IslandChoice
from tui.island.table import IslandTable
from tui.kit.table import TableScreen
from tui.kit.ui import GameUI
from tui.port import SeatInfo, Table
from tui.widgets.story import Paragraph


class IslandUI(GameUI):
    """The Island's screens for the flow."""

    def peek(self, view: Any) -> list[str]:
        island: IslandView = view
        lines = [f"Hand: {', '.join(island.hand) or 'no cards'}"]
        if island.my_response:
            lines.append(f"Put forward this turn: {island.my_response}")
        return lines + [f"Note: {note}" for note in island.notes]

    def table_screen(self, table: Table) -> TableScreen:
        return IslandTable(table)

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        if seat is None or name not in (Phase.RESPOND, Phase.DECIDE):
            raise ValueError(f"Temptation Island has no screen {name!r}")
        return IslandChoice(table, seat)

    def reveal(self, view: Any, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
        island: IslandView = view
        return reveal(island, tuple(info.bot for info in seats))
