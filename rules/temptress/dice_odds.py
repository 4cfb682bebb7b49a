"""The odds a bot weighs before raising the stakes: that a 3d10 target comes out at or
under the total its cards can make, with or without a re-roll of the highest die."""

from __future__ import annotations

from functools import cache
from itertools import product

FACES = range(1, 11)


@cache
def chance_3d10_at_most(total: int) -> float:
    """P(3d10 <= total)."""
    return sum(1 for dice in product(FACES, repeat=3) if sum(dice) <= total) / 1000


@cache
def chance_3d10_at_most_with_reroll(total: int) -> float:
    """P(3d10 <= total) when, if it comes out over, the highest die is rolled once more
    (a re-roll costs a Rapport chip, once an action)."""
    odds = 0.0
    for dice in product(FACES, repeat=3):
        if sum(dice) <= total:
            odds += 1
        else:  # the new die must bring the other two to the total or under
            rest = sum(dice) - max(dice)
            odds += min(max(total - rest, 0), 10) / 10
    return odds / 1000
