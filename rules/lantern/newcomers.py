"""Newcomers: someone walks in and becomes a Bard, or the Barkeep hands the bar over.

Either way a seat is added after every other (``tavern.add_seat``), so no seat a
saved action names is ever renumbered. Both happen between turns, as every coming
and going does, and only in tales begun since they were allowed
(``LanternConfig.walk_ins``). A name is given as typed: it is made plain
(``rules.names.plain_name``), and refused when empty, too long, unshowable, or
read the same as any seat's name already at the table (Bards, Barkeeps, earlier
newcomers, whether they are still here or not).
"""

from __future__ import annotations

from rules.engine import IllegalAction, Who
from rules.lantern.benches import ONLY_BETWEEN_TURNS, seater, sit_down
from rules.lantern.state import (
    BETWEEN_TURNS,
    EventKind,
    HandBar,
    Keeper,
    LanternState,
    Newcomer,
    Role,
    WalkIn,
)
from rules.lantern.tavern import (
    add_seat,
    announce,
    barkeep_seat,
    free_benches,
    name,
    names,
)
from rules.names import look_alike, name_fault, plain_name

LONGEST_NAME = 24
"""The most characters a newcomer's name may have."""
NOT_THIS_TALE = "This tale was begun before newcomers could walk in or the bar change hands."
NO_FREE_BENCH = "Every bench is taken: a newcomer can sit down once someone leaves."
CHOOSE_A_FREE_BENCH = "Choose a free bench."
BARKEEP_SEATS = "The Barkeep chooses where a newcomer sits."
BAR_BETWEEN_TURNS = "The bar changes hands between turns."
NO_BAR_TO_HAND = "Only a person Barkeep can hand the bar to someone else."
ONLY_THE_BARKEEP = "Only the Barkeep can hand the bar to someone else."
WALK_IN_QUESTION = "{name} walks in and sits down on bench {bench}, with a starting hand?"
"""What the table is asked before someone new sits down (a screen's confirmation)."""
BAR_HANDOVER = (
    "Hand the bar to {name}? From now on they rule on every play and see every hand, and "
    "you take no further part in the tale."
)
"""What the Barkeep is asked before handing the bar over (a screen's confirmation)."""


def name_refusal(state: LanternState, raw: object, who: str = "the newcomer") -> str:
    """Why ``raw`` cannot be a new seat's name ('' when it can); ``who`` says whose."""
    if not isinstance(raw, str) or not plain_name(raw):
        return f"Type {who}'s name."
    given = plain_name(raw)
    fault = name_fault(raw.strip()) or name_fault(given)  # (a line break inside is refused)
    if fault:
        return f"That name {fault}."
    if len(given) > LONGEST_NAME:
        return f"Keep the name to {LONGEST_NAME} characters or fewer."
    looks = look_alike(given)
    taken = next((n for n in names(state) if look_alike(n) == looks), None)
    if taken is not None:
        return f"{taken} already has a seat at this table: choose another name."
    return ""


# --- walking in -----------------------------------------------------------------------


def walk_in_refusal(state: LanternState, action: WalkIn) -> str:
    """Why ``action`` may not seat its newcomer now ('' when it may)."""
    if not state.config.walk_ins:
        return NOT_THIS_TALE
    if state.phase not in BETWEEN_TURNS:
        return ONLY_BETWEEN_TURNS
    chooser = seater(state)
    if action.seat != chooser:
        if barkeep_seat(state) is not None:
            return BARKEEP_SEATS
        assert chooser is not None
        return f"{name(state, chooser)} chooses where a newcomer sits now."
    benches = free_benches(state)
    if not benches:
        return NO_FREE_BENCH
    bench = action.bench
    if isinstance(bench, bool) or not isinstance(bench, int) or bench not in benches:
        return CHOOSE_A_FREE_BENCH
    return name_refusal(state, action.name)


def walk_in(state: LanternState, action: WalkIn) -> LanternState:
    """A seat of their own for the newcomer, on the bench chosen, and a starting hand."""
    refusal = walk_in_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    state, bard = add_seat(state, Newcomer(plain_name(action.name), Role.BARD))
    return sit_down(state, bard, action.bench, EventKind.WALKED_IN)


# --- handing the bar over ---------------------------------------------------------------


def hand_bar_refusal(state: LanternState, action: HandBar) -> str:
    """Why ``action`` may not hand the bar over now ('' when it may)."""
    if not state.config.walk_ins:
        return NOT_THIS_TALE
    if state.config.barkeep != Keeper.PERSON:
        return NO_BAR_TO_HAND
    if action.seat != barkeep_seat(state):
        return ONLY_THE_BARKEEP
    if state.phase not in BETWEEN_TURNS:
        return BAR_BETWEEN_TURNS
    return name_refusal(state, action.name, "the new Barkeep")


def hand_bar(state: LanternState, action: HandBar) -> LanternState:
    """The new Barkeep takes a seat of their own and keeps the bar from now on; the old
    Barkeep's seat is left with no part in the tale."""
    refusal = hand_bar_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    old = action.seat
    state, keeper = add_seat(state, Newcomer(plain_name(action.name), Role.BARKEEP))
    return announce(state, EventKind.BAR_HANDED, old=Who(old), barkeep=Who(keeper))
