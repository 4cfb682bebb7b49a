"""How the flow shows the Lantern: which screen for which moment, the timer, the story.

The prompt kinds with screens of their own: a Bard's turn (the writing desk),
the closing passage, and the Bard who begins, the rulings and a dry deck (the
Barkeep's console; at a table without a Barkeep the dry deck is a Bard's
question). The game's own screens: the card an interruption names, the
Barkeep's console opened from the table, and the Bards' comings and goings over
the table.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve
from textual.screen import Screen

from rules.choices import Pick
from rules.engine import Seat
from rules.lantern.newcomers import BAR_HANDOVER, WALK_IN_QUESTION
from rules.lantern.state import Closing, HandBar, Leave, Phase, WalkIn
from rules.lantern.view import LanternView
from rules.names import plain_name
from tui.kit.table import TableScreen
from tui.kit.ui import GameUI
from tui.lantern.forms import BardsForm, WhoseHandForm
from tui.lantern.referee import BarkeepConsole
from tui.lantern.render import reveal, tale_paragraphs
from tui.lantern.seat import ClosingDesk, HandScreen, LanternChoice, WritingDesk
from tui.lantern.table import LanternTable
from tui.port import SeatInfo, Table
from tui.widgets.story import Paragraph

INTERRUPT, BARKEEP, BARDS = "interrupt", "barkeep", "bards"
HAND, WHOSE_HAND, VOTE = "hand", "whose_hand", "vote"
"""The game's own screens, by name."""
CONSOLE_KINDS = frozenset(
    {Phase.OPENING, Phase.RULING, Phase.INTERRUPTIONS, Phase.DRY, Phase.SLEEPER, BARKEEP}
)
TIME_UP = "Time ran out: the Bard on turn has fallen asleep."


class LanternUI(GameUI):
    """The Lantern's screens for the flow."""

    bots_answer_first = True
    """The table's votes: the demo Bards vote first, then the people all at once."""

    def __init__(self) -> None:
        super().__init__()
        self.naming: dict[Seat, int] = {}
        """The card each Bard's writing desk names (by card, not by its place in the hand,
        so the desk names it again however the hand was renumbered since)."""

    def peek(self, view: Any) -> list[str]:
        lantern: LanternView = view
        names = dict(lantern.elements_named)
        hand = ", ".join(names.get(c, "?") for c in lantern.hand) or "no cards"
        return [f"Hand: {hand}", *(f"Note: {note}" for note in lantern.notes[-5:])]

    def table_screen(self, table: Table) -> TableScreen:
        return LanternTable(table)

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        if name == BARDS:
            return BardsForm(table, seat)
        if name == WHOSE_HAND:
            return WhoseHandForm(table, seat)
        if seat is None:
            raise ValueError(f"The Lantern's screen {name!r} is a seat's own")
        view: LanternView = table.view(seat)
        if name == Phase.TURN:
            return WritingDesk(table, seat, naming=self.naming)
        if name == HAND:
            return HandScreen(table, seat)
        if name == VOTE and isinstance(view.choices, Pick):
            return LanternChoice(table, seat)
        if name == Phase.CLOSING:
            return ClosingDesk(table, seat)
        if name == INTERRUPT:
            choices = view.choices
            option = choices.keyed(INTERRUPT) if isinstance(choices, Pick) else None
            cards = option.then if option is not None else None
            let_go = choices.keyed("let_go") if isinstance(choices, Pick) else None
            if isinstance(cards, Pick):  # (the window's answer that names no card, last)
                cards = evolve(cards, options=cards.options + ((let_go,) if let_go else ()))
            question = cards or view.interruption
            return LanternChoice(table, seat, question or Pick("Nothing to interrupt now.", ()))
        if name in CONSOLE_KINDS and seat == view.barkeep_seat:
            return BarkeepConsole(table, seat)
        if name == Phase.DRY:
            return LanternChoice(table, seat)
        raise ValueError(f"Ye Olde Rusty Lantern has no screen {name!r}")

    def confirm(self, action: Any, view: Any, seats: tuple[SeatInfo, ...]) -> str | None:
        if isinstance(action, Leave):
            return (
                f"{seats[action.seat].name} leaves the tale for good? Their cards go back "
                "to the deck."
            )
        if isinstance(action, WalkIn):
            return WALK_IN_QUESTION.format(name=plain_name(action.name), bench=action.bench + 1)
        if isinstance(action, HandBar):
            return BAR_HANDOVER.format(name=plain_name(action.name))
        if isinstance(action, Closing):
            return "End the tale with this closing passage? The tale is over once it is told."
        return None

    def turn_timer(self, view: Any) -> tuple[float, Any, str] | None:
        """With a turn timer set, the Bard on turn falls asleep when it runs out."""
        lantern: LanternView = view
        if not lantern.sleep_seconds or lantern.time_out is None:
            return None
        return float(lantern.sleep_seconds), lantern.time_out, TIME_UP

    def public_story(self, view: Any) -> list[Paragraph]:
        """The verified passages, by whom and with which card: public all along."""
        lantern: LanternView = view
        return tale_paragraphs(lantern)

    def reveal(self, view: Any, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
        lantern: LanternView = view
        return reveal(lantern, seats)
