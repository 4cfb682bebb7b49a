"""Who sits where, and the story log: what every part of the Lantern's rules shares."""

from __future__ import annotations

from typing import TypeVar

from attrs import evolve

from rules.engine import Event, Fact, Seat
from rules.lantern.state import EventKind, Keeper, LanternState, Newcomer, Role
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


def setup_seats(state: LanternState) -> int:
    """How many seats the setup made: the roster's Bards, and a person Barkeep's seat."""
    return len(state.config.bards) + (state.config.barkeep == Keeper.PERSON)


def barkeep_seat(state: LanternState) -> Seat | None:
    """The seat of the Barkeep now: the last person the bar was handed to, else the
    setup's (after the roster's); None when the table keeps the bar."""
    if state.config.barkeep != Keeper.PERSON:
        return None
    start = setup_seats(state)
    for index in range(len(state.newcomers) - 1, -1, -1):
        if state.newcomers[index].role == Role.BARKEEP:
            return start + index
    return len(state.config.bards)


def is_bard(state: LanternState, seat: object) -> bool:
    """Whether ``seat`` is a Bard's (of the roster, or one who walked in)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        return False
    if seat < len(state.config.bards):
        return True
    index = seat - setup_seats(state)
    return 0 <= index < len(state.newcomers) and state.newcomers[index].role == Role.BARD


def bard_seats(state: LanternState) -> tuple[Seat, ...]:
    """Every Bard's seat, in seat order: the roster's, then those who walked in."""
    start = setup_seats(state)
    walked = (start + n for n, new in enumerate(state.newcomers) if new.role == Role.BARD)
    return (*range(len(state.config.bards)), *walked)


def name(state: LanternState, seat: Seat) -> str:
    return names(state)[seat]


def names(state: LanternState) -> tuple[str, ...]:
    """Every seat's name, in seat order: the Bards of the roster, then the Barkeep when a
    person keeps the bar, then everyone who came since (a story line tells a seat by it)."""
    keeper = (state.config.barkeep_name,) if state.config.barkeep == Keeper.PERSON else ()
    return state.config.bards + keeper + tuple(new.name for new in state.newcomers)


def barkeep_name(state: LanternState) -> str:
    """Who keeps the bar now, by name ("The table" at a table without a Barkeep)."""
    keeper = barkeep_seat(state)
    return state.config.barkeep_name if keeper is None else name(state, keeper)


def add_seat(state: LanternState, newcomer: Newcomer) -> tuple[LanternState, Seat]:
    """``state`` with a seat for ``newcomer`` after every other, and its number. Every tuple
    by seat grows to cover it (a Barkeep's seat before it with empty values)."""
    seat = len(names(state))
    state = evolve(state, newcomers=state.newcomers + (newcomer,))
    grow = seat + 1 - len(state.benches)
    if grow > 0:
        state = evolve(
            state,
            hands=state.hands + ((),) * grow,
            benches=state.benches + (None,) * grow,
            ale=state.ale + (0,) * grow,
            asleep=state.asleep + (0,) * grow,
            under_table=state.under_table + (False,) * grow,
        )
    return state, seat


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
    """The Bards who are away and may be seated again (not Under The Table)."""
    return tuple(
        b for b in bard_seats(state) if state.benches[b] is None and not state.under_table[b]
    )


def replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1 :]
