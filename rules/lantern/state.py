"""Ye Olde Rusty Lantern's values: config, actions and the tale (a seat's view is in
``rules.lantern.view``).

Seats: the Bards of the roster (names given at setup, in the order they may
sit), then the Barkeep's seat when a person keeps the bar, then every seat added
since (``LanternState.newcomers``: a Bard who walked in, or a person the bar was
handed to), in the order they came. No seat is ever renumbered. A Bard sits on a
bench or is away; only seated Bards take turns.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from rules.chance import Chance
from rules.engine import Event, LogReading, Outcome, Prompt, Seat, asked_field, reading_field


class Keeper(StrEnum):
    """Who keeps the bar: a person at a referee console, or the table voting."""

    PERSON = "person"
    TABLE = "table"


class EventKind(StrEnum):
    """What sort of moment a line of the story log records, for its teaching caption
    (``rules.lantern.captions``): one kind per moment the rules make, whatever its wording."""

    OPENED = "opened"
    """The tavern opens: the benches, and the Bards who take their seats (and their hands)."""
    READY = "ready"
    """A second Bard sits down: the Barkeep may now name who begins."""
    BEGINS = "begins"
    """The first Bard is named, by the Barkeep or by lot."""
    PLAY = "play"
    """A Bard attempts a play (a passage naming a card); it waits for its ruling."""
    INTERRUPTION = "interruption"
    """A Bard interrupts the play, naming a card of their own it mentioned."""
    VOTE = "vote"
    """At a table without a Barkeep, one Bard's vote on a play."""
    VERIFIED = "verified"
    """The play is verified: the passage joins the tale and the Bard keeps the turn."""
    LOOSE_END = "loose_end"
    """The verified play's card lies on the table as a Loose End."""
    TIED_OFF = "tied_off"
    """Loose Ends tied off by the verified play, and the Ale they earn."""
    DENIED = "denied"
    """The play is denied: card burned, two cards, the turn passes."""
    INTERRUPTION_STANDS = "interruption_stands"
    """An interruption stands: card burned, the interrupted Bard takes a card, the turn jumps."""
    NOT_MENTIONED = "not_mentioned"
    """An interruption is denied, its element not in the play: card burned, two cards."""
    TOO_LATE = "too_late"
    """An interruption comes too late (another already stands): card burned, one card."""
    PASS = "pass"
    """A Bard passes: one card, and the turn goes on clockwise."""
    BURN = "burn"
    """A Bard passes and burns a card of their choice."""
    DEALT = "dealt"
    """Private: the cards a Bard receives (their names are for that Bard and the Barkeep)."""
    DRY = "dry"
    """The deck cannot deal what is owed: the Barkeep must restock or end the tale."""
    RESTOCKED = "restocked"
    """The Barkeep adds new story elements to the deck."""
    ENDED_DRY = "ended_dry"
    """The deck ran dry and the tale ends with no winner."""
    JOINED = "joined"
    """A Bard is seated on a free bench (and dealt a starting hand)."""
    LEFT = "left"
    """A Bard leaves the tale; their cards go back to the deck."""
    SUSPENDED = "suspended"
    """Too few Bards on the benches: the tale is suspended."""
    RESUMED = "resumed"
    """Enough Bards again: the suspended tale goes on."""
    CLOSED_UNFINISHED = "closed_unfinished"
    """A suspended tale is closed, unfinished and without a winner."""
    ASLEEP = "asleep"
    """The Bard on turn is found asleep, and so has passed."""
    UNDER_TABLE = "under_table"
    """A Bard asleep three turns running goes Under The Table (out of the tale)."""
    WON = "won"
    """A Bard meets the four conditions of the win."""
    CLOSING = "closing"
    """The winner's closing passage ends the tale."""
    STAYS = "stays"
    """A Bard asleep three turns running is let stay at the table."""
    WALKED_IN = "walked_in"
    """Someone new walks in and sits down as a Bard on a free bench (and is dealt a hand)."""
    BAR_HANDED = "bar_handed"
    """The Barkeep hands the bar to someone else, who rules from then on."""


class Role(StrEnum):
    """What a seat added after setup is: a Bard who walked in, or a new Barkeep."""

    BARD = "bard"
    BARKEEP = "barkeep"


@frozen
class Newcomer:
    """A seat added after setup: its name and its role."""

    name: str
    role: Role = Role.BARD


class DenyReason(StrEnum):
    """Why the Barkeep denies a play: the seed's reasons, in the seed's order."""

    INCOMPREHENSIBLE = "incomprehensible"
    NON_SEQUITUR = "non_sequitur"
    NOT_IN_SPIRIT = "not_in_spirit"
    WRONG_LENGTH = "wrong_length"
    NO_CARD_NAMED = "no_card_named"
    NOTHING_PLAYED = "nothing_played"
    TOO_SLOW = "too_slow"
    NOT_BROUGHT_IN = "not_brought_in"


DENY_REASONS: dict[DenyReason, str] = {
    DenyReason.INCOMPREHENSIBLE: "it cannot be understood",
    DenyReason.NON_SEQUITUR: "it does not follow from the tale so far",
    DenyReason.NOT_IN_SPIRIT: "it is not in the spirit of the game",
    DenyReason.WRONG_LENGTH: "it is too long or too short",
    DenyReason.NO_CARD_NAMED: "the Bard holds cards but named none",
    DenyReason.NOTHING_PLAYED: "no card was named and no Loose End was tied off",
    DenyReason.TOO_SLOW: "it came after the Bard had fallen asleep",
    DenyReason.NOT_BROUGHT_IN: "the card was named but the text did not bring it into the tale",
}
"""Each reason as the log says it ("The play is denied: it cannot be understood.")."""


@frozen
class LanternConfig:
    """A tale's setup: benches, the roster of Bards, who starts seated, the elements."""

    benches: int
    bards: tuple[str, ...]
    seated: tuple[bool, ...]
    elements: tuple[str, ...]
    barkeep: Keeper = Keeper.PERSON
    barkeep_name: str = "The Barkeep"
    hand: int = 7
    words: tuple[int, int] = (40, 150)
    sleep_seconds: int = 0
    """The turn timer: a Bard on turn this long without a play has slept (0: off)."""
    table_judges: bool = False
    """At a table without a Barkeep, the other Bards vote separately on whether the card
    becomes a Loose End and on each claimed tie-off. New tales set it (``make_config``); a
    save made before it lacks it and replays the old rule, where the teller's own word
    decided both."""
    late_interruptions: bool = False
    """Any Bard may interrupt a play until the next play begins, after its ruling too.
    New tales set it; a save made before it replays the old rule (only in the window)."""
    called_under: bool = False
    """Under The Table is the Barkeep's call (the table's vote without one), asked after a
    third sleep in a row, never automatic. New tales set it; a save made before it
    replays the old rule (the timer's third sleep sent the Bard there)."""
    walk_ins: bool = False
    """Anyone new may walk in by name and become a Bard, and a person Barkeep may hand the
    bar to someone else (``WalkIn``, ``HandBar``). New tales set it; a save made before it
    replays without them."""


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

    ``verify`` or deny with ``reason`` (a :class:`DenyReason`; anything else is
    refused); on a verified play the Barkeep also says whether its card becomes a
    Loose End and which claimed Loose Ends are tied off. At the table the vote is
    all that counts.
    """

    seat: Seat
    verify: bool
    reason: str = ""
    loose_end: bool = False
    tied: tuple[int, ...] = ()


@frozen
class RuleInterruption:
    """The Barkeep's ruling (or a Bard's vote at the table) on the next interruption.

    ``verify``: it stands. Otherwise it is denied: as not mentioned in the play, or,
    with ``too_late``, as too late (the element was in the play, but another
    interruption of it already stands). At the table a vote of ``verify`` or
    ``too_late`` says the element was in the play.
    """

    seat: Seat
    verify: bool
    too_late: bool = False


@frozen
class Begin:
    """The Barkeep names the Bard on a bench who begins the tale."""

    seat: Seat
    bard: Seat


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


@frozen
class SendUnder:
    """The Barkeep's call (or a Bard's vote at the table) on a Bard found asleep three
    turns or more in a row: ``send`` them Under The Table, or let them stay."""

    seat: Seat
    send: bool


@frozen
class WalkIn:
    """Someone new walks in: the seater (``benches.seater``) seats them, by the ``name``
    they give, on a free ``bench``, as a Bard of a seat of their own (between turns)."""

    seat: Seat
    name: str
    bench: int


@frozen
class HandBar:
    """The person Barkeep hands the bar to someone else, by ``name``: a seat of their own,
    who keeps the bar from then on (between turns)."""

    seat: Seat
    name: str


ACTION_TYPES = (
    Begin,
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
    SendUnder,
    WalkIn,
    HandBar,
)

Action = (
    Begin
    | Play
    | PassTurn
    | Interrupt
    | Rule
    | RuleInterruption
    | Closing
    | SeatBard
    | Leave
    | Sleep
    | Restock
    | SendUnder
    | WalkIn
    | HandBar
)
"""Every Lantern action (``ACTION_TYPES``, as one type)."""

# --- state ----------------------------------------------------------------------------------


class Phase(StrEnum):
    """Where the tale is; the prompt's kind is the phase's name."""

    OPENING = "opening"
    """The Barkeep chooses the Bard who begins the tale."""
    TURN = "turn"
    """The Bard on turn plays or passes (Bards may come and go)."""
    WINDOW = "window"
    """After a play: the other Bards may interrupt."""
    RULING = "ruling"
    """The Barkeep (or the table) rules on the play."""
    INTERRUPTIONS = "interruptions"
    """Then on each interruption in turn."""
    DRY = "dry"
    """The deck cannot deal what is owed: restock, or end the tale."""
    CLOSING = "closing"
    """The winner writes the closing passage."""
    SLEEPER = "sleeper"
    """A Bard asleep three turns in a row: the Barkeep (or the table) says whether they go
    Under The Table."""
    SUSPENDED = "suspended"
    """Fewer than two Bards on the benches: seat someone, or close the tale."""
    OVER = "over"


BETWEEN_TURNS = frozenset({Phase.TURN, Phase.SUSPENDED})
"""When Bards may come and go (and the Barkeep may find the Bard on turn asleep)."""


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
    loose_end_votes: tuple[Seat, ...] = ()
    """At a table that judges the parts of a play: who voted its card a Loose End."""
    tie_votes: tuple[tuple[Seat, int], ...] = ()
    """... and each claimed Loose End each voter said it tied off."""


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
    """Each Bard's bench, or None when away. This and every tuple by seat (``hands``,
    ``ale``, ``asleep``, ``under_table``) covers every Bard's seat; a Barkeep's seat among
    them holds empty values (no hand, no bench)."""
    table: tuple[int, ...] = ()
    """Loose Ends, face up."""
    burned: tuple[int, ...] = ()
    ale: tuple[int, ...] = ()
    asleep: tuple[int, ...] = ()
    """Turns in a row each Bard has slept through."""
    under_table: tuple[bool, ...] = ()
    on_turn: Seat | None = None
    phase: Phase = Phase.TURN
    attempt: Attempt | None = None
    owed: tuple[tuple[Seat, int], ...] = ()
    """Cards still owed while the deck is dry: (Bard, how many)."""
    after_dry: Phase = Phase.TURN
    tale: tuple[Passage, ...] = ()
    last_success: Seat | None = None
    begun: bool = False
    """A first Bard has been named (until then the tale has not begun)."""
    last_play: Attempt | None = None
    """The last play, ruled, still open to interruptions until the next play begins
    (``LanternConfig.late_interruptions``)."""
    sleeper: Seat | None = None
    """The Bard asleep three turns in a row whom the Barkeep (or the table) may send Under
    The Table now (``LanternConfig.called_under``)."""
    sleeper_votes: tuple[tuple[Seat, bool], ...] = ()
    """At a table without a Barkeep, the votes so far on sending ``sleeper`` away."""
    newcomers: tuple[Newcomer, ...] = ()
    """The seats added after setup, in the order they came (``WalkIn``, ``HandBar``): they
    follow the setup's seats (``tavern.names``)."""
    log: tuple[Event, ...] = ()
    result: Outcome | None = None
    asked: list[Prompt | None] = asked_field()
    read: list[LogReading] = reading_field()
