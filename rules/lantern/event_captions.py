"""The Lantern's event captions that weigh the PUBLIC view (never a story element a hand
may still hold), and the phrases its caption templates name (``story.toml``).

Who and what an event is about are its facts (``rules/lantern/told.py``): a caption
reads them, never the line's text. A caption that only places facts is a template in
``story.toml``; the functions here choose between shapes or count what the table shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

from rules.engine import Event
from rules.lantern.public_words import (
    ORDINALS,
    by_table,
    card_count,
    holds,
    loose_ends,
    seat_name,
    sitting,
    turn_name,
)
from rules.lantern.state import EventKind
from rules.story import Phrase
from rules.wording import plural

if TYPE_CHECKING:
    from rules.lantern.view import LanternView


# --- events: the tavern and its benches --------------------------------------------------


def _opened(event: Event, view: LanternView) -> str:
    seated = event.whos("seated")
    hand = f" of {card_count(view.bard(seated[0]).cards)}" if seated else ""
    return (
        f"The Barkeep sets out {event.number('benches')} benches and deals each seated Bard a "
        f"hand{hand} in secret: the table only ever sees how many cards each holds. A tale "
        "needs at least two Bards on the benches to go on."
    )


def _begins(event: Event, view: LanternView) -> str:
    who = seat_name(view, event.who("first"))
    chosen_by = event.whos("chosen_by")
    how = (
        f"{seat_name(view, chosen_by[0])}, the Barkeep, picks which seated Bard tells the "
        "first passage."
        if chosen_by
        else "With no Barkeep, the lot picks the first Bard, every seated Bard equally likely."
    )
    return (
        f"{how} {who} now plays a passage or passes. A verified play keeps the turn; a pass "
        "or a denied play sends it clockwise round the benches."
    )


def _asleep(event: Event, view: LanternView) -> str:
    who = seat_name(view, event.who("bard"))
    sleeps = event.number("sleeps")
    times = f" (the {ORDINALS[sleeps - 1]} time in a row)" if 0 < sleeps <= len(ORDINALS) else ""
    return (
        f"{who} let the turn run out without a play{times}. Sleeping counts as a pass: "
        "one card, and the turn moves clockwise. Three sleeps in a row and the Barkeep may "
        "send a Bard Under The Table."
    )


# --- events: plays and rulings -------------------------------------------------------------


def _play(event: Event, view: LanternView) -> str:
    bard = event.who("bard")
    who = seat_name(view, bard)
    words = event.number("words")
    low, high = view.words
    length = (
        f"within the {low}-{high} word guideline"
        if low <= words <= high
        else f"outside the {low}-{high} word guideline, so it may be denied for its length"
    )
    if event.word("card"):
        what = f"{who}'s passage ({length}) must bring the named card's element into the tale."
    elif view.bard(bard).cards:
        what = f"{who} names no card though holding some: a play that names none can be denied."
    else:
        what = f"{who} has no card to name, so the play counts only if it ties off a Loose End."
    return (
        f"{what} Nothing is decided yet: first the other Bards may interrupt, if it happened to "
        "mention an element on a card of theirs."
    )


def _vote(event: Event, view: LanternView) -> str:
    who = seat_name(view, event.who("voter"))
    vote = event.word("vote")
    side = "for" if vote.startswith("verify") else "against"
    parts = (
        " Each also says whether its card becomes a Loose End and which of the Loose Ends it "
        "claims it tied off: each of those needs more than half of the votes too."
        if vote.startswith("verify (")
        else ""
    )
    return (
        f"{who} votes {side} the play. With no Barkeep, the Bards other than the teller vote "
        "on every play: once all have voted, it is verified only if more than half voted for "
        f"it.{parts}"
    )


def _verified(event: Event, view: LanternView) -> str:
    bard = event.who("bard")
    who = seat_name(view, bard)
    judge = (
        "More than half the other Bards voted for it"
        if by_table(view)
        else f"{seat_name(view, event.whos('ruled_by')[0])}, the Barkeep, accepted it"
    )
    card = " Its card is burned unless it stays out as a Loose End." if event.word("card") else ""
    return (
        f"{judge}, so {who}'s passage is now part of the tale and {who} keeps the turn.{card} "
        f"{holds(view, bard)}; with none, no Loose Ends and this the last verified play, "
        "they win."
    )


def _tied_off(event: Event, view: LanternView) -> str:
    bard = event.who("bard")
    who = seat_name(view, bard)
    count = len(event.words("tied"))
    ends = "that Loose End" if count == 1 else f"those {count} Loose Ends"
    return (
        f"{who}'s passage resolved {ends}, so they leave the table, burned, and {who} earns "
        f"one Ale for each ({view.bard(bard).ale} in all). Now {loose_ends(view)}: every one "
        "must be tied off before anyone can win."
    )


# --- events: the end -----------------------------------------------------------------------


def _closing(event: Event, view: LanternView) -> str:
    who = seat_name(view, event.who("winner"))
    ale = ", ".join(f"{b.name} {b.ale}" for b in view.bards if b.ale)
    cheers = f" Ale earned: {ale}." if ale else ""
    return (
        f"{who} won, and a winner may finish the story as they please. The tale is over, "
        f"{plural(len(view.tale), 'passage')} long, ready to read through or export.{cheers}"
    )


EVENT_CAPTIONS: Mapping[StrEnum, Callable[[Event, LanternView], str]] = {
    EventKind.OPENED: _opened,
    EventKind.BEGINS: _begins,
    EventKind.ASLEEP: _asleep,
    EventKind.PLAY: _play,
    EventKind.VOTE: _vote,
    EventKind.VERIFIED: _verified,
    EventKind.TIED_OFF: _tied_off,
    EventKind.CLOSING: _closing,
}
"""The captions that choose between shapes or weigh the view; every other kind's caption
is its template in ``story.toml``."""


# --- phrases: what the caption templates say of the public view --------------------------


def _turn(event: Event, view: LanternView) -> str:
    """Whose turn it is now ("nobody" when nobody's)."""
    return turn_name(view)


def _deck_now(event: Event, view: LanternView) -> str:
    """How many cards the deck holds now ("12 cards")."""
    return card_count(view.deck)


def _cards_held(event: Event, view: LanternView) -> str:
    """How many cards the event's Bard holds now ("7 cards")."""
    return card_count(view.bard(event.who("bard")).cards)


def _sitting(event: Event, view: LanternView) -> str:
    """How many Bards sit on the benches ("only 1 Bard sits")."""
    return sitting(view)


def _loose_ends(event: Event, view: LanternView) -> str:
    """How many Loose Ends lie on the table ("1 Loose End lies on the table")."""
    return loose_ends(view)


def _kept_open(event: Event, view: LanternView) -> str:
    """Who left a verified play's card open as a Loose End: the Barkeep, or (at a table
    without one) the teller's own suggestion."""
    if by_table(view):
        return "the teller asked for it to stay open"
    return f"{view.barkeep_name}, the Barkeep, left it open"


def _restocker(event: Event, view: LanternView) -> str:
    """Who must restock a dry deck or end the tale."""
    return "The first seated Bard" if by_table(view) else view.barkeep_name


PHRASES: Mapping[str, Phrase] = {
    "turn": _turn,
    "deck_now": _deck_now,
    "cards_held": _cards_held,
    "sitting": _sitting,
    "loose_ends": _loose_ends,
    "kept_open": _kept_open,
    "restocker": _restocker,
}
"""The phrases the caption templates of ``story.toml`` may name (``told.PHRASES``)."""
