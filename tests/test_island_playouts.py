"""Seeded random playouts of Temptation Island through the public API.

Over a thousand games in all: uniformly random legal play, the shipped bots,
and a mix of the two. After every action the invariants in
``island_helpers.check_invariants`` must hold: tiles and cards conserved, one
piece per tile, full hands at the start of every turn, and a game that ends
exactly when (and how) the seed's island rules say.

A random-policy game that has not ended after 600 actions is simply stopped
(its invariants were still checked at every step); in practice they all end
far sooner, which ``test_random_games_end`` keeps an eye on.

These are sized to walk every path quickly in CI; volume is ``make stress``'s
job (10,000 bot games of every game, outside the suite).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.engine import IllegalAction
from rules.island import board
from rules.island import game as island
from rules.island.state import Phase, PickResponse, PlayResponse
from tests.island_helpers import (
    bot_policy,
    check_invariants,
    fresh,
    legal_actions,
    playout,
    random_policy,
)

MAX_ACTIONS = 600  # a random game still going after this many actions is just stopped


def mixed_policy(seed: int):
    """Ann plays uniformly at random; Bo and Cy are bots."""
    rand, bots = random_policy(seed), bot_policy(seed)

    def choose(state):
        return rand(state) if 0 in island.prompt(state).seats else bots(state)

    return choose


def play_checked(seed: int, policy) -> tuple:
    """Play one game, checking every invariant after every action; the last state."""
    last = None
    for before, action, after in playout(seed, policy, MAX_ACTIONS):
        check_invariants(before, action, after)
        if action is not None:
            assert island.prompt(before) is not None
            assert action in legal_actions(before)
        if after.phase == Phase.RESPOND and after.responses == (None, None, None):
            assert all(len(hand) == 3 for hand in after.hands)
        last = after
    return last


def chunks(start: int, count: int, size: int):
    return [range(s, min(s + size, start + count)) for s in range(start, start + count, size)]


def seed_ids(seeds: range) -> str:
    return f"seeds{seeds.start}-{seeds.stop - 1}"


@pytest.mark.parametrize("seeds", chunks(0, 300, 50), ids=seed_ids)
def test_random_play_keeps_every_invariant(seeds):
    for seed in seeds:
        play_checked(seed, random_policy(seed))


@pytest.mark.parametrize("seeds", chunks(0, 100, 25), ids=seed_ids)
def test_bot_play_keeps_every_invariant_and_ends(seeds):
    for seed in seeds:
        last = play_checked(seed, bot_policy(seed))
        assert last.phase == Phase.OVER, f"bot game {seed} did not end in {MAX_ACTIONS} actions"


@pytest.mark.parametrize("seeds", chunks(5000, 100, 25), ids=seed_ids)
def test_mixed_random_and_bot_play_keeps_every_invariant(seeds):
    for seed in seeds:
        play_checked(seed, mixed_policy(seed))


def test_random_games_end_both_ways():
    """150 more random games: nearly all end, and both endings of the seed occur."""
    endings: Counter[str] = Counter()
    for seed in range(10_000, 10_150):
        last = play_checked(seed, random_policy(seed))
        if last.result is None:
            endings["stopped"] += 1
        elif "three ways" in last.result.reason:
            labels = board.island_labels(last.pieces, last.tiles)
            assert len(set(labels)) == 3
            endings["three ways"] += 1
        else:
            assert "stranded alone" in last.result.reason
            endings["alone"] += 1
    assert endings["stopped"] <= 3
    assert endings["three ways"] >= 1
    assert endings["alone"] >= 100


def test_every_enumerated_action_is_accepted_and_nothing_else_is_offered():
    """30 games: at every step each listed action applies cleanly, while playing
    another seat's card or picking a third card is refused."""
    for seed in range(20_000, 20_030):
        for before, _, _ in playout(seed, random_policy(seed), MAX_ACTIONS):
            if island.prompt(before) is None:
                continue
            actions = legal_actions(before)
            assert actions, "a live game always offers an action"
            for action in actions:
                check_invariants(before, action, island.apply(before, action))
            for action in actions:
                if isinstance(action, PlayResponse):
                    mine = set(before.hands[action.seat])
                    for card in set(sum(before.hands, ())) - mine:
                        with pytest.raises(IllegalAction):
                            island.apply(before, PlayResponse(action.seat, card))
                if isinstance(action, PickResponse):
                    with pytest.raises(IllegalAction):
                        island.apply(before, PickResponse(action.seat, 2))


def test_the_same_seed_and_policy_replay_the_same_game():
    for seed in (1, 2, 3):
        first = [(a, s) for _, a, s in playout(seed, bot_policy(seed))]
        again = [(a, s) for _, a, s in playout(seed, bot_policy(seed))]
        assert first == again
        state = fresh(seed)
        for action, after in first[1:]:
            state = island.apply(state, action)
            assert state == after
