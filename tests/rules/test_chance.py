"""Chance: seeded, replayable draws carried in the state, and loaded dice for tests."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.chance import Chance, loaded


def draws(chance: Chance, count: int, bound: int = 1000) -> list[int]:
    values = []
    for _ in range(count):
        value, chance = chance.below(bound)
        values.append(value)
    return values


def test_the_same_seed_gives_the_same_sequence():
    assert draws(Chance(42), 50) == draws(Chance(42), 50)


def test_different_seeds_give_different_sequences():
    assert draws(Chance(42), 20) != draws(Chance(43), 20)


def test_a_draw_leaves_the_chance_it_came_from_unchanged():
    chance = Chance(7)
    first, after = chance.below(100)
    assert chance == Chance(7)
    assert chance.below(100) == (first, after)
    assert after.seed == 7
    assert after.counter >= 1


def test_draws_resume_exactly_from_a_stored_counter():
    chance = Chance(9)
    for _ in range(5):
        _, chance = chance.below(10)
    restored = Chance(seed=9, counter=chance.counter)
    assert draws(restored, 10) == draws(chance, 10)


def test_below_stays_in_range_and_covers_it_evenly():
    counts = Counter(draws(Chance(3), 6000, bound=6))
    assert set(counts) == set(range(6))
    assert all(850 <= n <= 1150 for n in counts.values())


@pytest.mark.parametrize("bound", [0, -1])
def test_below_needs_a_positive_bound(bound):
    with pytest.raises(ValueError, match=r"below\(\) needs a positive bound"):
        Chance(1).below(bound)


def test_dice_roll_from_one():
    faces, _ = Chance(5).roll(10, 300)
    assert len(faces) == 300
    assert set(faces) == set(range(1, 11))


def test_loaded_dice_give_exactly_the_scripted_values_first():
    chance = loaded(3, 0, 5, 1)
    value, chance = chance.below(6)
    assert value == 3
    faces, chance = chance.roll(6, 2)
    assert faces == (1, 6)
    item, chance = chance.pick(["ant", "bee", "cat"])
    assert item == "bee"
    assert chance.script == ()
    assert chance.counter == 0


def test_once_the_script_runs_out_loaded_dice_fall_back_to_the_seed():
    _, chance = loaded(4, seed=12).below(5)
    assert draws(chance, 10) == draws(Chance(12), 10)


def test_a_scripted_value_that_does_not_fit_the_draw_is_an_error():
    with pytest.raises(ValueError, match="scripted value 6 does not fit a draw below 6"):
        loaded(6).below(6)
    with pytest.raises(ValueError, match="scripted value -1 does not fit a draw below 2"):
        loaded(-1).below(2)


def test_a_loaded_shuffle_follows_fisher_yates():
    # i=3: swap with 1 -> a d c b; i=2: swap with 2 -> a d c b; i=1: swap with 0 -> d a c b
    order, chance = loaded(1, 2, 0).shuffle("abcd")
    assert order == ("d", "a", "c", "b")
    assert chance.script == ()


def test_shuffling_one_or_no_item_draws_nothing():
    assert Chance(4).shuffle([]) == ((), Chance(4))
    assert Chance(4).shuffle(["solo"]) == (("solo",), Chance(4))


def test_a_shuffle_is_a_new_tuple_and_leaves_the_input_alone():
    items = [1, 2, 3, 4, 5]
    order, _ = Chance(8).shuffle(items)
    assert isinstance(order, tuple)
    assert items == [1, 2, 3, 4, 5]


def test_every_order_of_three_cards_is_about_equally_likely():
    counts = Counter(Chance(seed).shuffle("abc")[0] for seed in range(1200))
    assert set(counts) == set(permutations("abc"))
    assert all(140 <= n <= 260 for n in counts.values())


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    seed=st.integers(-(2**63), 2**63),
    counter=st.integers(0, 10_000),
    items=st.lists(st.integers() | st.text(max_size=5), max_size=30),
)
def test_a_shuffle_is_a_permutation(seed, counter, items):
    chance = Chance(seed, counter)
    order, after = chance.shuffle(items)
    assert len(order) == len(items)
    assert Counter(map(repr, order)) == Counter(map(repr, items))
    assert chance.shuffle(items) == (order, after)
    assert after.counter >= chance.counter + max(len(items) - 1, 0)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), bound=st.integers(1, 10**12))
def test_any_draw_is_below_its_bound(seed, bound):
    value, after = Chance(seed).below(bound)
    assert 0 <= value < bound
    assert after.counter >= 1
