"""A coaching hint's words for the Lantern's own choices class: the passage to tell (the
card it brings in, the Loose Ends it ties off, a Loose End suggested) or the pass."""

from __future__ import annotations

from rules.lantern.choices import TurnChoices
from rules.lantern.state import PassTurn, Play
from rules.wording import listed


def turn_pick_words(question: object, action: object) -> str | None:
    """ "Tell a passage bringing in a wooden puppet, and suggest it as a Loose End";
    "Pass"; None: not a turn question (or a coming or going between turns)."""
    if not isinstance(question, TurnChoices):
        return None
    if isinstance(action, PassTurn):
        return next((o.label for o in question.passes.options if o.value == action), None)
    if not isinstance(action, Play):
        return None
    names = {o.value: o.label for o in (*question.cards.options, *question.ties.options)}
    words = "Tell a passage"
    if action.card is not None:
        words += f" bringing in {names[action.card]}"
    if action.ties:
        words += f" that ties off {listed([names[tie] for tie in action.ties])}"
    if action.loose_end:
        words += ", and suggest it as a Loose End"
    return words
