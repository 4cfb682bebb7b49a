"""Seeded Persuasion seasons through the public API: 1,230 checked games, 50 simulated.

After every action ``persuasion_helpers.Watcher`` checks: every card in exactly
one place (traits, discards, box) and the box untouched; no stamp by a player
who has not seen the card (seen = owned it, saw it face up, or was told what it
is in a private event); no stamp lost unless the card flipped up; every card
stamped by all players but its owner (all players, in the discards) face up;
face-up cards carry no stamps and never turn face down; each seal or ring with
exactly one holder, never its owner, and the held lists equal to the mail;
exchanged pairs sent each other rings; the prompt, the phase and the outcome
agree, and the outcome is the one worked out independently from the final
table. No card action at the Evening Ball. Every season ends within its bound.

The games mix random play (a random open answer drawn from an asked seat's
choices), the shipped bots (one action at a time through
``rules.simulate.play_out``, which asks ``Session.bot_for``) and tables where
some seats play at random, over 3 to 8 players, normal and Evening Ball.

These are sized to walk every path quickly in CI; volume is ``make stress``'s
job (10,000 bot games of every game, outside the suite).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.persuasion import game
from rules.persuasion.game import PERSUASION
from rules.persuasion.state import PersuasionState, Phase, UseCard
from rules.session import BOT, SeatPlan, Session
from rules.simulate import play_out, simulate
from tests.persuasion_helpers import (
    NAMES,
    Watcher,
    cards,
    config,
    fresh,
    mixed_policy,
    playout,
    random_policy,
)

BOUND = 1_000
"""Actions a season may take here (random seasons take at most ~180, bots ~100)."""
ROUNDS = 30
"""Rounds a season may last here (bots settle by round 12, random play by ~13)."""


def table(seed: int) -> dict:
    """3 to 8 players and either mode, varying with the seed."""
    return {"players": 3 + seed % 6, "evening_ball": seed % 4 >= 2}


def play_checked(state: PersuasionState, policy, seen: Counter | None = None) -> PersuasionState:
    """Play to the end checking every invariant after every action; the final state."""
    watcher = Watcher(state)
    last = state
    for before, action, after in playout(state, policy, BOUND):
        watcher.step(before, action, after)
        if seen is not None:
            seen[type(action).__name__] += 1
            seen["phase:" + before.phase] += 1
            if isinstance(action, UseCard):
                seen[cards()[before.traits[action.owner][action.slot]].action] += 1
        last = after
    return finished(last, seen)


def finished(last: PersuasionState, seen: Counter | None = None) -> PersuasionState:
    assert last.phase == Phase.OVER, f"the season did not end in {BOUND} actions"
    assert game.prompt(last) is None and game.outcome(last) == last.result
    assert last.round <= ROUNDS
    if seen is not None:
        seen[f"players:{len(last.traits)}"] += 1
        seen["evening ball" if last.config.evening_ball else "normal"] += 1
        seen["winners:" + ("some" if last.result.winners else "none")] += 1
        for event in last.log:
            for marker, key in MARKERS.items():
                if marker in event.text:
                    seen[key] += 1
    return last


MARKERS = {
    "ends: rings were exchanged": "end by rings",
    "has no cards left": "end by no cards",
    "exchange rings at the last": "late match",
    "ring goes to the discards": "ring to the discards",
    "it flips face up": "flip by stamps",
    "The hostex marker passes": "hostex passes",
    "a tie, which does not win": "tie",
}


def chunks(start: int, count: int, size: int) -> list[range]:
    return [range(s, min(s + size, start + count)) for s in range(start, start + count, size)]


def seed_ids(seeds: range) -> str:
    return f"seeds{seeds.start}-{seeds.stop - 1}"


# --- random play ---------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", chunks(0, 300, 100), ids=seed_ids)
def test_random_play_keeps_every_invariant_and_ends(seeds):
    for seed in seeds:
        play_checked(fresh(seed, **table(seed)), random_policy(seed))


def test_random_play_walks_every_path_of_the_rules():
    """80 more random games: every phase, action, card action and ending occurs."""
    seen: Counter[str] = Counter()
    for seed in range(5_000, 5_080):
        play_checked(fresh(seed, **table(seed)), random_policy(seed), seen)
    expected = {
        "Introduce", "Send", "UseCard", "ForcedDiscard", "Pass", "FinalRing",
        "phase:intro", "phase:mail", "phase:reception", "phase:final",
        "peek_author", "peek_bystander", "show_author", "flip_author", "take_author",
        "give_author", "discard_author", "discard_bystander", "take_discard", "swap_author",
        *(f"players:{n}" for n in range(3, 9)), "evening ball", "normal",
        "winners:some", "winners:none", *MARKERS.values(),
    }  # fmt: skip
    assert expected <= set(seen), sorted(expected - set(seen))


# --- the shipped bots ----------------------------------------------------------------------


def bot_session(seed: int) -> Session:
    options = table(seed)
    seats = tuple(SeatPlan(name, BOT) for name in NAMES[: options["players"]])
    return Session.start(PERSUASION, config(**options), seed, seats)


@pytest.mark.parametrize("seeds", chunks(1_000, 200, 100), ids=seed_ids)
def test_bot_play_keeps_every_invariant_and_ends(seeds):
    """One bot action at a time through rules.simulate.play_out (Session.bot_for)."""
    for seed in seeds:
        session = bot_session(seed)
        watcher = Watcher(session.state)
        for _ in range(BOUND):
            if session.prompt is None:
                break
            after = play_out(session, 1)
            assert len(after.actions) == len(session.actions) + 1
            watcher.step(session.state, after.actions[-1], after.state)
            session = after
        finished(session.state)
        assert session.outcome == session.state.result


@pytest.mark.parametrize("seeds", chunks(2_000, 150, 75), ids=seed_ids)
def test_bots_and_random_players_at_one_table_keep_every_invariant(seeds):
    for seed in seeds:
        options = table(seed)
        random_seats = range(seed % 2, options["players"], 2)
        play_checked(fresh(seed, **options), mixed_policy(seed, random_seats))


def test_the_simulator_plays_persuasion_without_errors():
    for evening_ball in (0, 1):
        report = simulate(PERSUASION, 25, 300, options={"evening_ball": evening_ball})
        assert report.errors == 0 and report.unfinished == 0, report.error_samples
        assert report.finished == 25
        assert report.figures["rounds"] <= 12.0
