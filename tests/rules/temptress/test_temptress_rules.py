"""The Temptress's rules, one named test per rule.

Every test builds its situation explicitly from ``known_table`` (Oriane clubs,
Seraphine diamonds, Isolde hearts, Marisol spades and the sorceress; Ada and
Dmitri are matched to Oriane, Basil to Seraphine, Cora to Isolde, and Edie is
the Tempted), deals the cards it needs, loads the dice, and then plays actions
through ``game.apply``, asserting exact chips, cards, targets and refusals. The
last section plays whole games (random, leaning and bot play) and checks the
Temptress's own invariants after every action.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from attrs import evolve

from rules.engine import Outcome
from rules.temptress import game
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorTrim,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.game import TEMPTRESS
from rules.temptress.state import (
    Clue,
    ClueKind,
    ContestStage,
    Play,
    PromptKind,
    SpendChoice,
    Stage,
    Stake,
    StakeKind,
    TemptressState,
    VoteChoice,
)
from tests.temptress_helpers import (
    ADA,
    BASIL,
    CORA,
    DMITRI,
    EDIE,
    ISOLDE,
    MARISOL,
    ORIANE,
    SERAPHINE,
    D,
    S,
    act,
    arrange,
    bot_session,
    card,
    cards,
    check_invariants,
    claim,
    dice,
    events,
    fresh,
    honours_in_hands,
    known_table,
    leaning_policy,
    lines,
    mixed_policy,
    opened,
    playout,
    prompt_kind,
    random_policy,
    refused,
    suitor,
    vote_all,
)

NARRATOR = 5
EVERYONE = (ADA, BASIL, CORA, DMITRI, EDIE)


LINE = "recites a sonnet by the lagoon"
"""What Ada says as she courts, in most tests: a typed line, which the island's table votes on."""


def ada_courts(
    hand: str, *faces: int, rapport: int = 0, person: bool = False, woman=ORIANE, line: str = LINE
):
    """Ada alone courts ``woman`` holding ``hand`` (saying ``line``, so the island's table
    votes on it); the first target shows ``faces``."""
    state = arrange(known_table(person=person), {ADA: hand})
    state = dice(suitor(state, ADA, rapport=rapport), *faces)
    return claim(state, ADA, woman, description=line)


def seats_on_the_floor(state):
    current = game.prompt(state)
    assert current.kind == PromptKind.FLOOR
    return current.seats


# --- the open floor --------------------------------------------------------------------


def test_the_oldest_opens_the_floor():
    state = known_table(oldest=3)
    assert game.prompt(state).seats == (CORA,)
    assert refused(state, ClaimFloor(ADA, ISOLDE)) == (
        "It is not Ada's turn: Cora, the oldest, opens the floor (or declines)."
    )
    after = act(state, Decline(CORA))
    assert lines(state, after) == ["Cora lets the floor pass."]
    assert after.opened
    assert seats_on_the_floor(after) == (ADA, BASIL, DMITRI, EDIE)
    assert game.prompt(after).text == (
        "Ada, Basil, Dmitri, Edie: take an action, argue, retire, or decline."
    )


def test_the_oldests_claim_opens_the_floor_to_the_others():
    state = dice(arrange(known_table(oldest=2), {BASIL: "9C 2D 3D 4D 5D 6D 7D"}), 1, 1, 1)
    state = claim(state, BASIL, ISOLDE)
    state = vote_all(act(state, PlayCards(BASIL, cards("9C")), RaiseStakes(BASIL, False)))
    assert state.stage == Stage.FLOOR and state.last_actor == BASIL
    assert seats_on_the_floor(state) == (CORA, DMITRI, EDIE, ADA)


def test_no_suitor_acts_twice_in_a_row_unless_all_others_declined_since():
    state = opened(known_table(), last_actor=ADA)
    assert seats_on_the_floor(state) == (BASIL, CORA, DMITRI, EDIE)
    assert refused(state, ClaimFloor(ADA, ISOLDE)) == (
        "It is not Ada's turn: Basil, Cora, Dmitri, Edie: take an action, argue, retire, "
        "or decline."
    )
    state = act(state, Decline(BASIL), Decline(CORA), Decline(DMITRI))
    assert seats_on_the_floor(state) == (EDIE,)
    assert refused(state, ClaimFloor(ADA, ISOLDE)).startswith("It is not Ada's turn")
    state = act(state, Decline(EDIE))
    assert seats_on_the_floor(state) == (ADA,)
    state = act(state, ClaimFloor(ADA, ISOLDE))
    assert state.stage == Stage.CONTEST and state.declined == () and state.last_actor == ADA


def test_a_suitor_who_declined_waits_for_the_next_claim():
    state = act(opened(known_table()), Decline(CORA))
    assert seats_on_the_floor(state) == (ADA, BASIL, DMITRI, EDIE)
    assert refused(state, Decline(CORA)).startswith("It is not Cora's turn")


def test_every_suitor_declining_ends_the_round():
    state = opened(known_table())
    after = act(state, *(Decline(s) for s in EVERYONE))
    assert lines(state, after) == [
        "Ada lets the floor pass.",
        "Basil lets the floor pass.",
        "Cora lets the floor pass.",
        "Dmitri lets the floor pass.",
        "Edie lets the floor pass.",
        "Round 1 ends: every suitor declined the floor.",
        "The discard pile is shuffled and hands are refilled to seven.",
        "Round 2 begins: the floor is open.",
    ]
    assert after.round == 2 and after.stage == Stage.FLOOR
    assert seats_on_the_floor(after) == EVERYONE


def test_claiming_the_floor_needs_a_card():
    state = opened(arrange(known_table(), {ADA: ""}))
    assert refused(state, ClaimFloor(ADA, ISOLDE)) == (
        "You have no cards left to play: you can only decline."
    )
    assert act(state, Decline(ADA)).declined == (ADA,)


def test_an_action_aims_at_a_woman_and_logs_its_description():
    state = known_table()
    after = act(state, ClaimFloor(ADA, ISOLDE, "  recites   a sonnet by the lagoon "))
    assert lines(state, after) == ["Ada courts Isolde: recites a sonnet by the lagoon"]
    assert after.contest.woman == ISOLDE
    assert after.contest.description == "recites a sonnet by the lagoon"
    assert after.actions_taken == 1
    plain = act(state, ClaimFloor(ADA, MARISOL))
    assert lines(state, plain) == ["Ada courts Marisol."]


def test_an_action_must_aim_at_one_of_the_four_women():
    state = known_table()
    for woman in (-1, 4):
        assert refused(state, ClaimFloor(ADA, woman)) == "Aim your action at one of the four women."


def test_a_description_is_one_line_of_at_most_120_characters():
    state = known_table()
    assert refused(state, ClaimFloor(ADA, ISOLDE, "x" * 121)) == (
        "Keep the description to 120 characters."
    )
    after = act(state, ClaimFloor(ADA, ISOLDE, "y" * 120))
    assert after.contest.description == "y" * 120


# --- joining and the target ---------------------------------------------------------------


def test_others_join_in_opposition_before_the_target_is_rolled():
    state = dice(known_table(), 5, 7, 3)
    state = act(state, ClaimFloor(ADA, ORIANE))
    assert game.prompt(state).kind == PromptKind.JOIN
    assert game.prompt(state).seats == (BASIL, CORA, DMITRI, EDIE)
    assert state.contest.targets == ()
    before = state
    state = act(state, Join(DMITRI, True), Join(BASIL, True), Join(CORA, False))
    assert state.contest.targets == ()  # Edie has not answered yet
    state = act(state, Join(EDIE, False))
    assert lines(before, state) == [
        "Dmitri joins in opposition.",
        "Basil joins in opposition.",
        "Cora stays out.",
        "Edie stays out.",
        "Target: the dice show 5, 7 and 3: 15.",
    ]
    assert state.contest.participants == (ADA, DMITRI, BASIL)


def test_opponents_play_in_reverse_order_of_joining_and_the_actor_plays_last():
    state = dice(known_table(), 5, 7, 3)
    state = claim(state, ADA, ORIANE, joiners=(DMITRI, BASIL))
    assert state.contest.to_play == (BASIL, DMITRI, ADA)
    assert game.prompt(state).text == "Basil: play cards toward 15."
    assert refused(state, PlayCards(ADA, state.suitors[ADA].hand[:1])) == (
        "It is not Ada's turn: Basil: play cards toward 15."
    )
    state = act(state, PlayCards(BASIL, state.suitors[BASIL].hand[:1]))
    assert game.prompt(state).seats == (DMITRI,)
    state = act(state, PlayCards(DMITRI, state.suitors[DMITRI].hand[:1]))
    assert game.prompt(state).seats == (ADA,)


def test_only_suitors_holding_cards_are_asked_to_join():
    state = act(arrange(known_table(), {CORA: ""}), ClaimFloor(ADA, ORIANE))
    assert state.contest.undecided == (BASIL, DMITRI, EDIE)


def test_the_target_is_3d10_logged_die_by_die():
    state = dice(known_table(), 10, 1, 6)
    after = claim(state, ADA, ORIANE)
    assert lines(state, after)[-1] == "Target: the dice show 10, 1 and 6: 17."
    assert after.contest.dice == (10, 1, 6)
    assert after.contest.targets == (17,)
    assert after.contest.target == 1


# --- playing cards ----------------------------------------------------------------------


def test_a_play_is_one_to_three_cards_and_at_least_one():
    state = ada_courts("2C 3C 4C 5C 6C 7C 8C", 10, 10, 10)
    assert refused(state, PlayCards(ADA, ())) == (
        "Play at least one card, even when the target is out of reach."
    )
    assert refused(state, PlayCards(ADA, cards("2C 3C 4C 5C"))) == (
        "You have 3 cards of budget left in this action; you tried to play 4."
    )
    assert refused(state, PlayCards(ADA, cards("2C 9S"))) == "9♠ is not in your hand."
    assert refused(state, PlayCards(ADA, cards("2C 2C"))) == "Each card can be played only once."
    after = act(state, PlayCards(ADA, cards("2C")))
    assert lines(state, after)[:3] == [
        "Ada plays 2♣: 2 toward 30.",
        "Ada misses it.",
        "Ada gains nothing.",
    ]
    assert after.suitors[ADA].hand == cards("3C 4C 5C 6C 7C 8C")
    assert after.suitors[ADA].rapport == 0


def test_a_hopeless_target_still_takes_a_card():
    state = ada_courts("2C 3C 4C 5C 6C 7C 8C", 10, 10, 10)
    after = act(state, PlayCards(ADA, cards("8C 7C 6C")))
    assert after.contest.plays == (Play(ADA, 1, cards("8C 7C 6C"), 0, 21),)
    assert game.prompt(after).kind == PromptKind.VOTE


def test_the_budget_is_three_cards_for_the_whole_action():
    state = ada_courts("2C 3C 4C 5C 6C 9C 10C", 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("2C 9C")), RaiseStakes(ADA, True))
    assert state.contest.budget_left(ADA) == 1
    assert refused(state, PlayCards(ADA, cards("3C 4C"))) == (
        "You have 1 card of budget left in this action; you tried to play 2."
    )


def test_played_cards_go_to_the_discard_pile_after_the_action():
    state = ada_courts("2C 3C 4C 5C 6C 9C 10C", 3, 3, 3)
    before = state.discard
    state = act(state, PlayCards(ADA, cards("10C 2C")))
    assert state.discard == before  # on the table while the action lasts
    state = act(dice(state, 1, 1, 1), RaiseStakes(ADA, True))
    state = vote_all(act(state, PlayCards(ADA, cards("3C"))))
    assert state.contest is None
    assert state.discard == before + cards("10C 2C 3C")
    assert state.suitors[ADA].hand == cards("4C 5C 6C 9C")


# --- spending Rapport to excel ---------------------------------------------------------------


def test_a_reroll_costs_a_chip_and_rolls_one_die_again():
    state = dice(ada_courts("2C 3D 4H 5S 9C 10D 10H", 9, 8, 7, rapport=2), 2)
    after = act(state, Reroll(ADA, 0))
    assert lines(state, after) == [
        "Ada spends a Rapport chip to re-roll the 9: it comes up 2. The target is now 17."
    ]
    assert after.contest.dice == (2, 8, 7)
    assert after.contest.targets == (17,)
    assert after.suitors[ADA].rapport == 1
    assert game.prompt(after).kind == PromptKind.PLAY


def test_a_reroll_is_once_per_action():
    state = dice(ada_courts("2C 3D 4H 5S 9C 10D 10H", 9, 8, 7, rapport=2), 2)
    state = act(state, Reroll(ADA, 0))
    assert refused(state, Reroll(ADA, 1)) == "You have already re-rolled a die in this action."
    # ... and that holds for the raised targets too.
    state = act(state, PlayCards(ADA, cards("10D 10H")), RaiseStakes(ADA, True))
    assert refused(state, Reroll(ADA, 2)) == "You have already re-rolled a die in this action."


def test_a_reroll_comes_before_playing_for_that_target():
    state = dice(ada_courts("2C 3D 4H 5S 9C 10D 10H", 5, 5, 5, rapport=2), 1, 1, 8, 3)
    state = act(state, PlayCards(ADA, cards("9C 10D")))
    assert refused(state, Reroll(ADA, 0)) == (
        "That is not possible now: Ada: raise the stakes, or stop?"
    )
    # The raised target is a new target: the once-per-action re-roll is still there.
    state = act(state, RaiseStakes(ADA, True))
    assert state.contest.dice == (1, 1, 8)
    after = act(state, Reroll(ADA, 2))
    assert after.contest.dice == (1, 1, 3) and after.contest.targets == (15, 5)
    assert after.suitors[ADA].rapport == 1


def test_a_reroll_needs_a_chip_and_a_real_die():
    state = ada_courts("2C 3D 4H 5S 9C 10D 10H", 9, 8, 7)
    assert refused(state, Reroll(ADA, 0)) == "A re-roll costs a Rapport chip, and you have none."
    rich = suitor(state, ADA, rapport=1)
    for die in (-1, 3):
        assert refused(rich, Reroll(ADA, die)) == "Choose the first, second or third die."


def test_once_per_action_a_player_taking_action_may_force_a_re_roll():
    """The seed: "a player taking action" re-rolls, not a suitor who joined against it."""
    state = suitor(opposed("9C 8C 2S 3S 4S 5S 6S", "10D 9D 2H 3H 4H 5H 6H", 5, 5, 5), BASIL,
                   rapport=2)
    assert game.prompt(state).seats == (BASIL,)  # the opponent plays first
    assert refused(state, Reroll(BASIL, 0)) == (
        "Only the suitor who took the action may re-roll a die."
    )
    reroll = game.view(state, BASIL).choices.rerolls[0]
    assert reroll.closed == "Only the suitor who took the action may re-roll a die."
    assert state.suitors[BASIL].rapport == 2


def test_a_pair_adds_three_for_a_chip():
    state = ada_courts("6H 6S 2C 3C 4C 5C 7C", 5, 5, 5, rapport=1)
    after = act(state, PlayCards(ADA, cards("6H 6S"), pair_bonus=True))
    assert lines(state, after)[:2] == [
        "Ada plays 6♥ 6♠ (+3 for spent Rapport): 15 toward 15.",
        "Ada reaches it.",
    ]
    assert after.contest.plays == (Play(ADA, 1, cards("6H 6S"), 3, 15),)
    assert after.suitors[ADA].rapport == 0


def test_a_pair_spend_needs_a_pair_and_a_chip():
    state = ada_courts("6H 6S 2C 3C 4C 5C 7C", 5, 5, 5, rapport=1)
    assert refused(state, PlayCards(ADA, cards("6H 7C"), pair_bonus=True)) == (
        "The cards you played in this action hold no pair."
    )
    poor = suitor(state, ADA, rapport=0)
    assert refused(poor, PlayCards(ADA, cards("6H 6S"), pair_bonus=True)) == (
        "Those spends cost 1 Rapport and you have 0."
    )


def test_a_pair_may_span_targets_but_is_spent_once_per_action():
    state = ada_courts("6H 6S 6C 3C 4C 5C 7C", 1, 1, 1, rapport=3)
    state = act(dice(act(state, PlayCards(ADA, cards("6H"))), 3, 3, 3), RaiseStakes(ADA, True))
    state = act(state, PlayCards(ADA, cards("6S"), pair_bonus=True))
    assert state.contest.plays[-1] == Play(ADA, 2, cards("6S"), 3, 9)
    assert state.suitors[ADA].rapport == 2
    state = act(dice(state, 1, 1, 1), RaiseStakes(ADA, True))
    assert refused(state, PlayCards(ADA, cards("6C"), pair_bonus=True)) == (
        "You have already spent for a pair in this action."
    )


def test_three_of_a_suit_adds_three_for_a_chip():
    state = ada_courts("2H 5H 9H 3C 4C 6C 7C", 8, 8, 8, rapport=1)
    after = act(state, PlayCards(ADA, cards("2H 5H 9H"), suit_bonus=True))
    assert lines(state, after)[0] == "Ada plays 2♥ 5♥ 9♥ (+3 for spent Rapport): 19 toward 24."
    assert after.contest.plays == (Play(ADA, 1, cards("2H 5H 9H"), 3, 19),)
    assert after.suitors[ADA].rapport == 0


def test_three_of_a_suit_needs_three_played_cards_of_one_suit():
    state = ada_courts("2H 5H 9H 3C 4C 6C 7C", 8, 8, 8, rapport=1)
    assert refused(state, PlayCards(ADA, cards("2H 5H"), suit_bonus=True)) == (
        "The three-of-a-suit spend needs three played cards of one suit."
    )
    assert refused(state, PlayCards(ADA, cards("2H 5H 3C"), suit_bonus=True)) == (
        "The three-of-a-suit spend needs three played cards of one suit."
    )


def test_straight_flush_doubles_the_last_card():
    """4, 6, 5 of hearts: consecutive though not played in order; the last card (5) doubles."""
    state = ada_courts("4H 6H 5H 3C 7C 8C 9C", 8, 8, 8, rapport=1)
    after = act(state, PlayCards(ADA, cards("4H 6H 5H"), suit_bonus=True))
    assert lines(state, after)[0] == "Ada plays 4♥ 6♥ 5♥ (+5 for spent Rapport): 20 toward 24."
    assert after.contest.plays == (Play(ADA, 1, cards("4H 6H 5H"), 5, 20),)
    in_order = act(state, PlayCards(ADA, cards("4H 5H 6H"), suit_bonus=True))
    assert in_order.contest.plays == (Play(ADA, 1, cards("4H 5H 6H"), 6, 21),)


def test_a_straight_flush_may_be_played_across_targets():
    state = ada_courts("8H 9H 10H 3C 4C 5C 7C", 1, 1, 1, rapport=1)
    state = act(dice(act(state, PlayCards(ADA, cards("8H"))), 10, 10, 8), RaiseStakes(ADA, True))
    after = act(state, PlayCards(ADA, cards("10H 9H"), suit_bonus=True))
    assert after.contest.plays[-1] == Play(ADA, 2, cards("10H 9H"), 9, 28)
    assert lines(state, after)[:2] == [
        "Ada plays 10♥ 9♥ (+9 for spent Rapport): 28 toward 28.",
        "Ada reaches it.",
    ]


# --- raising the stakes ---------------------------------------------------------------------


def test_raise_after_reaching_with_one_or_two_cards():
    for hand, played in (("9C 2D 3D 4D 5D 6D 7D", "9C"), ("5C 4C 2D 3D 6D 7D 8D", "5C 4C")):
        state = ada_courts(hand, 3, 3, 3)
        after = act(state, PlayCards(ADA, cards(played)))
        assert lines(state, after)[1:] == ["Ada reaches it."]
        assert game.prompt(after).kind == PromptKind.RAISE
        assert game.prompt(after).text == "Ada: raise the stakes, or stop?"


def test_reaching_with_three_cards_offers_no_raise():
    state = ada_courts("2C 3C 4C 5D 6D 7D 8D", 3, 3, 3)
    after = act(state, PlayCards(ADA, cards("2C 3C 4C")))
    assert lines(state, after) == [
        "Ada plays 2♣ 3♣ 4♣: 9 toward 9.",
        "Ada reaches it.",
        "Ada gains 1 Rapport.",
    ]
    assert after.suitors[ADA].rapport == 1
    assert prompt_kind(after) == PromptKind.VOTE


def test_a_miss_gains_nothing_and_offers_no_raise():
    state = ada_courts("2C 3C 4C 5D 6D 7D 8D", 3, 3, 4)
    after = act(state, PlayCards(ADA, cards("2C 3C")))
    assert lines(state, after) == [
        "Ada plays 2♣ 3♣: 5 toward 10.",
        "Ada misses it.",
        "Ada gains nothing.",
    ]
    assert after.suitors[ADA].rapport == 0 and after.suitors[ADA].faux_pas == 0
    assert prompt_kind(after) == PromptKind.VOTE


def test_stopping_after_the_first_target_keeps_one_rapport():
    state = act(ada_courts("9C 2D 3D 4D 5D 6D 7D", 3, 3, 3), PlayCards(ADA, cards("9C")))
    after = act(state, RaiseStakes(ADA, False))
    assert lines(state, after) == ["Ada does not raise the stakes.", "Ada gains 1 Rapport."]
    assert after.suitors[ADA].rapport == 1


def test_a_raise_rolls_a_new_target_for_the_remaining_budget():
    state = act(ada_courts("9C 2D 3D 4D 5D 6D 7D", 3, 3, 3), PlayCards(ADA, cards("9C")))
    after = act(dice(state, 1, 2, 3), RaiseStakes(ADA, True))
    assert lines(state, after) == [
        "Ada raises the stakes!",
        "Raised target 2: the dice show 1, 2 and 3: 6.",
    ]
    assert after.contest.target == 2 and after.contest.targets == (9, 6)
    assert after.contest.budget_left(ADA) == 2


def test_raise_1_reached_gives_3_rapport_in_all():
    state = ada_courts("5C 4C 2D 3D 6D 7D 8D", 3, 3, 3)
    state = dice(act(state, PlayCards(ADA, cards("5C 4C"))), 1, 2, 3)
    state = act(state, RaiseStakes(ADA, True))
    after = act(state, PlayCards(ADA, cards("6D")))
    assert lines(state, after) == [
        "Ada plays 6♦: 6 toward 6.",
        "Ada reaches it.",
        "Ada gains 3 Rapport.",
    ]
    assert after.suitors[ADA].rapport == 3 and after.suitors[ADA].faux_pas == 0
    assert prompt_kind(after) == PromptKind.VOTE


def test_raise_1_missed_keeps_1_rapport_and_takes_a_faux_pas():
    state = ada_courts("5C 4C 2D 3D 6D 7D 8D", 3, 3, 3)
    state = dice(act(state, PlayCards(ADA, cards("5C 4C"))), 4, 2, 3)
    state = act(state, RaiseStakes(ADA, True))
    after = act(state, PlayCards(ADA, cards("6D")))
    assert lines(state, after) == [
        "Ada plays 6♦: 6 toward 9.",
        "Ada misses it.",
        "Ada gains 1 Rapport and a Faux Pas.",
    ]
    assert after.suitors[ADA].rapport == 1 and after.suitors[ADA].faux_pas == 1
    assert game.prompt(after).kind == PromptKind.FAUX_PAS
    assert game.prompt(after).seats == (ADA,)


def test_raise_twice_needs_two_cards_for_the_first_two_targets():
    hand = "9C 8C 7C 2D 3D 4D 5D"
    # 1 card, then 1 card: the last card may go for a third target.
    one_one = ada_courts(hand, 3, 3, 3)
    one_one = dice(act(one_one, PlayCards(ADA, cards("9C"))), 2, 2, 2)
    one_one = act(one_one, RaiseStakes(ADA, True))
    one_one = act(one_one, PlayCards(ADA, cards("8C")))
    assert prompt_kind(one_one) == PromptKind.RAISE
    # 2 cards, then 1 card: no budget left.
    two_one = ada_courts(hand, 3, 3, 3)
    two_one = dice(act(two_one, PlayCards(ADA, cards("9C 2D"))), 2, 2, 2)
    two_one = act(two_one, RaiseStakes(ADA, True), PlayCards(ADA, cards("8C")))
    assert prompt_kind(two_one) == PromptKind.VOTE
    assert two_one.suitors[ADA].rapport == 3
    # 1 card, then 2 cards: no budget left either.
    one_two = ada_courts(hand, 3, 3, 3)
    one_two = dice(act(one_two, PlayCards(ADA, cards("9C"))), 2, 2, 2)
    one_two = act(one_two, RaiseStakes(ADA, True))
    one_two = act(one_two, PlayCards(ADA, cards("2D 8C")))
    assert prompt_kind(one_two) == PromptKind.VOTE
    assert refused(one_two, RaiseStakes(ADA, True)).startswith("It is not Ada's turn")


def third_target(faces: tuple[int, int, int], *, piles=None, woman=ORIANE, person=False):
    """Ada reaches targets 1 and 2 with one card each and raises again."""
    state = ada_courts("9C 8C 7C 2D 3D 4D 5D", 3, 3, 3, woman=woman, person=person)
    if piles is not None:
        state = arrange(state, piles=piles)
    state = act(dice(act(state, PlayCards(ADA, cards("9C"))), 2, 2, 2), RaiseStakes(ADA, True))
    state = dice(act(state, PlayCards(ADA, cards("8C"))), *faces)
    return act(state, RaiseStakes(ADA, True))


def test_a_third_success_draws_the_top_card_of_a_chosen_pile_and_learns_a_preference():
    state = third_target((2, 2, 3))
    assert state.contest.target == 3 and state.contest.targets == (9, 6, 7)
    state = act(state, PlayCards(ADA, cards("7C")))
    assert state.suitors[ADA].rapport == 3
    assert game.prompt(state).kind == PromptKind.DRAW
    assert game.prompt(state).text == "Ada: you may draw from a woman's pile."
    after = act(state, DrawFromPile(ADA, ISOLDE))
    ada = after.suitors[ADA]
    assert ada.hand == cards("2D 3D 4D 5D JH")
    assert ada.draws == ((ISOLDE, card("JH")),)
    assert after.women[ISOLDE].pile == cards("QH KH AD")
    learned = ada.clues[-1]
    assert len(ada.clues) == 4
    assert learned.kind == ClueKind.PREFERENCE_OWNER and learned.woman == ISOLDE
    assert learned.preference in after.women[ISOLDE].preferences
    told = events(state, after)
    assert [e.text for e in told] == [
        "Ada draws the top card of Isolde's pile (3 left).",
        f"You draw the jack of hearts from Isolde's pile. You learn: Isolde {learned.preference}.",
    ]
    assert [e.seats for e in told] == [None, (ADA,)]
    assert prompt_kind(after) == PromptKind.VOTE


def test_reaching_the_third_target_you_may_draw_a_card_or_keep_your_hand():
    """The seed: "you may draw a card from one of the daughter's piles"."""
    state = act(third_target((2, 2, 3)), PlayCards(ADA, cards("7C")))
    after = act(state, DrawFromPile(ADA, None))
    assert lines(state, after)[0] == (
        "Ada could draw from a pile but leaves them as they are."
    )
    assert after.suitors[ADA].hand == state.suitors[ADA].hand
    assert after.suitors[ADA].draws == () and after.women == state.women
    assert after.suitors[ADA].rapport == 3
    assert prompt_kind(after) == PromptKind.VOTE


def test_the_pile_draw_must_be_from_a_woman_whose_pile_is_not_empty():
    state = third_target((2, 2, 3), piles={ORIANE: ""})
    state = act(state, PlayCards(ADA, cards("7C")))
    assert refused(state, DrawFromPile(ADA, ORIANE)) == ("Oriane's pile is empty: choose another.")
    for woman in (-1, 4):
        assert refused(state, DrawFromPile(ADA, woman)) == "There is no such woman."
    assert act(state, DrawFromPile(ADA, MARISOL)).suitors[ADA].draws == ((MARISOL, card("JS")),)


def test_a_third_miss_keeps_three_rapport_and_takes_a_faux_pas():
    state = third_target((5, 5, 5))
    after = act(state, PlayCards(ADA, cards("7C")))
    assert lines(state, after) == [
        "Ada plays 7♣: 7 toward 15.",
        "Ada misses it.",
        "Ada gains 3 Rapport and a Faux Pas.",
    ]
    assert after.suitors[ADA].rapport == 3 and after.suitors[ADA].faux_pas == 1
    assert after.suitors[ADA].draws == ()
    assert prompt_kind(after) == PromptKind.FAUX_PAS


# --- Faux Pas -------------------------------------------------------------------------------


def test_a_faux_pas_card_is_chosen_by_the_suitor_and_lies_face_up():
    state = ada_courts("5C 4C 2D 3D 6D 7D 8D", 3, 3, 3)
    state = dice(act(state, PlayCards(ADA, cards("5C 4C"))), 4, 2, 3)
    state = act(state, RaiseStakes(ADA, True), PlayCards(ADA, cards("6D")))
    assert game.prompt(state).text == "Ada: lay a card face up for your Faux Pas."
    assert refused(state, Vote(BASIL, VoteChoice.NO)) == (
        "It is not Basil's turn: Ada: lay a card face up for your Faux Pas."
    )
    assert refused(state, RevealFauxPas(ADA, card("9S"))) == "9♠ is not in your hand."
    after = act(state, RevealFauxPas(ADA, card("7D")))
    assert lines(state, after) == ["Ada lays 7♦ face up for a Faux Pas."]
    assert after.suitors[ADA].faceup == cards("7D")
    assert game.view(after, None).suitors[ADA].faceup == cards("7D")
    assert prompt_kind(after) == PromptKind.VOTE


def test_each_faux_pas_chip_shows_another_card():
    state = suitor(opened(known_table()), ADA, faux_pas=2)
    assert game.prompt(state).kind == PromptKind.FAUX_PAS
    first = state.suitors[ADA].hand[0]
    state = act(state, RevealFauxPas(ADA, first))
    assert refused(state, RevealFauxPas(ADA, first)) == f"{first.label()} is already face up."
    state = act(state, RevealFauxPas(ADA, state.suitors[ADA].hand[1]))
    assert len(state.suitors[ADA].faceup) == 2
    assert prompt_kind(state) == PromptKind.FLOOR


def test_with_fewer_cards_than_faux_pas_every_card_lies_face_up():
    state = suitor(arrange(opened(known_table()), {ADA: "2C 3C"}), ADA, faux_pas=3)
    state = act(state, RevealFauxPas(ADA, card("3C")))
    assert prompt_kind(state) == PromptKind.FAUX_PAS
    state = act(state, RevealFauxPas(ADA, card("2C")))
    assert state.suitors[ADA].faceup == cards("3C 2C")
    assert state.suitors[ADA].reveals_owed == 0
    assert prompt_kind(state) == PromptKind.FLOOR


def test_playing_a_face_up_card_means_laying_another_one_face_up():
    state = arrange(known_table(), {ADA: "2C 3C 4C 5C"})
    state = dice(suitor(state, ADA, faux_pas=1, faceup=cards("2C")), 9, 9, 9)
    state = claim(state, ADA, ORIANE)
    state = act(state, PlayCards(ADA, cards("2C")))
    assert state.suitors[ADA].faceup == ()
    assert game.prompt(state).kind == PromptKind.FAUX_PAS
    state = act(state, RevealFauxPas(ADA, card("5C")))
    assert state.suitors[ADA].faceup == cards("5C")
    assert prompt_kind(state) == PromptKind.FLOOR  # no line typed: no vote


# --- opposed actions --------------------------------------------------------------------------


def opposed(ada: str, basil: str, *faces: int, person: bool = False):
    """Ada courts Oriane (saying ``LINE``) and Basil joins in opposition; the first target
    shows ``faces``."""
    state = arrange(known_table(person=person), {ADA: ada, BASIL: basil})
    return claim(dice(state, *faces), ADA, ORIANE, joiners=(BASIL,), description=LINE)


def test_all_players_receive_rapport_as_normal_so_a_missed_first_target_earns_no_later_one():
    """The seed's ladder: a raised target's Rapport follows reaching the ones before it.
    Basil misses target 1, then reaches the raised target 2: he gains nothing for it,
    though his total there makes him prevail."""
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "2H 3H 4D 5D 6D 7D 9D", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("2H")), PlayCards(ADA, cards("9C 8C")))
    state = act(dice(state, 1, 1, 1), RaiseStakes(ADA, True))
    state = act(state, PlayCards(BASIL, cards("3H")))
    after = act(state, PlayCards(ADA, cards("2S")))
    assert lines(state, after) == [
        "Ada plays 2♠: 2 toward 3.",
        "Ada misses it; Basil reaches it.",
        "Ada gains 1 Rapport and a Faux Pas.",
        "Basil gains nothing.",
        "Basil prevails: their approach carries the day.",
    ]
    assert after.suitors[BASIL].rapport == state.suitors[BASIL].rapport


def test_only_the_highest_total_may_raise():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 9D 2H 3H 4H 5H 6H", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("10D 9D")), PlayCards(ADA, cards("9C 8C")))
    assert state.contest.asked == (BASIL,)
    assert refused(state, RaiseStakes(ADA, True)) == (
        "It is not Ada's turn: Basil: raise the stakes, or stop?"
    )
    after = act(state, RaiseStakes(BASIL, False))
    assert lines(state, after) == [
        "Basil does not raise the stakes.",
        "Ada gains 1 Rapport.",
        "Basil gains 1 Rapport.",
        "Basil prevails: their approach carries the day.",
    ]
    assert prompt_kind(after) == PromptKind.VOTE


def test_when_the_highest_cannot_raise_nobody_raises():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 9D 2D 3H 4H 5H 6H", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("10D 9D 2D")), PlayCards(ADA, cards("9C 8C")))
    assert state.contest.stage != ContestStage.RAISE
    assert prompt_kind(state) == PromptKind.VOTE


def test_tied_highest_totals_may_either_raise():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 7D 2H 3H 4H 5H 6H", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("10D 7D")), PlayCards(ADA, cards("9C 8C")))
    assert state.contest.asked == (BASIL, ADA)
    state = act(state, RaiseStakes(BASIL, False))
    assert game.prompt(state).seats == (ADA,) and prompt_kind(state) == PromptKind.RAISE
    state = act(dice(state, 3, 3, 3), RaiseStakes(ADA, True))
    assert state.contest.to_play == (BASIL, ADA)
    assert state.contest.raiser == ADA


def test_everyone_with_budget_plays_toward_a_raise_on_their_own_ladder():
    state = opposed("9C 8C 10C 3S 4S 5S 6S", "10D 7D 5D 3H 4H 2H 6H", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("10D 7D")), PlayCards(ADA, cards("9C 8C")))
    state = act(state, RaiseStakes(BASIL, False))
    state = act(dice(state, 3, 3, 3), RaiseStakes(ADA, True))
    after = act(state, PlayCards(BASIL, cards("5D")), PlayCards(ADA, cards("10C")))
    assert lines(state, after) == [
        "Basil plays 5♦: 5 toward 9.",
        "Ada plays 10♣: 10 toward 9.",
        "Ada reaches it; Basil misses it.",
        "Ada gains 3 Rapport.",
        "Basil gains 1 Rapport and a Faux Pas.",
        "Ada prevails: their approach carries the day.",
    ]
    assert (after.suitors[ADA].rapport, after.suitors[ADA].faux_pas) == (3, 0)
    assert (after.suitors[BASIL].rapport, after.suitors[BASIL].faux_pas) == (1, 1)
    assert game.prompt(after).seats == (BASIL,) and prompt_kind(after) == PromptKind.FAUX_PAS


def test_an_opponent_missing_two_raised_targets_gains_two_faux_pas_and_is_told_so():
    """Basil reaches the first target, then plays toward both of Ada's raises with the
    budget he has left and misses both: a Faux Pas for each, and the line counts them."""
    state = opposed("10C 9C 3C 4S 5S 6S 7S", "5D 2H 3H 4H 5H 6H 7H", 1, 1, 1)
    state = act(state, PlayCards(BASIL, cards("5D")), PlayCards(ADA, cards("10C")))
    state = act(dice(state, 1, 1, 1), RaiseStakes(ADA, True))
    state = act(state, PlayCards(BASIL, cards("2H")), PlayCards(ADA, cards("9C")))
    state = act(dice(state, 10, 10, 10), RaiseStakes(ADA, True))
    after = act(state, PlayCards(BASIL, cards("3H")), PlayCards(ADA, cards("3C")))
    assert lines(state, after)[2:5] == [
        "Ada misses it; Basil misses it.",
        "Ada gains 3 Rapport and a Faux Pas.",
        "Basil gains 1 Rapport and 2 Faux Pas.",
    ]
    assert (after.suitors[BASIL].rapport, after.suitors[BASIL].faux_pas) == (1, 2)


def test_the_highest_on_the_latest_target_prevails_even_when_missing_it():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 2D 3H 4H 5H 6H 7H", 10, 10, 9)
    after = act(state, PlayCards(BASIL, cards("10D 2D")), PlayCards(ADA, cards("9C 8C")))
    assert lines(state, after)[-4:] == [
        "Ada misses it; Basil misses it.",
        "Ada gains nothing.",
        "Basil gains nothing.",
        "Ada prevails: their approach carries the day.",
    ]


def test_a_tie_for_the_intention_is_settled_by_a_roll_off_on_the_island():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 7D 2H 3H 4H 5H 6H", 5, 5, 5)
    state = act(state, PlayCards(BASIL, cards("10D 7D")), PlayCards(ADA, cards("9C 8C")))
    state = dice(act(state, RaiseStakes(BASIL, False)), 3, 8)
    after = act(state, RaiseStakes(ADA, False))
    assert lines(state, after) == [
        "Ada does not raise the stakes.",
        "Ada gains 1 Rapport.",
        "Basil gains 1 Rapport.",
        "Roll-off: Ada 3, Basil 8.",
        "Basil prevails: their approach carries the day.",
    ]


def test_a_tie_for_the_intention_is_settled_by_a_person_narrator():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 7D 2H 3H 4H 5H 6H", 5, 5, 5, person=True)
    state = act(state, PlayCards(BASIL, cards("10D 7D")), PlayCards(ADA, cards("9C 8C")))
    state = act(state, RaiseStakes(BASIL, False), RaiseStakes(ADA, False))
    assert game.prompt(state).seats == (NARRATOR,)
    assert game.prompt(state).kind == PromptKind.TIE
    assert game.prompt(state).text == "Nora: the narrator settles who prevails."
    assert refused(state, NarratorSettleTie(NARRATOR, CORA)) == (
        "Only one of the tied suitors can prevail."
    )
    assert refused(state, NarratorSettleTie(ADA, ADA)) == (
        "It is not Ada's turn: Nora: the narrator settles who prevails."
    )
    after = act(state, NarratorSettleTie(NARRATOR, BASIL))
    assert lines(state, after) == ["The narrator rules that Basil prevails."]
    assert prompt_kind(after) == PromptKind.VERDICT


# --- the island's vote and the narrator's powers --------------------------------------------


def finished_solo(person: bool = False, reach: bool = True):
    """Ada's solo action, played out up to the vote or the narrator's verdict."""
    state = ada_courts(
        "9C 2D 3D 4D 5D 6D 7D",
        *((3, 3, 3) if reach else (10, 10, 10)),
        person=person,
    )
    state = act(state, PlayCards(ADA, cards("9C 2D 3D")))
    assert state.suitors[ADA].rapport == (1 if reach else 0)
    return state


def test_the_island_asks_the_other_suitors_to_vote_after_an_action():
    state = finished_solo()
    current = game.prompt(state)
    assert current.kind == PromptKind.VOTE and current.seats == (BASIL, CORA, DMITRI, EDIE)
    assert current.text == "Basil, Cora, Dmitri, Edie: did Ada earn an extra Rapport chip?"
    assert refused(state, Vote(ADA, VoteChoice.YES)).startswith("It is not Ada's turn")
    assert refused(state, Vote(BASIL, "maybe")) == "Vote yes, no or abstain."


def test_a_majority_of_the_votes_cast_gives_an_extra_chip():
    state = finished_solo()
    after = act(
        state,
        Vote(CORA, VoteChoice.YES),
        Vote(BASIL, VoteChoice.ABSTAIN),
        Vote(EDIE, VoteChoice.NO),
    )
    assert after.suitors[ADA].rapport == 1
    after = act(after, Vote(DMITRI, VoteChoice.YES))
    assert lines(state, after) == [
        "Cora votes yes.",
        "Basil votes abstain.",
        "Edie votes no.",
        "Dmitri votes yes.",
        "The table votes 2 to 1: Ada earns an extra Rapport chip.",
    ]
    assert after.suitors[ADA].rapport == 2
    assert after.stage == Stage.FLOOR and after.contest is None


def test_a_tied_or_empty_vote_gives_no_chip():
    state = finished_solo()
    tied = act(
        state,
        Vote(BASIL, VoteChoice.YES),
        Vote(CORA, VoteChoice.NO),
        Vote(DMITRI, VoteChoice.ABSTAIN),
    )
    tied = act(tied, Vote(EDIE, VoteChoice.ABSTAIN))
    assert lines(state, tied) == [
        "Basil votes yes.",
        "Cora votes no.",
        "Dmitri votes abstain.",
        "Edie votes abstain.",
        "The table votes 1 to 1: no extra chip.",
    ]
    assert tied.suitors[ADA].rapport == 1
    silent = vote_all(state, VoteChoice.ABSTAIN)
    assert lines(state, silent)[-1] == "The table votes 0 to 0: no extra chip."
    assert lines(state, silent)[:-1] == [
        f"{state.suitors[s].name} votes abstain." for s in (BASIL, CORA, DMITRI, EDIE)
    ]


def test_the_narrator_awards_rapport_after_an_action():
    state = finished_solo(person=True)
    assert game.prompt(state).seats == (NARRATOR,) and prompt_kind(state) == PromptKind.VERDICT
    assert refused(state, NarratorVerdict(NARRATOR, (CORA, CORA))) == (
        "Award chips only to suitors still in the game, once each."
    )
    assert refused(state, NarratorVerdict(NARRATOR, (NARRATOR,))) == (
        "Award chips only to suitors still in the game, once each."
    )
    after = act(state, NarratorVerdict(NARRATOR, (ADA, CORA)))
    assert lines(state, after) == [
        "The narrator awards Ada a Rapport chip.",
        "The narrator awards Cora a Rapport chip.",
    ]
    assert [s.rapport for s in after.suitors] == [2, 0, 1, 0, 0]
    assert after.stage == Stage.FLOOR


def test_the_narrator_may_tell_a_miss_as_a_success_with_a_twist():
    state = finished_solo(person=True, reach=False)
    after = act(state, NarratorVerdict(NARRATOR, twist=True))
    assert lines(state, after) == [
        "The narrator tells Ada's attempt as a success with a twist: no Rapport for it."
    ]
    assert after.suitors[ADA].rapport == 0
    # A fine complication may earn a chip anyway.
    rewarded = act(state, NarratorVerdict(NARRATOR, (ADA,), twist=True))
    assert rewarded.suitors[ADA].rapport == 1


def test_a_twist_is_refused_when_the_action_did_not_miss():
    state = finished_solo(person=True)
    assert refused(state, NarratorVerdict(NARRATOR, twist=True)) == (
        "A twist turns a miss into a success; this action did not miss."
    )


def test_the_narrator_awards_a_chip_at_the_open_floor():
    state = known_table(person=True)
    assert game.prompt(state).seats == (ADA, NARRATOR)
    after = act(state, NarratorAward(NARRATOR, CORA))
    assert lines(state, after) == ["The narrator awards Cora a Rapport chip for their role-play."]
    assert after.suitors[CORA].rapport == 1
    assert refused(state, NarratorAward(NARRATOR, NARRATOR)) == (
        "Award chips only to suitors still in the game."
    )
    out = suitor(arrange(state, {CORA: ""}), CORA, out=True)
    assert refused(out, NarratorAward(NARRATOR, CORA)) == (
        "Award chips only to suitors still in the game."
    )


def test_the_narrator_ends_the_round():
    state = known_table(person=True)
    after = act(state, NarratorEndRound(NARRATOR))
    assert lines(state, after)[0] == "Round 1 ends: the narrator ends it."
    assert after.round == 2


def test_narrator_powers_belong_to_the_narrator_alone():
    state = known_table(person=True)
    assert refused(state, NarratorEndRound(ADA)) == "That is not something a suitor can do."
    assert refused(state, ClaimFloor(NARRATOR, ORIANE)) == (
        "That is not something the narrator can do."
    )
    assert refused(known_table(), NarratorEndRound(NARRATOR)) == "That seat is not at this table."


# --- arguments ----------------------------------------------------------------------------------

ADA_ARGUES = "10C 9C 8C 2S 3S 4S 5S"
BASIL_ARGUES = "10D 9D 8D 2H 3H 4H 5H"


def argument(*, person: bool = False, ada_rapport: int = 2, basil_rapport: int = 1, chips=1):
    state = arrange(known_table(person=person), {ADA: ADA_ARGUES, BASIL: BASIL_ARGUES})
    state = suitor(suitor(state, ADA, rapport=ada_rapport), BASIL, rapport=basil_rapport)
    return act(state, StartArgument(ADA, BASIL, chips))


def staked(
    ada_stake=StakeKind.SEE_HAND, basil_stake=StakeKind.PROMISE, *faces: int, person: bool = False
):
    """An accepted argument with both stakes set; the first target shows ``faces``."""
    state = act(argument(person=person), AnswerArgument(BASIL, False))
    state = act(state, SetStake(ADA, ada_stake, "Sing at my wedding."))
    state = dice(state, *faces)
    state = act(state, SetStake(BASIL, basil_stake, "Do not oppose me."))
    if person:
        state = act(state, NarratorReviewStakes(NARRATOR))
    return state


def test_starting_an_argument_spends_chips_and_uses_the_floor():
    state = arrange(known_table(), {ADA: ADA_ARGUES, BASIL: BASIL_ARGUES})
    state = suitor(state, ADA, rapport=2)
    after = act(state, StartArgument(ADA, BASIL, 2))
    assert lines(state, after) == ["Ada spends 2 Rapport chips to start an argument with Basil."]
    assert after.suitors[ADA].rapport == 0 and after.suitors[ADA].argued
    assert after.last_actor == ADA and after.contest.chips == 2
    assert game.prompt(after).seats == (BASIL,)
    assert game.prompt(after).text == "Basil: avoid the argument or accept it?"


def test_an_argument_needs_chips_an_opponent_and_cards():
    state = suitor(known_table(), ADA, rapport=2)
    assert refused(state, StartArgument(ADA, BASIL, 0)) == (
        "An argument costs at least one Rapport chip."
    )
    assert refused(state, StartArgument(ADA, BASIL, 3)) == "You have 2 Rapport chips, not 3."
    for other in (ADA, 5, -1):
        assert refused(state, StartArgument(ADA, other, 1)) == (
            "Argue with another suitor who is still in the game."
        )
    assert refused(arrange(state, {BASIL: ""}), StartArgument(ADA, BASIL, 1)) == (
        "Basil has no cards left to argue with."
    )
    assert refused(arrange(state, {ADA: ""}), StartArgument(ADA, BASIL, 1)) == (
        "You have no cards left to argue with."
    )


def test_an_argument_is_once_per_round_per_initiator():
    state = suitor(opened(known_table()), ADA, rapport=2, argued=True)
    assert refused(state, StartArgument(ADA, CORA, 1)) == (
        "You have already started an argument this round."
    )
    nxt = act(state, *(Decline(s) for s in EVERYONE), SpendRapport(ADA, SpendChoice.KEEP))
    assert nxt.round == 2 and not nxt.suitors[ADA].argued
    assert act(nxt, StartArgument(ADA, CORA, 1)).contest.participants == (ADA, CORA)


def test_avoiding_an_argument_makes_you_immune_this_round():
    state = argument()
    after = act(state, AnswerArgument(BASIL, True))
    assert lines(state, after) == [
        "Basil spends 1 Rapport to avoid the argument: nobody may argue with them again this round."
    ]
    assert after.suitors[BASIL].rapport == 0 and after.suitors[BASIL].immune
    assert after.stage == Stage.FLOOR and after.contest is None
    cora = suitor(after, CORA, rapport=1)
    assert refused(cora, StartArgument(CORA, BASIL, 1)) == (
        "Basil avoided an argument this round: nobody may argue with them."
    )
    nxt = act(cora, *(Decline(s) for s in (BASIL, CORA, DMITRI, EDIE)), Decline(ADA))
    nxt = act(nxt, *(SpendRapport(s, SpendChoice.KEEP) for s in nxt.queue))
    assert nxt.round == 2 and not nxt.suitors[BASIL].immune


def test_avoiding_an_argument_costs_as_many_chips_as_it_was_started_with():
    state = argument(ada_rapport=2, basil_rapport=1, chips=2)
    assert refused(state, AnswerArgument(BASIL, True)) == (
        "Avoiding costs 2 Rapport and you have 1."
    )


def test_accepting_an_argument_sets_stakes_initiator_first():
    state = argument()
    state = act(state, AnswerArgument(BASIL, False))
    assert game.prompt(state).text == "Ada: set your stake."
    assert refused(state, SetStake(BASIL, StakeKind.SEE_HAND)) == (
        "It is not Basil's turn: Ada: set your stake."
    )
    before = dice(state, 5, 5, 5)
    state = act(
        before,
        SetStake(ADA, StakeKind.SEE_HAND),
        SetStake(BASIL, StakeKind.PROMISE, "  Sing for me. "),
    )
    assert state.contest.stakes == (
        Stake(StakeKind.SEE_HAND),
        Stake(StakeKind.PROMISE, "Sing for me."),
    )
    assert lines(before, state) == [
        "Ada's stake: to see the other's hand.",
        "Basil's stake: a promise: 'Sing for me.'.",
        "Target: the dice show 5, 5 and 5: 15.",
    ]


def test_a_stake_is_one_of_the_four_kinds():
    state = act(argument(), AnswerArgument(BASIL, False))
    assert refused(state, SetStake(ADA, "her horse")) == (
        "Choose a stake: match clues, sorceress clues, hand, or a promise."
    )
    assert refused(state, SetStake(ADA, StakeKind.PROMISE, "   ")) == (
        "Write the promise you want from the other suitor."
    )
    assert refused(state, SetStake(ADA, StakeKind.PROMISE, "p" * 121)) == (
        "Keep the promise to 120 characters."
    )
    for kind in (StakeKind.SEE_MATCH_CLUES, StakeKind.SEE_SORCERESS_CLUES, StakeKind.SEE_HAND):
        assert act(state, SetStake(ADA, kind, "ignored")).contest.stakes[0] == Stake(kind)


def test_the_initiator_plays_first_in_an_argument():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    assert state.contest.to_play == (ADA, BASIL)
    assert game.prompt(state).text == "Ada: play cards toward 15."


def test_no_rapport_is_spent_to_inflate_a_total_in_an_argument():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    reason = "Your cards reach 15 alone: no Rapport to inflate it."
    assert refused(state, PlayCards(ADA, cards("10C 9C 8C"), suit_bonus=True)) == reason
    assert refused(state, PlayCards(ADA, cards("10C 9C"), pair_bonus=True)) == reason
    assert act(dice(state, 1), Reroll(ADA, 0)).contest.targets == (11,)  # the initiator's


def test_an_argument_gains_no_rapport_or_faux_pas_and_its_cards_are_discarded():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    discard = state.discard
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("2H")))
    state = act(state, RaiseStakes(ADA, False))
    assert [(s.rapport, s.faux_pas) for s in state.suitors[:2]] == [(1, 0), (1, 0)]
    assert state.discard == discard + cards("10C 9C 2H")
    assert state.stage == Stage.FLOOR


def test_the_winners_see_stake_is_shown_to_the_winner_alone():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("2H")))
    assert game.prompt(state).seats == (ADA,)  # Basil missed: only Ada may raise
    before = state
    after = act(state, RaiseStakes(ADA, False))
    told = events(before, after)
    assert [(e.text, e.seats) for e in told] == [
        ("Ada does not raise the stakes.", None),
        ("Ada wins the argument with Basil.", None),
        ("Ada sees what was staked, behind the curtain.", None),
        ("Basil's hand right now: 10♦ 9♦ 8♦ 3♥ 4♥ 5♥.", (ADA,)),
    ]
    assert "Basil's hand right now: 10♦ 9♦ 8♦ 3♥ 4♥ 5♥." in game.view(after, ADA).log
    for seat in (BASIL, CORA, None):
        assert not any("hand right now" in line for line in game.view(after, seat).log)


def test_seeing_match_clues_shows_every_clue_not_about_the_sorceress():
    state = staked(StakeKind.SEE_SORCERESS_CLUES, StakeKind.SEE_MATCH_CLUES, 5, 5, 5)
    state = act(state, PlayCards(ADA, cards("2S")), PlayCards(BASIL, cards("10D 9D")))
    after = act(state, RaiseStakes(BASIL, False))
    ada = after.suitors[ADA].clues
    assert after.suitors[BASIL].seen == ((ADA, ada[0]), (ADA, ada[2]))
    told = [e for e in events(state, after) if e.seats is not None]
    assert [(e.text, e.seats) for e in told] == [
        (
            "Ada's match clues: 'Your perfect match is not the woman of hearts.' "
            f"'Your perfect match {ada[2].preference}.'",
            (BASIL,),
        )
    ]


def test_seeing_sorceress_clues_shows_only_the_clues_about_her():
    state = staked(StakeKind.SEE_SORCERESS_CLUES, StakeKind.PROMISE, 5, 5, 5)
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("2H")))
    after = act(state, RaiseStakes(ADA, False))
    basil = after.suitors[BASIL].clues
    assert after.suitors[ADA].seen == ((BASIL, basil[1]),)
    assert lines(state, after)[-1] == (
        "Basil's sorceress clues: 'The sorceress is not the woman of clubs.'"
    )


def test_a_won_promise_goes_into_the_pact_log():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    state = act(state, PlayCards(ADA, cards("2S")), PlayCards(BASIL, cards("10D 9D")))
    after = act(state, RaiseStakes(BASIL, False))
    assert after.pacts == ("Ada promised Basil: Do not oppose me.",)
    assert lines(state, after)[-2:] == [
        "Basil wins the argument with Ada.",
        "Pact recorded: Ada promised Basil: Do not oppose me.",
    ]
    assert game.view(after, None).pacts == after.pacts


def test_missing_a_target_takes_your_stake_off_the_table():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 10, 10, 10)
    after = act(state, PlayCards(ADA, cards("10C 9C 8C")), PlayCards(BASIL, cards("10D 9D")))
    assert after.contest is None
    assert lines(state, after)[-3:] == [
        "Ada misses it; Basil misses it.",
        "Ada wins the argument with Basil.",
        "Ada's stake was off the table: nothing is won.",
    ]
    assert after.pacts == ()


def test_in_an_argument_a_raise_may_be_followed():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("10C")), PlayCards(BASIL, cards("9D")))
    assert state.contest.asked == (ADA, BASIL)
    raised = act(state, RaiseStakes(ADA, True))
    assert lines(state, raised) == ["Ada raises the stakes!"]
    assert game.prompt(raised).text == "Basil: follow the raise?"
    after = act(dice(raised, 4, 4, 4), Follow(BASIL, True))
    assert lines(raised, after) == [
        "Basil follows the raise.",
        "Raised target 2: the dice show 4, 4 and 4: 12.",
    ]
    assert after.contest.to_play == (ADA, BASIL)
    assert after.contest.raiser == ADA


def test_a_raiser_who_misses_alone_is_settled_by_the_previous_target():
    state = staked(StakeKind.SEE_HAND, StakeKind.SEE_MATCH_CLUES, 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("9C")), PlayCards(BASIL, cards("10D")))
    state = act(state, RaiseStakes(ADA, True))
    state = act(dice(state, 10, 10, 10), Follow(BASIL, False))
    assert state.contest.to_play == (ADA,)
    after = act(state, PlayCards(ADA, cards("8C")))
    assert lines(state, after)[:5] == [
        "Ada plays 8♣: 8 toward 30.",
        "Ada misses it.",
        "Ada missed the raised target alone: the cards played for the previous target "
        "settle the argument.",
        "Basil wins the argument with Ada.",
        "Basil sees what was staked, behind the curtain.",
    ]
    assert [c for _, c in after.suitors[BASIL].seen] == [
        after.suitors[ADA].clues[0],
        after.suitors[ADA].clues[2],
    ]


def test_a_raiser_who_reaches_alone_wins_the_argument():
    state = staked(StakeKind.SEE_HAND, StakeKind.SEE_MATCH_CLUES, 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("9C")), PlayCards(BASIL, cards("10D")))
    state = act(state, RaiseStakes(ADA, True))
    state = act(dice(state, 2, 2, 2), Follow(BASIL, False))
    after = act(state, PlayCards(ADA, cards("8C")))
    assert lines(state, after) == ["Ada plays 8♣: 8 toward 6.", "Ada reaches it."]
    assert game.prompt(after).seats == (ADA,) and prompt_kind(after) == PromptKind.RAISE
    state, after = after, act(after, RaiseStakes(ADA, False))
    assert lines(state, after)[:3] == [
        "Ada does not raise the stakes.",
        "Ada wins the argument with Basil.",
        "Ada sees what was staked, behind the curtain.",
    ]
    assert any(e.seats == (ADA,) for e in events(state, after))


def test_a_tied_argument_is_settled_by_a_1d10_roll_off():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("9C")), PlayCards(BASIL, cards("9D")))
    state = dice(act(state, RaiseStakes(ADA, False)), 4, 9)
    after = act(state, RaiseStakes(BASIL, False))
    assert lines(state, after)[:3] == [
        "Basil does not raise the stakes.",
        "Roll-off: Ada 4, Basil 9.",
        "Basil wins the argument with Ada.",
    ]
    assert after.pacts == ("Ada promised Basil: Do not oppose me.",)


def test_the_narrator_may_reject_a_stake():
    state = act(argument(person=True), AnswerArgument(BASIL, False))
    state = act(
        state,
        SetStake(ADA, StakeKind.SEE_HAND),
        SetStake(BASIL, StakeKind.PROMISE, "Give me your boat."),
    )
    assert game.prompt(state).seats == (NARRATOR,)
    assert game.prompt(state).text == "Nora: the narrator accepts or rejects the stakes."
    assert refused(state, NarratorReviewStakes(NARRATOR, (CORA,))) == (
        "Only the two sides' stakes can be rejected."
    )
    rejected = act(state, NarratorReviewStakes(NARRATOR, (BASIL,)))
    assert lines(state, rejected) == ["The narrator rejects the stake of Basil: choose again."]
    assert rejected.contest.stakes == (Stake(StakeKind.SEE_HAND), None)
    assert game.prompt(rejected).text == "Basil: set your stake."
    again = act(rejected, SetStake(BASIL, StakeKind.SEE_SORCERESS_CLUES))
    accepted = act(dice(again, 2, 5, 9), NarratorReviewStakes(NARRATOR))
    assert lines(again, accepted) == [
        "The narrator accepts both stakes.",
        "Target: the dice show 2, 5 and 9: 16.",
    ]


def test_a_person_narrator_sees_the_won_stake_too():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5, person=True)
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("2H")))
    after = act(state, RaiseStakes(ADA, False), NarratorTrim(NARRATOR))
    private = [e for e in events(state, after) if e.seats is not None]
    assert [e.seats for e in private] == [(ADA, NARRATOR)]
    assert after.stage == Stage.FLOOR  # no verdict after an argument


# --- the round end ----------------------------------------------------------------------------


def test_the_spending_order_is_by_rapport_with_roll_offs():
    state = known_table()
    for seat, chips in zip(EVERYONE, (3, 1, 3, 0, 1), strict=True):
        state = suitor(state, seat, rapport=chips)
    state = evolve(opened(state), declined=(ADA, BASIL, CORA, DMITRI))
    state = dice(state, 2, 9, 5, 5, 1, 7)
    after = act(state, Decline(EDIE))
    assert lines(state, after) == [
        "Edie lets the floor pass.",
        "Round 1 ends: every suitor declined the floor.",
        "Roll-off: Ada 2, Cora 9.",
        "Roll-off: Basil 5, Edie 5.",
        "Roll-off: Basil 1, Edie 7.",
        "Spending order: Cora, Ada, Edie, Basil.",
    ]
    assert after.stage == Stage.SPEND and after.queue == (CORA, ADA, EDIE, BASIL)
    assert game.prompt(after).seats == (CORA,)
    assert game.prompt(after).text == "Cora: spend your Rapport or keep it."


def round_end(hands: dict, discard: str, **chips: int):
    """A person-narrated table ending round 1; ``chips`` by lower-case name."""
    state = arrange(known_table(person=True), hands, discard=discard)
    for seat, name in enumerate(("ada", "basil", "cora", "dmitri", "edie")):
        state = suitor(state, seat, rapport=chips.get(name, 0))
    return act(state, NarratorEndRound(NARRATOR))


def test_a_refill_by_choice_takes_exactly_the_missing_cards_from_the_discard():
    state = round_end({ADA: "2C 3C 4C 5C"}, "6C 7C 8C 9C 10C 2D", ada=2)
    assert state.queue == (ADA,)
    view = game.view(state, ADA)
    assert view.discard == state.discard and cards("6C 7C 8C") == view.discard[:3]
    assert refused(state, SpendRapport(ADA, SpendChoice.REFILL, cards("6C 7C"))) == (
        "Choose exactly 3 cards from the discard pile."
    )
    assert refused(state, SpendRapport(ADA, SpendChoice.REFILL, cards("6C 6C 7C"))) == (
        "Choose exactly 3 cards from the discard pile."
    )
    assert refused(state, SpendRapport(ADA, SpendChoice.REFILL, cards("6C 7C AS"))) == (
        "Choose only cards that are in the discard pile."
    )
    after = act(state, SpendRapport(ADA, SpendChoice.REFILL, cards("9C 10C 8C")))
    ada = after.suitors[ADA]
    assert ada.hand == cards("2C 3C 4C 5C 9C 10C 8C") and ada.rapport == 0
    told = events(state, after)
    assert (told[0].text, told[0].seats) == (
        "Ada spends 2 Rapport chips to refill by choice.",
        None,
    )
    assert (told[1].text, told[1].seats) == (
        "You take 9♣ 10♣ 8♣ from the discard pile.",
        (ADA, NARRATOR),
    )
    assert not any(e.seats == (ADA, NARRATOR) and "You draw" in e.text for e in told)
    assert after.round == 2


def test_a_full_hand_cannot_refill():
    state = round_end({}, "6C", ada=1)
    assert refused(state, SpendRapport(ADA, SpendChoice.REFILL, ())) == "Your hand is already full."


def test_the_discard_pile_is_private_except_to_the_suitor_refilling_now():
    state = round_end({ADA: "2C 3C 4C 5C"}, "6C 7C 8C", ada=2, cora=1)
    assert state.queue == (ADA, CORA)
    assert game.view(state, ADA).discard == state.discard
    for seat in (BASIL, CORA, None):
        assert game.view(state, seat).discard == ()
    assert game.view(state, NARRATOR).discard == state.discard


def test_clearing_removes_every_faux_pas():
    state = arrange(known_table(person=True), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    state = suitor(state, ADA, rapport=1, faux_pas=2, faceup=cards("2C 3C"))
    state = act(state, NarratorEndRound(NARRATOR))
    after = act(state, SpendRapport(ADA, SpendChoice.CLEAR))
    assert lines(state, after)[0] == "Ada spends 1 Rapport chip to clear every Faux Pas."
    ada = after.suitors[ADA]
    assert (ada.rapport, ada.faux_pas, ada.faceup) == (0, 0, ())
    clean = round_end({}, "", ada=1)
    assert refused(clean, SpendRapport(ADA, SpendChoice.CLEAR)) == "You have no Faux Pas to clear."


def test_a_new_clue_is_true_and_never_given_before():
    state = round_end({}, "", ada=3)
    ada_clues = state.suitors[ADA].clues
    state = evolve(
        state,
        suitors=tuple(
            evolve(s, clues=ada_clues + (Clue(ClueKind.NOT_MATCH_SUIT, suit=D),)) if i == ADA else s
            for i, s in enumerate(state.suitors)
        ),
    )
    after = act(state, SpendRapport(ADA, SpendChoice.CLUE, clue_kind=ClueKind.NOT_MATCH_SUIT))
    assert after.suitors[ADA].clues[-1] == Clue(ClueKind.NOT_MATCH_SUIT, suit=S)
    assert after.suitors[ADA].rapport == 0
    told = events(state, after)
    assert (told[0].text, told[0].seats) == ("Ada spends 3 Rapport chips on a new clue.", None)
    assert (told[1].text, told[1].seats) == (
        "New clue: Your perfect match is not the woman of spades.",
        (ADA, NARRATOR),
    )


def test_a_clue_kind_with_nothing_new_left_is_refused_and_not_offered():
    state = round_end({}, "", ada=1)
    assert game.view(state, ADA).choices.keyed(ClueKind.MATCH_COLOUR).open
    black = Clue(ClueKind.MATCH_COLOUR, red=False)
    held = suitor(state, ADA, clues=state.suitors[ADA].clues + (black,))
    assert not game.view(held, ADA).choices.keyed(ClueKind.MATCH_COLOUR).open
    assert refused(held, SpendRapport(ADA, SpendChoice.CLUE, clue_kind=ClueKind.MATCH_COLOUR)) == (
        "You already hold every clue of that kind: choose another."
    )
    assert refused(state, SpendRapport(ADA, SpendChoice.CLUE, clue_kind="gossip")) == (
        "Choose which kind of clue you want."
    )
    after = act(state, SpendRapport(ADA, SpendChoice.CLUE, clue_kind=ClueKind.MATCH_COLOUR))
    assert after.suitors[ADA].clues[-1] == Clue(ClueKind.MATCH_COLOUR, red=False)
    assert "New clue: Your perfect match's suit is black (clubs or spades)." in (
        game.view(after, ADA).log
    )


def test_keeping_rapport_spends_nothing():
    state = round_end({}, "", ada=2)
    after = act(state, SpendRapport(ADA, SpendChoice.KEEP))
    assert lines(state, after)[0] == "Ada keeps their Rapport."
    assert after.suitors[ADA].rapport == 2
    assert refused(state, SpendRapport(ADA, "gamble")) == (
        "Spend on a refill, clearing Faux Pas, a clue, or keep your chips."
    )


def test_after_spending_the_discard_is_shuffled_and_the_rest_refill_to_seven():
    hands = {
        ADA: "2C 3C",
        BASIL: "2D 3D 4D",
        CORA: "2H 3H 4H 5H 6H 7H 8H",
        DMITRI: "2S 3S 4S 5S 6S 7S 8S",
        EDIE: "9C 9D 9H 9S 10C",
    }
    state = round_end(hands, "4C 5C 6C 7C 8C", ada=1)
    discard = state.discard
    assert len(discard) == 12 and discard[:5] == cards("4C 5C 6C 7C 8C")
    after = act(state, SpendRapport(ADA, SpendChoice.REFILL, cards("4C 5C 6C 7C 8C")))
    assert after.round == 2 and after.stage == Stage.FLOOR
    assert [len(s.hand) for s in after.suitors] == [7, 7, 7, 7, 7]
    assert after.suitors[ADA].hand == cards("2C 3C 4C 5C 6C 7C 8C")
    basil = after.suitors[BASIL].hand[3:]
    edie = after.suitors[EDIE].hand[5:]
    assert set(basil + edie + after.discard) == set(discard[5:])
    assert len(after.discard) == 1
    private = [e for e in events(state, after) if e.text.startswith("You draw")]
    assert [(e.text, e.seats) for e in private] == [
        ("You draw " + " ".join(c.label() for c in basil) + ".", (BASIL, NARRATOR)),
        ("You draw " + " ".join(c.label() for c in edie) + ".", (EDIE, NARRATOR)),
    ]
    assert lines(state, after)[-2:] == [
        "The discard pile is shuffled and hands are refilled to seven.",
        "Round 2 begins: the floor is open.",
    ]
    check_invariants(after)


def test_the_refill_draws_fewer_when_the_discard_runs_out():
    state = arrange(known_table(person=True), {ADA: "2C", BASIL: "2D"})
    # Leave only three cards in the discard: the rest go to the other hands... then piles.
    extra = state.discard[3:]
    state = evolve(state, discard=state.discard[:3])
    state = evolve(
        state, women=(evolve(state.women[0], pile=state.women[0].pile + extra), *state.women[1:])
    )
    after = act(state, NarratorEndRound(NARRATOR))
    assert [len(s.hand) for s in after.suitors] == [4, 1, 7, 7, 7]
    assert after.discard == ()


def test_a_round_ends_when_a_pile_is_emptied():
    state = third_target((2, 2, 3), piles={ISOLDE: "JH"})
    state = act(state, PlayCards(ADA, cards("7C")), DrawFromPile(ADA, ISOLDE))
    assert state.pile_emptied and state.round == 1
    after = vote_all(state)
    assert "Isolde's pile is empty: she has nothing more to share." in [e.text for e in after.log]
    assert lines(state, after)[-2:] == ["Round 1 ends: a pile was emptied.", "Spending order: Ada."]
    after = act(after, SpendRapport(ADA, SpendChoice.KEEP))
    assert after.round == 2 and not after.pile_emptied


def test_a_round_ends_when_every_suitor_is_out_of_cards():
    state = arrange(known_table(3), {ADA: "9C", BASIL: "", CORA: ""})
    state = claim(dice(state, 1, 1, 1), ADA, ORIANE)
    after = act(state, PlayCards(ADA, cards("9C")))  # no cards left: no raise; no line: no vote
    assert "Round 1 ends: every suitor is out of cards." in lines(state, after)


# --- retiring and winning -----------------------------------------------------------------


def test_retiring_needs_seven_cards_of_one_suit():
    state = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8D"})
    assert refused(state, Retire(ADA, MARISOL)) == (
        "To retire you need seven cards, all of one suit."
    )
    six = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C"})
    assert refused(six, Retire(ADA, MARISOL)) == "To retire you need seven cards, all of one suit."
    flush = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    assert refused(flush, Retire(ADA, 4)) == "Name one of the four women as the sorceress."


def test_a_right_retirement_wins_and_ends_the_game():
    state = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    after = act(state, Retire(ADA, MARISOL))
    reason = (
        "Ada was right on both counts: seven clubs for Oriane, and Marisol is the sorceress. "
        "Ada leaves with Oriane; everyone else stays on the island."
    )
    assert lines(state, after) == [
        "Ada retires, showing 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣, and names Marisol as the sorceress.",
        reason,
    ]
    assert after.stage == Stage.OVER
    assert game.outcome(after) == Outcome((ADA,), (BASIL, CORA, DMITRI, EDIE), reason)
    assert game.prompt(after) is None
    assert refused(after, Decline(BASIL)) == "The game is over: no more moves."


def test_wrong_accusation_puts_the_suitor_out():
    state = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    after = act(state, Retire(ADA, ISOLDE))
    assert lines(state, after)[1:] == [WRONG.format("Ada")]
    ada = after.suitors[ADA]
    assert ada.out and ada.hand == () and ada.faceup == ()
    assert after.discard == state.discard + cards("2C 3C 4C 5C 6C 7C 8C")
    assert after.result is None
    assert seats_on_the_floor(after) == (BASIL, CORA, DMITRI, EDIE)


WRONG = "{} got it wrong and is out. Nobody learns which part was wrong."


def test_a_wrong_suit_puts_the_suitor_out():
    state = arrange(known_table(), {BASIL: "2C 3C 4C 5C 6C 7C 8C"})
    state = opened(state)
    after = act(state, Retire(BASIL, ORIANE))
    assert lines(state, after)[1:] == [WRONG.format("Basil")]
    assert after.suitors[BASIL].out


def test_the_table_learns_only_that_the_retirement_failed_not_which_half_was_wrong():
    """The design's ruling on the seed's "wrong suit or ... wrong daughter": the same
    words whichever half was wrong, and no suitor's view says which."""
    state = opened(arrange(known_table(), {BASIL: "2C 3C 4C 5C 6C 7C 8C"}))
    both_wrong = act(state, Retire(BASIL, ORIANE))
    suit_wrong = act(state, Retire(BASIL, MARISOL))  # Marisol is the sorceress
    assert lines(state, both_wrong)[1:] == lines(state, suit_wrong)[1:] == [WRONG.format("Basil")]
    for after in (both_wrong, suit_wrong):
        for seat in (None, ADA, BASIL):
            (told,) = game.view(after, seat).retirements
            assert (told.right_suit, told.right_woman) == (None, None)
    (truth,) = suit_wrong.retirements
    assert (truth.right_suit, truth.right_woman) == (False, True)


def test_the_tempted_cannot_win_by_retiring():
    state = opened(arrange(known_table(), {EDIE: "2S 3S 4S 5S 6S 7S 8S"}))
    after = act(state, Retire(EDIE, MARISOL))
    assert lines(state, after)[1:] == [WRONG.format("Edie")]
    assert after.suitors[EDIE].out and after.result is None


def test_a_wrong_retirement_after_everyone_else_declined_ends_the_round():
    state = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    state = evolve(opened(state, last_actor=ADA), declined=(BASIL, CORA, DMITRI, EDIE))
    after = act(state, Retire(ADA, ISOLDE))
    assert "Round 1 ends: every suitor declined the floor." in lines(state, after)
    assert after.round == 2
    assert seats_on_the_floor(after) == (BASIL, CORA, DMITRI, EDIE)


def test_when_every_suitor_is_out_everyone_stays_on_the_island():
    state = arrange(known_table(3), {ADA: "2C 3C 4C 5C 6C 7C 8C", BASIL: "", CORA: ""})
    state = evolve(
        state,
        suitors=tuple(
            evolve(s, out=True) if i in (BASIL, CORA) else s for i, s in enumerate(state.suitors)
        ),
    )
    after = act(state, Retire(ADA, ISOLDE))
    assert after.result == Outcome(
        (),
        (ADA, BASIL, CORA),
        "Nobody proved wits, wiles and will: every suitor remains on the island.",
    )


def test_the_last_pile_card_opens_final_retirements_in_seat_order():
    state = third_target((2, 2, 3), piles={ORIANE: "", SERAPHINE: "", ISOLDE: "JH", MARISOL: ""})
    state = act(state, PlayCards(ADA, cards("7C")), DrawFromPile(ADA, ISOLDE))
    after = vote_all(state)
    assert lines(state, after)[-1] == (
        "The last card of the last pile has been drawn. Final retirements, in seat order."
    )
    assert after.stage == Stage.FINAL and after.queue == EVERYONE
    assert game.prompt(after).seats == (ADA,)
    assert game.prompt(after).text == "Ada: retire now, or not."
    assert refused(after, ClaimFloor(ADA, ORIANE)) == (
        "That is not possible now: Ada: retire now, or not."
    )
    nxt = act(after, Decline(ADA))
    assert lines(after, nxt) == ["Ada does not retire."]
    assert game.prompt(nxt).seats == (BASIL,)


def test_the_round_limit_opens_final_retirements():
    state = known_table(person=True, round_limit=1)
    after = act(state, NarratorEndRound(NARRATOR))
    assert lines(state, after)[-2:] == [
        "The discard pile is shuffled and hands are refilled to seven.",
        "Round 1 was the last. Final retirements, in seat order.",
    ]
    assert after.stage == Stage.FINAL and after.round == 1 and after.queue == EVERYONE


def test_a_right_final_retirement_wins():
    state = arrange(known_table(person=True, round_limit=1), {DMITRI: "2C 3C 4C 5C 6C 7C 8C"})
    state = act(state, NarratorEndRound(NARRATOR), *(Decline(s) for s in (ADA, BASIL, CORA)))
    after = act(state, Retire(DMITRI, MARISOL))
    assert after.result.winners == (DMITRI,)
    assert after.stage == Stage.OVER


def test_a_wrong_final_retirement_is_out_and_the_next_suitor_is_asked():
    state = arrange(known_table(person=True, round_limit=1), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    state = act(state, NarratorEndRound(NARRATOR))
    after = act(state, Retire(ADA, SERAPHINE))
    assert after.suitors[ADA].out and after.stage == Stage.FINAL
    assert game.prompt(after).seats == (BASIL,)


def final_with_edie_holding(hand: str):
    state = arrange(known_table(person=True, round_limit=1), {EDIE: hand})
    return act(state, NarratorEndRound(NARRATOR), *(Decline(s) for s in (ADA, BASIL, CORA, DMITRI)))


def test_tempted_wins_with_the_queen():
    state = final_with_edie_holding("QS 2D 3D 4D 5D 6D 7D")
    after = act(state, Decline(EDIE))
    reason = (
        "Nobody retired in triumph, and Edie, the Tempted, holds the queen of spades: the "
        "sorceress Marisol chooses Edie. Everyone else stays on the island."
    )
    assert lines(state, after) == ["Edie does not retire.", reason]
    assert after.result == Outcome((EDIE,), (ADA, BASIL, CORA, DMITRI), reason)


def test_the_tempted_loses_when_another_suitor_retires_in_triumph():
    state = arrange(
        known_table(person=True, round_limit=1),
        {EDIE: "QS 2D 3D 4D 5D 6D 7D", ADA: "2C 3C 4C 5C 6C 7C 8C"},
    )
    state = act(state, NarratorEndRound(NARRATOR))
    after = act(state, Retire(ADA, MARISOL))
    assert after.result.winners == (ADA,)
    assert EDIE in after.result.losers


def test_the_tempted_needs_the_queen_of_the_sorceresss_suit():
    state = final_with_edie_holding("QH KS AS 4D 5D 6D 7D")
    after = act(state, Decline(EDIE))
    assert after.result.winners == ()


def test_everyone_stays_on_the_island_when_nobody_wins():
    state = final_with_edie_holding("2S 3S 4S 5S 6S 7S 8S")
    after = act(state, Decline(EDIE))
    reason = "Nobody proved wits, wiles and will: every suitor remains on the island."
    assert lines(state, after) == ["Edie does not retire.", reason]
    assert after.result == Outcome((), EVERYONE, reason)
    assert game.prompt(after) is None


# --- whole games: the Temptress's own invariants ---------------------------------------------
# (What every game promises, random playouts, fuzzing, saves, privacy and captions, is
# tests/rules/test_conformance.py's; these are the rules only the Temptress has.) After every
# action ``temptress_helpers.check_invariants`` holds: all 52 cards in exactly one place,
# no negative chips, at most seven cards in a hand, every clue held true, one face-up
# card per Faux Pas chip as far as the hand allows whenever no RevealFauxPas prompt is
# pending, and a live game always asks somebody; every action comes from a seat the
# prompt asks, or is a retirement at the open floor. The games mix random play drawn
# from the choices, ``leaning_policy`` (toward courting, reaching, raising, refilling
# toward a suit and retiring) and the bots, over 3 to 5 suitors, island and person
# narrators and short round limits; some start with the honours in the hands
# (``honours_in_hands``), where third successes and the final retirements come soon.

RANDOM_BOUND = 3_000
"""Actions a random game with a round limit of at most 4 may take (they take ~130)."""
BOT_BOUND = 6_000
"""Actions a bot game of ten rounds may take (they take ~600-1,300)."""


def game_table(seed: int) -> dict[str, Any]:
    """A table that varies with the seed: 3-5 suitors, either narrator, 1-4 rounds."""
    return {
        "suitors": 3 + seed % 3,
        "person": seed % 2 == 0,
        "round_limit": 1 + (seed // 2) % 4,
        "oldest": 1 + seed % 3,
    }


def play_checked(state: TemptressState, policy, bound: int, seen: Counter | None = None):
    """Play to the end checking every invariant after every action; the final state."""
    check_invariants(state)
    last = state
    for before, action, after in playout(state, policy, bound):
        current = game.prompt(before)
        retiring = isinstance(action, Retire) and current is not None
        retiring = retiring and current.kind == PromptKind.FLOOR
        assert current is not None and (action.seat in current.seats or retiring)
        check_invariants(after, before)
        if seen is not None:
            seen[type(action).__name__] += 1
            seen["prompt:" + current.kind] += 1
        last = after
    assert last.result is not None, f"the game did not end in {bound} actions"
    assert game.prompt(last) is None and game.outcome(last) == last.result
    if seen is not None:
        seen[f"suitors:{len(last.suitors)}"] += 1
        for event in last.log:
            for marker, key in MARKERS.items():
                if marker in event.text:
                    seen[key] += 1
    return last


MARKERS = {
    "was right on both counts": "right retirement",
    "got it wrong and is out": "wrong retirement",
    "the Tempted, holds": "the Tempted's queen",
    "every suitor remains on the island": "nobody wins",
    "The last card of the last pile has been drawn": "last pile card",
    "was the last. Final retirements": "round limit",
    "ends: a pile was emptied": "pile emptied",
    "ends: every suitor declined": "all declined",
    "ends: the narrator ends it": "narrator ended",
    "draws the top card": "pile draw",
    "to avoid the argument": "avoided argument",
    "missed the raised target alone": "previous target settles",
    "Pact recorded": "pact",
    "sees what was staked": "see stake",
    "stake was off the table": "stake off",
    "Roll-off": "roll-off",
    "prevails: ": "prevailed",
    "success with a twist": "twist",
    "re-roll": "re-roll",
    "(+": "excel bonus",
    "refill by choice": "refill by choice",
    "to clear every Faux Pas": "clear",
    "on a new clue": "new clue",
}


def random_play(seed: int):
    """Plain random play from the choices for odd seeds, leaning random play for even ones."""
    return leaning_policy(seed) if seed % 2 == 0 else random_policy(seed)


def test_random_play_keeps_every_invariant_and_ends():
    for seed in range(20):
        play_checked(fresh(seed, **game_table(seed)), random_play(seed), RANDOM_BOUND)


def test_random_play_with_honours_in_hand_keeps_every_invariant_and_ends():
    for seed in range(1_000, 1_020):
        state = honours_in_hands(fresh(seed, **game_table(seed)), piles_left=1 + seed % 4)
        play_checked(state, random_play(seed), RANDOM_BOUND)


@pytest.mark.long  # (scheduled first: the longest of the rules tests)
def test_random_play_walks_every_path_of_the_rules():
    """100 more random games: every prompt, every action and every rare path occurs."""
    seen: Counter[str] = Counter()
    for seed in range(6_000, 6_050):
        play_checked(fresh(seed, **game_table(seed)), leaning_policy(seed), RANDOM_BOUND, seen)
    for seed in range(6_050, 6_100):
        state = honours_in_hands(fresh(seed, **game_table(seed)), piles_left=1 + seed % 2)
        play_checked(state, leaning_policy(seed), RANDOM_BOUND, seen)
    missing = [k for k in PromptKind if not seen["prompt:" + k]]
    missing += [a.__name__ for a in TEMPTRESS.action_types if not seen[a.__name__]]
    missing += [key for key in MARKERS.values() if not seen[key]]
    missing += [f"suitors:{n}" for n in (3, 4, 5) if not seen[f"suitors:{n}"]]
    assert not missing, f"never happened: {missing}"


def test_random_players_among_bots_keep_every_invariant():
    for seed in range(2_000, 2_020):
        options = game_table(seed)
        options["round_limit"] = 2 + seed % 2
        randoms = {seed % options["suitors"], (seed + 2) % options["suitors"]}
        play_checked(fresh(seed, **options), mixed_policy(seed, randoms), RANDOM_BOUND)


@pytest.mark.parametrize(("suitors", "person"), [(5, False), (5, True), (4, False), (3, True)])
def test_bot_games_keep_every_invariant_and_end(suitors, person):
    """Bots play through the Session (``bot_for``), each seeing its own view only."""
    session = bot_session(suitors, person=person, seed=3_000)
    check_invariants(session.state)
    for _ in range(BOT_BOUND):
        current = session.prompt
        if current is None:
            break
        seat = current.seats[0]
        before = session.state
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        check_invariants(session.state, before)
    assert session.outcome is not None, f"a bot game did not end in {BOT_BOUND} actions"
