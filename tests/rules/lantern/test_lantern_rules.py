"""Ye Olde Rusty Lantern's rules, one named test per rule.

Every test builds its situation explicitly from ``known_tavern`` (Ada holds the
ferryman, the troll and the witch; Basil the king, the knight and the raven;
Cora the pickpocket, the pirate and the apprentice; the deck is the rest of
the pack in order, the ghost on top; Nell keeps the bar in seat 3), arranges
hands, deck, table and benches as it needs, loads the draws, and then plays
actions through ``game.apply``, asserting exact hands, deck, table, burned
cards, Ale, whose turn it is and the exact refusals. The last section plays whole
tales (the demo seats, rowdy and restless play) and checks the tavern's own
invariants after every action.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from attrs import evolve

from rules.engine import Event, Outcome
from rules.lantern import game
from rules.lantern.benches import time_out
from rules.lantern.game import LANTERN
from rules.lantern.state import (
    DENY_REASONS,
    Begin,
    Closing,
    DenyReason,
    Interrupt,
    Keeper,
    Leave,
    Passage,
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
from rules.session import BOT, SeatPlan, Session
from rules.simulate import simulate
from tests.lantern_helpers import (
    ADA,
    APPRENTICE,
    BARKEEP_NAME,
    BASIL,
    CAT,
    CORA,
    DMITRI,
    DUKE,
    FERRYMAN,
    FIRST_ELEMENTS,
    FORTUNE_TELLER,
    GHOST,
    KING,
    KNIGHT,
    MINSTREL,
    NAMES,
    PICKPOCKET,
    PIRATE,
    RAVEN,
    SERPENT,
    TROLL,
    WITCH,
    Policy,
    act,
    arrange,
    bot_policy,
    bot_session,
    check_invariants,
    config,
    conserved,
    deals,
    draws,
    fresh,
    known_tavern,
    lines,
    name,
    old_rules,
    pack,
    playout,
    prompt_kind,
    prompt_seats,
    refused,
    restless_policy,
    tell,
)
from tests.lantern_helpers import random_policy as rowdy_policy

NELL = 3
"""The Barkeep's seat at a three-Bard tavern."""
HANDS = ((FERRYMAN, TROLL, WITCH), (KING, KNIGHT, RAVEN), (PICKPOCKET, PIRATE, APPRENTICE))
FERRY_TEXT = "Out of the fog came a one-eyed ferryman, poling a black boat."


def test_the_known_tavern_deals_the_packs_first_elements_in_order():
    assert pack().elements[:16] == FIRST_ELEMENTS
    state = known_tavern()
    assert state.hands == HANDS
    assert state.deck == tuple(range(GHOST, len(pack().elements)))
    assert state.benches == (0, 1, 2) and state.on_turn == ADA and state.phase == Phase.TURN


# --- setup --------------------------------------------------------------------------------


def test_setup_seats_the_starting_bards_in_order_and_deals_each_the_starting_hand():
    state = fresh(seed=5, bards=3, benches=5)
    assert state.config.benches == 5 and state.config.hand == 7
    assert state.benches == (0, 1, 2)
    assert [len(h) for h in state.hands] == [7, 7, 7]
    dealt = {c for hand in state.hands for c in hand}
    assert len(dealt) == 21
    assert state.deck == tuple(c for c in range(len(pack().elements)) if c not in dealt)
    assert state.table == () and state.burned == () and state.ale == (0, 0, 0)
    assert state.phase == Phase.OPENING and state.on_turn is None
    assert [e.text for e in state.log if e.seats is None] == [
        "The Rusty Lantern opens with 5 benches. Ada, Basil, Cora take their seats."
    ]
    private = [e for e in state.log if e.seats is not None]
    assert [e.seats for e in private] == [(ADA, NELL), (BASIL, NELL), (CORA, NELL)]
    assert private[1] == Event(
        "You receive: " + ", ".join(name(c) for c in state.hands[BASIL]) + ".", (BASIL, NELL)
    )


def test_the_barkeep_may_name_another_starting_hand_size():
    state = fresh(seed=1, bards=4, benches=6, hand=4)
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    assert len(state.deck) == len(pack().elements) - 16


def test_only_the_starting_bards_are_seated_and_dealt():
    state = fresh(seed=2, bards=3, benches=4, seated=(False, True, True))
    assert state.benches == (None, 0, 1)
    assert state.hands[ADA] == () and len(state.hands[BASIL]) == len(state.hands[CORA]) == 7
    assert state.on_turn is None and state.phase == Phase.OPENING
    assert [e.text for e in state.log if e.seats is None] == [
        "The Rusty Lantern opens with 4 benches. Basil, Cora take their seats."
    ]
    assert refused(state, Begin(NELL, ADA)) == "Choose a Bard on a bench to begin the tale."


def test_a_tale_set_up_with_fewer_than_two_bards_seated_is_suspended():
    state = fresh(seed=3, bards=3, benches=4, seated=(True, False, False))
    assert state.phase == Phase.SUSPENDED and state.on_turn is None
    assert [e.text for e in state.log if e.seats is None] == [
        "The Rusty Lantern opens with 4 benches. Ada take their seats.",
        "The tale is suspended: it needs at least two Bards on the benches.",
    ]
    assert game.prompt(state).seats == (NELL,)


OPENING_ASK = "Nell: choose the Bard who begins the tale."


def test_the_barkeep_chooses_the_bard_who_begins_the_tale():
    state = fresh(seed=5, bards=3, benches=5)
    current = game.prompt(state)
    assert current.seats == (NELL,) and current.kind == Phase.OPENING and current.private
    assert current.text == OPENING_ASK
    after = act(state, Begin(NELL, CORA))
    assert after.phase == Phase.TURN and after.on_turn == CORA
    assert after.hands == state.hands and after.deck == state.deck
    assert lines(state, after) == ["Nell chooses Cora to begin the tale."]
    assert game.prompt(after).seats == (CORA,)
    assert game.prompt(after).text == "Cora: tell the next part of the tale, or pass."
    assert refused(after, Begin(NELL, ADA)) == (
        "It is not Nell's turn: Cora: tell the next part of the tale, or pass."
    )


def test_the_help_at_the_start_says_the_barkeep_names_who_begins():
    help_text = game.LANTERN.phase_help(game.prompt(fresh(seed=5)))
    assert help_text == (
        "The tale is about to begin: the Barkeep names the Bard who tells the first passage."
    )
    assert "## Who begins" in game.LANTERN.rules_text


def test_only_the_barkeep_names_a_bard_on_a_bench_to_begin():
    state = fresh(seed=5, bards=3, benches=5)
    assert refused(state, Begin(ADA, ADA)) == f"It is not Ada's turn: {OPENING_ASK}"
    for bard in (NELL, 4, -1):
        assert refused(state, Begin(NELL, bard)) == "Choose a Bard on a bench to begin the tale."


def test_nobody_plays_comes_or_goes_before_the_first_bard_is_named():
    state = fresh(seed=5, bards=3, benches=5)
    card = state.hands[ADA][0]
    assert refused(state, Play(ADA, FERRY_TEXT, card)) == f"It is not Ada's turn: {OPENING_ASK}"
    assert refused(state, PassTurn(BASIL)) == f"It is not Basil's turn: {OPENING_ASK}"
    assert refused(state, Leave(BASIL)) == "Bards come and go between turns."
    assert refused(state, SeatBard(NELL, BASIL, 4)) == "Bards come and go between turns."
    assert refused(state, Sleep(NELL)) == "Only a Bard on turn can be found asleep."


def test_at_the_table_a_bard_drawn_by_lot_from_the_tales_chance_begins():
    """The draw is the tale's next after the deal: the same deal with a Barkeep, who draws
    nothing, shows it."""
    firsts = set()
    for seed in range(30):
        table = fresh(seed=seed, bards=3, benches=4, person=False)
        barkeep = fresh(seed=seed, bards=3, benches=4)
        assert table.hands == barkeep.hands
        index, after = barkeep.chance.below(3)
        first = (ADA, BASIL, CORA)[index]
        assert table.on_turn == first and table.chance == after
        assert table.phase == Phase.TURN
        assert [e.text for e in table.log if e.seats is None] == [
            "The Rusty Lantern opens with 4 benches. Ada, Basil, Cora take their seats.",
            f"By lot, {NAMES[first]} begins the tale.",
        ]
        firsts.add(first)
    assert firsts == {ADA, BASIL, CORA}


def test_a_tale_that_opens_suspended_begins_once_a_second_bard_sits():
    state = fresh(seed=3, bards=3, benches=4, seated=(True, False, False))
    after = act(state, SeatBard(NELL, CORA, 2))
    assert after.phase == Phase.OPENING and after.on_turn is None
    assert game.prompt(after).text == OPENING_ASK
    assert lines(state, after)[-1] == "The tale can begin: Nell chooses the Bard who starts."
    assert act(after, Begin(NELL, CORA)).on_turn == CORA
    # at the table the lot is drawn then: the tale's next draw after Cora's hand
    table = fresh(seed=3, bards=3, benches=4, seated=(True, False, False), person=False)
    drawn = act(table, SeatBard(ADA, CORA, 2))
    index, chance = after.chance.below(2)
    assert drawn.hands == after.hands and drawn.chance == chance
    assert drawn.phase == Phase.TURN and drawn.on_turn == (ADA, CORA)[index]
    assert lines(table, drawn)[-1] == f"By lot, {NAMES[drawn.on_turn]} begins the tale."


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"benches": 1}, "A tavern has 2 to 8 benches."),
        ({"benches": 9}, "A tavern has 2 to 8 benches."),
        ({"bards": ("Ada",), "seated": (True,)}, "A tale needs at least two Bards on the roster."),
        ({"seated": (True, True)}, "A tale needs at least two Bards on the roster."),
        ({"bards": ("Ada", "Basil", " ada")}, "Every Bard needs a name of their own."),
        ({"benches": 2}, "More Bards are seated than there are benches."),
        ({"hand": 0}, "There are not enough story elements to deal every Bard a hand."),
        (
            {"elements": FIRST_ELEMENTS[:8]},
            "There are not enough story elements to deal every Bard a hand.",
        ),
        ({"words": (150, 40)}, "The word guideline must run from a smaller to a larger number."),
        ({"words": (0, 40)}, "The word guideline must run from a smaller to a larger number."),
    ],
)
def test_a_tavern_that_cannot_open_is_refused(changes, reason):
    made = evolve(config(3, benches=4, hand=3), **changes)
    with pytest.raises(game.IllegalAction) as caught:
        game.new(made, 0)
    assert caught.value.reason == reason


def test_make_config_seats_every_bard_and_the_last_seat_keeps_the_bar():
    made = game.make_config(
        ("Ada", "Basil", "Nell"),
        {
            "barkeep_person": 1,
            "benches": 5,
            "hand": 6,
            "words_min": 150,
            "words_max": 300,
            "sleep_minutes": 3,
        },
        pack(),
        {"elements": "a brass telescope; ; a one-eyed ferryman;a lost glove"},
    )
    assert made.bards == ("Ada", "Basil") and made.seated == (True, True)
    assert made.barkeep_name == "Nell" and made.benches == 5 and made.hand == 6
    assert made.words == (150, 300) and made.sleep_seconds == 180
    assert [o.key for o in game.LANTERN.text_options(pack())] == ["elements"]
    assert made.elements == pack().elements + ("a brass telescope", "a lost glove")
    table = game.make_config(("Ada", "Basil", "Cora"), {"barkeep_person": 0}, pack())
    assert table.bards == ("Ada", "Basil", "Cora") and table.barkeep == Keeper.TABLE
    assert table.benches == 3 and table.barkeep_name == "The table"
    assert table.sleep_seconds == 0
    assert game.seat_names(game.new(made, 0)) == ("Ada", "Basil", "Nell")
    assert game.seat_names(game.new(table, 0)) == ("Ada", "Basil", "Cora")


# --- joining ------------------------------------------------------------------------------


def cora_away():
    """Ada on bench 1 and Basil on bench 2 hold their known hands; Cora is away."""
    state = known_tavern(seated=(True, True, False))
    assert state.hands == (HANDS[0], HANDS[1], ()) and state.deck[0] == PICKPOCKET
    return state


def test_the_barkeep_seats_a_bard_on_a_free_bench_and_deals_the_starting_hand():
    state = deals(cora_away(), GHOST, PIRATE, CAT)
    after = act(state, SeatBard(NELL, CORA, 3))
    assert after.benches == (0, 1, 3)
    assert after.hands == (HANDS[0], HANDS[1], (GHOST, PIRATE, CAT))
    assert after.deck == tuple(c for c in state.deck if c not in (GHOST, PIRATE, CAT))
    assert after.on_turn == ADA and after.phase == Phase.TURN
    assert lines(state, after) == [
        "Cora joins the tale on bench 4.",
        "You receive: a ghost who forgot her name, a retired pirate captain, "
        "a tavern cat named Biscuit.",
    ]
    assert after.log[-1].seats == (CORA, NELL)


def test_a_new_bard_takes_turns_in_bench_order():
    state = evolve(cora_away(), benches=(0, 2, None))
    state = act(state, SeatBard(NELL, CORA, 1))
    assert act(state, PassTurn(ADA)).on_turn == CORA


def test_only_the_barkeep_chooses_where_a_new_bard_sits():
    state = cora_away()
    assert refused(state, SeatBard(ADA, CORA, 3)) == "The Barkeep chooses where a new Bard sits."
    assert refused(state, SeatBard(CORA, CORA, 3)) == "The Barkeep chooses where a new Bard sits."


def test_a_bard_joins_only_on_a_free_bench_of_the_tavern():
    state = cora_away()
    for bench in (0, 1, 4, -1):
        assert refused(state, SeatBard(NELL, CORA, bench)) == "Choose a free bench."


def test_only_a_bard_of_the_roster_who_is_away_can_be_seated():
    state = cora_away()
    for bard in (BASIL, NELL, -1):
        assert refused(state, SeatBard(NELL, bard, 3)) == (
            "Seat a Bard of the roster who is not at the table."
        )


def test_bards_join_and_leave_only_between_turns():
    state = tell(cora_away(), ADA, FERRYMAN)
    assert state.phase == Phase.RULING
    assert refused(state, SeatBard(NELL, CORA, 3)) == "Bards come and go between turns."
    assert refused(state, Leave(BASIL)) == "Bards come and go between turns."


def test_at_the_table_any_bard_may_seat_a_newcomer():
    state = known_tavern(3, person=False, seated=(True, True, False))
    state = deals(state, GHOST, CAT, MINSTREL)
    after = act(state, SeatBard(BASIL, CORA, 2))
    assert after.benches == (0, 1, 2) and after.hands[CORA] == (GHOST, CAT, MINSTREL)


# --- leaving ------------------------------------------------------------------------------


def test_a_leaving_bards_cards_go_back_to_the_deck_and_the_bench_empties():
    state = known_tavern()
    after = act(state, Leave(BASIL))
    assert after.hands == (HANDS[0], (), HANDS[2])
    assert after.deck == state.deck + (KING, KNIGHT, RAVEN)
    assert after.benches == (0, None, 2) and after.on_turn == ADA and after.phase == Phase.TURN
    assert lines(state, after) == ["Basil leaves the tale; their cards go back to the deck."]
    assert act(after, PassTurn(ADA)).on_turn == CORA


def test_leaving_on_your_turn_counts_as_a_pass_without_a_card():
    state = known_tavern()
    after = act(state, Leave(ADA))
    assert after.on_turn == BASIL and after.phase == Phase.TURN
    assert after.hands == ((), HANDS[1], HANDS[2])
    assert after.deck == state.deck + (FERRYMAN, TROLL, WITCH)


def test_a_bard_who_left_may_be_seated_again_with_a_new_hand():
    state = deals(act(known_tavern(), Leave(BASIL)), KING, GHOST, RAVEN)
    after = act(state, SeatBard(NELL, BASIL, 3))
    assert after.benches == (0, 3, 2) and after.hands[BASIL] == (KING, GHOST, RAVEN)
    assert act(after, PassTurn(ADA)).on_turn == CORA


def test_only_a_bard_on_a_bench_can_leave():
    state = cora_away()
    assert refused(state, Leave(CORA)) == "Only a Bard on a bench can leave."
    assert refused(state, Leave(NELL)) == "Only a Bard on a bench can leave."
    assert refused(state, Leave(4)) == "That seat is not at this table."


# --- suspension ---------------------------------------------------------------------------


def test_fewer_than_two_bards_suspend_the_tale_and_no_card_may_be_played():
    state = known_tavern(2)
    keeper = 2
    after = act(state, Leave(BASIL))
    assert after.phase == Phase.SUSPENDED and after.on_turn == ADA
    assert lines(state, after) == [
        "Basil leaves the tale; their cards go back to the deck.",
        "The tale is suspended: it needs at least two Bards on the benches.",
    ]
    assert game.prompt(after).seats == (keeper,)
    assert prompt_kind(after) == Phase.SUSPENDED
    suspended = "The tale is suspended: seat a Bard on a free bench."
    assert refused(after, Play(ADA, FERRY_TEXT, FERRYMAN)) == f"It is not Ada's turn: {suspended}"
    assert refused(after, PassTurn(ADA)) == f"It is not Ada's turn: {suspended}"
    assert refused(after, Restock(keeper, ("a new ghost",))) == (
        "New elements go into the deck only when it runs dry."
    )
    assert refused(after, Sleep(keeper)) == "Only a Bard on turn can be found asleep."


def test_a_suspended_tale_can_be_closed_unfinished():
    state = act(known_tavern(2), Leave(BASIL))
    after = act(state, Restock(2))
    assert after.phase == Phase.OVER
    assert after.result.winners == ()
    assert lines(state, after) == [
        "The tale was left unfinished: the tavern closed with too few Bards."
    ]


def test_seating_a_second_bard_resumes_the_tale():
    state = deals(act(known_tavern(2), Leave(BASIL)), GHOST, CAT, MINSTREL)
    after = act(state, SeatBard(2, BASIL, 3))
    assert after.phase == Phase.TURN and after.on_turn == ADA
    assert lines(state, after) == [
        "Basil joins the tale on bench 4.",
        "You receive: a ghost who forgot her name, a tavern cat named Biscuit, "
        "a wandering minstrel.",
        "The tale goes on: it is Ada's turn.",
    ]


def test_bards_may_come_and_go_while_the_tale_is_suspended():
    state = act(known_tavern(2), Leave(BASIL), Leave(ADA))
    assert state.phase == Phase.SUSPENDED and state.benches == (None, None)
    assert state.on_turn is None and state.hands == ((), ())
    state = deals(state, GHOST, CAT, MINSTREL)
    state = act(state, SeatBard(2, BASIL, 1))
    assert state.phase == Phase.SUSPENDED and state.on_turn == BASIL
    state = deals(state, DUKE, SERPENT, TROLL)
    state = act(state, SeatBard(2, ADA, 0))
    assert state.phase == Phase.TURN and state.on_turn == BASIL
    assert state.hands == ((DUKE, SERPENT, TROLL), (GHOST, CAT, MINSTREL))
    assert conserved(state)


def test_the_bard_on_turn_leaving_a_suspended_tale_hands_the_turn_on():
    state = act(known_tavern(3), Leave(CORA), Leave(BASIL))
    assert state.phase == Phase.SUSPENDED and state.on_turn == ADA
    after = act(state, Leave(ADA))
    assert after.on_turn is None and after.phase == Phase.SUSPENDED


def test_at_the_table_the_seated_bards_are_asked_to_seat_someone():
    state = act(known_tavern(3, person=False), Leave(CORA), Leave(BASIL))
    assert game.prompt(state).seats == (ADA,)
    assert game.prompt(act(state, Leave(ADA))).seats == (ADA, BASIL, CORA)


# --- a verified play ----------------------------------------------------------------------


def test_a_play_names_a_card_and_opens_the_interruption_window_to_the_other_bards():
    state = known_tavern()
    after = act(state, Play(ADA, "  " + FERRY_TEXT + "\n", FERRYMAN))
    assert lines(state, after) == ["Ada tells the tale (12 words, naming a one-eyed ferryman)."]
    assert after.phase == Phase.WINDOW and after.attempt.text == FERRY_TEXT
    assert after.hands == state.hands and after.burned == ()
    current = game.prompt(after)
    assert current.seats == (BASIL, CORA) and not current.private
    assert current.text == "Basil, Cora: interrupt with a card of yours, or let it go?"
    after = act(after, Interrupt(CORA))
    assert game.prompt(after).seats == (BASIL,)
    after = act(after, Interrupt(BASIL))
    assert after.phase == Phase.RULING
    current = game.prompt(after)
    assert current.seats == (NELL,) and current.private
    assert current.text == "The Barkeep rules on Ada's play."


def test_a_one_word_play_is_told_as_one_word():
    state = known_tavern()
    after = act(state, Play(ADA, "Ferryman!", FERRYMAN))
    assert lines(state, after) == ["Ada tells the tale (1 word, naming a one-eyed ferryman)."]


def test_a_verified_play_burns_its_card_and_it_is_still_the_bards_turn():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True))
    assert after.hands == ((TROLL, WITCH), HANDS[1], HANDS[2])
    assert after.burned == (FERRYMAN,) and after.table == () and after.deck == state.deck
    assert after.tale == (Passage(ADA, FERRY_TEXT, FERRYMAN),)
    assert after.ale == (0, 0, 0) and after.last_success == ADA
    assert after.on_turn == ADA and after.phase == Phase.TURN and after.attempt is None
    assert lines(state, after) == ["The play is verified: Ada's passage joins the tale."]


def test_a_verified_play_may_make_its_card_a_loose_end_on_the_table():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True, loose_end=True))
    assert after.table == (FERRYMAN,) and after.burned == ()
    assert after.hands == ((TROLL, WITCH), HANDS[1], HANDS[2])
    assert after.on_turn == ADA
    assert lines(state, after) == [
        "The play is verified: Ada's passage joins the tale.",
        "a one-eyed ferryman lies on the table as a Loose End.",
    ]
    assert game.view(after, None).table == ("a one-eyed ferryman",)


def test_the_barkeep_not_the_bard_decides_whether_a_card_becomes_a_loose_end():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT, loose_end=True)
    after = act(state, Rule(NELL, True))
    assert after.table == () and after.burned == (FERRYMAN,)


def test_tying_off_loose_ends_earns_one_ale_each():
    state = arrange(known_tavern(), table=(GHOST, CAT, MINSTREL))
    state = tell(
        state, ADA, TROLL, "The troll laid the ghost and the cat to rest.", ties=(GHOST, CAT)
    )
    after = act(state, Rule(NELL, True, tied=(GHOST, CAT)))
    assert after.table == (MINSTREL,)
    assert after.burned == (TROLL, GHOST, CAT)
    assert after.ale == (2, 0, 0)
    assert after.tale[-1] == Passage(
        ADA, "The troll laid the ghost and the cat to rest.", TROLL, (GHOST, CAT)
    )
    assert lines(state, after) == [
        "The play is verified: Ada's passage joins the tale.",
        "Tied off: a ghost who forgot her name, a tavern cat named Biscuit. Ada earns 2 Ale.",
    ]
    assert after.on_turn == ADA


def test_the_barkeep_decides_which_loose_ends_are_tied_off():
    state = arrange(known_tavern(), table=(GHOST, CAT, MINSTREL))
    state = tell(state, ADA, TROLL, ties=(GHOST, CAT))
    fewer = act(state, Rule(NELL, True, tied=(CAT,)))
    assert fewer.table == (GHOST, MINSTREL) and fewer.ale == (1, 0, 0)
    unclaimed = act(state, Rule(NELL, True, tied=(MINSTREL,)))
    assert unclaimed.table == (GHOST, CAT) and unclaimed.ale == (1, 0, 0)


def test_a_loose_end_named_twice_is_tied_off_once():
    state = arrange(known_tavern(), table=(GHOST, CAT))
    state = tell(state, ADA, TROLL, ties=(GHOST, GHOST))
    after = act(state, Rule(NELL, True, tied=(GHOST, GHOST)))
    assert after.burned == (TROLL, GHOST) and after.table == (CAT,)
    assert after.ale == (1, 0, 0) and after.tale[-1].tied == (GHOST,)
    assert conserved(after)


def test_a_card_made_a_loose_end_and_loose_ends_tied_off_in_one_play():
    state = arrange(known_tavern(), table=(GHOST,))
    state = tell(state, ADA, TROLL, ties=(GHOST,), loose_end=True)
    after = act(state, Rule(NELL, True, loose_end=True, tied=(GHOST,)))
    assert after.table == (TROLL,) and after.burned == (GHOST,) and after.ale == (1, 0, 0)


def test_only_loose_ends_on_the_table_can_be_tied_off():
    state = arrange(known_tavern(), table=(GHOST,))
    reason = "Only Loose Ends on the table can be tied off."
    assert refused(state, Play(ADA, FERRY_TEXT, FERRYMAN, ties=(CAT,))) == reason
    assert refused(state, Play(ADA, FERRY_TEXT, FERRYMAN, ties=(FERRYMAN,))) == reason
    ruling = tell(state, ADA, FERRYMAN)
    assert refused(ruling, Rule(NELL, True, tied=(CAT,))) == reason


def test_a_play_names_a_card_from_the_bards_own_hand():
    state = known_tavern()
    assert refused(state, Play(ADA, FERRY_TEXT, KING)) == "Name a card from your own hand."
    assert refused(state, Play(ADA, FERRY_TEXT, GHOST)) == "Name a card from your own hand."
    assert refused(state, Play(ADA, FERRY_TEXT, 9999)) == "Name a card from your own hand."


def test_a_play_is_kept_under_4000_characters():
    state = known_tavern()
    assert refused(state, Play(ADA, "x" * 4001, FERRYMAN)) == "Keep a play under 4000 characters."
    assert act(state, Play(ADA, "x" * 4000, FERRYMAN)).phase == Phase.WINDOW


def test_a_play_that_named_no_card_cannot_make_a_loose_end():
    state = tell(arrange(known_tavern(), {ADA: ()}, table=(GHOST,)), ADA, None, ties=(GHOST,))
    assert refused(state, Rule(NELL, True, loose_end=True)) == (
        "A play that named no card cannot make a Loose End."
    )


def test_a_bard_with_no_cards_plays_by_tying_off_loose_ends():
    state = arrange(known_tavern(), {ADA: ()}, table=(GHOST, CAT))
    state = tell(state, ADA, None, "The ghost was laid to rest at last.", ties=(GHOST,))
    assert state.attempt.card is None
    after = act(state, Rule(NELL, True, tied=(GHOST,)))
    assert after.tale[-1] == Passage(ADA, "The ghost was laid to rest at last.", None, (GHOST,))
    assert after.table == (CAT,) and after.ale == (1, 0, 0) and after.on_turn == ADA
    assert after.phase == Phase.TURN


# --- a denied play ------------------------------------------------------------------------


@pytest.mark.parametrize("reason", list(DENY_REASONS))
def test_each_deny_reason_burns_the_card_deals_two_and_passes_the_turn(reason):
    state = deals(tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT), CAT, GHOST)
    after = act(state, Rule(NELL, False, reason))
    assert after.hands == ((TROLL, WITCH, CAT, GHOST), HANDS[1], HANDS[2])
    assert after.burned == (FERRYMAN,) and after.table == () and after.tale == ()
    assert after.deck == tuple(c for c in state.deck if c not in (CAT, GHOST))
    assert after.ale == (0, 0, 0) and after.last_success is None
    assert after.on_turn == BASIL and after.phase == Phase.TURN
    assert lines(state, after) == [
        f"The play is denied: {DENY_REASONS[reason]}. Ada takes two cards and the turn passes.",
        "You receive: a tavern cat named Biscuit, a ghost who forgot her name.",
    ]


def test_a_denied_play_ties_off_nothing_and_makes_no_loose_end():
    state = arrange(known_tavern(), table=(GHOST,))
    state = tell(state, ADA, FERRYMAN, ties=(GHOST,), loose_end=True)
    after = act(state, Rule(NELL, False, DenyReason.NOT_BROUGHT_IN, loose_end=True, tied=(GHOST,)))
    assert after.table == (GHOST,) and after.burned == (FERRYMAN,) and after.ale == (0, 0, 0)


def test_a_denial_needs_one_of_the_seeds_reasons():
    state = tell(known_tavern(), ADA, FERRYMAN)
    assert refused(state, Rule(NELL, False, "dull")) == (
        "Deny with one of the reasons: it cannot be understood; it does not follow from the "
        "tale so far; it is not in the spirit of the game; it is too long or too short; the "
        "Bard holds cards but named none; no card was named and no Loose End was tied off; it "
        "came after the Bard had fallen asleep; the card was named but the text did not bring "
        "it into the tale."
    )
    assert refused(state, Rule(NELL, False)).startswith("Deny with one of the reasons: ")


def test_a_denied_play_that_named_no_card_burns_nothing_and_still_deals_two():
    state = deals(tell(known_tavern(), ADA, None, "Nothing happened."), GHOST, CAT)
    after = act(state, Rule(NELL, False, DenyReason.NO_CARD_NAMED))
    assert after.hands[ADA] == (FERRYMAN, TROLL, WITCH, GHOST, CAT)
    assert after.burned == () and after.on_turn == BASIL
    empty = arrange(known_tavern(), {ADA: ()})
    empty = deals(tell(empty, ADA, None, "Nothing happened."), GHOST, CAT)
    assert act(empty, Rule(NELL, False, DenyReason.NOTHING_PLAYED)).hands[ADA] == (GHOST, CAT)


def test_the_turn_passes_clockwise_by_bench_and_round_the_table():
    state = evolve(known_tavern(), benches=(0, 3, 1))
    after = act(tell(state, ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert after.on_turn == CORA
    state = evolve(known_tavern(), on_turn=CORA)
    after = act(tell(state, CORA, PIRATE), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert after.on_turn == ADA


# --- passing ------------------------------------------------------------------------------


def test_passing_gives_one_card_and_passes_the_turn():
    state = deals(known_tavern(), CAT)
    after = act(state, PassTurn(ADA))
    assert after.hands == ((FERRYMAN, TROLL, WITCH, CAT), HANDS[1], HANDS[2])
    assert after.deck == tuple(c for c in state.deck if c != CAT) and after.burned == ()
    assert after.on_turn == BASIL and after.phase == Phase.TURN
    assert lines(state, after) == ["Ada passes.", "You receive: a tavern cat named Biscuit."]


def test_an_explicit_pass_may_burn_one_named_card():
    state = deals(known_tavern(), GHOST)
    after = act(state, PassTurn(ADA, burn=TROLL))
    assert after.hands == ((FERRYMAN, WITCH, GHOST), HANDS[1], HANDS[2])
    assert after.burned == (TROLL,) and after.on_turn == BASIL
    assert lines(state, after) == [
        "Ada passes and burns a grumpy troll under a bridge.",
        "You receive: a ghost who forgot her name.",
    ]


def test_a_pass_burns_only_a_card_from_the_bards_own_hand():
    state = known_tavern()
    assert refused(state, PassTurn(ADA, burn=KING)) == "Burn a card from your own hand."
    assert refused(state, PassTurn(ADA, burn=GHOST)) == "Burn a card from your own hand."


def test_only_the_bard_on_turn_plays_or_passes():
    state = known_tavern()
    turn = "Ada: tell the next part of the tale, or pass."
    assert refused(state, PassTurn(BASIL)) == f"It is not Basil's turn: {turn}"
    assert refused(state, Play(CORA, "x", PIRATE)) == f"It is not Cora's turn: {turn}"
    assert refused(state, Rule(NELL, True)) == f"It is not Nell's turn: {turn}"
    assert refused(state, Interrupt(ADA, TROLL)) == f"That is not possible now: {turn}"
    for seat in (4, -1, True):
        assert refused(state, PassTurn(seat)) == "That seat is not at this table."


# --- sleep and Under The Table ------------------------------------------------------------


def test_a_bard_found_asleep_has_passed_and_takes_a_card():
    state = deals(known_tavern(), GHOST)
    after = act(state, Sleep(NELL))
    assert after.asleep == (1, 0, 0)
    assert after.hands == ((FERRYMAN, TROLL, WITCH, GHOST), HANDS[1], HANDS[2])
    assert after.on_turn == BASIL and after.phase == Phase.TURN
    assert lines(state, after) == [
        "Ada has fallen asleep and so has passed.",
        "You receive: a ghost who forgot her name.",
    ]


def test_only_the_barkeep_finds_a_bard_asleep():
    state = known_tavern()
    reason = (
        "Only the Barkeep (or, at a table without one, another Bard) may declare a Bard asleep."
    )
    assert refused(state, Sleep(BASIL)) == reason
    assert refused(state, Sleep(ADA)) == reason


def test_at_the_table_another_bard_finds_the_bard_on_turn_asleep():
    state = known_tavern(3, person=False)
    assert refused(state, Sleep(ADA)).startswith("Only the Barkeep")
    assert act(state, Sleep(CORA)).asleep == (1, 0, 0)


def test_when_the_turn_timer_runs_out_the_barkeep_declares_the_bard_asleep():
    state = known_tavern()
    assert time_out(state) == Sleep(NELL, under_table=False)
    twice = act(state, Sleep(NELL), PassTurn(BASIL), PassTurn(CORA), Sleep(NELL))
    twice = act(twice, PassTurn(BASIL), PassTurn(CORA))
    assert twice.asleep[ADA] == 2 and twice.on_turn == ADA
    assert time_out(twice) == Sleep(NELL)  # (Under The Table is asked after it)
    assert time_out(old_rules(twice)) == Sleep(NELL, under_table=True)


def test_without_a_barkeep_the_next_seated_bard_declares_the_timed_out_bard_asleep():
    state = known_tavern(3, person=False)
    assert time_out(state) == Sleep(BASIL, under_table=False)
    assert time_out(tell(known_tavern(), ADA, FERRYMAN)) is None


def test_only_the_bard_on_turn_can_be_found_asleep():
    state = tell(known_tavern(), ADA, FERRYMAN)
    assert refused(state, Sleep(NELL)) == "Only a Bard on turn can be found asleep."


def test_a_third_sleep_in_a_row_asks_the_barkeep_whether_the_bard_goes_under_the_table():
    state = known_tavern()
    for _ in range(2):
        state = act(state, Sleep(NELL), PassTurn(BASIL), PassTurn(CORA))
        assert state.phase == Phase.TURN
    third = act(state, Sleep(NELL))
    assert third.phase == Phase.SLEEPER and third.sleeper == ADA and third.on_turn == BASIL
    assert third.under_table == (False, False, False) and third.asleep == (3, 0, 0)
    current = game.prompt(third)
    assert current.seats == (NELL,) and current.private
    assert current.text == "Ada has slept three turns in a row: Under The Table?"
    assert refused(third, PassTurn(BASIL)) == f"It is not Basil's turn: {current.text}"
    assert refused(state, Sleep(NELL, under_table=True)) == (
        "Whether a Bard goes Under The Table is asked once they are found asleep for the "
        "third time in a row."
    )
    stays = act(third, SendUnder(NELL, False))
    assert lines(third, stays) == [
        "Ada stays at the table, asleep or not: Nell let them sleep it off."
    ]
    assert stays.phase == Phase.TURN and stays.on_turn == BASIL and stays.benches[ADA] == 0
    sent = act(third, SendUnder(NELL, True))
    assert lines(third, sent) == ["Ada has gone Under The Table and leaves the tale."]
    assert sent.benches == (None, 1, 2) and sent.under_table == (True, False, False)
    assert sent.hands[ADA] == () and sent.on_turn == BASIL and sent.phase == Phase.TURN


def test_at_the_table_the_other_bards_vote_a_sleeper_under_the_table_by_majority():
    state = evolve(known_tavern(4, person=False), asleep=(2, 0, 0, 0))
    third = act(state, Sleep(BASIL))
    current = game.prompt(third)
    assert current.seats == (BASIL, CORA, DMITRI) and not current.private
    after = act(third, SendUnder(BASIL, True), SendUnder(CORA, False))
    assert after.phase == Phase.SLEEPER and game.prompt(after).seats == (DMITRI,)
    kept = act(after, SendUnder(DMITRI, False))
    assert lines(after, kept) == [
        "Ada stays at the table, asleep or not: Basil, Cora and Dmitri let them sleep it off."
    ]
    sent = act(after, SendUnder(DMITRI, True))
    assert sent.under_table == (True, False, False, False)


def test_in_an_old_tale_three_turns_asleep_in_a_row_send_a_bard_under_the_table():
    state = old_rules(known_tavern())
    under = Sleep(NELL, under_table=True)
    for _ in range(2):
        assert refused(state, under) == "Under The Table needs three turns asleep in a row."
        state = act(state, Sleep(NELL), PassTurn(BASIL), PassTurn(CORA))
    assert state.asleep == (2, 0, 0) and state.on_turn == ADA
    hand = state.hands[ADA]
    after = act(state, under)
    assert lines(state, after) == [
        "Ada has fallen asleep and so has passed.",
        "Ada has gone Under The Table and leaves the tale.",
    ]
    assert after.benches == (None, 1, 2) and after.under_table == (True, False, False)
    assert after.hands[ADA] == () and after.deck == state.deck + hand
    assert after.asleep == (3, 0, 0)
    assert after.on_turn == BASIL and after.phase == Phase.TURN
    assert refused(after, SeatBard(NELL, ADA, 0)) == (
        "Ada went Under The Table and cannot come back."
    )


def test_a_pass_a_play_or_a_denial_breaks_the_run_of_sleep():
    state = evolve(known_tavern(), asleep=(2, 0, 0))
    assert act(state, PassTurn(ADA)).asleep == (0, 0, 0)
    assert act(tell(state, ADA, FERRYMAN), Rule(NELL, True)).asleep == (0, 0, 0)
    denied = act(tell(state, ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert denied.asleep == (0, 0, 0)
    # after a denial, the next sleep is the first of a new run
    denied = act(denied, PassTurn(BASIL), PassTurn(CORA))
    slept = act(denied, Sleep(NELL))
    assert slept.asleep == (1, 0, 0) and slept.phase == Phase.TURN
    assert refused(old_rules(denied), Sleep(NELL, under_table=True)) == (
        "Under The Table needs three turns asleep in a row."
    )


def test_going_under_the_table_may_suspend_the_tale():
    state = evolve(known_tavern(2), asleep=(2, 0))
    after = act(state, Sleep(2), SendUnder(2, True))
    assert after.phase == Phase.SUSPENDED and after.on_turn == BASIL
    assert lines(state, after)[-1] == (
        "The tale is suspended: it needs at least two Bards on the benches."
    )


# --- interruptions ------------------------------------------------------------------------


KING_TEXT = "A one-eyed ferryman rowed a sleepwalking king across the river."


def test_the_play_is_ruled_before_the_interruptions():
    state = known_tavern()
    state = act(state, Play(ADA, KING_TEXT, FERRYMAN), Interrupt(BASIL, KING))
    assert state.attempt.interruptions == ((BASIL, KING),)
    assert refused(state, Rule(NELL, True)) == (
        "It is not Nell's turn: Cora: interrupt with a card of yours, or let it go?"
    )
    state = act(state, Interrupt(CORA))
    assert state.phase == Phase.RULING
    assert refused(state, RuleInterruption(NELL, True)) == (
        "That is not possible now: The Barkeep rules on Ada's play."
    )
    after = act(state, Rule(NELL, True))
    assert after.phase == Phase.INTERRUPTIONS and after.tale[-1].card == FERRYMAN
    assert after.burned == (FERRYMAN,) and after.hands[BASIL] == HANDS[1]
    current = game.prompt(after)
    assert current.seats == (NELL,) and current.text == "Rule on Basil's interruption."


def test_a_verified_interruption_burns_the_card_deals_the_interrupted_bard_one_and_takes_the_turn():
    state = tell(known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    state = deals(act(state, Rule(NELL, True)), GHOST)
    after = act(state, RuleInterruption(NELL, True))
    assert after.hands == ((TROLL, WITCH, GHOST), (KNIGHT, RAVEN), HANDS[2])
    assert after.burned == (FERRYMAN, KING)
    assert after.tale == (Passage(ADA, KING_TEXT, FERRYMAN),)
    assert after.on_turn == BASIL and after.phase == Phase.TURN and after.attempt is None
    assert lines(state, after) == [
        "Basil's interruption stands: a sleepwalking king is burned, Ada takes a card, "
        "and the tale is Basil's.",
        "You receive: a ghost who forgot her name.",
    ]


def test_an_interruption_not_mentioned_burns_the_card_and_deals_two():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT, interruptions={BASIL: KING})
    state = deals(act(state, Rule(NELL, True)), GHOST, CAT)
    after = act(state, RuleInterruption(NELL, False))
    assert after.hands == ((TROLL, WITCH), (KNIGHT, RAVEN, GHOST, CAT), HANDS[2])
    assert after.burned == (FERRYMAN, KING)
    assert after.on_turn == ADA and after.phase == Phase.TURN
    assert lines(state, after) == [
        "Basil's interruption is denied: a sleepwalking king was not in the play. "
        "It is burned and they take two cards.",
        "You receive: a ghost who forgot her name, a tavern cat named Biscuit.",
    ]


KING_AND_PIRATE_TEXT = (
    "A one-eyed ferryman rowed a sleepwalking king and a retired pirate captain across."
)


def basil_stood_cora_waits(text: str = KING_TEXT):
    """Ada's play is verified; Basil (the king) and Cora (the pirate) interrupted it, and
    Basil's interruption stands: Cora's waits for its ruling. The next draws are the
    ghost (for Ada), then the cat and the minstrel."""
    state = tell(known_tavern(), ADA, FERRYMAN, text, interruptions={BASIL: KING, CORA: PIRATE})
    state = deals(act(state, Rule(NELL, True)), GHOST, CAT, MINSTREL)
    return act(state, RuleInterruption(NELL, True))


def test_an_interruption_after_one_stood_still_waits_for_its_own_ruling():
    stood = basil_stood_cora_waits()
    assert stood.phase == Phase.INTERRUPTIONS and stood.on_turn == BASIL
    assert stood.attempt.interruptions == ((CORA, PIRATE),)
    assert stood.hands == ((TROLL, WITCH, GHOST), (KNIGHT, RAVEN), HANDS[2])
    current = game.prompt(stood)
    assert current.seats == (NELL,) and current.text == "Rule on Cora's interruption."


def test_an_interruption_after_one_stood_may_still_be_ruled_not_mentioned():
    stood = basil_stood_cora_waits()
    after = act(stood, RuleInterruption(NELL, False))
    assert after.hands == (
        (TROLL, WITCH, GHOST),
        (KNIGHT, RAVEN),
        (PICKPOCKET, APPRENTICE, CAT, MINSTREL),
    )
    assert after.burned == (FERRYMAN, KING, PIRATE)
    assert after.on_turn == BASIL and after.phase == Phase.TURN and after.attempt is None
    assert lines(stood, after) == [
        "Cora's interruption is denied: a retired pirate captain was not in the play. "
        "It is burned and they take two cards.",
        "You receive: a tavern cat named Biscuit, a wandering minstrel.",
    ]


def test_an_interruption_after_one_stood_may_be_ruled_too_late():
    stood = basil_stood_cora_waits(KING_AND_PIRATE_TEXT)
    after = act(stood, RuleInterruption(NELL, False, too_late=True))
    assert after.hands == ((TROLL, WITCH, GHOST), (KNIGHT, RAVEN), (PICKPOCKET, APPRENTICE, CAT))
    assert after.burned == (FERRYMAN, KING, PIRATE)
    assert after.on_turn == BASIL and after.phase == Phase.TURN and after.attempt is None
    assert lines(stood, after) == [
        "Cora's interruption comes too late: a retired pirate captain is burned and they "
        "take a card.",
        "You receive: a tavern cat named Biscuit.",
    ]


def test_an_interruption_after_one_stood_cannot_stand():
    stood = basil_stood_cora_waits(KING_AND_PIRATE_TEXT)
    assert refused(stood, RuleInterruption(NELL, True)) == (
        "Basil's interruption of this play already stands: Cora's is either not mentioned "
        "or too late."
    )


def test_an_interruption_comes_too_late_only_after_another_stood():
    state = tell(known_tavern(), ADA, FERRYMAN, KING_AND_PIRATE_TEXT, interruptions={BASIL: KING})
    state = act(state, Rule(NELL, True))
    assert refused(state, RuleInterruption(NELL, False, too_late=True)) == (
        "No interruption of this play stands yet, so Basil's is not too late."
    )
    assert refused(state, RuleInterruption(NELL, True, too_late=True)) == (
        "An interruption either stands or comes too late, not both."
    )


def test_an_interruption_after_a_denied_one_is_still_ruled():
    state = tell(
        known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING, CORA: PIRATE}
    )
    state = act(state, Rule(NELL, True), RuleInterruption(NELL, False))
    assert state.phase == Phase.INTERRUPTIONS
    assert game.prompt(state).text == "Rule on Cora's interruption."
    after = act(state, RuleInterruption(NELL, True))
    assert after.on_turn == CORA
    assert after.burned == (FERRYMAN, KING, PIRATE)
    assert len(after.hands[BASIL]) == 4 and len(after.hands[ADA]) == 3


def test_an_interruption_does_not_change_the_plays_ruling():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT, interruptions={CORA: PIRATE})
    state = deals(state, GHOST, CAT)
    state = act(state, Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert state.phase == Phase.INTERRUPTIONS and state.on_turn == BASIL
    assert state.hands[ADA] == (TROLL, WITCH, GHOST, CAT)
    after = act(deals(state, MINSTREL), RuleInterruption(NELL, True))
    assert after.hands[ADA] == (TROLL, WITCH, GHOST, CAT, MINSTREL)
    assert after.tale == () and after.burned == (FERRYMAN, PIRATE)
    assert after.on_turn == CORA


def test_an_interruption_names_a_card_from_the_interrupters_own_hand():
    state = act(known_tavern(), Play(ADA, KING_TEXT, FERRYMAN))
    assert refused(state, Interrupt(BASIL, PIRATE)) == "Interrupt with a card from your own hand."
    assert refused(state, Interrupt(BASIL, FERRYMAN)) == "Interrupt with a card from your own hand."


def test_in_an_old_tale_each_other_bard_may_interrupt_once_and_the_player_may_not():
    state = old_rules(act(known_tavern(), Play(ADA, KING_TEXT, FERRYMAN)))
    window = "Basil, Cora: interrupt with a card of yours, or let it go?"
    assert refused(state, Interrupt(ADA, TROLL)) == f"It is not Ada's turn: {window}"
    state = act(state, Interrupt(BASIL, KING))
    assert refused(state, Interrupt(BASIL, KNIGHT)) == (
        "It is not Basil's turn: Cora: interrupt with a card of yours, or let it go?"
    )


def test_bards_without_cards_are_not_asked_to_interrupt():
    state = arrange(known_tavern(), {CORA: ()})
    assert act(state, Play(ADA, FERRY_TEXT, FERRYMAN)).attempt.asked == (BASIL,)
    state = arrange(known_tavern(), {BASIL: (), CORA: ()})
    after = act(state, Play(ADA, FERRY_TEXT, FERRYMAN))
    assert after.phase == Phase.RULING and after.attempt.asked == ()


# --- the table as Barkeep -----------------------------------------------------------------


def test_at_the_table_a_play_is_verified_by_a_majority_of_the_other_bards():
    state = tell(known_tavern(4, person=False), ADA, FERRYMAN, FERRY_TEXT)
    current = game.prompt(state)
    assert current.seats == (BASIL, CORA, DMITRI) and not current.private
    assert current.text == "The table rules on Ada's play."
    assert refused(state, Rule(ADA, True)) == (
        "It is not Ada's turn: The table rules on Ada's play."
    )
    after = act(state, Rule(BASIL, True))
    assert after.phase == Phase.RULING and prompt_seats(after) == (CORA, DMITRI)
    assert refused(after, Rule(BASIL, False)) == (
        "It is not Basil's turn: The table rules on Ada's play."
    )
    after = act(after, Rule(CORA, False), Rule(DMITRI, True))
    assert after.phase == Phase.TURN and after.on_turn == ADA
    assert after.burned == (FERRYMAN,) and after.tale == (Passage(ADA, FERRY_TEXT, FERRYMAN),)
    assert lines(state, after) == [
        "Basil votes to verify (no Loose End).",
        "Cora votes to deny.",
        "Dmitri votes to verify (no Loose End).",
        "The play is verified: Ada's passage joins the tale.",
    ]


def test_at_the_table_a_tied_vote_denies_the_play():
    state = deals(tell(known_tavern(3, person=False), ADA, FERRYMAN), GHOST, CAT)
    after = act(state, Rule(BASIL, True), Rule(CORA, False))
    assert after.hands[ADA] == (TROLL, WITCH, GHOST, CAT) and after.burned == (FERRYMAN,)
    assert after.on_turn == BASIL
    assert lines(state, after)[2] == (
        "The play is denied: the table votes it down. Ada takes two cards and the turn passes."
    )


def test_in_an_old_tale_at_the_table_the_bards_own_claims_decide_loose_end_and_ties():
    state = old_rules(arrange(known_tavern(3, person=False), table=(GHOST, CAT)))
    state = tell(state, ADA, FERRYMAN, ties=(GHOST,), loose_end=True)
    after = act(state, Rule(BASIL, True, tied=(CAT,)), Rule(CORA, True))
    assert after.table == (CAT, FERRYMAN) and after.burned == (GHOST,)
    assert after.ale == (1, 0, 0)


def test_at_the_table_interruptions_are_ruled_by_the_bards_not_involved():
    state = tell(
        known_tavern(4, person=False), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING}
    )
    state = act(state, Rule(BASIL, True), Rule(CORA, True), Rule(DMITRI, True))
    assert state.phase == Phase.INTERRUPTIONS and prompt_seats(state) == (CORA, DMITRI)
    assert refused(state, RuleInterruption(BASIL, True)) == (
        "It is not Basil's turn: Rule on Basil's interruption."
    )
    state = act(state, RuleInterruption(CORA, True))
    assert prompt_seats(state) == (DMITRI,)
    after = act(state, RuleInterruption(DMITRI, False))
    assert after.on_turn == ADA and after.burned == (FERRYMAN, KING)
    assert len(after.hands[BASIL]) == 4


def test_at_a_table_of_two_the_interrupted_bard_rules_on_the_interruption():
    state = tell(
        known_tavern(2, person=False), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING}
    )
    state = act(state, Rule(BASIL, True))
    assert state.phase == Phase.INTERRUPTIONS and prompt_seats(state) == (ADA,)
    after = act(state, RuleInterruption(ADA, True))
    assert after.on_turn == BASIL and after.burned == (FERRYMAN, KING)


def test_at_the_table_a_later_interruption_is_voted_not_mentioned_or_too_late():
    state = tell(
        known_tavern(4, person=False),
        ADA,
        FERRYMAN,
        KING_AND_PIRATE_TEXT,
        interruptions={BASIL: KING, CORA: PIRATE},
    )
    state = act(state, Rule(BASIL, True), Rule(CORA, True), Rule(DMITRI, True))
    state = deals(state, SERPENT, DUKE, FORTUNE_TELLER)
    state = act(state, RuleInterruption(CORA, True), RuleInterruption(DMITRI, True))
    assert state.phase == Phase.INTERRUPTIONS and state.on_turn == BASIL
    assert prompt_seats(state) == (BASIL, DMITRI)
    assert refused(state, RuleInterruption(BASIL, True)) == (
        "Basil's interruption of this play already stands: Cora's is either not mentioned "
        "or too late."
    )
    late = act(
        state,
        RuleInterruption(BASIL, False, too_late=True),
        RuleInterruption(DMITRI, False, too_late=True),
    )
    assert late.hands[CORA] == (PICKPOCKET, APPRENTICE, DUKE)
    assert late.burned == (FERRYMAN, KING, PIRATE)
    assert late.phase == Phase.TURN and late.on_turn == BASIL
    assert lines(state, late)[0] == (
        "Cora's interruption comes too late: a retired pirate captain is burned and they "
        "take a card."
    )
    # it was in the play only if more than half of the Bards voting say so
    split = act(
        state, RuleInterruption(BASIL, False, too_late=True), RuleInterruption(DMITRI, False)
    )
    assert split.hands[CORA] == (PICKPOCKET, APPRENTICE, DUKE, FORTUNE_TELLER)
    assert lines(state, split)[0] == (
        "Cora's interruption is denied: a retired pirate captain was not in the play. "
        "It is burned and they take two cards."
    )


# --- the dry deck -------------------------------------------------------------------------


def one_card_left():
    """The known tavern with only the ghost left in the deck (everything else burned)."""
    return arrange(known_tavern(), deck=(GHOST,))


def test_cards_the_deck_cannot_deal_are_owed_and_the_barkeep_must_restock():
    state = tell(one_card_left(), ADA, FERRYMAN)
    after = act(state, Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert after.hands[ADA] == (TROLL, WITCH, GHOST) and after.deck == ()
    assert after.owed == ((ADA, 1),) and after.phase == Phase.DRY and after.after_dry == Phase.TURN
    assert after.on_turn == BASIL
    current = game.prompt(after)
    assert current.seats == (NELL,) and current.kind == Phase.DRY
    assert current.text == "The deck is dry: add story elements, or end the tale."
    assert lines(state, after)[-1] == (
        "The deck has run dry: the Barkeep must add elements or end the tale."
    )
    dry = "The deck is dry: add story elements, or end the tale."
    assert refused(after, PassTurn(BASIL)) == f"It is not Basil's turn: {dry}"
    assert refused(after, Leave(BASIL)) == "Bards come and go between turns."
    assert refused(after, Restock(ADA, ("a lost glove",))) == f"It is not Ada's turn: {dry}"


def test_the_barkeep_restocks_and_the_owed_cards_are_dealt():
    state = act(tell(one_card_left(), ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    first = len(state.elements)
    state = draws(state, 1)
    after = act(state, Restock(NELL, (" a brass telescope ", "", "a lost glove", "a lost glove")))
    assert after.elements == state.elements + ("a brass telescope", "a lost glove")
    assert after.hands[ADA] == (TROLL, WITCH, GHOST, first + 1)
    assert after.deck == (first,) and after.owed == ()
    assert after.phase == Phase.TURN and after.on_turn == BASIL
    assert lines(state, after) == [
        "The Barkeep adds 2 new story elements to the deck.",
        "You receive: a lost glove.",
    ]
    assert conserved(after)


def test_one_new_story_element_is_told_as_one():
    state = act(tell(one_card_left(), ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    after = act(state, Restock(NELL, ("a lost glove",)))
    assert lines(state, after)[0] == "The Barkeep adds 1 new story element to the deck."


def test_the_barkeep_may_end_a_dry_tale_lamely_with_no_winner():
    state = act(tell(one_card_left(), ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    after = act(state, Restock(NELL))
    reason = "The deck ran dry and the tale ends, rather lamely, with no winner."
    assert after.phase == Phase.OVER and after.owed == ()
    assert game.outcome(after) == Outcome((), (ADA, BASIL, CORA), reason)
    assert game.prompt(after) is None
    assert lines(state, after) == [reason]
    assert refused(after, PassTurn(BASIL)) == "The game is over: no more moves."


def test_restocking_needs_elements_the_tale_does_not_have_yet():
    state = act(tell(one_card_left(), ADA, FERRYMAN), Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    reason = "Those story elements are already in the tale: type new ones, or add none to end it."
    assert refused(state, Restock(NELL, ("a one-eyed ferryman",))) == reason
    assert refused(state, Restock(NELL, ("  ", ""))) == reason


def test_a_restock_too_small_leaves_the_deck_dry():
    state = act(
        tell(arrange(known_tavern(), deck=()), ADA, FERRYMAN),
        Rule(NELL, False, DenyReason.NOT_BROUGHT_IN),
    )
    assert state.owed == ((ADA, 2),)
    after = act(state, Restock(NELL, ("a brass telescope",)))
    assert after.phase == Phase.DRY and after.owed == ((ADA, 1),) and after.deck == ()
    assert after.hands[ADA] == (TROLL, WITCH, len(state.elements))


def test_a_dry_deck_during_the_interruptions_returns_to_them_after_the_restock():
    state = tell(one_card_left(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    state = act(state, Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert state.phase == Phase.DRY and state.after_dry == Phase.INTERRUPTIONS
    after = act(state, Restock(NELL, ("a brass telescope",)))
    assert after.phase == Phase.INTERRUPTIONS and prompt_seats(after) == (NELL,)


def test_a_bard_seated_while_the_deck_is_dry_is_owed_the_starting_hand():
    state = arrange(known_tavern(seated=(True, True, False)), deck=(GHOST,))
    after = act(state, SeatBard(NELL, CORA, 2))
    assert after.hands[CORA] == (GHOST,) and after.owed == ((CORA, 2),)
    assert after.phase == Phase.DRY and after.after_dry == Phase.TURN


# --- winning ------------------------------------------------------------------------------


def ada_holds_one_card():
    return arrange(known_tavern(), {ADA: (FERRYMAN,)})


def test_a_bard_wins_with_no_cards_the_last_successful_play_and_no_loose_ends():
    state = tell(ada_holds_one_card(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True))
    assert after.phase == Phase.CLOSING and after.hands[ADA] == () and after.table == ()
    assert lines(state, after) == [
        "The play is verified: Ada's passage joins the tale.",
        "Ada has no cards left, no Loose Ends remain, and the last play was theirs: "
        "they win the tale!",
    ]
    current = game.prompt(after)
    assert current.seats == (ADA,) and current.kind == Phase.CLOSING
    assert current.text == "Ada has won: write a closing passage."
    assert game.outcome(after) is None


def test_the_closing_passage_ends_the_tale():
    state = act(tell(ada_holds_one_card(), ADA, FERRYMAN, FERRY_TEXT), Rule(NELL, True))
    closing = "Ada has won: write a closing passage."
    assert refused(state, Closing(BASIL, "Not so fast.")) == f"It is not Basil's turn: {closing}"
    assert refused(state, Closing(ADA, "x" * 4001)) == (
        "Keep the closing passage under 4000 characters."
    )
    after = act(state, Closing(ADA, "  And the ferryman rowed home.\n"))
    assert after.phase == Phase.OVER
    assert after.tale == (
        Passage(ADA, FERRY_TEXT, FERRYMAN),
        Passage(ADA, "And the ferryman rowed home.", None),
    )
    assert game.outcome(after) == Outcome((ADA,), (BASIL, CORA), "Ada told the tale to its end.")
    assert game.prompt(after) is None and lines(state, after) == ["Ada told the tale to its end."]
    assert refused(after, Closing(ADA, "More.")) == "The game is over: no more moves."
    silent = act(state, Closing(ADA))
    assert silent.tale == (Passage(ADA, FERRY_TEXT, FERRYMAN),) and silent.phase == Phase.OVER


def test_no_win_while_loose_ends_lie_on_the_table():
    state = tell(ada_holds_one_card(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True, loose_end=True))
    assert after.phase == Phase.TURN and after.on_turn == ADA and after.hands[ADA] == ()
    assert after.table == (FERRYMAN,)
    # tying off the last Loose End with no card to play wins
    tied = tell(after, ADA, None, "The ferryman found his eye at last.", ties=(FERRYMAN,))
    tied = act(tied, Rule(NELL, True, tied=(FERRYMAN,)))
    assert tied.phase == Phase.CLOSING and tied.ale == (1, 0, 0) and tied.burned[-1] == FERRYMAN


def test_no_win_without_the_last_successful_play():
    state = deals(tell(ada_holds_one_card(), ADA, FERRYMAN), GHOST, CAT)
    after = act(state, Rule(NELL, False, DenyReason.NOT_BROUGHT_IN))
    assert after.phase == Phase.TURN and after.hands[ADA] == (GHOST, CAT)
    empty = arrange(known_tavern(), {ADA: ()})
    empty = evolve(empty, last_success=BASIL)
    assert act(tell(empty, ADA, None), Rule(NELL, True)).phase == Phase.CLOSING


def test_no_win_while_an_interruption_waits_and_a_successful_one_spoils_it():
    state = tell(ada_holds_one_card(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    state = act(state, Rule(NELL, True))
    assert state.phase == Phase.INTERRUPTIONS and state.hands[ADA] == ()
    denied = act(state, RuleInterruption(NELL, False))
    assert denied.phase == Phase.CLOSING and prompt_seats(denied) == (ADA,)
    stands = act(deals(state, GHOST), RuleInterruption(NELL, True))
    assert stands.phase == Phase.TURN and stands.on_turn == BASIL and stands.hands[ADA] == (GHOST,)


def test_a_winner_is_not_held_back_by_cards_owed_to_another_bard():
    state = arrange(ada_holds_one_card(), deck=(GHOST,))
    state = tell(state, ADA, FERRYMAN, FERRY_TEXT, interruptions={BASIL: KING})
    after = act(state, Rule(NELL, True), RuleInterruption(NELL, False))
    assert after.phase == Phase.CLOSING and after.owed == ()
    assert after.hands[BASIL] == (KNIGHT, RAVEN, GHOST) and after.deck == ()
    assert prompt_seats(after) == (ADA,)


def test_an_interrupted_bard_owed_a_card_has_not_won():
    state = arrange(ada_holds_one_card(), deck=())
    state = tell(state, ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    after = act(state, Rule(NELL, True), RuleInterruption(NELL, True))
    assert after.phase == Phase.DRY and after.owed == ((ADA, 1),) and after.hands[ADA] == ()
    restocked = act(after, Restock(NELL, ("a brass telescope",)))
    assert restocked.phase == Phase.TURN and restocked.on_turn == BASIL
    assert restocked.hands[ADA] == (len(state.elements),)


KNIGHT_TEXT = "A disgraced knight rode in from the marsh and asked for the king."
WIN_LINE = (
    "Basil has no cards left, no Loose Ends remain, and the last play was theirs: "
    "they win the tale!"
)


def basil_told_last_and_holds_the_king():
    """Basil's passage (the knight) was the last to succeed and he holds only the king;
    it is Ada's turn."""
    state = arrange(known_tavern(), {BASIL: (KING,)}, burned=(KNIGHT,))
    return evolve(state, last_success=BASIL, tale=(Passage(BASIL, KNIGHT_TEXT, KNIGHT),))


def test_a_bard_whose_last_card_goes_on_an_interruption_that_stands_wins():
    state = tell(
        basil_told_last_and_holds_the_king(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING}
    )
    state = deals(state, GHOST, CAT, MINSTREL)
    denied = act(state, Rule(NELL, False, DenyReason.NON_SEQUITUR))
    assert denied.phase == Phase.INTERRUPTIONS and denied.on_turn == BASIL
    assert denied.last_success == BASIL
    after = act(denied, RuleInterruption(NELL, True))
    assert after.hands == ((TROLL, WITCH, GHOST, CAT, MINSTREL), (), HANDS[2])
    assert after.table == () and after.attempt is None
    assert after.phase == Phase.CLOSING and prompt_seats(after) == (BASIL,)
    assert game.prompt(after).text == "Basil has won: write a closing passage."
    assert lines(denied, after) == [
        "Basil's interruption stands: a sleepwalking king is burned, Ada takes a card, "
        "and the tale is Basil's.",
        "You receive: a wandering minstrel.",
        WIN_LINE,
    ]
    over = act(after, Closing(BASIL))
    assert game.outcome(over) == Outcome((BASIL,), (ADA, CORA), "Basil told the tale to its end.")


def test_the_win_waits_until_every_interruption_is_ruled():
    state = tell(
        basil_told_last_and_holds_the_king(),
        ADA,
        FERRYMAN,
        KING_AND_PIRATE_TEXT,
        interruptions={BASIL: KING, CORA: PIRATE},
    )
    state = act(state, Rule(NELL, False, DenyReason.NON_SEQUITUR))
    stood = act(state, RuleInterruption(NELL, True))
    assert stood.hands[BASIL] == () and stood.last_success == BASIL
    assert stood.phase == Phase.INTERRUPTIONS and prompt_seats(stood) == (NELL,)
    after = act(stood, RuleInterruption(NELL, False, too_late=True))
    assert after.phase == Phase.CLOSING and prompt_seats(after) == (BASIL,)
    assert lines(stood, after)[-1] == WIN_LINE


def test_a_bard_who_leaves_the_tale_does_not_win_by_emptying_their_hand():
    state = arrange(basil_told_last_and_holds_the_king(), deck=tuple(range(GHOST, 30)))
    after = act(state, Leave(BASIL))
    assert after.hands[BASIL] == () and after.last_success == BASIL and after.table == ()
    assert after.phase == Phase.TURN and after.on_turn == ADA
    assert WIN_LINE not in lines(state, after)


# --- whole tales: the tavern's own invariants ------------------------------------------------
# (What every game promises, random playouts, fuzzing, saves, privacy and captions, is
# tests/rules/test_conformance.py's; these are the rules only the tavern has.) After every
# action ``lantern_helpers.check_invariants`` holds: every card in exactly one place, Ale
# equal to the Loose Ends each Bard tied off, the tale suspended whenever fewer than two
# Bards are seated, cards owed only while the deck is dry.

MAX_ACTIONS = 5_000
"""Actions a tale must end within."""


def demo_seats(session: Session) -> Any:
    """What ``play_out`` does: the first seat asked chooses from its own view."""
    seat = session.prompt.seats[0]
    return session.bot_for(seat).choose(session.view(seat))


def policy_seats(policy: Policy):
    return lambda session: policy(session.state)


def play_checked(session: Session, choose=demo_seats) -> Session:
    """Play to the end, checking the invariants after every action; the last session."""
    check_invariants(session.state)
    for _ in range(MAX_ACTIONS):
        if session.prompt is None:
            return session
        before = session.state
        session = session.apply(choose(session))
        check_invariants(session.state, before)
    raise AssertionError(f"the tale did not end in {MAX_ACTIONS} actions")


TABLES = {
    # name: (Bards, a person keeps the bar, benches, starting hand, elements (None: all))
    "barkeep-3-bards-4-benches-hand-7": (3, True, 4, 7, None),
    "barkeep-2-bards-2-benches-hand-5": (2, True, 2, 5, None),
    "barkeep-5-bards-8-benches-hand-3": (5, True, 8, 3, None),
    "barkeep-8-bards-8-benches-hand-9": (8, True, 8, 9, None),
    "barkeep-4-bards-small-deck": (4, True, 5, 7, 40),
    "table-4-bards-4-benches-hand-7": (4, False, 4, 7, None),
    "table-2-bards-3-benches-hand-4": (2, False, 3, 4, None),
    "table-6-bards-7-benches-hand-6": (6, False, 7, 6, None),
    "table-3-bards-small-deck-hand-10": (3, False, 3, 10, 45),
}
GAMES_PER_TABLE = 10


@pytest.mark.parametrize("table", list(TABLES))
def test_demo_tales_keep_every_invariant_and_are_won_unless_the_deck_runs_dry(table):
    bards, person, benches, hand, elements = TABLES[table]
    endings: Counter[str] = Counter()
    for seed in range(GAMES_PER_TABLE):
        start = bot_session(
            bards, person=person, seed=seed, benches=benches, hand=hand, elements=elements
        )
        last = play_checked(start)
        assert last.state.phase == Phase.OVER
        endings["won" if last.outcome.winners else "dry"] += 1
    if elements is None:
        assert endings["won"] == GAMES_PER_TABLE
    else:
        assert endings["dry"] >= 1


@pytest.mark.parametrize("person", [1, 0], ids=["barkeep", "table"])
def test_simulate_finishes_every_demo_tale_with_a_barkeep_or_at_the_table(person):
    report = simulate(LANTERN, 10, seed=100, options={"barkeep_person": person})
    assert report.errors == 0 and report.unfinished == 0
    assert report.finished == report.decided == 10


@pytest.mark.parametrize(
    ("person", "seats_away"),
    [(True, 0), (True, 2), (False, 0), (False, 2)],
    ids=["barkeep", "barkeep-two-away", "table", "table-two-away"],
)
def test_demo_tales_with_bards_leaving_and_joining_keep_every_invariant(person, seats_away):
    seated = (True,) * (5 - seats_away) + (False,) * seats_away
    moves: Counter[str] = Counter()
    for seed in range(40):
        start = bot_session(5, person=person, seed=seed, benches=6, hand=5, seated=seated)
        last = play_checked(start, policy_seats(restless_policy(seed, rate=0.1)))
        assert last.state.phase == Phase.OVER
        moves.update(type(a).__name__ for a in last.actions)
    assert moves["Leave"] >= 5 and moves["SeatBard"] >= 5


def test_a_tale_with_one_bard_seated_waits_for_a_second():
    made = config(3, benches=3, hand=5, seated=(True, False, False))
    seats = tuple(SeatPlan(n, BOT) for n in (*NAMES[:3], BARKEEP_NAME))
    start = Session.start(LANTERN, made, 7, seats)
    assert start.prompt.kind == Phase.SUSPENDED
    last = play_checked(start)
    assert isinstance(last.actions[0], SeatBard) and last.state.phase == Phase.OVER


def test_rowdy_tales_keep_every_invariant_and_end():
    """Random plays, rulings, interruptions, sleep, comings and goings, restocks."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        bards, hand = 2 + seed % 5, 3 + seed % 5
        start = bot_session(
            bards,
            person=seed % 2 == 0,
            seed=seed,
            benches=min(8, bards + seed % 3),
            hand=hand,
            elements=bards * hand + 5 + seed % 20,
        )
        last = play_checked(start, policy_seats(rowdy_policy(seed)))
        assert last.state.phase == Phase.OVER
        seen.update(type(a).__name__ for a in last.actions)
    assert {"Interrupt", "RuleInterruption", "Restock", "Sleep", "Leave", "SeatBard"} <= set(seen)


def sleepy_policy(seed: int) -> Any:
    """Rowdy play where, two times in three, the turn timer runs out on the Bard on turn."""
    rng, rowdy = random.Random(seed), rowdy_policy(seed)

    def choose(state: Any) -> Any:
        sleep = time_out(state)
        if sleep is not None and rng.random() < 2 / 3:
            return sleep
        return rowdy(state)

    return choose


def test_rowdy_restless_and_demo_tales_on_varied_taverns_reach_every_kind_of_moment():
    """Every phase but the end is a prompt somewhere, and every invariant holds throughout."""
    starts = [
        (fresh(1, 3, benches=4, hand=4, elements=30), rowdy_policy(1)),
        (fresh(2, 4, person=False, benches=5, hand=3, elements=30), rowdy_policy(2)),
        (fresh(3, 2, benches=3, hand=5, elements=25), rowdy_policy(3)),
        (fresh(4, 2, person=False, benches=2, hand=6, elements=30), rowdy_policy(4)),
        (
            fresh(5, 5, benches=6, hand=3, seated=(True, False, True, False, True)),
            rowdy_policy(5),
        ),
        (fresh(6, 4, benches=5, hand=5), restless_policy(6, rate=0.15)),
        (fresh(7, 3, person=False, benches=4, hand=5), restless_policy(7, rate=0.15)),
        (fresh(8, 3, benches=4, hand=7), bot_policy(8)),
        (fresh(9, 4, benches=4, hand=7, elements=35), bot_policy(9)),
        (fresh(10, 3, benches=3, hand=4, seated=(True, False, False)), rowdy_policy(10)),
        (
            fresh(11, 2, person=False, benches=2, hand=4, elements=20),
            restless_policy(11, 0.3),
        ),
        # Bards who sleep through their turns: a third sleep asks about Under The Table.
        (fresh(12, 3, benches=4, hand=4), sleepy_policy(12)),
        (fresh(13, 3, person=False, benches=4, hand=4), sleepy_policy(13)),
    ]
    kinds = set()
    for start, policy in starts:
        check_invariants(start)
        kinds.add(prompt_kind(start))
        for before, _, after in playout(start, policy, 2_000):
            check_invariants(after, before)
            kinds.add(prompt_kind(after))
    assert kinds == {*Phase} - {Phase.OVER} | {None}
