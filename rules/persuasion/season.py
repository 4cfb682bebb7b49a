"""The end of a round, the end of the season, the last rings and the resolution."""

from __future__ import annotations

from attrs import evolve

from rules.engine import Fact, IllegalAction, Outcome, Seat, Who, Whos
from rules.persuasion.state import (
    TO_DISCARDS,
    Delivery,
    EventKind,
    FinalRing,
    PersuasionState,
    Phase,
)
from rules.persuasion.table import card, log, players, singles
from rules.persuasion.told import maybe
from rules.story import STORY

VERDICT_LINES = {
    ("engaged", "wins"): STORY,
    ("engaged", "tie"): "engaged_tie",
    ("engaged", "loses"): "engaged_loses",
    ("single", "wins"): "single_wins",
    ("single", "tie"): "single_tie",
    ("single", "loses"): "single_loses",
}
"""The verdict's line for a player engaged or single, who wins, ties or loses."""


def end_round(state: PersuasionState) -> PersuasionState:
    """After the reception: the season ends on exchanged rings or a player out of cards,
    else seals and rings go home and the next mailing begins."""
    empty = [p for p in players(state) if not state.traits[p]]
    if state.exchanged or empty:
        if state.exchanged:
            state = log(state, EventKind.SEASON_ENDS, emptied=maybe(None))
        else:
            state = log(state, EventKind.SEASON_ENDS, "out_of_cards", emptied=maybe(empty[0]))
        state = evolve(state, phase=Phase.FINAL, held=((),) * len(state.traits), turns=())
        if not still_to_send(state):
            return _resolve(state)
        return log(state, EventKind.LAST_RINGS, singles=Whos(singles(state)))
    count = len(state.config.names)
    state = evolve(
        state,
        round=state.round + 1,
        phase=Phase.MAIL,
        mail=(None,) * count,
        held=((),) * count,
        turns=(),
    )
    return log(state, EventKind.MAILING_BEGINS, round=state.round)


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
    state = log(state, EventKind.LAST_RING_CHOSEN, sender=Who(seat))
    if still_to_send(state):
        return state
    return _resolve(state)


def _resolve(state: PersuasionState) -> PersuasionState:
    """The last rings are delivered, the matches made, and every player judged."""
    sent = {p: d.to for p, d in enumerate(state.final) if d is not None}
    for p, to in sent.items():
        if to == TO_DISCARDS:
            state = log(state, EventKind.LAST_RING_DELIVERED, "to_discards", **_ring(p, None))
        else:
            state = log(state, EventKind.LAST_RING_DELIVERED, **_ring(p, to))
    late = tuple(sorted((p, to) for p, to in sent.items() if p < to and sent.get(to) == p))
    for pair in late:
        state = log(state, EventKind.LATE_ENGAGEMENT, pair=Whos(pair))
    pairs = state.exchanged + late
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    winners: list[Seat] = []
    losers: list[Seat] = []
    told = len(state.log)
    for p in players(state):
        state, won = _judged(state, p, partner.get(p))
        (winners if won else losers).append(p)
    verdicts = "\n".join(event.text for event in state.log[told:])
    outcome = Outcome(tuple(winners), tuple(losers), verdicts)
    return evolve(state, exchanged=pairs, phase=Phase.OVER, result=outcome)


def _ring(sender: Seat, to: Seat | None) -> dict[str, Fact]:
    """The facts of a last ring delivered: who sent it, and to whom (None: the discards)."""
    return {"sender": Who(sender), "recipient": maybe(to)}


def _judged(
    state: PersuasionState, player: Seat, partner: Seat | None
) -> tuple[PersuasionState, bool]:
    """``player``'s verdict told (their diary against their partner's cards, or the
    discards for a single player), and whether they win."""
    diary = state.diaries[player]
    pile = state.discards if partner is None else state.traits[partner]
    symbols = [s for number in pile for s in card(state, number).symbols]
    want, hate = symbols.count(diary.desired), symbols.count(diary.despised)
    result = "wins" if want > hate else "tie" if want == hate else "loses"
    line = VERDICT_LINES["single" if partner is None else "engaged", result]
    state = log(
        state,
        EventKind.VERDICT,
        line,
        player=Who(player),
        partner=maybe(partner),
        desired=str(diary.desired),
        despised=str(diary.despised),
        desired_count=want,
        despised_count=hate,
    )
    return state, want > hate
