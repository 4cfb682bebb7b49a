"""Who sits where, and the story log: what every part of the Lantern's rules shares."""

from __future__ import annotations

from typing import TypeVar

from attrs import evolve

from rules.engine import Event, Fact, Seat
from rules.lantern.state import EventKind, Keeper, LanternState
from rules.lantern.told import TOLD
from rules.story import STORY

T = TypeVar("T")


def story_event(
    state: LanternState, kind: EventKind, /, *, line: str = STORY, **facts: Fact
) -> Event:
    """The public event of ``kind`` about ``facts``, told by the kind's ``line``
    (``rules/lantern/story.toml``)."""
    return TOLD.event(kind, names(state), facts, line=line)


def record(state: LanternState, event: Event) -> LanternState:
    """``event`` added to the table's story."""
    return evolve(state, log=state.log + (event,))


def announce(
    state: LanternState, kind: EventKind, /, *, line: str = STORY, **facts: Fact
) -> LanternState:
    """A public line for the table's story, of ``kind`` (what its caption explains)."""
    return record(state, story_event(state, kind, line=line, **facts))


def tell_bard(state: LanternState, bard: Seat, kind: EventKind, /, **facts: Fact) -> LanternState:
    """A private line for ``bard`` (the Barkeep, when a person keeps the bar, reads it too)."""
    keeper = barkeep_seat(state)
    seats = (bard,) if keeper is None else (bard, keeper)
    return record(state, TOLD.event(kind, names(state), facts, seats))


def barkeep_seat(state: LanternState) -> Seat | None:
    """The Barkeep's seat (after the roster's), or None when the table keeps the bar."""
    return len(state.config.bards) if state.config.barkeep == Keeper.PERSON else None


def name(state: LanternState, seat: Seat) -> str:
    if seat == barkeep_seat(state):
        return state.config.barkeep_name
    return state.config.bards[seat]


def names(state: LanternState) -> tuple[str, ...]:
    """Every seat's name: the Bards of the roster, then the Barkeep when a person keeps
    the bar (a story line tells a seat by it)."""
    keeper = () if barkeep_seat(state) is None else (state.config.barkeep_name,)
    return state.config.bards + keeper


def element(state: LanternState, card: int | None) -> str:
    """A card's story element, as an event tells it ('' when no card was named)."""
    return "" if card is None else state.elements[card]


def seated(state: LanternState) -> tuple[Seat, ...]:
    """Seated Bards in bench order (clockwise round the table)."""
    on = [(bench, bard) for bard, bench in enumerate(state.benches) if bench is not None]
    return tuple(bard for _, bard in sorted(on))


def next_bard(state: LanternState, bard: Seat) -> Seat | None:
    """Whose turn follows ``bard``'s: the next seated Bard clockwise (None: nobody sits)."""
    on = seated(state)
    if not on:
        return None
    if bard not in on:
        mine = state.benches[bard]
        later = [b for b in on if (state.benches[b] or 0) > (-1 if mine is None else mine)]
        return later[0] if later else on[0]
    return on[(on.index(bard) + 1) % len(on)]


def voters(state: LanternState, *skip: Seat) -> tuple[Seat, ...]:
    """The seated Bards but ``skip``, in bench order."""
    return tuple(b for b in seated(state) if b not in skip)


def free_benches(state: LanternState) -> tuple[int, ...]:
    """The benches nobody sits on, in order."""
    return tuple(n for n in range(state.config.benches) if n not in state.benches)


def may_come(state: LanternState) -> tuple[Seat, ...]:
    """The Bards of the roster who are away and may be seated (not Under The Table)."""
    return tuple(
        b for b, bench in enumerate(state.benches) if bench is None and not state.under_table[b]
    )


def replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1 :]
