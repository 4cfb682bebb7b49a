"""Arbitrary actions against reachable Lantern states: accepted cleanly or refused cleanly.

Any action class, any seat (out-of-range ones and booleans too), cards from the
hands, the table, the deck or nowhere, random Loose End claims, reasons, texts
and story elements, and answers drawn from what the seats' views offer:
``apply`` either returns a new state that keeps every invariant, or raises
IllegalAction with a one-sentence reason and leaves the state exactly as it
was. No other exception may escape.
"""

from __future__ import annotations

import string
from functools import cache

from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from rules.chance import Chance
from rules.lantern import game
from rules.lantern.game import LANTERN
from rules.lantern.state import (
    DENY_REASONS,
    Begin,
    Closing,
    Interrupt,
    LanternState,
    Leave,
    PassTurn,
    Phase,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
    Sleep,
)
from tests.lantern_helpers import (
    bot_policy,
    check_invariants,
    fresh,
    playout,
    random_policy,
    restless_policy,
    seats_of,
)
from tests.rules_support import FUZZ, apply_or_refuse

FREE_ACTIONS = (Leave, SeatBard, Sleep)
"""Actions the rules judge by their own checks rather than by the prompt's seats."""


@frozen
class Toast:
    """An action no game knows."""

    seat: int
    words: str


@frozen
class Shrug:
    """Not even a seat."""


@cache
def reachable_states() -> tuple[LanternState, ...]:
    """Every state of a few seeded games: rowdy random play on varied taverns, and demo seats."""
    starts = [
        (fresh(1, 3, benches=4, hand=4, elements=30), random_policy(1)),
        (fresh(2, 4, person=False, benches=5, hand=3, elements=30), random_policy(2)),
        (fresh(3, 2, benches=3, hand=5, elements=25), random_policy(3)),
        (fresh(4, 2, person=False, benches=2, hand=6, elements=30), random_policy(4)),
        (fresh(5, 5, benches=6, hand=3, seated=(True, False, True, False, True)), random_policy(5)),
        (fresh(6, 4, benches=5, hand=5), restless_policy(6, rate=0.15)),
        (fresh(7, 3, person=False, benches=4, hand=5), restless_policy(7, rate=0.15)),
        (fresh(8, 3, benches=4, hand=7), bot_policy(8)),
        (fresh(9, 4, benches=4, hand=7, elements=35), bot_policy(9)),
        (fresh(10, 3, benches=3, hand=4, seated=(True, False, False)), random_policy(10)),
        (fresh(11, 2, person=False, benches=2, hand=4, elements=20), restless_policy(11, 0.3)),
    ]
    states: list[LanternState] = []
    for start, policy in starts:
        states.append(start)
        states += [after for _, _, after in playout(start, policy, 2_000)]
    return tuple(states)


def test_the_fuzz_starts_from_every_kind_of_moment():
    kinds = {getattr(game.prompt(s), "kind", None) for s in reachable_states()}
    assert kinds == {*Phase} - {Phase.OVER} | {None}


junk = st.text(alphabet=string.ascii_letters + string.punctuation + " é♥\n", max_size=60)
ints = st.integers(-3, 10)


@st.composite
def cards_of(draw, state: LanternState):
    known = sorted(
        {c for hand in state.hands for c in hand} | set(state.table) | set(state.deck[:5])
    )
    made = st.one_of(st.integers(-2, len(state.elements) + 2), st.just(10**9))
    return draw(st.one_of(st.sampled_from(known), made) if known else made)


@st.composite
def state_and_action(draw):
    state = draw(st.sampled_from(reachable_states()))
    current = game.prompt(state)
    acting = current.seats if current else ()
    seats = st.one_of(st.sampled_from(acting), ints, st.booleans()) if acting else ints
    seat = draw(seats)
    card = cards_of(state)
    maybe_card = st.one_of(st.none(), card)
    ties_from = st.sampled_from(state.table) if state.table else card
    ties = st.lists(st.one_of(ties_from, card), max_size=3).map(tuple)
    flag = st.booleans()
    reason = st.one_of(st.sampled_from(tuple(DENY_REASONS)), junk)
    text = st.one_of(junk, st.sampled_from(("", "x" * 4001, "  a tale  ")))
    elements = st.lists(
        st.one_of(junk, st.sampled_from(state.elements[:3]), st.just("a brass telescope")),
        max_size=3,
    ).map(tuple)
    built = st.one_of(
        st.builds(Begin, st.just(seat), ints),
        st.builds(Play, st.just(seat), text, maybe_card, ties, flag),
        st.builds(PassTurn, st.just(seat), maybe_card),
        st.builds(Interrupt, st.just(seat), maybe_card),
        st.builds(Rule, st.just(seat), flag, reason, flag, ties),
        st.builds(RuleInterruption, st.just(seat), flag, flag),
        st.builds(Closing, st.just(seat), text),
        st.builds(SeatBard, st.just(seat), ints, ints),
        st.builds(Leave, st.just(seat)),
        st.builds(Sleep, st.just(seat), flag),
        st.builds(Restock, st.just(seat), elements),
        st.builds(Toast, st.just(seat), junk),
        st.just(Shrug()),
    )
    offering = [s for s in seats_of(state) if game.view(state, s).choices is not None]
    if not offering or draw(st.booleans()):
        return state, draw(built)
    # An answer drawn from what some seat's view offers now (all of them legal).
    choices = game.view(state, draw(st.sampled_from(offering))).choices
    assert choices is not None
    action, _ = choices.draw(Chance(draw(st.integers(0, 10_000))))
    return state, action


def test_every_action_class_is_fuzzed():
    fuzzed = {
        Begin, Play, PassTurn, Interrupt, Rule, RuleInterruption, Closing, SeatBard, Leave, Sleep,
        Restock,
    }  # fmt: skip
    assert fuzzed == set(LANTERN.action_types)


@FUZZ
@given(state_and_action())
def test_any_action_is_either_applied_or_refused_cleanly(case):
    state, action = case
    after, reason = apply_or_refuse(game.apply, state, action)
    if reason is not None:
        return
    assert isinstance(after, LanternState)
    current = game.prompt(state)
    assert current is not None
    assert isinstance(action, FREE_ACTIONS) or action.seat in current.seats
    check_invariants(after, state)
