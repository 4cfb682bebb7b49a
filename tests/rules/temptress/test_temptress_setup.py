"""Setting the table for The Temptress: piles, hands, matches, the Tempted, starter clues."""

from __future__ import annotations

from collections import Counter

import pytest
from attrs import evolve

from rules.cards import HONOUR_RANKS, NUMBER_RANKS, PlayingCard, Suit, standard_deck
from rules.convert import CONVERTER
from rules.engine import IllegalAction
from rules.temptress import clues, game
from rules.temptress.game import TEMPTRESS
from rules.temptress.state import ClueKind, NarratorMode, Stage, TemptressConfig, WomanSpec
from tests.temptress_helpers import NAMES, NARRATOR, all_cards, config, fresh, pack

SEEDS = range(60)
SUITORS = (3, 4, 5)


def tempted_events(state, seat):
    return [e for e in state.log if "You are the Tempted" in e.text and seat in (e.seats or ())]


# --- the piles -----------------------------------------------------------------------


def test_each_pile_holds_three_of_its_womans_suit_and_one_decoy():
    for seed in SEEDS:
        state = fresh(seed)
        assert sorted(w.suit for w in state.women) == sorted(Suit)
        for woman in state.women:
            assert len(woman.pile) == 4
            assert all(card.rank in HONOUR_RANKS for card in woman.pile)
            own = [card for card in woman.pile if card.suit == woman.suit]
            assert len(own) == 3


def test_the_decoys_form_a_derangement():
    """Each suit gives one honour to another suit's pile; each pile receives exactly one."""
    for seed in SEEDS:
        state = fresh(seed)
        given_by = []
        for woman in state.women:
            (decoy,) = [card for card in woman.pile if card.suit != woman.suit]
            assert decoy.suit != woman.suit
            given_by.append(decoy.suit)
        assert sorted(given_by) == sorted(Suit)
        # The honours of each suit: three in its own woman's pile, one in another's.
        for suit in Suit:
            homes = Counter(w.suit for w in state.women for card in w.pile if card.suit == suit)
            assert homes[suit] == 3
            assert sum(homes.values()) == 4


def test_the_decoys_vary_from_game_to_game():
    decoys = set()
    for seed in SEEDS:
        state = fresh(seed)
        decoys.add(
            tuple((w.suit, next(c for c in w.pile if c.suit != w.suit)) for w in state.women)
        )
    assert len(decoys) > 40
    ranks = {c.rank for d in decoys for _, c in d}
    assert ranks == set(HONOUR_RANKS)


# --- hands and the discard pile -------------------------------------------------------


@pytest.mark.parametrize("suitors", SUITORS)
def test_each_suitor_is_dealt_seven_number_cards_and_the_rest_start_the_discard(suitors):
    for seed in SEEDS:
        state = fresh(seed, suitors)
        for suitor in state.suitors:
            assert len(suitor.hand) == 7
            assert all(card.rank in NUMBER_RANKS for card in suitor.hand)
            assert suitor.faceup == () and suitor.rapport == 0 and suitor.faux_pas == 0
        assert len(state.discard) == 36 - 7 * suitors
        assert all(card.rank in NUMBER_RANKS for card in state.discard)


def test_five_suitors_leave_a_single_card_in_the_discard():
    assert len(fresh(3).discard) == 1
    assert len(fresh(3, 4).discard) == 8
    assert len(fresh(3, 3).discard) == 15


@pytest.mark.parametrize("suitors", SUITORS)
def test_all_52_cards_are_accounted_for(suitors):
    for seed in SEEDS:
        found = all_cards(fresh(seed, suitors))
        assert len(found) == 52
        assert Counter(found) == Counter(standard_deck())


def test_the_deal_depends_on_the_seed_only():
    assert fresh(7) == fresh(7)
    assert fresh(7).suitors[0].hand != fresh(8).suitors[0].hand


# --- matches and the Tempted ---------------------------------------------------------


@pytest.mark.parametrize("suitors", SUITORS)
def test_at_most_one_suitor_is_the_tempted(suitors):
    for seed in range(300):
        state = fresh(seed, suitors)
        matches = [s.match for s in state.suitors]
        assert all(0 <= m < 4 for m in matches)
        assert 0 <= state.sorceress < 4
        assert matches.count(state.sorceress) <= 1
        assert state.tempted == (
            matches.index(state.sorceress) if state.sorceress in matches else None
        )


def _tempted_seats(suitors: int, games: int, fair: bool) -> Counter[int]:
    table = evolve(config(suitors), fair_deal=fair)
    found = (game.new(table, seed).tempted for seed in range(games))
    return Counter(seat for seat in found if seat is not None)


@pytest.mark.parametrize("suitors", SUITORS)
def test_every_seat_is_as_likely_to_be_the_tempted(suitors):
    assert config(suitors).fair_deal  # every new table deals fairly
    seats = _tempted_seats(suitors, 1500, fair=True)
    assert sorted(seats) == list(range(suitors))
    mean = sum(seats.values()) / suitors
    assert all(abs(count - mean) <= 0.15 * mean for count in seats.values()), seats


def test_a_table_from_before_the_fair_deal_draws_matches_in_seat_order():
    """Saves replay the seed: a config saved without ``fair_deal`` deals as it always
    did, where the first seat draws the sorceress first and is the Tempted most often."""
    saved = CONVERTER.unstructure(config())
    del saved["fair_deal"]
    old = CONVERTER.structure(saved, TemptressConfig)
    assert old == evolve(config(), fair_deal=False)
    seats = _tempted_seats(5, 600, fair=False)
    assert seats[0] > 2 * seats[4], seats


def test_the_sorceress_is_sometimes_somebodys_match_and_daughters_may_be_shared():
    tempted = sum(fresh(seed).tempted is not None for seed in SEEDS)
    assert 15 <= tempted <= 55
    shared = sum(max(Counter(s.match for s in fresh(seed).suitors).values()) > 1 for seed in SEEDS)
    assert shared == len(SEEDS)  # five suitors, three daughters and at most one Tempted


def test_the_tempted_is_told_privately():
    for seed in SEEDS:
        state = fresh(seed)
        tempted = state.tempted
        for seat in range(5):
            told = tempted_events(state, seat)
            assert len(told) == (1 if seat == tempted else 0)
            if told:
                assert told[0].seats == (seat,)
                assert told[0].text == (
                    "You are the Tempted: your perfect match is the sorceress herself. You win "
                    "only if nobody else does and you end holding the queen of her suit."
                )
            mine = game.view(state, seat)
            assert mine.tempted is (seat == tempted)
            assert any("You are the Tempted" in line for line in mine.log) is (seat == tempted)
        public = game.view(state, None)
        assert public.tempted is False
        assert not any("Tempted" in line for line in public.log)


def test_a_person_narrator_is_told_who_the_tempted_is_too():
    seed = next(s for s in SEEDS if fresh(s, person=True).tempted is not None)
    state = fresh(seed, person=True)
    told = [e for e in state.log if "You are the Tempted" in e.text]
    assert [e.seats for e in told] == [(state.tempted, 5)]
    assert any("You are the Tempted" in line for line in game.view(state, 5).log)


# --- starter clues ----------------------------------------------------------------


@pytest.mark.parametrize("suitors", SUITORS)
def test_every_suitor_starts_with_three_true_clues(suitors):
    for seed in SEEDS:
        state = fresh(seed, suitors)
        for seat, suitor in enumerate(state.suitors):
            kinds = [clue.kind for clue in suitor.clues]
            assert kinds == [
                ClueKind.NOT_MATCH_SUIT,
                ClueKind.NOT_SORCERESS_SUIT,
                ClueKind.MATCH_PREFERENCE,
            ]
            for clue in suitor.clues:
                assert clues.is_true(state, seat, clue)
            not_match, not_sorceress, liked = suitor.clues
            assert not_match.suit != state.women[suitor.match].suit
            assert not_sorceress.suit != state.women[state.sorceress].suit
            assert liked.preference in state.women[suitor.match].preferences


def test_the_starter_clues_are_private_to_their_suitor():
    state = fresh(4)
    told = [e for e in state.log if e.text == "Your starter clues are in your clue book."]
    assert [e.seats for e in told] == [(seat,) for seat in range(5)]
    for seat in range(5):
        assert game.view(state, seat).clues == state.suitors[seat].clues
    assert game.view(state, None).clues == ()


def test_each_woman_has_her_own_four_preferences_from_the_pack():
    state = fresh(9)
    dealt = [p for w in state.women for p in w.preferences]
    assert all(len(w.preferences) == 4 for w in state.women)
    assert len(set(dealt)) == 16
    assert set(dealt) <= set(pack().preferences)


# --- the table at the start --------------------------------------------------------


@pytest.mark.parametrize("suitors", [3, 4])
def test_three_and_four_suitor_tables_are_dealt_the_same_way(suitors):
    state = fresh(5, suitors)
    assert [s.name for s in state.suitors] == list(NAMES[:suitors])
    assert len(state.suitors) == suitors
    assert game.prompt(state).seats == (0,)
    assert game.view(state, None).discard_size == 36 - 7 * suitors


def test_the_table_opens_with_the_oldest_on_the_floor():
    state = fresh(2, oldest=3)
    assert state.stage == Stage.FLOOR and state.round == 1
    assert game.prompt(state).seats == (2,)
    assert game.prompt(state).text == "Cora, the oldest, opens the floor (or declines)."
    assert [e.text for e in state.log[:3]] == [
        "The suitors arrive on the island: Ada, Basil, Cora, Dmitri, Edie.",
        "Four women greet them, three daughters and their mother the sorceress, who looks "
        "just like them: Oriane: Laughs at storms and collects the shells they leave behind; "
        "Seraphine: Speaks softly, but every word lands like a well-aimed arrow; Isolde: Sighs "
        "at sunsets and insists she is never sentimental; Marisol: Swims further out than "
        "anyone dares and returns smiling.",
        "Round 1. Cora, the oldest, has the first claim on the floor.",
    ]


def test_a_person_narrator_sits_after_the_suitors():
    state = fresh(1, person=True)
    assert state.config.narrator == NarratorMode.PERSON
    assert state.config.narrator_name == NARRATOR
    assert state.narrator_seat == 5
    assert game.seat_names(state) == (*NAMES, NARRATOR)
    assert game.prompt(state).seats == (0, 5)
    island = fresh(1)
    assert island.config.narrator == NarratorMode.ISLAND and island.narrator_seat is None
    assert game.seat_names(island) == NAMES


def test_the_registry_entry_offers_three_to_five_suitors_and_a_narrator_seat():
    assert TEMPTRESS.min_seats == 3
    assert TEMPTRESS.max_seats == 6
    assert TEMPTRESS.default_seats == 5
    assert [o.key for o in TEMPTRESS.options] == ["narrator_person", "oldest", "round_limit"]
    assert config().round_limit == 10
    assert config(round_limit=0).round_limit == 0


# --- configuration errors ----------------------------------------------------------------


def women(*names: str) -> tuple[WomanSpec, ...]:
    return tuple(WomanSpec(n, "Smiles.") for n in names)


FOUR = women("Oriane", "Seraphine", "Isolde", "Marisol")
POOL = tuple(pack().preferences)

BAD_CONFIGS = {
    "two-suitors": (
        dict(suitors=("Ada", "Basil")),
        "The Temptress needs 3 to 5 suitors.",
    ),
    "six-suitors": (
        dict(suitors=("Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix")),
        "The Temptress needs 3 to 5 suitors.",
    ),
    "three-women": (
        dict(women=FOUR[:3]),
        "The Temptress needs exactly four women.",
    ),
    "five-women": (
        dict(women=FOUR + women("Nell")),
        "The Temptress needs exactly four women.",
    ),
    "same-suitor-names": (
        dict(suitors=("Ada", "Basil", " ada ")),
        "Every suitor and every woman needs a name of their own.",
    ),
    "blank-name": (
        dict(suitors=("Ada", "Basil", "   ")),
        "Every suitor and every woman needs a name of their own.",
    ),
    "suitor-named-like-a-woman": (
        dict(suitors=("Ada", "Basil", "ISOLDE")),
        "Every suitor and every woman needs a name of their own.",
    ),
    "oldest-too-high": (
        dict(oldest=3),
        "The oldest suitor must be one of the suitors.",
    ),
    "oldest-negative": (
        dict(oldest=-1),
        "The oldest suitor must be one of the suitors.",
    ),
    "negative-round-limit": (
        dict(round_limit=-1),
        "The round limit cannot be negative (0 means no limit).",
    ),
    "no-preferences": (
        dict(preferences_each=0),
        "Each woman needs at least one preference.",
    ),
    "too-few-preferences": (
        dict(preference_pool=POOL[:15] + POOL[:15]),
        "The pack needs at least 16 different preferences.",
    ),
    "too-few-for-five-each": (
        dict(preferences_each=5, preference_pool=POOL[:19]),
        "The pack needs at least 20 different preferences.",
    ),
}


@pytest.mark.parametrize(("changes", "reason"), BAD_CONFIGS.values(), ids=BAD_CONFIGS.keys())
def test_a_bad_setup_is_refused_with_a_sentence(changes, reason):
    good = evolve(config(3), women=FOUR, preference_pool=POOL)
    game.new(good, 1)  # the unchanged setup is fine
    with pytest.raises(IllegalAction) as caught:
        game.new(evolve(good, **changes), 1)
    assert caught.value.reason == reason


def test_no_limit_and_sixteen_preferences_are_enough():
    state = game.new(evolve(config(3), preference_pool=POOL[:16], round_limit=0), 3)
    assert sorted(p for w in state.women for p in w.preferences) == sorted(POOL[:16])


def test_the_tempted_has_true_clues_about_the_sorceress_as_their_match():
    for seed in SEEDS:
        state = fresh(seed)
        seat = state.tempted
        if seat is None:
            continue
        not_match = state.suitors[seat].clues[0]
        assert not_match.suit != state.women[state.sorceress].suit
        assert clues.is_true(state, seat, not_match)


def test_hands_are_dealt_sorted_for_reading():
    for suitor in fresh(12).suitors:
        assert list(suitor.hand) == sorted(suitor.hand)
        assert all(isinstance(card, PlayingCard) for card in suitor.hand)
