"""Seeded Lantern games through the public API, with every invariant after every action.

Over six hundred games: the demo seats (``Session.bot_for``, exactly as
``rules.simulate.play_out`` drives them) with a Barkeep and at the table, at
different bench counts, hand sizes and deck sizes; demo games where Bards
leave and join between turns (applied here, as a person at the keyboard
would); and rowdy random games that also interrupt, deny, sleep, send Bards
Under The Table and restock the deck. After every action
``lantern_helpers.check_invariants`` must hold: every card in exactly one
place, Ale equal to the Loose Ends each Bard tied off, the tale suspended
whenever fewer than two Bards are seated, cards owed only while the deck is
dry. Every game must end within the bound.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.lantern.game import LANTERN
from rules.lantern.state import Phase, SeatBard
from rules.session import BOT, SeatPlan, Session
from rules.simulate import play_out, simulate
from tests.lantern_helpers import (
    BARKEEP_NAME,
    NAMES,
    Policy,
    bot_session,
    check_invariants,
    config,
    random_policy,
    restless_policy,
)

MAX_ACTIONS = 5_000


def demo_seats(session: Session) -> Any:
    """What ``play_out`` does: the first seat asked chooses from its own view."""
    seat = session.prompt.seats[0]
    return session.bot_for(seat).choose(session.view(seat))


def policy_seats(policy: Policy):
    return lambda session: policy(session.state)


def play_checked(session: Session, choose=demo_seats) -> Session:
    """Play to the end, checking the invariants after every action; the last session."""
    check_invariants(session.state)
    for _ in range(MAX_ACTIONS):
        if session.prompt is None:
            return session
        before = session.state
        session = session.apply(choose(session))
        check_invariants(session.state, before)
    raise AssertionError(f"the tale did not end in {MAX_ACTIONS} actions")


TABLES = {
    # name: (Bards, a person keeps the bar, benches, starting hand, elements (None: all))
    "barkeep-3-bards-4-benches-hand-7": (3, True, 4, 7, None),
    "barkeep-2-bards-2-benches-hand-5": (2, True, 2, 5, None),
    "barkeep-5-bards-8-benches-hand-3": (5, True, 8, 3, None),
    "barkeep-8-bards-8-benches-hand-9": (8, True, 8, 9, None),
    "barkeep-4-bards-small-deck": (4, True, 5, 7, 40),
    "table-4-bards-4-benches-hand-7": (4, False, 4, 7, None),
    "table-2-bards-3-benches-hand-4": (2, False, 3, 4, None),
    "table-6-bards-7-benches-hand-6": (6, False, 7, 6, None),
    "table-3-bards-small-deck-hand-10": (3, False, 3, 10, 45),
}
GAMES_PER_TABLE = 50


@pytest.mark.parametrize("table", list(TABLES))
def test_demo_games_keep_every_invariant_and_end(table):
    bards, person, benches, hand, elements = TABLES[table]
    endings: Counter[str] = Counter()
    for seed in range(GAMES_PER_TABLE):
        start = bot_session(
            bards, person=person, seed=seed, benches=benches, hand=hand, elements=elements
        )
        last = play_checked(start)
        assert last.state.phase == Phase.OVER
        endings["won" if last.outcome.winners else "dry"] += 1
    if elements is None:
        assert endings["won"] == GAMES_PER_TABLE
    else:
        assert endings["dry"] >= 1


def test_the_checked_games_are_exactly_what_play_out_plays():
    for seed, person in [(1, True), (2, False), (3, True), (4, False)]:
        start = bot_session(4, person=person, seed=seed, benches=5, hand=5)
        assert play_out(start, MAX_ACTIONS) == play_checked(start)


@pytest.mark.parametrize("person", [1, 0], ids=["barkeep", "table"])
def test_simulate_finishes_every_demo_game_without_errors(person):
    report = simulate(LANTERN, 20, seed=100, options={"barkeep_person": person})
    assert report.errors == 0 and report.unfinished == 0
    assert report.finished == report.decided == 20


@pytest.mark.parametrize(
    ("person", "seats_away"),
    [(True, 0), (True, 2), (False, 0), (False, 2)],
    ids=["barkeep", "barkeep-two-away", "table", "table-two-away"],
)
def test_demo_games_with_bards_leaving_and_joining_keep_every_invariant(person, seats_away):
    seated = (True,) * (5 - seats_away) + (False,) * seats_away
    moves: Counter[str] = Counter()
    for seed in range(40):
        start = bot_session(5, person=person, seed=seed, benches=6, hand=5, seated=seated)
        last = play_checked(start, policy_seats(restless_policy(seed, rate=0.1)))
        assert last.state.phase == Phase.OVER
        moves.update(type(a).__name__ for a in last.actions)
    assert moves["Leave"] >= 5 and moves["SeatBard"] >= 5


def test_a_tale_with_one_bard_seated_waits_for_a_second():
    made = config(3, benches=3, hand=5, seated=(True, False, False))
    seats = tuple(SeatPlan(n, BOT) for n in (*NAMES[:3], BARKEEP_NAME))
    start = Session.start(LANTERN, made, 7, seats)
    assert start.prompt.kind == Phase.SUSPENDED
    last = play_checked(start)
    assert isinstance(last.actions[0], SeatBard) and last.state.phase == Phase.OVER


@pytest.mark.parametrize("chunk", range(4))
def test_rowdy_games_keep_every_invariant_and_end(chunk):
    """Random plays, rulings, interruptions, sleep, comings and goings, restocks."""
    seen: Counter[str] = Counter()
    for seed in range(chunk * 25, chunk * 25 + 25):
        person = seed % 2 == 0
        bards, hand = 2 + seed % 5, 3 + seed % 5
        start = bot_session(
            bards,
            person=person,
            seed=seed,
            benches=min(8, bards + seed % 3),
            hand=hand,
            elements=bards * hand + 5 + seed % 20,
        )
        last = play_checked(start, policy_seats(random_policy(seed)))
        assert last.state.phase == Phase.OVER
        seen.update(type(a).__name__ for a in last.actions)
    assert {"Interrupt", "RuleInterruption", "Restock", "Sleep", "Leave", "SeatBard"} <= set(seen)
