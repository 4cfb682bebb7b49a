"""Small helpers every Temptress rule module shares: names, logging, replacing a suitor."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import Event, Seat
from rules.temptress.state import EventKind, Suitor, TemptressState


def name(state: TemptressState, seat: Seat) -> str:
    if seat == state.narrator_seat:
        return state.config.narrator_name
    return state.suitors[seat].name


def woman_name(state: TemptressState, woman: int) -> str:
    return state.women[woman].name


def cards_text(cards: Iterable[PlayingCard]) -> str:
    return " ".join(card.label() for card in cards) or "no cards"


def log(state: TemptressState, *texts: str, kind: EventKind) -> TemptressState:
    """Public events, each of ``kind`` (what its teaching caption explains)."""
    return evolve(state, log=state.log + tuple(Event(t, kind=kind) for t in texts))


def tell(state: TemptressState, seat: Seat, *texts: str, kind: EventKind) -> TemptressState:
    """Private events of ``kind``: only ``seat`` (and the narrator console) may read them."""
    seats = (seat,) if state.narrator_seat is None else (seat, state.narrator_seat)
    return evolve(state, log=state.log + tuple(Event(t, seats, kind) for t in texts))


def with_suitor(state: TemptressState, seat: Seat, **changes: Any) -> TemptressState:
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


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"

