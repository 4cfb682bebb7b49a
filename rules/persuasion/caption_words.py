"""What Persuasion's captions read from a line and the public view: the names in
the line, each player's cards, the face-up cards and stamps, partners and singles."""

from __future__ import annotations

from itertools import product

from rules.engine import Event
from rules.persuasion.state import (
    CardSight,
    PersuasionView,
    Phase,
)
from rules.wording import listed

SOMEONE = "a player"
"""Who a caption names when the line names nobody it knows."""

LONGEST = 300
"""About the most a caption says, in characters."""

JUDGED = "the discards, the pile every player who ends single is judged on"


# --- what a line and the public view say -------------------------------------------------


def _names(view: PersuasionView) -> list[str]:
    return [p.name for p in view.players]


def _find(event: Event, view: PersuasionView, template: str) -> list[str]:
    """The players whose names, put in ``template``'s ``{}`` in order, make the line
    (``SOMEONE`` for each when no names do)."""
    count = template.count("{}")
    for names in product(_names(view), repeat=count):
        if template.format(*names) == event.text:
            return list(names)
    return [SOMEONE] * count


def _lead(event: Event, view: PersuasionView, after: str) -> str:
    """The player the line begins with, followed by ``after`` ("Ada flips up ...")."""
    for who in sorted(_names(view), key=len, reverse=True):
        if event.text.startswith(who + after):
            return who
    return SOMEONE


def _seat(view: PersuasionView, who: str) -> int | None:
    return next((p for p, sight in enumerate(view.players) if sight.name == who), None)


def _count(view: PersuasionView, who: str) -> int | None:
    seat = _seat(view, who)
    return None if seat is None else len(view.players[seat].cards)


def _cards(count: int | None) -> str:
    if count is None:
        return "some cards"
    return "1 card" if count == 1 else f"{count} cards"


def _and(names: list[str]) -> str:
    """ "Ann", "Ann and Dev", "Ann, Bo and Dev", or "nobody"."""
    return listed(names, "nobody")


def _face_up(view: PersuasionView, title: str) -> CardSight | None:
    """The face-up card called ``title``, in anyone's cards or in the discards."""
    piles = [p.cards for p in view.players] + [view.discards]
    return next(
        (s for pile in piles for s in pile if s.faceup and s.card and s.card.title == title), None
    )


def _face(sight: CardSight | None, view: PersuasionView) -> str:
    """ "(wealth, wealth; action: take author)": a face-up card's symbols (and action)."""
    if sight is None or sight.card is None:
        return ""
    symbols = ", ".join(sight.card.symbols)
    if view.evening_ball:
        return f" ({symbols})"
    return f" ({symbols}; action: {sight.card.action.replace('_', ' ')})"


def _token(view: PersuasionView, owner: int | None, holder: int | None) -> str:
    """What ``holder`` holds of ``owner``'s at this round's reception: "ring" when the
    rings delivered say so, else "seal" (a step that ends the reception may already
    have begun the next round's mailing)."""
    reception = view.round - 1 if view.phase == Phase.MAIL else view.round
    return "ring" if (reception, owner, holder) in view.proposals else "seal"


def _singles(view: PersuasionView) -> list[str]:
    engaged = {p for pair in view.exchanged for p in pair}
    return [p.name for seat, p in enumerate(view.players) if seat not in engaged]


def _partner(view: PersuasionView, who: str) -> str | None:
    seat = _seat(view, who)
    for a, b in view.exchanged:
        if seat in (a, b):
            return view.players[b if seat == a else a].name
    return None


def _discards(view: PersuasionView) -> str:
    return f"{_cards(len(view.discards))} now"


def _left(who: str, count: int | None) -> str:
    """ "Ada has 4 cards left.", or that the season ends for want of them."""
    if count == 0:
        return f"{who} has no cards left, so the season ends after this reception."
    return f"{who} has {_cards(count)} left."


def _keeps(view: PersuasionView, owner: str, holder: str) -> str:
    """What holding ``owner``'s seal or ring this round lets ``holder`` do."""
    if view.evening_ball:
        return f"so {holder} need not discard at the reception"
    return f"and with it the use of an action of one of {owner}'s cards {holder} is aware of"
