"""The coached first game's rules side: each game's deal shows its listed rules early
when the person takes the hints, and each hint says what the decision means and the
bots' pick from the person's own view."""

from __future__ import annotations

import pytest
from attrs import evolve, frozen

from rules import registry
from rules.choices import Option, Pick, Write
from rules.coaching import coached_deal, coached_session, first_seen, hint, pick_words
from rules.lantern.pick_words import turn_pick_words
from rules.lantern.state import PassTurn, Play
from rules.session import PERSON
from rules.temptress.actions import PlayCards
from rules.temptress.pick_words import play_pick_words

GUEST = "Guest"


@frozen
class Respond:
    """An action of the shape the games use: a seat and what it answers."""

    seat: int
    card: object


def _session(game_id: str):
    game = registry.get(game_id)
    deal = coached_deal(game)
    names = [f"Bot{n}" for n in range(1, deal.seats)]
    names.insert(deal.person, GUEST)
    return coached_session(game, names), deal


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_coached_deal_shows_each_listed_rule_within_its_first_turns(game_id: str):
    session, deal = _session(game_id)
    seen = first_seen(session, deal)
    assert {shown.kind for shown in deal.shows} == set(seen), seen


def test_a_rule_first_seen_after_the_deals_last_turn_is_not_counted():
    session, deal = _session("lantern")
    assert first_seen(session, deal) == {"interruption": 0, "loose_end": 4}
    assert first_seen(session, evolve(deal, within=3)) == {"interruption": 0}


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_person_sits_at_the_deals_seat_and_every_other_seat_is_a_bot(game_id: str):
    session, deal = _session(game_id)
    people = [seat for seat, plan in enumerate(session.seats) if plan.kind == PERSON]
    assert people == [deal.person]
    assert session.seats[deal.person].name == GUEST


def test_the_temptress_hint_explains_the_opening_and_names_the_bots_pick():
    session, _ = _session("temptress")
    assert hint(session, 0) == (
        "Guest, the oldest, opens the game: court a woman to earn Rapport, or decline. "
        "Then the floor opens to everyone but whoever acted last. Worth weighing: Court a "
        "woman: Marisol (the bots' pick, from what you can see)."
    )


def test_there_is_no_hint_for_a_seat_the_table_does_not_wait_for():
    session, _ = _session("temptress")
    assert hint(session, 1) == ""


def test_the_island_hint_names_a_response_card_from_the_persons_own_hand():
    session, _ = _session("island")
    text = hint(session, 0)
    assert text.startswith("Guest and Bot1 each answer 'Magnetic' with a response card")
    pick = text.split("Worth weighing: ")[1].split(" (the bots' pick")[0]
    assert pick in session.view(0).hand


def test_the_lantern_hint_names_the_card_a_passage_mentioned_in_passing():
    session, _ = _session("lantern")
    while session.prompt is not None and 0 not in session.prompt.seats:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    attempt = session.view(0).attempt
    assert attempt is not None
    assert "Somebody mentioned a stampede of goats, but nobody paid it any mind." in attempt.text
    assert "a stampede of goats" in dict(session.view(0).elements_named).values()
    assert hint(session, 0).endswith(
        "Worth weighing: Interrupt: a stampede of goats (the bots' pick, from what you can see)."
    )


def _to_the_persons(session, kind: str):
    """The session at the person's (seat 0's) first prompt of ``kind``, every seat
    taking the bots' pick on the way."""
    while session.prompt is not None and not (
        0 in session.prompt.seats and session.prompt.kind == kind
    ):
        seat = 0 if 0 in session.prompt.seats else session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    return session


def test_the_temptress_hint_names_the_cards_to_play():
    session = _to_the_persons(_session("temptress")[0], "play")
    assert hint(session, 0).endswith(
        "Worth weighing: Play 2♥ (the bots' pick, from what you can see)."
    )


def test_the_temptress_pick_words_name_a_reroll_and_the_spends_taken():
    session = _to_the_persons(_session("temptress")[0], "play")
    question = session.view(0).choices
    first_die = question.rerolls[0]
    assert play_pick_words(question, first_die.value) == first_die.label
    assert first_die.label == "Re-roll the first die (9)"
    cards = question.hand[:2]
    played = PlayCards(0, cards, pair_bonus=True, suit_bonus=True)
    assert play_pick_words(question, played) == (
        f"Play {cards[0].label()} {cards[1].label()} with Pair +3 and Suit +3"
    )
    assert play_pick_words(question.rerolls, played) is None  # not a play question


def test_the_lantern_hint_names_the_passage_to_tell():
    session = _to_the_persons(_session("lantern")[0], "turn")
    assert hint(session, 0).endswith(
        "Worth weighing: Tell a passage bringing in a wooden puppet (the bots' pick, from "
        "what you can see)."
    )
    question = session.view(0).choices
    assert turn_pick_words(question, PassTurn(0)) == "Pass"
    puppet = next(o.value for o in question.cards.options if o.label == "a wooden puppet")
    assert turn_pick_words(question, Play(0, "Once upon a time", puppet, (), True)) == (
        "Tell a passage bringing in a wooden puppet, and suggest it as a Loose End"
    )


def test_pick_words_follow_the_labels_down_to_the_action():
    cards = (Option(Respond(0, 5), "A lantern"), Option(Respond(0, 6), "A bell"))
    leaf = Pick("Which card?", cards)
    question = Pick("What now?", (Option(None, "Answer", then=leaf),))
    assert pick_words(question, Respond(0, 6)) == "Answer: A bell"
    assert pick_words(question, Respond(0, 7)) == ""


def test_a_written_answer_adds_no_words_to_the_pick():
    write = Write("Say something", Respond(0, 0), "card", 10)
    question = Pick("What now?", (Option(None, "Speak up", then=write),))
    assert pick_words(question, Respond(0, 3)) == "Speak up"
