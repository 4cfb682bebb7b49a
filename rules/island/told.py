"""The Island's events as data: the facts each kind carries, and its words
(``story.toml`` beside this module, checked when loaded)."""

from __future__ import annotations

from rules.island.state import EventKind
from rules.story import Told, beside, load_told

FACTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.OPENING: ("everyone", "decider"),
    EventKind.NEW_TURN: ("turn", "decider", "judged"),
    EventKind.RESPONDED: ("responder",),
    EventKind.PUT_FORWARD: ("card",),
    EventKind.JUDGING: ("decider",),
    EventKind.MOVER: ("decider", "chosen", "judged", "mover", "loser", "other"),
    EventKind.NO_MOVE: ("mover",),
    EventKind.MOVE: ("mover", "way"),
    EventKind.PLACE: ("mover", "way"),
    EventKind.FORCED_PLACE: ("mover", "way"),
    EventKind.REMOVE: ("mover", "way"),
    EventKind.FORCED_REMOVE: ("mover", "way"),
    EventKind.LEFT_ALONE: ("alone", "winners"),
    EventKind.SPLIT_THREE_WAYS: ("mover", "winners"),
}
"""The facts every kind of Island event carries (seats, the cards, the way)."""

PHRASES = ("stock_left", "island_after")
"""The caption phrases that weigh the view (``rules/island/captions.py``)."""

TOLD: Told[EventKind] = load_told(beside(__file__, "story.toml"), EventKind, FACTS, PHRASES)
