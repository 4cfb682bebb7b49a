"""A coaching hint's words for the Temptress's own choices class: the cards to play
toward a target (and the spends that go with them), or the die to re-roll first."""

from __future__ import annotations

from rules.temptress.actions import PlayCards, Reroll
from rules.temptress.playing import PlayChoices


def play_pick_words(question: object, action: object) -> str | None:
    """ "Play 9♠ with Pair +3", "Re-roll the first die (8)"; None: not a play question."""
    if not isinstance(question, PlayChoices):
        return None
    if isinstance(action, Reroll):
        return next((o.label for o in question.rerolls if o.value == action), None)
    if not isinstance(action, PlayCards):
        return None
    words = "Play " + " ".join(card.label() for card in action.cards)
    wanted = {"pair": action.pair_bonus, "suit": action.suit_bonus}
    spends = [o.label for o in question.spends(action.cards) if wanted.get(o.key or "")]
    return f"{words} with {' and '.join(spends)}" if spends else words
