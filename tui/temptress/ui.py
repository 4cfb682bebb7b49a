"""How the flow shows The Temptress: which screen for which moment, the notes, the dice,
the reveal.

Every private prompt kind has a screen: the card play, the narrator's rulings
(tie, verdict, review) on the console, and the other decisions (raise, follow,
draw, Faux Pas, spending, final retirements) one question at a time. The game's
own screens: the clue book (with what is new on top, which is how notes are
delivered behind the curtain; the narrator reads theirs on the console), the
narrator's console opened from the table, retiring from the open floor, and the
public forms over the table (courting, arguing, a promise).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from rules.engine import Seat
from rules.temptress.actions import Retire
from rules.temptress.state import PromptKind
from rules.temptress.views import TemptressView
from tui.kit.table import TableScreen
from tui.kit.ui import GameUI
from tui.port import SeatInfo, Table
from tui.temptress.forms import ArgueForm, CourtForm, PromiseForm
from tui.temptress.referee import NarratorConsole
from tui.temptress.render import reveal
from tui.temptress.seat import (
    ClueBook,
    PlayScreen,
    RetireScreen,
    SpendScreen,
    TemptressChoice,
    retire_question,
)
from tui.temptress.table import (
    ARGUE,
    CLUES,
    COURT,
    PROMISE,
    RETIRE,
    TemptressTable,
    dice_key,
    fresh_dice,
)
from tui.widgets.story import Paragraph

FORMS = {COURT: CourtForm, ARGUE: ArgueForm, PROMISE: PromiseForm}
ONE_QUESTION = frozenset(
    {PromptKind.RAISE, PromptKind.FOLLOW, PromptKind.DRAW, PromptKind.FAUX_PAS}
)


class TemptressUI(GameUI):
    """The Temptress's screens for the flow."""

    notes_screen = CLUES
    bots_answer_first = True
    notes_wait_for_a_visit = True
    """Clues and draws wait in the clue book for the suitor's next visit: the table goes
    on (the Now line names who acts) while nobody is curtained just to read."""

    def peek(self, view: Any) -> list[str]:
        temptress: TemptressView = view
        if temptress.seat == temptress.narrator_seat:
            return ["The narrator sees every secret: the console shows them."]
        lines = [f"Hand: {' '.join(c.label() for c in temptress.hand) or 'no cards'}"]
        if temptress.tempted:
            lines.append("Secretly the Tempted: matched to the sorceress herself.")
        return lines + [f"Clue: {text}" for text in temptress.clue_texts]

    def table_screen(self, table: Table) -> TableScreen:
        return TemptressTable(table)

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        if name in FORMS:
            return FORMS[name](table, seat)
        if seat is None:
            raise ValueError(f"The Temptress's screen {name!r} is a seat's own")
        view: TemptressView = table.view(seat)
        notes = table.unread(seat) if name == CLUES else ()
        if seat == view.narrator_seat:
            return NarratorConsole(table, seat, notes)
        if name == CLUES:
            return ClueBook(table, seat, notes)
        if name == RETIRE:
            return RetireScreen(table, seat, retire_question(view.choices))
        if name == PromptKind.PLAY:
            return PlayScreen(table, seat)
        if name == PromptKind.SPEND:
            return SpendScreen(table, seat)
        if name == PromptKind.FINAL:
            return RetireScreen(table, seat)
        if name in ONE_QUESTION:
            return TemptressChoice(table, seat)
        raise ValueError(f"The Temptress has no screen {name!r}")

    def lingers(self, before: Any, after: Any) -> bool:
        """Fresh dice (a new target, a re-roll) show on the table before a curtain."""
        return bool(fresh_dice(dice_key(before), dice_key(after)))

    def confirm(self, action: Any, view: Any, seats: tuple[SeatInfo, ...]) -> str | None:
        if not isinstance(action, Retire):
            return None
        temptress: TemptressView = view
        woman = temptress.women[action.accused].name
        return (
            f"Retire and name {woman} as the sorceress? Your seven cards are shown to "
            "everyone, and a wrong name loses the game."
        )

    def reveal(self, view: Any, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
        temptress: TemptressView = view
        return reveal(temptress, seats)
