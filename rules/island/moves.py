"""The Mover's options on the board now, and why a move is refused: one check for
``apply`` and for the choices a view offers."""

from __future__ import annotations

from rules.island import board
from rules.island.state import IslandState, MoveTo, PlaceTile, RemoveTile


def move_refusal(options: board.MoverOptions, action: MoveTo | PlaceTile | RemoveTile) -> str:
    """Why the Mover may not make this move ('' when they may)."""
    target = tuple(action.target)
    if isinstance(action, MoveTo):
        if target in options.moves:
            return ""
        if options.moves:
            return "You can only move to a free tile next to yours."
        return options.forced or "There is no free tile next to you to move to."
    if isinstance(action, PlaceTile):
        if target in options.places:
            return ""
        if options.places:
            return "Place on an empty space next to you."
        return options.forced or "There is no empty space next to you to place a tile on."
    if target in options.removes:
        return ""
    if options.removes:
        return "You can only remove a free tile next to your own."
    return options.forced or "There is no free tile next to you to remove."


def options_of(state: IslandState) -> board.MoverOptions:
    assert state.mover is not None
    return board.mover_options(state.mover, state.pieces, state.tiles, state.stock)
