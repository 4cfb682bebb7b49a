"""What the Temptress's teaching captions read from an event's text and the public view:
the names in a line, its numbers, and a few phrases every caption shares.

A caption sees only the event (or the prompt) and the public view just after the step
that made it, which may have gone on past the event (a target judged, a round ended),
so an event's caption reads its facts from the event's own text, and from the view only
what the whole step cannot have changed.
"""

from __future__ import annotations

import re

from rules.engine import Seat
from rules.temptress.state import ContestKind
from rules.temptress.views import TemptressView


def people(view: TemptressView) -> tuple[str, ...]:
    """Every name that can open a line of the story: the suitors, then the narrator."""
    return tuple(s.name for s in view.suitors) + (view.narrator_name,)


def named_in(text: str, names: tuple[str, ...]) -> list[str]:
    """The ``names`` found in ``text``, in the order they first appear (at one place the
    longest name that fits, so "Anna" is not read as "Ann")."""
    found: list[tuple[int, int, str]] = []
    for name in names:
        at = text.find(name) if name else -1
        if at >= 0:
            found.append((at, -len(name), name))
    found.sort()
    kept: list[str] = []
    end = -1
    for at, minus_length, name in found:
        if at >= end and name not in kept:
            kept.append(name)
            end = at - minus_length
    return kept


def opener(text: str, view: TemptressView) -> str:
    """The suitor (or narrator) whose name the line begins with ('someone' if none)."""
    fits = [n for n in people(view) if n and text.startswith(n)]
    return max(fits, key=len) if fits else "someone"


def after(text: str, who: str) -> str:
    """The line after the name it opens with."""
    return text[len(who) :] if text.startswith(who) else text


def suitors_in(text: str, view: TemptressView) -> list[str]:
    return named_in(text, tuple(s.name for s in view.suitors))


def woman_in(text: str, view: TemptressView) -> str:
    """The first woman named in the line ('a woman' if none)."""
    found = named_in(text, tuple(w.name for w in view.women))
    return found[0] if found else "a woman"


def pile_of(view: TemptressView, woman: str) -> int | None:
    return next((w.pile_size for w in view.women if w.name == woman), None)


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


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
