"""Seeded playouts of The Temptress through the public API: 1,100 games in all.

After every action ``temptress_helpers.check_invariants`` must hold: all 52
cards in exactly one place (hands, piles, discard, the cards on the table in
the current contest), no negative chips, at most seven cards in a hand (no
exception is needed for pile draws: see that function's note), every clue held
is true, one face-up card per Faux Pas chip as far as the hand allows whenever
no RevealFauxPas prompt is pending, and a live game always asks somebody.
Every game must end within its action bound.

The games mix random play drawn from the views' choices (``tests.playouts``'
``random_policy``, and ``temptress_helpers.leaning_policy``, which leans toward
courting, reaching, raising, refilling toward a suit and retiring) with the
shipped bots (``Session.bot_for``), over 3-, 4- and 5-suitor tables, island and
person narrators and short round limits, so that the rare paths (arguments, the
narrator seat, retirements, pile draws, the Tempted's queen) are walked too.
Some games start with one card left in a few piles and the other honours in
the hands (``honours_in_hands``), where third successes and the final
retirements come soon.

These are sized to walk every path quickly in CI; volume is ``make stress``'s
job (10,000 bot games of every game, outside the suite).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.engine import IllegalAction
from rules.session import Session
from rules.simulate import play_out, simulate
from rules.temptress import game
from rules.temptress.actions import Retire
from rules.temptress.game import TEMPTRESS
from rules.temptress.state import PromptKind, TemptressState
from tests.temptress_helpers import (
    bot_session,
    check_invariants,
    fresh,
    honours_in_hands,
    leaning_policy,
    mixed_policy,
    playout,
    random_policy,
)

RANDOM_BOUND = 3_000
"""Actions a random game with a round limit of at most 4 may take (they take ~130)."""
BOT_BOUND = 6_000
"""Actions a bot game of ten rounds may take (they take ~600-1,300)."""


def table(seed: int) -> dict[str, Any]:
    """A table that varies with the seed: 3-5 suitors, either narrator, 1-4 rounds."""
    return {
        "suitors": 3 + seed % 3,
        "person": seed % 2 == 0,
        "round_limit": 1 + (seed // 2) % 4,
        "oldest": 1 + seed % 3,
    }


def play_checked(state: TemptressState, policy, bound: int, seen: Counter | None = None):
    """Play to the end checking every invariant after every action; the final state."""
    check_invariants(state)
    last = state
    count = 0
    for before, action, after in playout(state, policy, bound):
        current = game.prompt(before)
        retiring = isinstance(action, Retire) and current is not None
        retiring = retiring and current.kind == PromptKind.FLOOR
        assert current is not None and (action.seat in current.seats or retiring)
        check_invariants(after, before)
        if seen is not None:
            seen[type(action).__name__] += 1
            seen["prompt:" + current.kind] += 1
        last = after
        count += 1
    assert last.result is not None, f"the game did not end in {bound} actions"
    assert game.prompt(last) is None and game.outcome(last) == last.result
    if seen is not None:
        seen[f"suitors:{len(last.suitors)}"] += 1
        for event in last.log:
            for marker, key in MARKERS.items():
                if marker in event.text:
                    seen[key] += 1
    return last


MARKERS = {
    "was right on both counts": "right retirement",
    "is out:": "wrong retirement",
    "the Tempted, holds": "the Tempted's queen",
    "every suitor remains on the island": "nobody wins",
    "The last card of the last pile has been drawn": "last pile card",
    "was the last. Final retirements": "round limit",
    "ends: a pile was emptied": "pile emptied",
    "ends: every suitor declined": "all declined",
    "ends: the narrator ends it": "narrator ended",
    "draws the top card": "pile draw",
    "to avoid the argument": "avoided argument",
    "missed the raised target alone": "previous target settles",
    "Pact recorded": "pact",
    "sees what was staked": "see stake",
    "stake was off the table": "stake off",
    "Roll-off": "roll-off",
    "prevails and gets their intention": "prevailed",
    "success with a twist": "twist",
    "re-roll": "re-roll",
    "(+": "excel bonus",
    "refill by choice": "refill by choice",
    "to clear every Faux Pas": "clear",
    "on a new clue": "new clue",
}


def chunks(start: int, count: int, size: int) -> list[range]:
    return [range(s, min(s + size, start + count)) for s in range(start, start + count, size)]


def seed_ids(seeds: range) -> str:
    return f"seeds{seeds.start}-{seeds.stop - 1}"


# --- random play ---------------------------------------------------------------------------


def random_play(seed: int):
    """Plain random play from the choices for odd seeds, leaning random play for even ones."""
    return leaning_policy(seed) if seed % 2 == 0 else random_policy(seed)


@pytest.mark.parametrize("seeds", chunks(0, 300, 50), ids=seed_ids)
def test_random_play_keeps_every_invariant_and_ends(seeds):
    for seed in seeds:
        play_checked(fresh(seed, **table(seed)), random_play(seed), RANDOM_BOUND)


@pytest.mark.parametrize("seeds", chunks(1_000, 100, 50), ids=seed_ids)
def test_random_play_with_honours_in_hand_keeps_every_invariant_and_ends(seeds):
    for seed in seeds:
        state = honours_in_hands(fresh(seed, **table(seed)), piles_left=1 + seed % 4)
        play_checked(state, random_play(seed), RANDOM_BOUND)


def test_random_play_walks_every_path_of_the_rules():
    """100 more random games: every prompt, every action and every rare path occurs."""
    seen: Counter[str] = Counter()
    for seed in range(5_000, 5_050):
        play_checked(fresh(seed, **table(seed)), leaning_policy(seed), RANDOM_BOUND, seen)
    for seed in range(5_050, 5_100):
        state = honours_in_hands(fresh(seed, **table(seed)), piles_left=1 + seed % 2)
        play_checked(state, leaning_policy(seed), RANDOM_BOUND, seen)
    missing = [k for k in PromptKind if not seen["prompt:" + k]]
    missing += [a.__name__ for a in TEMPTRESS.action_types if not seen[a.__name__]]
    missing += [key for key in MARKERS.values() if not seen[key]]
    missing += [f"suitors:{n}" for n in (3, 4, 5) if not seen[f"suitors:{n}"]]
    assert not missing, f"never happened: {missing}"


# --- bots, and bots with random players among them ----------------------------------------------


@pytest.mark.parametrize("seeds", chunks(2_000, 60, 20), ids=seed_ids)
def test_random_players_among_bots_keep_every_invariant(seeds):
    for seed in seeds:
        options = table(seed)
        options["round_limit"] = 2 + seed % 2
        randoms = {seed % options["suitors"], (seed + 2) % options["suitors"]}
        play_checked(fresh(seed, **options), mixed_policy(seed, randoms), RANDOM_BOUND)


def bot_game_checked(session: Session) -> Session:
    """Bots play through the Session (``bot_for``), each seeing its own view only."""
    check_invariants(session.state)
    for _ in range(BOT_BOUND):
        current = session.prompt
        if current is None:
            break
        seat = current.seats[0]
        before = session.state
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        check_invariants(session.state, before)
    assert session.outcome is not None, f"a bot game did not end in {BOT_BOUND} actions"
    return session


BOT_TABLES = [
    (seed, suitors, person)
    for seed in range(3_000, 3_010)
    for suitors, person in ((5, False), (5, True), (4, False), (3, True))
]


@pytest.mark.parametrize(
    "cases",
    [BOT_TABLES[i : i + 10] for i in range(0, len(BOT_TABLES), 10)],
    ids=lambda cases: f"bots{cases[0][0]}-{cases[-1][0]}",
)
def test_bot_play_keeps_every_invariant_and_ends(cases):
    for seed, suitors, person in cases:
        bot_game_checked(bot_session(suitors, person=person, seed=seed))


def test_simulate_plays_bot_games_without_errors():
    report = simulate(TEMPTRESS, 4, 77)
    assert (report.finished, report.unfinished, report.errors) == (4, 0, 0)
    assert report.error_samples == ()


def test_play_out_and_step_by_step_play_agree():
    for seed in (1, 2):
        session = bot_session(5, seed=seed)
        whole = play_out(session, BOT_BOUND)
        stepped = bot_game_checked(session)
        assert whole.state == stepped.state and whole.actions == stepped.actions


def test_the_same_seed_and_policy_replay_the_same_game():
    for seed in (5, 6, 7):
        first = list(playout(fresh(seed, **table(seed)), random_play(seed), RANDOM_BOUND))
        again = list(playout(fresh(seed, **table(seed)), random_play(seed), RANDOM_BOUND))
        assert [(a, s) for _, a, s in first] == [(a, s) for _, a, s in again]
        state = fresh(seed, **table(seed))
        for _, action, after in first:
            state = game.apply(state, action)
            assert state == after


def test_a_finished_game_refuses_every_further_action():
    last = play_checked(fresh(9, **table(9)), random_play(9), RANDOM_BOUND)
    with pytest.raises(IllegalAction) as caught:
        game.apply(last, object())
    assert caught.value.reason == "The game is over."
