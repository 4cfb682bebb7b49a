"""Ye Olde Rusty Lantern's rules, phase help and teaching captions (written in
``rules.lantern.captions``), in Parlour's own words."""

from __future__ import annotations

from rules.engine import phase_helper
from rules.lantern.captions import CAPTIONS
from rules.lantern.state import Phase

__all__ = ["CAPTIONS", "RULES", "phase_help"]

RULES = """\
# Ye Olde Rusty Lantern

Bards round a tavern table tell one tale together. Each card in a Bard's hand
is a story element (a one-eyed ferryman, a cracked hourglass, a duel at dawn).
Work your elements into the tale, tie off the loose ends, and be the one whose
passage ends it with an empty hand.

## The tavern
* The **Barkeep** referees and never plays: a person at a console that shows
  every hand and the deck, or **the table**, where the other Bards vote.
* There are 2 to 8 benches. Bards join between turns (the Barkeep picks the
  bench, and they are dealt a starting hand) and may leave (their cards go
  back into the deck). With fewer than two Bards the tale is suspended.

## Who begins
Once the Bards are seated, the **Barkeep** names the Bard who tells the first
passage; it is then that Bard's turn.

## A turn
The Bard on turn either **plays** or **passes**.
* A play is a passage of prose (the word guideline is a setup option) that,
  if the Bard holds cards, names exactly one of them and brings it into the
  tale. It may also claim to tie off Loose Ends lying on the table.
* After the play, the other Bards may **interrupt**: name a card from their own
  hand whose element the play happened to mention.
* The Barkeep rules on the play first. **Verified**: the passage joins the
  tale, the card is burned or, if the Barkeep says so, lies on the table as a
  **Loose End**; each Loose End tied off earns the Bard one **Ale**; it is still
  their turn. **Denied** (it cannot be understood; it does not follow; it is not
  in the spirit of the game; it is too long or too short; a card was held but
  none named; no card and no Loose End; it came too late; the card was named
  but not brought in): the card is burned, the Bard takes two cards and the
  turn passes clockwise.
* Then each interruption, one at a time, in the order they were made. The
  Barkeep checks first whether the play really mentioned the element: if not,
  it is **not mentioned**, the card is burned and the interrupter takes two
  cards. If it was mentioned, it **stands**: the named card is burned, the
  interrupted Bard takes a card and the turn jumps to the interrupter. Only one
  interruption of a play can stand: any later one the play did mention comes
  **too late**, its card is burned and its Bard takes one card. Every
  interruption gets its own ruling, even after one has stood.
* A pass gives one card; a Bard who passes may burn one card of their choice.
* **Asleep**: if the turn timer runs out, the Bard has passed; three turns
  asleep in a row and the Barkeep may send them **Under The Table** (out).

## Winning
A Bard wins the moment four things are all true: they hold no cards, theirs was
the last successful play, no Loose Ends lie on the table and no interruption is
still waiting for its ruling. This is checked after everything that happens, and
for every Bard, not only the one who just played: a Bard whose last card goes
on an interruption that stands, while their own passage is still the last one
verified, wins too. The winner may write a closing passage; the tale can then
be exported.

## When the deck runs dry
The Barkeep either adds new story elements to the deck or ends the tale,
lamely, with no winner.

## Parlour's choices
* The Barkeep picks the first Bard from the Bards on the benches. At a table
  without a Barkeep, the lot picks: any seated Bard is equally likely, whatever
  their bench. A demo Barkeep picks at random too. Until the first Bard is
  named, nobody joins or leaves. A tale that opens with fewer than two Bards
  waits, and the choice is made once a second Bard sits down.
* Cards are dealt at random from the deck; cards that cannot be dealt are owed
  until the Barkeep restocks.
* At a table without a Barkeep, a play is verified when more than half of the
  other Bards vote for it; the Bard's own suggestion decides whether the card
  becomes a Loose End, and the Loose Ends they claimed are tied off.
* Interruptions can only name cards from your own hand, so "not your card"
  cannot happen here. They are claimed right after the play, so the only way
  to be too late is to come after another interruption that stood.
* At a table without a Barkeep, the Bards vote on each interruption: it counts
  as mentioned when more than half of them say so, and then it stands, or comes
  too late if another interruption of the same play already stands.
* The turn timer (a setup option, off by default) stands for the seed's three
  days: when it runs out the Bard has slept and passed. The Barkeep may send
  a Bard asleep three turns in a row Under The Table; with the timer on,
  Parlour does so on the third sleep.
* At a table of two Bards without a Barkeep, the interrupted Bard rules on the
  interruption (nobody else is left to vote).
* A suspended tale can be closed, unfinished and without a winner.
* Bards named at setup beyond the number of benches wait at the bar and can be
  seated when a bench frees up.
* The Barkeep's own elements can be typed at setup, separated by semicolons,
  or loaded as a pack file.
"""

_PHASES: dict[str, str] = {
    Phase.OPENING: "The tale is about to begin: the Barkeep names the Bard who tells the first "
    "passage.",
    Phase.TURN: "Your turn: write a passage that brings one of your cards into the tale (and "
    "ties off Loose Ends if you can), or pass for a card.",
    Phase.WINDOW: "A play was just told: interrupt by naming a card of yours that it mentioned, "
    "or let it go.",
    Phase.RULING: "The play is judged: verify it (maybe making its card a Loose End, and marking "
    "Loose Ends tied off) or deny it with a reason.",
    Phase.INTERRUPTIONS: "An interruption is judged: did the play mention the named element? "
    "If it did, it stands, unless another interruption of the play already stands: then it "
    "comes too late. Not mentioned costs the card and two more; too late, the card and one.",
    Phase.DRY: "The deck has run dry: add story elements, or end the tale.",
    Phase.CLOSING: "The tale is won: write its closing passage.",
    Phase.SUSPENDED: "The tale waits for at least two Bards on the benches.",
}


phase_help = phase_helper(_PHASES, "The tale is over: read it through, and export it.")
