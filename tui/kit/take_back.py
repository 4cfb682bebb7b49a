"""u: take back the last move, for the person who made it (issue 13).

On the curtain that comes down right after a person's move (the next person's, or
theirs again), before anyone else has looked. The key is hidden when the last move was
no person's (on a seat's own terminal it stays, greyed: its key bar keeps its keys),
greyed when the rules or the table say it stands (a die was rolled, another person has
looked behind their curtain since), and then u says why.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.port import Table

TAKE_BACK: list[BindingType] = [
    Binding("u", "take_back", "Take back"),
    Binding("u", "why_not_take_back", "Take back", show=False),
]


TAKE_BACK_HELP = (
    " u takes back the move just made, by the person who made it, while nothing new "
    "has come out since: no roll, shuffle or draw, no other hand changed, and nobody "
    "else has looked behind their curtain."
)


class TakeBack:
    """Mixed into a ParlourScreen: ``take_back_table()`` names the table, ``tell()``
    shows a refusal on the screen, ``announce()`` a toast (the screen changes)."""

    TAKE_BACK_ACTIONS: ClassVar[frozenset[str]] = frozenset({"take_back", "why_not_take_back"})

    def take_back_table(self) -> Table | None:
        raise NotImplementedError

    def tell(self, message: str | None) -> None:
        raise NotImplementedError

    def announce(self, message: str) -> None:
        raise NotImplementedError

    def take_back_allowed(self, action: str) -> bool | None:
        table = self.take_back_table()
        if table is None or table.demo is not None:
            return False
        if table.last_mover() is None and not table.own_terminal:
            return False  # (on a seat's own terminal u stays in its place, greyed)
        possible = table.take_back_refusal() is None
        if action == "take_back":
            return True if possible else None  # greyed: u then says why
        return not possible

    def action_take_back(self) -> None:
        table = self.take_back_table()
        mover = None if table is None else table.last_mover()
        if table is None or mover is None:
            return
        name = table.seats[mover].name
        refusal = table.take_back()
        if refusal is not None:
            self.tell(refusal)
        else:
            self.announce(f"{name}'s last move was taken back.")

    def action_why_not_take_back(self) -> None:
        table = self.take_back_table()
        if table is not None:
            self.tell(table.take_back_refusal())
