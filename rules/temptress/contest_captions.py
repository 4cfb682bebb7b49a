"""Captions for the Temptress's events within a contest: an action (joining, targets,
cards, raises, the ladder, prevailing, pile draws, the vote), the narrator's powers, and
an argument (answering, stakes, settling). The narrator's powers are in ``floor_captions``.

Every caption reads the event's own text and the public view (``caption_words``).
"""

from __future__ import annotations

import re
from enum import StrEnum

from rules.engine import Event
from rules.teaching import EventCaption
from rules.temptress.caption_words import (
    REACHED,
    after,
    cards_word,
    is_argument,
    missed,
    numbers,
    one_line,
    opener,
    seat_name,
    woman_in,
)
from rules.temptress.state import ContestStage, EventKind
from rules.temptress.views import TemptressView
from rules.wording import listed

# --- a contest ----------------------------------------------------------------------------


def _actor(view: TemptressView) -> str:
    return seat_name(view, view.contest.actor) if view.contest is not None else "the actor"


def _about_who(*parts: str) -> EventCaption:
    """A caption that names the suitor the event opens with (``{who}``) and the action's
    actor (``{actor}``); the rest of its words are the same every time."""
    template = one_line(*parts)

    def caption(event: Event, view: TemptressView) -> str:
        return template.format(who=opener(event.text, view), actor=_actor(view))

    return caption


def _target(event: Event, view: TemptressView) -> str:
    total = numbers(event.text)[-1]
    if event.text.startswith("Raised"):
        return one_line(
            f"The raised target is {total}. Only cards not yet played in this contest count",
            "toward it, from what is left of each three-card budget; totals for earlier",
            "targets do not carry over.",
        )
    excel = (
        "No Rapport may be spent in an argument."
        if is_argument(view)
        else "A Rapport chip can re-roll one die first."
    )
    return one_line(
        f"The target is three ten-sided dice: {total}. Each player plays 1 to 3 cards toward",
        "it, at least one even when it looks hopeless; number cards count as printed, J 11,",
        f"Q 12, K 13, A 14. {excel}",
    )


def _reroll(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    found = numbers(after(event.text, who))
    old, new, total = (found + [0, 0, 0])[:3]
    return one_line(
        f"{who} spent a Rapport chip to excel: the {old} was rolled again and came up {new},",
        f"so the target is now {total} for everyone. Each player may re-roll once per action,",
        "and only before playing toward that target.",
    )


_PLAYED = re.compile(r" plays (.+?)(?: \(\+(\d+) for spent Rapport\))?: (\d+) toward (\d+)\.$")


def _play(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    found = _PLAYED.search(after(event.text, who))
    if found is None:
        return f"{who} plays cards face up toward the target."
    cards, bonus, total, goal = (
        found.group(1),
        found.group(2),
        int(found.group(3)),
        int(found.group(4)),
    )
    count = len(cards.split())
    verdict = "enough to reach it" if total >= goal else f"{goal - total} short"
    extra = f" The +{bonus} was bought with Rapport (a pair or three of a suit)." if bonus else ""
    return one_line(
        f"{who} plays {cards_word(count)} face up: {total} against {goal}, {verdict}.{extra}",
        "Cards played in this contest use up the three-card budget, and go face down to the",
        "discard pile when it is over.",
    )


def _target_result(event: Event, view: TemptressView) -> str:
    reached = [
        p.split(" reaches")[0] for p in event.text.rstrip(".").split("; ") if " reaches" in p
    ]
    short = [p.split(" misses")[0] for p in event.text.rstrip(".").split("; ") if " misses" in p]
    contest = view.contest
    if is_argument(view):
        lost = f" {listed(short)} missed: their stake is off the table." if short else ""
        return one_line(
            "In an argument, reaching a target keeps your stake in play and missing one",
            f"takes it off the table, so even a win then gains nothing.{lost}",
        )
    if contest is None or contest.stage in (ContestStage.JOIN, ContestStage.PLAY):
        return one_line(
            "A total at least the target reaches it. In an action that earns Rapport, and a",
            "raised target missed costs a Faux Pas; in an argument, missing a target takes",
            "your stake off the table.",
        )
    number = contest.target
    parts = []
    if reached:
        parts.append(f"{listed(reached)} reached target {number}: {REACHED[number]}.")
    if short:
        parts.append(f"{listed(short)} missed it: {missed(number)}.")
    return one_line(
        *parts,
        "Each is paid by their own results once the action is over.",
    )


def _raised(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    if is_argument(view):
        return one_line(
            f"{who} raises: a new target. The other side may follow with cards left; if not,",
            f"{who} must reach it alone, or the cards played for the previous target settle",
            "the argument.",
        )
    return one_line(
        f"{who} raises the stakes: a new 3d10 target that only cards left of the budget can",
        "answer. Reaching it gives 2 more Rapport (or, on the third target, a pile card);",
        "missing it gives a Faux Pas, though what was already won is kept.",
    )


def _not_followed(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    raiser = view.contest.raiser if view.contest is not None else None
    them = seat_name(view, raiser) if raiser is not None else "the raiser"
    return one_line(
        f"{who} does not follow, so {them} plays alone toward the new target: reach it and",
        f"{them} wins the argument; miss it and the cards played for the previous target",
        "decide.",
    )


def _gains(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    now = next((s for s in view.suitors if s.name == who), None)
    holds = f" {who} now holds {now.rapport} Rapport and {now.faux_pas} Faux Pas." if now else ""
    return one_line(
        "Everyone in an action is paid by their own results: 1 Rapport for the first target,",
        "2 for the second, a pile card for the third, and a Faux Pas for each raised target",
        f"missed.{holds}",
    )


def _roll_off(event: Event, view: TemptressView) -> str:
    rolls = {
        s.name: int(found.group(1))
        for s in view.suitors
        if (found := re.search(rf"(?:: |, ){re.escape(s.name)} (\d+)(?:,|\.$)", event.text))
    }
    best = max(rolls.values(), default=0)
    top = [n for n, r in rolls.items() if r == best]
    result = (
        f"{top[0]} rolled highest."
        if len(top) == 1
        else f"{listed(top)} tied again at {best} and roll again."
    )
    return one_line(
        "A tie is broken by a 1d10 roll-off: each tied suitor rolls and the highest goes",
        f"first or wins. {result}",
    )


def _pile_draw(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    her = woman_in(after(event.text, who), view)
    return one_line(
        f"{who} reached a third target, which earns the top card of a pile still holding",
        f"cards and one of {her}'s likes or dislikes, both seen by {who} alone. Three of her",
        f"four cards are of her suit, so the honours {who} plays later hint at it.",
    )


def _woman_retired(event: Event, view: TemptressView) -> str:
    her = woman_in(event.text, view)
    last = all(w.pile_size == 0 for w in view.women)
    then = (
        "That was the last pile card: the final retirements follow."
        if last
        else "An emptied pile ends the round once this action is settled."
    )
    return one_line(
        f"{her}'s pile is empty, so she retires: nobody may court her any more, though she",
        f"may still be named as the sorceress. {then}",
    )


def _vote_result(event: Event, view: TemptressView) -> str:
    yes, no = (numbers(event.text) + [0, 0])[:2]
    won = "a majority, so the actor has the chip" if yes > no else "no majority, so no chip"
    return one_line(
        f"{yes} yes against {no} no: {won}. Only the suitor who took the action can earn it,",
        "and the played cards now go face down to the discard pile.",
    )


# --- arguments -----------------------------------------------------------------------------


def _stake(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    what = after(event.text, who).split(": ", 1)[-1].rstrip(".")
    what = "a promise (its words are in the story)" if what.startswith("a promise") else what
    return one_line(
        f"{who} stakes {what}: that is what {who} gets by winning. Clues or a hand won are",
        "shown to the winner alone; a promise goes into the pact log for all to see.",
    )


def _nothing_won(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    return one_line(
        f"{who} missed a target on the way, which took their stake off the table: the",
        "argument is won for nothing, and the other side's secrets stay hidden.",
    )


def _pact(event: Event, view: TemptressView) -> str:
    return one_line(
        "A promise won in an argument goes into the pact log, for everyone to read. The",
        f"rules do not enforce it; the table holds the promiser to it ({len(view.pacts)} in",
        "the log now).",
    )


def _stake_seen(event: Event, view: TemptressView) -> str:
    who = opener(event.text, view)
    return one_line(
        f"{who} won the right to see the other's clues or hand, as they are right now. Only",
        f"{who} reads them; the table knows only that {who} now knows more.",
    )


CONTEST_EVENTS: dict[StrEnum, EventCaption] = {
    EventKind.JOINED: _about_who(
        "{who} joins against {actor}. Opponents play toward every target too, in",
        "reverse order of joining (the actor last), each with a three-card budget, and earn",
        "Rapport or Faux Pas by their own results. The highest total on the last target",
        "gets their intention.",
    ),
    EventKind.STAYED_OUT: _about_who(
        "{who} stays out of {actor}'s action: no cards risked and nothing to win",
        "from it. Only those who join play toward its targets.",
    ),
    EventKind.TARGET: _target,
    EventKind.REROLL: _reroll,
    EventKind.PLAY: _play,
    EventKind.TARGET_RESULT: _target_result,
    EventKind.RAISED: _raised,
    EventKind.NOT_RAISED: _about_who(
        "{who} stops instead of raising: what was already won is safe and no Faux Pas can",
        "come of it, and the cards left of the budget stay in hand for later.",
    ),
    EventKind.FOLLOWED: _about_who(
        "{who} follows the raise: both sides play toward the new target with the cards left",
        "of their budgets. The higher total wins; missing takes a stake off the table.",
    ),
    EventKind.NOT_FOLLOWED: _not_followed,
    EventKind.GAINS: _gains,
    EventKind.PREVAILS: _about_who(
        "In an opposed action only the highest total on the last target gets their intention,",
        "reached or not: {who} had it, so {who}'s aim in this scene succeeds. Rapport was",
        "already paid to each by their own results.",
    ),
    EventKind.ROLL_OFF: _roll_off,
    EventKind.PILE_DRAW: _pile_draw,
    EventKind.WOMAN_RETIRED: _woman_retired,
    EventKind.VOTE: _about_who(
        "With the island narrating, {who} and every other suitor who did not take the",
        "action vote once on an extra Rapport chip for {actor}. When all have voted,",
        "more yes than no gives the chip; an abstention counts for neither side.",
    ),
    EventKind.VOTE_RESULT: _vote_result,
    EventKind.ARGUMENT_AVOIDED: _about_who(
        "{who} pays as much Rapport as the argument cost to avoid it: no cards are played,",
        "the chips both spent are gone, and nobody may argue with {who} again this round.",
    ),
    EventKind.ARGUMENT_ACCEPTED: _about_who(
        "{who} accepts. Each side sets a stake: the other's match clues, sorceress clues,",
        "hand, or a promise. Then both play cards, the initiator first, with no Rapport won",
        "or spent; missing a target takes your own stake off the table.",
    ),
    EventKind.STAKE: _stake,
    EventKind.PREVIOUS_TARGET: _about_who(
        "{who} raised, played alone and missed. A raiser whose opponent does not follow",
        "must reach the new target; otherwise the cards played for the previous target",
        "decide who wins.",
    ),
    EventKind.ARGUMENT_WON: _about_who(
        "{who} has the higher total on the deciding target (a tie goes to a roll-off), so",
        "{who} wins. The winner collects their own stake if it is still on the table; the",
        "loser gets nothing either way.",
    ),
    EventKind.NOTHING_WON: _nothing_won,
    EventKind.PACT: _pact,
    EventKind.STAKE_SEEN: _stake_seen,
}
