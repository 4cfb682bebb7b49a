"""Persuasion's rules, one named test per rule and per card action.

Every test builds its table explicitly with ``known_table`` (chosen trait
cards by title, face-up cards, stamps, discards) and, for the reception,
``at_reception`` (who holds whose seal or ring, whose turns are left); then it
plays actions through ``game.apply`` and asserts exact stamps, owners, faces,
story lines and refusals. Every diary desires wealth and despises passion
unless a test says otherwise. The last section plays whole seasons (random play,
the bots and both) and checks the season's own invariants after every action.
"""

from __future__ import annotations

from collections import Counter

import pytest
from attrs import evolve

from rules.engine import IllegalAction, Outcome
from rules.persuasion import game
from rules.persuasion.game import PERSUASION
from rules.persuasion.state import (
    DIARIES,
    CardAction,
    Delivery,
    Diary,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionState,
    Phase,
    Send,
    Symbol,
    UseCard,
)
from rules.session import BOT, SeatPlan, Session
from rules.simulate import play_out, simulate
from tests.persuasion_helpers import (
    ADA,
    ADA_CARDS,
    BASIL,
    BASIL_CARDS,
    CORA,
    CORA_CARDS,
    DMITRI,
    DMITRI_CARDS,
    HOLDER_TEXT,
    NAMES,
    Watcher,
    act,
    at_final,
    at_reception,
    bot_policy,
    cards,
    config,
    court,
    discards,
    fresh,
    hand,
    is_up,
    known_table,
    mail,
    mixed_policy,
    num,
    playout,
    private,
    prompt_seats,
    public,
    random_policy,
    reachable,
    refused,
    seen_text,
    slot,
    stamps,
    table,
    up_cards,
    use,
)

# --- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_the_deal_gives_six_cards_and_a_diary_each_and_boxes_the_rest(players):
    state = fresh(11, players)
    assert [len(cards) for cards in state.traits] == [6] * players
    dealt = [n for cards in state.traits for n in cards]
    assert len(set(dealt)) == 6 * players
    assert len(state.box) == 54 - 6 * players
    assert sorted(dealt + list(state.box)) == list(range(54))
    assert state.discards == ()
    assert state.faceup == (False,) * 54 and state.stamps == ((),) * 54
    assert len(state.diaries) == players
    assert not Counter(state.diaries) - Counter(DIARIES)
    assert state.hostex == ADA and state.phase == Phase.INTRO and state.round == 1
    assert prompt_seats(state) == tuple(range(players))


def test_each_diary_is_told_to_its_owner_only():
    state = fresh(3, 4)
    told = [(e.seats, e.text) for e in state.log if e.seats is not None]
    assert told == [
        ((seat,), f"Your diary: you desire {d.desired} and despise {d.despised}.")
        for seat, d in enumerate(state.diaries)
    ]
    assert [e.text for e in state.log if e.seats is None] == [
        "The season opens: Ada, Basil, Cora, Dmitri. Ada, the most polite, holds the hostex "
        "marker.",
        "Introductions: everyone flips one card up and discards another.",
    ]


def test_the_evening_ball_is_announced_at_the_deal():
    state = fresh(3, 3, evening_ball=True)
    assert state.log[0].text == (
        "The season opens (Evening Ball: no card actions): Ada, Basil, Cora. Ada, the most "
        "polite, holds the hostex marker."
    )


@pytest.mark.parametrize("players", [2, 9])
def test_a_season_needs_three_to_eight_players(players):
    names = tuple(f"P{i}" for i in range(players))
    cfg = evolve(config(4), names=names)
    with pytest.raises(IllegalAction) as caught:
        game.new(cfg, 0)
    assert caught.value.reason == "Persuasion needs 3 to 8 players."


def test_a_pack_too_small_for_the_table_is_refused():
    cfg = config(8)
    cfg = evolve(cfg, cards=cfg.cards[:47])
    with pytest.raises(IllegalAction) as caught:
        game.new(cfg, 0)
    assert caught.value.reason == "The pack needs at least 48 trait cards."


# --- introductions ------------------------------------------------------------------------


def test_introductions_flip_one_card_up_and_discard_another_with_your_stamp():
    state = fresh(5, 4)
    ada = state.traits[ADA]
    after = act(state, Introduce(ADA, 2, 4))
    assert after.traits[ADA] == ada[:4] + ada[5:]  # the flipped card stays in her traits
    assert after.faceup[ada[2]] and after.stamps[ada[2]] == ()
    assert after.discards == (ada[4],)
    assert after.stamps[ada[4]] == (ADA,) and not after.faceup[ada[4]]
    assert sum(after.faceup) == 1
    assert public(state, after) == [
        f"Ada flips up {state.config.cards[ada[2]].title} and discards a card."
    ]
    assert private(state, after) == []
    assert after.phase == Phase.INTRO and prompt_seats(after) == (BASIL, CORA, DMITRI)


def test_introductions_refuse_one_card_twice_a_missing_card_and_a_second_go():
    state = fresh(5, 4)
    assert refused(state, Introduce(ADA, 1, 1)) == "Flip up one card and discard a different one."
    assert refused(state, Introduce(ADA, 6, 1)) == "Ada has no card in that place."
    assert refused(state, Introduce(ADA, 0, -1)) == "Ada has no card in that place."
    once = act(state, Introduce(ADA, 0, 1))
    assert refused(once, Introduce(ADA, 0, 1)) == (
        "It is not Ada's turn: Introductions: flip one card up and discard another."
    )
    assert refused(once, Send(BASIL, ADA)) == (
        "That is not possible now: Introductions: flip one card up and discard another."
    )


def test_the_first_mailing_begins_when_everyone_is_introduced():
    state = fresh(5, 3)
    state = act(state, Introduce(ADA, 0, 1), Introduce(CORA, 0, 1))
    assert state.phase == Phase.INTRO
    after = act(state, Introduce(BASIL, 5, 0))
    assert after.phase == Phase.MAIL and after.round == 1
    assert [len(cards) for cards in after.traits] == [5, 5, 5]
    assert len(after.discards) == 3
    assert public(state, after)[-1] == "Round 1: the mailing begins."
    assert game.prompt(after).text == (
        "Mailing: Ada, Basil and Cora choose what to send, in secret."
    )


# --- mailing ------------------------------------------------------------------------------


def test_mail_is_chosen_in_secret_and_nothing_is_shown_until_everyone_has_chosen():
    state = table()
    before = state
    state = mail(state, (ADA, BASIL, "Stolen Glances"), (BASIL, ADA, None), (CORA, DMITRI, None))
    assert state.phase == Phase.MAIL and prompt_seats(state) == (DMITRI,)
    assert state.stamps == before.stamps and state.proposals == ()
    assert public(before, state) == [
        "Ada has chosen what to send.",
        "Basil has chosen what to send.",
        "Cora has chosen what to send.",
    ]
    assert private(before, state) == []
    for seat in (BASIL, CORA, DMITRI, None):
        view = game.view(state, seat)
        assert view.deliveries == () and view.proposals == ()
        assert [p.mailed for p in view.players] == [True, True, True, False]
        assert [p.holds for p in view.players] == [(), (), (), ()]
        assert all(c.card is None for c in view.players[ADA].cards if not c.faceup)
    assert game.view(state, ADA).sent == Delivery(BASIL, num("Stolen Glances"))
    assert game.view(state, BASIL).sent == Delivery(ADA, None)
    assert game.view(state, DMITRI).sent is None
    assert refused(state, Send(ADA, CORA)) == (
        "It is not Ada's turn: Mailing: Dmitri chooses what to send, in secret."
    )


def test_a_seal_brings_a_face_down_card_the_recipient_is_not_aware_of():
    state = table(faceup=("Honest Income",), stamps={"Stolen Glances": (BASIL,)})
    honest, glances = slot(state, ADA, "Honest Income"), slot(state, ADA, "Stolen Glances")
    assert refused(state, Send(ADA, BASIL, honest)) == (
        "Send a face-down card: that one is face up for all."
    )
    assert refused(state, Send(ADA, BASIL, glances)) == (
        "Basil already knows that card: choose another."
    )
    assert refused(state, Send(ADA, BASIL, 3)) == "Ada has no card in that place."
    assert refused(state, Send(ADA, ADA, 0)) == "Send to another player at the table."
    assert refused(state, Send(ADA, 4, 0)) == "Send to another player at the table."
    assert refused(state, Send(ADA, -1)) == "Send to another player at the table."
    after = act(state, Send(ADA, CORA, glances))
    assert after.mail[ADA] == Delivery(CORA, num("Stolen Glances"))


def test_a_player_aware_of_all_your_cards_may_only_receive_your_ring():
    state = table(
        faceup=("Honest Income",),
        stamps={"Well-Informed Aunt": (BASIL,), "Stolen Glances": (BASIL, CORA)},
    )
    for place in range(3):
        assert refused(state, Send(ADA, BASIL, place)) in (
            "Send a face-down card: that one is face up for all.",
            "Basil already knows that card: choose another.",
        )
    after = act(state, Send(ADA, BASIL))
    assert after.mail[ADA] == Delivery(BASIL, None)


def test_on_delivery_each_recipient_peeks_at_and_stamps_the_card_privately():
    state = table()
    before = state
    state = mail(
        state,
        (ADA, BASIL, "Stolen Glances"),
        (BASIL, ADA, "Lock of Hair"),
        (CORA, ADA, "Tactful Silence"),
        (DMITRI, BASIL, "Candid Countess"),
    )
    assert state.phase == Phase.RECEPTION
    assert stamps(state, "Stolen Glances") == (BASIL,)
    assert stamps(state, "Lock of Hair") == (ADA,)
    assert stamps(state, "Tactful Silence") == (ADA,)
    assert stamps(state, "Candid Countess") == (BASIL,)
    assert up_cards(state) == set()
    # The cards go home to their authors, in their places; the seals stay.
    assert [hand(state, p) for p in range(4)] == [
        list(ADA_CARDS),
        list(BASIL_CARDS),
        list(CORA_CARDS),
        list(DMITRI_CARDS),
    ]
    assert state.held == ((BASIL, CORA), (ADA, DMITRI), (), ())
    assert private(before, state) == [
        ((BASIL,), f"Ada sends you a card: {seen_text('Stolen Glances')}."),
        ((ADA,), f"Basil sends you a card: {seen_text('Lock of Hair')}."),
        ((ADA,), f"Cora sends you a card: {seen_text('Tactful Silence')}."),
        ((BASIL,), f"Dmitri sends you a card: {seen_text('Candid Countess')}."),
    ]
    assert public(before, state)[4:8] == [
        "Ada sends their seal and a card to Basil.",
        "Basil sends their seal and a card to Ada.",
        "Cora sends their seal and a card to Ada.",
        "Dmitri sends their seal and a card to Basil.",
    ]
    view = game.view(state, None)
    assert view.deliveries == (
        (ADA, BASIL, False),
        (BASIL, ADA, False),
        (CORA, ADA, False),
        (DMITRI, BASIL, False),
    )
    assert [p.holds for p in view.players] == [(BASIL, CORA), (ADA, DMITRI), (), ()]


def test_rings_are_kept_by_their_recipients_and_every_proposal_is_public():
    state = mail(
        table(),
        (ADA, BASIL, None),
        (BASIL, CORA, None),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, ADA, "Candid Countess"),
    )
    assert state.held == ((DMITRI,), (ADA,), (BASIL,), (CORA,))
    assert state.proposals == ((1, ADA, BASIL), (1, BASIL, CORA))
    assert state.exchanged == ()
    assert "Ada sends their ring to Basil!" in public(table(), state)
    assert game.view(state, DMITRI).proposals == ((1, ADA, BASIL), (1, BASIL, CORA))


def test_rings_sent_to_each_other_in_the_same_mailing_are_exchanged():
    before = table()
    state = mail(
        before,
        (ADA, BASIL, None),
        (BASIL, ADA, None),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, CORA, "Candid Countess"),
    )
    assert state.exchanged == ((ADA, BASIL),)
    assert state.held == ((BASIL,), (ADA,), (DMITRI,), (CORA,))
    assert "Ada and Basil have exchanged rings!" in public(before, state)
    assert state.phase == Phase.RECEPTION  # the reception is still played


def test_rings_sent_to_each_other_in_different_mailings_are_not_exchanged():
    state = mail(
        table(),
        (ADA, BASIL, None),
        (BASIL, CORA, "Lock of Hair"),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, ADA, "Candid Countess"),
    )
    state = act(state, Pass(ADA), Pass(BASIL), Pass(CORA), Pass(DMITRI))
    assert state.phase == Phase.MAIL and state.round == 2
    state = mail(
        state,
        (ADA, CORA, "Stolen Glances"),
        (BASIL, ADA, None),
        (CORA, DMITRI, "Burnt Love Letters"),
        (DMITRI, ADA, "Open-Hearted Poet"),
    )
    assert state.exchanged == ()
    assert state.proposals == ((1, ADA, BASIL), (2, BASIL, ADA))


# --- the reception: hostex and turns --------------------------------------------------------


def test_the_hostex_passes_clockwise_to_the_first_player_holding_nothing():
    before = table()
    state = mail(
        before,
        (ADA, BASIL, "Stolen Glances"),
        (BASIL, ADA, "Lock of Hair"),
        (CORA, ADA, "Tactful Silence"),
        (DMITRI, BASIL, "Candid Countess"),
    )
    assert state.hostex == CORA
    assert state.turns == (CORA, DMITRI, ADA, BASIL)
    assert public(before, state)[-1] == "The hostex marker passes to Cora."
    assert game.prompt(state).text == "Cora holds nothing and must discard one of anyone's cards."
    assert game.view(state, None).turn == CORA


def test_the_hostex_stays_when_everyone_holds_something_and_turns_start_with_the_hostex():
    state = known_table(4, hostex=CORA)
    state = act(state, Send(ADA, BASIL), Send(BASIL, CORA), Send(CORA, DMITRI), Send(DMITRI, ADA))
    assert state.hostex == CORA
    assert state.turns == (CORA, DMITRI, ADA, BASIL)


def test_the_hostex_marker_looks_for_a_player_holding_nothing_from_the_next_player():
    """Parlour's choice: a hostex who holds nothing passes the marker on if another does too."""
    state = act(
        table(), Send(ADA, BASIL), Send(BASIL, DMITRI), Send(CORA, DMITRI), Send(DMITRI, BASIL)
    )
    assert state.held == ((), (ADA, DMITRI), (), (BASIL, CORA))
    assert state.hostex == CORA and state.turns == (CORA, DMITRI, ADA, BASIL)
    alone = act(
        table(), Send(ADA, BASIL), Send(BASIL, CORA), Send(CORA, DMITRI), Send(DMITRI, BASIL)
    )
    assert alone.held == ((), (ADA, DMITRI), (BASIL,), (CORA,))
    assert alone.hostex == ADA and alone.turns == (ADA, BASIL, CORA, DMITRI)


def test_the_hostex_keeps_the_marker_into_the_next_round():
    state = mail(
        table(),
        (ADA, BASIL, "Stolen Glances"),
        (BASIL, ADA, "Lock of Hair"),
        (CORA, ADA, "Tactful Silence"),
        (DMITRI, BASIL, "Candid Countess"),
    )
    state = act(
        state,
        ForcedDiscard(CORA, DMITRI, 0),
        ForcedDiscard(DMITRI, CORA, 0),
        Pass(ADA),
        Pass(BASIL),
    )
    assert state.phase == Phase.MAIL and state.round == 2 and state.hostex == CORA
    assert game.prompt(state).seats == (CORA, DMITRI, ADA, BASIL)


def test_players_act_in_turn_order_only():
    state = court("Curious Banker")
    assert prompt_seats(state) == (BASIL,)
    assert refused(state, Pass(CORA)) == f"It is not Cora's turn: {HOLDER_TEXT}"
    assert refused(state, Pass(7)) == "That seat is not at this table."
    assert refused(state, Send(BASIL, ADA)) == f"That is not possible now: {HOLDER_TEXT}"


def test_a_player_holding_nothing_must_discard_one_of_anyones_cards():
    state = at_reception(table(), {ADA: (BASIL, CORA, DMITRI), BASIL: (ADA,)}, turns=(CORA, DMITRI))
    text = "Cora holds nothing and must discard one of anyone's cards."
    assert game.prompt(state).text == text
    reason = "You hold no seal or ring: you must discard one of anyone's cards."
    assert refused(state, Pass(CORA)) == reason
    assert refused(state, UseCard(CORA, ADA, 0, target=1)) == reason
    assert refused(state, ForcedDiscard(CORA, 4, 0)) == "Choose a player at the table."
    assert refused(state, ForcedDiscard(CORA, ADA, 3)) == "Ada has no card in that place."
    after = act(state, ForcedDiscard(CORA, ADA, slot(state, ADA, "Stolen Glances")))
    assert hand(after, ADA) == ["Well-Informed Aunt", "Honest Income"]
    assert discards(after) == ["Stolen Glances"]
    assert stamps(after, "Stolen Glances") == (CORA,) and not is_up(after, "Stolen Glances")
    assert public(state, after) == ["Cora holds nothing and discards one of Ada's cards."]
    assert private(state, after) == [
        ((CORA,), f"You discard Ada's card: {seen_text('Stolen Glances')}.")
    ]
    assert prompt_seats(after) == (DMITRI,)


def test_a_player_holding_nothing_may_discard_their_own_card():
    state = at_reception(table(), {ADA: (BASIL, CORA, DMITRI), BASIL: (ADA,)}, turns=(CORA, DMITRI))
    after = act(state, ForcedDiscard(CORA, CORA, 1))
    assert hand(after, CORA) == ["Tactful Silence"]
    assert discards(after) == ["Burnt Love Letters"]
    assert stamps(after, "Burnt Love Letters") == (CORA,)


def test_a_holder_may_not_discard_as_if_they_held_nothing_but_may_pass():
    state = court("Curious Banker")
    assert refused(state, ForcedDiscard(BASIL, ADA, 0)) == (
        "Only a player who holds nothing must discard."
    )
    after = act(state, Pass(BASIL))
    assert public(state, after) == ["Basil uses no card this time."]
    assert after.stamps == state.stamps and after.traits == state.traits
    assert prompt_seats(after) == (CORA,)


def test_a_holder_uses_only_cards_of_owners_whose_seal_or_ring_they_hold():
    state = court("Curious Banker", stamped={"Tactful Silence": (BASIL,)})
    assert refused(state, UseCard(BASIL, CORA, 0, target=1)) == (
        "You may only use the cards of someone whose seal or ring you hold."
    )
    assert refused(state, UseCard(BASIL, BASIL, 0, target=1)) == (
        "You may only use the cards of someone whose seal or ring you hold."
    )


def test_a_holder_uses_only_a_card_they_are_aware_of():
    state = court("Curious Banker")
    aunt = slot(state, ADA, "Well-Informed Aunt")
    assert refused(state, UseCard(BASIL, ADA, aunt, target=2)) == (
        "You may only use a card you are aware of (face up or stamped)."
    )
    assert refused(state, UseCard(BASIL, ADA, 4, target=2)) == "Ada has no card in that place."


def test_a_face_up_card_of_an_owner_whose_ring_you_hold_may_be_used():
    """Honest Income is face up (flip_author): Basil holds Ada's ring and flips her Aunt."""
    state = known_table(4, {ADA: ADA_CARDS, BASIL: BASIL_CARDS}, faceup=("Honest Income",))
    state = act(state, Send(ADA, BASIL), Send(BASIL, CORA), Send(CORA, DMITRI), Send(DMITRI, ADA))
    assert state.held[BASIL] == (ADA,) and state.turns[0] == ADA
    state = act(state, Pass(ADA))
    after = act(state, use(state, BASIL, ADA, "Honest Income", target=0))
    assert public(state, after) == [
        "Basil uses Ada's Honest Income: Flip up one of the author's cards.",
        "Ada's Well-Informed Aunt is flipped face up.",
    ]
    assert up_cards(after) == {"Honest Income", "Well-Informed Aunt"}


# --- card actions -----------------------------------------------------------------------------


def test_peek_author_peeks_at_and_stamps_an_authors_card_unknown_to_you():
    state = court("Curious Banker")
    glances = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Curious Banker", target=glances))
    assert stamps(after, "Stolen Glances") == (BASIL,)
    assert stamps(after, "Curious Banker") == (BASIL,)
    assert hand(after, ADA) == ["Curious Banker", *ADA_CARDS]
    assert up_cards(after) == {"Honest Income"}
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Peek at one of the author's cards."
    ]
    assert private(state, after) == [
        ((BASIL,), f"You peek at Ada's card: {seen_text('Stolen Glances')}.")
    ]
    assert prompt_seats(after) == (CORA,)


def test_peek_author_needs_a_card_you_are_not_aware_of():
    state = court("Curious Banker")
    known = "You already know that card: choose one you have not seen."
    for name in ("Curious Banker", "Honest Income"):
        target = slot(state, ADA, name)
        assert refused(state, use(state, BASIL, ADA, "Curious Banker", target=target)) == known
    assert refused(state, use(state, BASIL, ADA, "Curious Banker", target=4)) == (
        "Ada has no card in that place."
    )
    assert refused(state, use(state, BASIL, ADA, "Curious Banker")) == (
        "Ada has no card in that place."
    )


def test_peek_bystander_peeks_at_a_card_of_neither_you_nor_the_author():
    state = court("Gossiping Steward")
    target = slot(state, CORA, "Burnt Love Letters")
    after = act(state, use(state, BASIL, ADA, "Gossiping Steward", player=CORA, target=target))
    assert stamps(after, "Burnt Love Letters") == (BASIL,)
    assert hand(after, CORA) == list(CORA_CARDS)
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Peek at one of a bystander's cards.",
        "Basil peeks at one of Cora's cards.",
    ]
    assert private(state, after) == [
        ((BASIL,), f"You peek at Cora's card: {seen_text('Burnt Love Letters')}.")
    ]


@pytest.mark.parametrize("player", [ADA, BASIL, None, 4, -1])
def test_peek_bystander_refuses_the_author_yourself_and_strangers(player):
    state = court("Gossiping Steward")
    action = use(state, BASIL, ADA, "Gossiping Steward", player=player, target=0)
    assert refused(state, action) == "Choose a bystander: neither you nor the card's author."


def test_peek_bystander_needs_a_card_you_are_not_aware_of():
    state = court("Gossiping Steward", stamped={"Tactful Silence": (BASIL, DMITRI)})
    action = use(state, BASIL, ADA, "Gossiping Steward", player=CORA, target=0)
    assert refused(state, action) == "You already know that card: choose one you have not seen."


def test_show_author_shows_one_of_your_cards_to_the_author_who_stamps_it():
    state = court("Family Diamonds")
    mine = slot(state, BASIL, "Lock of Hair")
    after = act(state, use(state, BASIL, ADA, "Family Diamonds", mine=mine))
    assert stamps(after, "Lock of Hair") == (ADA,)
    assert hand(after, BASIL) == list(BASIL_CARDS)
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Show one of your cards to the author."
    ]
    assert private(state, after) == [
        ((ADA,), f"Basil shows you a card: {seen_text('Lock of Hair')}.")
    ]


def test_show_author_needs_a_card_the_author_is_not_aware_of():
    state = court("Family Diamonds", stamped={"Kind Introduction": (ADA,)})
    mine = slot(state, BASIL, "Kind Introduction")
    assert refused(state, use(state, BASIL, ADA, "Family Diamonds", mine=mine)) == (
        "Ada already knows that card: show one they have not seen."
    )
    assert refused(state, use(state, BASIL, ADA, "Family Diamonds", mine=2)) == (
        "Basil has no card in that place."
    )


def test_flip_author_flips_a_card_face_up_and_returns_its_stamps():
    state = court("Frank Solicitor", stamped={"Stolen Glances": (BASIL, CORA)})
    target = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Frank Solicitor", target=target))
    assert is_up(after, "Stolen Glances") and stamps(after, "Stolen Glances") == ()
    assert up_cards(after) == {"Honest Income", "Stolen Glances"}
    assert hand(after, ADA) == ["Frank Solicitor", *ADA_CARDS]
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Flip up one of the author's cards.",
        "Ada's Stolen Glances is flipped face up.",
    ]
    assert private(state, after) == []
    view = game.view(after, DMITRI)
    assert view.players[ADA].cards[target].card.title == "Stolen Glances"


def test_a_flip_is_refused_on_a_face_up_card_while_the_author_has_a_face_down_one():
    """No action on a card it cannot change: the flip names a face-down card instead."""
    state = court("Frank Solicitor")
    target = slot(state, ADA, "Honest Income")
    assert refused(state, use(state, BASIL, ADA, "Frank Solicitor", target=target)) == (
        "Ada's Honest Income is face up already: flip a face-down one."
    )


def test_a_flip_card_may_be_used_while_every_card_of_its_author_is_face_up():
    """The seed: a flip aimed at a card already face up may still be taken; nothing changes."""
    state = court("Frank Solicitor", faceup=("Frank Solicitor", *ADA_CARDS))
    after = act(state, use(state, BASIL, ADA, "Frank Solicitor", target=0))
    assert after.faceup == state.faceup
    assert public(state, after)[-1].endswith("is face up already: the flip changes nothing.")


def test_the_reception_prompt_speaks_of_the_ring_a_holder_holds():
    state = court("Curious Banker")
    assert game.prompt(state).text == HOLDER_TEXT
    ring = evolve(state, proposals=((state.round, ADA, BASIL),))
    assert game.prompt(ring).text == (
        "Basil: use an action from a card of someone whose ring you hold, or pass."
    )
    both = at_reception(ring, {BASIL: (ADA, CORA)}, turns=(BASIL,))
    assert game.prompt(both).text == (
        "Basil: use an action from a card of someone whose seal or ring you hold, or pass."
    )


def test_a_ring_received_in_the_mailing_is_spoken_of_as_a_ring():
    state = known_table(4, {ADA: ADA_CARDS, BASIL: BASIL_CARDS}, faceup=("Honest Income",))
    state = act(state, Send(ADA, BASIL), Send(BASIL, CORA), Send(CORA, DMITRI), Send(DMITRI, ADA))
    state = act(state, Pass(ADA))
    assert state.turns[0] == BASIL and state.held[BASIL] == (ADA,)
    assert game.prompt(state).text == (
        "Basil: use an action from a card of someone whose ring you hold, or pass."
    )


def test_take_author_lets_the_owner_stamp_then_moves_the_card_to_your_traits():
    state = court("Acquisitive Heir")
    target = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Acquisitive Heir", target=target))
    assert hand(after, ADA) == ["Acquisitive Heir", "Well-Informed Aunt", "Honest Income"]
    assert hand(after, BASIL) == [*BASIL_CARDS, "Stolen Glances"]
    assert stamps(after, "Stolen Glances") == (ADA, BASIL)
    assert not is_up(after, "Stolen Glances")
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Take one of the author's cards.",
        "Basil takes one of Ada's cards.",
    ]
    assert private(state, after) == [
        ((BASIL,), f"You take Ada's card: {seen_text('Stolen Glances')}.")
    ]
    # Ada stamped it as it left her, so she may still look at it.
    sight = game.view(after, ADA).players[BASIL].cards[2]
    assert sight.card.title == "Stolen Glances" and sight.stamped


def test_take_author_of_a_card_you_know_tells_you_nothing_new():
    state = court("Acquisitive Heir", stamped={"Stolen Glances": (BASIL,)})
    target = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Acquisitive Heir", target=target))
    assert stamps(after, "Stolen Glances") == (ADA, BASIL)
    assert private(state, after) == []


def test_take_author_of_a_face_up_card_keeps_it_face_up_without_stamps():
    state = court("Acquisitive Heir")
    target = slot(state, ADA, "Honest Income")
    after = act(state, use(state, BASIL, ADA, "Acquisitive Heir", target=target))
    assert hand(after, BASIL) == [*BASIL_CARDS, "Honest Income"]
    assert is_up(after, "Honest Income") and stamps(after, "Honest Income") == ()


def test_a_taken_card_that_everyone_but_its_new_owner_has_stamped_flips_up():
    state = court("Acquisitive Heir", stamped={"Stolen Glances": (CORA, DMITRI)})
    target = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Acquisitive Heir", target=target))
    assert hand(after, BASIL) == [*BASIL_CARDS, "Stolen Glances"]
    assert is_up(after, "Stolen Glances") and stamps(after, "Stolen Glances") == ()
    assert public(state, after)[-2:] == [
        "Everyone knows Stolen Glances: it flips face up.",
        "Basil takes one of Ada's cards.",
    ]


def test_give_author_stamps_your_card_then_places_it_in_the_authors_traits():
    state = court("Generous Patron")
    mine = slot(state, BASIL, "Lock of Hair")
    after = act(state, use(state, BASIL, ADA, "Generous Patron", mine=mine))
    assert hand(after, BASIL) == ["Kind Introduction"]
    assert hand(after, ADA) == ["Generous Patron", *ADA_CARDS, "Lock of Hair"]
    assert stamps(after, "Lock of Hair") == (ADA, BASIL)
    assert not is_up(after, "Lock of Hair")
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Give one of your cards to the author.",
        "Basil gives one of their cards to Ada.",
    ]
    assert private(state, after) == [
        ((ADA,), f"Basil gives you a card: {seen_text('Lock of Hair')}.")
    ]
    # Basil stamped it before it left him, so he may still look at it.
    sight = game.view(after, BASIL).players[ADA].cards[4]
    assert sight.card.title == "Lock of Hair" and sight.stamped
    assert game.view(after, CORA).players[ADA].cards[4].card is None
    assert refused(state, use(state, BASIL, ADA, "Generous Patron", mine=2)) == (
        "Basil has no card in that place."
    )


def test_give_author_of_your_last_card_leaves_you_with_none():
    state = court("Generous Patron")
    state = evolve(state, traits=(state.traits[0], (num("Lock of Hair"),), *state.traits[2:]))
    after = act(state, use(state, BASIL, ADA, "Generous Patron", mine=0))
    assert hand(after, BASIL) == [] and after.phase == Phase.RECEPTION
    assert prompt_seats(after) == (CORA,)


def test_discard_author_stamps_an_authors_card_and_discards_it():
    state = court("Quiet Debts", dropped=("Sold Racehorses",))
    target = slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Quiet Debts", target=target))
    assert hand(after, ADA) == ["Quiet Debts", "Well-Informed Aunt", "Honest Income"]
    assert discards(after) == ["Sold Racehorses", "Stolen Glances"]
    assert stamps(after, "Stolen Glances") == (BASIL,)
    assert not is_up(after, "Stolen Glances")
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Discard one of the author's cards.",
        "Basil discards one of Ada's cards.",
    ]
    assert private(state, after) == [
        ((BASIL,), f"You discard Ada's card: {seen_text('Stolen Glances')}.")
    ]
    # Ada never stamped it: once discarded she is no longer aware of it.
    assert game.view(after, ADA).discards[1].card is None
    assert game.view(after, BASIL).discards[1].card.title == "Stolen Glances"


def test_discard_bystander_discards_a_card_of_neither_you_nor_the_author():
    state = court("Ruinous Wager")
    target = slot(state, CORA, "Tactful Silence")
    after = act(state, use(state, BASIL, ADA, "Ruinous Wager", player=CORA, target=target))
    assert hand(after, CORA) == ["Burnt Love Letters"]
    assert discards(after) == ["Tactful Silence"]
    assert stamps(after, "Tactful Silence") == (BASIL,)
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Discard one of a bystander's cards.",
        "Basil discards one of Cora's cards.",
    ]
    assert private(state, after) == [
        ((BASIL,), f"You discard Cora's card: {seen_text('Tactful Silence')}.")
    ]
    bystander = "Choose a bystander: neither you nor the card's author."
    for player in (ADA, BASIL, None, 4):
        action = use(state, BASIL, ADA, "Ruinous Wager", player=player, target=0)
        assert refused(state, action) == bystander
    assert refused(state, use(state, BASIL, ADA, "Ruinous Wager", player=DMITRI, target=2)) == (
        "Dmitri has no card in that place."
    )


def test_take_discard_takes_a_card_from_the_discards_and_stamps_it():
    dropped = ("Sold Racehorses", "Broken Engagement")
    state = court("Second-Hand Silver", dropped=dropped, stamped={"Sold Racehorses": (CORA,)})
    after = act(state, use(state, BASIL, ADA, "Second-Hand Silver", discard=0))
    assert discards(after) == ["Broken Engagement"]
    assert hand(after, BASIL) == [*BASIL_CARDS, "Sold Racehorses"]
    assert stamps(after, "Sold Racehorses") == (BASIL, CORA)
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Take one card from the discards.",
        "Basil takes a card from the discards.",
    ]
    assert private(state, after) == [
        ((BASIL,), f"You take from the discards: {seen_text('Sold Racehorses')}.")
    ]
    for place in (2, -1, None):
        action = use(state, BASIL, ADA, "Second-Hand Silver", discard=place)
        assert refused(state, action) == "Choose a card in the discards."


def test_take_discard_with_empty_discards_is_refused():
    state = court("Second-Hand Silver")
    action = use(state, BASIL, ADA, "Second-Hand Silver", discard=0)
    assert refused(state, action) == "Choose a card in the discards."


def test_swap_author_gives_one_of_yours_and_takes_one_of_the_authors():
    state = court("Marriage Settlement")
    mine, theirs = slot(state, BASIL, "Lock of Hair"), slot(state, ADA, "Stolen Glances")
    after = act(state, use(state, BASIL, ADA, "Marriage Settlement", mine=mine, target=theirs))
    assert hand(after, ADA) == [
        "Marriage Settlement",
        "Well-Informed Aunt",
        "Honest Income",
        "Lock of Hair",
    ]
    assert hand(after, BASIL) == ["Kind Introduction", "Stolen Glances"]
    assert stamps(after, "Lock of Hair") == (ADA, BASIL)
    assert stamps(after, "Stolen Glances") == (ADA, BASIL)
    assert public(state, after) == [
        "Basil uses Ada's face-down card: Swap one of your cards with one of the author's.",
        "Basil gives one of their cards to Ada.",
        "Basil takes one of Ada's cards.",
    ]
    assert private(state, after) == [
        ((ADA,), f"Basil gives you a card: {seen_text('Lock of Hair')}."),
        ((BASIL,), f"You take Ada's card: {seen_text('Stolen Glances')}."),
    ]


def test_swap_author_needs_a_card_on_each_side():
    state = court("Marriage Settlement")
    assert refused(state, use(state, BASIL, ADA, "Marriage Settlement", target=1)) == (
        "Basil has no card in that place."
    )
    assert refused(state, use(state, BASIL, ADA, "Marriage Settlement", mine=0, target=4)) == (
        "Ada has no card in that place."
    )


def test_every_card_action_is_tested_here():
    tested = {
        "peek_author", "peek_bystander", "show_author", "flip_author", "take_author",
        "give_author", "discard_author", "discard_bystander", "take_discard", "swap_author",
    }  # fmt: skip
    assert tested == set(CardAction)


# --- stamps and faces ---------------------------------------------------------------------------


def test_a_card_stamped_by_every_other_player_flips_up_and_its_stamps_go_home():
    state = table(stamps={"Stolen Glances": (BASIL, CORA)})
    before = state
    state = mail(
        state,
        (ADA, DMITRI, "Stolen Glances"),
        (BASIL, ADA, "Lock of Hair"),
        (CORA, ADA, "Tactful Silence"),
        (DMITRI, ADA, "Candid Countess"),
    )
    assert is_up(state, "Stolen Glances") and stamps(state, "Stolen Glances") == ()
    assert hand(state, ADA) == list(ADA_CARDS)
    assert "Everyone knows Stolen Glances: it flips face up." in public(before, state)
    assert game.view(state, None).players[ADA].cards[1].card.title == "Stolen Glances"


def test_a_discarded_card_stays_face_down_while_anyone_has_not_stamped_it():
    state = at_reception(
        table(stamps={"Stolen Glances": (BASIL, CORA)}),
        {BASIL: (ADA, CORA, DMITRI), DMITRI: (BASIL,)},
        turns=(ADA, DMITRI),
    )
    after = act(state, ForcedDiscard(ADA, ADA, slot(state, ADA, "Stolen Glances")))
    assert discards(after) == ["Stolen Glances"]
    assert stamps(after, "Stolen Glances") == (ADA, BASIL, CORA)
    assert not is_up(after, "Stolen Glances")


def test_a_discarded_card_flips_up_when_the_last_player_unaware_of_it_stamps_it():
    state = known_table(
        4,
        {ADA: ("Second-Hand Silver", "Well-Informed Aunt"), DMITRI: DMITRI_CARDS},
        discards=("Stolen Glances",),
        stamps={"Stolen Glances": (ADA, BASIL, CORA), "Second-Hand Silver": (DMITRI,)},
    )
    state = at_reception(state, {DMITRI: (ADA,)}, turns=(DMITRI, ADA))
    after = act(state, use(state, DMITRI, ADA, "Second-Hand Silver", discard=0))
    assert hand(after, DMITRI) == [*DMITRI_CARDS, "Stolen Glances"]
    assert discards(after) == []
    assert is_up(after, "Stolen Glances") and stamps(after, "Stolen Glances") == ()
    assert public(state, after)[-2:] == [
        "Everyone knows Stolen Glances: it flips face up.",
        "Dmitri takes a card from the discards.",
    ]


def test_face_up_cards_stay_face_up_and_take_no_stamps():
    state = court("Quiet Debts")
    target = slot(state, ADA, "Honest Income")
    after = act(state, use(state, BASIL, ADA, "Quiet Debts", target=target))
    assert discards(after) == ["Honest Income"]
    assert is_up(after, "Honest Income") and stamps(after, "Honest Income") == ()
    assert game.view(after, None).discards[0].card.title == "Honest Income"


def test_own_cards_are_always_known_and_stamps_are_public_marks():
    state = table(stamps={"Stolen Glances": (BASIL,)})
    ada, cora = game.view(state, ADA), game.view(state, CORA)
    assert [c.card.title for c in ada.players[ADA].cards] == list(ADA_CARDS)
    assert [c.card for c in cora.players[ADA].cards] == [None, None, None]
    assert [c.stampers for c in cora.players[ADA].cards] == [(), (BASIL,), ()]
    basil = game.view(state, BASIL).players[ADA].cards
    assert [(c.card and c.card.title, c.stamped) for c in basil] == [
        (None, False),
        ("Stolen Glances", True),
        (None, False),
    ]


# --- the end of a round -------------------------------------------------------------------------


def exchange_ada_and_basil():
    return mail(
        table(),
        (ADA, BASIL, None),
        (BASIL, ADA, None),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, CORA, "Candid Countess"),
    )


def test_after_a_reception_with_exchanged_rings_the_season_ends():
    state = exchange_ada_and_basil()
    state = act(state, Pass(ADA), Pass(BASIL), Pass(CORA))
    assert state.phase == Phase.RECEPTION
    after = act(state, Pass(DMITRI))
    assert after.phase == Phase.FINAL and after.held == ((), (), (), ())
    assert after.exchanged == ((ADA, BASIL),)
    assert public(state, after) == [
        "Dmitri uses no card this time.",
        "The season ends: rings were exchanged.",
        "Every single player may still send their ring, at the same time.",
    ]
    current = game.prompt(after)
    assert current.seats == (CORA, DMITRI) and current.kind == Phase.FINAL
    assert current.text == "Last chance: send your ring to someone, or to the discards."


def test_after_a_reception_in_which_a_player_lost_every_card_the_season_ends():
    state = known_table(4, {CORA: ("Tactful Silence",)})
    state = act(
        state, Send(ADA, BASIL, 0), Send(BASIL, ADA, 0), Send(CORA, ADA, 0), Send(DMITRI, ADA, 0)
    )
    assert state.turns == (CORA, DMITRI, ADA, BASIL)
    state = act(state, ForcedDiscard(CORA, CORA, 0))
    assert state.traits[CORA] == () and state.phase == Phase.RECEPTION  # the reception goes on
    state = act(state, ForcedDiscard(DMITRI, BASIL, 0), Pass(ADA))
    after = act(state, Pass(BASIL))
    assert after.phase == Phase.FINAL and after.held == ((), (), (), ())
    assert public(state, after) == [
        "Basil uses no card this time.",
        "The season ends: Cora has no cards left.",
        "Every single player may still send their ring, at the same time.",
    ]
    assert prompt_seats(after) == (ADA, BASIL, CORA, DMITRI)


def test_otherwise_seals_and_rings_go_home_and_a_new_round_begins():
    state = mail(
        table(),
        (ADA, BASIL, None),
        (BASIL, CORA, "Lock of Hair"),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, ADA, "Candid Countess"),
    )
    state = act(state, Pass(ADA), Pass(BASIL), Pass(CORA))
    after = act(state, Pass(DMITRI))
    assert after.phase == Phase.MAIL and after.round == 2
    assert after.held == ((), (), (), ()) and after.mail == (None,) * 4
    assert after.turns == () and after.exchanged == ()
    assert public(state, after)[-1] == "Round 2: seals and rings go home; the mailing begins."
    assert prompt_seats(after) == (ADA, BASIL, CORA, DMITRI)


# --- the resolution -----------------------------------------------------------------------------

WEALTH, STANDING, PASSION = Symbol
RESOLUTION_DIARIES = {
    ADA: Diary(PASSION, STANDING),
    BASIL: Diary(WEALTH, PASSION),
    CORA: Diary(STANDING, WEALTH),
    DMITRI: Diary(PASSION, WEALTH),
}


def last_chance():
    """Ada and Basil exchanged rings; Cora and Dmitri are single."""
    state = known_table(
        4,
        {
            ADA: ("Curious Banker", "Ledger Left Open", "Stolen Glances"),
            BASIL: ("Lock of Hair", "Kind Introduction"),
            CORA: ("Family Crest",),
            DMITRI: ("Devoted Heart", "Gilded Carriage"),
        },
        discards=("Sold Racehorses", "Tactful Silence", "The Cut Direct"),
        diaries=RESOLUTION_DIARIES,
    )
    return at_final(state, ((ADA, BASIL),))


def test_single_players_send_their_last_rings_at_once():
    state = last_chance()
    assert prompt_seats(state) == (CORA, DMITRI)
    assert refused(state, FinalRing(ADA, CORA)) == (
        "It is not Ada's turn: Last chance: send your ring to someone, or to the discards."
    )
    assert refused(state, FinalRing(CORA, CORA)) == (
        "Send your ring to another player, or to the discards."
    )
    assert refused(state, FinalRing(CORA, 4)) == (
        "Send your ring to another player, or to the discards."
    )
    assert refused(state, Pass(CORA)) == (
        "That is not possible now: Last chance: send your ring to someone, or to the discards."
    )
    after = act(state, FinalRing(CORA, DMITRI))
    assert after.phase == Phase.FINAL and prompt_seats(after) == (DMITRI,)
    assert public(state, after) == ["Cora has decided where their ring goes."]
    assert after.result is None


def test_rings_that_do_not_meet_are_discarded_and_singles_are_judged_on_the_discards():
    state = act(last_chance(), FinalRing(CORA, DMITRI))
    after = act(state, FinalRing(DMITRI, None))
    assert after.phase == Phase.OVER and game.prompt(after) is None
    assert after.exchanged == ((ADA, BASIL),)
    reason = "\n".join(
        [
            "Ada (desires passion, despises standing) is engaged to Basil, whose cards hold "
            "1 passion and 1 standing: a tie, which does not win.",
            "Basil (desires wealth, despises passion) is engaged to Ada, whose cards hold "
            "3 wealth and 1 passion: wins.",
            "Cora (desires standing, despises wealth) is single; the discards hold "
            "2 standing and 1 wealth: wins.",
            "Dmitri (desires passion, despises wealth) is single; the discards hold "
            "0 passion and 1 wealth: does not win.",
        ]
    )
    assert game.outcome(after) == Outcome((BASIL, CORA), (ADA, DMITRI), reason)
    assert public(state, after) == [
        "Dmitri has decided where their ring goes.",
        "Cora's ring goes to Dmitri.",
        "Dmitri's ring goes to the discards.",
        *reason.split("\n"),
    ]


def test_single_rings_that_meet_at_the_last_make_a_match():
    state = act(last_chance(), FinalRing(DMITRI, CORA))
    after = act(state, FinalRing(CORA, DMITRI))
    assert after.exchanged == ((ADA, BASIL), (CORA, DMITRI))
    assert "Cora and Dmitri exchange rings at the last!" in public(state, after)
    lines = after.result.reason.split("\n")
    # Cora (standing > wealth) on Dmitri's cards: 0 standing, 2 wealth; Dmitri (passion >
    # wealth) on Cora's Family Crest: 0 passion, 0 wealth.
    assert lines[2] == (
        "Cora (desires standing, despises wealth) is engaged to Dmitri, whose cards hold "
        "0 standing and 2 wealth: does not win."
    )
    assert lines[3] == (
        "Dmitri (desires passion, despises wealth) is engaged to Cora, whose cards hold "
        "0 passion and 0 wealth: a tie, which does not win."
    )
    assert after.result.winners == (BASIL,)
    assert after.result.losers == (ADA, CORA, DMITRI)


def test_a_single_ring_sent_to_an_engaged_player_does_not_meet():
    state = act(last_chance(), FinalRing(CORA, ADA), FinalRing(DMITRI, ADA))
    assert state.exchanged == ((ADA, BASIL),)
    assert state.result.winners == (BASIL, CORA)


def test_when_nobody_is_single_the_season_resolves_at_once():
    state = mail(
        known_table(4, diaries=RESOLUTION_DIARIES),
        (ADA, BASIL, None),
        (BASIL, ADA, None),
        (CORA, DMITRI, None),
        (DMITRI, CORA, None),
    )
    assert state.exchanged == ((ADA, BASIL), (CORA, DMITRI))
    state = act(state, Pass(ADA), Pass(BASIL), Pass(CORA))
    after = act(state, Pass(DMITRI))
    assert after.phase == Phase.OVER and after.result is not None
    assert public(state, after)[:2] == [
        "Dmitri uses no card this time.",
        "The season ends: rings were exchanged.",
    ]
    assert refused(after, Pass(ADA)) == "The game is over: no more moves."
    assert refused(after, FinalRing(ADA)) == "The game is over: no more moves."


def test_at_the_end_every_diary_and_card_is_revealed():
    state = act(last_chance(), FinalRing(CORA, None), FinalRing(DMITRI, None))
    for seat in (ADA, CORA, None):
        view = game.view(state, seat)
        assert view.diaries == state.diaries
        assert all(c.card is not None for p in view.players for c in p.cards)
        assert all(c.card is not None for c in view.discards)
        assert view.outcome == state.result


def test_ties_do_not_win_and_strictly_more_desired_symbols_win():
    state = last_chance()
    state = evolve(state, traits=(state.traits[0], (num("Lock of Hair"),), *state.traits[2:]))
    won = act(state, FinalRing(CORA, None), FinalRing(DMITRI, None))
    assert ADA in won.result.winners  # 1 passion, 0 standing
    state = evolve(state, traits=(state.traits[0], (), *state.traits[2:]))
    tied = act(state, FinalRing(CORA, None), FinalRing(DMITRI, None))
    assert ADA in tied.result.losers  # 0 and 0


# --- the Evening Ball ---------------------------------------------------------------------------


def evening_ball():
    return known_table(4, {ADA: ADA_CARDS, BASIL: BASIL_CARDS, CORA: CORA_CARDS}, evening_ball=True)


def test_at_the_evening_ball_only_players_holding_nothing_take_a_turn():
    state = act(
        evening_ball(),
        Send(ADA, BASIL, 0),
        Send(BASIL, ADA, 0),
        Send(CORA, ADA, 0),
        Send(DMITRI, BASIL, 0),
    )
    assert state.phase == Phase.RECEPTION and state.hostex == CORA
    assert state.turns == (CORA, DMITRI)
    assert game.prompt(state).text == "Cora holds nothing and must discard one of anyone's cards."
    assert refused(state, UseCard(ADA, BASIL, 0, mine=1)) == (
        "It is not Ada's turn: Cora holds nothing and must discard one of anyone's cards."
    )
    assert refused(state, Pass(CORA)) == (
        "You hold no seal or ring: you must discard one of anyone's cards."
    )
    state = act(state, ForcedDiscard(CORA, ADA, 0))
    assert discards(state) == ["Well-Informed Aunt"]
    after = act(state, ForcedDiscard(DMITRI, CORA, 1))
    assert discards(after) == ["Well-Informed Aunt", "Burnt Love Letters"]
    assert after.phase == Phase.MAIL and after.round == 2


def test_at_the_evening_ball_a_card_seen_is_told_without_an_action():
    state = act(
        evening_ball(),
        Send(ADA, BASIL, 0),
        Send(BASIL, ADA, 0),
        Send(CORA, ADA, 0),
        Send(DMITRI, BASIL, 0),
    )
    assert private(evening_ball(), state)[:1] == [
        ((BASIL,), "Ada sends you a card: Well-Informed Aunt (standing).")
    ]
    after = act(state, ForcedDiscard(CORA, ADA, 0))
    assert private(state, after) == [
        ((CORA,), "You discard Ada's card: Well-Informed Aunt (standing).")
    ]
    assert not [note for note in game.view(after, CORA).notes if "action" in note]


def test_at_the_evening_ball_a_round_in_which_everyone_holds_something_ends_at_once():
    state = act(evening_ball(), Send(ADA, BASIL, 0), Send(BASIL, CORA, 0), Send(CORA, DMITRI, 0))
    after = act(state, Send(DMITRI, ADA, 0))
    assert after.phase == Phase.MAIL and after.round == 2
    assert after.held == ((), (), (), ())
    assert public(state, after)[-1] == "Round 2: seals and rings go home; the mailing begins."
    assert stamps(after, "Well-Informed Aunt") == (BASIL,)


def test_at_the_evening_ball_exchanged_rings_end_the_season():
    state = act(evening_ball(), Send(ADA, BASIL), Send(BASIL, ADA), Send(CORA, DMITRI, 0))
    after = act(state, Send(DMITRI, CORA, 0))
    assert after.phase == Phase.FINAL and after.exchanged == ((ADA, BASIL),)
    assert prompt_seats(after) == (CORA, DMITRI)


# --- whole seasons: the season's own invariants ----------------------------------------------
# (What every game promises, random playouts, fuzzing, saves, privacy and captions, is
# tests/rules/test_conformance.py's; these are the rules only Persuasion has.) After every
# action ``persuasion_helpers.Watcher`` checks: every card in exactly one place and the
# box untouched; no stamp by a player who has not seen the card; no stamp lost unless
# the card flipped up; every card stamped by all but its owner face up; face-up cards
# carry no stamps and never turn face down; each seal or ring with exactly one holder,
# never its owner; exchanged pairs sent each other rings; the outcome is the one worked
# out independently from the final table. No card action at the Evening Ball.

BOUND = 1_000
"""Actions a season may take here (random seasons take at most ~180, bots ~100)."""
ROUNDS = 30
"""Rounds a season may last here (bots settle by round 12, random play by ~13)."""


def season_table(seed: int) -> dict:
    """3 to 8 players and either mode, varying with the seed."""
    return {"players": 3 + seed % 6, "evening_ball": seed % 4 >= 2}


def play_checked(state: PersuasionState, policy, seen: Counter | None = None) -> PersuasionState:
    """Play to the end checking every invariant after every action; the final state."""
    watcher = Watcher(state)
    last = state
    for before, action, after in playout(state, policy, BOUND):
        watcher.step(before, action, after)
        if seen is not None:
            seen[type(action).__name__] += 1
            seen["phase:" + before.phase] += 1
            if isinstance(action, UseCard):
                seen[cards()[before.traits[action.owner][action.slot]].action] += 1
        last = after
    return finished(last, seen)


def finished(last: PersuasionState, seen: Counter | None = None) -> PersuasionState:
    assert last.phase == Phase.OVER, f"the season did not end in {BOUND} actions"
    assert game.prompt(last) is None and game.outcome(last) == last.result
    assert last.round <= ROUNDS
    if seen is not None:
        seen[f"players:{len(last.traits)}"] += 1
        seen["evening ball" if last.config.evening_ball else "normal"] += 1
        seen["winners:" + ("some" if last.result.winners else "none")] += 1
        for event in last.log:
            for marker, key in MARKERS.items():
                if marker in event.text:
                    seen[key] += 1
    return last


MARKERS = {
    "ends: rings were exchanged": "end by rings",
    "has no cards left": "end by no cards",
    "exchange rings at the last": "late match",
    "ring goes to the discards": "ring to the discards",
    "it flips face up": "flip by stamps",
    "The hostex marker passes": "hostex passes",
    "a tie, which does not win": "tie",
}


def test_random_seasons_keep_every_invariant_end_and_walk_every_path_of_the_rules():
    """80 random seasons: every phase, action, card action and ending occurs."""
    seen: Counter[str] = Counter()
    for seed in range(5_000, 5_080):
        play_checked(fresh(seed, **season_table(seed)), random_policy(seed), seen)
    expected = {
        "Introduce", "Send", "UseCard", "ForcedDiscard", "Pass", "FinalRing",
        "phase:intro", "phase:mail", "phase:reception", "phase:final",
        "peek_author", "peek_bystander", "show_author", "flip_author", "take_author",
        "give_author", "discard_author", "discard_bystander", "take_discard", "swap_author",
        *(f"players:{n}" for n in range(3, 9)), "evening ball", "normal",
        "winners:some", "winners:none", *MARKERS.values(),
    }  # fmt: skip
    assert expected <= set(seen), sorted(expected - set(seen))


def test_random_and_bot_seasons_reach_a_reception_turn_of_a_player_holding_nothing():
    states = reachable(
        [
            (fresh(1, 3), random_policy(1)),
            (fresh(2, 5, evening_ball=True), random_policy(2)),
            (fresh(3, 8), random_policy(3)),
            (fresh(4, 4), bot_policy(4)),
            (fresh(5, 6, evening_ball=True), bot_policy(5)),
            (fresh(6, 4), mixed_policy(6, (0, 2))),
            (fresh(7, 7), random_policy(7)),
        ]
    )
    kinds = {getattr(game.prompt(s), "kind", None) for s in states}
    assert kinds == {Phase.INTRO, Phase.MAIL, Phase.RECEPTION, Phase.FINAL, None}
    assert any(s.phase == Phase.RECEPTION and not s.held[s.turns[0]] for s in states)


def bot_session(seed: int) -> Session:
    options = season_table(seed)
    seats = tuple(SeatPlan(name, BOT) for name in NAMES[: options["players"]])
    return Session.start(PERSUASION, config(**options), seed, seats)


def test_bot_seasons_keep_every_invariant_and_end():
    """One bot action at a time through rules.simulate.play_out (Session.bot_for)."""
    for seed in range(1_000, 1_020):
        session = bot_session(seed)
        watcher = Watcher(session.state)
        for _ in range(BOUND):
            if session.prompt is None:
                break
            after = play_out(session, 1)
            assert len(after.actions) == len(session.actions) + 1
            watcher.step(session.state, after.actions[-1], after.state)
            session = after
        finished(session.state)
        assert session.outcome == session.state.result


def test_bots_and_random_players_at_one_table_keep_every_invariant():
    for seed in range(2_000, 2_020):
        options = season_table(seed)
        random_seats = range(seed % 2, options["players"], 2)
        play_checked(fresh(seed, **options), mixed_policy(seed, random_seats))


@pytest.mark.parametrize("evening_ball", [0, 1], ids=["normal", "evening-ball"])
def test_simulated_bot_seasons_settle_by_round_twelve_on_average(evening_ball):
    report = simulate(PERSUASION, 25, 300, options={"evening_ball": evening_ball})
    assert report.errors == 0 and report.unfinished == 0, report.error_samples
    assert report.finished == 25
    assert report.figures["rounds"] <= 12.0
