"""The Lantern's event captions: one per ``EventKind``, saying which rule made the line
and what it means, from the line's own text and the PUBLIC view only (never a story
element a hand may still hold)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

from rules.engine import Event
from rules.lantern.caption_reading import (
    ORDINALS,
    SOMEONE,
    by_table,
    card_count,
    holds,
    lead,
    loose_ends,
    named_in,
    number_in,
    plural,
    sight,
    sitting,
    turn_name,
)
from rules.lantern.state import EventKind
from rules.teaching import fixed

if TYPE_CHECKING:
    from rules.lantern.view import LanternView


def _about_who(text: str) -> Callable[[Event, LanternView], str]:
    """A caption that names the Bard the event is about (``{who}``) and the Bard whose
    turn it is now (``{turn}``); the rest of its words are the same every time."""

    def caption(event: Event, view: LanternView) -> str:
        return text.format(who=lead(event, view), turn=turn_name(view))

    return caption


# --- events: the tavern and its benches --------------------------------------------------


def _opened(event: Event, view: LanternView) -> str:
    seated = [b for b in view.bards if b.bench is not None]
    hand = f" of {card_count(seated[0].cards)}" if seated else ""
    return (
        f"The Barkeep sets out {view.benches} benches and deals each seated Bard a hand{hand} "
        "in secret: the table only ever sees how many cards each holds. A tale needs at least "
        "two Bards on the benches to go on."
    )


def _ready(event: Event, view: LanternView) -> str:
    return (
        "Two Bards now sit, so the tale can start. Before any passage is told, "
        f"{view.barkeep_name} names the Bard who begins; until then nobody joins or leaves."
    )


def _begins(event: Event, view: LanternView) -> str:
    who = (
        named_in(event, view, " {} ")
        if "By lot" in event.text
        else named_in(event, view, " {} to ")
    )
    how = (
        "With no Barkeep, the lot picks the first Bard, every seated Bard equally likely."
        if event.text.startswith("By lot")
        else f"{view.barkeep_name}, the Barkeep, picks which seated Bard tells the first passage."
    )
    return (
        f"{how} {who} now plays a passage or passes. A verified play keeps the turn; a pass "
        "or a denied play sends it clockwise round the benches."
    )


def _joined(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    seen = sight(view, who)
    hand = "" if seen is None else f" ({card_count(seen.cards)})"
    return (
        f"Bards may join between turns while a bench is free, and the Barkeep chooses the "
        f"bench. {who} is dealt a starting hand{hand} in secret and takes turns in bench order."
    )


def _left(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    return (
        f"Any Bard may leave between turns. {who}'s cards go back into the deck (now "
        f"{card_count(view.deck)}) and their bench is free; had it been their turn, it passes "
        "clockwise as if they had passed."
    )


def _suspended(event: Event, view: LanternView) -> str:
    return (
        f"A tale needs at least two Bards on the benches, and {sitting(view)} now, so it is "
        "suspended: no card may be played until a Bard is seated. Bards may still come and "
        "go meanwhile."
    )


def _resumed(event: Event, view: LanternView) -> str:
    who = named_in(event, view, "it is {}'s turn")
    return (
        f"Two Bards sit again, so the suspended tale picks up where it stopped, with nothing "
        f"lost: it is {who}'s turn to play or pass."
    )


def _asleep(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    seen = sight(view, who)
    times = ""
    if seen is not None and 0 < seen.asleep <= len(ORDINALS):
        times = f" (the {ORDINALS[seen.asleep - 1]} time in a row)"
    return (
        f"{who} let the turn run out without a play{times}. Sleeping counts as a pass: "
        "one card, and the turn moves clockwise. Three sleeps in a row and the Barkeep may "
        "send a Bard Under The Table."
    )


def _closed_unfinished(event: Event, view: LanternView) -> str:
    return (
        "The tale was suspended for want of Bards and has been closed instead of waiting. "
        "Nobody wins: winning needs an empty hand and the last verified passage, and "
        "nobody got there."
    )


# --- events: plays and rulings -------------------------------------------------------------


def _play(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    words = number_in(event, r"\((\d+) words")
    low, high = view.words
    fits = words is not None and low <= words <= high
    length = (
        f"within the {low}-{high} word guideline"
        if fits
        else f"outside the {low}-{high} word guideline, so it may be denied for its length"
    )
    if ", naming " in event.text:
        what = f"{who}'s passage ({length}) must bring the named card's element into the tale."
    else:
        seen = sight(view, who)
        held = seen is not None and seen.cards > 0
        what = (
            f"{who} names no card though holding some: a play that names none can be denied."
            if held
            else f"{who} has no card to name, so the play counts only if it ties off a Loose End."
        )
    return (
        f"{what} Nothing is decided yet: first the other Bards may interrupt, if it happened to "
        "mention an element on a card of theirs."
    )


def _interruption(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    teller = SOMEONE if view.attempt is None else view.bards[view.attempt.bard].name
    return (
        f"{who} claims {teller}'s passage mentioned an element on a card of their own. The play "
        f"is ruled first; then, if the claim holds, the tale jumps to {who}. If the element was "
        "not in it, they lose the card and take two."
    )


def _vote(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    side = "for" if "to verify" in event.text else "against"
    return (
        f"{who} votes {side} the play. With no Barkeep, the Bards other than the teller vote "
        "on every play: once all have voted, it is verified only if more than half voted for it."
    )


def _verified(event: Event, view: LanternView) -> str:
    who = named_in(event, view, " {}'s passage")
    judge = (
        "More than half the other Bards voted for it"
        if by_table(view)
        else f"{view.barkeep_name}, the Barkeep, accepted it"
    )
    last = view.tale[-1] if view.tale else None
    named = last is None or last.card is not None
    card = " Its card is burned unless it stays out as a Loose End." if named else ""
    return (
        f"{judge}, so {who}'s passage is now part of the tale and {who} keeps the turn.{card} "
        f"{holds(view, who)}; with none, no Loose Ends and this the last verified play, "
        "they win."
    )


def _loose_end(event: Event, view: LanternView) -> str:
    who = (
        "the teller asked for it to stay open"
        if by_table(view)
        else f"{view.barkeep_name}, the Barkeep, left it open"
    )
    return (
        f"The play brought in an element it did not resolve, and {who}: the card lies face "
        f"up instead of burning. Now {loose_ends(view)}. Nobody wins while one does; tying "
        "one off earns an Ale."
    )


def _tied_off(event: Event, view: LanternView) -> str:
    who = named_in(event, view, ". {} earns")
    count = number_in(event, r"earns (\d+) Ale") or 1
    seen = sight(view, who)
    total = "" if seen is None else f" ({seen.ale} in all)"
    ends = "that Loose End" if count == 1 else f"those {count} Loose Ends"
    return (
        f"{who}'s passage resolved {ends}, so they leave the table, burned, and {who} earns "
        f"one Ale for each{total}. Now {loose_ends(view)}: every one must be tied off before "
        "anyone can win."
    )


def _denied(event: Event, view: LanternView) -> str:
    who = named_in(event, view, ". {} takes two cards")
    found = re.match(r"The play is denied: (.*)\. ", event.text)
    reason = "of the rules" if found is None else found.group(1)
    return (
        f"The play was denied because {reason}. A denied play still costs its card (burned), "
        f"{who} takes two more as the penalty and the turn passes clockwise, to {turn_name(view)}."
    )


def _stands(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    teller = named_in(event, view, ", {} takes a card")
    return (
        f"The element {who} named really was in {teller}'s passage, so the interruption stands: "
        f"{who}'s card is burned, {teller} takes a card for being cut off, and the turn jumps "
        f"to {who}. Only one interruption of a play can stand."
    )


# --- events: passing and the deck ----------------------------------------------------------


def _dry(event: Event, view: LanternView) -> str:
    who = "The first seated Bard" if by_table(view) else view.barkeep_name
    return (
        "The deck cannot deal the cards that are owed, so play stops. "
        f"{who} must either write new story elements into the deck (the owed cards are then "
        "dealt) or end the tale, lamely, with no winner."
    )


def _restocked(event: Event, view: LanternView) -> str:
    count = number_in(event, r"adds (\d+) new") or 0
    return (
        f"Each of the {count} new story elements is a new card in the deck. The cards that "
        f"were owed are dealt from them in secret and the tale goes on from where it stopped; "
        f"the deck now holds {card_count(view.deck)}."
    )


def _ended_dry(event: Event, view: LanternView) -> str:
    return (
        "The deck could not deal and no new story elements were added, so the tale stops "
        "here with no winner: nobody emptied their hand with the last verified passage."
    )


# --- events: the end -----------------------------------------------------------------------


def _closing(event: Event, view: LanternView) -> str:
    who = lead(event, view)
    ale = ", ".join(f"{b.name} {b.ale}" for b in view.bards if b.ale)
    cheers = f" Ale earned: {ale}." if ale else ""
    return (
        f"{who} won, and a winner may finish the story as they please. The tale is over, "
        f"{plural(len(view.tale), 'passage')} long, ready to read through or export.{cheers}"
    )


EVENT_CAPTIONS: Mapping[StrEnum, Callable[[Event, LanternView], str]] = {
    EventKind.OPENED: _opened,
    EventKind.READY: _ready,
    EventKind.BEGINS: _begins,
    EventKind.PLAY: _play,
    EventKind.INTERRUPTION: _interruption,
    EventKind.VOTE: _vote,
    EventKind.VERIFIED: _verified,
    EventKind.LOOSE_END: _loose_end,
    EventKind.TIED_OFF: _tied_off,
    EventKind.DENIED: _denied,
    EventKind.INTERRUPTION_STANDS: _stands,
    EventKind.NOT_MENTIONED: _about_who(
        "The ruling found the element {who} named was not in the passage, so the claim fails. "
        "A wrong claim is the costliest: the card is burned and {who} takes two cards. "
        "The play's own ruling is unchanged."
    ),
    EventKind.TOO_LATE: _about_who(
        "The element {who} named was in the passage, but another interruption of this play "
        "already stands, and only one can. {who} comes too late: the card is burned and "
        "they take one card, a lighter penalty than a wrong claim."
    ),
    EventKind.PASS: _about_who(
        "A Bard may always pass instead of playing. {who} takes one card from the deck and "
        "the turn moves clockwise to {turn}. Passing is safe, but it grows the hand "
        "that must be emptied to win."
    ),
    EventKind.BURN: _about_who(
        "{who} passed and, as a passing Bard may, burned a card of their choice: it is out "
        "of the game for good. The pass still brings a card, so the hand keeps its size but "
        "swaps that element for a fresh one. The turn goes to {turn}."
    ),
    EventKind.DEALT: fixed(
        "Cards are dealt at random from the deck, and only the Bard who receives them (and "
        "a person Barkeep) learns which: the table sees just how many each Bard holds."
    ),
    EventKind.DRY: _dry,
    EventKind.RESTOCKED: _restocked,
    EventKind.ENDED_DRY: _ended_dry,
    EventKind.JOINED: _joined,
    EventKind.LEFT: _left,
    EventKind.SUSPENDED: _suspended,
    EventKind.RESUMED: _resumed,
    EventKind.CLOSED_UNFINISHED: _closed_unfinished,
    EventKind.ASLEEP: _asleep,
    EventKind.UNDER_TABLE: _about_who(
        "{who} slept through three turns in a row, so the Barkeep sent them Under The Table: "
        "they are out for good, their cards return to the deck and their bench is free."
    ),
    EventKind.WON: _about_who(
        "{who} meets all four conditions of the win at once: no cards, the last verified "
        "passage, no Loose Ends on the table and no interruption awaiting a ruling. The win "
        "is checked after every action, so it is immediate. {who} may write the last words."
    ),
    EventKind.CLOSING: _closing,
}
"""Every kind of line the Lantern logs, with its caption."""
