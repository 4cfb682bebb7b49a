"""What every game's rules tests and fuzzing assert, in one place.

``apply`` either returns a new state or raises IllegalAction with a sentence
for a player; in both cases the state it was given is left exactly as it was.
Each game's helpers bind these to its own ``apply`` (``functools.partial``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
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


def refused_by(apply: Callable[[Any, Any], Any], state: Any, action: Any) -> str:
    """The reason ``apply`` refuses ``action`` (the same contract as the fuzzing)."""
    after, reason = apply_or_refuse(apply, state, action)
    assert reason is not None, f"{action!r} was applied, not refused"
    return reason


def applied(apply: Callable[[Any, Any], Any], state: Any, *actions: Any) -> Any:
    """The state after applying ``actions`` in turn."""
    for action in actions:
        state = apply(state, action)
    return state


def new_events(before: Any, after: Any) -> list[Any]:
    """The events ``after`` added to ``before``'s log (public and private); the
    older log must be kept as it was."""
    assert after.log[: len(before.log)] == before.log
    return list(after.log[len(before.log) :])


def new_lines(before: Any, after: Any) -> list[str]:
    """The texts of ``new_events``."""
    return [event.text for event in new_events(before, after)]


def edited(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    """Rewrite the JSON file at ``path`` after ``change`` edits its data in place."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


PYTHONISH = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b|<\w+ object at 0x|^\w+\(")
"""What a refusal meant for a player must not look like: Python's own words."""


def save_refusal(path: Path) -> str:
    """The one line ``saves.load`` refuses ``path`` with: it names the file and reads
    as a sentence, not as Python."""
    from tui.persistence import saves

    try:
        saves.load(path)
    except saves.SaveError as exc:
        message = str(exc)
    else:
        raise AssertionError(f"{path.name} was accepted")
    assert "\n" not in message, message
    assert message.startswith(str(path)), message
    assert not PYTHONISH.search(message[len(str(path)) :]), message
    return message
