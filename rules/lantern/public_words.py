"""What a caption of the Lantern says of the PUBLIC view: each seat's name, each Bard's
cards, whose turn it is, the Loose Ends on the table, who keeps the bar. Who an event is
about is one of its facts; these are the words the captions share for the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Seat
from rules.lantern.state import Keeper
from rules.wording import plural

if TYPE_CHECKING:
    from rules.lantern.view import LanternView

SOMEONE = "A Bard"
"""Who a prompt's caption names when the view shows no play to name its teller by."""
ORDINALS = ("first", "second", "third")


def seat_names(view: LanternView) -> tuple[str, ...]:
    """Every seat's name, as the story tells seats: the Bards, then a person Barkeep, then
    everyone who came since (by seat)."""
    return view.names


def seat_name(view: LanternView, seat: Seat) -> str:
    return seat_names(view)[seat]


def card_count(count: int) -> str:
    """ "1 card", "3 cards"."""
    return plural(count, "card")


def holds(view: LanternView, bard: Seat) -> str:
    """ "Ada now holds 3 cards"."""
    sight = view.bard(bard)
    return f"{sight.name} now holds {card_count(sight.cards)}"


def turn_name(view: LanternView) -> str:
    """Whose turn it is, by name ('nobody' when nobody's)."""
    return "nobody" if view.turn is None else view.bard(view.turn).name


def by_table(view: LanternView) -> bool:
    """Whether the table keeps the bar (the Bards vote on plays)."""
    return view.barkeep == Keeper.TABLE


def loose_ends(view: LanternView) -> str:
    """ "2 Loose Ends lie on the table"."""
    count = len(view.table)
    if not count:
        return "no Loose End lies on the table"
    return "1 Loose End lies on the table" if count == 1 else f"{count} Loose Ends lie on the table"


def sitting(view: LanternView) -> str:
    """ "2 Bards sit" (how many are on the benches)."""
    count = sum(b.bench is not None for b in view.bards)
    return {0: "no Bard sits", 1: "only 1 Bard sits"}.get(count, f"{count} Bards sit")
