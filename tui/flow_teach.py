"""``parlour teach``: a bot game that explains itself, step by step.

``TeachMode`` is the demo mode that keeps every step's session: ``n`` plays the
next step (or, after going back, the one that was played before, so forward again
is the same game), ``b`` goes back one, space runs at a pace. The table shows the
last step's public lines, each with its caption from the game's help module, and
what the table decides next; ``v`` looks through each seat's eyes in turn, under
a banner naming whose eyes they are, and back to the public table.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Seat
from rules.session import Session
from rules.teaching import Explained, session_prompt, session_step
from tui.flow_mode import DemoMode, ModeMaker, Steering
from tui.port import Teaching


class TeachMode(DemoMode):
    """A demo that teaches: steps forward and back, captions, a peek (the table port's
    ``Teaching``)."""

    starts_paused = True  # a newcomer steps with n (space runs it at a pace)

    def __init__(self, steering: Steering) -> None:
        super().__init__(steering)
        self.history: list[Session[Any]] = [steering.table.session]
        """Every step's session, the deal first."""
        self.ahead: list[Session[Any]] = []
        """Steps gone back over, the nearest last: forward replays them as they were."""
        self._peeking: Seat | None = None

    @property
    def teaching(self) -> Teaching | None:
        return self

    def again(self) -> ModeMaker:
        return DemoMode  # (Play again deals a plain demo)

    @property
    def step(self) -> int:
        return len(self.history) - 1

    @property
    def peeking(self) -> Seat | None:
        return self._peeking

    def moved(self) -> None:
        self.history.append(self.steering.table.session)
        self.ahead.clear()

    def step_forward(self) -> bool:
        if not self.ahead:
            return False
        session = self.ahead.pop()
        self.history.append(session)
        self.steering.go_to(session)
        return True

    def step_back(self) -> None:
        """Back to the step before (the game pauses there)."""
        if len(self.history) < 2:
            return
        self.ahead.append(self.history.pop())
        self.steering.go_to(self.history[-1])

    def peek_next(self) -> None:
        count = len(self.steering.table.seats)
        seat = self._peeking
        self._peeking = 0 if seat is None else (seat + 1 if seat + 1 < count else None)
        self.steering.redraw()

    def explained(self) -> tuple[Explained, ...]:
        before = self.history[-2] if len(self.history) > 1 else None
        return session_step(before, self.steering.table.session)

    def next_caption(self) -> str:
        return session_prompt(self.steering.table.session)

    def peek_lines(self) -> tuple[str, ...]:
        seat = self._peeking
        if seat is None:
            return ()
        return tuple(self.steering.ui.peek(self.steering.table.view(seat)))
