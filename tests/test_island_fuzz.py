"""Arbitrary actions against reachable states: refused cleanly, or accepted only when legal.

``apply`` may raise IllegalAction, and nothing else; a refused action leaves the
state exactly as it was; an accepted one is one of the legal actions and keeps
every invariant.
"""

from __future__ import annotations

import string
from functools import cache

import attrs
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from rules.island import board
from rules.island import game as island
from rules.island.state import (
    IslandState,
    MoveTo,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)
from tests.island_helpers import (
    bot_policy,
    check_invariants,
    fresh,
    legal_actions,
    pack,
    random_policy,
    states_of,
)
from tests.rules_support import FUZZ, apply_or_refuse

RADIUS = 5
HEXES = tuple(
    (q, r)
    for q in range(-RADIUS, RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1)
    if abs(q + r) <= RADIUS
)


@frozen
class Teleport:
    """An action no game knows."""

    seat: int
    target: tuple[int, int]


@cache
def reachable_states() -> tuple[IslandState, ...]:
    """Every state of a few seeded games (random and bot play, 19 and 7 tiles)."""
    states: list[IslandState] = []
    for seed in range(4):
        states += states_of(seed, random_policy(seed))
    for seed in range(2):
        states += states_of(seed, bot_policy(seed))
    # With seven tiles the stock starts empty: the forced-removal rule is live.
    for seed in range(2):
        state = fresh(seed, tiles=7)
        policy = random_policy(seed)
        for _ in range(200):
            states.append(state)
            if island.prompt(state) is None:
                break
            state = island.apply(state, policy(state))
    return tuple(states)


junk_text = st.text(
    alphabet=string.ascii_letters + string.digits + string.punctuation + " éß♥", max_size=30
)


@st.composite
def state_and_action(draw):
    state = draw(st.sampled_from(reachable_states()))
    current = island.prompt(state)
    acting = current.seats if current else ()
    # Half the time a seat that may act now, so the deeper checks are reached too.
    seat = draw(
        st.one_of(st.sampled_from(acting), st.integers(-2, 4)) if acting else st.integers(-2, 4)
    )
    hand_cards = sorted(set(sum(state.hands, ())))
    card = draw(
        st.one_of(
            st.sampled_from(hand_cards),
            st.sampled_from(pack().nouns),
            st.sampled_from(pack().adjectives),
            junk_text,
        )
    )
    near = sorted({h for piece in state.pieces for h in (piece, *board.neighbours(piece))})
    target = draw(st.one_of(st.sampled_from(near), st.sampled_from(HEXES)))
    choice = draw(st.integers(-3, 4))
    legal = legal_actions(state)
    action = draw(
        st.one_of(
            st.builds(PlayResponse, st.just(seat), st.just(card)),
            st.builds(PickResponse, st.just(seat), st.just(choice)),
            st.builds(MoveTo, st.just(seat), st.just(target)),
            st.builds(PlaceTile, st.just(seat), st.just(target)),
            st.builds(RemoveTile, st.just(seat), st.just(target)),
            st.builds(Teleport, st.just(seat), st.just(target)),
            st.sampled_from(legal) if legal else st.nothing(),
        )
    )
    return state, action


def test_the_fuzz_starts_from_many_kinds_of_state():
    phases = {s.phase for s in reachable_states()}
    assert phases == {"respond", "decide", "move", "over"}
    assert any(s.stock == 0 and s.phase == "move" for s in reachable_states())


@FUZZ
@given(state_and_action())
def test_any_action_is_either_refused_cleanly_or_legal(case):
    state, action = case
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(IslandState)}
    legal = action in legal_actions(state)
    after, reason = apply_or_refuse(island.apply, state, action, endings=".")
    if reason is not None:
        assert reason[0].isupper() or reason[0] == "'", reason
        assert not legal, f"{action} is listed as legal but was refused: {reason}"
        assert all(getattr(state, name) is value for name, value in fields.items())
        return
    assert legal, f"{action} was accepted but is not among the legal actions"
    assert isinstance(after, IslandState)
    check_invariants(state, action, after)
