"""Persuasion's events as data: the facts each kind carries, and its words
(``story.toml`` beside this module, checked when loaded).

A seat an event is about is a ``Who``; a seat that may be nobody (the discards
instead of a player: a ring sent there, a card that came from there, a single
player's missing partner) is a ``Whos`` of one seat or none (``maybe``, read back
with ``one_of``). A card is named by its title only when the seats the event is
told to may know it.
"""

from __future__ import annotations

from rules.engine import Event, Seat, Whos
from rules.persuasion.state import EventKind
from rules.story import Told, beside, load_told

FACE = ("card", "symbols", "action")
"""A card as its face tells it: the title, its symbols and its action's words."""

FACTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.SEASON_OPENS: ("everyone", "hostex"),
    EventKind.INTRODUCTIONS: (),
    EventKind.INTRODUCTION: ("player", *FACE),
    EventKind.DIARY: ("desired", "despised"),
    EventKind.MAILING_BEGINS: ("round",),
    EventKind.MAIL_CHOSEN: ("sender",),
    EventKind.SEAL_SENT: ("sender", "recipient"),
    EventKind.SEAL_CARD: ("sender", *FACE),
    EventKind.RING_SENT: ("sender", "recipient"),
    EventKind.ENGAGEMENT: ("pair",),
    EventKind.HOSTEX_PASSES: ("hostex",),
    EventKind.PASS: ("player",),
    EventKind.FORCED_DISCARD: ("player", "owner"),
    EventKind.USE_PEEK_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_PEEK_BYSTANDER: ("user", "author", "card", "does", "bystander"),
    EventKind.USE_SHOW_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_FLIP_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_TAKE_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_GIVE_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_DISCARD_AUTHOR: ("user", "author", "card", "does"),
    EventKind.USE_DISCARD_BYSTANDER: ("user", "author", "card", "does", "bystander"),
    EventKind.USE_TAKE_DISCARD: ("user", "author", "card", "does"),
    EventKind.USE_SWAP_AUTHOR: ("user", "author", "card", "does"),
    EventKind.BYSTANDER_PEEKED: ("player", "bystander"),
    EventKind.CARD_FLIPPED: ("owner", *FACE),
    EventKind.CARD_TAKEN: ("taker", "owner"),
    EventKind.CARD_GIVEN: ("giver", "recipient"),
    EventKind.CARD_DISCARDED: ("player", "owner"),
    EventKind.DISCARD_TAKEN: ("taker",),
    EventKind.PEEKED: ("owner", *FACE),
    EventKind.SHOWN: ("owner", *FACE),
    EventKind.DISCARD_SEEN: ("owner", *FACE),
    EventKind.NEW_CARD: ("came_from", *FACE),
    EventKind.KNOWN_TO_ALL: ("owner", *FACE),
    EventKind.SEASON_ENDS: ("emptied",),
    EventKind.LAST_RINGS: ("singles",),
    EventKind.LAST_RING_CHOSEN: ("sender",),
    EventKind.LAST_RING_DELIVERED: ("sender", "recipient"),
    EventKind.LATE_ENGAGEMENT: ("pair",),
    EventKind.VERDICT: (
        "player",
        "partner",
        "desired",
        "despised",
        "desired_count",
        "despised_count",
    ),
}
"""The facts every kind of Persuasion event carries. The seats: ``player`` (who
acts), ``sender``/``recipient`` (mail and rings; a last ring's ``recipient`` is
nobody when it went to the discards), ``user``/``author`` (a card action: who uses
it, whose card it is), ``bystander``, ``owner`` (whose card; at ``known_to_all``
nobody for a card in the discards), ``taker``, ``giver``, ``came_from`` (a new
card's last owner, nobody for the discards), ``pair`` (the two engaged),
``everyone``, ``singles``, ``hostex``, ``emptied`` (the player out of cards who
ends the season, nobody when rings did), ``partner`` (nobody for a single player).
The card: ``card`` (its title; at a card action, the title while it lies face up,
none while face down), ``symbols``, ``action`` (its action in words, "take
author"), ``does`` (what a used action does: ``actions.DESCRIPTIONS``). Numbers:
``round``, ``desired_count``/``despised_count`` (the verdict's count of each symbol).
Words: ``desired``, ``despised`` (a diary's symbols)."""

PHRASES = ("token", "keeps", "holding_seal")
"""The caption phrases that weigh the public view (``rules/persuasion/captions.py``)."""

TOLD: Told[EventKind] = load_told(beside(__file__, "story.toml"), EventKind, FACTS, PHRASES)


def maybe(seat: Seat | None) -> Whos:
    """A seat fact that may be nobody: the seat, or no seat (None)."""
    return Whos(() if seat is None else (seat,))


def one_of(event: Event, name: str) -> Seat | None:
    """The seat of a ``maybe`` fact, or None when it is nobody."""
    seats = event.whos(name)
    return seats[0] if seats else None
