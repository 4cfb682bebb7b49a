"""Captions for the Temptress's events at the table, the floor, the narrator's powers and
the round end that weigh the public view or have more than one shape (the arrival, the
narrator's rulings on stakes and values, a new round, the end), and the phrases their
caption templates name (``story.toml``).

Every caption reads the event's facts (who, which woman, the numbers) and the public
view just after the step.
"""

from __future__ import annotations

from enum import StrEnum

from rules.engine import Event
from rules.story import Phrase
from rules.teaching import EventCaption
from rules.temptress.caption_parts import one_line, rounds_left, seat_names
from rules.temptress.state import EventKind
from rules.temptress.views import TemptressView
from rules.wording import listed, plural

# --- setting the table ------------------------------------------------------------------


def _arrival(event: Event, view: TemptressView) -> str:
    if event.word("introductions"):
        return one_line(
            "Three of the four women are daughters and one is their mother, the sorceress.",
            "Each is secretly tied to a suit: her pile holds three honours of it and one decoy.",
            "Their personalities are all the table is told.",
        )
    return one_line(
        f"{len(event.whos('suitors'))} suitors come to court. Each has a secret perfect match",
        "among the four women. To leave the island a suitor must find her, gather seven cards",
        "of her suit and name the sorceress; everyone else stays behind.",
    )


# --- the narrator's powers ----------------------------------------------------------------


def _narrator_stakes(event: Event, view: TemptressView) -> str:
    if not event.whos("rejected"):
        return one_line(
            "The narrator judges whether stakes are fair. Both stand, so the contest begins:",
            "the initiator plays first, and no Rapport is won or spent.",
        )
    return one_line(
        "The narrator judged a stake unfit for this argument: that side chooses another",
        "before any card is played.",
    )


def _narrator_values(event: Event, view: TemptressView) -> str:
    side = event.whos("side")
    if not side:
        return one_line(
            "Before an argument is settled a person narrator may count cards played beyond a",
            "target as only the target. Here the totals stand as played.",
        )
    who = seat_names(view)[side[0]]
    total, goal = event.number("total"), event.number("goal")
    if view.narrator_seat is None:
        return one_line(
            f"{who}'s spent Rapport took the total to {total} toward {goal}. In an argument",
            "Rapport may help reach a target, never go beyond it, so the island counts it as",
            f"{goal}.",
        )
    return one_line(
        f"{who} played {total} toward {goal}, and the narrator counts it as {goal}: pouring",
        "on cards beyond a target gains nothing in an argument.",
    )


# --- the round end and the end ---------------------------------------------------------------


def _round_begins(event: Event, view: TemptressView) -> str:
    first = event.whos("first")
    if not first:
        return one_line(
            f"A new round, {rounds_left(view)}, with the floor open: anyone may claim, except",
            "whoever acted last until every other suitor has declined.",
        )
    called = seat_names(view)
    return one_line(
        f"{listed([called[s] for s in first])} had no turn at the floor before the last round",
        "ended: they were cut short, so they claim first now, each in turn. Then the open",
        "floor goes on as usual, so whoever acted last cannot claim first again.",
    )


def _game_end(event: Event, view: TemptressView) -> str:
    tempted = event.whos("tempted")
    if tempted:
        who = seat_names(view)[tempted[0]]
        return one_line(
            f"Nobody retired in triumph, so the Tempted gets their chance: {who}, matched to",
            "the sorceress herself, holds the queen of her suit and wins.",
        )
    return one_line(
        "Nobody retired in triumph, and no Tempted suitor ended with the queen of the",
        "sorceress's suit: every suitor stays on the island. The resolution shows every secret.",
    )


# --- phrases the floor's caption templates name ------------------------------------------------


def _round_of(event: Event, view: TemptressView) -> str:
    """Which round this is: "round 3 of 10"."""
    return rounds_left(view)


def _pile_left(event: Event, view: TemptressView) -> str:
    """The courted woman's pile now: " (3 cards left in her pile)"."""
    left = view.women[event.number("woman_index")].pile_size
    return f" ({plural(left, 'card')} left in her pile)"


def _in_a_row(event: Event, view: TemptressView) -> str:
    """How many have passed in a row, while the passes still count toward the round's end."""
    if event.who("suitor") not in view.declined:
        return ""
    active = [s for s in view.suitors if not s.out]
    return f" {len(view.declined)} of {len(active)} have passed in a row."


FLOOR_EVENTS: dict[StrEnum, EventCaption[TemptressView]] = {
    EventKind.ARRIVAL: _arrival,
    EventKind.NARRATOR_STAKES: _narrator_stakes,
    EventKind.NARRATOR_VALUES: _narrator_values,
    EventKind.ROUND_BEGINS: _round_begins,
    EventKind.GAME_END: _game_end,
}
"""The floor's captions that are functions; every other such event's caption is a
template of ``story.toml``."""

FLOOR_PHRASES: dict[str, Phrase] = {
    "round_of": _round_of,
    "pile_left": _pile_left,
    "in_a_row": _in_a_row,
}
