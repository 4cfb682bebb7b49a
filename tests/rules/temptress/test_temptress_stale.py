"""The island ends a stale round (``rules.temptress.stale``), as the seed's narrator would
when the suitors hold few cards and are not readily playing them: once every suitor still
in has had a turn at the floor since an action last reached a target.

Each test builds a three-suitor ``known_table`` (Ada, Basil, Cora), deals the cards it
needs, loads the dice and plays through ``game.apply``.
"""

from __future__ import annotations

from rules.temptress import stale
from rules.temptress.actions import (
    Decline,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    StartArgument,
)
from rules.temptress.help import RULES
from rules.temptress.state import Stage
from tests.temptress_helpers import (
    ADA,
    BASIL,
    CORA,
    ISOLDE,
    ORIANE,
    act,
    arrange,
    cards,
    claim,
    dice,
    known_table,
    lines,
    opened,
    suitor,
    vote_all,
)

STALE_END = (
    "Round 1 ends: the suitors hold few cards and the floor went a full circle without an "
    "action reaching a target."
)


def ada_misses(hands: dict[int, str] | None = None, person: bool = False):
    """Ada courts Oriane and misses a target of 30 with 2♣; Basil and Cora stayed out."""
    hands = hands or {ADA: "2C 3C", BASIL: "4D 5D 6D", CORA: "5H 6H"}  # three at most
    state = arrange(known_table(3, person=person), hands)
    state = claim(dice(state, 10, 10, 10), ADA, ORIANE)
    return vote_all(act(state, PlayCards(ADA, cards("2C"))))


def test_island_ends_a_stale_round():
    state = ada_misses()
    assert stale.quiet_turns(state) == (ADA,)
    after = act(state, Decline(BASIL), Decline(CORA))
    assert lines(state, after)[:3] == [
        "Basil lets the floor pass.",
        "Cora lets the floor pass.",
        STALE_END,
    ]
    assert after.round == 2 and after.stage == Stage.FLOOR


def test_a_reached_target_starts_the_stale_count_again():
    state = arrange(known_table(3), {ADA: "9C 3C", BASIL: "4D", CORA: "5H 6H"})
    state = claim(dice(state, 1, 2, 3), ADA, ORIANE)
    state = vote_all(act(state, PlayCards(ADA, cards("9C")), _stop(ADA)))
    assert stale.quiet_turns(state) == ()
    state = claim(dice(state, 10, 10, 10), BASIL, ISOLDE)
    state = vote_all(act(state, PlayCards(BASIL, cards("4D"))))
    after = act(state, Decline(CORA))
    assert stale.quiet_turns(after) == (CORA, BASIL)  # Ada's turn came before her success
    assert after.round == 1 and after.stage == Stage.FLOOR
    last = act(after, Decline(ADA))
    assert lines(after, last)[:2] == ["Ada lets the floor pass.", STALE_END]


def test_an_argument_is_a_turn_that_reaches_no_target():
    state = opened(ada_misses(), last_actor=ADA)
    state = suitor(state, BASIL, rapport=1)
    state = act(state, StartArgument(BASIL, CORA, 1))
    assert stale.quiet_turns(state) == (BASIL, ADA)
    assert state.stage == Stage.CONTEST


def test_a_round_is_not_stale_while_a_suitor_holds_more_than_three_cards():
    hands = {ADA: "2C 3C", BASIL: "4D 5D 6D 7D", CORA: "5H 6H"}  # Basil holds four
    state = ada_misses(hands)
    after = act(state, Decline(BASIL), Decline(CORA))
    assert stale.quiet_turns(after) == (CORA, BASIL, ADA)
    assert not stale.is_stale(after)
    assert after.round == 1 and after.stage == Stage.FLOOR


def test_a_person_narrator_judges_a_stale_round_for_themselves():
    state = ada_misses(person=True)
    state = act(state, _verdict())
    after = act(state, Decline(BASIL), Decline(CORA))
    assert not stale.is_stale(after)
    assert after.round == 1 and after.stage == Stage.FLOOR


def test_the_rules_tell_when_the_island_ends_a_stale_round():
    text = " ".join(RULES.split())
    assert (
        "When the island narrates, it also ends a round that has gone **stale**, as a "
        "narrator would when the suitors hold few cards and are not playing them to any "
        "effect: no suitor still in holds more than three cards, and every one of them has "
        "had a turn at the floor (acted, argued or declined) since an action last reached "
        "a target."
    ) in text


def _stop(seat: int) -> RaiseStakes:
    return RaiseStakes(seat, False)


def _verdict() -> NarratorVerdict:
    """The person narrator (seat 3 at a three-suitor table) awards nothing, no twist."""
    return NarratorVerdict(3, (), False)
