"""Small helpers every Temptress rule module shares: names, logging, replacing a suitor."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Unpack

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import Fact, Seat
from rules.story import STORY
from rules.temptress.state import EventKind, Suitor, SuitorChanges, TemptressState
from rules.temptress.told import TOLD


def name(state: TemptressState, seat: Seat) -> str:
    if seat == state.narrator_seat:
        return state.config.narrator_name
    return state.suitors[seat].name


def woman_name(state: TemptressState, woman: int) -> str:
    return state.women[woman].name


def cards_text(cards: Iterable[PlayingCard]) -> str:
    return " ".join(card.label() for card in cards) or "no cards"


def names(state: TemptressState) -> tuple[str, ...]:
    """Every seat's name, by seat: the suitors, then the narrator."""
    return tuple(s.name for s in state.suitors) + (state.config.narrator_name,)


def told(state: TemptressState, kind: EventKind, line: str, /, **values: Fact) -> str:
    """The kind's ``line`` told from ``values`` alone: one seat's part of a line told seat
    by seat, or a pact as the pact log keeps it."""
    return TOLD.tell(TOLD.line(kind, line), names(state), values)


def log(
    state: TemptressState, kind: EventKind, line: str = STORY, /, **facts: Fact
) -> TemptressState:
    """A public event of ``kind`` about ``facts``, told by the kind's ``line``."""
    event = TOLD.event(kind, names(state), facts, line=line)
    return evolve(state, log=state.log + (event,))


def tell(
    state: TemptressState, seat: Seat, kind: EventKind, line: str = STORY, /, **facts: Fact
) -> TemptressState:
    """A private event of ``kind`` about ``facts``, told by the kind's ``line``: only
    ``seat`` (and the narrator console) may read it."""
    seats = (seat,) if state.narrator_seat is None else (seat, state.narrator_seat)
    event = TOLD.event(kind, names(state), facts, seats, line)
    return evolve(state, log=state.log + (event,))


def with_suitor(
    state: TemptressState, seat: Seat, **changes: Unpack[SuitorChanges]
) -> TemptressState:
    suitors = list(state.suitors)
    suitors[seat] = evolve(suitors[seat], **changes)
    return evolve(state, suitors=tuple(suitors))


def without_cards(suitor: Suitor, cards: Iterable[PlayingCard]) -> Suitor:
    """The suitor with ``cards`` gone from hand (and from the face-up cards)."""
    gone = set(cards)
    return evolve(
        suitor,
        hand=tuple(c for c in suitor.hand if c not in gone),
        faceup=tuple(c for c in suitor.faceup if c not in gone),
    )
