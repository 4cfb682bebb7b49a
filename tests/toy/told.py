"""The facts each kind of Noughts and Crosses event carries, and its words."""

from __future__ import annotations

from rules.story import Told, beside, load_told
from tests.toy.state import EventKind

FACTS = {
    EventKind.OPENING: ("first",),
    EventKind.MARKED: ("mover", "square"),
    EventKind.THREE_IN_A_ROW: ("winner",),
    EventKind.FULL_BOARD: ("players",),
}

TOLD: Told[EventKind] = load_told(beside(__file__, "story.toml"), EventKind, FACTS)
