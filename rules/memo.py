"""Remembering what was last worked out from a state, by the state's identity.

States are frozen, and one step asks the same state the same question many times
(``apply`` asks who is prompted, then every seat's view asks again, then the
bots, the saves and the screens). Hashing a whole state to look it up would cost
more than the answer, so this remembers the answers for the last few state
objects, found by ``is``. It holds those states, so an identity cannot be reused
while remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

S = TypeVar("S")
R = TypeVar("R")

KEPT = 4
"""How many recent states are remembered: one step's before and after, and a spare."""


def by_identity(compute: Callable[[S], R]) -> Callable[[S], R]:
    """``compute``, remembering its answers for the last ``KEPT`` states (by ``is``)."""
    recent: list[tuple[S, R]] = []

    @wraps(compute)
    def remembered(state: S) -> R:
        for known, answer in recent:
            if known is state:
                return answer
        answer = compute(state)
        recent.insert(0, (state, answer))
        del recent[KEPT:]
        return answer

    return remembered
