"""What every game's illegal-action fuzzing asserts, in one place.

``apply`` either returns a new state or raises IllegalAction with a sentence
for a player; in both cases the state it was given is left exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

from rules.convert import CONVERTER
from rules.engine import IllegalAction

FUZZ = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Repeatable fuzzing: fixed examples, no example database, no timing failures."""


def apply_or_refuse(
    apply: Callable[[Any, Any], Any], state: Any, action: Any, endings: str = ".?"
) -> tuple[Any | None, str | None]:
    """(new state, None) when applied, (None, reason) when refused cleanly.

    A refusal must carry a trimmed, non-empty sentence ending in one of
    ``endings``; applied or refused, the given state must not have changed.
    """
    snapshot = CONVERTER.unstructure(state)
    try:
        after = apply(state, action)
    except IllegalAction as exc:
        reason = exc.reason
        assert isinstance(reason, str) and reason and reason.strip() == reason, repr(reason)
        assert reason[-1] in endings, reason
        assert str(exc) == reason
        assert CONVERTER.unstructure(state) == snapshot
        return None, reason
    assert after is not state
    assert CONVERTER.unstructure(state) == snapshot
    return after, None
