"""Ye Olde Rusty Lantern's teaching captions: why each line of the story happened.

One caption per kind of event the Lantern logs (``EventKind``) and per kind of
prompt (the ``Phase`` it asks in), for ``parlour teach``. Who and what an event is
about are its facts (``told.py``); the rest is the PUBLIC view (``view(state, None)``)
only: what everyone sees of each Bard (cards held, Ale, sleeps), the Loose Ends on
the table, whose turn it is. A caption that only places facts (and phrases) is a
template in ``story.toml``; ``event_captions`` holds the functions that weigh the
view. A caption never names a story element a hand may still hold, so it can tell
nothing the table does not show. Each prompt's caption, given ``to`` (a seat the prompt
asks), is told to that seat instead ("you", never by its own name): a coached game's hint
speaks to the person this way.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from rules.engine import Prompt, Seat
from rules.lantern.event_captions import EVENT_CAPTIONS, PHRASES
from rules.lantern.pick_words import turn_pick_words
from rules.lantern.public_words import (
    SOMEONE,
    by_table,
    card_count,
    loose_ends,
    seat_names,
    turn_name,
)
from rules.lantern.state import EventKind, Phase
from rules.lantern.told import TOLD
from rules.teaching import Captions, CoachedDeal, Shown
from rules.wording import listed

if TYPE_CHECKING:
    from rules.lantern.view import LanternView


def _opening_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    seated = sum(b.bench is not None for b in view.bards)
    picks = (
        "You keep the bar: pick"
        if to is not None and to == view.barkeep_seat
        else f"{view.barkeep_name}, the Barkeep, picks"
    )
    return (
        f"{picks} which of the {seated} seated Bards tells the first passage. That Bard "
        "plays or passes, and the turn then goes clockwise round the benches."
    )


def _turn_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    who = turn_name(view)
    seen = None if view.turn is None else view.bard(view.turn)
    cards = 0 if seen is None else seen.cards
    if to is not None and to == view.turn:
        return _your_turn(view, cards)
    if cards > 1:
        play = f"{who} may play a passage naming one of their {card_count(cards)}"
    elif cards:
        play = f"{who} may play a passage naming their last card"
    else:
        play = f"{who} holds no cards, so a play must tie off a Loose End"
    ties = f" ({loose_ends(view)})" if view.table or not cards else ""
    return (
        f"{play}{ties}, or pass for a card. A verified play keeps the turn; a pass or a "
        "denied play moves it clockwise. An empty hand, no Loose Ends and the last verified "
        "play win."
    )


def _your_turn(view: LanternView, cards: int) -> str:
    """The turn told to the Bard whose turn it is."""
    if cards > 1:
        play = f"You may play a passage naming one of your {card_count(cards)}"
    elif cards:
        play = "You may play a passage naming your last card"
    else:
        play = "You hold no cards, so you may only play a passage that ties off a Loose End"
    ties = f" ({loose_ends(view)})" if view.table or not cards else ""
    return (
        f"{play}{ties}, or pass for a card. A verified play keeps your turn; a pass or a "
        "denied play moves it clockwise. You win with an empty hand, no Loose Ends left and "
        "the last verified play."
    )


def _window_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    teller = SOMEONE if view.attempt is None else view.names[view.attempt.bard]
    if to in prompt.seats:
        others = [view.names[s] for s in prompt.seats if s != to]
        also = f", as may {listed(others)}," if others else ""
        return (
            f"{teller} has just told a passage. You may interrupt{also} by naming a card of "
            "your own whose element it happened to mention: a claim that stands takes over "
            "the turn; a wrong one costs you the card and two more."
        )
    asked = ", ".join(view.names[s] for s in prompt.seats)
    return (
        f"{teller} has just told a passage. {asked or 'The other Bards'} may interrupt by "
        "naming a card of their own whose element it happened to mention: a claim that "
        "stands takes over the turn; a wrong one costs the card and two more."
    )


def _ruling_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    teller = SOMEONE if view.attempt is None else view.names[view.attempt.bard]
    if to in prompt.seats:
        judge = (
            "You vote, with every other Bard but the teller, on"
            if by_table(view)
            else "You keep the bar, so you rule on"
        )
    else:
        judge = (
            "The Bards other than the teller vote on"
            if by_table(view)
            else f"{view.barkeep_name}, the Barkeep, rules on"
        )
    return (
        f"{judge} {teller}'s play before any interruption. Verified: it joins the tale and "
        f"{teller} keeps the turn. Denied (a listed reason, such as not bringing the card in): "
        "its card burns, two more are dealt and the turn passes."
    )


def _interruptions_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    attempt = view.attempt
    if to in prompt.seats:
        return _your_interruptions(view, to)
    if attempt is None or not attempt.interruptions:
        return "Each interruption of the play is now ruled, in the order they were made."
    who = view.names[attempt.interruptions[0][0]]
    teller = view.names[attempt.bard]
    if attempt.interrupted_by is not None:
        first = view.names[attempt.interrupted_by]
        outcome = (
            f"{first}'s already stands, so {who}'s can only come too late (the card and one "
            "more) or be not mentioned (the card and two)."
        )
    else:
        outcome = (
            f"Yes: it stands and the turn jumps to {who}. No: not mentioned, the card burns "
            f"and {who} takes two."
        )
    return f"Was the element {who} named really in {teller}'s passage? {outcome}"


def _your_interruptions(view: LanternView, to: Seat | None) -> str:
    """The ruling on an interruption, told to a seat that rules on it (the Barkeep, or a
    Bard of the table: at two Bards, the one interrupted)."""
    attempt = view.attempt
    if attempt is None or not attempt.interruptions:
        return "You now rule on each interruption of the play, in the order they were made."
    who = view.names[attempt.interruptions[0][0]]
    teller = "your" if attempt.bard == to else f"{view.names[attempt.bard]}'s"
    if attempt.interrupted_by is not None:
        first = view.names[attempt.interrupted_by] + "'s"
        if attempt.interrupted_by == to:
            first = "Yours"
        outcome = (
            f"{first} already stands, so {who}'s can only come too late (the card and one "
            "more) or be not mentioned (the card and two)."
        )
    else:
        outcome = (
            f"Yes: it stands and the turn jumps to {who}. No: not mentioned, the card burns "
            f"and {who} takes two."
        )
    ask = "Your vote" if by_table(view) else "You rule"
    return f"{ask}: was the element {who} named really in {teller} passage? {outcome}"


def _dry_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    if to in prompt.seats:
        role = "the first seated Bard" if by_table(view) else "the Barkeep"
        return (
            f"The deck is empty but cards are still owed. As {role}, you either add new story "
            "elements, which become cards and pay what is owed, or end the tale with no winner."
        )
    who = "The first seated Bard" if by_table(view) else view.barkeep_name
    return (
        f"The deck is empty but cards are still owed. {who} either adds new story elements, "
        "which become cards and pay what is owed, or ends the tale with no winner."
    )


def _closing_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    if to in prompt.seats:
        return (
            "You have won the tale and may write a closing passage to round the story off "
            "however you like, or leave it empty. Either way it ends the tale."
        )
    who = SOMEONE
    if prompt.seats:
        who = view.names[prompt.seats[0]]
    return (
        f"{who} has won the tale and may write a closing passage to round the story off "
        "however they like, or leave it empty. Either way it ends the tale."
    )


def _suspended_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    free = len(view.free_benches)
    seat = "You may seat a Bard" if to in prompt.seats else "Seat a Bard"
    return (
        f"Fewer than two Bards sit, so the tale waits and no card may be played. {seat} "
        f"on one of the {free} free benches to go on, or close the tale unfinished, with no "
        "winner."
    )


def _sleeper_prompt(prompt: Prompt, view: LanternView, to: Seat | None = None) -> str:
    who = SOMEONE if view.sleeper is None else view.names[view.sleeper]
    if to in prompt.seats:
        judge = (
            "You vote with the other Bards (more than half must say so) on"
            if by_table(view)
            else "You keep the bar, so you decide"
        )
    else:
        judge = (
            "The other Bards vote (more than half must say so)"
            if by_table(view)
            else f"{view.barkeep_name}, the Barkeep, decides"
        )
    return (
        f"{who} has slept through three turns in a row. {judge} whether they go Under The "
        "Table, out of the tale for good with their cards back in the deck, or stay on "
        "their bench. Nothing sends them there by itself."
    )


class _PromptCaption(Protocol):
    """A prompt's caption, told to the table, or to ``to``, a seat it asks ("you")."""

    def __call__(self, prompt: Prompt, view: LanternView, to: Seat | None = None) -> str: ...


PROMPTS: dict[StrEnum, _PromptCaption] = {
    Phase.OPENING: _opening_prompt,
    Phase.TURN: _turn_prompt,
    Phase.WINDOW: _window_prompt,
    Phase.RULING: _ruling_prompt,
    Phase.INTERRUPTIONS: _interruptions_prompt,
    Phase.DRY: _dry_prompt,
    Phase.CLOSING: _closing_prompt,
    Phase.SUSPENDED: _suspended_prompt,
    Phase.SLEEPER: _sleeper_prompt,
}
"""Each phase's prompt caption (the table's, and, given ``to``, that seat's: "you")."""

PROMPT_KINDS = tuple(phase for phase in Phase if phase != Phase.OVER)
"""Every phase a prompt is asked in (a tale that is over asks nothing)."""

CAPTIONS = Captions(
    events=EVENT_CAPTIONS,
    told=TOLD,
    phrases=PHRASES,
    names=seat_names,
    prompts=PROMPTS,
    prompts_to=PROMPTS,
    event_kinds=tuple(EventKind),
    prompt_kinds=PROMPT_KINDS,
    pick_words=turn_pick_words,
    coached=CoachedDeal(
        seed=105,
        seats=4,
        shows=(
            Shown(EventKind.INTERRUPTION, "an interruption"),
            Shown(EventKind.LOOSE_END, "a Loose End"),
        ),
        within=4,
    ),
)
"""The Lantern's teaching captions (its listing's ``captions``: ``rules/registry.py``)."""
