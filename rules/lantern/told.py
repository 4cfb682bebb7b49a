"""Ye Olde Rusty Lantern's events as data: the facts each kind carries, and its words
(``story.toml`` beside this module, checked when loaded).

Seats are ``Who`` (a Bard, or the Barkeep's seat when a person keeps the bar) and
``Whos``; story elements are words; a passage a Bard wrote is a word too, told as
they wrote it. A card that was not named is the empty word.
"""

from __future__ import annotations

from rules.lantern.state import EventKind
from rules.story import Told, beside, load_told

RULING = ("interrupter", "teller", "card", "ruled_by")
"""What a ruling on an interruption is about: who interrupted whose play, naming which
element, and who ruled (the Barkeep, or the Bards who voted)."""

FACTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.OPENED: ("benches", "seated"),
    EventKind.READY: ("barkeep",),
    EventKind.BEGINS: ("first", "chosen_by"),
    EventKind.PLAY: ("bard", "words", "card", "passage"),
    EventKind.INTERRUPTION: ("interrupter", "teller", "card"),
    EventKind.VOTE: ("voter", "teller", "vote"),
    EventKind.VERIFIED: ("bard", "card", "ruled_by"),
    EventKind.LOOSE_END: ("bard", "card"),
    EventKind.TIED_OFF: ("bard", "tied", "ale"),
    EventKind.DENIED: ("bard", "card", "reason", "ruled_by"),
    EventKind.INTERRUPTION_STANDS: RULING,
    EventKind.NOT_MENTIONED: RULING,
    EventKind.TOO_LATE: RULING,
    EventKind.PASS: ("bard",),
    EventKind.BURN: ("bard", "card"),
    EventKind.DEALT: ("bard", "cards"),
    EventKind.DRY: (),
    EventKind.RESTOCKED: ("added",),
    EventKind.ENDED_DRY: (),
    EventKind.JOINED: ("bard", "bench"),
    EventKind.LEFT: ("bard",),
    EventKind.SUSPENDED: (),
    EventKind.RESUMED: ("bard",),
    EventKind.CLOSED_UNFINISHED: (),
    EventKind.ASLEEP: ("bard", "sleeps"),
    EventKind.UNDER_TABLE: ("bard",),
    EventKind.STAYS: ("bard", "ruled_by"),
    EventKind.WON: ("bard",),
    EventKind.CLOSING: ("winner", "passage"),
    EventKind.WALKED_IN: ("bard", "bench"),
    EventKind.BAR_HANDED: ("old", "barkeep"),
}
"""The facts every kind of Lantern event carries. Seats: ``bard``, ``teller`` (whose play
it is), ``interrupter``, ``voter``, ``winner``, ``first``, ``barkeep`` and ``old`` (the Barkeep who
handed the bar over) are ``Who``;
``seated``, ``ruled_by`` (the Barkeep, or the Bards who voted) and ``chosen_by`` (the
Barkeep who named the first Bard; nobody when the lot did) are ``Whos``. Words:
``card`` (an element; '' when none was named), ``cards`` and ``tied`` (elements),
``passage`` (what a Bard wrote), ``reason`` (why a play was denied), ``vote`` ("verify"
or "deny"; at a table that judges a play's parts, "verify" says what of it the voter
holds: "verify (a monk a Loose End; ties off a raven)"). Numbers: ``benches``,
``bench`` (as told, from 1), ``words``, ``ale``, ``added`` (new elements), ``sleeps``
(turns asleep in a row)."""

NO_CARD = "no_card"
"""The play's line when the Bard named no card (an empty hand)."""
BY_LOT = "by_lot"
"""Who begins, when the lot names them (a table without a Barkeep)."""

PHRASES = ("turn", "deck_now", "cards_held", "sitting", "loose_ends", "kept_open", "restocker")
"""The caption phrases that weigh the public view (``rules/lantern/event_captions.py``)."""

TOLD: Told[EventKind] = load_told(beside(__file__, "story.toml"), EventKind, FACTS, PHRASES)
