"""Arbitrary actions against reachable Persuasion states: accepted or refused cleanly.

Any action class (and one no game knows), any seat (out-of-range ones and
booleans too), random slots, players and discards, and half the time an answer
drawn from an asked seat's choices: ``apply`` either returns a new state that
keeps every invariant of ``check_table``, or raises IllegalAction with a
one-sentence reason and leaves the state exactly as it was. No other exception
may escape; an answer drawn from the choices is always applied.
"""

from __future__ import annotations

from functools import cache

from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from rules.chance import Chance
from rules.persuasion import game
from rules.persuasion.game import PERSUASION
from rules.persuasion.state import (
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionState,
    Phase,
    Send,
    UseCard,
)
from tests.persuasion_helpers import (
    bot_policy,
    check_table,
    fresh,
    mixed_policy,
    random_policy,
    reachable,
)
from tests.rules_support import FUZZ, apply_or_refuse


@frozen
class Elope:
    """An action no game knows."""

    seat: int
    to: int


@cache
def reachable_states() -> tuple[PersuasionState, ...]:
    """Every state of a few seeded seasons: random play, bots and both, either mode."""
    return reachable(
        [
            (fresh(1, 3), random_policy(1)),
            (fresh(2, 5, evening_ball=True), random_policy(2)),
            (fresh(3, 8), random_policy(3)),
            (fresh(4, 4), bot_policy(4)),
            (fresh(5, 6, evening_ball=True), bot_policy(5)),
            (fresh(6, 4), mixed_policy(6, (0, 2))),
            (fresh(7, 7), random_policy(7)),
        ]
    )


def test_the_fuzz_starts_from_every_kind_of_moment():
    kinds = {getattr(game.prompt(s), "kind", None) for s in reachable_states()}
    assert kinds == {Phase.INTRO, Phase.MAIL, Phase.RECEPTION, Phase.FINAL, None}
    holding_nothing = [
        s for s in reachable_states() if s.phase == Phase.RECEPTION and not s.held[s.turns[0]]
    ]
    assert holding_nothing
    assert any(s.config.evening_ball for s in reachable_states())


ints = st.integers(-3, 9)
maybe = st.one_of(st.none(), ints)


@st.composite
def state_and_action(draw):
    state = draw(st.sampled_from(reachable_states()))
    current = game.prompt(state)
    acting = current.seats if current else ()
    seats = st.one_of(st.sampled_from(acting), ints, st.booleans()) if acting else ints
    seat = st.just(draw(seats))
    built = st.one_of(
        st.builds(Introduce, seat, ints, ints),
        st.builds(Send, seat, ints, maybe),
        st.builds(UseCard, seat, ints, ints, maybe, maybe, maybe, maybe),
        st.builds(ForcedDiscard, seat, ints, ints),
        st.builds(Pass, seat),
        st.builds(FinalRing, seat, maybe),
        st.builds(Elope, seat, ints),
    )
    if current is None or draw(st.booleans()):
        return state, draw(built), False
    # An answer drawn from an asked seat's choices: the rules must take it.
    asked = draw(st.sampled_from(current.seats))
    choices = game.view(state, asked).choices
    assert choices is not None
    action, _ = choices.draw(Chance(draw(st.integers(0, 10_000))))
    return state, action, True


def test_every_action_class_is_fuzzed():
    fuzzed = {Introduce, Send, UseCard, ForcedDiscard, Pass, FinalRing}
    assert fuzzed == set(PERSUASION.action_types)


@FUZZ
@given(state_and_action())
def test_any_action_is_either_applied_or_refused_cleanly(case):
    state, action, offered = case
    after, reason = apply_or_refuse(game.apply, state, action, endings=".")
    if reason is not None:
        assert not offered, f"{action!r} was offered, then refused: {reason}"
        return
    assert isinstance(after, PersuasionState)
    current = game.prompt(state)
    assert current is not None and action.seat in current.seats
    assert not isinstance(action, Elope)
    check_table(after)
    assert after.log[: len(state.log)] == state.log
    assert all(after.faceup[n] for n, up in enumerate(state.faceup) if up)
