"""Clues: every true statement a suitor could be told, and how it reads.

``true_clues(state, seat, kind)`` lists every true clue of a kind for that
suitor; the round-end "new clue" picks one the suitor does not hold yet.
"""

from __future__ import annotations

from rules.cards import Suit
from rules.temptress.state import Clue, ClueKind, TemptressState

KIND_NAMES = {
    ClueKind.NOT_MATCH_SUIT: "a suit your match is not",
    ClueKind.NOT_SORCERESS_SUIT: "a suit the sorceress is not",
    ClueKind.MATCH_COLOUR: "your match's colour",
    ClueKind.SORCERESS_COLOUR: "the sorceress's colour",
    ClueKind.SHARES_MATCH: "whether another suitor shares your match",
    ClueKind.MATCH_PREFERENCE: "a preference of your match",
    ClueKind.PREFERENCE_OWNER: "whose a preference is",
    ClueKind.WOMAN_SUIT: "a woman's suit (is or is not)",
}
CLUE_KINDS = tuple(ClueKind)


def _colour(red: bool | None) -> str:
    return "red (hearts or diamonds)" if red else "black (clubs or spades)"


def clue_text(clue: Clue, women: tuple[str, ...], suitors: tuple[str, ...]) -> str:
    """The clue as a sentence for the suitor who holds it."""
    suit = clue.suit.value if clue.suit else ""
    kind = clue.kind
    if kind == ClueKind.NOT_MATCH_SUIT:
        return f"Your perfect match is not the woman of {suit}."
    if kind == ClueKind.NOT_SORCERESS_SUIT:
        return f"The sorceress is not the woman of {suit}."
    if kind == ClueKind.MATCH_PREFERENCE:
        return f"Your perfect match {clue.preference}."
    if kind == ClueKind.MATCH_COLOUR:
        return f"Your perfect match's suit is {_colour(clue.red)}."
    if kind == ClueKind.SORCERESS_COLOUR:
        return f"The sorceress's suit is {_colour(clue.red)}."
    if kind == ClueKind.SHARES_MATCH:
        who = suitors[clue.suitor] if clue.suitor is not None else "?"
        verb = "shares" if clue.positive else "does not share"
        return f"{who} {verb} your perfect match."
    if kind == ClueKind.PREFERENCE_OWNER:
        name = women[clue.woman] if clue.woman is not None else "?"
        return f"{name} {clue.preference}."
    if kind == ClueKind.WOMAN_SUIT:
        name = women[clue.woman] if clue.woman is not None else "?"
        return f"{name}'s suit {'is' if clue.positive else 'is not'} {suit}."
    return "An unreadable clue."


def clue_line(state: TemptressState, clue: Clue) -> str:
    """``clue_text`` with this table's names."""
    women = tuple(w.name for w in state.women)
    suitors = tuple(s.name for s in state.suitors)
    return clue_text(clue, women, suitors)


def true_clues(state: TemptressState, seat: int, kind: str) -> tuple[Clue, ...]:
    """Every true clue of ``kind`` for this suitor, in a fixed order (none for a non-kind)."""
    if kind not in CLUE_KINDS:
        return ()
    kind = ClueKind(kind)
    suitor = state.suitors[seat]
    match = state.women[suitor.match]
    sorceress = state.women[state.sorceress]
    if kind == ClueKind.NOT_MATCH_SUIT:
        return tuple(Clue(kind, suit=s) for s in Suit if s != match.suit)
    if kind == ClueKind.NOT_SORCERESS_SUIT:
        return tuple(Clue(kind, suit=s) for s in Suit if s != sorceress.suit)
    if kind == ClueKind.MATCH_PREFERENCE:
        return tuple(Clue(kind, preference=p) for p in match.preferences)
    if kind == ClueKind.MATCH_COLOUR:
        return (Clue(kind, red=match.suit.is_red),)
    if kind == ClueKind.SORCERESS_COLOUR:
        return (Clue(kind, red=sorceress.suit.is_red),)
    if kind == ClueKind.SHARES_MATCH:
        return tuple(
            Clue(kind, suitor=other, positive=state.suitors[other].match == suitor.match)
            for other in range(len(state.suitors))
            if other != seat
        )
    if kind == ClueKind.PREFERENCE_OWNER:
        return tuple(
            Clue(kind, woman=w, preference=p)
            for w, woman in enumerate(state.women)
            for p in woman.preferences
        )
    return tuple(
        Clue(kind, woman=w, suit=s, positive=woman.suit == s)
        for w, woman in enumerate(state.women)
        for s in Suit
    )


def new_clues(state: TemptressState, seat: int, kind: str) -> tuple[Clue, ...]:
    """True clues of ``kind`` the suitor does not hold yet."""
    held = set(state.suitors[seat].clues)
    return tuple(c for c in true_clues(state, seat, kind) if c not in held)


def is_true(state: TemptressState, seat: int, clue: Clue) -> bool:
    return clue in true_clues(state, seat, clue.kind)
