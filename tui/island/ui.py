"""How the flow shows Temptation Island: which screen for which prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from rules.engine import Prompt, Seat
from rules.island.state import DECIDE, IslandState
from rules.session import Session
from tui.island.board import draw_board
from tui.island.screens import DecideScreen, IslandTable, RespondScreen

if TYPE_CHECKING:
    from tui.flow import GameFlow


class IslandUI:
    """The Island's screens for the flow."""

    def table_screen(self, flow: GameFlow) -> Screen[None]:
        return IslandTable(flow)

    def private_screen(self, flow: GameFlow, seat: Seat, prompt: Prompt) -> Screen[None]:
        if prompt.kind == DECIDE:
            return DecideScreen(flow, seat)
        return RespondScreen(flow, seat)

    def reveal(self, session: Session) -> str:
        state: IslandState = session.state
        lines = ["## Every hand, revealed", ""]
        for seat, name in enumerate(state.config.names):
            kind = " (bot)" if session.seats[seat].is_bot else ""
            lines.append(f"* **{name}**{kind}: " + ", ".join(f"“{c}”" for c in state.hands[seat]))
        board = draw_board(session.view(None)).plain
        lines += ["", "## The final island", "", "```", board, "```", ""]
        lines.append(f"Tiles on the board: {len(state.tiles)}; in the stock: {state.stock}.")
        return "\n".join(lines)
