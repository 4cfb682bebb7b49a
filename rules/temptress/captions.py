"""The Temptress's teaching captions: for every kind of event it logs and every kind of
prompt it asks, why the rules made it and what it means for the game.

The events' captions are in ``floor_captions`` (the table, the floor, the round end)
and ``contest_captions`` (actions, the narrator, arguments), the prompts' in
``prompt_captions``; the private notes' are here. Each caption reads the event's own
text (or the prompt) and the public view only, so it tells nothing the public table
does not show. ``help`` re-exports ``CAPTIONS``; ``game.TEMPTRESS`` registers it.
"""

from __future__ import annotations

from enum import StrEnum

from rules.coaching import CoachedDeal, Shown
from rules.teaching import Captions, EventCaption, fixed
from rules.temptress.contest_captions import CONTEST_EVENTS
from rules.temptress.floor_captions import FLOOR_EVENTS
from rules.temptress.pick_words import play_pick_words
from rules.temptress.prompt_captions import PROMPTS
from rules.temptress.state import EventKind, PromptKind

PRIVATE_NOTES: dict[StrEnum, EventCaption] = {
    EventKind.STARTER_CLUES: fixed(
        "Every suitor starts with three true clues: a suit their match is not, a suit the "
        "sorceress is not, and one thing their match likes or dislikes."
    ),
    EventKind.TEMPTED: fixed(
        "The Tempted cannot win by retiring. They win only if nobody else retires in triumph "
        "and they end holding the queen of the sorceress's suit, so every rival's failure helps."
    ),
    EventKind.PILE_CARD: fixed(
        "A pile card is an honour, most likely of that woman's suit: three of her four cards "
        "are, one is a decoy. The like or dislike learned is hers: compare it with your match's."
    ),
    EventKind.STAKE_SHOWN: fixed(
        "What you won, as it stands now. Clues are always true, so the other suitor's clues "
        "narrow down the matches and the sorceress for you too."
    ),
    EventKind.NEW_CLUE: fixed(
        "A clue is always true. Weigh it with your others: before retiring you want to know "
        "your match's suit and which woman is the sorceress."
    ),
    EventKind.NEW_CARDS: fixed(
        "These cards join your hand. Seven cards of one suit let you retire at the open floor, "
        "and the suit must be your perfect match's."
    ),
}
"""Captions of the notes only one suitor reads (shown to that suitor alone)."""

CAPTIONS = Captions(
    events={**FLOOR_EVENTS, **CONTEST_EVENTS, **PRIVATE_NOTES},
    prompts=PROMPTS,
    event_kinds=tuple(EventKind),
    prompt_kinds=tuple(PromptKind),
    pick_words=play_pick_words,
    coached=CoachedDeal(
        seed=460,
        seats=4,
        shows=(
            Shown(EventKind.RAISED, "a raise"),
            Shown(EventKind.JOINED, "an opposed action"),
            Shown(EventKind.PILE_DRAW, "a pile draw"),
        ),
        within=1,
        options=(("narrator_person", 0),),
    ),
)
"""The Temptress's captions, for ``parlour teach``."""
