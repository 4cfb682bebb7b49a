"""Ye Olde Rusty Lantern's rules and phase help, in Parlour's own words (the rules text
is ``rules.md``; the teaching captions are ``captions.py``)."""

from __future__ import annotations

from pathlib import Path

from rules.engine import phase_helper
from rules.lantern.state import Phase

RULES = Path(__file__).with_name("rules.md").read_text(encoding="utf-8")
"""The rules, in Markdown (``rules.md``): the ``?`` screen and ``parlour rules``."""

_PHASES: dict[str, str] = {
    Phase.OPENING: "The tale is about to begin: the Barkeep names the Bard who tells the first "
    "passage.",
    Phase.TURN: "Your turn: write a passage that brings one of your cards into the tale (and "
    "ties off Loose Ends if you can), or pass for a card. Between turns someone new may walk "
    "in while a bench is free (b at the table: their name, then a bench), a Bard may leave, "
    "and a person Barkeep may hand the bar to someone else from their console (o).",
    Phase.WINDOW: "A play was just told: interrupt by naming a card of yours that it mentioned, "
    "or let it go. (You may still interrupt it later, after its ruling, until the next play "
    "begins: look at your hand with c at the table.)",
    Phase.RULING: "The play is judged: verify it (maybe making its card a Loose End, and marking "
    "Loose Ends tied off) or deny it with a reason. Without a Barkeep the other Bards vote, "
    "all at once, on the play, on its card becoming a Loose End and on each Loose End it "
    "claims to tie off; the teller does not vote.",
    Phase.INTERRUPTIONS: "An interruption is judged: did the play mention the named element? "
    "If it did, it stands, unless another interruption of the play already stands: then it "
    "comes too late. Not mentioned costs the card and two more; too late, the card and one.",
    Phase.DRY: "The deck has run dry: add story elements, or end the tale.",
    Phase.CLOSING: "The tale is won: write its closing passage.",
    Phase.SUSPENDED: "The tale waits for at least two Bards on the benches: seat one who is "
    "away, or let someone new walk in.",
    Phase.SLEEPER: "A Bard has slept through three turns in a row: the Barkeep (or, without "
    "one, the other Bards by vote) says whether they go Under The Table or stay.",
}


phase_help = phase_helper(_PHASES, "The tale is over: read it through, and export it.")
