"""Temptation Island's values: config, actions, state and a seat's view."""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from rules.cards import Pile
from rules.chance import Chance
from rules.choices import Pick
from rules.engine import Event, LogReading, Outcome, Prompt, Seat, asked_field, reading_field
from rules.island.board import Hex

SEATS = 3


def _three_names(instance: object, attribute: object, names: tuple[str, ...]) -> None:
    if len(names) != SEATS:
        raise ValueError("Temptation Island needs exactly three seats")


@frozen
class IslandConfig:
    """A table's setup: the three names (clockwise), tile count and the card texts."""

    names: tuple[str, ...] = field(validator=_three_names)
    adjectives: tuple[str, ...]
    nouns: tuple[str, ...]
    tiles: int = 19


# --- actions ---------------------------------------------------------------


@frozen
class PlayResponse:
    """A responder secretly puts a response card forward."""

    seat: Seat
    card: str


@frozen
class PickResponse:
    """The Decider picks one of the two cards shown (0 or 1, in shown order)."""

    seat: Seat
    choice: int


@frozen
class MoveTo:
    """The Mover moves to an adjacent free tile."""

    seat: Seat
    target: Hex


@frozen
class PlaceTile:
    """The Mover places a tile from the stock next to their tile and moves onto it."""

    seat: Seat
    target: Hex


@frozen
class RemoveTile:
    """The Mover removes a free tile next to them back into the stock."""

    seat: Seat
    target: Hex


Action = PlayResponse | PickResponse | MoveTo | PlaceTile | RemoveTile
ACTION_TYPES = (PlayResponse, PickResponse, MoveTo, PlaceTile, RemoveTile)

# --- state -----------------------------------------------------------------

class Phase(StrEnum):
    """Where a turn is; the prompt's kind is the phase's name."""

    RESPOND = "respond"
    DECIDE = "decide"
    MOVE = "move"
    OVER = "over"


class EventKind(StrEnum):
    """What kind of moment an event of the Island's story is: the rule behind it, for
    its teaching caption (``rules/island/captions.py``)."""

    OPENING = "opening"
    """The flower is laid, the pieces stand, the first Decider is drawn."""
    NEW_TURN = "new_turn"
    """A Decider (the next one clockwise) turns up a compatibility card."""
    RESPONDED = "responded"
    """A responder has put a card forward, face down (public: not which)."""
    PUT_FORWARD = "put_forward"
    """Private to a responder: the card they put forward."""
    JUDGING = "judging"
    """Both cards lie shuffled before the Decider, owners hidden."""
    MOVER = "mover"
    """The Decider's pick: the owners named, the winning card's owner is the Mover."""
    NO_MOVE = "no_move"
    """The Mover can neither move, place nor remove: the turn passes."""
    MOVE = "move"
    """The Mover steps to a free neighbouring tile."""
    PLACE = "place"
    """The Mover chose to place a stock tile beside theirs and step onto it."""
    FORCED_PLACE = "forced_place"
    """No free tile beside the Mover: placing was the only option left."""
    REMOVE = "remove"
    """The Mover chose to remove a free neighbouring tile."""
    FORCED_REMOVE = "forced_remove"
    """The stock was empty: the Mover had to remove a tile."""
    LEFT_ALONE = "left_alone"
    """The end: one piece is alone on an island, its owner loses."""
    SPLIT_THREE_WAYS = "split_three_ways"
    """The end: all three on separate islands, the Mover loses."""


@frozen
class IslandState:
    """The whole table. Only ``view`` may show parts of it to a seat."""

    config: IslandConfig
    chance: Chance
    tiles: tuple[Hex, ...]
    pieces: tuple[Hex, ...]
    stock: int
    adjectives: Pile[str]
    nouns: Pile[str]
    hands: tuple[tuple[str, ...], ...]
    decider: Seat
    turn: int
    phase: Phase
    judged: str
    responses: tuple[str | None, ...] = (None, None, None)
    shown: tuple[str, ...] = ()
    mover: Seat | None = None
    log: tuple[Event, ...] = ()
    result: Outcome | None = None
    asked: list[Prompt | None] = asked_field()
    read: list[LogReading] = reading_field()

    @property
    def responders(self) -> tuple[Seat, ...]:
        return tuple(s for s in range(SEATS) if s != self.decider)


@frozen
class IslandReveal:
    """Every secret of a finished game: the hands left."""

    hands: tuple[tuple[str, ...], ...]


@frozen
class IslandView:
    """What one seat (or, with ``seat=None``, anyone at the table) may know."""

    seat: Seat | None
    names: tuple[str, ...]
    tiles: tuple[Hex, ...]
    pieces: tuple[Hex, ...]
    stock: int
    turn: int
    phase: Phase
    decider: Seat
    judged: str
    waiting_on: tuple[Seat, ...]
    hand: tuple[str, ...]
    """This seat's own response cards; empty for the public view."""
    my_response: str | None
    shown: tuple[str, ...]
    """The two cards put forward, in shown order, without owners: the Decider's view only."""
    mover: Seat | None
    log: tuple[str, ...]
    outcome: Outcome | None
    nouns_left: int
    adjectives_left: int
    choices: Pick[Action] | None = None
    """What this seat may do now: its response cards, the two cards to judge, or the
    Mover's moves, places and removes (each open, or closed with the forcing rule)."""
    notes: tuple[str, ...] = ()
    reveal: IslandReveal | None = None
    """Every hand, once the game is over (public view only)."""
