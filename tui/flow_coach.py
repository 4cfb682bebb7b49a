"""``parlour teach GAME --play``: a coached first game, one person against bots.

``CoachMode`` is the hotseat flow's mode on the game's coached deal
(``rules.coaching``), with a hint at each of the person's prompts: what the
decision means and the pick worth weighing, worked out from the public view and
the person's own, and spoken to the person ("you"). ^T hides the hints and shows them
again. A coached game is practice: it is not saved. The person plays alone against
bots, so no curtain comes down before their turns: the table's public moment (what
the bots did since) is followed by their screen at once.
"""

from __future__ import annotations

from rules.coaching import hint
from rules.engine import Seat
from tui.flow_mode import Mode, Steering
from tui.port import Coaching


class CoachMode(Mode):
    """A game at this keyboard that hints at each of the person's decisions (the table
    port's ``Coaching``)."""

    saved = False
    curtains = False  # a solo learner: nobody else's eyes to keep off their screen

    def __init__(self, steering: Steering) -> None:
        super().__init__(steering)
        self._shown = True
        self._last: tuple[tuple[int, Seat], str] | None = None
        """The last hint worked out, for (the moment, the seat): screens ask for it at
        every redraw, and working it out runs the bot."""

    @property
    def coach(self) -> Coaching | None:
        return self

    @property
    def hints_shown(self) -> bool:
        return self._shown

    def toggle_hints(self) -> bool:
        self._shown = not self._shown
        return self._shown

    def hint(self, seat: Seat) -> str:
        session = self.steering.table.session
        key = (len(session.actions), seat)
        if self._last is None or self._last[0] != key:
            self._last = (key, hint(session, seat))
        return self._last[1]
