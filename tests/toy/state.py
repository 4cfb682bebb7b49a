"""Noughts and Crosses: its setup, its one action, its table and what a seat sees."""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from rules.chance import Chance
from rules.choices import Pick
from rules.engine import Event, LogReading, Outcome, Prompt, Seat, asked_field, reading_field

MARKS = ("X", "O")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Phase(StrEnum):
    MARK = "mark"
    OVER = "over"


class EventKind(StrEnum):
    OPENING = "opening"
    MARKED = "marked"
    THREE_IN_A_ROW = "three_in_a_row"
    FULL_BOARD = "full_board"


@frozen
class ToyConfig:
    names: tuple[str, ...]


@frozen
class Mark:
    """``seat`` marks square ``square`` (0 to 8, row by row)."""

    seat: Seat
    square: int


@frozen
class ToyState:
    config: ToyConfig
    chance: Chance
    squares: tuple[int | None, ...] = (None,) * 9
    """Who marked each square (a seat), row by row."""
    mover: Seat = 0
    log: tuple[Event, ...] = ()
    result: Outcome | None = None
    asked: list[Prompt | None] = asked_field()
    read: list[LogReading] = reading_field()


@frozen
class ToyView:
    seat: Seat | None
    names: tuple[str, ...]
    squares: tuple[int | None, ...]
    mover: Seat
    log: tuple[str, ...]
    notes: tuple[str, ...]
    choices: Pick[Mark] | None
    outcome: Outcome | None
