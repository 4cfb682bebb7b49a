"""The odds a Temptress bot weighs before raising: 3d10 at or under a total, and the same
with one re-roll of the highest die."""

from __future__ import annotations

import pytest

from rules.temptress.dice_odds import chance_3d10_at_most, chance_3d10_at_most_with_reroll


def test_three_ones_are_the_only_way_to_three_or_under():
    assert chance_3d10_at_most(3) == pytest.approx(0.001)
    assert chance_3d10_at_most(30) == 1.0


def test_a_reroll_saves_two_ones_and_a_high_die_one_time_in_ten():
    # 1-1-1 makes it outright; two ones and anything else (27 throws) make it when the
    # high die comes up 1 again.
    assert chance_3d10_at_most_with_reroll(3) == pytest.approx((1 + 27 * 0.1) / 1000)
    assert chance_3d10_at_most_with_reroll(2) == 0.0


@pytest.mark.parametrize("total", range(3, 31))
def test_a_reroll_never_makes_the_odds_worse(total: int):
    assert chance_3d10_at_most_with_reroll(total) >= chance_3d10_at_most(total)
