"""``parlour teach``: a bot game that explains itself, step by step.

``TeachFlow`` is a demo flow that keeps every step's session: ``n`` plays the next
step (or, after going back, the one that was played before, so forward again is
the same game), ``b`` goes back one, space runs at a pace. The table shows the
last step's public lines, each with its caption from the game's help module, and
what the table decides next; ``v`` looks through each seat's eyes in turn, under
a banner naming whose eyes they are, and back to the public table.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Seat
from rules.session import Session
from rules.teaching import Explained, session_prompt, session_step
from tui.flow import GameFlow
from tui.port import Teaching


class TeachFlow(GameFlow):
    """A demo that teaches: steps forward and back, captions, a peek."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["demo"] = True
        super().__init__(*args, **kwargs)
        self.history: list[Session[Any]] = [self.session]
        """Every step's session, the deal first."""
        self.ahead: list[Session[Any]] = []
        """Steps gone back over, the nearest last: forward replays them as they were."""
        self._peeking: Seat | None = None
        self.paused = True  # a newcomer steps with n (space runs it at a pace)

    # --- the port's teaching controls ------------------------------------------

    @property
    def teaching(self) -> Teaching | None:
        return self

    @property
    def step(self) -> int:
        return len(self.history) - 1

    @property
    def peeking(self) -> Seat | None:
        return self._peeking

    def applied(self) -> None:
        self.history.append(self.session)
        self.ahead.clear()
        super().applied()

    def step_once(self) -> None:
        if self.paused and self.ahead:
            self._go_to(self.ahead.pop(), forward=True)
            return
        super().step_once()

    def step_back(self) -> None:
        """Back to the step before (the game pauses there)."""
        if len(self.history) < 2:
            return
        self.paused = True
        self.ahead.append(self.history.pop())
        self._go_to(self.history[-1], forward=False)

    def _go_to(self, session: Session[Any], *, forward: bool) -> None:
        if forward:
            self.history.append(session)
        self._token += 1  # a bot step planned for the step left behind does nothing
        self.session = session
        self.changes += 1
        self.advance()

    def peek_next(self) -> None:
        count = len(self.seats)
        seat = self._peeking
        self._peeking = 0 if seat is None else (seat + 1 if seat + 1 < count else None)
        self.show_table()

    def explained(self) -> tuple[Explained, ...]:
        before = self.history[-2] if len(self.history) > 1 else None
        return session_step(before, self.session)

    def next_caption(self) -> str:
        return session_prompt(self.session)

    def peek_lines(self) -> tuple[str, ...]:
        seat = self._peeking
        if seat is None:
            return ()
        return tuple(self.ui.peek(self.view(seat)))
