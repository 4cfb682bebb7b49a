"""Temptation Island's turn: responding, judging, refilling, passing the Decider, privacy;
and whole games that keep the island's own invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial

import attrs
import pytest
from attrs import evolve, frozen

from rules.cards import Pile
from rules.chance import Chance, loaded
from rules.engine import Event, IllegalAction
from rules.island import board
from rules.island import game as island
from rules.island.state import (
    IslandConfig,
    IslandState,
    IslandView,
    MoveTo,
    Phase,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)
from tests.island_helpers import (
    NAMES,
    NE,
    NW,
    SW,
    C,
    E,
    at_move,
    bot_policy,
    check_invariants,
    config,
    fresh,
    legal_actions,
    mover_targets,
    pack,
    playout,
    random_policy,
    respond_and_pick,
)
from tests.rules_support import refused_by

# Seed 0: Bo is the first Decider and turns up 'Wistful'; Ann and Cy respond.
SEED = 0


@pytest.fixture
def table():
    state = fresh(SEED)
    assert state.decider == 1
    return state


refused = partial(refused_by, island.apply)


def both_played(state):
    """Ann then Cy put their first card forward."""
    state = island.apply(state, PlayResponse(0, state.hands[0][0]))
    return island.apply(state, PlayResponse(2, state.hands[2][0]))


def full_turn(state, mover: int):
    """Respond, pick ``mover``'s card, and move into the centre if it is free (else any move)."""
    state = respond_and_pick(state, mover)
    if state.phase != Phase.MOVE:
        return state
    options = mover_targets(island.view(state, mover))
    if C in options.moves:
        return island.apply(state, MoveTo(mover, C))
    if options.moves:
        return island.apply(state, MoveTo(mover, options.moves[0]))
    if options.places:
        return island.apply(state, PlaceTile(mover, options.places[0]))
    return island.apply(state, RemoveTile(mover, options.removes[0]))


# --- setting the table -------------------------------------------------------------


def test_a_new_table_deals_three_cards_each_and_turns_up_a_compatibility_card(table):
    assert [len(hand) for hand in table.hands] == [3, 3, 3]
    assert len(set(sum(table.hands, ()))) == 9
    assert table.judged in pack().adjectives
    assert (table.turn, table.phase, table.stock) == (1, Phase.RESPOND, 12)
    assert table.responses == (None, None, None)
    assert table.log == (
        Event("The island opens: Ann, Bo, Cy. Bo is the first Decider."),
        Event(f"Turn 1: Bo turns up '{table.judged}'."),
    )


def test_the_same_seed_sets_the_same_table_and_another_seed_does_not():
    assert fresh(7) == fresh(7)
    assert fresh(7).hands != fresh(8).hands


def test_the_first_decider_is_drawn_at_random():
    assert {fresh(seed).decider for seed in range(30)} == {0, 1, 2}


def test_the_stock_holds_the_tiles_not_on_the_board():
    assert fresh(tiles=7).stock == 0
    assert fresh(tiles=61).stock == 54


@pytest.mark.parametrize("tiles", [6, 62, 0, -1])
def test_the_tile_count_must_be_between_7_and_61(tiles):
    with pytest.raises(IllegalAction) as caught:
        island.new(config(tiles), SEED)
    assert caught.value.reason == "The tile count must be between 7 and 61."


def test_the_island_needs_exactly_three_seats():
    with pytest.raises(ValueError, match="needs exactly three seats"):
        IslandConfig(names=("Ann", "Bo"), adjectives=("Shy",), nouns=("A",) * 9)


@pytest.mark.parametrize(
    ("adjectives", "nouns", "reason"),
    [
        ((), tuple("abcdefghi"), "The game needs at least one compatibility card."),
        (("Shy",), tuple("abcdefgh"), "The game needs at least 9 response cards."),
        (("Shy",), tuple("abcdefghh"), "Every response card must be different."),
    ],
    ids=["no-adjectives", "eight-nouns", "repeated-noun"],
)
def test_a_table_without_enough_distinct_cards_cannot_start(adjectives, nouns, reason):
    bad = IslandConfig(names=NAMES, adjectives=adjectives, nouns=nouns)
    with pytest.raises(IllegalAction) as caught:
        island.new(bad, SEED)
    assert caught.value.reason == reason


def test_nine_response_cards_and_one_compatibility_card_are_enough_to_play_on():
    small = IslandConfig(names=NAMES, adjectives=("Shy",), nouns=tuple("abcdefghi"))
    state = island.new(small, SEED)
    for _ in range(5):
        before = state
        state = full_turn(state, state.responders[0])
        check_invariants(before, None, state)
        assert state.judged == "Shy"
        assert all(len(hand) == 3 for hand in state.hands)


# --- responding --------------------------------------------------------------------


def test_the_two_seats_beside_the_decider_respond_in_private(table):
    prompt = island.prompt(table)
    assert prompt.seats == (0, 2)
    assert prompt.kind == Phase.RESPOND
    assert prompt.private is True
    assert prompt.text == f"Ann and Cy: pick a response card for '{table.judged}'."


def test_a_played_card_leaves_the_hand_and_only_its_owner_reads_which(table):
    card = table.hands[0][1]
    after = island.apply(table, PlayResponse(0, card))
    assert after.hands[0] == tuple(c for c in table.hands[0] if c != card)
    assert after.responses == (card, None, None)
    assert after.phase == Phase.RESPOND
    assert after.log[-2:] == (
        Event("Ann has chosen a card."),
        Event(f"You put forward '{card}'.", (0,)),
    )
    assert island.view(after, 0).log[-1] == f"You put forward '{card}'."
    assert island.view(after, 0).my_response == card
    for seat in (1, 2, None):
        assert island.view(after, seat).log[-1] == "Ann has chosen a card."
        assert island.view(after, seat).my_response is None
    prompt = island.prompt(after)
    assert prompt.seats == (2,)
    assert prompt.text == f"Cy: pick a response card for '{table.judged}'."


def test_playing_a_card_not_in_hand_is_refused(table):
    assert refused(table, PlayResponse(0, "A unicorn")) == "'A unicorn' is not in your hand."
    cys_card = table.hands[2][0]
    assert refused(table, PlayResponse(0, cys_card)) == f"'{cys_card}' is not in your hand."


def test_a_responder_cannot_play_twice(table):
    after = island.apply(table, PlayResponse(0, table.hands[0][0]))
    assert refused(after, PlayResponse(0, after.hands[0][0])) == (
        f"It is not Ann's turn: Cy: pick a response card for '{table.judged}'."
    )


def test_the_decider_cannot_respond(table):
    assert refused(table, PlayResponse(1, table.hands[1][0])) == (
        f"It is not Bo's turn: Ann and Cy: pick a response card for '{table.judged}'."
    )


@pytest.mark.parametrize("seat", [-1, 3, 99])
def test_a_seat_not_at_the_table_is_refused(table, seat):
    action = PlayResponse(seat, table.hands[0][0])
    assert refused(table, action) == "That seat is not at this table."


def test_nothing_but_a_response_is_wanted_while_responding(table):
    assert refused(table, PickResponse(0, 0)) == "There are no cards to pick from yet."
    assert refused(table, MoveTo(2, C)) == "Only the Mover touches the board, after the judging."
    assert refused(table, PickResponse(1, 0)).startswith("It is not Bo's turn: ")


@frozen
class Teleport:
    seat: int


def test_an_action_the_island_does_not_know_is_refused(table):
    assert refused(table, Teleport(0)) == "Temptation Island has no such action."
    assert refused(table, "move") == "That seat is not at this table."


# --- judging -----------------------------------------------------------------------


def test_once_both_cards_are_in_the_decider_judges_them(table):
    ann, cy = table.hands[0][0], table.hands[2][0]
    state = both_played(table)
    assert state.phase == Phase.DECIDE
    assert sorted(state.shown) == sorted([ann, cy])
    assert state.log[-1] == Event("Both cards are face down before Bo, owners hidden.")
    prompt = island.prompt(state)
    assert prompt.seats == (1,)
    assert prompt.kind == Phase.DECIDE
    assert prompt.private is True
    assert prompt.text == f"Bo: pick the card that best fits '{table.judged}'."


def test_the_deciders_view_shows_both_cards(table):
    state = both_played(table)
    view = island.view(state, 1)
    assert sorted(view.shown) == sorted([table.hands[0][0], table.hands[2][0]])
    assert view.waiting_on == (1,)


def test_only_the_decider_sees_the_cards_while_judging(table):
    state = both_played(table)
    for seat in (0, 2, None):
        assert island.view(state, seat).shown == ()


def test_the_deciders_view_has_no_field_that_could_say_who_played_what():
    assert [f.name for f in attrs.fields(IslandView)] == [
        "seat", "names", "tiles", "pieces", "stock", "turn", "phase", "decider", "judged",
        "waiting_on", "hand", "my_response", "shown", "mover", "log", "outcome",
        "nouns_left", "adjectives_left", "choices", "notes", "reveal",
    ]  # fmt: skip
    view = island.view(both_played(fresh(SEED)), 1)
    assert not any(isinstance(getattr(view, f.name), Mapping) for f in attrs.fields(IslandView))
    assert view.my_response is None
    assert view.mover is None
    assert [o.value for o in view.choices.options] == [PickResponse(1, 0), PickResponse(1, 1)]
    assert [o.label for o in view.choices.options] == list(view.shown)
    assert view.notes == ()


def test_the_deciders_log_never_names_the_cards_before_the_pick(table):
    ann, cy = table.hands[0][0], table.hands[2][0]
    view = island.view(both_played(table), 1)
    assert not any(ann in line or cy in line for line in view.log)
    assert not any(card in view.hand for card in (ann, cy))


def test_the_deciders_view_is_the_same_whoever_played_which_card(table):
    """Swap the two cards between the responders: the Decider sees the same table."""
    x, y = table.hands[0][0], table.hands[2][0]
    swapped = evolve(
        table,
        hands=((y, *table.hands[0][1:]), table.hands[1], (x, *table.hands[2][1:])),
    )
    one = island.apply(island.apply(table, PlayResponse(0, x)), PlayResponse(2, y))
    two = island.apply(island.apply(swapped, PlayResponse(0, y)), PlayResponse(2, x))
    view_one, view_two = island.view(one, 1), island.view(two, 1)
    assert sorted(view_one.shown) == sorted(view_two.shown) == sorted([x, y])
    assert evolve(view_one, shown=(), choices=None) == evolve(view_two, shown=(), choices=None)
    labels = sorted(o.label for o in view_one.choices.options)
    assert labels == sorted(o.label for o in view_two.choices.options) == sorted([x, y])


@pytest.mark.parametrize("choice", [0, 1])
def test_the_owner_of_the_picked_card_becomes_the_mover(table, choice):
    state = both_played(table)
    picked, other = state.shown[choice], state.shown[1 - choice]
    mover = 0 if state.responses[0] == picked else 2
    loser = 2 - mover
    after = island.apply(state, PickResponse(1, choice))
    assert after.phase == Phase.MOVE
    assert after.mover == mover
    assert after.log[-1] == Event(
        f"Bo picks '{picked}' for '{table.judged}': {NAMES[mover]}'s card "
        f"({NAMES[loser]} offered '{other}'). {NAMES[mover]} moves."
    )
    assert island.prompt(after).seats == (mover,)


@pytest.mark.parametrize("choice", [-1, 2, 7])
def test_the_decider_picks_the_first_or_the_second_card(table, choice):
    state = both_played(table)
    assert refused(state, PickResponse(1, choice)) == "Pick the first or the second card."


def test_only_the_decider_picks(table):
    state = both_played(table)
    assert refused(state, PickResponse(0, 0)) == (
        f"It is not Ann's turn: Bo: pick the card that best fits '{table.judged}'."
    )
    assert refused(state, PlayResponse(1, table.hands[1][0])) == "No response card is wanted now."


def test_only_the_mover_acts_after_the_judging(table):
    state = respond_and_pick(table, 0)
    assert refused(state, MoveTo(2, C)).startswith("It is not Cy's turn: ")
    assert refused(state, PickResponse(1, 0)).startswith("It is not Bo's turn: ")
    assert refused(state, PlayResponse(0, state.hands[0][0])) == "No response card is wanted now."
    assert refused(state, PickResponse(0, 0)) == "There are no cards to pick from yet."


def test_nothing_is_accepted_once_the_game_is_over():
    state = island.apply(at_move(2, (C, E, NE, NW, SW), (E, NW, SW), 14), RemoveTile(2, C))
    assert state.phase == Phase.OVER
    assert refused(state, PlayResponse(0, state.hands[0][0])) == "The game is over: no more moves."


# --- privacy -----------------------------------------------------------------------


def test_a_seats_view_never_holds_another_seats_secrets():
    """Every step of the first turns of a bot game (no reshuffle yet, so old log lines
    cannot name a card that came back into a hand)."""
    steps = 0
    for _, _, state in playout(SEED, bot_policy(SEED), max_actions=60):
        steps += 1
        for seat in range(3):
            view = island.view(state, seat)
            assert view.hand == state.hands[seat]
            for other in range(3):
                if other == seat:
                    continue
                for secret in island.ISLAND.secrets_of(state, other):
                    assert secret not in view.hand
                    assert secret != view.my_response
                    assert secret not in view.shown
                    assert not any(f"'{secret}'" in line for line in view.log)
    assert steps > 30


def test_the_public_view_shows_no_hand_and_no_private_line(table):
    card = table.hands[0][0]
    state = island.apply(table, PlayResponse(0, card))
    view = island.view(state, None)
    assert view.seat is None
    assert view.hand == ()
    assert view.my_response is None
    assert view.shown == ()
    assert not any(card in line for line in view.log)
    assert view.log == tuple(e.text for e in state.log if e.seats is None)


def test_secrets_are_the_hand_and_the_card_put_forward_while_others_choose(table):
    card = table.hands[0][0]
    state = island.apply(table, PlayResponse(0, card))
    assert island.ISLAND.secrets_of(state, 0) == state.hands[0] + (card,)
    state = island.apply(state, PlayResponse(2, state.hands[2][0]))
    assert island.ISLAND.secrets_of(state, 0) == state.hands[0]


# --- refilling and reshuffling -----------------------------------------------------


def test_hands_refill_to_three_from_the_top_of_the_deck(table):
    deck = table.nouns.deck
    played = (table.hands[0][0], table.hands[2][0])
    after = full_turn(table, mover=0)
    assert after.hands == (
        table.hands[0][1:] + (deck[0],),
        table.hands[1],
        table.hands[2][1:] + (deck[1],),
    )
    assert after.nouns.deck == deck[2:]
    assert after.nouns.discard == played


def test_the_judged_card_is_discarded_and_a_new_one_turned_up(table):
    after = full_turn(table, mover=2)
    assert after.adjectives.discard == (table.judged,)
    assert after.judged == table.adjectives.deck[0]
    assert after.log[-1] == Event(f"Turn 2: Cy turns up '{after.judged}'.")


def test_the_decider_role_passes_clockwise():
    state = fresh(SEED)
    first = state.decider
    deciders = []
    for _ in range(7):
        deciders.append(state.decider)
        state = full_turn(state, mover=(state.decider + 1) % 3)
        assert state.result is None
    assert deciders == [(first + i) % 3 for i in range(7)]
    assert state.turn == 8


def test_an_empty_noun_deck_reshuffles_its_discards(table):
    deck = table.nouns.deck
    table = evolve(table, nouns=Pile(deck=deck[:1], discard=deck[1:]))
    played = (table.hands[0][0], table.hands[2][0])
    after = full_turn(table, mover=0)
    refill = after.hands[2][-1]
    assert after.hands[0][-1] == deck[0]
    assert after.nouns.discard == ()
    assert Counter(after.nouns.deck + (refill,)) == Counter(deck[1:] + played)
    assert after.nouns.deck != tuple(c for c in deck[1:] + played if c != refill)
    check_invariants(table, None, after)


def test_an_empty_adjective_deck_reshuffles_its_discards(table):
    rest = table.adjectives.deck
    table = evolve(table, adjectives=Pile(deck=(), discard=rest))
    after = full_turn(table, mover=2)
    everything = Counter(pack().adjectives)
    assert after.adjectives.discard == ()
    assert Counter(after.adjectives.deck) + Counter([after.judged]) == everything
    assert len(after.adjectives.deck) == len(rest)
    assert after.adjectives.deck != tuple(c for c in rest + (table.judged,) if c != after.judged)


def test_a_pile_draws_from_the_top():
    drawn, pile, chance = Pile(deck=("a", "b", "c")).draw(Chance(1), 2)
    assert drawn == ("a", "b")
    assert pile == Pile(deck=("c",))
    assert chance == Chance(1)


def test_a_pile_shuffles_its_discards_into_a_new_deck_when_it_runs_dry():
    # Fisher-Yates on [b, c, d]: swap index 2 with 0 -> [d, c, b]; swap 1 with 0 -> [c, d, b].
    pile = Pile(deck=("a",), discard=("b", "c", "d"))
    drawn, pile, chance = pile.draw(loaded(0, 0), 3)
    assert drawn == ("a", "c", "d")
    assert pile == Pile(deck=("b",), discard=())
    assert chance.script == ()


def test_a_pile_with_nothing_left_draws_what_it_can():
    drawn, pile, _ = Pile(deck=("a",)).draw(Chance(0), 3)
    assert drawn == ("a",)
    assert pile == Pile(deck=(), discard=())
    assert Pile(deck=()).draw(Chance(0), 1)[0] == ()


def test_discarding_adds_to_the_face_up_pile():
    pile = Pile(deck=("a",), discard=("b",)).discarding("c", "d")
    assert pile == Pile(deck=("a",), discard=("b", "c", "d"))


def test_a_reshuffle_is_a_permutation_of_the_discards():
    cards = tuple(f"card {i}" for i in range(40))
    drawn, pile, _ = Pile(deck=(), discard=cards).draw(Chance(5), 40)
    assert sorted(drawn) == sorted(cards)
    assert drawn != cards
    assert pile == Pile(deck=(), discard=())


# --- whole games: the island's own invariants ----------------------------------------------
# (What every game promises, random playouts, fuzzing, saves, privacy and captions, is
# tests/rules/test_conformance.py's; these are the rules only the island has.)

MAX_ACTIONS = 600
"""A random game still going after this many actions is just stopped (its invariants held)."""


def play_checked(seed: int, policy) -> IslandState:
    """One game, every invariant of ``island_helpers.check_invariants`` after every action:
    tiles and cards conserved, one piece per tile, full hands at every turn's start, and
    the game ends exactly when (and how) the seed's island rules say; the last state."""
    last = fresh(seed)
    for before, action, after in playout(seed, policy, MAX_ACTIONS):
        check_invariants(before, action, after)
        if action is not None:
            assert island.prompt(before) is not None
            assert action in legal_actions(before)
        last = after
    return last


def mixed_policy(seed: int):
    """Ann plays uniformly at random; Bo and Cy are bots."""
    rand, bots = random_policy(seed), bot_policy(seed)

    def choose(state):
        return rand(state) if 0 in island.prompt(state).seats else bots(state)

    return choose


def test_bot_games_keep_the_islands_invariants_and_end():
    for seed in range(10):
        last = play_checked(seed, bot_policy(seed))
        assert last.phase == Phase.OVER, f"bot game {seed} did not end in {MAX_ACTIONS} actions"


def test_a_random_player_among_bots_keeps_the_islands_invariants():
    for seed in range(5_000, 5_020):
        play_checked(seed, mixed_policy(seed))


def test_random_games_keep_the_islands_invariants_and_end_both_ways():
    """150 random games: nearly all end, and both endings of the seed occur."""
    endings: Counter[str] = Counter()
    for seed in range(10_000, 10_150):
        last = play_checked(seed, random_policy(seed))
        if last.result is None:
            endings["stopped"] += 1
        elif "three ways" in last.result.reason:
            assert len(set(board.island_labels(last.pieces, last.tiles))) == 3
            endings["three ways"] += 1
        else:
            assert "stranded alone" in last.result.reason
            endings["alone"] += 1
    assert endings["stopped"] <= 3
    assert endings["three ways"] >= 1
    assert endings["alone"] >= 100


def test_random_play_on_seven_tiles_reaches_every_phase_and_a_move_with_no_stock():
    """Seven tiles: the stock starts empty, so the forced-removal rule is live."""
    states = []
    for seed in range(2):
        state = fresh(seed, tiles=7)
        policy = random_policy(seed)
        for _ in range(200):
            states.append(state)
            if island.prompt(state) is None:
                break
            state = island.apply(state, policy(state))
    assert {s.phase for s in states} == {Phase.RESPOND, Phase.DECIDE, Phase.MOVE, Phase.OVER}
    assert any(s.stock == 0 and s.phase == Phase.MOVE for s in states)


def test_every_listed_action_keeps_the_invariants_and_no_other_card_or_pick_is_taken():
    """10 random games: at every step each listed action applies keeping every invariant,
    while playing another seat's card, or picking a third card, is refused."""
    for seed in range(20_000, 20_010):
        for before, _, _ in playout(seed, random_policy(seed), MAX_ACTIONS):
            if island.prompt(before) is None:
                continue
            actions = legal_actions(before)
            assert actions, "a live game always offers an action"
            for action in actions:
                check_invariants(before, action, island.apply(before, action))
                if isinstance(action, PlayResponse):
                    mine = set(before.hands[action.seat])
                    for card in set(sum(before.hands, ())) - mine:
                        with pytest.raises(IllegalAction):
                            island.apply(before, PlayResponse(action.seat, card))
                if isinstance(action, PickResponse):
                    with pytest.raises(IllegalAction):
                        island.apply(before, PickResponse(action.seat, 2))
