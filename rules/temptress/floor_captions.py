"""Captions for the Temptress's events at the table, the floor and the round end: setting
the table, claims, declines, retirements, the narrator's powers, spending, refills, new
rounds and the end.

Every caption reads the event's own text and the public view (``caption_words``).
"""

from __future__ import annotations

import re
from enum import StrEnum

from rules.engine import Event
from rules.teaching import EventCaption
from rules.temptress.caption_words import (
    after,
    numbers,
    one_line,
    opener,
    pile_of,
    rounds_left,
    seat_name,
    suitors_in,
    woman_in,
)
from rules.temptress.state import EventKind
from rules.temptress.table import plural
from rules.temptress.views import TemptressView

# --- setting the table ------------------------------------------------------------------


def _arrival(event: Event, view: TemptressView) -> str:
    if event.text.startswith("Four women"):
        return one_line(
            "Three of the four women are daughters and one is their mother, the sorceress.",
            "Each is secretly tied to a suit: her pile holds three honours of it and one decoy.",
            "Their personalities are all the table is told.",
        )
    return one_line(
        f"{len(view.suitors)} suitors come to court. Each has a secret perfect match among",
        "the four women. To leave the island a suitor must find her, gather seven cards of",
        "her suit and name the sorceress; everyone else stays behind.",
    )


def _opening(event: Event, view: TemptressView) -> str:
    who = suitors_in(event.text, view)
    oldest = who[0] if who else "The oldest suitor"
    return one_line(
        f"{oldest} is the oldest, so {oldest} claims first. After that anyone may claim the",
        "floor except whoever acted last, unless every other suitor has declined since.",
        f"This is {rounds_left(view)}.",
    )


# --- the open floor ------------------------------------------------------------------------


def _claim(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    her = woman_in(after(event.text, who), view)
    left = pile_of(view, her)
    pile = f" ({plural(left, 'card')} left in her pile)" if left is not None else ""
    return one_line(
        f"{who} takes the floor and courts {her}{pile}. Suitors with cards may join in",
        "opposition; then 3d10 sets the target and everyone in plays 1 to 3 cards toward it.",
        "Reaching it earns Rapport, the chips that buy clues, refills and excels.",
    )


def _decline(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    seat = next((i for i, s in enumerate(view.suitors) if s.name == who), None)
    active = [s for s in view.suitors if not s.out]
    count = ""
    if seat is not None and seat in view.declined:
        count = f"{len(view.declined)} of {len(active)} have passed in a row."
    return one_line(
        f"{who} lets the floor pass, which costs nothing and keeps the cards for later.",
        "When every suitor still in passes in a row, the round ends and Rapport is spent.",
        count,
    )


def _argument(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    found = [n for n in suitors_in(after(event.text, who), view) if n != who]
    other = found[0] if found else "the other suitor"
    chips = re.search(r"spends (\d+) Rapport", event.text)
    cost = chips.group(1) if chips else "the same"
    return one_line(
        f"{who} may start one argument a round, and pays Rapport for it. {other} may pay",
        f"{cost} too to avoid it (and be safe from arguments until the round ends), or accept:",
        "then both set stakes and play cards, with no Rapport won or lost.",
    )


def _retirement(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    her = woman_in(event.text.rsplit(" and names ", 1)[-1], view)
    return one_line(
        f"{who} holds seven cards of one suit, so {who} may retire: the hand is shown and",
        f"{her} is named as the sorceress. {who} wins only if the suit is their perfect",
        f"match's and {her} really is the sorceress; anything else puts {who} out.",
    )


def _retired_right(event: Event, view: TemptressView) -> str:
    winners = view.outcome.winners if view.outcome is not None else ()
    who = seat_name(view, winners[0]) if winners else "The suitor"
    return one_line(
        f"{who} was right on both counts: the suit of their perfect match, and the",
        "sorceress unmasked. That ends the game at once. Everyone else, the Tempted too,",
        "stays on the island.",
    )


def _retired_wrong(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    record = next((r for r in reversed(view.retirements) if seat_name(view, r.seat) == who), None)
    lessons = []
    if record is not None and not record.right_woman:
        lessons.append(f"{view.women[record.accused].name} is not the sorceress")
    if record is not None and not record.right_suit and record.hand:
        lessons.append(f"{record.hand[0].suit.value} do not win for {who}")
    learned = f" The table learns that {' and '.join(lessons)}." if lessons else ""
    return one_line(
        f"A retirement must be right on both counts, and {who}'s was not, so {who} is out of",
        f"the game and the hand goes to the discard pile.{learned}",
    )


def _faux_pas(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    shown = re.search(r" lays (.+) face up for a Faux Pas\.$", after(event.text, who))
    card = shown.group(1) if shown else "a card"
    return one_line(
        f"Each Faux Pas keeps one card of the hand face up, and {who} chose {card}. It can",
        "still be played, but everyone can read it: a hint at the suit",
        f"{who} is gathering. Clearing Faux Pas costs Rapport at a round end.",
    )


# --- the narrator's powers --------------------------------------------------------------------


def _narrator_award(event: Event, view: TemptressView) -> str:
    found = suitors_in(event.text, view)
    who = found[0] if found else "a suitor"
    return one_line(
        "A person narrating may award Rapport chips for fine role-play or a good",
        f"complication, after an action or while the floor is open. {who} gains one to",
        "spend on excels, arguments or the round end.",
    )


def _narrator_twist(event: Event, view: TemptressView) -> str:
    found = suitors_in(event.text, view)
    who = found[0] if found else "the actor"
    return one_line(
        f"{who} missed, and the narrator tells it as a success with a twist: the story goes",
        "on as if it worked, but a twist earns no Rapport.",
    )


def _narrator_tie(event: Event, view: TemptressView) -> str:
    found = suitors_in(event.text, view)
    who = found[0] if found else "one of them"
    return one_line(
        "The highest totals on the last target tied. With a person narrating, the narrator",
        f"settles who gets the intention instead of a roll-off: {who}. Rapport and Faux Pas",
        "still follow each suitor's own results.",
    )


def _narrator_stakes(event: Event, view: TemptressView) -> str:
    if event.text.startswith("The narrator accepts"):
        return one_line(
            "The narrator judges whether stakes are fair. Both stand, so the contest begins:",
            "the initiator plays first, and no Rapport is won or spent.",
        )
    return one_line(
        "The narrator judged a stake unfit for this argument: that side chooses another",
        "before any card is played.",
    )


def _narrator_values(event: Event, view: TemptressView) -> str:
    if event.text.startswith("The narrator lets"):
        return one_line(
            "Before an argument is settled a person narrator may count cards played beyond a",
            "target as only the target. Here the totals stand as played.",
        )
    found = suitors_in(event.text, view)
    who = found[0] if found else "One side"
    total, goal = (numbers(after(event.text, who))[-3:] + [0, 0])[:2]
    return one_line(
        f"{who} played {total} toward {goal}, and the narrator counts it as {goal}: pouring",
        "on cards beyond a target gains nothing in an argument.",
    )


# --- the round end --------------------------------------------------------------------------


def _round_end(event: Event, view: TemptressView) -> str:
    why = event.text.split(": ", 1)[-1].rstrip(".")
    return one_line(
        f"The round ends because {why}. Suitors with Rapport now spend all of it, most",
        "first: on a refill by choice, on clearing every Faux Pas, or on a new clue; or they",
        "keep it. Then hands are refilled to seven.",
    )


def _spending_order(event: Event, view: TemptressView) -> str:
    return one_line(
        "Most Rapport spends first (ties go to a 1d10 roll-off), so the richest suitor",
        "chooses from the discard pile before anyone else refills.",
    )


def _spend(doing: str, meaning: str) -> EventCaption:
    def caption(event: Event, view: TemptressView) -> str:
        who = opener(event.text, view)
        return one_line(f"{who} {doing}. {meaning.replace('{who}', who)}")

    return caption


def _refill(event: Event, view: TemptressView) -> str:
    return one_line(
        "Spending is over. The discard pile, every card played, is shuffled, and each",
        "suitor who did not refill by choice draws back up to seven from it.",
    )


def _round_begins(event: Event, view: TemptressView) -> str:
    cut = re.search(r"begins\. (.+) had no turn", event.text)
    if cut is None:
        return one_line(
            f"A new round, {rounds_left(view)}, with the floor open: anyone may claim, except",
            "whoever acted last until every other suitor has declined.",
        )
    return one_line(
        f"{cut.group(1)} had no turn at the floor before the last round ended: they were cut",
        "short, so they claim first now, each in turn. Then the open floor goes on as",
        "usual, so whoever acted last cannot claim first again.",
    )


# --- the end ---------------------------------------------------------------------------------


def _final_retirements(event: Event, view: TemptressView) -> str:
    return one_line(
        "No more rounds: every suitor still in has one last chance to retire, in seat order.",
        "If nobody wins that way, the Tempted wins holding the queen of the sorceress's suit;",
        "otherwise the island keeps everyone.",
    )


def _final_pass(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    return one_line(
        f"{who} does not retire: without seven of the right suit and the right woman to",
        f"name, it would only put {who} out. {who} stays in and hopes nobody else wins.",
    )


def _game_end(event: Event, view: TemptressView) -> str:
    winners = view.outcome.winners if view.outcome is not None else ()
    if winners:
        who = seat_name(view, winners[0])
        return one_line(
            f"Nobody retired in triumph, so the Tempted gets their chance: {who}, matched to",
            "the sorceress herself, holds the queen of her suit and wins.",
        )
    return one_line(
        "Nobody retired in triumph, and no Tempted suitor ended with the queen of the",
        "sorceress's suit: every suitor stays on the island. The resolution shows every secret.",
    )


FLOOR_EVENTS: dict[StrEnum, EventCaption] = {
    EventKind.ARRIVAL: _arrival,
    EventKind.OPENING: _opening,
    EventKind.CLAIM: _claim,
    EventKind.DECLINE: _decline,
    EventKind.ARGUMENT: _argument,
    EventKind.RETIREMENT: _retirement,
    EventKind.RETIRED_RIGHT: _retired_right,
    EventKind.RETIRED_WRONG: _retired_wrong,
    EventKind.FAUX_PAS: _faux_pas,
    EventKind.NARRATOR_AWARD: _narrator_award,
    EventKind.NARRATOR_TWIST: _narrator_twist,
    EventKind.NARRATOR_TIE: _narrator_tie,
    EventKind.NARRATOR_STAKES: _narrator_stakes,
    EventKind.NARRATOR_VALUES: _narrator_values,
    EventKind.ROUND_END: _round_end,
    EventKind.SPENDING_ORDER: _spending_order,
    EventKind.SPEND_REFILL: _spend(
        "spends every chip on a refill by choice",
        "{who} picks cards from the discard pile, unseen by the rest, up to seven in hand: "
        "the surest way to gather a suit. {who} draws nothing more at the shuffle.",
    ),
    EventKind.SPEND_CLEAR: _spend(
        "spends every chip to clear all Faux Pas",
        "The face-up cards are hidden again, so the table can no longer read {who}'s hand.",
    ),
    EventKind.SPEND_CLUE: _spend(
        "spends every chip on a new clue",
        "{who} chooses the kind (a suit, a colour, a preference, a shared match...) and is "
        "told one true clue of it, in private.",
    ),
    EventKind.SPEND_KEEP: _spend(
        "keeps their Rapport",
        "Kept chips can pay for excels, start or avoid arguments, and spend earlier at the "
        "next round end, where more chips go first.",
    ),
    EventKind.REFILL: _refill,
    EventKind.ROUND_BEGINS: _round_begins,
    EventKind.FINAL_RETIREMENTS: _final_retirements,
    EventKind.FINAL_PASS: _final_pass,
    EventKind.GAME_END: _game_end,
}
