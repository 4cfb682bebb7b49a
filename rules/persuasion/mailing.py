"""The introductions, the secret mailing and its delivery."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Seat
from rules.persuasion.reception import begin_reception
from rules.persuasion.state import Delivery, EventKind, Introduce, PersuasionState, Phase, Send
from rules.persuasion.table import (
    aware,
    card,
    clockwise,
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
    state = log(
        state,
        f"{name(state, seat)} flips up {card(state, flipped).title} and discards a card.",
        kind=EventKind.INTRODUCTION,
    )
    state = evolve(state, introduced=state.introduced + (seat,))
    if len(state.introduced) < len(state.config.names):
        return state
    state = evolve(state, phase=Phase.MAIL)
    return log(state, "Round 1: the mailing begins.", kind=EventKind.MAILING_BEGINS)


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
    state = log(state, f"{name(state, seat)} has chosen what to send.", kind=EventKind.MAIL_CHOSEN)
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
        if delivery.card is None:
            state = log(
                state,
                f"{name(state, sender)} sends their ring to {name(state, delivery.to)}!",
                kind=EventKind.RING_SENT,
            )
        else:
            state = log(
                state,
                f"{name(state, sender)} sends their seal and a card to {name(state, delivery.to)}.",
                kind=EventKind.SEAL_SENT,
            )
            how = f"{name(state, sender)} sends you a card"
            state = show(state, delivery.to, delivery.card, how, kind=EventKind.SEAL_CARD)
    rings = {(s, m.to) for s, m in enumerate(state.mail) if m is not None and m.card is None}
    pairs = tuple(sorted((a, b) for a, b in rings if a < b and (b, a) in rings))
    for a, b in pairs:
        state = log(
            state,
            f"{name(state, a)} and {name(state, b)} have exchanged rings!",
            kind=EventKind.ENGAGEMENT,
        )
    proposals = tuple((state.round, s, to) for s, to in sorted(rings))
    state = evolve(
        state,
        held=tuple(held),
        exchanged=state.exchanged + pairs,
        proposals=state.proposals + proposals,
    )
    return begin_reception(state)
