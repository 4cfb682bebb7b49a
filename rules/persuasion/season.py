"""The end of a round, the end of the season, the last rings and the resolution."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Outcome, Seat
from rules.persuasion.state import (
    TO_DISCARDS,
    Delivery,
    EventKind,
    FinalRing,
    PersuasionState,
    Phase,
)
from rules.persuasion.table import card, log, name, players, singles


def end_round(state: PersuasionState) -> PersuasionState:
    """After the reception: the season ends on exchanged rings or a player out of cards,
    else seals and rings go home and the next mailing begins."""
    empty = [p for p in players(state) if not state.traits[p]]
    if state.exchanged or empty:
        why = (
            "rings were exchanged"
            if state.exchanged
            else f"{name(state, empty[0])} has no cards left"
        )
        state = log(state, f"The season ends: {why}.", kind=EventKind.SEASON_ENDS)
        state = evolve(state, phase=Phase.FINAL, held=((),) * len(state.traits), turns=())
        if not still_to_send(state):
            return _resolve(state)
        return log(
            state,
            "Every single player may still send their ring, at the same time.",
            kind=EventKind.LAST_RINGS,
        )
    count = len(state.config.names)
    state = evolve(
        state,
        round=state.round + 1,
        phase=Phase.MAIL,
        mail=(None,) * count,
        held=((),) * count,
        turns=(),
    )
    return log(
        state,
        f"Round {state.round}: seals and rings go home; the mailing begins.",
        kind=EventKind.MAILING_BEGINS,
    )


def still_to_send(state: PersuasionState) -> tuple[Seat, ...]:
    """The single players who have not yet said where their last ring goes."""
    return tuple(p for p in singles(state) if state.final[p] is None)


def ring_refusal(state: PersuasionState, seat: Seat, to: Seat | None) -> str:
    """Why ``seat``'s last ring may not go to ``to`` ('' when it may; None: the discards)."""
    if to is not None and (isinstance(to, bool) or to == seat or to not in players(state)):
        return "Send your ring to another player, or to the discards."
    return ""


def final_ring(state: PersuasionState, action: FinalRing) -> PersuasionState:
    seat, to = action.seat, action.to
    refusal = ring_refusal(state, seat, to)
    if refusal:
        raise IllegalAction(refusal)
    final = list(state.final)
    final[seat] = Delivery(TO_DISCARDS if to is None else to, None)
    state = evolve(state, final=tuple(final))
    state = log(
        state,
        f"{name(state, seat)} has decided where their ring goes.",
        kind=EventKind.LAST_RING_CHOSEN,
    )
    if still_to_send(state):
        return state
    return _resolve(state)


def _resolve(state: PersuasionState) -> PersuasionState:
    sent = {p: d.to for p, d in enumerate(state.final) if d is not None}
    for p, to in sent.items():
        where = "the discards" if to == TO_DISCARDS else name(state, to)
        state = log(
            state, f"{name(state, p)}'s ring goes to {where}.", kind=EventKind.LAST_RING_DELIVERED
        )
    late = tuple(sorted((p, to) for p, to in sent.items() if p < to and sent.get(to) == p))
    for a, b in late:
        state = log(
            state,
            f"{name(state, a)} and {name(state, b)} exchange rings at the last!",
            kind=EventKind.LATE_ENGAGEMENT,
        )
    pairs = state.exchanged + late
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    winners: list[Seat] = []
    losers: list[Seat] = []
    lines = []
    for p in players(state):
        diary = state.diaries[p]
        if p in partner:
            pile = state.traits[partner[p]]
            where = f"engaged to {name(state, partner[p])}, whose cards hold"
        else:
            pile = state.discards
            where = "single; the discards hold"
        symbols = [s for number in pile for s in card(state, number).symbols]
        want, hate = symbols.count(diary.desired), symbols.count(diary.despised)
        won = want > hate
        (winners if won else losers).append(p)
        verdict = (
            "wins." if won else "a tie, which does not win." if want == hate else "does not win."
        )
        lines.append(
            f"{name(state, p)} (desires {diary.desired}, despises {diary.despised}) is {where} "
            f"{want} {diary.desired} and {hate} {diary.despised}: {verdict}"
        )
    outcome = Outcome(tuple(winners), tuple(losers), "\n".join(lines))
    state = evolve(state, exchanged=pairs, phase=Phase.OVER, result=outcome)
    return log(state, *lines, kind=EventKind.VERDICT)
