"""Temptation Island's board: islands, the Mover's three options and the forcing rules."""

from __future__ import annotations

from functools import partial

import pytest

from rules.engine import Outcome
from rules.island import board
from rules.island import game as island
from rules.island.board import MoverOptions, island_labels, island_of
from rules.island.state import MoveTo, Phase, PlaceTile, PlayResponse, RemoveTile
from tests.island_helpers import (
    NE,
    NW,
    SE,
    SW,
    C,
    E,
    W,
    at_move,
    at_respond,
    fresh,
    mover_targets,
    respond_and_pick,
)
from tests.rules_support import refused_by

FLOWER = board.starting_tiles()
START = board.starting_pieces()

MOVE_ONLY_NEXT = "You can only move to a free tile next to yours."
PLACE_ONLY_NEXT = "Place on an empty space next to you."
REMOVE_ONLY_NEXT = "You can only remove a free tile next to your own."
MUST_PLACE = "No free tile next to you: you must place one."
MUST_REMOVE = "The stock is empty: you must remove a tile."
NO_MOVE = "No legal move at all: the turn passes."


refused = partial(refused_by, island.apply)


# --- the starting flower -----------------------------------------------------------


def test_the_flower_is_a_centre_and_its_six_neighbours():
    assert FLOWER == tuple(sorted([C, E, NE, NW, W, SW, SE]))
    assert len(set(FLOWER)) == 7


def test_pieces_start_on_alternate_petals_touching_the_centre_and_not_each_other():
    assert START == (E, NW, SW)
    assert all(board.are_adjacent(piece, C) for piece in START)
    assert not any(board.are_adjacent(a, b) for a in START for b in START)


# --- islands ---------------------------------------------------------------------


def test_the_flower_is_one_island():
    assert island_of(E, FLOWER) == frozenset(FLOWER)
    assert island_labels(START, FLOWER) == (0, 0, 0)


def test_a_hex_without_a_tile_has_no_island():
    assert island_of((5, 5), FLOWER) == frozenset()


def test_tiles_two_steps_apart_are_separate_islands():
    assert island_of(C, [C, (1, 1)]) == frozenset({C})
    assert island_of((1, 1), [C, (1, 1)]) == frozenset({(1, 1)})


def test_an_island_follows_shared_edges_around_corners():
    ring = [E, NE, NW, W, SW, SE]  # the flower without its centre
    assert island_of(E, ring) == frozenset(ring)


def test_island_labels_name_the_first_piece_on_the_same_island():
    line = [(q, 0) for q in range(5)]
    tiles = [*line, (0, 3)]
    assert island_labels(((0, 0), (0, 3), (4, 0)), tiles) == (0, 1, 0)
    assert island_labels(((0, 3), (0, 0), (4, 0)), tiles) == (0, 1, 1)


def test_island_labels_of_three_separate_islands():
    assert island_labels((E, NW, SW), [E, NW, SW]) == (0, 1, 2)


# --- how the game ends -------------------------------------------------------------


def test_the_lone_piece_loses_and_the_other_two_win():
    # Ann (E) and Bo (NW) are joined through NE; Cy (SW) hangs on the centre.
    state = at_move(1, (C, E, NE, NW, SW), (E, NW, SW), stock=14)
    after = island.apply(state, RemoveTile(1, C))
    assert after.tiles == tuple(sorted([E, NE, NW, SW]))
    assert after.stock == 15
    assert after.phase == Phase.OVER
    assert after.result == Outcome(
        (0, 1), (2,), "Cy is stranded alone on an island; Ann and Bo win."
    )
    assert island.outcome(after) == after.result
    assert island.prompt(after) is None
    assert [e.text for e in after.log[-2:]] == [
        "Bo removes the tile to the south-east.",
        "Cy is stranded alone on an island; Ann and Bo win.",
    ]


def test_a_mover_who_strands_themself_loses():
    state = at_move(2, (C, E, NE, NW, SW), (E, NW, SW), stock=14)
    after = island.apply(state, RemoveTile(2, C))
    assert after.result == Outcome(
        (0, 1), (2,), "Cy is stranded alone on an island; Ann and Bo win."
    )


def test_splitting_the_island_three_ways_loses_for_the_mover():
    state = at_move(0, (C, E, NW, SW), (E, NW, SW), stock=15)
    after = island.apply(state, RemoveTile(0, C))
    assert after.tiles == tuple(sorted([E, NW, SW]))
    assert island_labels(after.pieces, after.tiles) == (0, 1, 2)
    assert after.phase == Phase.OVER
    assert after.result == Outcome(
        (1, 2), (0,), "Ann split the island three ways and loses; Bo and Cy win."
    )


def test_the_game_goes_on_while_all_three_share_one_island():
    state = at_move(0, FLOWER, START, stock=12)
    after = island.apply(state, RemoveTile(0, NE))
    assert island_labels(after.pieces, after.tiles) == (0, 0, 0)
    assert after.result is None
    assert after.phase == Phase.RESPOND
    assert after.turn == state.turn + 1


def test_cutting_off_an_empty_tile_does_not_end_the_game():
    tiles = (*FLOWER, (2, 0), (3, 0))
    state = at_move(0, tiles, START, stock=10)
    after = island.apply(state, RemoveTile(0, (2, 0)))
    assert island_of((3, 0), after.tiles) == frozenset({(3, 0)})
    assert after.result is None
    assert after.phase == Phase.RESPOND


# --- the Mover's three options -----------------------------------------------------


def test_on_the_open_flower_every_option_is_offered():
    state = at_move(0, FLOWER, START, stock=12)
    view = island.view(state, 0)
    assert mover_targets(view) == MoverOptions(
        moves=(C, SE, NE),
        places=((1, 1), (2, -1), (2, 0)),
        removes=(C, SE, NE),
        forced="",
    )
    assert view.choices.ask == "Ann: move, place or remove a tile."
    assert [o.label for o in view.choices.options][:4] == [
        "Move west", "Move south-west", "Move north-west", "Place a tile to the south-east"
    ]  # fmt: skip


def test_only_the_mover_is_offered_the_board_and_nobody_in_public():
    state = at_move(0, FLOWER, START, stock=12)
    assert island.view(state, 1).choices is None
    assert island.view(state, None).choices is None


def test_the_mover_may_move_to_a_free_adjacent_tile():
    state = at_move(0, FLOWER, START, stock=12)
    after = island.apply(state, MoveTo(0, C))
    assert after.pieces == (C, NW, SW)
    assert after.tiles == FLOWER
    assert after.stock == 12
    assert after.log[-2].text == "Ann moves west."
    assert after.phase == Phase.RESPOND
    assert after.mover is None


def test_the_mover_may_place_a_tile_on_an_empty_adjacent_space_and_steps_onto_it():
    state = at_move(0, FLOWER, START, stock=12)
    after = island.apply(state, PlaceTile(0, (2, 0)))
    assert after.tiles == tuple(sorted([*FLOWER, (2, 0)]))
    assert after.stock == 11
    assert after.pieces == ((2, 0), NW, SW)
    assert after.log[-2].text == "Ann places a tile to the east and steps onto it."


def test_the_mover_may_remove_a_free_adjacent_tile():
    state = at_move(0, FLOWER, START, stock=12)
    after = island.apply(state, RemoveTile(0, NE))
    assert after.tiles == tuple(h for h in FLOWER if h != NE)
    assert after.stock == 13
    assert after.pieces == START
    assert after.log[-2].text == "Ann removes the tile to the north-west."


def test_a_removed_tile_can_be_placed_again():
    state = at_move(0, FLOWER, START, stock=0)
    state = island.apply(state, RemoveTile(0, NE))
    assert state.stock == 1
    state = at_move(1, state.tiles, state.pieces, stock=state.stock)
    after = island.apply(state, PlaceTile(1, (0, -2)))
    assert after.stock == 0
    assert (0, -2) in after.tiles


# Bo stands on NE, next to Ann (E): his tile is occupied.
CROWDED = (E, NE, SW)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (MoveTo(0, NE), MOVE_ONLY_NEXT),
        (RemoveTile(0, NE), REMOVE_ONLY_NEXT),
        (PlaceTile(0, NE), PLACE_ONLY_NEXT),
        (MoveTo(0, E), MOVE_ONLY_NEXT),
        (RemoveTile(0, E), REMOVE_ONLY_NEXT),
        (PlaceTile(0, E), PLACE_ONLY_NEXT),
        (PlaceTile(0, C), PLACE_ONLY_NEXT),
    ],
    ids=[
        "move-onto-a-piece",
        "remove-under-a-piece",
        "place-on-a-piece",
        "move-to-own-tile",
        "remove-own-tile",
        "place-on-own-tile",
        "place-on-an-existing-tile",
    ],
)
def test_occupied_tiles_cannot_be_moved_onto_removed_or_built_on(action, reason):
    state = at_move(0, FLOWER, CROWDED, stock=12)
    assert refused(state, action) == reason


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (MoveTo(0, W), MOVE_ONLY_NEXT),
        (RemoveTile(0, W), REMOVE_ONLY_NEXT),
        (PlaceTile(0, (3, 0)), PLACE_ONLY_NEXT),
        (PlaceTile(0, (-2, 0)), PLACE_ONLY_NEXT),
        (MoveTo(0, (2, 0)), MOVE_ONLY_NEXT),
        (RemoveTile(0, (2, 0)), REMOVE_ONLY_NEXT),
    ],
    ids=[
        "move-far",
        "remove-far",
        "place-far",
        "place-beyond-the-board",
        "move-onto-the-sea",
        "remove-the-sea",
    ],
)
def test_the_mover_cannot_act_on_hexes_that_are_not_adjacent(action, reason):
    state = at_move(0, FLOWER, START, stock=12)
    assert refused(state, action) == reason


# --- the forcing rules -------------------------------------------------------------

# Ann stands on the centre between Bo (E) and Cy (W): no free tile touches her.
HEMMED = ((C, E, W), (C, E, W))


def test_blocked_mover_must_place_a_tile():
    state = at_move(0, *HEMMED, stock=16)
    assert mover_targets(island.view(state, 0)) == MoverOptions(
        moves=(), places=(SW, NW, SE, NE), removes=(), forced=""
    )
    assert island.view(state, 0).choices.ask.endswith(MUST_PLACE)
    assert refused(state, MoveTo(0, E)) == MUST_PLACE
    assert refused(state, RemoveTile(0, W)) == MUST_PLACE
    after = island.apply(state, PlaceTile(0, NE))
    assert after.tiles == tuple(sorted([C, E, W, NE]))
    assert after.pieces == (NE, E, W)
    assert after.stock == 15
    assert after.result is None


def test_a_forced_placement_still_has_to_be_next_to_the_mover():
    state = at_move(0, *HEMMED, stock=16)
    assert refused(state, PlaceTile(0, (2, 0))) == PLACE_ONLY_NEXT
    assert refused(state, PlaceTile(0, E)) == PLACE_ONLY_NEXT


def test_empty_stock_forces_a_removal():
    state = at_move(0, FLOWER, START, stock=0)
    assert state.config.tiles == 7
    assert mover_targets(island.view(state, 0)) == MoverOptions(
        moves=(), places=(), removes=(C, SE, NE), forced=MUST_REMOVE
    )
    assert refused(state, MoveTo(0, C)) == MUST_REMOVE
    assert refused(state, PlaceTile(0, (2, 0))) == MUST_REMOVE
    after = island.apply(state, RemoveTile(0, SE))
    assert after.tiles == tuple(h for h in FLOWER if h != SE)
    assert after.stock == 1
    assert after.pieces == START


def test_a_forced_removal_still_needs_a_free_adjacent_tile():
    state = at_move(0, FLOWER, CROWDED, stock=0)
    assert refused(state, RemoveTile(0, NE)) == REMOVE_ONLY_NEXT
    assert refused(state, RemoveTile(0, W)) == REMOVE_ONLY_NEXT


def test_a_fresh_seven_tile_game_starts_with_an_empty_stock():
    state = fresh(3, tiles=7)
    assert state.stock == 0
    assert len(state.tiles) == 7


# A line of seven tiles; Ann in the middle between Bo and Cy, and no stock left.
LINE = tuple((q, 0) for q in range(-3, 4))


def test_a_mover_with_no_option_at_all_passes_the_turn():
    assert board.mover_options(0, (C, E, W), LINE, 0) == MoverOptions((), (), (), NO_MOVE)
    state = at_respond(LINE, (C, E, W), stock=0, decider=1)
    judged, ann_card, cy_card = state.judged, state.hands[0][0], state.hands[2][0]
    after = respond_and_pick(state, mover=0)
    assert after.phase == Phase.RESPOND
    assert after.turn == 2
    assert after.decider == 2
    assert after.mover is None
    assert after.result is None
    assert (after.tiles, after.pieces, after.stock) == (LINE, (C, E, W), 0)
    assert all(len(hand) == 3 for hand in after.hands)
    texts = [e.text for e in after.log]
    passed = texts.index("Ann can neither move, place nor remove: the turn passes.")
    assert texts[passed - 1] == (
        f"Bo picks '{ann_card}' for '{judged}': Ann's card (Cy offered '{cy_card}'). Ann moves."
    )
    assert after.nouns.discard == (ann_card, cy_card)
    assert texts[passed + 1] == f"Turn 2: Cy turns up '{after.judged}'."
    assert texts[passed + 1 :] == [texts[-1]]


def test_a_mover_never_sees_a_move_prompt_when_there_is_no_option():
    state = at_respond(LINE, (C, E, W), stock=0, decider=1)
    after = respond_and_pick(state, mover=0)
    assert island.prompt(after).kind == Phase.RESPOND
    offered = [option.value for option in island.view(after, 0).choices.options]
    assert all(isinstance(action, PlayResponse) for action in offered)


def test_with_a_free_neighbour_and_stock_every_option_is_open():
    options = board.mover_options(0, START, FLOWER, 1)
    assert options.forced == ""
    assert options.moves == options.removes == (C, SE, NE)
    assert options.places == ((1, 1), (2, -1), (2, 0))


def test_the_move_prompt_is_public_and_names_the_mover():
    state = at_move(2, FLOWER, START, stock=12)
    prompt = island.prompt(state)
    assert prompt.seats == (2,)
    assert prompt.kind == Phase.MOVE
    assert prompt.private is False
    assert prompt.text == "Cy: move, place or remove a tile."


def test_no_tile_can_be_placed_when_every_space_next_to_the_mover_is_a_tile():
    state = at_move(0, FLOWER, (C, E, W), stock=12)
    options = mover_targets(island.view(state, 0))
    assert options.places == () and options.forced == "" and options.moves
    nowhere = "There is no empty space next to you to place a tile on."
    assert refused(state, PlaceTile(0, (2, 0))) == nowhere
    assert refused(state, PlaceTile(0, (-1, -1))) == nowhere
