"""The Temptress's rules and phase help, in Parlour's own words (the rules text is
``rules.md``; the teaching captions are ``captions.py``)."""

from __future__ import annotations

from pathlib import Path

from rules.engine import phase_helper
from rules.temptress.state import PromptKind

RULES = Path(__file__).with_name("rules.md").read_text(encoding="utf-8")
"""The rules, in Markdown (``rules.md``): the ``?`` screen and ``parlour rules``."""

_PHASES: dict[str, str] = {
    PromptKind.FLOOR: "The open floor: claim an action aimed at a woman, start an argument, "
    "retire with seven cards of one suit, or decline. A key that cannot act now is greyed, "
    "and pressing it says why: Retire, while you hold other than seven cards (everyone "
    "sees how many); with seven it stays live, since whether they are one suit is yours "
    "to know, and behind your curtain each woman says whether you may name her.",
    PromptKind.JOIN: "Someone took an action: you may join in opposition before the target is "
    "rolled. Everyone asked answers at once: your number changes your answer, Enter gives them "
    "all.",
    PromptKind.PLAY: "Play 1 to 3 cards toward the target (at least one), and spend Rapport to "
    "excel if you can: re-roll a die first (only if you took the action or started the "
    "argument), +3 for a pair, +3 for three of a suit (in an argument, only to reach the "
    "target).",
    PromptKind.RAISE: "You reached the target: raise the stakes for more Rapport (a new target "
    "with only your remaining cards), or stop here.",
    PromptKind.FOLLOW: "Your opponent raised the stakes: follow (play toward the new target) "
    "or not.",
    PromptKind.DRAW: "Third success: you may take the top card of a woman's pile and learn "
    "what she likes, or draw nothing.",
    PromptKind.VOTE: "The island narrates: vote whether that suitor's own line earned an extra "
    "Rapport chip. Everyone votes at once: your number changes your vote, Enter counts them.",
    PromptKind.ANSWER: "Someone started an argument with you: spend the same Rapport to avoid "
    "it, or accept.",
    PromptKind.STAKES: "Choose what you win if you win the argument.",
    PromptKind.SPEND: "Round end: spend all your Rapport on a refill by choice, on clearing "
    "Faux Pas, or on a new clue; or keep it.",
    PromptKind.FINAL: "Final retirements: retire now with seven cards of one suit and name the "
    "sorceress, or pass.",
    PromptKind.FAUX_PAS: "A Faux Pas: choose a card of your hand to lay face up.",
    PromptKind.TIE: "The narrator decides which tied suitor prevails.",
    PromptKind.VERDICT: "The narrator may award Rapport chips and may tell a missed target as "
    "a twist.",
    PromptKind.REVIEW: "The narrator accepts the argument's stakes or rejects one.",
    PromptKind.TRIM: "Before the argument is settled, the narrator may count a side's cards "
    "played beyond a target as the target itself.",
}


phase_help = phase_helper(_PHASES, "The game is over: the resolution shows every secret.")
