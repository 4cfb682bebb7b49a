"""Ye Olde Rusty Lantern's teaching captions: why each line of the story happened.

One caption per kind of event the Lantern logs (``EventKind``) and per kind of
prompt (the ``Phase`` it asks in), for ``parlour teach``. Who and what an event is
about are its facts (``told.py``); the rest is the PUBLIC view (``view(state, None)``)
only: what everyone sees of each Bard (cards held, Ale, sleeps), the Loose Ends on
the table, whose turn it is. A caption that only places facts (and phrases) is a
template in ``story.toml``; ``event_captions`` holds the functions that weigh the
view. A caption never names a story element a hand may still hold, so it can tell
nothing the table does not show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Prompt
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

if TYPE_CHECKING:
    from rules.lantern.view import LanternView


def _opening_prompt(prompt: Prompt, view: LanternView) -> str:
    seated = sum(b.bench is not None for b in view.bards)
    return (
        f"{view.barkeep_name}, the Barkeep, picks which of the {seated} seated Bards tells the "
        "first passage. That Bard plays or passes, and the turn then goes clockwise round "
        "the benches."
    )


def _turn_prompt(prompt: Prompt, view: LanternView) -> str:
    who = turn_name(view)
    seen = None if view.turn is None else view.bards[view.turn]
    cards = 0 if seen is None else seen.cards
    if cards:
        play = f"{who} may play a passage naming one of their {card_count(cards)}"
    else:
        play = f"{who} holds no cards, so a play must tie off a Loose End"
    ties = f" ({loose_ends(view)})" if view.table or not cards else ""
    return (
        f"{play}{ties}, or pass for a card. A verified play keeps the turn; a pass or a "
        "denied play moves it clockwise. An empty hand, no Loose Ends and the last verified "
        "play win."
    )


def _window_prompt(prompt: Prompt, view: LanternView) -> str:
    teller = SOMEONE if view.attempt is None else view.bards[view.attempt.bard].name
    asked = ", ".join(view.bards[s].name for s in prompt.seats if s < len(view.bards))
    return (
        f"{teller} has just told a passage. {asked or 'The other Bards'} may interrupt by "
        "naming a card of their own whose element it happened to mention: a claim that "
        "stands takes over the turn; a wrong one costs the card and two more."
    )


def _ruling_prompt(prompt: Prompt, view: LanternView) -> str:
    teller = SOMEONE if view.attempt is None else view.bards[view.attempt.bard].name
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


def _interruptions_prompt(prompt: Prompt, view: LanternView) -> str:
    attempt = view.attempt
    if attempt is None or not attempt.interruptions:
        return "Each interruption of the play is now ruled, in the order they were made."
    who = view.bards[attempt.interruptions[0][0]].name
    teller = view.bards[attempt.bard].name
    if attempt.interrupted_by is not None:
        first = view.bards[attempt.interrupted_by].name
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


def _dry_prompt(prompt: Prompt, view: LanternView) -> str:
    who = "The first seated Bard" if by_table(view) else view.barkeep_name
    return (
        f"The deck is empty but cards are still owed. {who} either adds new story elements, "
        "which become cards and pay what is owed, or ends the tale with no winner."
    )


def _closing_prompt(prompt: Prompt, view: LanternView) -> str:
    who = SOMEONE
    if prompt.seats and prompt.seats[0] < len(view.bards):
        who = view.bards[prompt.seats[0]].name
    return (
        f"{who} has won the tale and may write a closing passage to round the story off "
        "however they like, or leave it empty. Either way it ends the tale."
    )


def _suspended_prompt(prompt: Prompt, view: LanternView) -> str:
    free = len(view.free_benches)
    return (
        "Fewer than two Bards sit, so the tale waits and no card may be played. Seat a Bard "
        f"on one of the {free} free benches to go on, or close the tale unfinished, with no "
        "winner."
    )


PROMPT_KINDS = tuple(phase for phase in Phase if phase != Phase.OVER)
"""Every phase a prompt is asked in (a tale that is over asks nothing)."""

CAPTIONS = Captions(
    events=EVENT_CAPTIONS,
    told=TOLD,
    phrases=PHRASES,
    names=seat_names,
    prompts={
        Phase.OPENING: _opening_prompt,
        Phase.TURN: _turn_prompt,
        Phase.WINDOW: _window_prompt,
        Phase.RULING: _ruling_prompt,
        Phase.INTERRUPTIONS: _interruptions_prompt,
        Phase.DRY: _dry_prompt,
        Phase.CLOSING: _closing_prompt,
        Phase.SUSPENDED: _suspended_prompt,
    },
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
