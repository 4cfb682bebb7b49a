"""The reception: the hostex marker, the turns, a card action, a pass or a forced discard."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Seat, Who
from rules.persuasion import actions
from rules.persuasion.season import end_round
from rules.persuasion.state import EventKind, ForcedDiscard, Pass, PersuasionState, Phase, UseCard
from rules.persuasion.table import log, place_refusal, players, show, slot_of, to_discards

MUST_DISCARD = "You hold no seal or ring: you must discard one of anyone's cards."


def begin_reception(state: PersuasionState) -> PersuasionState:
    """The hostex marker passes to the first player holding nothing; the turns begin with it.

    At the Evening Ball only players holding nothing take a turn; nobody does
    when nobody has a card to discard.
    """
    count = len(state.config.names)
    empty = [p for p in players(state) if not state.held[p]]
    hostex = state.hostex
    if empty:
        order = [(hostex + i) % count for i in range(1, count + 1)]
        hostex = next(p for p in order if p in empty)
        if hostex != state.hostex:
            state = log(state, EventKind.HOSTEX_PASSES, hostex=Who(hostex))
    turns = tuple((hostex + i) % count for i in range(count))
    if state.config.evening_ball:
        turns = tuple(p for p in turns if not state.held[p])
    turns = tuple(p for p in turns if state.held[p] or any(state.traits))
    state = evolve(state, hostex=hostex, phase=Phase.RECEPTION, turns=turns)
    return state if turns else end_round(state)


def forced_refusal(state: PersuasionState, seat: Seat, player: Seat, target: int | None) -> str:
    """Why ``seat``, holding nothing, may not discard ``player``'s card in ``target``."""
    if isinstance(player, bool) or player not in players(state):
        return "Choose a player at the table."
    return place_refusal(state, player, target, seat)


def take_turn(state: PersuasionState, action: UseCard | ForcedDiscard | Pass) -> PersuasionState:
    """The reception turn of ``action.seat``; the round ends after the last turn."""
    seat = action.seat
    holds = state.held[seat]
    if isinstance(action, ForcedDiscard):
        if holds:
            raise IllegalAction("Only a player who holds nothing must discard.")
        refusal = forced_refusal(state, seat, action.player, action.target)
        if refusal:
            raise IllegalAction(refusal)
        player = action.player
        number = slot_of(state, player, action.target)
        state = show(state, seat, number, EventKind.DISCARD_SEEN, owner=Who(player))
        state = log(state, EventKind.FORCED_DISCARD, player=Who(seat), owner=Who(player))
        state = to_discards(state, number)
    elif not holds:
        raise IllegalAction(MUST_DISCARD)
    elif isinstance(action, Pass):
        state = log(state, EventKind.PASS, player=Who(seat))
    else:
        state = actions.use(state, action)
    state = evolve(state, turns=state.turns[1:])
    return state if state.turns else end_round(state)
