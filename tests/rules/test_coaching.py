"""The coached first game's rules side: each game's deal shows its listed rules early
when the person takes the hints, and each hint says what the decision means and the
bots' pick from the person's own view."""

from __future__ import annotations

import re

import pytest
from attrs import evolve, frozen

from rules import registry
from rules.choices import Option, Pick, Write
from rules.coaching import coached_deal, coached_session, first_seen, hint, pick_words
from rules.lantern import game as lantern
from rules.lantern.captions import CAPTIONS as LANTERN_CAPTIONS
from rules.lantern.pick_words import turn_pick_words
from rules.lantern.state import DenyReason, PassTurn, Play, Rule, Sleep
from rules.session import PERSON
from rules.teaching import session_prompt
from rules.temptress import game as temptress
from rules.temptress.actions import PlayCards
from rules.temptress.captions import CAPTIONS as TEMPTRESS_CAPTIONS
from rules.temptress.pick_words import play_pick_words
from tests import lantern_helpers, temptress_helpers

GUEST = "Guest"
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)
"""The person spoken to: "you", "your", "yours" (as words, not in "young")."""


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
        "You are the oldest, so you open the game: court a woman to earn Rapport, or decline. "
        "Then the floor opens to everyone but whoever acted last. Worth weighing: Court a "
        "woman: Oriane (the bots' pick, from what you can see)."
    )


def test_the_temptress_hint_opens_the_game_as_you_while_the_table_hears_the_name():
    session, _ = _session("temptress")
    assert hint(session, 0).startswith(
        "You are the oldest, so you open the game: court a woman to earn Rapport, or decline."
    )
    assert session_prompt(session).startswith(  # teach mode's public caption: unchanged
        "Guest, the oldest, opens the game: court a woman to earn Rapport, or decline."
    )


def test_there_is_no_hint_for_a_seat_the_table_does_not_wait_for():
    session, _ = _session("temptress")
    assert hint(session, 1) == ""


def test_the_island_hint_names_a_response_card_from_the_persons_own_hand():
    session, _ = _session("island")
    text = hint(session, 0)
    assert text.startswith("You and Bot1 each answer 'Magnetic' with a response card")
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
    assert hint(session, 0).startswith(
        "Bot2 has just told a passage. You may interrupt, as may Bot1, by naming a card of "
        "your own whose element it happened to mention"
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
    assert hint(session, 0).startswith(
        "You may play a passage naming one of your 6 cards, or pass for a card. A verified "
        "play keeps your turn"
    )
    assert session_prompt(session).startswith(  # the table's caption names the Bard
        "Guest may play a passage naming one of their 6 cards, or pass for a card."
    )
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


def test_the_island_hint_to_the_decider_says_amuses_you_most():
    session = _to_the_persons(_session("island")[0], "decide")
    assert hint(session, 0).startswith(
        f"You see the two answers to '{session.view(None).judged}' shuffled and unsigned: pick "
        "the one that fits best, or simply amuses you most: no pick is wrong."
    )
    public = session_prompt(session)  # the table's own caption still names the Decider
    assert "or simply amuses Guest most" in public


def test_the_persuasion_hint_at_the_reception_speaks_to_the_person():
    session = _to_the_persons(_session("persuasion")[0], "reception")
    text = hint(session, 0)
    assert text.startswith(("You hold ", "Nobody mailed you a seal or ring this round")), text


@pytest.mark.parametrize("game_id", ["island", "persuasion", "temptress", "lantern"])
def test_a_hint_speaks_to_the_person_as_you_never_by_name(game_id: str):
    session, _ = _session(game_id)
    hints, meanings = [], []
    for _ in range(60):
        if session.prompt is None:
            break
        if 0 in session.prompt.seats:
            hints.append(hint(session, 0))
            meanings.append(session_prompt(session, 0))  # the hint without the bots' pick
        seat = 0 if 0 in session.prompt.seats else session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    assert hints and all("you" in text.lower() for text in hints)
    assert [text for text in meanings if not YOU.search(text)] == []
    assert [text for text in hints if GUEST in text] == []


def _told_to_each_seat_asked(game, captions, states) -> tuple[set[str], list[str]]:
    """Every prompt of ``states`` told to each seat it asks: the kinds met, and each
    caption that does not say "you", names that seat, or runs past one line."""
    kinds: set[str] = set()
    problems: list[str] = []
    for state in states:
        asked = game.prompt(state)
        if asked is None:
            continue
        kinds.add(asked.kind)
        view, names = game.view(state, None), game.seat_names(state)
        for seat in asked.seats:
            text = captions.for_prompt(asked, view, seat)
            if not YOU.search(text) or re.search(rf"\b{re.escape(names[seat])}\b", text):
                problems.append(f"{asked.kind} to {names[seat]}: {text}")
            elif "\n" in text or len(text) > 300:
                problems.append(f"{asked.kind} runs long: {text}")
    return kinds, problems


def test_every_temptress_prompt_speaks_to_each_seat_it_asks_as_you():
    """Random play leaning toward the rare paths, at island and person-narrated tables:
    every kind of prompt is met, and each, told to a seat it asks (a suitor, or the
    person narrating), says "you" and never that seat's name."""
    helpers = temptress_helpers
    starts = [(helpers.fresh(seed, 3 + seed % 3, person=bool(seed % 2)), seed) for seed in range(4)]
    starts += [
        (helpers.honours_in_hands(helpers.known_table(person=person, seed=seed)), policy)
        for seed, person, policy in ((2, True, 11), (0, False, 1), (0, True, 3), (0, True, 12))
    ]
    states = [
        after
        for start, policy in starts
        for _, _, after in helpers.playout(start, helpers.leaning_policy(policy), 1500)
    ]
    kinds, problems = _told_to_each_seat_asked(temptress.TEMPTRESS, TEMPTRESS_CAPTIONS, states)
    assert problems[:5] == []
    assert sorted(set(TEMPTRESS_CAPTIONS.prompts) - kinds) == []


def test_every_lantern_prompt_speaks_to_each_seat_it_asks_as_you():
    """Rowdy play at taverns with a Barkeep and without: each prompt told to a seat it
    asks (a Bard, or the person keeping the bar) says "you" and never that seat's name."""
    helpers = lantern_helpers
    states = []
    for seed in range(6):
        for person in (True, False):
            start = helpers.fresh(seed, 2 + seed % 4, person=person)
            for policy in (helpers.random_policy(seed), helpers.restless_policy(seed, 0.1)):
                states += [start] + [a for _, _, a in helpers.playout(start, policy, 300)]
    kinds, problems = _told_to_each_seat_asked(lantern.LANTERN, LANTERN_CAPTIONS, states)
    assert problems[:5] == []
    met = {"opening", "turn", "window", "ruling", "interruptions", "closing", "suspended"}
    assert met <= kinds, met - kinds


def test_the_lantern_barkeep_hears_the_sleeper_and_the_dry_deck_as_theirs_to_decide():
    helpers = lantern_helpers
    keeper = helpers.barkeep_of(helpers.known_tavern())
    state = helpers.known_tavern()
    for _ in range(2):
        state = helpers.act(state, Sleep(keeper), PassTurn(helpers.BASIL), PassTurn(helpers.CORA))
    asleep = helpers.act(state, Sleep(keeper))
    assert LANTERN_CAPTIONS.for_prompt(
        lantern.prompt(asleep), lantern.view(asleep, None), keeper
    ).startswith("Ada has slept through three turns in a row. You keep the bar, so you decide")
    dry = helpers.arrange(helpers.known_tavern(), deck=(helpers.GHOST,))
    dry = helpers.act(
        helpers.tell(dry, helpers.ADA, helpers.FERRYMAN),
        Rule(keeper, False, DenyReason.NOT_BROUGHT_IN),
    )
    assert LANTERN_CAPTIONS.for_prompt(lantern.prompt(dry), lantern.view(dry, None), keeper) == (
        "The deck is empty but cards are still owed. As the Barkeep, you either add new story "
        "elements, which become cards and pay what is owed, or end the tale with no winner."
    )
