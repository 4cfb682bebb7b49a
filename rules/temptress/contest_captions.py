"""Captions for the Temptress's events within a contest that weigh the public view or
have more than one shape (targets, cards played, verdicts, raises, roll-offs, the
vote's count), and the phrases the contest's caption templates name (``story.toml``).

Every caption reads the event's facts (who, which target, the numbers) and the public
view just after the step.
"""

from __future__ import annotations

from enum import StrEnum

from rules.engine import Event
from rules.story import Phrase
from rules.teaching import EventCaption
from rules.temptress.caption_parts import (
    REACHED,
    cards_word,
    is_argument,
    missed,
    named,
    one_line,
    seat_names,
)
from rules.temptress.state import ContestStage, EventKind
from rules.temptress.views import TemptressView
from rules.wording import listed


def _names(event: Event, view: TemptressView, fact: str) -> list[str]:
    """The names of the seats fact ``fact`` of ``event``, in its order."""
    called = seat_names(view)
    return [called[s] for s in event.whos(fact)]


def _target(event: Event, view: TemptressView) -> str:
    total = event.number("total")
    if event.number("number") > 1:
        return one_line(
            f"The raised target is {total}. Only cards not yet played in this contest count",
            "toward it, from what is left of each three-card budget; totals for earlier",
            "targets do not carry over.",
        )
    excel = (
        "Rapport may help reach the target, never go beyond it: the initiator may re-roll."
        if is_argument(view)
        else "The suitor who took the action may spend a Rapport chip to re-roll one die first."
    )
    return one_line(
        f"The target is three ten-sided dice: {total}. Each player plays 1 to 3 cards toward",
        "it, at least one even when it looks hopeless; number cards count as printed, J 11,",
        f"Q 12, K 13, A 14. {excel}",
    )


def _play(event: Event, view: TemptressView) -> str:
    who = named(event, view, "suitor")
    bonus, total, goal = event.number("bonus"), event.number("total"), event.number("goal")
    verdict = "enough to reach it" if total >= goal else f"{goal - total} short"
    extra = f" The +{bonus} was bought with Rapport (a pair or three of a suit)." if bonus else ""
    return one_line(
        f"{who} plays {cards_word(event.number('count'))} face up: {total} against {goal},",
        f"{verdict}.{extra} Cards played in this contest use up the three-card budget, and go",
        "face down to the discard pile when it is over.",
    )


def _target_result(event: Event, view: TemptressView) -> str:
    reached, short = _names(event, view, "reached"), _names(event, view, "missed")
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
    number = event.number("number")
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
    who = named(event, view, "suitor")
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


def _roll_off(event: Event, view: TemptressView) -> str:
    called = seat_names(view)
    top = [called[s] for s in sorted(event.whos("highest"))]
    result = (
        f"{top[0]} rolled highest."
        if len(top) == 1
        else f"{listed(top)} tied again at {event.number('best')} and roll again."
    )
    return one_line(
        "A tie is broken by a 1d10 roll-off: each tied suitor rolls and the highest goes",
        f"first or wins. {result}",
    )


def _vote_result(event: Event, view: TemptressView) -> str:
    yes, no = event.number("yes"), event.number("no")
    won = "a majority, so the actor has the chip" if yes > no else "no majority, so no chip"
    return one_line(
        f"{yes} yes against {no} no: {won}. Only the suitor who took the action can earn it,",
        "and the played cards now go face down to the discard pile.",
    )


# --- phrases the contest's caption templates name -------------------------------------------


def _holds(event: Event, view: TemptressView) -> str:
    """What the suitor paid now holds: "1 Rapport and 0 Faux Pas"."""
    now = view.suitors[event.who("suitor")]
    return f"{now.rapport} Rapport and {now.faux_pas} Faux Pas"


def _what_follows(event: Event, view: TemptressView) -> str:
    """What an emptied pile brings: the round's end, or the final retirements."""
    if all(w.pile_size == 0 for w in view.women):
        return "That was the last pile card: the final retirements follow."
    return "An emptied pile ends the round once this action is settled."


def _staked(event: Event, view: TemptressView) -> str:
    """The stake in words; a promise's own words are the story's, not the caption's."""
    if event.word("promise"):
        return "a promise (its words are in the story)"
    return event.word("stake")


def _pacts_kept(event: Event, view: TemptressView) -> str:
    """How many promises the pact log holds now."""
    return str(len(view.pacts))


CONTEST_EVENTS: dict[StrEnum, EventCaption[TemptressView]] = {
    EventKind.TARGET: _target,
    EventKind.PLAY: _play,
    EventKind.TARGET_RESULT: _target_result,
    EventKind.RAISED: _raised,
    EventKind.ROLL_OFF: _roll_off,
    EventKind.VOTE_RESULT: _vote_result,
}
"""The contest's captions that are functions; every other contest event's caption is a
template of ``story.toml``."""

CONTEST_PHRASES: dict[str, Phrase] = {
    "holds": _holds,
    "what_follows": _what_follows,
    "staked": _staked,
    "pacts_kept": _pacts_kept,
}
