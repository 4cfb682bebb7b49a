"""The introductions, the secret mailing and its delivery."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Seat, Who, Whos
from rules.persuasion.reception import begin_reception
from rules.persuasion.state import Delivery, EventKind, Introduce, PersuasionState, Phase, Send
from rules.persuasion.table import (
    aware,
    clockwise,
    face,
    flip_up,
    log,
    name,
    players,
    show,
    slot_of,
    stamp,
    to_discards,
)

FACE_UP = "Send a face-down card: that one is face up for all."


def introduce(state: PersuasionState, action: Introduce) -> PersuasionState:
    seat = action.seat
    if action.flip == action.discard:
        raise IllegalAction("Flip up one card and discard a different one.")
    flipped = slot_of(state, seat, action.flip)
    dropped = slot_of(state, seat, action.discard)
    state = flip_up(state, flipped)
    state = stamp(state, seat, dropped)
    state = to_discards(state, dropped)
    state = log(state, EventKind.INTRODUCTION, player=Who(seat), **face(state, flipped))
    state = evolve(state, introduced=state.introduced + (seat,))
    if len(state.introduced) < len(state.config.names):
        return state
    state = evolve(state, phase=Phase.MAIL)
    return log(state, EventKind.MAILING_BEGINS, "first", round=state.round)


def recipient_refusal(state: PersuasionState, seat: Seat, to: Seat) -> str:
    """Why ``seat`` may not mail ``to`` at all ('' when they may)."""
    if isinstance(to, bool) or to == seat or to not in players(state):
        return "Send to another player at the table."
    return ""


def card_refusal(state: PersuasionState, seat: Seat, to: Seat, slot: int) -> str:
    """Why ``seat`` may not send ``to`` their card in ``slot`` with the seal ('' when they may):
    it must be face down and unknown to the recipient."""
    number = state.traits[seat][slot]
    if state.faceup[number]:
        return FACE_UP
    if aware(state, to, number):
        return f"{name(state, to)} already knows that card: choose another."
    return ""


def send(state: PersuasionState, action: Send) -> PersuasionState:
    seat, to = action.seat, action.to
    refusal = recipient_refusal(state, seat, to)
    if refusal:
        raise IllegalAction(refusal)
    number = None
    if action.card is not None:
        number = slot_of(state, seat, action.card)
        refusal = card_refusal(state, seat, to, action.card)
        if refusal:
            raise IllegalAction(refusal)
    mail = list(state.mail)
    mail[seat] = Delivery(to, number)
    state = evolve(state, mail=tuple(mail))
    state = log(state, EventKind.MAIL_CHOSEN, sender=Who(seat))
    if any(m is None for m in state.mail):
        return state
    return _deliver(state)


def _deliver(state: PersuasionState) -> PersuasionState:
    """Everyone has chosen: seals bring a card to peek at; rings are kept; then the reception."""
    held: list[tuple[Seat, ...]] = [() for _ in players(state)]
    for sender in clockwise(state, tuple(players(state))):
        delivery = state.mail[sender]
        assert delivery is not None
        held[delivery.to] = held[delivery.to] + (sender,)
        by, to = Who(sender), Who(delivery.to)
        if delivery.card is None:
            state = log(state, EventKind.RING_SENT, sender=by, recipient=to)
        else:
            state = log(state, EventKind.SEAL_SENT, sender=by, recipient=to)
            state = show(state, delivery.to, delivery.card, EventKind.SEAL_CARD, sender=by)
    rings = {(s, m.to) for s, m in enumerate(state.mail) if m is not None and m.card is None}
    pairs = tuple(sorted((a, b) for a, b in rings if a < b and (b, a) in rings))
    for a, b in pairs:
        state = log(state, EventKind.ENGAGEMENT, pair=Whos((a, b)))
    proposals = tuple((state.round, s, to) for s, to in sorted(rings))
    state = evolve(
        state,
        held=tuple(held),
        exchanged=state.exchanged + pairs,
        proposals=state.proposals + proposals,
    )
    return begin_reception(state)
