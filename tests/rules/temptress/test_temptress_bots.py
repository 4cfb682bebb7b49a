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
    Decline,
    DrawFromPile,
    Join,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.bots import TemptressBot
from rules.temptress.state import Clue, ClueKind, PromptKind, SpendChoice, StakeKind, VoteChoice
from tests.rules.temptress.test_temptress_rules import argument
from tests.temptress_helpers import (
    ADA,
    BASIL,
    EDIE,
    ISOLDE,
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
    """Ada's solo action on the island (a line she typed), up to the vote; Basil's bot
    votes."""
    state = arrange(opened(known_table()), {ADA: "9C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, *faces), ADA, ORIANE, description="bows low")
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
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE, description="bows low")
    state = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
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


def test_a_bot_unsure_of_the_sorceresss_suit_stakes_the_others_sorceress_clues():
    assert decides(staking(SURE_OF_CLUBS), ADA) == SetStake(ADA, StakeKind.SEE_SORCERESS_CLUES)


SORCERESS_OF_SPADES = tuple(Clue(ClueKind.NOT_SORCERESS_SUIT, suit=s) for s in (C, D, H))


def test_a_bot_that_knows_the_sorceresss_suit_stakes_the_others_match_clues():
    # Match clues tell which woman holds which suit: whose is the sorceress's.
    state = staking(SORCERESS_OF_SPADES)
    assert decides(state, ADA) == SetStake(ADA, StakeKind.SEE_MATCH_CLUES)


HALF_SURE = SURE_OF_CLUBS + (
    Clue(ClueKind.NOT_SORCERESS_SUIT, suit=D),
    Clue(ClueKind.WOMAN_SUIT, woman=ORIANE, suit=C, positive=True),
    Clue(ClueKind.WOMAN_SUIT, woman=MARISOL, suit=S, positive=True),
)
"""Ada's match is of clubs, and the sorceress is Marisol or the woman of hearts: a
flush of clubs naming Marisol is right one time in two."""


def flush_at_round(round_: int):
    """Ada holds a flush of clubs and a chip (a clue at the round end, if she waits)."""
    state = arrange(opened(known_table()), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    return suitor(evolve(state, round=round_), ADA, clues=HALF_SURE, rapport=1)


def test_a_bot_with_a_flush_waits_for_more_evidence_early_in_the_game():
    action = decides(flush_at_round(1), ADA)
    assert not isinstance(action, Retire)


def test_a_bot_with_a_flush_retires_on_even_odds_in_the_last_round():
    assert decides(flush_at_round(10), ADA) == Retire(ADA, MARISOL)


# --- retiring when sure -----------------------------------------------------------------------

SURE_OF_BOTH = SURE_OF_CLUBS + (
    Clue(ClueKind.NOT_SORCERESS_SUIT, suit=D),
    Clue(ClueKind.NOT_SORCERESS_SUIT, suit=H),
    Clue(ClueKind.WOMAN_SUIT, woman=ORIANE, suit=C, positive=True),
    Clue(ClueKind.WOMAN_SUIT, woman=MARISOL, suit=S, positive=True),
)
"""Ada's match is of clubs and the sorceress is of spades: Marisol."""


def test_bot_retires_when_sure_of_match_and_sorceress():
    state = suitor(flush_at_round(1), ADA, clues=SURE_OF_BOTH, rapport=2)
    assert decides(state, ADA) == Retire(ADA, MARISOL)


def test_a_bot_with_a_flush_and_no_chip_retires_on_even_odds_early_in_the_game():
    # Without a chip it buys no clue at the round end: waiting teaches it nothing.
    assert decides(suitor(flush_at_round(1), ADA, rapport=0), ADA) == Retire(ADA, MARISOL)


def test_a_bot_with_a_flush_and_no_chip_plays_its_strongest_cards_for_one_when_unsure():
    state = suitor(flush_at_round(2), ADA, clues=SURE_OF_CLUBS, rapport=0)
    action = decides(state, ADA)
    assert isinstance(action, ClaimFloor)
    state = act(dice(state, 5, 5, 5), action, *(Join(s, False) for s in (1, 2, 3, 4)))
    assert decides(state, ADA) == PlayCards(ADA, cards("7C 8C"))  # 15 toward 15


# --- climbing the ladder to a pile card -------------------------------------------------------


def ada_acts(hand: str, *faces: int, rapport: int = 0):
    """Ada (collecting clubs) courts Oriane alone holding ``hand``; the first target shows
    ``faces``."""
    state = arrange(opened(known_table()), {ADA: hand})
    state = dice(suitor(state, ADA, rapport=rapport), *faces)
    return claim(state, ADA, ORIANE)


def test_a_bot_reaches_the_first_target_with_one_card_to_keep_the_ladder_open():
    state = ada_acts("2C 10D 2D 3D 4H 5H 6S", 3, 3, 3)  # 9: 10D alone, or 2D 3D 4H
    assert decides(state, ADA) == PlayCards(ADA, cards("10D"))


def test_a_bot_rerolls_to_bring_the_first_target_within_one_cards_reach():
    # 16: one card cannot reach it; a new third die of 4 or less brings it to 10.
    state = ada_acts("2C 10D 2D 3D 4H 5H 6S", 3, 3, 10, rapport=2)
    assert decides(state, ADA) == Reroll(ADA, 2)


def test_a_bot_keeps_its_last_chip_for_the_round_end_instead_of_a_reroll():
    state = ada_acts("2C 10D 2D 3D 4H 5H 6S", 3, 3, 10, rapport=1)
    assert decides(state, ADA) == PlayCards(ADA, cards("6S 10D"))


def test_a_bot_with_chips_to_spare_throws_its_cheapest_card_out_of_one_cards_reach():
    # 18: no card reaches it alone, nor after a re-roll; 2D 6S 10D would, for one chip,
    # but the 10 waits for a throw it can climb from.
    state = ada_acts("2C 10D 2D 3D 4H 5H 6S", 6, 6, 6, rapport=2)
    assert decides(state, ADA) == PlayCards(ADA, cards("2D"))


def test_a_bot_short_of_chips_plays_three_cards_for_one_out_of_one_cards_reach():
    state = ada_acts("2C 10D 2D 3D 4H 5H 6S", 6, 6, 6, rapport=1)
    assert decides(state, ADA) == PlayCards(ADA, cards("2D 6S 10D"))


def on_the_second_rung(hand: str, played: str, *faces: int, rapport: int = 0):
    """Ada reached 9 with ``played`` alone, raised, and the second target shows ``faces``."""
    state = ada_acts(hand, 3, 3, 3, rapport=rapport)
    state = act(state, PlayCards(ADA, cards(played)), RaiseStakes(ADA, True))
    state = dice(state, *faces)
    assert game.prompt(state).kind == PromptKind.PLAY
    return state


def test_on_the_second_rung_a_bot_plays_a_card_of_its_suit_when_no_other_reaches_alone():
    # 10: no spare card reaches it alone (4H and 6S together would, closing the ladder).
    state = on_the_second_rung("10C 9D 2D 3H 4H 5S 6S", "9D", 3, 3, 4)
    assert decides(state, ADA) == PlayCards(ADA, cards("10C"))


def test_on_the_second_rung_a_bot_spends_its_last_chip_on_the_pair():
    # 12: 9H pairs the 9D played, +3 for the last chip.
    state = on_the_second_rung("9D 9H 2C 3C 4C 5C 6C", "9D", 4, 4, 4, rapport=1)
    assert decides(state, ADA) == PlayCards(ADA, cards("9H"), pair_bonus=True)


def test_toward_the_third_target_a_bot_counts_the_cards_of_its_suit():
    # 10C alone reaches a fresh 3d10 one time in eight: worth a pile card.
    assert decides(climbed_twice("10C", rapport=0), ADA) == RaiseStakes(ADA, True)


def climbed_twice(third: str, rapport: int = 2):
    """Ada reached 8 with 8D and 7 with 9D, holding ``third`` and low cards: raise again?"""
    state = ada_acts(f"2C 8D 9D {third} 2H 3H 4H", 2, 3, 3, rapport=rapport)
    state = act(state, PlayCards(ADA, cards("8D")), RaiseStakes(ADA, True))
    state = act(dice(state, 2, 2, 3), PlayCards(ADA, cards("9D")))
    assert game.prompt(state).kind == PromptKind.RAISE
    return state


def test_a_bot_raises_for_a_pile_card_when_a_straight_flush_doubles_its_last_card():
    # 7D after 8D and 9D: a straight flush, 7 counted twice (a chip spent): 14.
    assert decides(climbed_twice("7D"), ADA) == RaiseStakes(ADA, True)


def test_a_bot_stops_short_of_the_third_target_with_one_low_card():
    assert decides(climbed_twice("7H"), ADA) == RaiseStakes(ADA, False)


def test_a_bot_plays_the_straight_flush_at_the_third_target():
    state = act(dice(climbed_twice("7D"), 4, 5, 5), RaiseStakes(ADA, True))  # 14
    assert decides(state, ADA) == PlayCards(ADA, cards("7D"), suit_bonus=True)


# --- drawing from a pile -----------------------------------------------------------------------

ISOLDE_IS_CLUBS = (Clue(ClueKind.WOMAN_SUIT, woman=ISOLDE, suit=C, positive=True),)


def a_third_success(seat: int = ADA, clues=()):
    """``seat`` reached a third target and may draw (Isolde's pile holds clubs here)."""
    state = arrange(
        opened(known_table()),
        {seat: "2D 3D 4D 8H 9H 10H 5S"},
        piles={ISOLDE: "JC QC KC AS", ORIANE: "JH QH KH AD", MARISOL: "QS JS KS AH"},
    )
    state = suitor(state, seat, clues=state.suitors[seat].clues + clues)
    state = dice(state, 2, 3, 3)
    state = claim(state, seat, ISOLDE)
    state = act(state, PlayCards(seat, cards("8H")), RaiseStakes(seat, True))
    state = act(dice(state, 2, 3, 3), PlayCards(seat, cards("9H")), RaiseStakes(seat, True))
    state = act(dice(state, 2, 3, 3), PlayCards(seat, cards("10H")))
    assert game.prompt(state).kind == PromptKind.DRAW
    return state


def test_a_bot_draws_from_the_pile_likeliest_to_be_of_its_suit():
    # Ada collects clubs and knows Isolde is of clubs (so Oriane is not).
    state = a_third_success(ADA, SURE_OF_CLUBS + ISOLDE_IS_CLUBS)
    assert decides(state, ADA) == DrawFromPile(ADA, ISOLDE)


def test_the_tempted_draws_from_the_pile_likeliest_to_show_the_sorceresss_queen():
    # Edie, the Tempted, knows her match (the sorceress) is of spades and is Marisol.
    told = (Clue(ClueKind.WOMAN_SUIT, woman=MARISOL, suit=S, positive=True),) + tuple(
        Clue(ClueKind.NOT_MATCH_SUIT, suit=s) for s in (C, D, H)
    )
    state = a_third_success(EDIE, told)
    assert decides(state, EDIE) == DrawFromPile(EDIE, MARISOL)


def test_the_tempted_never_plays_a_queen_the_sorceress_may_have():
    state = arrange(opened(known_table()), {EDIE: "QS 2D 3D 4D 5D 6D 7D"})
    state = suitor(state, EDIE, clues=state.suitors[EDIE].clues + SPADES_OR_HEARTS)
    state = claim(dice(state, 4, 4, 4), EDIE, ORIANE)  # 12: a queen alone would reach it
    assert decides(state, EDIE) == PlayCards(EDIE, cards("5D 7D"))


SPADES_OR_HEARTS = (Clue(ClueKind.NOT_MATCH_SUIT, suit=C), Clue(ClueKind.NOT_MATCH_SUIT, suit=D))
"""The Tempted's match (the sorceress) is of spades or hearts (and Edie's starter clue
says not hearts)."""


# --- the round end ---------------------------------------------------------------------------


def spending(seat: int, hand: str, discard: str, clues=()):
    """Every suitor declined; ``seat`` alone has a chip to spend, holding ``hand``, and the
    discard pile holds ``discard`` on top."""
    state = arrange(opened(known_table()), {seat: hand}, discard=discard)
    state = suitor(state, seat, rapport=1, clues=state.suitors[seat].clues + clues)
    state = act(state, *(Decline(s) for s in (ADA, BASIL, 2, 3, EDIE)))
    assert game.prompt(state).kind == PromptKind.SPEND and game.prompt(state).seats == (seat,)
    return state


def test_a_bot_unsure_of_the_sorceress_buys_a_clue_before_gathering_its_suit():
    # Sure of clubs, she knows nothing of which woman holds which suit yet.
    state = spending(ADA, "2C 3C 4C 5C", "6C 7C 8C", SURE_OF_CLUBS)
    assert decides(state, ADA) == SpendRapport(ADA, SpendChoice.CLUE, clue_kind=ClueKind.WOMAN_SUIT)


def test_a_bot_sure_enough_to_retire_gathers_its_suit_from_the_discard():
    state = spending(ADA, "2C 3C 4C 5C", "6C 7C 8C", SURE_OF_BOTH)
    assert decides(state, ADA) == SpendRapport(ADA, SpendChoice.REFILL, cards("8C 7C 6C"))


def test_the_tempted_takes_a_queen_the_sorceress_may_have_from_the_discard():
    state = spending(EDIE, "2D 3D 4D 5D 6D", "QS 9H 10H", SPADES_OR_HEARTS)
    assert decides(state, EDIE) == SpendRapport(EDIE, SpendChoice.REFILL, cards("QS 10H"))


def test_a_bot_argues_with_a_suitor_whose_clues_it_has_not_seen():
    state = arrange(opened(known_table()), {ADA: "2C 9D 10D 8H 7S 6S 5S"})
    seen = tuple((s, Clue(ClueKind.NOT_SORCERESS_SUIT, suit=C)) for s in (BASIL, 2, 3))
    state = suitor(evolve(state, round=2), ADA, rapport=2, seen=seen)
    assert decides(state, ADA) == StartArgument(ADA, EDIE, 1)
