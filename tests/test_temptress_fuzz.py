"""Arbitrary actions against reachable Temptress states: accepted cleanly or refused cleanly.

Any action class, any seat (out-of-range ones too), random cards, women,
kinds and strings: ``apply`` either returns a new state that keeps every
invariant, or raises IllegalAction with a one-sentence reason and leaves the
state exactly as it was. No other exception may escape. Half the actions are
drawn from the choices a seat's view offers (of any seat, asked or not).
"""

from __future__ import annotations

import string
from functools import cache

import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import PlayingCard, Suit
from rules.chance import Chance
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
    NarratorTrim,
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
from rules.temptress.state import (
    ClueKind,
    PromptKind,
    SpendChoice,
    StakeKind,
    TemptressState,
    VoteChoice,
)
from tests.playouts import reachable
from tests.rules_support import FUZZ, apply_or_refuse
from tests.temptress_helpers import (
    bot_policy,
    check_invariants,
    fresh,
    honours_in_hands,
    leaning_policy,
    random_policy,
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
        (fresh(2, 3, round_limit=2), leaning_policy(2)),
        (fresh(3, 4, person=True, round_limit=1), random_policy(3)),
        (honours_in_hands(fresh(4, 5, round_limit=2), 1), leaning_policy(4)),
        (honours_in_hands(fresh(5, 3, person=True, round_limit=2), 2), random_policy(5)),
        (fresh(6, 5, person=True, round_limit=2), bot_policy(6)),
    ]
    return reachable(TEMPTRESS, starts)


def test_the_fuzz_starts_from_every_kind_of_moment():
    kinds = {getattr(game.prompt(s), "kind", None) for s in reachable_states()}
    assert kinds >= {
        PromptKind.FLOOR, PromptKind.JOIN, PromptKind.PLAY, PromptKind.RAISE, PromptKind.VOTE,
        PromptKind.VERDICT, PromptKind.SPEND, PromptKind.FINAL, PromptKind.FAUX_PAS,
        PromptKind.ANSWER, PromptKind.STAKES, None,
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
    text = st.one_of(junk, st.sampled_from(("", *VoteChoice, "refill", "clue")))
    kind = st.one_of(st.sampled_from((*StakeKind, *ClueKind)), text)
    choice = st.one_of(st.sampled_from(tuple(SpendChoice)), text)
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
        st.builds(NarratorTrim, st.just(seat), many),
        st.builds(Flirt, st.just(seat), ints),
    )
    if current is None or draw(st.booleans()):
        return state, draw(built)
    # An answer drawn from what a seat's view offers now: the asked seats' choices are
    # all legal; another seat's (a retirement at the open floor) may be too.
    offering = [s for s in range(len(game.seat_names(state))) if game.view(state, s).choices]
    choices = game.view(state, draw(st.sampled_from(offering))).choices
    try:
        action, _ = choices.draw(Chance(draw(st.integers(0, 10_000))))
    except ValueError:  # nothing open (a retirement without a flush): junk instead
        return state, draw(built)
    return state, action


def test_every_action_class_is_fuzzed():
    fuzzed = {
        ClaimFloor, Decline, Retire, StartArgument, Join, Reroll, PlayCards, RaiseStakes,
        Follow, DrawFromPile, RevealFauxPas, Vote, AnswerArgument, SetStake, SpendRapport,
        NarratorVerdict, NarratorAward, NarratorEndRound, NarratorSettleTie, NarratorReviewStakes,
        NarratorTrim,
    }  # fmt: skip
    assert fuzzed == set(TEMPTRESS.action_types)


@pytest.mark.long
@FUZZ
@given(state_and_action())
def test_any_action_is_either_applied_or_refused_cleanly(case):
    state, action = case
    after, reason = apply_or_refuse(game.apply, state, action)
    if reason is not None:
        return
    assert isinstance(after, TemptressState)
    current = game.prompt(state)
    retiring = (
        isinstance(action, Retire) and current is not None and current.kind == PromptKind.FLOOR
    )
    assert current is not None and (action.seat in current.seats or retiring)
    check_invariants(after, state)
