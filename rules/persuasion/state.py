"""Persuasion's values: cards, diaries, config, actions, the table and a seat's view.

Cards are numbered by their place in the config's card list; a card's number
never leaves the rules for a seat that is not aware of it: views and actions
name cards by position (whose traits, which slot), not by number.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from rules.choices import Pick
from rules.engine import Event, LogReading, Outcome, Prompt, Seat, asked_field, reading_field


class Symbol(StrEnum):
    """What trait cards carry, and diaries desire or despise."""

    WEALTH = "wealth"
    STANDING = "standing"
    PASSION = "passion"


class CardAction(StrEnum):
    """The action a trait card lets others use (see ``actions.DESCRIPTIONS``)."""

    PEEK_AUTHOR = "peek_author"
    PEEK_BYSTANDER = "peek_bystander"
    SHOW_AUTHOR = "show_author"
    FLIP_AUTHOR = "flip_author"
    TAKE_AUTHOR = "take_author"
    GIVE_AUTHOR = "give_author"
    DISCARD_AUTHOR = "discard_author"
    DISCARD_BYSTANDER = "discard_bystander"
    TAKE_DISCARD = "take_discard"
    SWAP_AUTHOR = "swap_author"


class EventKind(StrEnum):
    """What moment of the season an event of the log records: the key of its facts and
    words (``told.py``, ``story.toml``) and of its teaching caption
    (``rules.persuasion.captions``). One kind per moment the rules make, not one per
    wording; the private ones are notes for their seat alone."""

    # the season opens
    SEASON_OPENS = "season_opens"
    """The players, the mode, and who holds the hostex marker."""
    INTRODUCTIONS = "introductions"
    """Before round 1: everyone is to flip a card up and discard another."""
    INTRODUCTION = "introduction"
    """One player flips a card up and discards another."""
    DIARY = "diary"
    """Private: the seat's diary (desired and despised symbols)."""
    # the mailing
    MAILING_BEGINS = "mailing_begins"
    """A round begins (seals and rings home after the first): the secret mailing."""
    MAIL_CHOSEN = "mail_chosen"
    """A player has chosen what to mail (not what, nor to whom)."""
    SEAL_SENT = "seal_sent"
    """Delivered: a seal with a card to peek at."""
    SEAL_CARD = "seal_card"
    """Private: the card that came with a seal, peeked at and stamped."""
    RING_SENT = "ring_sent"
    """Delivered: a ring, a proposal."""
    ENGAGEMENT = "engagement"
    """Two players sent each other their rings in the same mailing."""
    # the reception
    HOSTEX_PASSES = "hostex_passes"
    """The hostex marker passes to the first player holding nothing."""
    PASS = "pass"
    """A player holding a seal or ring uses no card."""
    FORCED_DISCARD = "forced_discard"
    """A player holding nothing discards one of anyone's cards."""
    USE_PEEK_AUTHOR = "use_peek_author"
    """A card action: peek at one of the author's cards."""
    USE_PEEK_BYSTANDER = "use_peek_bystander"
    """A card action: peek at one of a bystander's cards."""
    USE_SHOW_AUTHOR = "use_show_author"
    """A card action: show one of your cards to the author."""
    USE_FLIP_AUTHOR = "use_flip_author"
    """A card action: flip up one of the author's cards."""
    USE_TAKE_AUTHOR = "use_take_author"
    """A card action: take one of the author's cards."""
    USE_GIVE_AUTHOR = "use_give_author"
    """A card action: give one of your cards to the author."""
    USE_DISCARD_AUTHOR = "use_discard_author"
    """A card action: discard one of the author's cards."""
    USE_DISCARD_BYSTANDER = "use_discard_bystander"
    """A card action: discard one of a bystander's cards."""
    USE_TAKE_DISCARD = "use_take_discard"
    """A card action: take a card from the discards."""
    USE_SWAP_AUTHOR = "use_swap_author"
    """A card action: swap one of your cards with one of the author's."""
    BYSTANDER_PEEKED = "bystander_peeked"
    """Whose cards a bystander peek reached."""
    CARD_FLIPPED = "card_flipped"
    """The card a flip action turned face up."""
    CARD_TAKEN = "card_taken"
    """A card taken from its owner (a take, or half a swap)."""
    CARD_GIVEN = "card_given"
    """A card given to the author (a give, or half a swap)."""
    CARD_DISCARDED = "card_discarded"
    """A card an action discarded, from the author or a bystander."""
    DISCARD_TAKEN = "discard_taken"
    """A card taken from the discards."""
    PEEKED = "peeked"
    """Private: the card a peek showed."""
    SHOWN = "shown"
    """Private: the card its owner showed the seat."""
    DISCARD_SEEN = "discard_seen"
    """Private: the card the seat discarded (stamped first)."""
    NEW_CARD = "new_card"
    """Private: a card that has just become the seat's (taken, given, from the discards)."""
    KNOWN_TO_ALL = "known_to_all"
    """A card stamped by everyone but its owner flips face up."""
    # the end
    SEASON_ENDS = "season_ends"
    """Rings were exchanged, or a player has no cards left: the season ends."""
    LAST_RINGS = "last_rings"
    """The single players are to send their rings at the same time."""
    LAST_RING_CHOSEN = "last_ring_chosen"
    """A single player has chosen where their last ring goes (not where)."""
    LAST_RING_DELIVERED = "last_ring_delivered"
    """Where a last ring went: a player, or the discards."""
    LATE_ENGAGEMENT = "late_engagement"
    """Two last rings met: a match at the resolution."""
    VERDICT = "verdict"
    """One player's diary, what they are judged on, and whether they win."""


USE_KINDS = {
    CardAction.PEEK_AUTHOR: EventKind.USE_PEEK_AUTHOR,
    CardAction.PEEK_BYSTANDER: EventKind.USE_PEEK_BYSTANDER,
    CardAction.SHOW_AUTHOR: EventKind.USE_SHOW_AUTHOR,
    CardAction.FLIP_AUTHOR: EventKind.USE_FLIP_AUTHOR,
    CardAction.TAKE_AUTHOR: EventKind.USE_TAKE_AUTHOR,
    CardAction.GIVE_AUTHOR: EventKind.USE_GIVE_AUTHOR,
    CardAction.DISCARD_AUTHOR: EventKind.USE_DISCARD_AUTHOR,
    CardAction.DISCARD_BYSTANDER: EventKind.USE_DISCARD_BYSTANDER,
    CardAction.TAKE_DISCARD: EventKind.USE_TAKE_DISCARD,
    CardAction.SWAP_AUTHOR: EventKind.USE_SWAP_AUTHOR,
}
"""The kind of the event that says a card's action is used."""


class Phase(StrEnum):
    """Where the season is; the prompt's kind is the phase's name."""

    INTRO = "intro"
    MAIL = "mail"
    RECEPTION = "reception"
    FINAL = "final"
    OVER = "over"


@frozen
class TraitCard:
    """A trait card: its symbols, the action others may use from it, and its words."""

    title: str
    flavour: str
    symbols: tuple[Symbol, ...]
    action: CardAction


@frozen
class Diary:
    """What a player desires and despises."""

    desired: Symbol
    despised: Symbol


DIARIES = (
    (Diary(Symbol.WEALTH, Symbol.PASSION),) * 2
    + (Diary(Symbol.WEALTH, Symbol.STANDING),) * 2
    + (Diary(Symbol.STANDING, Symbol.PASSION),) * 2
    + (Diary(Symbol.STANDING, Symbol.WEALTH),) * 2
    + (Diary(Symbol.PASSION, Symbol.WEALTH),)
    + (Diary(Symbol.PASSION, Symbol.STANDING),)
)
"""The ten diary cards."""


@frozen
class PersuasionConfig:
    """A table's setup: names (clockwise, seat 0 the most polite), cards, the mode."""

    names: tuple[str, ...]
    cards: tuple[TraitCard, ...]
    evening_ball: bool = False
    hand: int = 6


# --- actions ---------------------------------------------------------------------


@frozen
class Introduce:
    """Before the first round: flip one of your cards up and discard another (by slot)."""

    seat: Seat
    flip: int
    discard: int


@frozen
class Send:
    """Mailing: your seal with one of your face-down cards (slot), or your ring (card None)."""

    seat: Seat
    to: Seat
    card: int | None = None


@frozen
class UseCard:
    """Reception: use the action of a card of a seal or ring owner you hold.

    ``owner``/``slot`` name the card whose action is used; the targets that the
    action needs: ``player``/``target`` (a card of the author or of a
    bystander), ``mine`` (one of your own cards), ``discard`` (a slot of the
    discards).
    """

    seat: Seat
    owner: Seat
    slot: int
    player: Seat | None = None
    target: int | None = None
    mine: int | None = None
    discard: int | None = None


@frozen
class ForcedDiscard:
    """Reception, holding nothing: discard one of anyone's cards (yours too)."""

    seat: Seat
    player: Seat
    target: int


@frozen
class Pass:
    """Reception: use no action this turn."""

    seat: Seat


@frozen
class FinalRing:
    """Resolution: deliver your ring to a player, or (to None) to the discards."""

    seat: Seat
    to: Seat | None = None


ACTION_TYPES = (Introduce, Send, UseCard, ForcedDiscard, Pass, FinalRing)

Action = Introduce | Send | UseCard | ForcedDiscard | Pass | FinalRing
"""Every Persuasion action (``ACTION_TYPES``, as one type)."""

# --- state ----------------------------------------------------------------------------

TO_DISCARDS = -1
"""Where a last ring sent to the discards goes, in ``PersuasionState.final``."""


@frozen
class Delivery:
    """What one player mailed: to whom, and which card (None: the ring)."""

    to: Seat
    card: int | None


@frozen
class PersuasionState:
    """The whole table. Only ``view`` shows parts of it to a seat."""

    config: PersuasionConfig
    diaries: tuple[Diary, ...]
    traits: tuple[tuple[int, ...], ...]
    """Each player's cards (card numbers), in slot order."""
    discards: tuple[int, ...]
    box: tuple[int, ...]
    """Cards not dealt: back in the box, out of the game."""
    faceup: tuple[bool, ...]
    """Per card number."""
    stamps: tuple[tuple[Seat, ...], ...]
    """Per card number: who has stamped it (sorted)."""
    hostex: Seat
    round: int = 1
    phase: Phase = Phase.INTRO
    introduced: tuple[Seat, ...] = ()
    mail: tuple[Delivery | None, ...] = ()
    """Mailing choices this round (hidden until everyone has chosen)."""
    held: tuple[tuple[Seat, ...], ...] = ()
    """Reception: per player, whose seals and rings they hold (owners)."""
    exchanged: tuple[tuple[Seat, Seat], ...] = ()
    """Pairs who exchanged rings."""
    proposals: tuple[tuple[int, Seat, Seat], ...] = ()
    """Every ring sent in a mailing: (round, from, to); public once delivered."""
    turns: tuple[Seat, ...] = ()
    """Reception: who still takes a turn, in order."""
    final: tuple[Delivery | None, ...] = ()
    """Resolution: where each single player sent their ring (``TO_DISCARDS``: the discards)."""
    log: tuple[Event, ...] = ()
    result: Outcome | None = None
    asked: list[Prompt | None] = asked_field()
    read: list[LogReading] = reading_field()


# --- views ------------------------------------------------------------------------------


@frozen
class CardSight:
    """A card as one seat sees it: known (with its face) or not (None fields)."""

    slot: int
    card: TraitCard | None
    faceup: bool
    stamped: bool
    """Whether this seat has stamped it (and may look at it again)."""
    stampers: tuple[Seat, ...] = ()
    """Whose stamps are in its sleeve (public, like the tokens on the table)."""


@frozen
class PlayerSight:
    """A player as one seat sees them."""

    name: str
    cards: tuple[CardSight, ...]
    holds: tuple[Seat, ...]
    """Whose seals and rings this player holds now."""
    mailed: bool
    """Has chosen what to mail this round (not what)."""


@frozen
class PersuasionView:
    """One seat's view (``seat=None``: the public table)."""

    seat: Seat | None
    round: int
    phase: Phase
    evening_ball: bool
    hostex: Seat
    players: tuple[PlayerSight, ...]
    discards: tuple[CardSight, ...]
    exchanged: tuple[tuple[Seat, Seat], ...]
    deliveries: tuple[tuple[Seat, Seat, bool], ...]
    """This round's mail once everyone has chosen: (from, to, ring?)."""
    proposals: tuple[tuple[int, Seat, Seat], ...]
    """Every ring delivered so far: (round, from, to)."""
    turn: Seat | None
    log: tuple[str, ...]
    outcome: Outcome | None
    diary: Diary | None = None
    sent: Delivery | None = None
    """What this seat mailed this round."""
    diaries: tuple[Diary, ...] = ()
    """Every diary: only once the game is over."""
    choices: Pick[Action | int] | None = None
    """What this seat may decide now: the cards to flip and discard, whom to mail
    what, the card actions and their targets (or a forced discard), where the last
    ring goes. Each option is open, or closed with the rules' own reason; an option
    leading to a further question stands for a seat or a card's place (an ``int``)."""
    notes: tuple[str, ...] = ()
    """The private events addressed to this seat: its diary, the cards it saw."""
    reveal: PersuasionReveal | None = None
    """Every secret, once the season is over (the public view only)."""


@frozen
class PersuasionReveal:
    """Every secret of a finished season: diaries, every player's cards, the discards."""

    diaries: tuple[Diary, ...]
    traits: tuple[tuple[TraitCard, ...], ...]
    """Each player's cards, in slot order."""
    discards: tuple[TraitCard, ...]
