"""The island ends a stale round, as the seed's narrator would.

The seed lets the narrator end a round "when players have very few cards in their hands
and the narrator judges that the players are not readily taking action and playing their
hands". A person narrator judges that for themselves (and ends the round with their own
action). The island judges it by a rule with both halves: no suitor still in holds more
than three cards (FEW_CARDS), and every one of them has had a turn at the open floor
(acted, argued or declined) since an action last reached a target, that is since anyone
last built Rapport with their cards. A suitor whose action reaches a target starts the
count again.
"""

from __future__ import annotations

from rules.engine import Seat, Who
from rules.temptress.state import EventKind, Stage, TemptressState

WHY = (
    "the suitors hold few cards and the floor went a full circle without an action "
    "reaching a target"
)
"""Why the island ends a stale round, as the round's end tells it."""

FEW_CARDS = 3
"""The most cards any suitor still in may hold for a round to go stale."""

_ROUND_STARTS = frozenset({EventKind.OPENING, EventKind.ROUND_BEGINS})
_TURNS = frozenset({EventKind.CLAIM, EventKind.DECLINE, EventKind.ARGUMENT})


def quiet_turns(state: TemptressState) -> tuple[Seat, ...]:
    """The suitors who had a turn at the floor in this round since an action last reached
    a target (read back in the story: a reached target pays its reacher Rapport)."""
    seen: list[Seat] = []
    for event in reversed(state.log):
        kind = event.kind
        if kind in _ROUND_STARTS:
            break
        facts = dict(event.facts)
        if kind == EventKind.GAINS:
            rapport = facts.get("rapport")
            if isinstance(rapport, int) and rapport > 0:
                break
        elif kind in _TURNS:
            who = facts.get("suitor")
            if isinstance(who, Who) and who.seat not in seen:
                seen.append(who.seat)
    return tuple(seen)


def is_stale(state: TemptressState) -> bool:
    """Whether the island ends the round now: the floor is open, the island narrates, the
    suitors still in hold few cards, and every one of them has had a turn since an action
    last reached a target."""
    if state.narrator_seat is not None or state.stage != Stage.FLOOR or not state.active:
        return False
    if any(len(state.suitors[seat].hand) > FEW_CARDS for seat in state.active):
        return False
    quiet = quiet_turns(state)
    return all(seat in quiet for seat in state.active)
