"""What Persuasion's captions weigh in the public view: how many cards each player
holds, the face-up cards, seals and rings, partners and singles. Who and what an
event is about are its facts (``told.py``); these only count and look up the table."""

from __future__ import annotations

from rules.engine import Event, Seat
from rules.persuasion.state import PersuasionView, Phase
from rules.wording import listed, plural

LONGEST = 300
"""About the most a caption says, in characters."""

JUDGED = "the discards, the pile every player who ends single is judged on"


def names(view: PersuasionView) -> tuple[str, ...]:
    """The seats' names, in seat order (a template's seats are told by them)."""
    return tuple(p.name for p in view.players)


def name(view: PersuasionView, seat: Seat) -> str:
    return view.players[seat].name


def and_(words: list[str]) -> str:
    """ "Ann", "Ann and Dev", "Ann, Bo and Dev", or "nobody"."""
    return listed(words, "nobody")


def cards(count: int) -> str:
    """ "1 card", "4 cards"."""
    return plural(count, "card")


def holding(view: PersuasionView, seat: Seat) -> int:
    """How many cards ``seat`` holds now."""
    return len(view.players[seat].cards)


def discards_now(view: PersuasionView) -> str:
    return f"{cards(len(view.discards))} now"


def left(view: PersuasionView, seat: Seat) -> str:
    """ "Ada has 4 cards left.", or that the season ends for want of them."""
    who, count = name(view, seat), holding(view, seat)
    if count == 0:
        return f"{who} has no cards left, so the season ends after this reception."
    return f"{who} has {cards(count)} left."


def face(event: Event, view: PersuasionView) -> str:
    """ " (wealth, wealth; action: take author)": the symbols (and, but at the Evening
    Ball, the action) of the face-up card ``event`` names."""
    symbols = ", ".join(event.words("symbols"))
    if view.evening_ball:
        return f" ({symbols})"
    return f" ({symbols}; action: {event.word('action')})"


def lies_with(view: PersuasionView, title: str) -> Seat | None:
    """The player whose cards hold the face-up card called ``title`` (None: it lies in
    the discards). Titles are unique in a pack, and a face-up card's is public."""
    return next(
        (
            seat
            for seat, player in enumerate(view.players)
            if any(s.faceup and s.card is not None and s.card.title == title for s in player.cards)
        ),
        None,
    )


def token(view: PersuasionView, owner: Seat, holder: Seat) -> str:
    """What ``holder`` holds of ``owner``'s at this round's reception: "ring" when the
    rings delivered say so, else "seal" (a step that ends the reception may already
    have begun the next round's mailing)."""
    reception = view.round - 1 if view.phase == Phase.MAIL else view.round
    return "ring" if (reception, owner, holder) in view.proposals else "seal"


def singles(view: PersuasionView) -> list[str]:
    """The names of the players who have not exchanged rings."""
    engaged = {p for pair in view.exchanged for p in pair}
    return [p.name for seat, p in enumerate(view.players) if seat not in engaged]


def partner(view: PersuasionView, seat: Seat) -> Seat | None:
    """Whom ``seat`` exchanged rings with (None: nobody, yet)."""
    for a, b in view.exchanged:
        if seat in (a, b):
            return b if seat == a else a
    return None


def keeps(view: PersuasionView, owner: Seat, holder: Seat) -> str:
    """What holding ``owner``'s seal or ring this round lets ``holder`` do."""
    if view.evening_ball:
        return f"so {name(view, holder)} need not discard at the reception"
    return (
        f"and with it the use of an action of one of {name(view, owner)}'s cards "
        f"{name(view, holder)} is aware of"
    )
