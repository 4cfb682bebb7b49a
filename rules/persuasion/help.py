"""Persuasion's rules, phase help and teaching captions (``captions``), in Parlour's own
words."""

from __future__ import annotations

from rules.engine import phase_helper
from rules.persuasion.captions import CAPTIONS
from rules.persuasion.state import Phase

__all__ = ["CAPTIONS", "RULES", "phase_help"]

RULES = """\
# Persuasion

The season has begun and you are looking for a match. Your secret **diary**
names the symbol you desire and the one you despise (wealth, standing or
passion). Your six **trait cards** carry symbols too, and each has an action
that other players may use. Find a player whose cards hold more of what you
desire than of what you despise, and exchange rings with them.

## Knowing cards
Cards lie face down. When you see a card you put your **stamp** on it, and may
look at it again whenever you like (behind the curtain). You are **aware** of a
card that is face up, that you stamped, or that is your own. A card stamped by
every other player flips face up; face-up cards stay face up and carry no
stamps.

## Introductions
Everyone flips one of their cards face up and discards another (stamped by
them first) to the shared discards.

## A round
1. **Mailing**, in secret and all at once: send another player either your
   **seal** with one of your face-down cards that they are not aware of, or
   your **ring** (a proposal). If someone is aware of all your cards, you can
   only send them your ring. When everyone has chosen, each recipient peeks at
   (and stamps) the card that came with a seal; the card goes home to its
   owner, but the recipient keeps the seal. Rings are kept too.
2. **Reception**: if anyone holds nothing, the hostex marker passes clockwise
   to the first such player. Starting with the hostex, everyone takes a turn:
   * holding nothing, you must discard one of anyone's cards (even your own);
   * holding seals or rings, you may use the action of one card you are aware
     of that belongs to one of their owners (or pass).
3. If rings were exchanged (two players sent each other their rings in the
   same mailing), or a player has no cards left, the season ends. Otherwise
   seals and rings go home and a new round begins.

## Card actions
Peek at one of the author's cards, or a bystander's; show one of your cards to
the author; flip up one of the author's cards; take one of the author's cards
(they stamp it first); give one of yours to the author (you stamp it first);
discard one of the author's or a bystander's cards (you stamp it first); take a
card from the discards; swap one of your cards with one of the author's. The
**author** is the owner of the card whose action you use; a **bystander** is
anyone else.

## The end
Everyone who is still single sends their ring, all at once, to another player
or to the discards; rings that meet make a match, the others are discarded.
Then every diary and card is revealed. A matched player wins if their partner's
cards hold more of their desired symbol than of their despised one; a single
player wins the same way on the discards. Ties do not win. Everyone, or nobody,
may win.

## Evening Ball
A gentler mode: no card actions. In the reception only players who hold
nothing act, by discarding one of anyone's cards.

## Parlour's choices
* The seat listed first is the most polite: it starts with the hostex marker.
* A card flips up once everyone but its current owner has stamped it.
* The hostex marker passes to the first player holding nothing, looking
  clockwise from the player after the hostex.
* The actions to peek, and the one to show, need a card the viewer is not yet
  aware of; the other actions may target any card.
* At the end, a single player's ring that does not meet another is discarded,
  and that player is judged on the discards.
* Whoever sees a card keeps their stamp on it: a card you take, are given or
  are shown carries your stamp, and stays known to you if it moves on.
* Introductions are made one player after another, in seat order.
"""

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
