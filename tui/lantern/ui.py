"""How the flow shows the Lantern: the writing desk, the Barkeep's console, the tale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from rules.engine import Prompt, Seat
from rules.lantern.game import time_out
from rules.lantern.state import TURN, LanternState, Sleep
from rules.session import Session
from tui.lantern.screens import BarkeepScreen, LanternTable, WritingScreen

if TYPE_CHECKING:
    from tui.flow import GameFlow


class LanternUI:
    """The Lantern's screens for the flow."""

    def table_screen(self, flow: GameFlow) -> Screen[None]:
        return LanternTable(flow)

    def private_screen(self, flow: GameFlow, seat: Seat, prompt: Prompt) -> Screen[None]:
        if prompt.kind == TURN:
            return WritingScreen(flow, seat)
        return BarkeepScreen(flow, seat)

    def turn_timer(self, session: Session) -> tuple[float, Sleep, str] | None:
        """With a turn timer set, a person Bard on turn falls asleep when it runs out."""
        state: LanternState = session.state
        seconds = state.config.sleep_seconds
        if not seconds or state.on_turn is None or session.seats[state.on_turn].is_bot:
            return None
        action = time_out(state)
        if action is None:
            return None
        return float(seconds), action, "Time ran out: the Bard on turn has fallen asleep."

    def public_story(self, session: Session) -> str:
        """The verified passages, by whom and with which card: public all along."""
        state: LanternState = session.state
        names = state.config.bards
        lines = ["## The tale", ""]
        for passage in state.tale:
            card = f" ({state.elements[passage.card]})" if passage.card is not None else ""
            lines += [f"**{names[passage.bard]}**{card}", "", passage.text, ""]
        return "\n".join(lines)

    def reveal(self, session: Session) -> str:
        state: LanternState = session.state
        names = state.config.bards
        lines = [self.public_story(session), "## Every hand, at the end", ""]
        for bard, hand in enumerate(state.hands):
            held = ", ".join(state.elements[c] for c in hand) or "empty"
            lines.append(f"* {names[bard]}: {held}; {state.ale[bard]} Ale")
        return "\n".join(lines)
