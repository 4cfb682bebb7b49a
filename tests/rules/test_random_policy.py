"""The random seat (``rules.policies``): the yardstick a bot is measured against.

It reads its seat's view only, picks among the open choices the view lists and
nothing else, plays every registered game to its end, and is reproducible from its
seed; ``rules.simulate`` seats it where a table's policies say.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import registry
from rules.choices import Option, Pick
from rules.policies import RANDOM, RandomSeat, players, random_seat
from rules.session import BOT, Session
from rules.simulate import bot_config, bot_table, play_out, simulate

QUICK = {"temptress": {"round_limit": 2}}
"""Options that keep a whole game short where a game is long (the Temptress's rounds)."""


def _session(game_id: str, seed: int, options: dict[str, int] | None = None) -> Session[Any]:
    game = registry.get(game_id)
    seats = bot_table(game)
    return Session.start(game, bot_config(game, seats, options), seed, seats)


def _everyone_random(session: Session[Any]) -> tuple[Any, ...]:
    return players(session, (RANDOM,) * len(session.seats))


@pytest.mark.parametrize("game_id", registry.ids())
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_a_random_seat_picks_only_legal_choices(game_id: str, seed: int):
    session = _session(game_id, seed, QUICK.get(game_id))
    seated = _everyone_random(session)
    for _ in range(5_000):
        prompt = session.prompt
        if prompt is None:
            break
        seat = prompt.seats[0]
        decider = seated[seat] if seat < len(seated) else session.bot_for(seat)  # walked in
        action = decider.choose(session.view(seat))
        assert session.refusal(action) is None
        session = session.apply(action)
    assert session.outcome is not None


@pytest.mark.parametrize("game_id", registry.ids())
def test_random_seats_play_every_game_to_its_end_without_errors(game_id: str):
    game = registry.get(game_id)
    report = simulate(game, 3, 7, policies=(RANDOM,) * game.bot_seats)
    assert (report.finished, report.unfinished, report.errors) == (3, 0, 0)


def test_a_random_seat_is_reproducible_from_its_seed():
    def moves(seed: int) -> tuple[Any, ...]:
        session = _session("lantern", seed)
        return play_out(session, 2_000, _everyone_random(session)).actions

    assert moves(5) == moves(5)
    assert moves(5) != moves(6)


def test_two_random_seats_at_one_table_draw_differently():
    pick = Pick("Which?", tuple(Option(n, str(n)) for n in range(1000)))
    view = SimpleNamespace(choices=pick)
    assert random_seat(0, 3).choose(view) != random_seat(1, 3).choose(view)


def test_a_random_seat_never_picks_a_closed_option():
    pick = Pick(
        "Which card?",
        (Option("a", "A"), Option("b", "B", closed="Not now."), Option("c", "C")),
    )
    view = SimpleNamespace(choices=pick)  # a view offers its choices; nothing else is read
    seat = random_seat(0, 11)
    assert {seat.choose(view) for _ in range(200)} == {"a", "c"}


def test_a_random_seat_picks_each_open_option_about_as_often():
    pick = Pick("Which?", tuple(Option(n, str(n)) for n in range(3)))
    view = SimpleNamespace(choices=pick)
    seat = random_seat(2, 42)
    counts = Counter(seat.choose(view) for _ in range(3_000))
    assert all(900 <= counts[n] <= 1_100 for n in range(3))


def test_a_random_seat_follows_an_option_to_the_question_it_leads_to():
    then = Pick("Whom?", (Option("to Ann", "Ann"), Option("to Bo", "Bo")))
    pick = Pick("What?", (Option("court", "Court", then=then),))
    seat = random_seat(0, 1)
    assert {seat.choose(SimpleNamespace(choices=pick)) for _ in range(50)} == {
        "to Ann",
        "to Bo",
    }


def test_a_random_seat_asked_with_nothing_to_decide_says_so():
    with pytest.raises(ValueError, match="seat 2 has nothing to decide now"):
        random_seat(1, 1).choose(SimpleNamespace(choices=None))


def test_a_bot_policy_seats_the_game_bot_as_the_session_makes_it():
    session = _session("island", 9)
    seated = players(session, (BOT, RANDOM, BOT))
    assert seated[0] == session.bot_for(0)
    assert isinstance(seated[1], RandomSeat)
    assert seated[2] == session.bot_for(2)


def test_an_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="no policy 'clever' \\(policies: bot, random\\)"):
        players(_session("island", 1), (BOT, "clever", BOT))


def test_simulate_refuses_policies_that_do_not_fit_the_table():
    with pytest.raises(ValueError, match="2 policies for a table of 3 seats"):
        simulate(registry.get("island"), 1, 1, policies=(BOT, RANDOM))


def test_simulate_names_the_random_seats_in_its_report():
    report = simulate(registry.get("island"), 2, 1, policies=(BOT, RANDOM, BOT))
    assert [s.policy for s in report.seats] == [BOT, RANDOM, BOT]
    assert "  Basil (random): " in report.as_text()
    assert "  Ada: " in report.as_text()


def test_a_table_of_bots_reports_as_it_always_has():
    report = simulate(registry.get("island"), 2, 1)
    assert report == simulate(registry.get("island"), 2, 1, policies=(BOT,) * 3)
    assert "(bot)" not in report.as_text() and "(random)" not in report.as_text()
