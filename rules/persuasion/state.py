"""Persuasion's values: cards, diaries, config, actions, the table and a seat's view.

Cards are numbered by their place in the config's card list; a card's number
never leaves the rules for a seat that is not aware of it: views and actions
name cards by position (whose traits, which slot), not by number.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from attrs import frozen

from rules.choices import Pick
from rules.engine import Event, Outcome, Seat


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
    choices: Pick[Any] | None = None
    """What this seat may decide now: the cards to flip and discard, whom to mail
    what, the card actions and their targets (or a forced discard), where the last
    ring goes. Each option is open, or closed with the rules' own reason."""
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
