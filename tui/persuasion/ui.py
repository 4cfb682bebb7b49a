"""How the flow shows Persuasion: which screen for which prompt, notes, the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from rules.engine import Prompt, Seat
from rules.persuasion.state import FINAL, INTRO, MAIL, PersuasionState
from rules.session import Session
from tui.persuasion.screens import (
    FinalScreen,
    IntroScreen,
    KnownCardsScreen,
    MailScreen,
    PersuasionTable,
    ReceptionScreen,
)

if TYPE_CHECKING:
    from tui.flow import GameFlow


class PersuasionUI:
    """Persuasion's screens for the flow."""

    def table_screen(self, flow: GameFlow) -> Screen[None]:
        return PersuasionTable(flow)

    def private_screen(self, flow: GameFlow, seat: Seat, prompt: Prompt) -> Screen[None]:
        screens = {INTRO: IntroScreen, MAIL: MailScreen, FINAL: FinalScreen}
        return screens.get(prompt.kind, ReceptionScreen)(flow, seat)

    def note_screen(self, flow: GameFlow, seat: Seat, notes: tuple[str, ...]) -> Screen[None]:
        return KnownCardsScreen(flow, seat, notes)

    def reveal(self, session: Session) -> str:
        state: PersuasionState = session.state
        names = state.config.names
        lines = ["## Every diary and card, revealed", ""]
        for player, cards in enumerate(state.traits):
            diary = state.diaries[player]
            lines.append(
                f"* **{names[player]}** desires {diary.desired}, despises "
                f"{diary.despised}; cards: "
                + "; ".join(
                    f"{state.config.cards[n].title} ({', '.join(state.config.cards[n].symbols)})"
                    for n in cards
                )
            )
        discards = state.discards
        lines.append(
            "* **Discards**: "
            + "; ".join(
                f"{state.config.cards[n].title} ({', '.join(state.config.cards[n].symbols)})"
                for n in discards
            )
        )
        return "\n".join(lines)
