"""The Temptress's arguments as the seed and the design have them (issue 30, points 6
and 7): Rapport spent only toward reaching a target, and a pact shown again when it is
put to the test.

Seed: "No 'pour on' expenditures of Rapport may be made beyond reaching a target to
inflate value ... the narrator may reduce played card values to the target, itself."
Design: "Rapport may be spent to excel only toward reaching a target, never to inflate a
total beyond it (the narrator reduces such values to the target)"; a promise stake is "a
binding promise ... (recorded in the pact log, enforced by the table)". Tables are built
as in ``test_temptress_rules`` (``known_table``).
"""

from __future__ import annotations

from rules.temptress import game
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Join,
    NarratorReviewStakes,
    NarratorTrim,
    PlayCards,
    RaiseStakes,
    Reroll,
    SetStake,
    StartArgument,
)
from rules.temptress.help import RULES
from rules.temptress.state import PromptKind, Stage, StakeKind
from tests.temptress_helpers import (
    ADA,
    BASIL,
    CORA,
    ORIANE,
    act,
    arrange,
    cards,
    dice,
    known_table,
    lines,
    opened,
    refused,
    suitor,
)

NARRATOR = 5
ADA_HAND = "7C 7S 9C 2D 3D 4D 5D"
BASIL_HAND = "10D 9D 8D 2H 3H 4H 5H"
REACHED_ALONE = "Your cards reach 15 alone: no Rapport to inflate it."


def argued(*faces: int, person: bool = False, ada_rapport: int = 3, basil_rapport: int = 2):
    """Ada (holding a pair of sevens) argues with Basil for one chip, Ada staking his hand
    and Basil a promise; the first target shows ``faces`` (5 + 5 + 5 = 15 by default) and
    Ada plays first."""
    state = arrange(known_table(person=person), {ADA: ADA_HAND, BASIL: BASIL_HAND})
    state = suitor(suitor(state, ADA, rapport=ada_rapport), BASIL, rapport=basil_rapport)
    state = act(state, StartArgument(ADA, BASIL, 1), AnswerArgument(BASIL, False))
    state = act(state, SetStake(ADA, StakeKind.SEE_HAND))
    state = dice(state, *(faces or (5, 5, 5)))
    state = act(state, SetStake(BASIL, StakeKind.PROMISE, "Do not oppose me."))
    if person:
        state = act(state, NarratorReviewStakes(NARRATOR))
    assert game.prompt(state).kind == PromptKind.PLAY and game.prompt(state).seats == (ADA,)
    return state


def words(text: str) -> str:
    return " ".join(text.split())


# --- Rapport toward reaching a target --------------------------------------------------------


def test_rapport_may_be_spent_to_excel_only_toward_reaching_a_target():
    state = argued()
    play = game.view(state, ADA).choices
    pair, _ = play.spends(cards("7C 7S"))  # 14 toward 15: the pair's +3 helps reach it
    assert pair.open and pair.label == "Pair +3"
    pair, suit = play.spends(cards("7C 7S 9C"))  # 23 reaches 15 alone
    assert (pair.closed, suit.closed) == (REACHED_ALONE, REACHED_ALONE)
    assert refused(state, PlayCards(ADA, cards("7C 7S 9C"), pair_bonus=True)) == REACHED_ALONE


def test_never_to_inflate_a_total_beyond_it_the_island_reduces_it_to_the_target():
    state = argued()
    after = act(state, PlayCards(ADA, cards("7C 7S"), pair_bonus=True))
    assert lines(state, after) == [
        "Ada plays 7♣ 7♠ (+3 for spent Rapport): 17 toward 15.",
        "Rapport spent beyond the target counts for nothing: Ada's 17 toward 15 counts as 15.",
    ]
    assert after.suitors[ADA].rapport == 3 - 1 - 1  # the argument's chip, then the pair's
    assert after.contest.total(ADA, 1) == 15 and after.contest.reached(ADA, 1)
    settled = act(after, PlayCards(BASIL, cards("10D 9D")))  # 19 with cards alone
    settled = act(settled, RaiseStakes(ADA, False), RaiseStakes(BASIL, False))
    assert settled.stage == Stage.FLOOR
    assert "Basil wins the argument with Ada." in lines(after, settled)
    assert settled.pacts == ("Ada promised Basil: Do not oppose me.",)


def test_a_spend_that_only_reaches_the_target_counts_in_full():
    state = argued(6, 6, 5)
    after = act(state, PlayCards(ADA, cards("7C 7S"), pair_bonus=True))
    assert lines(state, after) == ["Ada plays 7♣ 7♠ (+3 for spent Rapport): 17 toward 17."]
    assert after.contest.total(ADA, 1) == 17
    short = argued(7, 7, 7)
    after = act(short, PlayCards(ADA, cards("7C 7S"), pair_bonus=True))  # 17 toward 21
    assert after.contest.total(ADA, 1) == 17 and not after.contest.reached(ADA, 1)


def test_with_a_person_narrating_the_narrator_reduces_such_values_to_the_target():
    state = argued(person=True)
    state = act(state, PlayCards(ADA, cards("7C 7S"), pair_bonus=True))
    assert state.contest.total(ADA, 1) == 17  # as played, until the narrator rules
    state = act(state, PlayCards(BASIL, cards("2H")))  # Basil misses 15
    state = act(state, RaiseStakes(ADA, False))
    assert game.prompt(state).kind == PromptKind.TRIM
    offered = game.view(state, NARRATOR).choices
    assert [o.label for o in offered.options] == ["Count Ada's 17 toward 15 as the target"]
    after = act(state, NarratorTrim(NARRATOR, (ADA,)))
    assert lines(state, after)[:2] == [
        "The narrator counts Ada's cards only up to the target: 17 toward 15 counts as 15.",
        "Ada wins the argument with Basil.",
    ]


def test_the_initiator_is_the_player_taking_action_and_may_re_roll_a_die():
    state = argued()
    after = act(dice(state, 1), Reroll(ADA, 0))
    assert lines(state, after) == [
        "Ada spends a Rapport chip to re-roll the 5: it comes up 1. The target is now 11."
    ]
    basil = act(suitor(after, BASIL, rapport=1), PlayCards(ADA, cards("9C 2D")))
    assert refused(basil, Reroll(BASIL, 0)) == (
        "Only the suitor who started the argument may re-roll a die."
    )


def test_the_rules_say_what_reducing_to_the_target_means():
    text = words(RULES)
    assert "Rapport in an argument** may be spent to excel only toward reaching a target" in text
    assert "your total for that target counts as exactly the target number" in text


# --- pacts ----------------------------------------------------------------------------------


def pact_made():
    """Basil wins Ada's promise 'Do not oppose me.'; the floor is open again."""
    state = argued()
    state = act(state, PlayCards(ADA, cards("2D")), PlayCards(BASIL, cards("10D 9D")))
    state = act(state, RaiseStakes(BASIL, False))
    assert state.pacts == ("Ada promised Basil: Do not oppose me.",)
    assert state.stage == Stage.FLOOR
    return arrange(state, {ADA: "7C 7S 9C 3D", BASIL: "8D 2H 3H 4H", CORA: "10C 8C 6C"})


PACT_READ = (
    "A pact is put to the test as Ada moves against Basil: Ada promised Basil: Do not oppose me."
)


def test_a_binding_promise_is_shown_again_when_the_promiser_opposes_its_holder():
    state = act(pact_made(), ClaimFloor(BASIL, ORIANE))
    assert game.prompt(state).kind == PromptKind.JOIN
    after = act(state, Join(ADA, True))
    told = lines(state, after)
    assert told[0] == PACT_READ
    assert told[1].startswith("Ada joins in opposition")
    assert [e.seats for e in after.log[len(state.log) :]][0] is None  # to the whole table


def test_a_binding_promise_is_shown_again_when_the_promiser_argues_with_its_holder():
    state = suitor(opened(pact_made()), ADA, rapport=1, argued=False)  # a new round, say
    after = act(state, StartArgument(ADA, BASIL, 1))
    assert lines(state, after) == [
        PACT_READ,
        "Ada spends 1 Rapport chip to start an argument with Basil.",
    ]


def test_a_pact_is_not_read_out_when_nobody_moves_against_its_holder():
    state = act(pact_made(), ClaimFloor(BASIL, ORIANE))
    after = act(state, Join(CORA, True), Join(ADA, False))  # Cora opposes; Ada stays out
    assert PACT_READ not in lines(state, after)
    cora = act(pact_made(), ClaimFloor(CORA, ORIANE))
    after = act(cora, Join(ADA, True))  # Ada opposes Cora, who holds no pact of hers
    assert PACT_READ not in lines(cora, after)


def test_the_rules_say_when_a_pact_is_shown_again():
    text = words(RULES)
    assert "they show the pact again at the moment it can be broken" in text
