"""How the flow shows The Temptress: which screen for which prompt, notes, the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from rules.engine import Prompt, Seat
from rules.session import Session
from rules.temptress.clues import clue_text
from rules.temptress.state import TemptressState
from tui.temptress.narrator import NarratorScreen
from tui.temptress.private import (
    ClueBookScreen,
    PlayScreen,
    RetireScreen,
    SpendScreen,
    draw_screen,
    faux_pas_screen,
    raise_screen,
)
from tui.temptress.table import TemptressTable

if TYPE_CHECKING:
    from tui.flow import GameFlow


class TemptressUI:
    """The Temptress's screens for the flow."""

    def table_screen(self, flow: GameFlow) -> Screen[None]:
        return TemptressTable(flow)

    def private_screen(self, flow: GameFlow, seat: Seat, prompt: Prompt) -> Screen[None]:
        kind = prompt.kind
        if kind in ("tie", "verdict", "review"):
            return NarratorScreen(flow, seat)
        if kind == "play":
            return PlayScreen(flow, seat)
        if kind in ("raise", "follow"):
            return raise_screen(flow, seat, follow=kind == "follow")
        if kind == "draw":
            return draw_screen(flow, seat)
        if kind == "spend":
            return SpendScreen(flow, seat)
        if kind == "final":
            return RetireScreen(flow, seat, final=True)
        if kind == "faux_pas":
            return faux_pas_screen(flow, seat)
        raise ValueError(f"no private screen for {kind}")

    def linger(self, before: TemptressState, after: TemptressState, dice_delay: float) -> float:
        """Keep the table up while a freshly rolled target is revealed die by die."""
        if dice_delay <= 0 or after.contest is None or not after.contest.target:
            return 0.0
        old = before.contest
        fresh = old is None or (old.targets, old.dice) != (
            after.contest.targets,
            after.contest.dice,
        )
        return 3 * dice_delay + 0.6 if fresh else 0.0

    def note_screen(self, flow: GameFlow, seat: Seat, notes: tuple[str, ...]) -> Screen[None]:
        if seat >= len(flow.session.state.suitors):
            return NarratorScreen(flow, seat)
        return ClueBookScreen(flow, seat, notes)

    def reveal(self, session: Session) -> str:
        state: TemptressState = session.state
        women = tuple(w.name for w in state.women)
        suitors = tuple(s.name for s in state.suitors)
        lines = ["## Every secret, revealed", ""]
        for i, woman in enumerate(state.women):
            role = "**the sorceress**" if i == state.sorceress else "a daughter"
            pile = " ".join(c.label() for c in woman.pile) or "empty"
            lines.append(
                f"* **{woman.name}**: {woman.suit.value}, {role}; pile left: {pile}; "
                f"she {'; she '.join(woman.preferences)}."
            )
        lines.append("")
        for suitor in state.suitors:
            tempted = " (the Tempted)" if suitor.match == state.sorceress else ""
            status = " (out)" if suitor.out else ""
            hand = " ".join(c.label() for c in suitor.hand) or "no cards"
            lines.append(
                f"* **{suitor.name}**{status}: match {women[suitor.match]}{tempted}; hand {hand}"
            )
            for clue in suitor.clues:
                lines.append(f"  * {clue_text(clue, women, suitors)}")
        if state.pacts:
            lines += ["", "## Pacts", ""] + [f"* {p}" for p in state.pacts]
        return "\n".join(lines)
