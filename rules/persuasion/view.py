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
from rules.persuasion.table import aware, card, name, players


def _sight(state: PersuasionState, seat: Seat | None, slot: int, number: int) -> CardSight:
    known = state.faceup[number] or (seat is not None and aware(state, seat, number))
    return CardSight(
        slot=slot,
        card=card(state, number) if known or state.phase == Phase.OVER else None,
        faceup=state.faceup[number],
        stamped=seat is not None and seat in state.stamps[number],
        stampers=state.stamps[number],
    )


def view(state: PersuasionState, seat: Seat | None) -> PersuasionView:
    """Only what ``seat`` may know; ``None`` is the public table."""
    delivered = state.phase in (Phase.RECEPTION, Phase.FINAL, Phase.OVER)
    deliveries = tuple(
        (p, m.to, m.card is None) for p, m in enumerate(state.mail) if m is not None and delivered
    )
    current = prompt(state)
    lines, notes = read_log(state.log, seat)
    return PersuasionView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        evening_ball=state.config.evening_ball,
        hostex=state.hostex,
        players=tuple(
            PlayerSight(
                name=name(state, p),
                cards=tuple(_sight(state, seat, i, n) for i, n in enumerate(state.traits[p])),
                holds=state.held[p] if state.phase == Phase.RECEPTION else (),
                mailed=state.phase == Phase.MAIL and state.mail[p] is not None,
            )
            for p in players(state)
        ),
        discards=tuple(_sight(state, seat, i, n) for i, n in enumerate(state.discards)),
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
