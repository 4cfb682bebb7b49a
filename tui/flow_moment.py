"""The keyboard between two people at the hotseat table.

Between two people there is a public moment: the table names who takes the
keyboard next and recaps the public story since their last visit, until Enter
brings their curtain, so a bot's move stays on the table until a person moves on.
One visit per person: while the keyboard is with a person (from their curtain's
lift until the table shows or they hide) their next private steps need no other
curtain; their recap starts where that visit ends.
"""

from __future__ import annotations

from rules.engine import Seat
from tui.port import HandOver, SessionTable


class PublicMoment:
    """Whom the table waits for before their curtain (with what screen, and what the
    curtain says), whom the keyboard is with now, and how much of the public story
    each person has seen. Given the session holder, whose public log it recaps."""

    def __init__(self, table: SessionTable) -> None:
        self.table = table
        self._recap_from: dict[Seat, int] = {}
        """How much of the public story each person had seen when their last visit ended."""
        self._handing: tuple[Seat, str, str] | None = None
        """The person the table waits for, and the screen and words of their curtain."""
        self._visiting: Seat | None = None
        self.at_table: Seat | None = None
        """The person whose own move at the public table was the last person's move (answers
        everyone gives at once aside): the keyboard is with them, so their next private step
        needs no public moment first, only their curtain."""

    def _seen(self) -> int:
        return len(self.table.view(None).log)

    @property
    def visiting(self) -> Seat | None:
        """The person the keyboard is with, behind a lifted curtain (one visit each)."""
        return self._visiting

    @visiting.setter
    def visiting(self, seat: Seat | None) -> None:
        left = self._visiting
        if left is not None and left != seat:  # their visit ends: the recap starts here
            self._recap_from[left] = self._seen()
        self._visiting = seat

    def caught_up(self, seat: Seat) -> None:
        """``seat`` has seen the whole public story so far (a resumed game)."""
        self._recap_from[seat] = self._seen()

    def wait_for(self, seat: Seat, name: str, doing: str) -> None:
        """The table waits for ``seat``, whose curtain says ``doing`` and lifts on the
        game's screen ``name``."""
        self._handing = (seat, name, doing)

    def moved_on(self) -> None:
        """The table waits for nobody (it shows what the prompt calls for next)."""
        self._handing = None

    @property
    def waiting_for(self) -> Seat | None:
        return None if self._handing is None else self._handing[0]

    def handing_over(self) -> HandOver | None:
        if self._handing is None:
            return None
        seat = self._handing[0]
        seen = self._recap_from.get(seat)
        log = self.table.view(None).log
        return HandOver(seat, tuple(log[seen or 0 :]), seen is None)

    def hand_over(self) -> tuple[Seat, str, str] | None:
        """The person waited for takes the keyboard: their seat, the screen their curtain
        lifts on and what it says (None: nobody was waited for)."""
        handing, self._handing = self._handing, None
        return handing
