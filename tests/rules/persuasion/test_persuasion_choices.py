"""What each seat is offered: the choices in its view, one named test per rule.

Every table is built explicitly (``table``, ``court``, ``known_table``,
``at_reception``, ``at_final``); the tests assert the exact questions, labels,
keys and reasons, and (``honest``) that every open answer is applied and every
closed one refused with the very sentence it shows. A seat is asked about its
own cards as "your cards", and sees a card it is not aware of as "face down".
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from attrs import evolve

from rules.choices import Option, Pick
from rules.persuasion import game
from rules.persuasion.state import (
    CardAction,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionState,
    Send,
    UseCard,
)
from tests.persuasion_helpers import (
    ADA,
    ADA_CARDS,
    BASIL,
    BASIL_CARDS,
    CORA,
    DMITRI,
    NAMES,
    act,
    at_final,
    at_reception,
    cards,
    choice_texts,
    choices_of,
    closed,
    court,
    fresh,
    known_table,
    labels,
    leaf_values,
    mail,
    num,
    option,
    random_policy,
    reachable,
    refused,
    table,
    then,
    use,
)

UNKNOWN = "You already know that card: choose one you have not seen."
UNAWARE = "You may only use a card you are aware of (face up or stamped)."
# How Ada's cards read to Basil at his court: the card he uses (stamped), two he
# has not seen, Honest Income face up.
ADA_SEEN_BY_BASIL = [
    "A face-down card",
    "A face-down card",
    "Honest Income (wealth; face up)",
]
BASIL_OWN = ["Kind Introduction (standing)", "Lock of Hair (passion)"]


def leaves(question: Pick[Any]) -> Iterator[Option[Any]]:
    """Every option that is an action (open or closed), down every open ``then``."""
    for item in question.options:
        if item.then is None:
            yield item
        elif item.open:
            assert isinstance(item.then, Pick)
            yield from leaves(item.then)


def honest(state: PersuasionState, seat: int) -> int:
    """Every open answer is applied, every closed one refused with its reason; how many."""
    count = 0
    for leaf in leaves(choices_of(state, seat)):
        if leaf.open:
            act(state, leaf.value)
        else:
            assert refused(state, leaf.value) == leaf.closed, leaf.label
        count += 1
    return count


def values(question: Pick[Any]) -> list[Any]:
    return [o.value for o in question.options]


# --- prompts ------------------------------------------------------------------------------


def test_the_mailing_prompt_names_who_still_chooses_with_the_right_verb():
    state = table()
    assert game.prompt(state).text == (
        "Mailing: Ada, Basil, Cora and Dmitri choose what to send, in secret."
    )
    state = act(state, Send(ADA, BASIL), Send(BASIL, ADA))
    assert game.prompt(state).text == "Mailing: Cora and Dmitri choose what to send, in secret."
    state = act(state, Send(CORA, DMITRI))
    assert game.prompt(state).text == "Mailing: Dmitri chooses what to send, in secret."


# --- the introductions --------------------------------------------------------------------

# Seed 3 deals Ada these six cards.
ADA_DEALT = [
    "Lock of Hair (passion)",
    "Marriage Settlement (wealth)",
    "Court Presentation (2 standing)",
    "Sold Racehorses (wealth)",
    "Acquisitive Heir (wealth)",
    "Gilded Carriage (2 wealth)",
]


def test_introductions_offer_each_card_to_flip_then_each_other_card_to_discard():
    state = fresh(3, 4)
    offered = choices_of(state, ADA)
    assert offered.ask == "Which of your cards do you flip face up?"
    assert labels(offered) == ADA_DEALT and closed(offered) == {}
    discard = then(offered, "Court Presentation (2 standing)")
    assert discard.ask == "Which of your other cards do you discard?"
    assert labels(discard) == [label for label in ADA_DEALT if not label.startswith("Court")]
    assert values(discard) == [Introduce(ADA, 2, drop) for drop in (0, 1, 3, 4, 5)]
    assert honest(state, ADA) == 30


def test_a_player_who_has_introduced_themselves_is_offered_nothing_more():
    state = act(fresh(3, 4), Introduce(ADA, 0, 1))
    assert game.view(state, ADA).choices is None
    assert choices_of(state, BASIL).ask == "Which of your cards do you flip face up?"


# --- the mailing ----------------------------------------------------------------------------


def test_mail_offers_each_other_player_then_the_ring_and_the_cards_they_may_receive():
    state = table(faceup=("Honest Income",), stamps={"Stolen Glances": (BASIL,)})
    offered = choices_of(state, ADA)
    assert offered.ask == "Whom do you write to this round, in secret?"
    assert labels(offered) == ["Basil", "Cora", "Dmitri"]
    assert values(offered) == [BASIL, CORA, DMITRI]
    to_basil = then(offered, "Basil")
    assert to_basil.ask == "Send Basil your ring, or your seal with one of your cards:"
    assert labels(to_basil) == [
        "Your ring: a proposal",
        "Well-Informed Aunt (standing)",
        "Stolen Glances (passion)",
        "Honest Income (wealth; face up)",
    ]
    assert values(to_basil) == [Send(ADA, BASIL, None), *(Send(ADA, BASIL, s) for s in range(3))]
    assert to_basil.keyed("ring") == to_basil.options[0]
    assert closed(to_basil) == {
        "Stolen Glances (passion)": "Basil already knows that card: choose another.",
        "Honest Income (wealth; face up)": ("Send a face-down card: that one is face up for all."),
    }
    # What may be mailed depends on the recipient: Cora has not seen Stolen Glances.
    assert closed(then(offered, "Cora")) == {
        "Honest Income (wealth; face up)": ("Send a face-down card: that one is face up for all."),
    }
    assert honest(state, ADA) == 12


def test_a_recipient_aware_of_all_your_cards_is_offered_only_your_ring():
    state = table(
        faceup=("Honest Income",),
        stamps={"Well-Informed Aunt": (BASIL,), "Stolen Glances": (BASIL, CORA)},
    )
    offered = choices_of(state, ADA)
    assert labels(offered) == ["Basil (only your ring)", "Cora", "Dmitri"]
    assert leaf_values(then(offered, "Basil (only your ring)")) == [Send(ADA, BASIL, None)]
    assert leaf_values(then(offered, "Cora")) == [Send(ADA, CORA, None), Send(ADA, CORA, 0)]


def test_a_player_who_has_mailed_is_offered_nothing_until_the_reception():
    state = act(table(), Send(ADA, BASIL))
    assert game.view(state, ADA).choices is None
    assert labels(choices_of(state, BASIL)) == ["Ada", "Cora", "Dmitri"]


# --- the reception: holding seals and rings ------------------------------------------------


def test_a_holder_is_offered_a_pass_and_every_card_of_the_owners_they_hold():
    state = court("Curious Banker")
    offered = choices_of(state, BASIL)
    assert offered.ask == "Use a card of someone whose seal you hold, or pass:"
    assert labels(offered) == [
        "Pass: use no card this time",
        "Ada's Curious Banker: peek at one of Ada's cards",
        "Ada's face-down card",
        "Ada's face-down card",
        "Ada's Honest Income: flip up one of Ada's cards",
    ]
    assert offered.keyed("pass") == Option(Pass(BASIL), "Pass: use no card this time", key="pass")
    assert [o.closed for o in offered.options] == ["", "", UNAWARE, UNAWARE, ""]
    assert values(offered)[1:] == [UseCard(BASIL, ADA, slot) for slot in range(4)]
    assert game.view(state, CORA).choices is None
    honest(state, BASIL)


def test_a_holder_of_several_seals_is_offered_the_cards_of_each_owner_in_turn():
    state = court("Curious Banker", stamped={"Tactful Silence": (BASIL,)})
    state = at_reception(state, {BASIL: (ADA, CORA), ADA: (BASIL,), DMITRI: ()}, turns=(BASIL,))
    assert labels(choices_of(state, BASIL))[5:] == [
        "Cora's Tactful Silence: discard one of Cora's cards",
        "Cora's face-down card",
    ]
    honest(state, BASIL)


# --- the ten card actions and their targets --------------------------------------------------


def targets(state: PersuasionState, used: str) -> Pick[Any]:
    """Where using Ada's card ``used`` leads Basil."""
    offered = choices_of(state, BASIL)
    action = cards()[num(used)].action
    label = next(o.label for o in offered.options if o.label.startswith(f"Ada's {used}: "))
    assert option(offered, label).value.slot == state.traits[ADA].index(num(used)), action
    return then(offered, label)


def test_peek_author_offers_the_authors_cards_closing_those_you_know():
    state = court("Curious Banker")
    offered = targets(state, "Curious Banker")
    assert offered.ask == "Which of Ada's cards do you peek at?"
    assert labels(offered) == ["Curious Banker (wealth)", *ADA_SEEN_BY_BASIL]
    assert closed(offered) == {
        "Curious Banker (wealth)": UNKNOWN,
        "Honest Income (wealth; face up)": UNKNOWN,
    }
    assert values(offered) == [UseCard(BASIL, ADA, 0, target=t) for t in range(4)]
    honest(state, BASIL)


def test_peek_author_is_closed_when_you_know_all_the_authors_cards():
    state = court(
        "Curious Banker", stamped={"Well-Informed Aunt": (BASIL,), "Stolen Glances": (BASIL,)}
    )
    use = option(choices_of(state, BASIL), "Ada's Curious Banker: peek at one of Ada's cards")
    assert use.closed == "You already know all of Ada's cards." and use.then is None
    assert refused(state, use.value) == use.closed


def test_peek_bystander_offers_the_bystanders_then_their_cards_you_do_not_know():
    state = court("Gossiping Steward", stamped={"Tactful Silence": (BASIL,)})
    use = "Ada's Gossiping Steward: peek at a bystander's card"
    offered = then(choices_of(state, BASIL), use)
    assert offered.ask == "Whose card do you peek at?"
    assert labels(offered) == ["Cora (2 cards)", "Dmitri (2 cards)"]
    assert values(offered) == [UseCard(BASIL, ADA, 0, player=p) for p in (CORA, DMITRI)]
    at_cora = then(offered, "Cora (2 cards)")
    assert at_cora.ask == "Which of Cora's cards do you peek at?"
    assert labels(at_cora) == ["Tactful Silence (standing)", "A face-down card"]
    assert closed(at_cora) == {"Tactful Silence (standing)": UNKNOWN}
    assert values(at_cora) == [UseCard(BASIL, ADA, 0, player=CORA, target=t) for t in (0, 1)]
    honest(state, BASIL)


def test_peek_bystander_closes_a_bystander_you_know_through_or_without_cards():
    known = {"Tactful Silence": (BASIL,), "Burnt Love Letters": (BASIL,)}
    state = court("Gossiping Steward", stamped=known)
    offered = then(choices_of(state, BASIL), "Ada's Gossiping Steward: peek at a bystander's card")
    assert closed(offered) == {"Cora (2 cards)": "You already know all of Cora's cards."}
    honest(state, BASIL)
    state = court("Gossiping Steward", stamped=known, hands={DMITRI: ()})
    offered = choices_of(state, BASIL)
    assert closed(offered)["Ada's Gossiping Steward: peek at a bystander's card"] == (
        "You already know all the bystanders' cards."
    )
    honest(state, BASIL)


def test_show_author_offers_your_cards_closing_those_the_author_knows():
    state = court("Family Diamonds", stamped={"Kind Introduction": (ADA,)})
    offered = targets(state, "Family Diamonds")
    assert offered.ask == "Which of your cards do you show Ada?"
    assert labels(offered) == BASIL_OWN
    assert closed(offered) == {
        BASIL_OWN[0]: "Ada already knows that card: show one they have not seen."
    }
    assert values(offered) == [UseCard(BASIL, ADA, 0, mine=m) for m in (0, 1)]
    honest(state, BASIL)


def test_show_author_is_closed_when_the_author_knows_all_your_cards():
    state = court(
        "Family Diamonds", stamped={"Kind Introduction": (ADA,), "Lock of Hair": (ADA, CORA)}
    )
    use = option(choices_of(state, BASIL), "Ada's Family Diamonds: show Ada one of your cards")
    assert use.closed == "Ada already knows all of your cards."
    assert refused(state, use.value) == use.closed


@pytest.mark.parametrize(
    ("used", "ask"),
    [
        ("Frank Solicitor", "Which of Ada's cards do you flip face up?"),
        ("Acquisitive Heir", "Which of Ada's cards do you take?"),
        ("Quiet Debts", "Which of Ada's cards do you discard?"),
    ],
    ids=["flip_author", "take_author", "discard_author"],
)
def test_flip_take_and_discard_author_offer_every_card_of_the_author(used, ask):
    state = court(used)
    offered = targets(state, used)
    assert offered.ask == ask
    assert labels(offered) == [f"{used} (wealth)", *ADA_SEEN_BY_BASIL]
    flip_closed = {
        "Honest Income (wealth; face up)": (
            "Ada's Honest Income is face up already: flip a face-down one."
        )
    }
    assert closed(offered) == (flip_closed if used == "Frank Solicitor" else {})
    assert values(offered) == [UseCard(BASIL, ADA, 0, target=t) for t in range(4)]
    honest(state, BASIL)


def test_cards_are_named_not_numbered_so_a_discard_renames_none():
    """Basil knows Ada's Curious Banker; once another of her cards is discarded before it,
    the card has another place but is offered under the same name."""
    state = court("Quiet Debts", stamped={"Well-Informed Aunt": (CORA,)})
    before = targets(state, "Quiet Debts")
    assert labels(before) == [
        "Quiet Debts (wealth)",
        "A face-down card, stamped by Cora",
        "A face-down card",
        "Honest Income (wealth; face up)",
    ]
    after = act(state, use(state, BASIL, ADA, "Quiet Debts", target=0))  # it discards itself
    after = at_reception(after, {BASIL: (ADA,)}, turns=(BASIL,))
    offered = choices_of(after, BASIL)
    assert labels(offered) == [
        "Pass: use no card this time",
        "Ada's face-down card",
        "Ada's face-down card",
        "Ada's Honest Income: flip up one of Ada's cards",
    ]
    assert option(offered, "Ada's Honest Income: flip up one of Ada's cards").value.slot == 2
    assert labels(then(offered, "Ada's Honest Income: flip up one of Ada's cards")) == [
        "A face-down card, stamped by Cora",
        "A face-down card",
        "Honest Income (wealth; face up)",
    ]


def test_the_holders_question_speaks_of_rings_where_rings_are_held():
    state = court("Curious Banker")
    ring = evolve(state, proposals=((state.round, ADA, BASIL),))
    assert choices_of(ring, BASIL).ask == "Use a card of someone whose ring you hold, or pass:"
    both = at_reception(ring, {BASIL: (ADA, CORA)}, turns=(BASIL,))
    assert choices_of(both, BASIL).ask == (
        "Use a card of someone whose seal or ring you hold, or pass:"
    )
    earlier = evolve(state, proposals=((state.round - 1, ADA, BASIL),))
    assert choices_of(earlier, BASIL).ask == "Use a card of someone whose seal you hold, or pass:"


def test_give_author_offers_every_one_of_your_cards():
    state = court("Generous Patron")
    offered = targets(state, "Generous Patron")
    assert offered.ask == "Which of your cards do you give Ada?"
    assert labels(offered) == BASIL_OWN and closed(offered) == {}
    assert values(offered) == [UseCard(BASIL, ADA, 0, mine=m) for m in (0, 1)]
    honest(state, BASIL)


def test_give_author_is_closed_when_you_have_no_cards_left():
    state = court("Generous Patron", hands={BASIL: ()})
    use = option(choices_of(state, BASIL), "Ada's Generous Patron: give Ada one of your cards")
    assert use.closed == "You have no cards left."
    assert refused(state, use.value) == use.closed


def test_discard_bystander_offers_the_bystanders_with_cards_then_any_of_their_cards():
    state = court("Ruinous Wager", hands={DMITRI: ()})
    offered = then(choices_of(state, BASIL), "Ada's Ruinous Wager: discard a bystander's card")
    assert offered.ask == "Whose card do you discard?"
    assert labels(offered) == ["Cora (2 cards)", "Dmitri (0 cards)"]
    assert closed(offered) == {"Dmitri (0 cards)": "Dmitri has no cards left."}
    at_cora = then(offered, "Cora (2 cards)")
    assert at_cora.ask == "Which of Cora's cards do you discard?"
    assert labels(at_cora) == ["A face-down card", "A face-down card"]
    assert closed(at_cora) == {}
    honest(state, BASIL)


def test_take_discard_offers_the_discards_as_you_know_them():
    dropped = ("Sold Racehorses", "Broken Engagement")
    state = court("Second-Hand Silver", dropped=dropped, stamped={"Sold Racehorses": (BASIL,)})
    offered = targets(state, "Second-Hand Silver")
    assert offered.ask == "Which card do you take from the discards?"
    assert labels(offered) == ["Sold Racehorses (wealth)", "A face-down card"]
    assert values(offered) == [UseCard(BASIL, ADA, 0, discard=d) for d in (0, 1)]
    assert closed(offered) == {}
    honest(state, BASIL)


def test_take_discard_is_closed_while_the_discards_are_empty():
    state = court("Second-Hand Silver")
    use = option(
        choices_of(state, BASIL), "Ada's Second-Hand Silver: take a card from the discards"
    )
    assert use.closed == "Choose a card in the discards."
    assert refused(state, use.value) == use.closed


def test_swap_author_offers_your_card_then_the_authors_card():
    state = court("Marriage Settlement")
    offered = targets(state, "Marriage Settlement")
    assert offered.ask == "Which of your cards do you give Ada?"
    assert labels(offered) == BASIL_OWN and values(offered) == [0, 1]
    for mine, label in enumerate(BASIL_OWN):
        theirs = then(offered, label)
        assert theirs.ask == "Which of Ada's cards do you take for it?"
        assert labels(theirs) == ["Marriage Settlement (wealth)", *ADA_SEEN_BY_BASIL]
        assert values(theirs) == [UseCard(BASIL, ADA, 0, mine=mine, target=t) for t in range(4)]
    assert honest(state, BASIL) == 1 + 2 * 4 + 2 + 4  # pass, swaps, two unaware, flips


ONE_CARD_PER_ACTION = {
    CardAction.PEEK_AUTHOR: "Curious Banker",
    CardAction.PEEK_BYSTANDER: "Gossiping Steward",
    CardAction.SHOW_AUTHOR: "Family Diamonds",
    CardAction.FLIP_AUTHOR: "Frank Solicitor",
    CardAction.TAKE_AUTHOR: "Acquisitive Heir",
    CardAction.GIVE_AUTHOR: "Generous Patron",
    CardAction.DISCARD_AUTHOR: "Quiet Debts",
    CardAction.DISCARD_BYSTANDER: "Ruinous Wager",
    CardAction.TAKE_DISCARD: "Second-Hand Silver",
    CardAction.SWAP_AUTHOR: "Marriage Settlement",
}


@pytest.mark.parametrize("kind", list(CardAction))
def test_every_card_action_leads_to_targets_the_rules_take(kind):
    used = ONE_CARD_PER_ACTION[kind]
    assert cards()[num(used)].action == kind
    state = court(used, dropped=("Sold Racehorses",))
    offered = targets(state, used)
    assert offered.opened
    honest(state, BASIL)


# --- the reception: holding nothing ----------------------------------------------------------


def holding_nothing() -> PersuasionState:
    """Cora holds nothing and takes her turn; Dmitri has no cards."""
    state = known_table(
        4,
        {ADA: ADA_CARDS, BASIL: BASIL_CARDS, CORA: ("Tactful Silence",), DMITRI: ()},
        faceup=("Honest Income",),
    )
    return at_reception(state, {ADA: (BASIL, CORA, DMITRI), BASIL: (ADA,)}, turns=(CORA,))


def test_a_player_holding_nothing_is_offered_the_cards_of_everyone_who_has_some():
    state = holding_nothing()
    offered = choices_of(state, CORA)
    assert offered.ask == "You hold nothing: whose card do you discard?"
    assert labels(offered) == [
        "Ada (3 cards)",
        "Basil (2 cards)",
        "You (1 card)",
        "Dmitri (0 cards)",
    ]
    assert offered.keyed("pass") is None
    assert closed(offered) == {"Dmitri (0 cards)": "Dmitri has no cards left."}
    mine = then(offered, "You (1 card)")
    assert mine.ask == "Which of your cards do you discard?"
    assert labels(mine) == ["Tactful Silence (standing)"]
    assert values(mine) == [ForcedDiscard(CORA, CORA, 0)]
    adas = then(offered, "Ada (3 cards)")
    assert adas.ask == "Which of Ada's cards do you discard?"
    assert labels(adas) == [
        "A face-down card",
        "A face-down card",
        "Honest Income (wealth; face up)",
    ]
    assert honest(state, CORA) == 3 + 2 + 1 + 1


def test_a_player_holding_nothing_and_without_cards_is_told_so_in_their_own_words():
    state = at_reception(
        known_table(4, {CORA: ()}), {ADA: (BASIL, CORA, DMITRI), BASIL: (ADA,)}, turns=(CORA,)
    )
    offered = choices_of(state, CORA)
    assert closed(offered) == {"You (0 cards)": "You have no cards left."}
    honest(state, CORA)


# --- the Evening Ball ---------------------------------------------------------------------------


def test_at_the_evening_ball_no_card_action_is_offered():
    state = known_table(4, {ADA: ADA_CARDS, BASIL: BASIL_CARDS}, evening_ball=True)
    state = mail(
        state, (ADA, BASIL, None), (BASIL, ADA, None), (CORA, ADA, None), (DMITRI, BASIL, None)
    )
    assert state.turns == (CORA, DMITRI)
    assert game.view(state, ADA).choices is None and game.view(state, BASIL).choices is None
    assert all(isinstance(a, ForcedDiscard) for a in leaf_values(choices_of(state, CORA)))
    for state in evening_ball_states():
        for seat in range(len(state.traits)):
            offered = game.view(state, seat).choices
            if offered is not None:
                assert not any(isinstance(a, UseCard | Pass) for a in leaf_values(offered))


def test_a_holder_asked_at_the_evening_ball_may_only_pass():
    """The rules never give a holder a turn at the Evening Ball; were one asked, no card
    action would be offered, and the rules would refuse one."""
    state = court("Curious Banker")
    state = evolve(state, config=evolve(state.config, evening_ball=True))
    offered = choices_of(state, BASIL)
    assert labels(offered) == ["Pass: use no card this time"]
    assert refused(state, use(state, BASIL, ADA, "Curious Banker", target=1)) == (
        "The Evening Ball has no card actions."
    )


@cache
def evening_ball_states() -> tuple[PersuasionState, ...]:
    return reachable(
        [(fresh(seed, 3 + seed, evening_ball=True), random_policy(seed)) for seed in range(4)]
    )


# --- the last rings ------------------------------------------------------------------------------


def test_the_last_ring_goes_to_the_discards_or_to_another_player():
    state = at_final(table(), ((ADA, BASIL),))
    offered = choices_of(state, CORA)
    assert offered.ask == "Where does your ring go?"
    assert labels(offered) == [
        "To the discards",
        "Ada (engaged to Basil)",
        "Basil (engaged to Ada)",
        "Dmitri",
    ]
    assert values(offered) == [FinalRing(CORA, None), *(FinalRing(CORA, p) for p in (0, 1, 3))]
    assert offered.keyed("discards") == offered.options[0]
    assert game.view(state, ADA).choices is None
    assert honest(state, CORA) == 4


# --- every moment of some seasons -----------------------------------------------------------------


@cache
def seasons() -> tuple[PersuasionState, ...]:
    return reachable(
        [(fresh(seed, 3 + seed % 6), random_policy(seed)) for seed in range(60, 72)], bound=400
    )


def test_only_the_asked_seats_are_offered_anything_and_the_public_table_nothing():
    for state in seasons():
        asked = game.prompt(state)
        assert game.view(state, None).choices is None
        for seat in range(len(state.traits)):
            offered = game.view(state, seat).choices
            assert (offered is not None) == (asked is not None and seat in asked.seats)


def test_a_seat_is_asked_about_its_own_cards_as_yours_and_never_by_its_name():
    for state in seasons():
        for seat in range(len(state.traits)):
            texts = choice_texts(game.view(state, seat).choices)
            assert not [t for t in texts if f"{NAMES[seat]}'s" in t or f"{NAMES[seat]} " in t]


def test_every_question_and_option_fits_an_80_column_screen():
    widest = max(
        (len(text) for state in seasons() for seat in range(len(state.traits))
         for text in choice_texts(game.view(state, seat).choices)),
        default=0,
    )  # fmt: skip
    assert 40 < widest <= 76
