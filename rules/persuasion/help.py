"""Persuasion's rules and phase help, in Parlour's own words (the rules text is
``rules.md``; the teaching captions are ``captions.py``)."""

from __future__ import annotations

from pathlib import Path

from rules.engine import phase_helper
from rules.persuasion.state import Phase

__all__ = ["RULES", "phase_help"]

RULES = Path(__file__).with_name("rules.md").read_text(encoding="utf-8")
"""The rules, in Markdown (``rules.md``): the ``?`` screen and ``parlour rules``."""

_PHASES: dict[str, str] = {
    Phase.INTRO: "Introductions: choose one of your cards to flip face up and another to discard.",
    Phase.MAIL: "Mailing: in secret, send your seal with a card the recipient does not know, "
    "or your ring as a proposal. Nothing is shown until everyone has chosen.",
    Phase.RECEPTION: "Reception: use an action from a card you know, belonging to someone whose "
    "seal or ring you hold; or, holding nothing, discard one of anyone's cards.",
    Phase.FINAL: "The end: send your ring to another player or to the discards; only rings "
    "that meet make a match.",
}


phase_help = phase_helper(_PHASES, "The season is over: every diary and card is revealed.")
