"""Temptation Island's rules and phase help, in Parlour's own words (the rules text is
``rules.md``; the teaching captions are ``captions.py``)."""

from __future__ import annotations

from pathlib import Path

from rules.engine import phase_helper

RULES = Path(__file__).with_name("rules.md").read_text(encoding="utf-8")
"""The rules, in Markdown (``rules.md``): the ``?`` screen and ``parlour rules``."""

_PHASES = {
    "respond": (
        "Responding: the two players who are not the Decider each choose one of "
        "their three response cards for the compatibility card on the table. "
        "Your choice stays hidden until the Decider has picked."
    ),
    "decide": (
        "Judging: the Decider sees the two cards put forward, in random order and "
        "without names, and picks the one that fits the compatibility card best. "
        "The owner of that card becomes the Mover."
    ),
    "move": (
        "Moving: the Mover moves to a free neighbouring tile, places a tile from the "
        "stock next to their tile and steps onto it, or removes a free neighbouring "
        "tile. Anyone left alone on an island loses; a Mover who splits all three "
        "apart loses instead."
    ),
}


phase_help = phase_helper(_PHASES, "The game is over: the resolution shows who won and every hand.")
