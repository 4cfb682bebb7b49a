"""A person narrator's pen: a line of their own words told to the table, at any moment
of the game or with a ruling, and the pacts read out again when they are put to the test."""

from __future__ import annotations

from rules.engine import Seat, Who
from rules.names import text_fault
from rules.temptress.floor import LONGEST_DESCRIPTION
from rules.temptress.state import EventKind, TemptressState
from rules.temptress.table import log

LONGEST_LINE = LONGEST_DESCRIPTION
"""The most characters of a narrator's line (as many as a courting description)."""


def plain_line(text: str) -> str:
    """The line as the story tells it: single spaces, none at the ends."""
    return " ".join(text.split())


def line_refusal(text: str, needed: bool) -> str:
    """Why the narrator's ``text`` is refused ('' when it is not); an empty line is
    refused only when it is ``needed`` (a line told on its own, not with a ruling)."""
    line = plain_line(text)
    if not line:
        return "Write the line you want to tell the table." if needed else ""
    if len(line) > LONGEST_LINE:
        return f"Keep the line to {LONGEST_LINE} characters."
    fault = text_fault(line)
    if fault is not None:
        return f"The line {fault}."
    return ""


def tell(state: TemptressState, text: str) -> TemptressState:
    """The narrator's ``text`` told to the table (nothing when it is empty): check
    ``line_refusal`` first."""
    line = plain_line(text)
    return log(state, EventKind.NARRATOR_LINE, text=line) if line else state


# --- pacts ----------------------------------------------------------------------------------


def pacts_of(state: TemptressState, promiser: Seat, winner: Seat) -> tuple[str, ...]:
    """The promises ``promiser`` made to ``winner`` in arguments, oldest first (the pact
    log's events keep who promised whom)."""
    return tuple(
        str(event.fact("promise"))
        for event in state.log
        if event.kind == EventKind.PACT
        and event.who("promiser") == promiser
        and event.who("winner") == winner
    )


def pacts_tested(state: TemptressState, promiser: Seat, winner: Seat) -> TemptressState:
    """``promiser`` moves against ``winner`` (joins their action in opposition, or starts
    an argument with them): every pact ``promiser`` owes ``winner`` is read out again,
    before the move is told."""
    for promise in pacts_of(state, promiser, winner):
        state = log(
            state,
            EventKind.PACT_TESTED,
            promiser=Who(promiser),
            winner=Who(winner),
            promise=promise,
        )
    return state
