"""The Temptress: three seed rules the engine once missed.

Seed: "A new round begins. Players who were cut short an opportunity for an action
begin this round and proceed as normal."; "When a daughter's pile is empty, she
retires for the rest of the game ... there is no more to be learned from her."; and,
of arguments, "the narrator may reduce played card values to the target, itself."
Tables are built as in ``test_temptress_rules`` (``known_table``).
"""

from __future__ import annotations

from rules.choices import Pick
from rules.temptress import game
from rules.temptress.actions import (
    ClaimFloor,
    Decline,
    NarratorEndRound,
    NarratorTrim,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    SpendRapport,
)
from rules.temptress.choice_types import ChoiceKey
from rules.temptress.help import RULES
from rules.temptress.state import PromptKind, SpendChoice, Stage, StakeKind
from tests.rules.temptress.test_temptress_rules import staked
from tests.temptress_helpers import (
    ADA,
    BASIL,
    CORA,
    DMITRI,
    EDIE,
    ISOLDE,
    ORIANE,
    SERAPHINE,
    act,
    arrange,
    cards,
    claim,
    dice,
    known_table,
    lines,
    opened,
    refused,
)

NARRATOR = 5


def floor_seats(state):
    current = game.prompt(state)
    assert current.kind == PromptKind.FLOOR
    return tuple(s for s in current.seats if s != NARRATOR)


def ada_acts_then_the_narrator_ends_the_round():
    """Round 1: Ada courts Oriane (reaches, no raise), then the narrator ends the round
    before anyone else had a turn; Ada keeps her chip at the round end."""
    state = arrange(opened(known_table(person=True)), {ADA: "9C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE)
    state = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    state = act(state, NarratorVerdict(NARRATOR), NarratorEndRound(NARRATOR))
    return act(state, SpendRapport(ADA, SpendChoice.KEEP))


def test_suitors_cut_short_by_the_round_end_claim_first_in_the_next_round():
    state = ada_acts_then_the_narrator_ends_the_round()
    assert state.round == 2 and state.stage == Stage.FLOOR
    assert state.log[-1].text == (
        "Round 2 begins. Basil, Cora, Dmitri and Edie had no turn before the last round "
        "ended, so they claim the floor first."
    )
    assert floor_seats(state) == (BASIL, CORA, DMITRI, EDIE)
    assert game.prompt(state).text == (
        "Basil, Cora, Dmitri, Edie: cut short last round, you claim first: act, argue, "
        "retire or decline."
    )
    assert refused(state, ClaimFloor(ADA, ISOLDE)).startswith("It is not Ada's turn")


def test_the_suitor_whose_action_ended_the_round_does_not_claim_first_again():
    state = ada_acts_then_the_narrator_ends_the_round()
    # Each suitor cut short has their first claim (here they let it pass) ...
    state = act(state, Decline(BASIL), Decline(CORA))
    assert floor_seats(state) == (DMITRI, EDIE)
    state = act(state, Decline(DMITRI), Decline(EDIE))
    # ... then the open floor goes on: Ada acted last, and everyone else declined since.
    assert floor_seats(state) == (ADA,)


def test_after_the_first_claims_the_open_floor_rule_applies():
    state = ada_acts_then_the_narrator_ends_the_round()
    state = act(state, Decline(BASIL), Decline(CORA), Decline(DMITRI))
    state = claim(dice(arrange(state, {EDIE: "9S 2C 3C"}), 3, 3, 3), EDIE, SERAPHINE)
    state = act(state, PlayCards(EDIE, cards("9S")), RaiseStakes(EDIE, False))
    state = act(state, NarratorVerdict(NARRATOR))
    assert state.stage == Stage.FLOOR and state.last_actor == EDIE
    assert floor_seats(state) == (ADA, BASIL, CORA, DMITRI)


def test_nobody_is_cut_short_when_every_suitor_had_a_turn():
    state = opened(known_table())
    state = act(state, *(Decline(s) for s in (ADA, BASIL, CORA, DMITRI, EDIE)))
    assert state.round == 2 and state.first_claims == ()
    assert floor_seats(state) == (ADA, BASIL, CORA, DMITRI, EDIE)
    assert state.log[-1].text == "Round 2 begins: the floor is open."


def test_a_suitor_who_declined_before_the_round_ended_was_not_cut_short():
    state = act(opened(known_table(person=True)), Decline(CORA), NarratorEndRound(NARRATOR))
    assert state.round == 2
    assert floor_seats(state) == (ADA, BASIL, DMITRI, EDIE)


# --- the retired women ------------------------------------------------------------------


def test_a_woman_whose_pile_is_empty_cannot_be_courted():
    state = arrange(opened(known_table()), piles={ISOLDE: ""})
    assert refused(state, ClaimFloor(ADA, ISOLDE)) == (
        "Isolde has retired: her pile is empty, and there is nothing more to learn from "
        "her. Court another woman."
    )
    assert act(state, ClaimFloor(ADA, ORIANE)).contest.woman == ORIANE


def test_the_court_form_shows_a_retired_woman_as_retired_and_closed():
    state = arrange(opened(known_table()), piles={ISOLDE: ""})
    court = next(o for o in game.view(state, ADA).choices.options if o.key == ChoiceKey.COURT)
    assert court.closed == ""
    whom = court.then
    assert isinstance(whom, Pick)
    labels = {o.label: o.closed for o in whom.options}
    assert labels["Isolde (retired)"].startswith("Isolde has retired")
    assert labels["Oriane"] == "" and "Isolde" not in labels


def test_nobody_may_oppose_an_action_at_a_retired_woman_because_none_may_be_taken():
    state = arrange(opened(known_table()), piles={ISOLDE: ""})
    assert refused(state, ClaimFloor(BASIL, ISOLDE)).startswith("Isolde has retired")
    assert game.prompt(state).kind == PromptKind.FLOOR  # no action, so nothing to join


# --- the narrator's ruling on inflated values in an argument -------------------------------


def both_poured_on(person: bool = True):
    """Ada 19 and Basil 17 toward 15 in an argument, and neither raises."""
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5, person=person)
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("9D 8D")))
    return act(state, RaiseStakes(ADA, False), RaiseStakes(BASIL, False))


def test_a_person_narrator_may_reduce_played_values_to_the_target_before_an_argument_settles():
    state = both_poured_on()
    current = game.prompt(state)
    assert current.kind == PromptKind.TRIM and current.seats == (NARRATOR,)
    assert current.text == (
        "Nora: the narrator may count cards played beyond a target as the target."
    )
    offered = game.view(state, NARRATOR).choices
    assert [o.label for o in offered.options] == [
        "Count Ada's 19 toward 15 as the target",
        "Count Basil's 17 toward 15 as the target",
    ]
    after = act(state, NarratorTrim(NARRATOR, (ADA,)))
    assert lines(state, after)[:2] == [
        "The narrator counts Ada's cards only up to the target: 19 toward 15 counts as 15.",
        "Basil wins the argument with Ada.",
    ]
    assert after.pacts == ("Ada promised Basil: Do not oppose me.",)


def test_values_the_narrator_lets_stand_settle_the_argument_as_played():
    state = both_poured_on()
    after = act(state, NarratorTrim(NARRATOR))
    assert lines(state, after)[:2] == [
        "The narrator lets the played values stand.",
        "Ada wins the argument with Basil.",
    ]


def test_only_a_side_that_played_beyond_its_target_may_be_reduced():
    state = staked(StakeKind.SEE_HAND, StakeKind.PROMISE, 5, 5, 5, person=True)
    state = act(state, PlayCards(ADA, cards("10C 9C")), PlayCards(BASIL, cards("2H")))
    state = act(state, RaiseStakes(ADA, False))
    assert game.prompt(state).kind == PromptKind.TRIM
    assert refused(state, NarratorTrim(NARRATOR, (BASIL,))) == (
        "Reduce only the values of a side that played beyond its target, once each."
    )
    assert refused(state, NarratorTrim(NARRATOR, (ADA, ADA))) == (
        "Reduce only the values of a side that played beyond its target, once each."
    )
    assert refused(state, NarratorTrim(ADA, (ADA,))) == (
        "It is not Ada's turn: Nora: the narrator may count cards played beyond a target "
        "as the target."
    )


def test_the_island_narrator_lets_cards_own_values_stand():
    state = both_poured_on(person=False)
    assert state.stage == Stage.FLOOR
    assert "Ada wins the argument with Basil." in [e.text for e in state.log]
    assert (
        "The island reduces only what spent Rapport took beyond a target; it lets cards' "
        "own values stand."
    ) in " ".join(RULES.split())
