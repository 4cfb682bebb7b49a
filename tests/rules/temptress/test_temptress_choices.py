"""What each Temptress view offers its seat, one named test per rule of the choices.

Each test builds its situation from ``known_table`` (as the rules tests do,
with their situation builders) and asserts the exact options: labels, keys,
costs, and for a closed option the very sentence ``apply`` refuses its
action with.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve

from rules.choices import Option, Pick, Write
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
    NarratorTells,
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
from rules.temptress.choice_types import VerdictChoices
from rules.temptress.game import TEMPTRESS
from rules.temptress.playing import PlayChoices
from rules.temptress.state import (
    Clue,
    ClueKind,
    ExcelSpend,
    SpendChoice,
    StakeKind,
    VoteChoice,
)
from tests.playouts import reachable
from tests.rules.temptress.test_temptress_rules import (
    NARRATOR,
    ada_courts,
    argument,
    finished_solo,
    opposed,
    round_end,
    staked,
    third_target,
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
    act,
    arrange,
    card,
    cards,
    dice,
    fresh,
    known_table,
    leaning_policy,
    opened,
    random_policy,
    refused,
    suitor,
)

WOMEN = ["Oriane", "Seraphine", "Isolde", "Marisol"]
NO_FLUSH = "To retire you need seven cards, all of one suit."


def choices(state, seat) -> Any:
    offered = game.view(state, seat).choices
    assert offered is not None
    return offered


def rows(question: Pick[Any]) -> list[tuple[str, str, int, str]]:
    """(label, closed, cost, key) of every option."""
    return [(o.label, o.closed, o.cost, o.key) for o in question.options]


def keyed(question: Pick[Any], key: str) -> Option[Any]:
    option = question.keyed(key)
    assert option is not None
    return option


def then(option: Option[Any]) -> Any:
    assert option.then is not None
    return option.then


def closed_as_refused(state, option: Option[Any]) -> None:
    """A closed option's reason is the sentence ``apply`` refuses its action with."""
    assert option.closed and refused(state, option.value) == option.closed


# --- the open floor ---------------------------------------------------------------------


def test_the_floor_offers_courting_arguing_retiring_and_passing():
    floor = choices(suitor(known_table(), ADA, rapport=1), ADA)
    assert floor.ask == "Ada: take an action, argue, retire, or let the floor pass."
    assert rows(floor) == [
        ("Court a woman", "", 0, "court"),
        ("Start an argument", "", 0, "argue"),
        ("Retire and name the sorceress", "", 0, "retire"),
        ("Let the floor pass", "", 0, "decline"),
    ]
    assert keyed(floor, "decline").value == Decline(ADA)


def test_courting_names_a_woman_then_describes_the_action_in_a_line():
    whom = then(keyed(choices(known_table(), ADA), "court"))
    assert [o.label for o in whom.options] == WOMEN
    describe = then(whom.options[ISOLDE])
    assert isinstance(describe, Write)
    assert (describe.template, describe.fills, describe.longest, describe.needed) == (
        ClaimFloor(ADA, ISOLDE, ""),
        "description",
        120,
        False,
    )
    assert describe.answer("recites a sonnet") == ClaimFloor(ADA, ISOLDE, "recites a sonnet")
    assert act(known_table(), describe.answer("")).contest.woman == ISOLDE


def test_courting_is_closed_without_a_card():
    state = opened(arrange(known_table(), {ADA: ""}))
    court = keyed(choices(state, ADA), "court")
    assert court.closed == "You have no cards left to play: you can only decline."
    closed_as_refused(state, court)


def test_arguing_is_closed_without_rapport_after_arguing_or_without_cards():
    state = known_table()
    poor = keyed(choices(state, ADA), "argue")
    assert poor.closed == "An argument costs at least one Rapport chip, and you have none."
    closed_as_refused(state, poor)
    argued = suitor(state, ADA, rapport=2, argued=True)
    again = keyed(choices(argued, ADA), "argue")
    assert again.closed == "You have already started an argument this round."
    closed_as_refused(argued, again)
    empty = suitor(arrange(state, {ADA: ""}), ADA, rapport=2)
    cardless = keyed(choices(empty, ADA), "argue")
    assert cardless.closed == "You have no cards left to argue with."
    closed_as_refused(empty, cardless)


def test_an_argument_names_another_suitor_then_the_chips_it_costs():
    state = suitor(arrange(known_table(), {DMITRI: ""}), ADA, rapport=2)
    state = suitor(suitor(state, BASIL, immune=True), EDIE, out=True)
    state = arrange(state, {EDIE: ""})
    whom = then(keyed(choices(state, ADA), "argue"))
    assert rows(whom) == [
        ("Basil", "Basil avoided an argument this round: nobody may argue with them.", 0, ""),
        ("Cora", "", 0, ""),
        ("Dmitri", "Dmitri has no cards left to argue with.", 0, ""),
        ("Edie", "Argue with another suitor who is still in the game.", 0, ""),
    ]
    for option in whom.options:
        if not option.open:
            closed_as_refused(state, option)
    chips = then(whom.options[1])
    assert chips.ask == "Spend how many Rapport chips? Cora may spend as many to avoid it."
    assert rows(chips) == [("1 Rapport chip", "", 1, ""), ("2 Rapport chips", "", 2, "")]
    assert chips.options[1].value == StartArgument(ADA, CORA, 2)


def test_retiring_is_open_at_the_floor_whatever_the_hand_but_each_woman_needs_a_flush():
    plain = known_table()
    accuse = then(keyed(choices(plain, ADA), "retire"))
    assert [(o.label, o.closed) for o in accuse.options] == [(w, NO_FLUSH) for w in WOMEN]
    for option in accuse.options:
        closed_as_refused(plain, option)
    flush = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    accuse = then(keyed(choices(flush, ADA), "retire"))
    assert [o.value for o in accuse.opened] == [Retire(ADA, w) for w in range(4)]


def test_a_suitor_not_asked_may_still_retire_at_the_open_floor():
    state = arrange(known_table(), {CORA: "2H 3H 4H 5H 6H 7H 8H"})
    assert game.prompt(state).seats == (ADA,)
    only = choices(state, CORA)
    assert [o.key for o in only.options] == ["retire"]
    retire = then(only.options[0]).options[MARISOL]
    assert retire.open and act(state, retire.value).result.winners == (CORA,)
    assert game.view(suitor(state, DMITRI, out=True), DMITRI).choices is None


def test_the_narrator_at_the_floor_awards_a_chip_or_ends_the_round():
    state = suitor(arrange(known_table(person=True), {CORA: ""}), CORA, out=True)
    narrator = choices(state, NARRATOR)
    assert rows(narrator) == [
        ("Award a Rapport chip", "", 0, "award"),
        ("End the round", "", 0, "end_round"),
        ("Tell the table a line", "", 0, "tell"),
    ]
    assert keyed(narrator, "end_round").value == NarratorEndRound(NARRATOR)
    whom = then(keyed(narrator, "award"))
    assert [(o.label, o.closed) for o in whom.options] == [
        ("Ada", ""),
        ("Basil", ""),
        ("Cora", "Award chips only to suitors still in the game."),
        ("Dmitri", ""),
        ("Edie", ""),
    ]
    closed_as_refused(state, whom.options[CORA])
    assert whom.options[EDIE].value == NarratorAward(NARRATOR, EDIE)


def test_the_public_table_and_seats_not_asked_are_offered_nothing():
    state = act(known_table(), ClaimFloor(ADA, ORIANE))
    assert game.view(state, None).choices is None
    assert game.view(state, ADA).choices is None
    assert game.view(state, BASIL).choices is not None


# --- inside an action ---------------------------------------------------------------------


def test_joining_stays_out_or_joins():
    state = act(known_table(), ClaimFloor(ADA, ISOLDE))
    join = choices(state, CORA)
    assert join.ask == "Ada courts Isolde. Join in opposition?"
    assert rows(join) == [("Join in opposition", "", 0, "join"), ("Stay out", "", 0, "stay")]
    assert [o.value for o in join.options] == [Join(CORA, True), Join(CORA, False)]


def test_the_play_choices_say_the_budget_the_target_the_hand_and_the_rapport():
    state = ada_courts("9C 2D 3D 4D 5D 6D 7D", 9, 8, 7, rapport=2)
    play = choices(state, ADA)
    assert isinstance(play, PlayChoices)
    assert (play.ask, play.budget, play.target, play.rapport) == (
        "Play 1 to 3 cards toward 24.",
        3,
        24,
        2,
    )
    assert play.hand == cards("9C 2D 3D 4D 5D 6D 7D") and play.played == ()
    assert not play.arguing and play.spent == ()
    assert play.action(cards("9C"), False, False) == PlayCards(ADA, cards("9C"))
    assert play.total(cards("9C 7D"), False, False) == 16


def test_each_die_may_be_rerolled_for_a_chip():
    state = ada_courts("9C 2D 3D 4D 5D 6D 7D", 9, 8, 7, rapport=1)
    rerolls = choices(state, ADA).rerolls
    assert [(o.label, o.closed, o.cost, o.key) for o in rerolls] == [
        ("Re-roll the first die (9)", "", 1, "reroll1"),
        ("Re-roll the second die (8)", "", 1, "reroll2"),
        ("Re-roll the third die (7)", "", 1, "reroll3"),
    ]
    assert [o.value for o in rerolls] == [Reroll(ADA, die) for die in range(3)]


def test_a_reroll_is_closed_without_a_chip_after_one_reroll_and_to_the_other_side():
    poor = ada_courts("9C 2D 3D 4D 5D 6D 7D", 9, 8, 7)
    option = choices(poor, ADA).rerolls[0]
    assert option.closed == "A re-roll costs a Rapport chip, and you have none."
    closed_as_refused(poor, option)
    rich = dice(ada_courts("9C 2D 3D 4D 5D 6D 7D", 9, 8, 7, rapport=2), 2)
    rerolled = act(rich, Reroll(ADA, 0))
    again = choices(rerolled, ADA)
    assert again.spent == (ExcelSpend.REROLL,)
    assert again.rerolls[1].closed == "You have already re-rolled a die in this action."
    closed_as_refused(rerolled, again.rerolls[1])
    arguing = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5)
    assert choices(suitor(arguing, ADA, rapport=1), ADA).rerolls[2].closed == ""
    basil = act(suitor(arguing, BASIL, rapport=1), PlayCards(ADA, cards("2S")))
    option = choices(basil, BASIL).rerolls[2]
    assert option.closed == "Only the suitor who started the argument may re-roll a die."


def test_a_pair_spend_opens_for_cards_that_hold_a_pair():
    state = ada_courts("6H 6S 2C 3C 4C 5C 7C", 5, 5, 5, rapport=1)
    play = choices(state, ADA)
    pair, _ = play.spends(cards("6H 6S"))
    assert (pair.value, pair.label, pair.closed, pair.cost, pair.key) == (
        ExcelSpend.PAIR,
        "Pair +3",
        "",
        1,
        "pair",
    )
    assert play.total(cards("6H 6S"), True, False) == 15
    assert act(state, play.action(cards("6H 6S"), True, False)).suitors[ADA].rapport == 0
    none, _ = play.spends(cards("6H 7C"))
    assert none.closed == "The cards you played in this action hold no pair."
    assert refused(state, play.action(cards("6H 7C"), True, False)) == none.closed


def test_a_pair_spend_is_closed_without_a_chip_and_once_it_is_spent():
    poor = ada_courts("6H 6S 2C 3C 4C 5C 7C", 5, 5, 5)
    pair, suit = choices(poor, ADA).spends(cards("6H 6S"))
    assert pair.closed == "Those spends cost 1 Rapport and you have 0."
    assert refused(poor, PlayCards(ADA, cards("6H 6S"), pair_bonus=True)) == pair.closed
    assert suit.closed == "The three-of-a-suit spend needs three played cards of one suit."
    state = ada_courts("6H 6S 6C 3C 4C 5C 7C", 1, 1, 1, rapport=3)
    state = act(dice(act(state, PlayCards(ADA, cards("6H"))), 3, 3, 3), RaiseStakes(ADA, True))
    state = act(dice(state, 1, 1, 1), PlayCards(ADA, cards("6S"), pair_bonus=True))
    state = act(state, RaiseStakes(ADA, True))
    pair, _ = choices(state, ADA).spends(cards("6C"))
    assert pair.closed == "You have already spent for a pair in this action."
    assert refused(state, PlayCards(ADA, cards("6C"), pair_bonus=True)) == pair.closed


def test_a_suit_spend_says_its_bonus_three_or_a_straight_flushs_last_card():
    state = ada_courts("2H 5H 9H 4H 6H 3C 7C", 8, 8, 8, rapport=1)
    play = choices(state, ADA)
    assert play.spends(cards("2H 5H 9H"))[1].label == "Suit +3"
    _, flush = play.spends(cards("4H 6H 5H"))
    assert (flush.label, flush.closed, flush.cost, flush.key) == ("Suit +5", "", 1, "suit")
    assert play.total(cards("4H 6H 5H"), False, True) == 20
    after = act(state, play.action(cards("4H 6H 5H"), False, True))
    assert after.contest.plays[-1].total == 20


def test_a_straight_flush_spend_counts_the_cards_played_for_earlier_targets():
    state = ada_courts("8H 9H 10H 3C 4C 5C 7C", 1, 1, 1, rapport=1)
    state = act(dice(act(state, PlayCards(ADA, cards("8H"))), 10, 10, 8), RaiseStakes(ADA, True))
    play = choices(state, ADA)
    assert play.played == cards("8H") and play.budget == 2
    assert play.spends(cards("10H 9H"))[1].label == "Suit +9"
    assert play.spends(cards("9H 10H"))[1].label == "Suit +10"
    assert play.total(cards("10H 9H"), False, True) == 28
    closed = play.spends(cards("10H"))[1]
    assert closed.closed == "The three-of-a-suit spend needs three played cards of one suit."


def test_both_spends_together_must_be_paid_for():
    play = choices(ada_courts("6H 6S 2C 3C 4C 5C 7C", 9, 9, 9, rapport=1), ADA)
    assert play.spends_refusal(True, True) == "Those spends cost 2 Rapport and you have 1."
    assert play.spends_refusal(True, False) == ""
    rich = choices(ada_courts("6H 6S 2C 3C 4C 5C 7C", 9, 9, 9, rapport=2), ADA)
    assert rich.spends_refusal(True, True) == ""


def test_no_spend_is_open_in_an_argument_once_the_cards_reach_the_target():
    state = suitor(staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5), ADA, rapport=2)
    play = choices(state, ADA)
    assert play.arguing
    reason = "Your cards reach 15 alone: no Rapport to inflate it."
    assert [o.closed for o in play.spends(cards("10C 9C 8C"))] == [reason, reason]
    assert refused(state, play.action(cards("10C 9C 8C"), False, True)) == reason


def test_spends_for_no_cards_are_closed_as_the_play_is():
    play = choices(ada_courts("6H 6S 2C 3C 4C 5C 7C", 5, 5, 5, rapport=1), ADA)
    reason = "Play at least one card, even when the target is out of reach."
    assert [o.closed for o in play.spends(())] == [reason, reason]
    assert play.cards_refusal(cards("2C 3C 4C 5C")) == (
        "You have 3 cards of budget left in this action; you tried to play 4."
    )


def test_a_reached_target_offers_a_raise_or_a_stop():
    state = act(ada_courts("9C 2D 3D 4D 5D 6D 7D", 3, 3, 3), PlayCards(ADA, cards("9C")))
    question = choices(state, ADA)
    assert question.ask == "You may raise the stakes: a new target for your 2 cards of budget left."
    assert rows(question) == [("Raise the stakes", "", 0, "raise"), ("Stop here", "", 0, "stop")]
    assert [o.value for o in question.options] == [RaiseStakes(ADA, True), RaiseStakes(ADA, False)]


def test_a_third_success_draws_from_a_pile_named_with_the_cards_left():
    state = third_target((2, 2, 3), piles={ORIANE: "", SERAPHINE: "JD", MARISOL: "JS QS"})
    state = act(state, PlayCards(ADA, cards("7C")))
    piles = choices(state, ADA)
    assert piles.ask == "A third success: you may draw the top card of a pile. Whose, if any?"
    assert [(o.label, o.closed) for o in piles.options] == [
        ("Oriane (0 cards left)", "Oriane's pile is empty: choose another."),
        ("Seraphine (1 card left)", ""),
        ("Isolde (4 cards left)", ""),
        ("Marisol (2 cards left)", ""),
        ("Draw nothing", ""),
    ]
    closed_as_refused(state, piles.options[ORIANE])
    assert piles.options[ISOLDE].value == DrawFromPile(ADA, ISOLDE)


def test_the_island_asks_for_a_vote_yes_no_or_abstain():
    question = choices(finished_solo(), BASIL)
    assert question.ask == "Did Ada earn an extra Rapport chip?"
    assert rows(question) == [
        ("Yes: an extra chip", "", 0, "yes"),
        ("No", "", 0, "no"),
        ("Abstain", "", 0, "abstain"),
    ]
    assert [o.value for o in question.options] == [Vote(BASIL, v) for v in VoteChoice]


def test_a_tie_is_settled_by_the_narrator_among_the_tied():
    state = opposed("9C 8C 2S 3S 4S 5S 6S", "10D 7D 2H 3H 4H 5H 6H", 5, 5, 5, person=True)
    state = act(state, PlayCards(BASIL, cards("10D 7D")), PlayCards(ADA, cards("9C 8C")))
    state = act(state, RaiseStakes(BASIL, False), RaiseStakes(ADA, False))
    tie = choices(state, NARRATOR)
    assert [(o.label, o.value) for o in tie.options] == [
        ("Ada", NarratorSettleTie(NARRATOR, ADA)),
        ("Basil", NarratorSettleTie(NARRATOR, BASIL)),
        ("Tell the table a line", NarratorTells(NARRATOR)),
    ]


def test_the_verdict_awards_any_suitors_and_a_twist_only_after_a_miss():
    reached = finished_solo(person=True)
    verdict = choices(reached, NARRATOR)
    assert isinstance(verdict, VerdictChoices)
    awards = verdict.awards
    assert (awards.fewest, awards.most, awards.fills) == (0, 5, "awards")
    assert [(o.label, o.value) for o in awards.options] == [
        ("Ada", ADA),
        ("Basil", BASIL),
        ("Cora", CORA),
        ("Dmitri", DMITRI),
        ("Edie", EDIE),
    ]
    assert awards.answer([0, 2]) == NarratorVerdict(NARRATOR, (ADA, CORA))
    twist = verdict.twist
    assert twist.label == "Tell Ada's miss as a success with a twist"
    assert twist.closed == "A twist turns a miss into a success; this action did not miss."
    closed_as_refused(reached, twist)
    missed = choices(finished_solo(person=True, reach=False), NARRATOR)
    assert missed.twist.open
    action = missed.action((ADA,), True)
    assert action == NarratorVerdict(NARRATOR, (ADA,), True)
    assert act(finished_solo(person=True, reach=False), action).suitors[ADA].rapport == 1


# --- arguments ---------------------------------------------------------------------------------


def test_an_argument_may_be_avoided_for_its_chips_or_accepted():
    question = choices(argument(), BASIL)
    assert question.ask == "Ada starts an argument with you."
    assert rows(question) == [
        ("Avoid it for 1 Rapport chip", "", 1, "avoid"),
        ("Accept the argument", "", 0, "accept"),
    ]
    short = argument(ada_rapport=2, basil_rapport=1, chips=2)
    avoid = keyed(choices(short, BASIL), "avoid")
    assert (avoid.label, avoid.closed, avoid.cost) == (
        "Avoid it for 2 Rapport chips",
        "Avoiding costs 2 Rapport and you have 1.",
        2,
    )
    closed_as_refused(short, avoid)
    assert keyed(choices(short, BASIL), "accept").value == AnswerArgument(BASIL, False)


def test_a_stake_is_one_of_four_kinds_and_a_promise_is_written():
    state = act(argument(), AnswerArgument(BASIL, False))
    stakes = choices(state, ADA)
    assert rows(stakes) == [
        ("See their match clues", "", 0, "see_match_clues"),
        ("See their sorceress clues", "", 0, "see_sorceress_clues"),
        ("See their hand", "", 0, "see_hand"),
        ("A promise from them", "", 0, "promise"),
    ]
    assert stakes.options[2].value == SetStake(ADA, StakeKind.SEE_HAND)
    promise = then(keyed(stakes, StakeKind.PROMISE))
    assert isinstance(promise, Write)
    assert (promise.fills, promise.longest, promise.needed) == ("promise", 120, True)
    assert promise.answer("Sing at my wedding.") == SetStake(
        ADA, StakeKind.PROMISE, "Sing at my wedding."
    )


def test_the_narrator_may_reject_either_stake_or_none():
    state = act(argument(person=True), AnswerArgument(BASIL, False))
    state = act(state, SetStake(ADA, StakeKind.SEE_HAND), SetStake(BASIL, StakeKind.PROMISE, "Row"))
    review = choices(state, NARRATOR)
    assert (review.fewest, review.most, review.fills) == (0, 2, "rejected")
    assert [(o.label, o.value) for o in review.options] == [
        ("Reject Ada's stake: to see the other's hand", ADA),
        ("Reject Basil's stake: a promise: 'Row'", BASIL),
    ]
    assert review.answer([]) == NarratorReviewStakes(NARRATOR)
    assert review.answer([1]) == NarratorReviewStakes(NARRATOR, (BASIL,))


def test_a_follow_is_offered_when_the_other_side_raises():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 3, 3, 3)
    state = act(state, PlayCards(ADA, cards("10C")), PlayCards(BASIL, cards("9D")))
    state = act(state, RaiseStakes(ADA, True))
    follow = choices(state, BASIL)
    assert follow.ask == "Ada raised the stakes. Play toward the new target too?"
    assert rows(follow) == [
        ("Follow the raise", "", 0, "follow"),
        ("Let them play alone", "", 0, "pass"),
    ]
    assert [o.value for o in follow.options] == [Follow(BASIL, True), Follow(BASIL, False)]


# --- a Faux Pas, the round end and the final retirements ----------------------------------------


def test_a_faux_pas_lays_one_of_the_face_down_cards_face_up():
    state = suitor(arrange(opened(known_table()), {ADA: "7H 2C QS"}), ADA, faux_pas=2)
    state = suitor(state, ADA, faceup=cards("2C"))
    question = choices(state, ADA)
    assert [(o.label, o.value) for o in question.options] == [
        ("7♥ (value 7)", RevealFauxPas(ADA, card("7H"))),
        ("Q♠ (value 12)", RevealFauxPas(ADA, card("QS"))),
    ]


def test_the_round_end_spending_says_what_each_choice_costs():
    state = round_end({ADA: "2C 3C 4C 5C"}, "6C 7C 8C 9C 10C 2D", ada=2)
    spend = choices(state, ADA)
    assert spend.ask == "Spend all 2 Rapport chips on one thing, or keep them:"
    assert [(o.label, o.cost, o.key) for o in spend.options] == [
        ("Refill: pick 3 from the discard pile", 2, "refill"),
        ("Clear every Faux Pas", 2, "clear"),
        ("Clue: a suit your match is not", 2, "not_match_suit"),
        ("Clue: a suit the sorceress is not", 2, "not_sorceress_suit"),
        ("Clue: your match's colour", 2, "match_colour"),
        ("Clue: the sorceress's colour", 2, "sorceress_colour"),
        ("Clue: whether another suitor shares your match", 2, "shares_match"),
        ("Clue: a preference of your match", 2, "match_preference"),
        ("Clue: whose a preference is", 2, "preference_owner"),
        ("Clue: a woman's suit (is or is not)", 2, "woman_suit"),
        ("Keep your Rapport", 0, "keep"),
    ]
    assert keyed(spend, "keep").value == SpendRapport(ADA, SpendChoice.KEEP)
    clue = keyed(spend, ClueKind.MATCH_COLOUR).value
    assert clue == SpendRapport(ADA, SpendChoice.CLUE, clue_kind=ClueKind.MATCH_COLOUR)


def test_a_refill_picks_exactly_the_missing_cards_from_the_discard_pile():
    state = round_end({ADA: "2C 3C 4C 5C"}, "6C 7C 8C 9C 10C 2D", ada=2)
    pick = then(keyed(choices(state, ADA), "refill"))
    assert pick.ask == "Choose 3 cards from the discard pile:"
    assert (pick.fewest, pick.most, pick.fills) == (3, 3, "cards")
    assert [o.value for o in pick.options] == list(state.discard)
    assert pick.options[0].label == "6♣ (value 6)"
    assert pick.refusal([0, 1]) == "Choose exactly 3 of them."
    action = pick.answer([0, 3, 4])
    assert action == SpendRapport(ADA, SpendChoice.REFILL, cards("6C 9C 10C"))
    assert act(state, action).suitors[ADA].hand == cards("2C 3C 4C 5C 6C 9C 10C")


def test_a_refill_is_closed_with_a_full_hand_or_an_empty_discard_pile():
    full = round_end({}, "6C", ada=1)
    refill = keyed(choices(full, ADA), "refill")
    assert (refill.label, refill.closed) == (
        "Refill from the discard pile",
        "Your hand is already full.",
    )
    closed_as_refused(full, refill)
    state = round_end({ADA: "2C 3C"}, "", ada=1)
    empty = evolve(state, discard=())
    refill = keyed(choices(empty, ADA), "refill")
    assert refill.closed == "The discard pile is empty: there is nothing to refill from."
    closed_as_refused(empty, refill)


def test_a_closed_spend_says_what_apply_refuses_it_with():
    state = round_end({}, "", ada=1)
    black = suitor(
        state, ADA, clues=state.suitors[ADA].clues + (Clue(ClueKind.MATCH_COLOUR, red=False),)
    )
    spend = choices(black, ADA)
    clear = keyed(spend, "clear")
    assert clear.closed == "You have no Faux Pas to clear."
    closed_as_refused(black, clear)
    colour = keyed(spend, ClueKind.MATCH_COLOUR)
    assert colour.closed == "You already hold every clue of that kind: choose another."
    closed_as_refused(black, colour)
    for option in spend.options:
        if not option.open:
            closed_as_refused(black, option)


def test_the_final_retirements_name_a_woman_or_pass():
    state = known_table(person=True, round_limit=1)
    state = arrange(state, {BASIL: "2D 3D 4D 5D 6D 7D 8D"})
    state = act(state, NarratorEndRound(NARRATOR))
    final = choices(state, ADA)
    assert [(o.label, o.closed, o.key) for o in final.options] == [
        ("Retire naming Oriane", NO_FLUSH, ""),
        ("Retire naming Seraphine", NO_FLUSH, ""),
        ("Retire naming Isolde", NO_FLUSH, ""),
        ("Retire naming Marisol", NO_FLUSH, ""),
        ("Do not retire", "", "decline"),
    ]
    closed_as_refused(state, final.options[MARISOL])
    basil = choices(act(state, Decline(ADA)), BASIL)
    assert [o.value for o in basil.opened] == [
        *(Retire(BASIL, w) for w in range(4)),
        Decline(BASIL),
    ]


def test_every_label_fits_an_80_column_screen():
    """Questions, options and reasons, at every moment of a few seeded games."""
    starts = [
        (fresh(41, 5, person=True, round_limit=2), leaning_policy(41)),
        (fresh(42, 5, round_limit=2), random_policy(42)),
    ]
    for state in reachable(TEMPTRESS, starts):
        for seat in range(len(game.seat_names(state))):
            offered = game.view(state, seat).choices
            if isinstance(offered, PlayChoices):
                hand = offered.hand[: offered.budget]
                texts = [offered.ask, *(o.label for o in offered.rerolls)]
                texts += [o.label for o in offered.spends(hand)]
            elif isinstance(offered, VerdictChoices):
                texts = [offered.ask, offered.twist.label, *texts_of(offered.awards)]
            else:
                texts = texts_of(offered) if offered is not None else []
            for text in texts:
                assert len(text) <= 80, text


def texts_of(question: Pick[Any]) -> list[str]:
    found = [question.ask]
    for option in question.options:
        found += [option.label, option.closed]
        if isinstance(option.then, Pick):
            found += texts_of(option.then)
        elif isinstance(option.then, Write):
            found += [option.then.ask, option.then.hint]
    return found
