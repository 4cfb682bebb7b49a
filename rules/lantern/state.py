"""Ye Olde Rusty Lantern's values: config, actions, the tale and a seat's view.

Seats: the Bards of the roster (names given at setup, in the order they may
sit), then the Barkeep's seat when a person keeps the bar. A Bard sits on a
bench or is away; only seated Bards take turns.
"""

from __future__ import annotations

from attrs import frozen

from rules.chance import Chance
from rules.engine import Event, Outcome, Seat

PERSON, TABLE = "person", "table"
"""Who keeps the bar: a person at a referee console, or the table voting."""

# deny reasons, in the seed's words' order
INCOMPREHENSIBLE = "incomprehensible"
NON_SEQUITUR = "non_sequitur"
NOT_IN_SPIRIT = "not_in_spirit"
WRONG_LENGTH = "wrong_length"
NO_CARD_NAMED = "no_card_named"
NOTHING_PLAYED = "nothing_played"
TOO_SLOW = "too_slow"
NOT_BROUGHT_IN = "not_brought_in"
DENY_REASONS = {
    INCOMPREHENSIBLE: "it cannot be understood",
    NON_SEQUITUR: "it does not follow from the tale so far",
    NOT_IN_SPIRIT: "it is not in the spirit of the game",
    WRONG_LENGTH: "it is too long or too short",
    NO_CARD_NAMED: "the Bard holds cards but named none",
    NOTHING_PLAYED: "no card was named and no Loose End was tied off",
    TOO_SLOW: "it came after the Bard had fallen asleep",
    NOT_BROUGHT_IN: "the card was named but the text did not bring it into the tale",
}


@frozen
class LanternConfig:
    """A tale's setup: benches, the roster of Bards, who starts seated, the elements."""

    benches: int
    bards: tuple[str, ...]
    seated: tuple[bool, ...]
    elements: tuple[str, ...]
    barkeep: str = PERSON
    barkeep_name: str = "The Barkeep"
    hand: int = 7
    words: tuple[int, int] = (40, 150)
    sleep_seconds: int = 0
    """The turn timer: a Bard on turn this long without a play has slept (0: off)."""


# --- actions ---------------------------------------------------------------------------


@frozen
class Play:
    """A Bard's play: prose, the card named (None only with an empty hand), claims."""

    seat: Seat
    text: str
    card: int | None = None
    ties: tuple[int, ...] = ()
    """Loose Ends (element numbers on the table) the Bard claims to tie off."""
    loose_end: bool = False
    """The Bard suggests the card becomes a Loose End (the Barkeep decides)."""


@frozen
class PassTurn:
    """Pass: take a card; an explicit pass may burn one named card from the hand."""

    seat: Seat
    burn: int | None = None


@frozen
class Interrupt:
    """After a play: claim that a card of yours is part of it (None: let it go)."""

    seat: Seat
    card: int | None = None


@frozen
class Rule:
    """The Barkeep's ruling on the play under review (or a Bard's vote at the table).

    ``verify`` or deny with ``reason``; on a verified play the Barkeep also says
    whether its card becomes a Loose End and which claimed Loose Ends are tied off.
    """

    seat: Seat
    verify: bool
    reason: str = ""
    loose_end: bool = False
    tied: tuple[int, ...] = ()


@frozen
class RuleInterruption:
    """The Barkeep's ruling on the next interruption: verified, or not mentioned."""

    seat: Seat
    verify: bool


@frozen
class Closing:
    """The winner's closing passage (may be empty)."""

    seat: Seat
    text: str = ""


@frozen
class SeatBard:
    """The Barkeep seats a Bard of the roster on a free bench (between turns)."""

    seat: Seat
    bard: Seat
    bench: int


@frozen
class Leave:
    """A Bard leaves the tale; their cards go back to the deck."""

    seat: Seat


@frozen
class Sleep:
    """The Barkeep (or the turn timer) finds the Bard on turn asleep: they have passed.

    ``under_table`` sends a Bard asleep three turns running out of the game.
    """

    seat: Seat
    under_table: bool = False


@frozen
class Restock:
    """The deck is dry: the Barkeep adds new elements, or (none) ends the tale."""

    seat: Seat
    elements: tuple[str, ...] = ()


ACTION_TYPES = (
    Play,
    PassTurn,
    Interrupt,
    Rule,
    RuleInterruption,
    Closing,
    SeatBard,
    Leave,
    Sleep,
    Restock,
)

# --- state ----------------------------------------------------------------------------------

TURN, WINDOW, RULING, INTERRUPTIONS, DRY, CLOSING, SUSPENDED, OVER = (
    "turn",
    "window",
    "ruling",
    "interruptions",
    "dry",
    "closing",
    "suspended",
    "over",
)


@frozen
class Passage:
    """A verified play, as the tale records it."""

    bard: Seat
    text: str
    card: int | None
    tied: tuple[int, ...] = ()


@frozen
class Attempt:
    """A play waiting for its ruling, with the interruptions claimed against it."""

    bard: Seat
    text: str
    card: int | None
    ties: tuple[int, ...]
    loose_end: bool
    interruptions: tuple[tuple[Seat, int], ...] = ()
    asked: tuple[Seat, ...] = ()
    """Bards still to say whether they interrupt (the window)."""
    votes: tuple[tuple[Seat, bool], ...] = ()
    verified: bool | None = None
    interrupted_by: Seat | None = None


@frozen
class LanternState:
    """The whole tavern. Only ``view`` shows parts of it to a seat."""

    config: LanternConfig
    chance: Chance
    elements: tuple[str, ...]
    """Every element: the config's, then any the Barkeep added."""
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    benches: tuple[int | None, ...]
    """Each roster Bard's bench, or None when away."""
    table: tuple[int, ...] = ()
    """Loose Ends, face up."""
    burned: tuple[int, ...] = ()
    ale: tuple[int, ...] = ()
    asleep: tuple[int, ...] = ()
    """Turns in a row each Bard has slept through."""
    under_table: tuple[bool, ...] = ()
    on_turn: Seat | None = None
    phase: str = TURN
    attempt: Attempt | None = None
    owed: tuple[tuple[Seat, int], ...] = ()
    """Cards still owed while the deck is dry: (Bard, how many)."""
    after_dry: str = TURN
    tale: tuple[Passage, ...] = ()
    last_success: Seat | None = None
    log: tuple[Event, ...] = ()
    result: Outcome | None = None


@frozen
class BardSight:
    """What everyone sees of a Bard."""

    name: str
    bench: int | None
    cards: int
    ale: int
    asleep: int
    gone: bool


@frozen
class LanternView:
    """One seat's view of the tavern (``seat=None``: the public status)."""

    seat: Seat | None
    phase: str
    bards: tuple[BardSight, ...]
    benches: int
    turn: Seat | None
    table: tuple[str, ...]
    table_ids: tuple[int, ...]
    burned: int
    deck: int
    tale: tuple[Passage, ...]
    elements_named: tuple[tuple[int, str], ...]
    """The elements of the table, the tale and this seat's hand, by number."""
    attempt: Attempt | None
    words: tuple[int, int]
    barkeep: str
    barkeep_name: str
    log: tuple[str, ...]
    outcome: Outcome | None
    hand: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    """Every hand: the Barkeep's console only."""
    deck_cards: tuple[int, ...] = ()
    """The deck: the Barkeep's console only."""
