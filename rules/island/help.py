"""Temptation Island's rules, phase help and teaching captions, in Parlour's own words
(the captions live in ``captions.py``)."""

from __future__ import annotations

from rules.engine import phase_helper
from rules.island.captions import CAPTIONS

__all__ = ["CAPTIONS", "RULES", "phase_help"]

RULES = """\
# Temptation Island

Three hearts, one love triangle, and an island that keeps shrinking. Nobody
needs to end up with anyone: the only thing that matters is not being the one
left on their own.

## The table
* The board starts as seven hex tiles in a flower: a centre and its six
  neighbours. Each of you stands on an outer tile; every piece touches the
  centre, and no two pieces touch.
* The rest of the tiles (12 by default; a setup option) wait in the stock.
* Everyone holds three response cards (things, people, situations). A deck of
  compatibility cards (one word each, like *Smitten*) sits face down.

## A turn
1. **The Decider** turns up a compatibility card. The first Decider is drawn at
   random; the role then passes clockwise (in seat order) every turn.
2. **The other two** each pick one of their response cards in secret, behind
   the curtain.
3. **The Decider** sees the two cards in a random order, without names, and
   picks the one that fits best (or is funniest: the Decider's taste is law).
   Whoever played it becomes **the Mover**; then both owners are announced.
4. **The Mover** does one of three things:
   * **Move** to a free tile next to their own;
   * **Place** a tile from the stock on an empty space next to their tile, and
     step onto it;
   * **Remove** a free tile next to their own (it goes back to the stock).
5. Both played cards are discarded, hands are refilled to three, the next
   Decider turns up a new card.

## Forced moves
* Only one piece per tile, and you can never remove a tile someone stands on.
* If you cannot move and cannot remove, you must place a tile.
* If the stock is empty, you must remove a tile when you can.
* If none of the three is possible, the turn passes without a move (the log
  says so).

## The end
Tiles connect through their edges; the tiles you can reach that way are your
island. Right after any Mover's action:
* if one of you is alone on an island, that player **loses** and the other two
  win together;
* if all three stand on separate islands, the Mover who did it **loses** (for
  carelessness) and the other two win.

## Decks
When the compatibility or response deck runs out, its discards are shuffled
into a fresh deck.

## Parlour's choices
Where the original left a gap, Parlour decided: the board layout above; the
random first Decider; both owners announced after the pick; a turn with no
possible action is skipped; bots judge cards at random (they have no taste)
but move with care.
"""

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
