"""Persuasion's values: cards, diaries, config, actions, the table and a seat's view.

Cards are numbered by their place in the config's card list; a card's number
never leaves the rules for a seat that is not aware of it: views and actions
name cards by position (whose traits, which slot), not by number.
"""

from __future__ import annotations

from attrs import frozen

from rules.engine import Event, Outcome, Seat

WEALTH, STANDING, PASSION = "wealth", "standing", "passion"
SYMBOLS = (WEALTH, STANDING, PASSION)

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
ACTIONS = (
    PEEK_AUTHOR,
    PEEK_BYSTANDER,
    SHOW_AUTHOR,
    FLIP_AUTHOR,
    TAKE_AUTHOR,
    GIVE_AUTHOR,
    DISCARD_AUTHOR,
    DISCARD_BYSTANDER,
    TAKE_DISCARD,
    SWAP_AUTHOR,
)


@frozen
class TraitCard:
    """A trait card: its symbols, the action others may use from it, and its words."""

    title: str
    flavour: str
    symbols: tuple[str, ...]
    action: str


@frozen
class Diary:
    """What a player desires and despises."""

    desired: str
    despised: str


DIARIES = (
    (Diary(WEALTH, PASSION),) * 2
    + (Diary(WEALTH, STANDING),) * 2
    + (Diary(STANDING, PASSION),) * 2
    + (Diary(STANDING, WEALTH),) * 2
    + (Diary(PASSION, WEALTH),)
    + (Diary(PASSION, STANDING),)
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

INTRO, MAIL, RECEPTION, FINAL, OVER = "intro", "mail", "reception", "final", "over"


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
    phase: str = INTRO
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
    """Resolution: where each single player sent their ring (to -1: the discards)."""
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
    phase: str
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
