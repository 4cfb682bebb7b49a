"""What one seat (or anyone at the table) may know of the Island, and what it may do."""

from __future__ import annotations

from rules.choices import Option, Pick
from rules.engine import Seat, read_log
from rules.island import board
from rules.island.moves import move_refusal, options_of
from rules.island.prompts import prompt
from rules.island.state import (
    Action,
    IslandReveal,
    IslandState,
    IslandView,
    MoveTo,
    Phase,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)


def choices_of(state: IslandState, seat: Seat | None) -> Pick[Action] | None:
    """What ``seat`` may do now (None: nothing to decide)."""
    current = prompt(state)
    if seat is None or current is None or seat not in current.seats:
        return None
    names = state.config.names
    if state.phase == Phase.RESPOND:
        return Pick(
            f"Pick the response card that {names[state.decider]} will like best for "
            f"'{state.judged}':",
            tuple(Option(PlayResponse(seat, card), card) for card in state.hands[seat]),
        )
    if state.phase == Phase.DECIDE:
        return Pick(
            f"Two cards, owners hidden, in random order. Which fits '{state.judged}' best?",
            tuple(Option(PickResponse(seat, i), card) for i, card in enumerate(state.shown)),
        )
    return _mover_choices(state, seat)


def _mover_choices(state: IslandState, seat: Seat) -> Pick[Action]:
    """Every move, place and remove next to the Mover, each open or closed by the
    forcing rules (a free tile may be closed to moving when the stock is empty)."""
    options = options_of(state)
    here = state.pieces[seat]
    tile_set, occupied = set(state.tiles), set(state.pieces)
    around = board.neighbours(here)
    free = tuple(sorted(h for h in around if h in tile_set and h not in occupied))
    spaces = tuple(sorted(h for h in around if h not in tile_set))
    offered: list[Option[Action]] = []
    verbs: tuple[tuple[type[MoveTo | PlaceTile | RemoveTile], tuple[board.Hex, ...], str], ...]
    verbs = (
        (MoveTo, free, "Move {way}"),
        (PlaceTile, spaces, "Place a tile to the {way}"),
        (RemoveTile, free, "Remove the tile to the {way}"),
    )
    for kind, targets, words in verbs:
        for target in targets:
            action = kind(seat, target)
            way = board.direction_name(here, target)
            refusal = move_refusal(options, action)
            offered.append(Option(action, words.format(way=way), closed=refusal))
    ask = f"{state.config.names[seat]}: move, place or remove a tile."
    return Pick(ask + (f" {options.forced}" if options.forced else ""), tuple(offered))


def view(state: IslandState, seat: Seat | None) -> IslandView:
    """Only what ``seat`` may know; ``None`` is the public table."""
    current = prompt(state)
    lines, notes = read_log(state, seat)
    return IslandView(
        seat=seat,
        names=state.config.names,
        tiles=state.tiles,
        pieces=state.pieces,
        stock=state.stock,
        turn=state.turn,
        phase=state.phase,
        decider=state.decider,
        judged=state.judged,
        waiting_on=current.seats if current else (),
        hand=state.hands[seat] if seat is not None else (),
        my_response=state.responses[seat] if seat is not None else None,
        shown=state.shown if seat == state.decider and state.phase == Phase.DECIDE else (),
        mover=state.mover,
        log=lines,
        outcome=state.result,
        nouns_left=len(state.nouns.deck),
        adjectives_left=len(state.adjectives.deck),
        choices=choices_of(state, seat),
        notes=notes,
        reveal=IslandReveal(state.hands) if seat is None and state.result is not None else None,
    )
