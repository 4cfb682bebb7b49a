"""What a caption of the Lantern may read: the names in a line of the story and what
the PUBLIC view shows (each Bard's cards, Ale and sleeps, the Loose Ends, whose turn it
is), in the few phrases the captions share (``event_captions``, ``captions``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.engine import Event
from rules.lantern.state import Keeper

if TYPE_CHECKING:
    from rules.lantern.view import BardSight, LanternView

SOMEONE = "A Bard"
"""Who a caption names when the line names no Bard it knows."""


def bard_names(view: LanternView) -> list[str]:
    """The Bards' names, longest first (so "Anna" is found before "Ann")."""
    return sorted((b.name for b in view.bards), key=len, reverse=True)


def lead(event: Event, view: LanternView) -> str:
    """The Bard the line begins with ("Ada passes.", "Ada's interruption ...")."""
    for who in bard_names(view):
        if event.text.startswith((who + " ", who + "'s ")):
            return who
    return SOMEONE


def named_in(event: Event, view: LanternView, pattern: str) -> str:
    """The Bard whose name, put in ``pattern`` at ``{}``, the line contains."""
    for who in bard_names(view):
        if pattern.replace("{}", who) in event.text:
            return who
    return SOMEONE


def sight(view: LanternView, who: str) -> BardSight | None:
    return next((b for b in view.bards if b.name == who), None)


def plural(count: int, word: str) -> str:
    return f"1 {word}" if count == 1 else f"{count} {word}s"


def card_count(count: int) -> str:
    return plural(count, "card")


def holds(view: LanternView, who: str) -> str:
    """'Ada holds 3 cards' (or '' when the Bard is not known)."""
    seen = sight(view, who)
    return "" if seen is None else f"{who} now holds {card_count(seen.cards)}"


def turn_name(view: LanternView) -> str:
    """Whose turn it is, by name ('nobody' when nobody's)."""
    return "nobody" if view.turn is None else view.bards[view.turn].name


def by_table(view: LanternView) -> bool:
    return view.barkeep == Keeper.TABLE


def loose_ends(view: LanternView) -> str:
    count = len(view.table)
    if not count:
        return "no Loose End lies on the table"
    return "1 Loose End lies on the table" if count == 1 else f"{count} Loose Ends lie on the table"


def sitting(view: LanternView) -> str:
    """'2 Bards sit' (how many are on the benches)."""
    count = sum(b.bench is not None for b in view.bards)
    return {0: "no Bard sits", 1: "only 1 Bard sits"}.get(count, f"{count} Bards sit")


ORDINALS = ("first", "second", "third")


def number_in(event: Event, pattern: str) -> int | None:
    found = re.search(pattern, event.text)
    return None if found is None else int(found.group(1))
