"""Anyone may walk in, and the Barkeep may hand the bar over (issue 31).

Someone new walks in by name while a bench is free and becomes a Bard of a seat
of their own, appended after every other (no seat is renumbered), dealt the
starting hand on the bench the seater chose; names are checked. A person
Barkeep hands the bar to someone new, whose seat keeps it from then on; the old
seat is asked nothing and may do nothing. Tales saved before keep their rules.
Random play that walks people in and hands the bar over keeps every seat's
view working and every hand private.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.chance import Chance
from rules.choices import Pick, Write
from rules.lantern import game
from rules.lantern.choices import HAND_BAR, WALK_IN
from rules.lantern.state import (
    BETWEEN_TURNS,
    EventKind,
    HandBar,
    Leave,
    Newcomer,
    PassTurn,
    Phase,
    Role,
    Rule,
    SeatBard,
    WalkIn,
)
from rules.lantern.tavern import bard_seats, barkeep_seat
from rules.lantern.view import LanternView
from tests.lantern_helpers import (
    ADA,
    BASIL,
    CAT,
    CORA,
    FERRYMAN,
    GHOST,
    MINSTREL,
    SERPENT,
    act,
    check_invariants,
    deals,
    known_tavern,
    lines,
    old_rules,
    playout,
    random_policy,
    refused,
    tell,
)

NELL = 3
DORA = 4
"""The first seat added to a tavern of three Bards and Nell the Barkeep."""


def keyed(question: Any, key: str) -> Any:
    option = question.keyed(key)
    assert option is not None, (key, question)
    return option


def between(state, seat) -> Pick[Any]:
    choices = game.view(state, seat).choices
    return choices.between if hasattr(choices, "between") else choices


def walked_in(state, name: str = "Dora", bench: int = 3, by: int = NELL):
    return act(deals(state, GHOST, CAT, MINSTREL), WalkIn(by, name, bench))


# --- walking in ---------------------------------------------------------------------------


def test_someone_new_walks_in_to_a_new_seat_with_the_starting_hand_on_the_bench_chosen():
    state = known_tavern(3, benches=4, hand=3)
    after = walked_in(state, "  Dora  ")
    assert game.seat_names(after) == ("Ada", "Basil", "Cora", "Nell", "Dora")
    assert after.newcomers == (Newcomer("Dora", Role.BARD),)
    assert after.benches == (0, 1, 2, None, 3)
    assert after.hands[DORA] == (GHOST, CAT, MINSTREL) and after.hands[NELL] == ()
    assert lines(state, after) == [
        "Dora walks into the Rusty Lantern and sits down on bench 4.",
        "You receive: a ghost who forgot her name, a tavern cat named Biscuit, a wandering "
        "minstrel.",
    ]
    assert after.log[-1].seats == (DORA, NELL) and after.log[-2].kind == EventKind.WALKED_IN
    assert after.on_turn == ADA and after.phase == Phase.TURN  # the turn is not disturbed
    check_invariants(after, state)
    # No seat changed its number: the Barkeep still rules from seat 3.
    assert barkeep_seat(after) == NELL and bard_seats(after) == (ADA, BASIL, CORA, DORA)
    view = game.view(after, DORA)
    assert view.hand == (GHOST, CAT, MINSTREL) and view.bard(DORA).bench == 3
    assert [(b.seat, b.name) for b in view.bards] == [
        (0, "Ada"),
        (1, "Basil"),
        (2, "Cora"),
        (4, "Dora"),
    ]


def test_the_walk_in_takes_turns_in_bench_order():
    state = walked_in(known_tavern(3, benches=4, hand=3))
    state = act(state, PassTurn(ADA), PassTurn(BASIL), PassTurn(CORA))
    assert state.on_turn == DORA
    assert game.prompt(state).text == "Dora: tell the next part of the tale, or pass."


def test_the_form_and_console_offer_walking_in_by_bench_then_name():
    state = known_tavern(3, benches=5, hand=3)
    walk = keyed(between(state, NELL), WALK_IN)
    assert walk.open and walk.label == "Someone new walks in"
    assert [o.label for o in walk.then.options] == ["Bench 4", "Bench 5"]
    named = walk.then.options[1].then
    assert isinstance(named, Write) and named.answer("Dora") == WalkIn(NELL, "Dora", 4)
    drawn, _ = named.draw(Chance(3))
    assert drawn.name not in game.seat_names(state) and act(state, drawn).benches[DORA] == 4
    assert between(state, ADA).keyed(WALK_IN) is None  # only the seater


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "Type the newcomer's name."),
        ("   ", "Type the newcomer's name."),
        ("x" * 25, "Keep the name to 24 characters or fewer."),
        (
            "Do\x1b[31mra",
            "That name holds a control character (such as a newline or a terminal escape), "
            "which cannot be shown as it is.",
        ),
        (
            "Do\nra",
            "That name holds a control character (such as a newline or a terminal "
            "escape), which cannot be shown as it is.",
        ),
        ("ada", "Ada already has a seat at this table: choose another name."),
        ("NELL", "Nell already has a seat at this table: choose another name."),
    ],
)
def test_a_newcomers_name_is_checked(name, reason):
    assert refused(known_tavern(3, benches=4), WalkIn(NELL, name, 3)) == reason


def test_a_name_taken_by_an_earlier_walk_in_is_refused_and_24_characters_are_enough():
    state = walked_in(known_tavern(3, benches=5, hand=3))
    assert refused(state, WalkIn(NELL, "DORA", 4)) == (
        "Dora already has a seat at this table: choose another name."
    )
    assert game.seat_names(act(state, WalkIn(NELL, "y" * 24, 4)))[-1] == "y" * 24


def test_walking_in_is_refused_without_a_free_bench_between_turns_or_by_another_seat():
    full = known_tavern(3, benches=3)
    walk = keyed(between(full, NELL), WALK_IN)
    reason = "Every bench is taken: a newcomer can sit down once someone leaves."
    assert walk.closed == reason and refused(full, walk.value) == reason
    state = known_tavern(3, benches=4)
    assert refused(state, WalkIn(NELL, "Dora", 1)) == "Choose a free bench."
    assert refused(state, WalkIn(NELL, "Dora", 7)) == "Choose a free bench."
    assert refused(state, WalkIn(BASIL, "Dora", 3)) == "The Barkeep chooses where a newcomer sits."
    ruling = tell(state, ADA, FERRYMAN)  # the Barkeep rules on it now
    assert ruling.phase == Phase.RULING
    assert refused(ruling, WalkIn(NELL, "Dora", 3)) == "Bards come and go between turns."
    table = known_tavern(3, person=False, benches=4)
    assert refused(table, WalkIn(BASIL, "Dora", 3)) == ("Ada chooses where a newcomer sits now.")


def test_a_table_without_a_barkeep_seats_a_walk_in_by_the_bard_the_rules_ask():
    state = known_tavern(3, person=False, benches=4, hand=3)
    walk = keyed(between(state, ADA), WALK_IN)
    action = walk.then.options[0].then.answer("Dora")
    assert action == WalkIn(ADA, "Dora", 3)
    after = act(deals(state, GHOST, CAT, MINSTREL), action)
    assert game.seat_names(after) == ("Ada", "Basil", "Cora", "Dora")
    assert after.hands[3] == (GHOST, CAT, MINSTREL) and after.benches == (0, 1, 2, 3)
    assert game.view(after, 3).hand == (GHOST, CAT, MINSTREL)
    # The walk-in votes on plays like any Bard.
    ruling = tell(after, ADA, FERRYMAN)
    assert 3 in game.prompt(ruling).seats


def test_a_walk_in_may_leave_and_come_back_like_any_bard():
    state = walked_in(known_tavern(3, benches=4, hand=3))
    gone = act(state, Leave(DORA))
    assert gone.benches[DORA] is None and gone.hands[DORA] == ()
    assert lines(state, gone) == ["Dora leaves the tale; their cards go back to the deck."]
    seat = keyed(between(gone, NELL), "seat")
    assert [o.label for o in seat.then.options] == ["Dora"]
    back = act(deals(gone, SERPENT, GHOST, CAT), SeatBard(NELL, DORA, 3))
    assert back.benches[DORA] == 3 and back.hands[DORA] == (SERPENT, GHOST, CAT)
    assert refused(gone, SeatBard(NELL, NELL, 3)) == (
        "Seat a Bard of the roster who is not at the table."
    )


def test_a_suspended_tale_goes_on_once_someone_walks_in():
    state = act(known_tavern(2, benches=3, hand=3), Leave(1))
    assert state.phase == Phase.SUSPENDED
    keeper = 2
    after = act(deals(state, GHOST, CAT, MINSTREL), WalkIn(keeper, "Dora", 1))
    assert game.seat_names(after) == ("Ada", "Basil", "Nell", "Dora")
    assert after.phase == Phase.TURN and after.hands[3] == (GHOST, CAT, MINSTREL)
    assert after.benches == (0, None, None, 1)


# --- handing the bar over -----------------------------------------------------------------


def test_the_barkeep_hands_the_bar_over_and_the_new_seat_rules_the_next_play():
    state = known_tavern(3, benches=4, hand=3)
    hand = keyed(between(state, NELL), HAND_BAR)
    assert hand.label == "Hand the bar to someone else" and isinstance(hand.then, Write)
    assert hand.then.answer("Olwen") == HandBar(NELL, "Olwen")
    after = act(state, HandBar(NELL, " Olwen "))
    olwen = 4
    assert game.seat_names(after) == ("Ada", "Basil", "Cora", "Nell", "Olwen")
    assert barkeep_seat(after) == olwen and bard_seats(after) == (ADA, BASIL, CORA)
    assert lines(state, after) == ["Nell hands the bar to Olwen, who keeps it from now on."]
    check_invariants(after, state)
    ruling = tell(after, ADA, FERRYMAN)
    assert game.prompt(ruling).seats == (olwen,)
    assert game.prompt(ruling).text == "The Barkeep rules on Ada's play."
    assert game.view(ruling, NELL).choices is None
    assert refused(ruling, Rule(NELL, True)) == (
        "It is not Nell's turn: The Barkeep rules on Ada's play."
    )
    verified = act(ruling, Rule(olwen, True))
    ruled = [e for e in verified.log[len(ruling.log) :] if e.kind == EventKind.VERIFIED]
    assert [e.whos("ruled_by") for e in ruled] == [(olwen,)]
    # The new Barkeep sees every hand; the old seat sees none, and may do nothing.
    console = game.view(verified, olwen)
    assert console.hands == verified.hands and console.deck_cards == verified.deck
    assert console.barkeep_seat == olwen and console.barkeep_name == "Olwen"
    old = game.view(verified, NELL)
    assert old.hands == () and old.hand == () and old.deck_cards == () and old.choices is None
    assert refused(verified, WalkIn(NELL, "Dora", 3)) == (
        "The Barkeep chooses where a newcomer sits."
    )
    assert refused(verified, HandBar(NELL, "Pip")) == (
        "Only the Barkeep can hand the bar to someone else."
    )
    assert refused(verified, Leave(NELL)) == "Only a Bard on a bench can leave."
    # The new Barkeep seats newcomers (a seat after theirs) and may hand the bar on too.
    dora = act(deals(verified, GHOST, CAT, MINSTREL), WalkIn(olwen, "Dora", 3))
    assert game.seat_names(dora)[-1] == "Dora" and dora.benches[5] == 3
    assert dora.hands[olwen] == () and dora.hands[NELL] == ()
    again = act(dora, HandBar(olwen, "Pip"))
    assert barkeep_seat(again) == 6 and game.view(again, olwen).choices is None


def test_handing_over_is_the_person_barkeeps_between_turns_by_a_good_name():
    state = known_tavern(3, benches=4)
    assert refused(state, HandBar(NELL, "basil")) == (
        "Basil already has a seat at this table: choose another name."
    )
    assert refused(state, HandBar(NELL, "")) == "Type the new Barkeep's name."
    assert refused(state, HandBar(ADA, "Olwen")) == (
        "Only the Barkeep can hand the bar to someone else."
    )
    ruling = tell(state, ADA, FERRYMAN)
    assert refused(ruling, HandBar(NELL, "Olwen")) == "The bar changes hands between turns."
    table = known_tavern(3, person=False)
    assert refused(table, HandBar(ADA, "Olwen")) == (
        "Only a person Barkeep can hand the bar to someone else."
    )
    assert between(table, ADA).keyed(HAND_BAR) is None


def test_a_tale_begun_before_newcomers_offers_neither_and_refuses_both():
    state = old_rules(known_tavern(3, benches=4))
    reason = "This tale was begun before newcomers could walk in or the bar change hands."
    assert refused(state, WalkIn(NELL, "Dora", 3)) == reason
    assert refused(state, HandBar(NELL, "Olwen")) == reason
    options = between(state, NELL)
    assert options.keyed(WALK_IN) is None and options.keyed(HAND_BAR) is None


# --- random play --------------------------------------------------------------------------


def newcomers_policy(seed: int):
    """Random play (``random_policy``) where, now and then between turns, someone walks in
    or the bar is handed over, as the choices offer."""
    rng, rowdy = random.Random(seed), random_policy(seed, rate=0.05)

    def choose(state):
        if state.phase in BETWEEN_TURNS and rng.random() < 0.08:
            for seat in range(len(game.seat_names(state))):
                offers = between(state, seat)
                for key in (WALK_IN, HAND_BAR):
                    option = offers.keyed(key) if isinstance(offers, Pick) else None
                    if option is not None and option.open and rng.random() < 0.5:
                        action, _ = option.then.draw(Chance(rng.randrange(2**32)))
                        return action
        return rowdy(state)

    return choose


def unseen_cards(state, viewer: int) -> set[int]:
    """The cards the Bards other than ``viewer`` hold that nobody named aloud."""
    named: set[int] = set()
    attempt = state.attempt
    if attempt is not None:
        named |= {card for _, card in attempt.interruptions}
        named |= set() if attempt.card is None else {attempt.card}
    return {
        card
        for bard in bard_seats(state)
        if bard != viewer
        for card in state.hands[bard]
        if card not in named
    }


def check_views(state) -> None:
    """Every seat's view works; a Bard's names no card of another's hand it may not know;
    only the Barkeep of now sees hands and the deck."""
    keeper = barkeep_seat(state)
    for seat in (None, *range(len(game.seat_names(state)))):
        view: LanternView = game.view(state, seat)
        assert view.names == game.seat_names(state)
        assert [b.seat for b in view.bards] == list(bard_seats(state))
        if seat == keeper:
            continue
        assert view.hands == () and view.deck_cards == ()
        if seat is None or seat not in bard_seats(state):
            assert view.hand == () and view.interruption is None
            if seat is not None and state.phase in BETWEEN_TURNS:
                assert view.choices is None  # a seat with no part asks nothing
        hidden = unseen_cards(state, -1 if seat is None else seat)
        shown = {card for card, _ in view.elements_named}
        assert not (hidden & shown), (seat, hidden & shown)
        if seat is not None and seat in bard_seats(state):
            assert view.hand == state.hands[seat]


@pytest.mark.parametrize(("seed", "person"), [(41, True), (42, False), (43, True), (46, True)])
def test_random_play_with_walk_ins_and_handovers_keeps_every_view_private(seed, person):
    start = known_tavern(3, person=person, benches=6, hand=3, seed=seed)
    added = handed = 0
    for before, action, after in playout(start, newcomers_policy(seed), 600):
        check_invariants(after, before)
        check_views(after)
        added += isinstance(action, WalkIn)
        handed += isinstance(action, HandBar)
        if isinstance(action, HandBar):
            old = action.seat
            assert barkeep_seat(after) == len(game.seat_names(after)) - 1 != old
    assert added, "nobody walked in"
    assert handed or not person, "the bar never changed hands"


def test_the_view_of_a_seat_added_after_setup_reads_its_own_lines():
    state = walked_in(known_tavern(3, benches=4, hand=3))
    view = game.view(state, DORA)
    assert view.notes == (
        "You receive: a ghost who forgot her name, a tavern cat named Biscuit, a wandering "
        "minstrel.",
    )
    assert game.view(state, ADA).notes == game.view(known_tavern(3, benches=4, hand=3), ADA).notes
    assert not [n for n in game.view(state, BASIL).log if "ghost" in n]
