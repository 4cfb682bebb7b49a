"""What each seat of the Lantern may decide, as its view's choices say: one named test per rule.

The situations are built from ``known_tavern`` as in the rules tests (Ada holds
the ferryman, the troll and the witch; Basil the king, the knight and the raven;
Cora the pickpocket, the pirate and the apprentice; Nell keeps the bar in seat
3). Each test asserts the exact questions, labels, keys, values and the
sentences closed options give, and that ``apply`` takes what is open and
refuses what is closed with that very sentence.
"""

from __future__ import annotations

from attrs import evolve

from rules.choices import Option, Pick, Write
from rules.lantern import game
from rules.lantern.benches import time_out
from rules.lantern.bots import LanternBot
from rules.lantern.choices import BETWEEN_ASK, RulingChoices, TurnChoices
from rules.lantern.state import (
    DENY_REASONS,
    Begin,
    Closing,
    DenyReason,
    Interrupt,
    Leave,
    PassTurn,
    Phase,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
    SendUnder,
    Sleep,
)
from rules.lantern.telling import word_count
from rules.lantern.view import LanternReveal
from tests.lantern_helpers import (
    ADA,
    BASIL,
    CAT,
    CORA,
    DMITRI,
    FERRYMAN,
    GHOST,
    KING,
    KNIGHT,
    MINSTREL,
    PIRATE,
    RAVEN,
    TROLL,
    WITCH,
    act,
    arrange,
    config,
    fresh,
    known_tavern,
    name,
    old_rules,
    refused,
    tell,
)

NELL = 3
FERRY_TEXT = "Out of the fog came a one-eyed ferryman, poling a black boat."
KING_TEXT = "A one-eyed ferryman rowed a sleepwalking king across the river."
NO_LOOSE_END = "A play that named no card cannot make a Loose End."


def choices_of(state, seat):
    return game.view(state, seat).choices


def labels(question) -> list[str]:
    return [option.label for option in question.options]


def values(question) -> list:
    return [option.value for option in question.options]


def keyed(question, key: str) -> Option:
    option = question.keyed(key)
    assert option is not None, f"no {key!r} in {question.ask!r}"
    return option


# --- the start ----------------------------------------------------------------------------


def test_the_barkeep_is_offered_each_bard_on_a_bench_to_begin():
    state = fresh(5, 3, benches=5, seated=(True, False, True))
    choices = choices_of(state, NELL)
    assert choices == Pick(
        "Which Bard begins the tale?",
        (Option(Begin(NELL, ADA), "Ada"), Option(Begin(NELL, CORA), "Cora")),
    )
    assert [choices_of(state, s) for s in (ADA, BASIL, CORA)] == [None, None, None]
    assert game.view(state, None).choices is None
    assert act(state, choices.options[1].value).on_turn == CORA


def test_the_demo_barkeep_names_the_first_bard_at_random():
    view = game.view(fresh(5, 3, benches=5), NELL)
    chosen = [LanternBot(NELL, seed).choose(view) for seed in range(30)]
    assert set(chosen) == {Begin(NELL, ADA), Begin(NELL, BASIL), Begin(NELL, CORA)}
    assert chosen == [LanternBot(NELL, seed).choose(view) for seed in range(30)]


# --- the Bard on turn ---------------------------------------------------------------------


def test_the_bard_on_turn_names_a_card_of_the_hand_claims_loose_ends_or_passes():
    state = arrange(known_tavern(), table=(GHOST, CAT))
    choices = choices_of(state, ADA)
    assert isinstance(choices, TurnChoices)
    assert choices.seat == ADA and choices.ask == "Ada: tell the next part of the tale, or pass."
    assert choices.cards.ask == "Which of your cards does the play bring in?"
    assert values(choices.cards) == [FERRYMAN, TROLL, WITCH]
    assert labels(choices.cards) == [name(FERRYMAN), name(TROLL), name(WITCH)]
    assert (choices.cards.fewest, choices.cards.most) == (1, 1)
    assert choices.ties.ask == "Which Loose Ends does it tie off?"
    assert values(choices.ties) == [GHOST, CAT]
    assert labels(choices.ties) == ["a ghost who forgot her name", "a tavern cat named Biscuit"]
    assert (choices.ties.fewest, choices.ties.most) == (0, 2)
    assert choices.loose_end == Option(True, "Suggest the card as a Loose End", key="loose_end")
    assert choices.words == (40, 150) and choices.longest == 4000
    assert choices.passes.ask == "Pass, and take a card:"
    assert labels(choices.passes) == [
        "Pass",
        "Pass and burn a one-eyed ferryman",
        "Pass and burn a grumpy troll under a bridge",
        "Pass and burn a witch who sells the weather",
    ]
    assert values(choices.passes) == [
        PassTurn(ADA),
        PassTurn(ADA, FERRYMAN),
        PassTurn(ADA, TROLL),
        PassTurn(ADA, WITCH),
    ]
    assert keyed(choices.passes, "pass").value == PassTurn(ADA)
    for option in choices.passes.options:
        assert act(state, option.value).on_turn == BASIL


def test_a_play_is_made_from_the_turn_choices():
    state = arrange(known_tavern(), table=(GHOST, CAT))
    choices = choices_of(state, ADA)
    play = choices.action(FERRY_TEXT, FERRYMAN, [GHOST], True)
    assert play == Play(ADA, FERRY_TEXT, FERRYMAN, (GHOST,), True)
    assert choices.ties.answer([1]) == Play(ADA, "", None, (CAT,))
    after = act(state, play)
    assert after.phase == Phase.WINDOW and after.attempt.ties == (GHOST,)


def test_a_bard_with_an_empty_hand_plays_without_a_card_and_suggests_no_loose_end():
    state = arrange(known_tavern(), {ADA: ()}, table=(GHOST,))
    choices = choices_of(state, ADA)
    assert choices.cards.options == () and (choices.cards.fewest, choices.cards.most) == (0, 0)
    assert choices.loose_end.closed == NO_LOOSE_END
    assert values(choices.passes) == [PassTurn(ADA)]
    assert act(state, choices.action("The ghost was laid.", None, [GHOST])).phase == Phase.WINDOW


# --- comings and goings between turns -----------------------------------------------------


def test_a_seated_bard_may_leave_between_turns_whether_asked_or_not():
    state = known_tavern()
    leave = Option(Leave(BASIL), "Leave the tale", key="leave")
    assert choices_of(state, BASIL) == Pick(BETWEEN_ASK, (leave,))
    assert choices_of(state, ADA).between == Pick(
        BETWEEN_ASK, (Option(Leave(ADA), "Leave the tale", key="leave"),)
    )
    assert act(state, leave.value).benches == (0, None, 2)


def test_outside_the_turn_only_the_seats_asked_have_choices():
    window = game.apply(known_tavern(), Play(ADA, KING_TEXT, FERRYMAN))
    assert [choices_of(window, s) is not None for s in range(4)] == [False, True, True, False]
    ruling = tell(known_tavern(), ADA, FERRYMAN)
    assert [choices_of(ruling, s) is not None for s in range(4)] == [False, False, False, True]
    assert all(game.view(s, None).choices is None for s in (known_tavern(), window, ruling))


def test_the_barkeep_seats_a_bard_who_may_come_on_a_free_bench():
    state = known_tavern(seated=(True, True, False))
    view = game.view(state, NELL)
    assert view.seater == NELL and view.free_benches == (2, 3) and view.barkeep_seat == NELL
    choices = view.choices
    assert choices.ask == BETWEEN_ASK
    assert labels(choices) == [
        "Seat a Bard",
        "Someone new walks in",
        "Ada has fallen asleep",
        "Hand the bar to someone else",
    ]
    seat = keyed(choices, "seat")
    assert seat.open and seat.then.ask == "Who comes to the table?"
    assert labels(seat.then) == ["Cora"] and values(seat.then) == [CORA]
    benches = seat.then.options[0].then
    assert benches.ask == "Which bench for Cora?"
    assert labels(benches) == ["Bench 3", "Bench 4"]
    assert values(benches) == [SeatBard(NELL, CORA, 2), SeatBard(NELL, CORA, 3)]
    assert act(state, benches.options[1].value).benches == (0, 1, 3)
    assert choices_of(state, CORA) is None


def test_only_bards_who_may_come_are_offered_a_seat():
    state = act(evolve(known_tavern(), asleep=(2, 0, 0)), Sleep(NELL), SendUnder(NELL, True))
    assert state.under_table == (True, False, False)
    seat = keyed(choices_of(state, NELL), "seat")
    reason = "Ada went Under The Table and cannot come back."
    assert seat.then is None and seat.closed == reason
    assert refused(state, seat.value) == reason
    back = act(state, Leave(CORA))
    assert values(keyed(choices_of(back, NELL), "seat").then) == [CORA]


def test_seating_is_closed_when_nobody_is_away_or_no_bench_is_free():
    everyone = known_tavern()
    seat = keyed(choices_of(everyone, NELL), "seat")
    walk_ins = " Someone new may walk in." if everyone.config.walk_ins else ""
    assert seat.closed == "Nobody of the roster is away from the table." + walk_ins
    assert refused(everyone, seat.value) == seat.closed
    full = known_tavern(benches=2, seated=(True, True, False))
    assert game.view(full, NELL).free_benches == ()
    seat = keyed(choices_of(full, NELL), "seat")
    assert seat.value == SeatBard(NELL, CORA, 0) and seat.closed == "Choose a free bench."
    assert refused(full, seat.value) == seat.closed


def test_the_barkeep_may_find_the_bard_on_turn_asleep_as_the_turn_timer_would():
    state = known_tavern()
    sleep = keyed(choices_of(state, NELL), "sleep")
    assert sleep == Option(Sleep(NELL), "Ada has fallen asleep", key="sleep")
    assert sleep.value == time_out(state)
    third = evolve(state, asleep=(2, 0, 0))
    sleep = keyed(choices_of(third, NELL), "sleep")
    assert sleep == Option(Sleep(NELL), "Ada has fallen asleep", key="sleep")
    assert sleep.value == time_out(third)
    asked = act(third, sleep.value)
    assert asked.under_table == (False, False, False) and asked.phase == Phase.SLEEPER
    assert choices_of(asked, NELL) == Pick(
        "Ada has slept through three turns in a row: send them Under The Table?",
        (
            Option(SendUnder(NELL, True), "Send Ada Under The Table", key="send"),
            Option(SendUnder(NELL, False), "Let Ada stay", key="stay"),
        ),
    )


def test_in_an_old_tale_the_third_sleep_the_timer_finds_sends_the_bard_under_the_table():
    third = old_rules(evolve(known_tavern(), asleep=(2, 0, 0)))
    sleep = keyed(choices_of(third, NELL), "sleep")
    assert sleep.label == "Ada has fallen asleep: Under The Table"
    assert sleep.value == Sleep(NELL, under_table=True) == time_out(third)
    assert act(third, sleep.value).under_table == (True, False, False)


def test_at_a_table_without_a_barkeep_the_bard_on_turn_seats_and_the_next_calls_sleep():
    state = known_tavern(3, person=False, seated=(True, True, False))
    view = game.view(state, ADA)
    assert view.seater == ADA and view.barkeep_seat is None and view.free_benches == (2, 3)
    between = view.choices.between
    assert labels(between) == ["Leave the tale", "Seat a Bard", "Someone new walks in"]
    seat = keyed(between, "seat")
    assert values(seat.then.options[0].then) == [SeatBard(ADA, CORA, 2), SeatBard(ADA, CORA, 3)]
    basil = choices_of(state, BASIL)
    assert labels(basil) == ["Leave the tale", "Ada has fallen asleep"]
    assert keyed(basil, "sleep").value == Sleep(BASIL) == time_out(state)
    assert choices_of(state, CORA) is None


def test_a_suspended_table_is_seated_by_the_bard_left_or_else_the_first_of_the_roster():
    state = act(known_tavern(3, person=False), Leave(CORA), Leave(BASIL))
    assert state.phase == Phase.SUSPENDED and game.view(state, None).seater == ADA
    ada = choices_of(state, ADA)
    assert ada.ask == "The tale is suspended: seat a Bard on a free bench."
    assert labels(ada) == [
        "Leave the tale",
        "Seat a Bard",
        "Someone new walks in",
        "Close the tale unfinished",
    ]
    assert values(keyed(ada, "seat").then) == [BASIL, CORA]
    empty = act(state, Leave(ADA))
    assert game.view(empty, None).seater == ADA
    assert labels(choices_of(empty, ADA)) == [
        "Seat a Bard",
        "Someone new walks in",
        "Close the tale unfinished",
    ]
    assert labels(choices_of(empty, BASIL)) == ["Close the tale unfinished"]
    assert keyed(choices_of(empty, CORA), "close").value == Restock(CORA)


def test_a_suspended_tale_offers_the_barkeep_seating_and_closing():
    state = act(known_tavern(2), Leave(BASIL))
    keeper = 2
    choices = choices_of(state, keeper)
    assert choices.ask == "The tale is suspended: seat a Bard on a free bench."
    assert labels(choices) == [
        "Seat a Bard",
        "Someone new walks in",
        "Close the tale unfinished",
        "Hand the bar to someone else",
    ]
    close = keyed(choices, "close")
    assert close.value == Restock(keeper)
    assert act(state, close.value).phase == Phase.OVER
    assert labels(choices_of(state, ADA)) == ["Leave the tale"]


def test_the_view_tells_the_screens_the_tables_settings():
    made = evolve(config(3, benches=5), sleep_seconds=180)
    view = game.view(act(game.new(made, 0), Begin(NELL, ADA)), None)
    assert view.sleep_seconds == 180 and view.barkeep_seat == NELL and view.seater == NELL
    assert view.free_benches == (3, 4) and view.choices is None and view.notes == ()
    ruling = game.view(tell(known_tavern(), ADA, FERRYMAN), None)
    assert ruling.seater is None and ruling.free_benches == (3,)
    table = game.view(known_tavern(3, person=False), None)
    assert table.barkeep_seat is None and table.seater == ADA and table.sleep_seconds == 0


def test_every_view_says_what_the_table_declares_when_the_turn_timer_runs_out():
    state = known_tavern()
    assert game.view(state, None).time_out == Sleep(NELL) == time_out(state)
    assert game.view(state, ADA).time_out == Sleep(NELL)
    third = evolve(state, asleep=(2, 0, 0))
    assert game.view(third, None).time_out == Sleep(NELL)
    assert game.view(old_rules(third), None).time_out == Sleep(NELL, under_table=True)
    table = known_tavern(3, person=False)
    assert game.view(table, None).time_out == Sleep(BASIL)
    assert game.view(tell(known_tavern(), ADA, FERRYMAN), None).time_out is None


# --- after a play -------------------------------------------------------------------------


def test_the_window_offers_an_interruption_with_a_card_of_your_own_or_letting_it_go():
    state = game.apply(known_tavern(), Play(ADA, KING_TEXT, FERRYMAN))
    choices = choices_of(state, BASIL)
    assert choices.ask == "Basil: interrupt with a card of yours, or let it go?"
    assert labels(choices) == ["Interrupt", "Let it go"]
    assert keyed(choices, "let_go").value == Interrupt(BASIL, None)
    cards = keyed(choices, "interrupt").then
    assert cards.ask == "Which card of yours did the play mention?"
    assert labels(cards) == ["a sleepwalking king", "a disgraced knight", "a talking raven"]
    assert values(cards) == [
        Interrupt(BASIL, KING),
        Interrupt(BASIL, KNIGHT),
        Interrupt(BASIL, RAVEN),
    ]
    assert act(state, cards.options[0].value).attempt.interruptions == ((BASIL, KING),)


def test_the_barkeep_verifies_a_play_or_denies_it_with_one_of_the_eight_reasons():
    state = arrange(known_tavern(), table=(GHOST, CAT, MINSTREL))
    state = tell(state, ADA, TROLL, ties=(GHOST, CAT, GHOST))
    choices = choices_of(state, NELL)
    assert isinstance(choices, RulingChoices)
    assert choices.ask == "Rule on Ada's play: verify it, or deny it with a reason."
    assert choices.verify == Option(Rule(NELL, True), "Verify the play", key="verify")
    assert choices.loose_end == Option(
        Rule(NELL, True, loose_end=True), "Make its card a Loose End", key="loose_end"
    )
    assert choices.ties.ask == "Which of the Loose Ends it claims are tied off?"
    assert values(choices.ties) == [GHOST, CAT] and choices.ties.fills == "tied"
    assert choices.ties.answer([1]) == Rule(NELL, True, tied=(CAT,))
    assert choices.deny.ask == "Deny it: why?"
    assert [option.key for option in choices.deny.options] == list(DenyReason)
    assert labels(choices.deny) == [
        "It cannot be understood",
        "It does not follow from the tale so far",
        "It is not in the spirit of the game",
        "It is too long or too short",
        "The Bard holds cards but named none",
        "No card was named and no Loose End was tied off",
        "It came after the Bard had fallen asleep",
        "The card was named but the text did not bring it into the tale",
    ]
    assert values(choices.deny) == [Rule(NELL, False, reason) for reason in DENY_REASONS]
    for option in choices.deny.options:
        assert act(state, option.value).on_turn == BASIL
    verified = choices.verified(True, [CAT])
    assert verified == Rule(NELL, True, loose_end=True, tied=(CAT,))
    after = act(state, verified)
    assert after.table == (GHOST, MINSTREL, TROLL) and after.ale == (1, 0, 0)


def test_a_play_that_named_no_card_is_not_offered_as_a_loose_end():
    state = tell(arrange(known_tavern(), {ADA: ()}, table=(GHOST,)), ADA, None, ties=(GHOST,))
    loose_end = choices_of(state, NELL).loose_end
    assert loose_end.closed == NO_LOOSE_END
    assert refused(state, loose_end.value) == NO_LOOSE_END


def test_at_the_table_each_vote_says_whether_the_card_is_a_loose_end_and_each_tie_holds():
    state = arrange(known_tavern(3, person=False), {ADA: (FERRYMAN, TROLL)}, table=(WITCH,))
    state = tell(state, ADA, FERRYMAN, ties=(WITCH,), loose_end=False)
    choices = choices_of(state, BASIL)
    ferryman, witch = name(FERRYMAN), name(WITCH)
    assert choices == Pick(
        "How do you vote on Ada's play?",
        (
            Option(Rule(BASIL, False), "Deny it", key="deny"),
            Option(
                Rule(BASIL, True),
                "Verify it: no Loose End; ties off nothing",
                key="verify",
            ),
            Option(
                Rule(BASIL, True, loose_end=True),
                f"Verify it: {ferryman} a Loose End; ties off nothing",
            ),
            Option(
                Rule(BASIL, True, loose_end=True, tied=(WITCH,)),
                f"Verify it: {ferryman} a Loose End; ties off {witch}",
            ),
            Option(
                Rule(BASIL, True, tied=(WITCH,)),
                f"Verify it as told: no Loose End; ties off {witch}",
                key="as_told",
            ),
        ),
    )
    assert choices_of(state, ADA) is None


def test_in_an_old_tale_the_other_bards_vote_only_to_verify_or_deny():
    state = old_rules(tell(known_tavern(3, person=False), ADA, FERRYMAN))
    choices = choices_of(state, BASIL)
    assert choices == Pick(
        "How do you vote on Ada's play?",
        (
            Option(Rule(BASIL, True), "Verify it", key="verify"),
            Option(Rule(BASIL, False), "Deny it", key="deny"),
        ),
    )
    assert choices_of(state, ADA) is None
    assert act(state, choices.options[1].value, Rule(CORA, False)).on_turn == BASIL


def test_an_interruption_is_ruled_as_standing_or_not_mentioned():
    state = tell(known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    state = act(state, Rule(NELL, True))
    choices = choices_of(state, NELL)
    assert choices.ask == "Basil names a sleepwalking king: was it in the play?"
    assert labels(choices) == ["It stands: the play mentioned it", "Not mentioned"]
    assert keyed(choices, "stands").value == RuleInterruption(NELL, True)
    assert keyed(choices, "not_mentioned").value == RuleInterruption(NELL, False)
    assert act(state, keyed(choices, "stands").value).on_turn == BASIL


KING_AND_PIRATE_TEXT = (
    "A one-eyed ferryman rowed a sleepwalking king and a retired pirate captain across."
)
LATER = (
    "Cora names a retired pirate captain, but Basil's interruption already stands: "
    "was it in the play?"
)


def basil_stood_cora_waits(bards: int = 3, person: bool = True):
    """Ada's play verified (at the table, by every vote), Basil's interruption standing and
    Cora's waiting for its ruling."""
    state = tell(
        known_tavern(bards, person=person),
        ADA,
        FERRYMAN,
        KING_AND_PIRATE_TEXT,
        interruptions={BASIL: KING, CORA: PIRATE},
    )
    while state.phase == Phase.RULING:
        state = act(state, Rule(game.prompt(state).seats[0], True))
    while state.attempt.interruptions[0][0] == BASIL:
        state = act(state, RuleInterruption(game.prompt(state).seats[0], True))
    return state


def test_after_one_interruption_stood_the_next_is_ruled_not_mentioned_or_too_late():
    state = basil_stood_cora_waits()
    choices = choices_of(state, NELL)
    assert choices.ask == LATER
    assert labels(choices) == [
        "Not mentioned",
        "Too late: it was in the play, but Basil's interruption stands",
    ]
    assert choices.keyed("stands") is None
    assert keyed(choices, "not_mentioned").value == RuleInterruption(NELL, False)
    assert keyed(choices, "too_late").value == RuleInterruption(NELL, False, too_late=True)
    assert all(option.open for option in choices.options)
    assert len(act(state, keyed(choices, "not_mentioned").value).hands[CORA]) == 4
    assert len(act(state, keyed(choices, "too_late").value).hands[CORA]) == 3


def test_at_the_table_a_later_interruption_is_voted_on_with_the_same_choices():
    state = basil_stood_cora_waits(4, person=False)
    assert game.prompt(state).seats == (BASIL, DMITRI)
    choices = choices_of(state, DMITRI)
    assert choices.ask == LATER
    assert values(choices) == [
        RuleInterruption(DMITRI, False),
        RuleInterruption(DMITRI, False, too_late=True),
    ]
    assert [o.key for o in choices.options] == ["not_mentioned", "too_late"]


def test_the_demo_barkeep_rules_a_later_claim_too_late_or_not_mentioned_by_the_text():
    bot = LanternBot(NELL, 5)
    late = basil_stood_cora_waits()
    assert bot.choose(game.view(late, NELL)) == RuleInterruption(NELL, False, too_late=True)
    state = tell(
        known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING, CORA: PIRATE}
    )
    unmentioned = act(state, Rule(NELL, True), RuleInterruption(NELL, True))
    assert bot.choose(game.view(unmentioned, NELL)) == RuleInterruption(NELL, False)


# --- the dry deck and the end -------------------------------------------------------------


def test_a_dry_deck_is_restocked_with_elements_in_words_or_the_tale_ends():
    dry = arrange(known_tavern(), deck=(GHOST,))
    state = act(tell(dry, ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    choices = choices_of(state, NELL)
    assert choices.ask == "The deck is dry: add story elements, or end the tale."
    assert labels(choices) == ["Add story elements", "End the tale, with no winner"]
    assert keyed(choices, "end").value == Restock(NELL)
    elements = keyed(choices, "restock").then
    assert isinstance(elements, Write)
    assert elements.ask == "New story elements, separated by semicolons:"
    assert (elements.template, elements.fills) == (Restock(NELL, ()), "elements")
    assert elements.separator == ";" and elements.needed
    restock = elements.answer(" a brass telescope; ;a lost glove ")
    assert restock == Restock(NELL, ("a brass telescope", "a lost glove"))
    assert act(state, restock).phase == Phase.TURN
    assert act(state, keyed(choices, "end").value).phase == Phase.OVER


def test_the_winner_writes_the_closing_passage():
    state = arrange(known_tavern(), {ADA: (FERRYMAN,)})
    state = act(tell(state, ADA, FERRYMAN, FERRY_TEXT), Rule(NELL, True))
    choices = choices_of(state, ADA)
    assert choices == Write(
        "Ada, write the closing passage (or leave it empty):",
        Closing(ADA, ""),
        "text",
        4000,
        hint="The tale ends with it.",
    )
    assert [choices_of(state, s) for s in (BASIL, CORA, NELL)] == [None, None, None]
    assert act(state, choices.answer("And so it ended.")).phase == Phase.OVER


def test_only_the_finished_public_view_reveals_every_hand_and_ale():
    state = arrange(known_tavern(), {ADA: (FERRYMAN,)})
    state = act(tell(state, ADA, FERRYMAN, FERRY_TEXT), Rule(NELL, True))
    assert game.view(state, None).reveal is None
    over = act(state, Closing(ADA))
    assert game.view(over, None).reveal == LanternReveal(
        (
            (),
            ("a sleepwalking king", "a disgraced knight", "a talking raven"),
            ("a pickpocket with a conscience", "a retired pirate captain", name(8)),
        ),
        (0, 0, 0),
    )
    assert all(game.view(over, seat).reveal is None for seat in range(4))


def test_a_seats_notes_are_the_private_lines_written_for_it():
    state = fresh(5, 3, benches=3, hand=4)
    basil = ", ".join(name(c) for c in state.hands[BASIL])
    assert game.view(state, BASIL).notes == (f"You receive: {basil}.",)
    assert game.view(state, NELL).notes == () and game.view(state, None).notes == ()


def test_the_word_count_is_the_one_the_play_line_reports():
    assert word_count(FERRY_TEXT) == 12
    assert word_count("  Out of\nthe   fog ") == 4
    assert word_count("") == 0 and word_count(" \n ") == 0
