"""The Temptress's events as data: the facts each kind carries, and its words
(``story.toml`` beside this module, checked when loaded).

A seat an event is about is a ``Who`` (a suitor; the narrator is told as "the
narrator", never by seat); seats in order are a ``Whos``. A woman is her name (a
word), with her index (``woman_index``) where a caption weighs her pile. Cards are
words as the table shows them ("2H 3H", or "the queen of hearts" in a note). A fact
that is empty ("" or no seats) says the line does not tell it.
"""

from __future__ import annotations

from rules.story import Told, beside, load_told
from rules.temptress.event_kinds import EventKind

FACTS: dict[EventKind, tuple[str, ...]] = {
    # setting the table
    EventKind.ARRIVAL: ("suitors", "introductions"),
    EventKind.OPENING: ("oldest",),
    EventKind.STARTER_CLUES: (),
    EventKind.TEMPTED: (),
    # the open floor
    EventKind.CLAIM: ("suitor", "woman", "woman_index", "description", "approach"),
    EventKind.DECLINE: ("suitor",),
    EventKind.ARGUMENT: ("suitor", "opponent", "chips"),
    EventKind.RETIREMENT: ("suitor", "cards", "accused"),
    EventKind.RETIRED_RIGHT: ("suitor", "suit", "match", "accused"),
    EventKind.RETIRED_WRONG: ("suitor",),
    EventKind.FAUX_PAS: ("suitor", "card"),
    # a contest
    EventKind.JOINED: ("suitor", "actor", "approach"),
    EventKind.STAYED_OUT: ("suitor", "actor"),
    EventKind.TARGET: ("number", "die_1", "die_2", "die_3", "total"),
    EventKind.REROLL: ("suitor", "old", "new", "total"),
    EventKind.PLAY: ("suitor", "cards", "count", "bonus", "total", "goal"),
    EventKind.TARGET_RESULT: ("number", "reached", "missed", "verdicts"),
    EventKind.RAISED: ("suitor",),
    EventKind.NOT_RAISED: ("suitor",),
    EventKind.FOLLOWED: ("suitor", "raiser"),
    EventKind.NOT_FOLLOWED: ("suitor", "raiser"),
    EventKind.GAINS: ("suitor", "rapport", "faux_pas"),
    EventKind.PREVAILS: ("suitor", "approach"),
    EventKind.ROLL_OFF: ("rollers", "rolls", "highest", "best"),
    EventKind.PILE_DRAW: ("suitor", "woman", "woman_index", "left"),
    EventKind.NO_DRAW: ("suitor",),
    EventKind.PILE_CARD: ("card", "woman", "clue"),
    EventKind.WOMAN_RETIRED: ("woman", "woman_index"),
    EventKind.REACTION: ("woman", "reaction"),
    EventKind.GAFFE: ("suitor", "gaffe"),
    EventKind.ENGAGED: ("suitor", "woman", "topic"),
    EventKind.VOTE: ("suitor", "vote", "actor"),
    EventKind.VOTE_RESULT: ("yes", "no", "actor"),
    # the narrator's powers
    EventKind.NARRATOR_AWARD: ("suitor",),
    EventKind.NARRATOR_TWIST: ("actor",),
    EventKind.NARRATOR_TIE: ("winner",),
    EventKind.NARRATOR_STAKES: ("rejected",),
    EventKind.NARRATOR_VALUES: ("side", "total", "goal"),
    EventKind.NARRATOR_LINE: ("text",),
    # arguments
    EventKind.ARGUMENT_AVOIDED: ("suitor", "initiator", "chips"),
    EventKind.ARGUMENT_ACCEPTED: ("suitor", "initiator"),
    EventKind.STAKE: ("suitor", "stake", "promise"),
    EventKind.PREVIOUS_TARGET: ("suitor",),
    EventKind.ARGUMENT_WON: ("winner", "loser"),
    EventKind.NOTHING_WON: ("winner",),
    EventKind.PACT: ("promiser", "winner", "promise"),
    EventKind.PACT_TESTED: ("promiser", "winner", "promise"),
    EventKind.STAKE_SEEN: ("winner", "loser"),
    EventKind.STAKE_SHOWN: ("loser", "about", "cards", "clues"),
    # the round end
    EventKind.ROUND_END: ("round", "why"),
    EventKind.SPENDING_ORDER: ("order",),
    EventKind.SPEND_REFILL: ("suitor", "chips"),
    EventKind.SPEND_CLEAR: ("suitor", "chips"),
    EventKind.SPEND_CLUE: ("suitor", "chips"),
    EventKind.SPEND_KEEP: ("suitor",),
    EventKind.NEW_CLUE: ("clue",),
    EventKind.NEW_CARDS: ("cards",),
    EventKind.REFILL: (),
    EventKind.ROUND_BEGINS: ("round", "first"),
    # the end
    EventKind.FINAL_RETIREMENTS: ("round",),
    EventKind.FINAL_PASS: ("suitor",),
    EventKind.GAME_END: ("tempted", "queen", "sorceress"),
}
"""The facts every kind of Temptress event carries.

Seats: ``suitor`` (who acts), ``actor`` (whose action it is), ``opponent``,
``initiator`` (who started the argument), ``raiser``, ``winner``, ``loser``,
``promiser``, ``oldest``; in order, ``suitors``, ``reached``/``missed`` (a target's
verdicts), ``rollers``/``highest`` (a roll-off's and its best), ``rejected`` (stakes
the narrator sends back), ``side`` (the side whose values the narrator counts only up
to the target, or none when they stand), ``order`` (who spends first), ``first``
(suitors cut short, who claim first), ``tempted`` (the Tempted who wins, or none).

Numbers: ``chips``, ``number`` (which target: 1, 2, 3), ``die_1``..``die_3``,
``total``, ``goal`` (the target played toward), ``old``/``new`` (a re-rolled die),
``count`` (cards played), ``bonus``, ``rapport``/``faux_pas`` (what an action paid),
``best`` (a roll-off's highest roll), ``left`` (cards left in a pile), ``yes``/``no``
(votes), ``round``, ``woman_index``.

Words: ``woman``, ``accused``, ``match`` (women's names), ``description`` and
``promise`` (a suitor's own words), ``text`` (a person narrator's own words),
``approach`` (how a suitor courts her: their own
words, or a line the island drew from the pack), ``reaction`` and ``gaffe`` (the pack's
lines for her reaction and a Faux Pas), ``topic`` (the interest an approach touched),
``cards``/``card`` (as the table shows them),
``suit``, ``vote``, ``stake`` (the stake in words), ``about`` (what a stake
shows: hand, match or sorceress clues), ``clue``/``clues`` (clue sentences), ``why``
(why a round ends), ``queen``, ``sorceress``, ``introductions`` (the women and their
personalities, at the greeting), ``verdicts`` (each seat's result at a target, in
order, told by the kind's ``reached`` and ``missed`` lines), ``rolls`` (each seat's
name and roll at a roll-off, in order). Readers take seats from the seat facts, never
from these."""

PHRASES = (
    "round_of",
    "pile_left",
    "in_a_row",
    "holds",
    "what_follows",
    "staked",
    "pacts_kept",
)
"""The caption phrases that weigh the public view (``rules/temptress/captions.py``)."""

TOLD: Told[EventKind] = load_told(beside(__file__, "story.toml"), EventKind, FACTS, PHRASES)
