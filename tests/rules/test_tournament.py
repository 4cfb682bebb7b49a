"""``bench/tournament.py``, the instrument that measures the bots: who sits where, and
what a fair share is (its figures are the bench's, not the tests')."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.policies import RANDOM
from rules.session import BOT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import tournament  # noqa: E402


def test_a_seat_that_neither_wins_nor_loses_is_no_contender():
    assert tournament.contenders("lantern", 1) == (0, 1, 2)  # the Barkeep is seat 4
    assert tournament.contenders("island", 1) == (0, 1, 2)


@pytest.mark.parametrize(("game_id", "seats", "contending"), [
    ("temptress", 5, (0, 1, 2, 3, 4)),
    ("lantern", 4, (0, 1, 2)),
])
def test_the_bot_sits_at_each_contending_seat_in_turn_among_random_seats(
    game_id, seats, contending
):
    tables = tournament._tables(game_id, seats, contending)
    assert [t.index(BOT) for t in tables] == list(contending)
    for table in tables:
        assert [p == BOT for p in table].count(True) == 1 + seats - len(contending)
        assert all(table[s] == BOT for s in range(seats) if s not in contending)


def test_at_temptation_island_two_bots_play_one_random_seat_that_goes_round():
    tables = tournament._tables("island", 3, (0, 1, 2))
    assert tables == [(RANDOM, BOT, BOT), (BOT, RANDOM, BOT), (BOT, BOT, RANDOM)]
    assert [tournament._measured("island", t) for t in tables] == [(1, 2), (0, 2), (0, 1)]


def _found(game_id: str, wins: list[list[int]], losses: list[list[int]]) -> tournament.Found:
    seats = len(wins[0])
    contending = tuple(range(seats))
    against = [
        tournament.Table(p, tournament._measured(game_id, p), tournament.Tally(w, lo, games=10))
        for p, w, lo in zip(tournament._tables(game_id, seats, contending), wins, losses,
                            strict=True)
    ]
    everyone = tournament.Table(
        (BOT,) * seats, contending, tournament.Tally([5] * seats, [5] * seats, games=10)
    )
    return tournament.Found(game_id, seats, contending, against, everyone)


def test_the_bot_share_is_its_wins_over_every_win_at_the_table():
    # The bot at seat 1, 2, then 3: 6 + 4 + 5 of the 10 + 10 + 10 wins.
    found = _found("lantern", [[6, 2, 2], [3, 4, 3], [3, 2, 5]], [[0, 0, 0]] * 3)
    assert tournament.against_chance(found) == (0.5, pytest.approx(1 / 3))
    first, _ = tournament.rows(found)
    assert first[4:] == ["50.0%", "33.3%", "1.50x", ">= 2x fair", "NO"]


def test_at_temptation_island_the_bots_share_of_the_losses_is_counted():
    found = _found("island", [[2, 2, 2]] * 3, [[8, 1, 1], [0, 10, 0], [1, 1, 8]])
    share, fair = tournament.against_chance(found)
    assert (share, fair) == (pytest.approx(4 / 30), pytest.approx(2 / 3))
    first, _ = tournament.rows(found)
    assert first[-2:] == ["<= 0.5x fair", "yes"]


def test_an_even_all_bot_table_meets_its_goal_and_an_error_is_never_met():
    found = _found("lantern", [[1, 1, 1]] * 3, [[0, 0, 0]] * 3)
    _, second = tournament.rows(found)
    assert second[4:] == [
        "33.3%, 33.3%, 33.3%", "33.3%", "+0.0 to +0.0 points", "within 5 points", "yes"
    ]
    found.all_bots.tally.errors = 2
    assert tournament.rows(found)[1][-1] == "error (2 games)"


def test_a_short_tournament_gives_two_rows_a_game():
    found = tournament.measure(games=3, against_random=3, jobs=1, only=("island",))
    lines = tournament.table(found).splitlines()
    assert len(lines) == 2 + 2
    assert lines[2].startswith("| island | 2 bots + 1 random seat, at each seat in turn | 3 |")
    assert lines[3].startswith("| island | 3 bots | 3 | each seat's share of the losses |")


def test_at_persuasion_the_bot_is_measured_by_its_win_rate_against_a_random_seats():
    """Several may win one season, so a share of the wins cannot show a strong bot: its
    wins per game are set against a random seat's at the same tables."""

    def table(bot: int, wins: list[int]) -> tournament.Table:
        policies = tuple(BOT if s == bot else RANDOM for s in range(3))
        return tournament.Table(policies, (bot,), tournament.Tally(wins, [0, 0, 0], games=10))

    found = tournament.Found(
        "persuasion", 3, (0, 1, 2), [table(0, [6, 2, 1]), table(1, [3, 6, 1])],
        table(0, [1, 1, 1]),
    )
    assert tournament.win_rates(found) == (12 / 20, 7 / 40)
    [row] = [r for r in tournament.rows(found) if r[3].startswith("the bot's win rate")]
    assert row[4:] == ["60.0% against 17.5%", "-", "3.43x", ">= 1.8x", "yes"]
    assert tournament.rows(found)[0][7:] == ["(for information)", "-"]
