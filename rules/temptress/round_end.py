"""The round end and its spending; the final retirements and how the game ends."""

from __future__ import annotations

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import Fact, IllegalAction, Outcome, Seat, Who, Whos
from rules.story import STORY
from rules.temptress import clues, stale
from rules.temptress.judging import roll_off
from rules.temptress.state import HAND_LIMIT, EventKind, SpendChoice, Stage, TemptressState
from rules.temptress.table import cards_text, log, tell, with_suitor, woman_name
from rules.temptress.turns import cut_short
from rules.wording import plural

# --- how the game ends ---------------------------------------------------------------


def game_over(
    state: TemptressState,
    winners: tuple[Seat, ...],
    losers: tuple[Seat, ...],
    kind: EventKind,
    line: str = STORY,
    /,
    **facts: Fact,
) -> TemptressState:
    """The game ends: an event of ``kind`` about ``facts`` tells the table why, and is the
    outcome's reason."""
    state = evolve(state, stage=Stage.OVER, contest=None, queue=())
    state = log(state, kind, line, **facts)
    return evolve(state, result=Outcome(winners, losers, state.log[-1].text))


def start_final(state: TemptressState, line: str) -> TemptressState:
    """The last chance to retire, for every suitor still in, in seat order; ``line`` says
    why (the last pile card drawn, or the last round over)."""
    state = log(state, EventKind.FINAL_RETIREMENTS, line, round=state.round)
    return next_final(evolve(state, stage=Stage.FINAL, queue=state.active, contest=None))


def next_final(state: TemptressState) -> TemptressState:
    """The next final retirement, or the end of the game when nobody is left to ask."""
    if state.queue:
        return state
    return island_ending(state)


def island_ending(state: TemptressState) -> TemptressState:
    """Nobody won by retiring: the Tempted with the sorceress's queen wins, or nobody does."""
    tempted = state.tempted
    suitors = tuple(range(len(state.suitors)))
    if tempted is not None and not state.suitors[tempted].out:
        queen = PlayingCard(12, state.women[state.sorceress].suit)
        if queen in state.suitors[tempted].hand:
            return game_over(
                state,
                (tempted,),
                tuple(s for s in suitors if s != tempted),
                EventKind.GAME_END,
                "tempted",
                tempted=Whos((tempted,)),
                queen=queen.words(),
                sorceress=woman_name(state, state.sorceress),
            )
    return game_over(
        state, (), suitors, EventKind.GAME_END, tempted=Whos(()), queen="", sorceress=""
    )


def went_to_round_limit(state: TemptressState) -> bool:
    """Whether the final retirements came from the last round's end (a pile still held
    cards), not from the last pile card drawn."""
    finals = any(e.kind == EventKind.FINAL_RETIREMENTS for e in state.log)
    return finals and any(w.pile for w in state.women)


def ending_figures(state: TemptressState) -> dict[str, float]:
    """How a game ended, for measuring bot games (``parlour simulate``, the tournament):
    before the round limit or not, the pile cards drawn, whether there was a Tempted and
    whether the Tempted won."""
    tempted = state.tempted
    winners = state.result.winners if state.result is not None else ()
    return {
        "ended early": float(state.result is not None and not went_to_round_limit(state)),
        "pile cards": float(sum(len(s.draws) for s in state.suitors)),
        "with a Tempted": float(tempted is not None),
        "Tempted won": float(tempted is not None and winners == (tempted,)),
    }


# --- the round end ------------------------------------------------------------------


def after_contest(state: TemptressState) -> TemptressState:
    """Back at the floor: the round or the game may end now."""
    if state.stage != Stage.FLOOR:
        return state
    if not any(w.pile for w in state.women):
        return start_final(state, STORY)
    if state.pile_emptied:
        return end_round(state, "a pile was emptied")
    if not any(state.suitors[s].hand for s in state.active):
        return end_round(state, "every suitor is out of cards")
    return end_if_stale(state)


def end_if_stale(state: TemptressState) -> TemptressState:
    """Where the island narrates, a stale round ends (``stale``)."""
    return end_round(state, stale.WHY) if stale.is_stale(state) else state


def end_round(state: TemptressState, why: str) -> TemptressState:
    state = log(state, EventKind.ROUND_END, round=state.round, why=why)
    spenders = tuple(s for s in state.active if state.suitors[s].rapport > 0)
    order: list[Seat] = []
    by_rapport = sorted({state.suitors[s].rapport for s in spenders}, reverse=True)
    for rapport in by_rapport:
        tied = tuple(s for s in spenders if state.suitors[s].rapport == rapport)
        while len(tied) > 1:
            first, state = roll_off(state, tied)
            order.append(first)
            tied = tuple(s for s in tied if s != first)
        order.extend(tied)
    if order:
        state = log(state, EventKind.SPENDING_ORDER, order=Whos(tuple(order)))
    state = evolve(state, stage=Stage.SPEND, queue=tuple(order), refilled=(), contest=None)
    return _next_spender(state)


def _next_spender(state: TemptressState) -> TemptressState:
    if state.queue:
        return state
    return _refill_and_next_round(state)


def refill_count(state: TemptressState, seat: Seat) -> int:
    """How many discard-pile cards a refill by choice takes: up to seven in hand."""
    return max(0, min(HAND_LIMIT - len(state.suitors[seat].hand), len(state.discard)))


def spend_refusal(
    state: TemptressState, seat: Seat, choice: str, cards: tuple[PlayingCard, ...], kind: str
) -> str:
    """Why this round-end spending is refused ('' when it is not)."""
    suitor = state.suitors[seat]
    if choice == SpendChoice.REFILL:
        if len(suitor.hand) >= HAND_LIMIT:
            return "Your hand is already full."
        wanted = refill_count(state, seat)
        if wanted == 0:
            return "The discard pile is empty: there is nothing to refill from."
        if len(cards) != wanted or len(set(cards)) != len(cards):
            return f"Choose exactly {plural(wanted, 'card')} from the discard pile."
        if any(c not in state.discard for c in cards):
            return "Choose only cards that are in the discard pile."
        return ""
    if choice == SpendChoice.CLEAR:
        return "You have no Faux Pas to clear." if suitor.faux_pas == 0 else ""
    if choice == SpendChoice.CLUE:
        if kind not in clues.CLUE_KINDS:
            return "Choose which kind of clue you want."
        if not clues.new_clues(state, seat, kind):
            return "You already hold every clue of that kind: choose another."
        return ""
    if choice == SpendChoice.KEEP:
        return ""
    return "Spend on a refill, clearing Faux Pas, a clue, or keep your chips."


def spend(
    state: TemptressState, seat: Seat, choice: str, cards: tuple[PlayingCard, ...], kind: str
) -> TemptressState:
    refusal = spend_refusal(state, seat, choice, cards, kind)
    if refusal:
        raise IllegalAction(refusal)
    suitor = state.suitors[seat]
    spender: dict[str, Fact] = {"suitor": Who(seat), "chips": suitor.rapport}
    if choice == SpendChoice.REFILL:
        state = with_suitor(state, seat, hand=suitor.hand + cards, rapport=0)
        state = evolve(
            state,
            discard=tuple(c for c in state.discard if c not in cards),
            refilled=state.refilled + (seat,),
        )
        state = log(state, EventKind.SPEND_REFILL, **spender)
        state = tell(state, seat, EventKind.NEW_CARDS, "taken", cards=cards_text(cards))
    elif choice == SpendChoice.CLEAR:
        state = with_suitor(state, seat, faux_pas=0, faceup=(), rapport=0)
        state = log(state, EventKind.SPEND_CLEAR, **spender)
    elif choice == SpendChoice.CLUE:
        clue, chance = state.chance.pick(clues.new_clues(state, seat, kind))
        state = evolve(state, chance=chance)
        state = with_suitor(state, seat, clues=suitor.clues + (clue,), rapport=0)
        state = log(state, EventKind.SPEND_CLUE, **spender)
        state = tell(state, seat, EventKind.NEW_CLUE, clue=clues.clue_line(state, clue))
    else:
        state = log(state, EventKind.SPEND_KEEP, suitor=Who(seat))
    return _next_spender(evolve(state, queue=state.queue[1:]))


def _refill_and_next_round(state: TemptressState) -> TemptressState:
    deck, chance = state.chance.shuffle(state.discard)
    state = evolve(state, chance=chance)
    for seat in state.active:
        if seat in state.refilled:
            continue
        suitor = state.suitors[seat]
        need = max(0, HAND_LIMIT - len(suitor.hand))
        drawn, deck = deck[:need], deck[need:]
        if drawn:
            state = with_suitor(state, seat, hand=suitor.hand + drawn)
            state = tell(state, seat, EventKind.NEW_CARDS, cards=cards_text(drawn))
    suitors = tuple(evolve(s, argued=False, immune=False) for s in state.suitors)
    first = cut_short(state)
    state = evolve(
        state,
        suitors=suitors,
        discard=deck,
        queue=(),
        refilled=(),
        declined=(),
        had_turn=(),
        first_claims=first,
        pile_emptied=False,
        stage=Stage.FLOOR,
    )
    state = log(state, EventKind.REFILL)
    limit = state.config.round_limit
    if limit and state.round >= limit:
        return start_final(state, "last_round")
    state = evolve(state, round=state.round + 1)
    line = "cut_short" if first else STORY
    return log(state, EventKind.ROUND_BEGINS, line, round=state.round, first=Whos(first))
