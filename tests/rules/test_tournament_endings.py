"""``bench/tournament.py``'s rows on how The Temptress's all-bot games end: before the
round limit, pile cards drawn, the Tempted's wins (its figures are the bench's, not the
tests')."""

from __future__ import annotations

import sys
from pathlib import Path

from rules.session import BOT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import tournament  # noqa: E402


def _table(seats: int, games: int, **figures: float) -> tournament.Table:
    tally = tournament.Tally([0] * seats, [0] * seats, games=games, figures=dict(figures))
    return tournament.Table((BOT,) * seats, tuple(range(seats)), tally)


def _found(game_id: str = "temptress") -> tournament.Found:
    everyone = _table(
        5, 40, **{"ended early": 22, "pile cards": 50, "with a Tempted": 30, "Tempted won": 1}
    )
    smaller = [
        _table(4, 10, **{"ended early": 4, "pile cards": 3, "with a Tempted": 8}),
        _table(3, 10, **{"ended early": 6, "pile cards": 10, "with a Tempted": 5}),
    ]
    return tournament.Found(game_id, 5, tuple(range(5)), [], everyone, smaller)


def test_the_endings_rows_give_each_all_bot_table_its_three_figures_and_goals():
    rows = tournament.ending_rows(_found())
    assert [row[1:5] + row[7:] for row in rows] == [
        [
            "5 bots, the island narrating",
            "40",
            "games ended before the round limit",
            "55.0%",
            ">= 50%",
            "yes",
        ],
        ["5 bots, the island narrating", "40", "pile cards drawn per game", "1.25", ">= 1", "yes"],
        [
            "5 bots, the island narrating",
            "40, 30 with a Tempted",
            "the Tempted's wins, of the games with a Tempted",
            "3.3%",
            ">= 5%",
            "NO",
        ],
        [
            "4 bots, the island narrating",
            "10",
            "games ended before the round limit",
            "40.0%",
            ">= 50%",
            "NO",
        ],
        ["4 bots, the island narrating", "10", "pile cards drawn per game", "0.30", ">= 1", "NO"],
        [
            "4 bots, the island narrating",
            "10, 8 with a Tempted",
            "the Tempted's wins, of the games with a Tempted",
            "0.0%",
            ">= 5%",
            "NO",
        ],
        [
            "3 bots, the island narrating",
            "10",
            "games ended before the round limit",
            "60.0%",
            ">= 50%",
            "yes",
        ],
        ["3 bots, the island narrating", "10", "pile cards drawn per game", "1.00", ">= 1", "yes"],
        [
            "3 bots, the island narrating",
            "10, 5 with a Tempted",
            "the Tempted's wins, of the games with a Tempted",
            "0.0%",
            ">= 5%",
            "NO",
        ],
    ]


def test_only_the_temptress_has_endings_rows():
    assert tournament.ending_rows(_found("persuasion")) == []


def test_figures_add_up_across_the_processes_work():
    total = tournament.Tally([0], [0], figures={"pile cards": 2.0})
    total.add(tournament.Tally([0], [0], figures={"pile cards": 3.0, "ended early": 1.0}))
    assert total.figures == {"pile cards": 5.0, "ended early": 1.0}


def test_a_short_temptress_tournament_measures_its_endings_at_five_four_and_three_suitors():
    found = tournament.measure(games=3, against_random=3, jobs=1, only=("temptress",))
    (game,) = found
    assert [t.policies for t in game.smaller] == [(BOT,) * 4, (BOT,) * 3]
    assert [t.tally.games for t in game.smaller] == [1, 1]
    lines = tournament.table(found).splitlines()
    assert len(lines) == 2 + 2 + 9
    assert lines[4].startswith(
        "| temptress | 5 bots, the island narrating | 3 | games ended before the round limit |"
    )
