"""Temptation Island's teaching captions (issue 17): each moment of the story says
which rule made it and what it means, from the event and the public view alone.

Boards are built the way ``island_helpers`` builds them; a caption is read with the
public view after the step, as the teaching table reads it.
"""

from __future__ import annotations

from attrs import evolve

from rules.island import board
from rules.island import game as island
from rules.island.captions import CAPTIONS
from rules.island.state import (
    EventKind,
    IslandState,
    MoveTo,
    Phase,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)
from rules.teaching import captions_of
from tests.island_helpers import (
    NW,
    SW,
    C,
    E,
    W,
    at_move,
    at_respond,
    bot_policy,
    fresh,
    playout,
    respond_and_pick,
)

LONGEST = 300


def caption_of(state: IslandState, kind: EventKind) -> str:
    """The caption of the last event of ``kind``, with the public view of ``state``."""
    event = next(e for e in reversed(state.log) if e.kind == kind)
    return CAPTIONS.for_event(event, island.view(state, None))


def prompt_caption(state: IslandState) -> str:
    current = island.prompt(state)
    assert current is not None
    return CAPTIONS.for_prompt(current, island.view(state, None))


# Ann on E can reach only the centre, where Bo stands: she must place.
HEMMED_IN = at_move(0, (E, C, W), (E, C, W), 4)


def test_the_island_registers_its_captions_for_every_kind_it_logs_and_asks():
    assert captions_of(island.ISLAND) is CAPTIONS
    assert all(CAPTIONS.has_caption(kind) for kind in EventKind)
    assert set(CAPTIONS.prompts) == {Phase.RESPOND, Phase.DECIDE, Phase.MOVE}


def test_the_forced_place_caption_says_why_the_mover_had_no_choice():
    after = island.apply(HEMMED_IN, PlaceTile(0, board.step(E, 0)))
    assert after.log[-2].text == "Ann places a tile to the east and steps onto it."
    assert after.log[-2].kind == EventKind.FORCED_PLACE
    assert caption_of(after, EventKind.FORCED_PLACE) == (
        "Ann had no choice: the only tile beside Ann's had Bo on it, so there was nothing "
        "to move onto or remove, and a Mover in that spot must place. Ann laid a stock "
        "tile to the east and stepped onto it; 3 left in the stock."
    )


def test_a_place_the_mover_chose_is_not_captioned_as_forced():
    opened = at_move(0, board.starting_tiles(), board.starting_pieces(), 12)
    after = island.apply(opened, PlaceTile(0, board.step(E, 0)))
    assert after.log[-2].kind == EventKind.PLACE
    assert caption_of(after, EventKind.PLACE) == (
        "Ann chose to build: a tile from the stock, laid to the east of Ann's own, which "
        "Ann then had to step onto. A bigger island is harder to cut apart. 11 left in the "
        "stock."
    )


def test_the_move_prompt_of_a_hemmed_in_mover_says_placing_is_the_only_option():
    assert prompt_caption(HEMMED_IN) == (
        "Ann's card won, but no free tile touches Ann's: with nothing to move onto or "
        "remove, the rules leave one option, placing a stock tile beside Ann's own and "
        "stepping onto it."
    )


def test_an_empty_stock_caption_says_the_mover_had_to_remove_rather_than_move():
    full = at_move(0, board.starting_tiles(), board.starting_pieces(), 0)
    after = island.apply(full, RemoveTile(0, board.step(C, 1)))
    assert after.log[-2].kind == EventKind.FORCED_REMOVE
    assert caption_of(after, EventKind.FORCED_REMOVE) == (
        "Every tile was already on the board, so the rules made Ann remove one rather than "
        "move: the free tile to the north-west went back to the empty stock. All three are "
        "still joined by touching tiles, so play goes on (6 tiles)."
    )


def test_the_move_prompt_points_at_the_removal_that_would_leave_someone_alone():
    # Ann (NW) and Bo (W) side by side; Cy (E) joined to them only through the centre.
    state = at_move(0, (NW, W, C, E), (NW, W, E), 3)
    assert prompt_caption(state) == (
        "Ann's card won, so Ann alone changes the board: step to a free neighbouring tile, "
        "lay a stock tile beside their own and step onto it, or remove a free neighbouring "
        "tile. "
        "Removing the tile to the south-east would leave Cy alone."
    )


def test_the_loser_left_alone_is_named_with_the_removal_that_cut_them_off():
    state = at_move(0, (NW, W, C, E), (NW, W, E), 3)
    after = island.apply(state, RemoveTile(0, C))
    assert after.log[-1].text == "Cy is stranded alone on an island; Ann and Bo win."
    assert caption_of(after, EventKind.REMOVE).endswith(
        "That cut the island apart, and the game ends."
    )
    assert caption_of(after, EventKind.LEFT_ALONE) == (
        "Ann's removal cut Cy off: no path of touching tiles leads from Cy's piece to "
        "another. Being left alone is the one way to lose, so Cy loses, and Ann and Bo, "
        "still together, win."
    )


def test_a_mover_who_strands_themself_is_warned_then_told_it_was_their_own_removal():
    state = at_move(0, (NW, W, C, E), (E, W, NW), 3)
    assert prompt_caption(state).endswith(
        " Careful: removing the tile to the west would lose Ann the game."
    )
    after = island.apply(state, RemoveTile(0, C))
    assert caption_of(after, EventKind.LEFT_ALONE).startswith(
        "Ann's own removal cut Ann off from the others: "
    )


def test_a_mover_who_splits_all_three_apart_is_blamed_for_it():
    state = at_move(0, (C, E, NW, SW), (E, NW, SW), 3)
    after = island.apply(state, RemoveTile(0, C))
    assert after.log[-1].kind == EventKind.SPLIT_THREE_WAYS
    assert caption_of(after, EventKind.SPLIT_THREE_WAYS) == (
        "Ann's removal left all three pieces on separate islands. With nobody more alone "
        "than the rest, the rules blame the Mover who did it: Ann loses for carelessness, "
        "and Bo and Cy win together."
    )


def test_a_mover_boxed_in_with_an_empty_stock_is_told_why_the_turn_passes():
    state = at_respond((E, C, W), (E, C, W), 0, decider=1)
    after = respond_and_pick(state, 0)
    assert after.turn == 2
    assert caption_of(after, EventKind.NO_MOVE) == (
        "Ann won the pick but is boxed in: no free tile touches Ann's to move onto or "
        "remove, and the stock is empty, so there is nothing to place. When none of the "
        "three is possible the rules skip the move, and the turn passes."
    )


def test_a_step_next_to_another_piece_says_the_two_cannot_be_cut_apart():
    opened = at_move(0, board.starting_tiles(), board.starting_pieces(), 12)
    after = island.apply(opened, MoveTo(0, board.step(C, 1)))
    assert caption_of(after, EventKind.MOVE) == (
        "Ann stepped north-west, next to Bo. A tile with a piece on it can never be "
        "removed, so pieces side by side stay on one island for as long as neither moves "
        "away."
    )


def test_the_pick_caption_names_the_mover_even_when_one_name_begins_another():
    table = fresh()
    state = evolve(table, config=evolve(table.config, names=("Ann", "Ann Lee", "Bo")))
    after = respond_and_pick(state, 0)
    assert after.log[-1].text.startswith("Ann Lee picks ")
    assert caption_of(after, EventKind.MOVER) == (
        "Ann Lee picked blind, and only now are the owners named: the winning card was "
        "Ann's, so Ann is the Mover and the only one to touch the board this turn. Bo's "
        "card lost; Bo can only watch."
    )


def test_the_note_of_a_card_put_forward_never_repeats_the_card():
    state = at_respond(board.starting_tiles(), board.starting_pieces(), 12, decider=1)
    card = state.hands[0][0]
    after = island.apply(state, PlayResponse(0, card))
    note = next(e for e in after.log if e.kind == EventKind.PUT_FORWARD)
    assert note.seats == (0,)
    assert card not in CAPTIONS.for_event(note, island.view(after, 0))


def test_every_caption_of_a_bot_game_fits_in_three_hundred_characters():
    longest = (0, "")
    for seed in range(1, 6):
        for before, _, after in playout(seed, bot_policy(seed)):
            public = island.view(after, None)
            fresh_events = after.log[len(before.log) if before is not after else 0 :]
            texts = [CAPTIONS.for_event(e, public) for e in fresh_events]
            current = island.prompt(after)
            if current is not None:
                texts.append(CAPTIONS.for_prompt(current, public))
            longest = max([longest, *((len(t), t) for t in texts)])
    assert longest[0] <= LONGEST, longest[1]
