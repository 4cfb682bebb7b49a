"""How a Temptress bot plays: like a decent person who sees only their own seat.

Each test builds a moment from ``known_table`` (Ada's match is Oriane, of clubs) and
asks a bot what it does there, from that seat's view alone.
"""

from __future__ import annotations

from collections import Counter

from attrs import evolve

from rules.temptress import game
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    PlayCards,
    RaiseStakes,
    Retire,
    SetStake,
    Vote,
)
from rules.temptress.bots import TemptressBot
from rules.temptress.state import Clue, ClueKind, PromptKind, StakeKind, VoteChoice
from tests.rules.temptress.test_temptress_rules import argument
from tests.temptress_helpers import (
    ADA,
    BASIL,
    MARISOL,
    ORIANE,
    C,
    D,
    H,
    S,
    act,
    arrange,
    cards,
    claim,
    dice,
    known_table,
    opened,
    suitor,
)


def decides(state, seat, seed: int = 3):
    return TemptressBot(seat, seed).choose(game.view(state, seat))


def reached_with_one_card(rest: str):
    """Ada reached her first target (9) with 9C alone, holding ``rest``."""
    state = arrange(opened(known_table()), {ADA: "9C " + rest})
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE)
    state = act(state, PlayCards(ADA, cards("9C")))
    assert game.prompt(state).kind == PromptKind.RAISE
    return state


def test_a_bot_does_not_raise_with_low_cards_against_a_fresh_3d10():
    state = reached_with_one_card("2D 2H 2S 3D 3H 3S")
    assert decides(state, ADA) == RaiseStakes(ADA, False)


def test_a_bot_raises_when_its_spare_cards_will_likely_reach_a_fresh_3d10():
    state = reached_with_one_card("10D 10H 10S 9D 9H 9S")
    assert decides(state, ADA) == RaiseStakes(ADA, True)


def voted_on(ada_plays: str, faces=(3, 3, 3)):
    """Ada's solo action on the island, up to the vote; Basil's bot votes."""
    state = arrange(opened(known_table()), {ADA: "9C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, *faces), ADA, ORIANE)
    state = act(state, PlayCards(ADA, cards(ada_plays)))
    if game.prompt(state).kind == PromptKind.RAISE:
        state = act(state, RaiseStakes(ADA, False))
    assert game.prompt(state).kind == PromptKind.VOTE
    return decides(state, BASIL)


def test_an_island_voter_bot_gives_no_extra_chip_for_a_plain_success():
    assert voted_on("9C 2D 3D") == Vote(BASIL, VoteChoice.NO)  # 14 toward 9


def test_an_island_voter_bot_rewards_a_close_call():
    assert voted_on("9C") == Vote(BASIL, VoteChoice.YES)  # 9 toward 9, exactly


def test_an_island_voter_bot_rewards_a_high_total():
    assert voted_on("9C 7D 6D", (8, 8, 4)) == Vote(BASIL, VoteChoice.YES)  # 22 toward 20


def test_an_island_voter_bot_gives_nothing_to_a_suitor_well_ahead():
    state = arrange(opened(known_table()), {ADA: "9C 2D 3D 4D 5D 6D 7D"})
    state = suitor(state, ADA, rapport=4)
    state = act(claim(dice(state, 3, 3, 3), ADA, ORIANE), PlayCards(ADA, cards("9C")))
    state = act(state, RaiseStakes(ADA, False))
    assert decides(state, BASIL) == Vote(BASIL, VoteChoice.NO)


def test_bots_spread_their_courtships_across_the_women():
    state = arrange(opened(known_table()), {ADA: "2D 3D 4D 5H 6H 7S 8S"})
    chosen = Counter()
    for seed in range(40):
        action = decides(state, ADA, seed)
        if isinstance(action, ClaimFloor):
            chosen[action.woman] += 1
    assert len(chosen) >= 3, chosen


def test_a_bot_never_courts_a_retired_woman():
    state = arrange(
        opened(known_table()), {ADA: "2D 3D 4D 5H 6H 7S 8S"}, piles={w: "" for w in (0, 1, 2)}
    )
    for seed in range(20):
        action = decides(state, ADA, seed)
        assert not isinstance(action, ClaimFloor) or action.woman == MARISOL


SURE_OF_CLUBS = (
    Clue(ClueKind.NOT_MATCH_SUIT, suit=D),
    Clue(ClueKind.NOT_MATCH_SUIT, suit=H),
    Clue(ClueKind.NOT_MATCH_SUIT, suit=S),
)


def staking(ada_clues=()):
    state = argument()
    if ada_clues:
        state = suitor(state, ADA, clues=ada_clues)
    return act(state, AnswerArgument(BASIL, False))


def test_a_bot_unsure_of_its_match_stakes_the_others_match_clues():
    assert decides(staking(), ADA) == SetStake(ADA, StakeKind.SEE_MATCH_CLUES)


def test_a_bot_sure_of_its_match_stakes_the_others_sorceress_clues():
    state = staking(SURE_OF_CLUBS)
    assert decides(state, ADA) == SetStake(ADA, StakeKind.SEE_SORCERESS_CLUES)


HALF_SURE = SURE_OF_CLUBS + (
    Clue(ClueKind.NOT_SORCERESS_SUIT, suit=D),
    Clue(ClueKind.WOMAN_SUIT, woman=ORIANE, suit=C, positive=True),
    Clue(ClueKind.WOMAN_SUIT, woman=MARISOL, suit=S, positive=True),
)
"""Ada's match is of clubs, and the sorceress is Marisol or the woman of hearts: a
flush of clubs naming Marisol is right one time in two."""


def flush_at_round(round_: int):
    state = arrange(opened(known_table()), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    return suitor(evolve(state, round=round_), ADA, clues=HALF_SURE)


def test_a_bot_with_a_flush_waits_for_more_evidence_early_in_the_game():
    action = decides(flush_at_round(1), ADA)
    assert not isinstance(action, Retire)


def test_a_bot_with_a_flush_retires_on_even_odds_in_the_last_round():
    assert decides(flush_at_round(10), ADA) == Retire(ADA, MARISOL)
