"""How the flow shows Persuasion: which screen for which moment, the notes, the reveal.

Every prompt kind (introductions, mailing, reception, last rings) is a seat's
decision on its own choices. The game's own screens: the cards a seat knows,
opened over its decision, and the same with the seat's new notes on top,
which is how notes are delivered behind the curtain.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from rules.engine import Seat
from rules.persuasion.state import FinalRing, PersuasionView, Phase
from tui.kit.table import TableScreen
from tui.kit.ui import GameUI
from tui.persuasion.render import reveal
from tui.persuasion.seat import CARDS, NOTES, CardsYouKnow, NewsAndCards, PersuasionChoice
from tui.persuasion.table import PersuasionTable
from tui.port import SeatInfo, Table
from tui.widgets.story import Paragraph

DECISIONS = frozenset({Phase.INTRO, Phase.MAIL, Phase.RECEPTION, Phase.FINAL})


class PersuasionUI(GameUI):
    """Persuasion's screens for the flow."""

    notes_screen = NOTES

    def peek(self, view: Any) -> list[str]:
        persuasion: PersuasionView = view
        lines = []
        if persuasion.diary is not None:
            diary = persuasion.diary
            lines.append(f"Diary: desires {diary.desired}, despises {diary.despised}")
        for player in persuasion.players:
            known = [c.card.title for c in player.cards if c.card is not None]
            if known:
                lines.append(f"Known of {player.name}'s cards: {', '.join(known)}")
        return lines + [f"Note: {note}" for note in persuasion.notes[-5:]]

    def table_screen(self, table: Table) -> TableScreen:
        return PersuasionTable(table)

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        if seat is None:
            raise ValueError(f"Persuasion's screen {name!r} is a seat's own")
        if name in DECISIONS:
            return PersuasionChoice(table, seat)
        if name == CARDS:
            return CardsYouKnow(table, seat)
        if name == NOTES:
            return NewsAndCards(table, seat, table.unread(seat))
        raise ValueError(f"Persuasion has no screen {name!r}")

    def confirm(self, action: Any, view: Any, seats: tuple[SeatInfo, ...]) -> str | None:
        if not isinstance(action, FinalRing):
            return None
        where = "to the discards" if action.to is None else f"to {seats[action.to].name}"
        return f"Deliver your last ring {where}? The last rings settle the season."

    def reveal(self, view: Any, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
        persuasion: PersuasionView = view
        return reveal(persuasion, seats)
