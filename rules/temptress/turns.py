"""Turns at the open floor within a round: who has had one, and who a round's end cuts
short (they claim first in the next round)."""

from __future__ import annotations

from attrs import evolve

from rules.engine import Seat
from rules.temptress.state import TemptressState


def had_turn(state: TemptressState, seat: Seat) -> TemptressState:
    """``seat`` has had their turn at the floor (acted, argued or declined): they lose a
    first claim they held, and once every suitor still in has had a turn, the count
    starts again (see ``cut_short``)."""
    turned = state.had_turn if seat in state.had_turn else state.had_turn + (seat,)
    if all(s in turned for s in state.active):
        turned = ()
    first = tuple(s for s in state.first_claims if s != seat)
    return evolve(state, had_turn=turned, first_claims=first)


def cut_short(state: TemptressState) -> tuple[Seat, ...]:
    """Suitors still in who had no turn at the floor since every suitor last had one:
    a round ending now cuts them short, and they claim first in the next."""
    if not state.had_turn:
        return ()
    return tuple(s for s in state.active if s not in state.had_turn)
