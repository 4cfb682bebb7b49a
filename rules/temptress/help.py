"""The Temptress's rules, phase help and teaching captions, in Parlour's own words.

``CAPTIONS`` (why each event and prompt happened, for ``parlour teach``) is written in
``captions`` and its modules, and re-exported here.
"""

from __future__ import annotations

from rules.engine import phase_helper
from rules.temptress.captions import CAPTIONS as CAPTIONS
from rules.temptress.state import PromptKind

RULES = """\
# The Temptress

An exiled sorceress lives on a volcanic island with her three daughters, and
the four women look so alike that nobody can tell which is the mother. You are
a suitor. To leave with your perfect match you must find out who she is, win
her heart, and unmask the sorceress. Fail, and you stay on the island in her
service.

## The secrets
* Each woman is secretly tied to one suit. Her **pile** holds four honour cards
  (jack, queen, king, ace): three of her suit and one decoy of another suit.
* One woman is secretly **the sorceress**.
* Each suitor has a secret **perfect match**. At most one suitor is matched to
  the sorceress: that suitor is **the Tempted**, and is told so.
* You start with seven number cards and three true clues: a suit your match is
  not, a suit the sorceress is not, and one thing your match likes or loathes.
* Card values: 2 to 10 as printed, jack 11, queen 12, king 13, ace 14.

## The open floor
The oldest suitor has the first claim. After that anyone may take the next
action except whoever acted last, unless every other suitor has declined since.
You may always decline. When every suitor declines in a row, the round ends.

A round can end before every suitor has had a turn (acted, argued or declined)
since the last time all of them had one: a pile ran out, or the narrator ended
it. Those left waiting were **cut short**: they claim first in the next round,
each in turn from whoever acted last, and then the open floor goes on as
before, so whoever acted last cannot claim first again.

A woman whose pile is empty has **retired**: nobody may court her any more, so
nobody may join against an action aimed at her either. She may still be named
as the sorceress.

## Taking an action
1. Name the woman you court and, if you like, say in a line what you do.
2. Other suitors may join **in opposition**.
3. The target is 3d10, rolled die by die.
4. Play 1 to 3 cards face up toward it: at least one, even when it is hopeless.
5. **Excel** with Rapport, each at most once per action: re-roll one die before
   you play for a target (1 chip); +3 when your cards in this action hold a
   pair (1 chip); +3 when three of your cards in this action share a suit, or,
   if those three are also in sequence, the last card you played counts double
   instead (1 chip).
6. Reached: 1 Rapport. If you used 1 or 2 cards you may **raise the stakes**:
   a new target that only your remaining cards may answer. Reached: 2 more
   Rapport. Missed: a Faux Pas.
7. If both targets took just 2 cards, you may raise once more with your last
   card. Reached: draw the top card of any woman's pile that is not empty,
   and learn one of her likes or dislikes. Missed: a Faux Pas.
8. Then the table judges (below), and played cards go face down to the discard.

**Faux Pas**: for each chip, one card of your hand lies face up for all to see.
You choose which. A face-up card can still be played.

## Opposed actions
Those who join play toward every target in reverse order of joining: the
suitor who took the action plays last. Everyone has a three-card budget and
gains Rapport or a Faux Pas from their own results, target by target: reaching
the first target gives 1 Rapport, the second 2, the third a pile card; missing a
raised target gives a Faux Pas. Only the highest total on the current target
may raise (among a tie, any of them). Whoever is highest on the last target
prevails; a tie is settled by the narrator or a 1d10 roll-off.

## Arguments
Once per round you may start an argument with another suitor by spending one or
more Rapport chips. They may spend the same number to avoid it, and then nobody
may argue with them again this round. Otherwise each side sets a stake: to see
the other's match clues, their sorceress clues, their hand, or a promise written
into the pact log. The initiator plays first; no Rapport is gained or spent.
Missing a target takes your stake off the table. Whoever reached a target and
has cards left may raise; a raiser whose opponent does not follow must reach
the new target, or the previous target's cards decide. Ties: 1d10 roll-off. The
winner reads what they won behind the curtain.

## The narrator
A person may narrate from a referee seat with a console showing every secret.
After each action they may award Rapport chips (for fine role-play or a good
complication) and may tell a missed action as a success with a twist; at the
open floor they may award a chip or end the round; they settle ties and may
reject an argument's stake. Before an argument is settled they may count a
side's cards played beyond a target as the target itself, so pouring on cards
to inflate a total gains nothing. When **the island** narrates, the other
suitors vote after each action: a majority of yes votes gives the actor an
extra chip. The island never reduces played values: that power is not used.

## The round end
A round ends when a pile is emptied, when every suitor is out of cards, when
the floor is declined all round, or when the narrator says so. Suitors with
Rapport spend it, most Rapport first (ties: 1d10): all of it at once, on one of
* refilling your hand to seven by choosing cards from the discard pile;
* clearing every Faux Pas;
* one new true clue of a kind you choose (kinds you have exhausted are not offered);
or keep it. Then the discard pile is shuffled and everyone who did not refill
draws up to seven.

## Retiring and winning
At the open floor, a suitor holding seven cards of one suit may **retire**: the
hand is shown and the suitor names the sorceress. The right suit for their
match and the right woman: they win, and the game ends. Anything else: they are
out. The Tempted can never win this way.

When the last card of the last pile is drawn, or when the last round ends (a
setup option, 10 by default), every suitor still in may retire in seat order,
and then the game ends. If nobody won by retiring and the Tempted holds the
queen of the sorceress's suit, the Tempted wins. Otherwise everyone stays on
the island.

## Parlour's choices
* Starting an argument uses the floor, like an action.
* A failed retirement is announced with its reason: the wrong suit, the wrong
  woman named, or both. Everyone may learn from it.
* Raising again after a miss is not possible; reaching a raised target is
  judged against the final dice, after any re-roll by a later player.
* "Cut short" counts turns at the floor: a suitor who acted, argued or declined
  since every suitor last had a turn was not cut short.
* Any suitor still in may retire whenever the floor is open, even right after
  acting.
* A round that ends because a pile ran out ends once the action that emptied
  it is fully resolved (including the vote); so do the final retirements.
* Refilling by choice needs at least one card in the discard pile.
* After an opposed action the table votes only on the suitor who took it.
* When the last round ends, spending and refills happen first, then the final
  retirements.
* Clue kinds: a suit your match is not, a suit the sorceress is not, your match's
  colour, the sorceress's colour, whether another suitor shares your match, a
  like or dislike of your match, whose a given like or dislike is, and whether a
  woman's suit is a given suit. "Match clues" in an argument are all clues that
  are not about the sorceress.
"""

_PHASES: dict[str, str] = {
    PromptKind.FLOOR: "The open floor: claim an action aimed at a woman, start an argument, "
    "retire with seven cards of one suit, or decline.",
    PromptKind.JOIN: "Someone took an action: you may join in opposition before the target is "
    "rolled.",
    PromptKind.PLAY: "Play 1 to 3 cards toward the target (at least one), and spend Rapport to "
    "excel if you can: re-roll a die first, +3 for a pair, +3 for three of a suit.",
    PromptKind.RAISE: "You reached the target: raise the stakes for more Rapport (a new target "
    "with only your remaining cards), or stop here.",
    PromptKind.FOLLOW: "Your opponent raised the stakes: follow (play toward the new target) "
    "or not.",
    PromptKind.DRAW: "Third success: take the top card of a woman's pile and learn what she likes.",
    PromptKind.VOTE: "The island narrates: vote whether that action earned an extra Rapport chip.",
    PromptKind.ANSWER: "Someone started an argument with you: spend the same Rapport to avoid "
    "it, or accept.",
    PromptKind.STAKES: "Choose what you win if you win the argument.",
    PromptKind.SPEND: "Round end: spend all your Rapport on a refill by choice, on clearing "
    "Faux Pas, or on a new clue; or keep it.",
    PromptKind.FINAL: "Final retirements: retire now with seven cards of one suit and name the "
    "sorceress, or pass.",
    PromptKind.FAUX_PAS: "A Faux Pas: choose a card of your hand to lay face up.",
    PromptKind.TIE: "The narrator decides which tied suitor prevails.",
    PromptKind.VERDICT: "The narrator may award Rapport chips and may tell a miss as a twist.",
    PromptKind.REVIEW: "The narrator accepts the argument's stakes or rejects one.",
    PromptKind.TRIM: "Before the argument is settled, the narrator may count a side's cards "
    "played beyond a target as the target itself.",
}


phase_help = phase_helper(_PHASES, "The game is over: the resolution shows every secret.")
