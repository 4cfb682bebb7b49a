"""``parlour teach GAME --play``: a coached first game, one person against bots.

``CoachFlow`` is the hotseat flow on the game's coached deal (``rules.coaching``)
with a hint at each of the person's prompts: what the decision means and the
pick worth weighing, worked out from the public view and the person's own. ^T
hides the hints and shows them again. A coached game is practice: it is not saved.
"""

from __future__ import annotations

from typing import Any

from rules.coaching import hint
from rules.engine import Seat
from tui.flow import GameFlow
from tui.port import Coaching


class CoachFlow(GameFlow):
    """A game at this keyboard that hints at each of the person's decisions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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
        key = (len(self.session.actions), seat)
        if self._last is None or self._last[0] != key:
            self._last = (key, hint(self.session, seat))
        return self._last[1]
