"""The Temptress's teaching captions: for every kind of event it logs and every kind of
prompt it asks, why the rules made it and what it means for the game.

A caption that only places an event's facts is the ``caption`` template of its kind in
``story.toml`` (the private notes' among them); the captions that weigh the public view
or have more than one shape are functions, in ``floor_captions`` (the table, the floor,
the narrator, the round end) and ``contest_captions`` (actions and arguments), with the
phrases the templates name; the prompts' are in ``prompt_captions`` (each also told to a
seat it asks, as "you", for a coached game's hints). Each reads the event's facts (or the
prompt) and the public view only, so it tells nothing the public table does not show. The
registry finds ``CAPTIONS`` here.
"""

from __future__ import annotations

from rules.teaching import Captions, CoachedDeal, Shown
from rules.temptress.caption_parts import seat_names
from rules.temptress.contest_captions import CONTEST_EVENTS, CONTEST_PHRASES
from rules.temptress.floor_captions import FLOOR_EVENTS, FLOOR_PHRASES
from rules.temptress.pick_words import play_pick_words
from rules.temptress.prompt_captions import PROMPTS
from rules.temptress.state import EventKind, PromptKind
from rules.temptress.told import TOLD

CAPTIONS = Captions(
    events={**FLOOR_EVENTS, **CONTEST_EVENTS},
    prompts=PROMPTS,
    prompts_to=PROMPTS,
    event_kinds=tuple(EventKind),
    prompt_kinds=tuple(PromptKind),
    told=TOLD,
    phrases={**FLOOR_PHRASES, **CONTEST_PHRASES},
    names=seat_names,
    pick_words=play_pick_words,
    coached=CoachedDeal(
        seed=32,
        seats=4,
        shows=(
            Shown(EventKind.RAISED, "a raise"),
            Shown(EventKind.JOINED, "an opposed action"),
            Shown(EventKind.ENGAGED, "the island's role-play chip"),
        ),
        within=1,
        options=(("narrator_person", 0),),
    ),
)
"""The Temptress's captions, for ``parlour teach``."""
