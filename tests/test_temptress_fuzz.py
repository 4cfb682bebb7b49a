"""Arbitrary actions against reachable Temptress states: accepted cleanly or refused cleanly.

Any action class, any seat (out-of-range ones too), random cards, women,
kinds and strings: ``apply`` either returns a new state that keeps every
invariant, or raises IllegalAction with a one-sentence reason and leaves the
state exactly as it was. No other exception may escape.
"""

from __future__ import annotations

import random
import string
from functools import cache

from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import PlayingCard, Suit
from rules.temptress import game
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.game import TEMPTRESS
from rules.temptress.state import CLUE_KINDS, STAKE_KINDS, TemptressState
from tests.rules_support import FUZZ, apply_or_refuse
from tests.temptress_helpers import (
    bot_policy,
    candidates,
    check_invariants,
    fresh,
    honours_in_hands,
    playout,
    random_policy,
    random_step,
)


@frozen
class Flirt:
    """An action no game knows."""

    seat: int
    woman: int


@cache
def reachable_states() -> tuple[TemptressState, ...]:
    """Every state of a few seeded games: random play on varied tables, and bots."""
    starts = [
        (fresh(1, 5, person=True, round_limit=2), random_policy(1)),
        (fresh(2, 3, round_limit=2), random_policy(2)),
        (fresh(3, 4, person=True, round_limit=1), random_policy(3)),
        (honours_in_hands(fresh(4, 5, round_limit=2), 1), random_policy(4)),
        (honours_in_hands(fresh(5, 3, person=True, round_limit=2), 2), random_policy(5)),
        (fresh(6, 5, person=True, round_limit=2), bot_policy(6)),
    ]
    states: list[TemptressState] = []
    for start, policy in starts:
        states.append(start)
        states += [after for _, _, after in playout(start, policy, 3_000)]
    return tuple(states)


def test_the_fuzz_starts_from_every_kind_of_moment():
    kinds = {getattr(game.prompt(s), "kind", None) for s in reachable_states()}
    assert kinds >= {
        "floor", "join", "play", "raise", "vote", "verdict", "spend", "final", "faux_pas",
        "answer", "stake", None,
    }  # fmt: skip


junk = st.text(alphabet=string.ascii_letters + string.punctuation + " é♥\n", max_size=140)
ints = st.integers(-3, 8)


@st.composite
def cards_of(draw, state: TemptressState):
    known = sorted({c for s in state.suitors for c in (*s.hand, *s.faceup)} | set(state.discard))
    made = st.builds(PlayingCard, st.integers(0, 16), st.sampled_from(tuple(Suit)))
    one = st.one_of(st.sampled_from(known), made) if known else made
    return draw(one)


@st.composite
def state_and_action(draw):
    state = draw(st.sampled_from(reachable_states()))
    current = game.prompt(state)
    acting = current.seats if current else ()
    seats = st.one_of(st.sampled_from(acting), ints, st.booleans()) if acting else ints
    seat = draw(seats)
    card = cards_of(state)
    hand = st.lists(card, max_size=4).map(tuple)
    text = st.one_of(junk, st.sampled_from(("", "yes", "no", "abstain", "refill", "clue")))
    kind = st.one_of(st.sampled_from(STAKE_KINDS + CLUE_KINDS), text)
    choice = st.one_of(st.sampled_from(("refill", "clear", "clue", "keep")), text)
    flag = st.booleans()
    many = st.lists(ints, max_size=3).map(tuple)
    built = st.one_of(
        st.builds(ClaimFloor, st.just(seat), ints, junk),
        st.builds(Decline, st.just(seat)),
        st.builds(Retire, st.just(seat), ints),
        st.builds(StartArgument, st.just(seat), ints, ints),
        st.builds(Join, st.just(seat), flag),
        st.builds(Reroll, st.just(seat), ints),
        st.builds(PlayCards, st.just(seat), hand, flag, flag),
        st.builds(RaiseStakes, st.just(seat), flag),
        st.builds(Follow, st.just(seat), flag),
        st.builds(DrawFromPile, st.just(seat), ints),
        st.builds(RevealFauxPas, st.just(seat), card),
        st.builds(Vote, st.just(seat), text),
        st.builds(AnswerArgument, st.just(seat), flag),
        st.builds(SetStake, st.just(seat), kind, junk),
        st.builds(SpendRapport, st.just(seat), choice, hand, kind),
        st.builds(NarratorVerdict, st.just(seat), many, flag),
        st.builds(NarratorAward, st.just(seat), ints),
        st.builds(NarratorEndRound, st.just(seat)),
        st.builds(NarratorSettleTie, st.just(seat), ints),
        st.builds(NarratorReviewStakes, st.just(seat), many),
        st.builds(Flirt, st.just(seat), ints),
    )
    if current is None or draw(st.booleans()):
        return state, draw(built)
    # The random policy's candidates for this very moment (many are legal), or the one
    # it would play.
    rng = random.Random(draw(st.integers(0, 10_000)))
    if draw(st.booleans()):
        return state, draw(st.sampled_from(candidates(state, rng)))
    return state, random_step(state, rng)[0]


def test_every_action_class_is_fuzzed():
    fuzzed = {
        ClaimFloor, Decline, Retire, StartArgument, Join, Reroll, PlayCards, RaiseStakes,
        Follow, DrawFromPile, RevealFauxPas, Vote, AnswerArgument, SetStake, SpendRapport,
        NarratorVerdict, NarratorAward, NarratorEndRound, NarratorSettleTie, NarratorReviewStakes,
    }  # fmt: skip
    assert fuzzed == set(TEMPTRESS.action_types)


@FUZZ
@given(state_and_action())
def test_any_action_is_either_applied_or_refused_cleanly(case):
    state, action = case
    after, reason = apply_or_refuse(game.apply, state, action)
    if reason is not None:
        return
    assert isinstance(after, TemptressState)
    current = game.prompt(state)
    assert current is not None and action.seat in current.seats
    check_invariants(after, state)
