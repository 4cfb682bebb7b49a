"""A seat's view of the table: only what it may know, its choices and notes."""

from __future__ import annotations

from rules.engine import Seat, read_log
from rules.persuasion.choices import choices
from rules.persuasion.prompts import prompt
from rules.persuasion.state import (
    CardSight,
    PersuasionReveal,
    PersuasionState,
    PersuasionView,
    Phase,
    PlayerSight,
)
from rules.persuasion.table import card, name, players


def _sights(
    state: PersuasionState, seat: Seat | None, numbers: tuple[int, ...]
) -> tuple[CardSight, ...]:
    """The cards ``numbers`` (slot by slot) as ``seat`` sees them: a face for a card
    face up, stamped by the seat or its own, and for every card once the game is over."""
    over = state.phase == Phase.OVER
    faceup, stamps, cards = state.faceup, state.stamps, state.config.cards
    own = state.traits[seat] if seat is not None else ()
    sights = []
    for slot, number in enumerate(numbers):
        up, stampers = faceup[number], stamps[number]
        stamped = seat is not None and seat in stampers
        known = over or up or stamped or number in own
        sights.append(CardSight(slot, cards[number] if known else None, up, stamped, stampers))
    return tuple(sights)


def view(state: PersuasionState, seat: Seat | None) -> PersuasionView:
    """Only what ``seat`` may know; ``None`` is the public table."""
    delivered = state.phase in (Phase.RECEPTION, Phase.FINAL, Phase.OVER)
    deliveries = tuple(
        (p, m.to, m.card is None) for p, m in enumerate(state.mail) if m is not None and delivered
    )
    current = prompt(state)
    lines, notes = read_log(state, seat)
    return PersuasionView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        evening_ball=state.config.evening_ball,
        hostex=state.hostex,
        players=tuple(
            PlayerSight(
                name=name(state, p),
                cards=_sights(state, seat, state.traits[p]),
                holds=state.held[p] if state.phase == Phase.RECEPTION else (),
                mailed=state.phase == Phase.MAIL and state.mail[p] is not None,
            )
            for p in players(state)
        ),
        discards=_sights(state, seat, state.discards),
        exchanged=state.exchanged,
        deliveries=deliveries,
        proposals=state.proposals,
        turn=current.seats[0] if current and state.phase == Phase.RECEPTION else None,
        log=lines,
        outcome=state.result,
        diary=state.diaries[seat] if seat is not None else None,
        sent=state.mail[seat] if seat is not None and state.phase == Phase.MAIL else None,
        diaries=state.diaries if state.phase == Phase.OVER else (),
        choices=choices(state, seat),
        notes=notes,
        reveal=reveal(state) if seat is None and state.phase == Phase.OVER else None,
    )


def reveal(state: PersuasionState) -> PersuasionReveal:
    """Every diary, every player's cards and the discards, with their faces."""
    return PersuasionReveal(
        diaries=state.diaries,
        traits=tuple(tuple(card(state, n) for n in cards) for cards in state.traits),
        discards=tuple(card(state, n) for n in state.discards),
    )
