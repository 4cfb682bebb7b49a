"""Winning: the seed's four conditions, checked after every change to the tale.

A Bard wins as soon as they hold no cards, theirs was the last successful play,
no Loose End lies on the table and no interruption waits for its ruling.
``game.apply`` asks ``settle`` after every action, whatever it was (a ruling on
a play or on an interruption, a restock, a Bard leaving or joining...), so the
win is found wherever it happens, for whichever Bard it is: only the Bard of the
last successful play can meet the conditions.
"""

from __future__ import annotations

from attrs import evolve

from rules.engine import Seat, Who
from rules.lantern.state import EventKind, LanternState, Phase
from rules.lantern.tavern import announce

DONE = (Phase.CLOSING, Phase.OVER)


def winner(state: LanternState) -> Seat | None:
    """The Bard who has won the tale now (None: nobody yet, or it is already won or over).

    They sit on a bench, hold no cards and are owed none (a Bard owed cards by a dry
    deck would be holding them), made the last successful play, no Loose End lies
    on the table, and no play is waiting with its interruptions."""
    bard = state.last_success
    if bard is None or state.phase in DONE or state.attempt is not None or state.table:
        return None
    if state.benches[bard] is None or state.hands[bard]:
        return None
    if any(owed == bard for owed, _ in state.owed):
        return None
    return bard


def settle(state: LanternState) -> LanternState:
    """Declare the win when a Bard meets the conditions; else the state as it is. Cards
    still owed to other Bards are forgotten: the tale is over but for its closing words."""
    bard = winner(state)
    if bard is None:
        return state
    state = evolve(state, owed=(), phase=Phase.CLOSING)
    return announce(state, EventKind.WON, bard=Who(bard))
