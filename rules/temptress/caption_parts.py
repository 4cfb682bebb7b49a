"""Words the Temptress's teaching captions share: the seats' names as the public view
tells them, a seat an event is about, and a few phrases of the rules.

A caption sees only the event (or the prompt) and the public view just after the step
that made it, which may have gone on past the event (a target judged, a round ended),
so who and what an event is about are its facts, and the view gives only what the
whole step cannot have changed.
"""

from __future__ import annotations

from rules.engine import Event, Seat
from rules.temptress.state import ContestKind
from rules.temptress.views import TemptressView


def seat_names(view: TemptressView) -> tuple[str, ...]:
    """Every seat's name, by seat: the suitors, then the narrator (a caption template's
    seats are told by these)."""
    return tuple(s.name for s in view.suitors) + (view.narrator_name,)


def named(event: Event, view: TemptressView, fact: str) -> str:
    """The name of the seat fact ``fact`` of ``event``."""
    return seat_names(view)[event.who(fact)]


def seat_name(view: TemptressView, seat: Seat | None) -> str:
    if seat is None:
        return "someone"
    if seat == view.narrator_seat:
        return view.narrator_name
    return view.suitors[seat].name if 0 <= seat < len(view.suitors) else "someone"


def is_argument(view: TemptressView) -> bool:
    return view.contest is not None and view.contest.kind == ContestKind.ARGUMENT


def cards_word(count: int) -> str:
    """``one card``, ``two cards``, ``three cards`` (budgets never go past three)."""
    words = {0: "no", 1: "one", 2: "two", 3: "three"}
    return f"{words.get(count, str(count))} card{'' if count == 1 else 's'}"


def rounds_left(view: TemptressView) -> str:
    """``round 3 of 10`` (or ``round 3`` without a limit)."""
    limit = f" of {view.round_limit}" if view.round_limit else ""
    return f"round {view.round}{limit}"


def one_line(*parts: str) -> str:
    """The parts as one caption: single spaces, no empty parts."""
    return " ".join(" ".join(p.split()) for p in parts if p.strip())


REACHED = {1: "1 Rapport", 2: "2 more Rapport", 3: "the top card of a woman's pile"}
"""What reaching an action's target gives, by its number (the ladder)."""


def missed(number: int) -> str:
    """What missing an action's target costs, by its number."""
    return "no Rapport, but no Faux Pas either" if number == 1 else "a Faux Pas"
