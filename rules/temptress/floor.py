"""The open floor: claiming an action, declining, arguing, retiring; the round end
and its spending; the final retirements and how the game ends."""

from __future__ import annotations

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import IllegalAction, Outcome, Seat
from rules.temptress import clues, contest
from rules.temptress.state import (
    CLEAR,
    CLUE,
    CLUE_KINDS,
    CONTEST,
    FINAL,
    FLOOR,
    HAND_LIMIT,
    KEEP,
    OVER,
    REFILL,
    SPEND,
    Retirement,
    TemptressState,
)
from rules.temptress.table import cards_text, log, name, plural, tell, with_suitor, woman_name

LONGEST_DESCRIPTION = 120


def floor_seats(state: TemptressState) -> tuple[Seat, ...]:
    """Suitors who may act at the open floor now, clockwise from the last actor."""
    active = state.active
    if not active:
        return ()
    if not state.opened:
        oldest = state.config.oldest
        return (oldest,) if oldest in active else active[:1]
    others = [s for s in active if s != state.last_actor]
    everyone_else_declined = all(s in state.declined for s in others)
    start = 0 if state.last_actor is None else state.last_actor + 1
    count = len(state.suitors)
    ring = [(start + i) % count for i in range(count)]
    return tuple(
        s
        for s in ring
        if s in active
        and s not in state.declined
        and (s != state.last_actor or everyone_else_declined)
    )


def _claim(state: TemptressState, seat: Seat) -> TemptressState:
    return evolve(
        state,
        last_actor=seat,
        declined=(),
        opened=True,
        actions_taken=state.actions_taken + 1,
        stage=CONTEST,
    )


def claim_floor(state: TemptressState, seat: Seat, woman: int, description: str) -> TemptressState:
    if not 0 <= woman < len(state.women):
        raise IllegalAction("Aim your action at one of the four women.")
    if not state.suitors[seat].hand:
        raise IllegalAction("You have no cards left to play: you can only decline.")
    description = " ".join(description.split())
    if len(description) > LONGEST_DESCRIPTION:
        raise IllegalAction(f"Keep the description to {LONGEST_DESCRIPTION} characters.")
    count = len(state.suitors)
    joiners = tuple(
        s
        for s in ((seat + i) % count for i in range(1, count))
        if s in state.active and state.suitors[s].hand
    )
    state = _claim(state, seat)
    state = evolve(state, contest=contest.new_action(seat, woman, description, joiners))
    line = f"{name(state, seat)} courts {woman_name(state, woman)}"
    state = log(state, line + (f": {description}" if description else "."))
    if joiners:
        return state
    return contest.begin_target(state, (seat,))


def decline(state: TemptressState, seat: Seat) -> TemptressState:
    if state.stage == FINAL:
        state = log(state, f"{name(state, seat)} does not retire.")
        return _next_final(evolve(state, queue=state.queue[1:]))
    state = evolve(state, declined=state.declined + (seat,), opened=True)
    state = log(state, f"{name(state, seat)} lets the floor pass.")
    if all(s in state.declined for s in state.active):
        return end_round(state, "every suitor declined the floor")
    return state


def start_argument(state: TemptressState, seat: Seat, opponent: Seat, chips: int) -> TemptressState:
    suitor = state.suitors[seat]
    if suitor.argued:
        raise IllegalAction("You have already started an argument this round.")
    if opponent == seat or opponent not in state.active:
        raise IllegalAction("Argue with another suitor who is still in the game.")
    other = state.suitors[opponent]
    if other.immune:
        raise IllegalAction(
            f"{other.name} avoided an argument this round: nobody may argue with them."
        )
    if chips < 1:
        raise IllegalAction("An argument costs at least one Rapport chip.")
    if chips > suitor.rapport:
        raise IllegalAction(f"You have {plural(suitor.rapport, 'Rapport chip')}, not {chips}.")
    if not suitor.hand:
        raise IllegalAction("You have no cards left to argue with.")
    if not other.hand:
        raise IllegalAction(f"{other.name} has no cards left to argue with.")
    state = _claim(state, seat)
    state = with_suitor(state, seat, rapport=suitor.rapport - chips, argued=True)
    state = evolve(state, contest=contest.new_argument(seat, opponent, chips))
    return log(
        state,
        f"{suitor.name} spends {plural(chips, 'Rapport chip')} to start an argument with "
        f"{other.name}.",
    )


# --- retiring ---------------------------------------------------------------------


def retire(state: TemptressState, seat: Seat, accused: int) -> TemptressState:
    suitor = state.suitors[seat]
    if not 0 <= accused < len(state.women):
        raise IllegalAction("Name one of the four women as the sorceress.")
    suits = {card.suit for card in suitor.hand}
    if len(suitor.hand) != HAND_LIMIT or len(suits) != 1:
        raise IllegalAction("To retire you need seven cards, all of one suit.")
    suit = suits.pop()
    match = state.women[suitor.match]
    right_suit = suit == match.suit and suitor.match != state.sorceress
    right_woman = accused == state.sorceress
    record = Retirement(seat, suitor.hand, accused, right_suit, right_woman)
    state = evolve(state, retirements=state.retirements + (record,))
    state = log(
        state,
        f"{suitor.name} retires, showing {cards_text(suitor.hand)}, and names "
        f"{woman_name(state, accused)} as the sorceress.",
    )
    if right_suit and right_woman:
        losers = tuple(s for s in range(len(state.suitors)) if s != seat)
        reason = (
            f"{suitor.name} was right on both counts: seven {suit.value} for "
            f"{match.name}, and {woman_name(state, accused)} is the sorceress. "
            f"{suitor.name} leaves with {match.name}; everyone else stays on the island."
        )
        return _game_over(state, Outcome((seat,), losers, reason))
    why = []
    if not right_suit:
        why.append("the wrong suit for their perfect match")
    if not right_woman:
        why.append("the wrong woman named")
    state = with_suitor(state, seat, out=True, hand=(), faceup=(), faux_pas=0)
    state = evolve(state, discard=state.discard + suitor.hand, opened=True)
    state = log(state, f"{suitor.name} is out: " + " and ".join(why) + ".")
    if state.stage == FINAL:
        return _next_final(evolve(state, queue=state.queue[1:]))
    if not state.active:
        return _island_ending(state)
    if all(s in state.declined for s in state.active):
        return end_round(state, "every suitor declined the floor")
    return state


def _game_over(state: TemptressState, outcome: Outcome) -> TemptressState:
    state = evolve(state, stage=OVER, result=outcome, contest=None, queue=())
    return log(state, outcome.reason)


def start_final(state: TemptressState, why: str) -> TemptressState:
    state = log(state, f"{why} Final retirements, in seat order.")
    return _next_final(evolve(state, stage=FINAL, queue=state.active, contest=None))


def _next_final(state: TemptressState) -> TemptressState:
    if state.queue:
        return state
    return _island_ending(state)


def _island_ending(state: TemptressState) -> TemptressState:
    tempted = state.tempted
    suitors = tuple(range(len(state.suitors)))
    if tempted is not None and not state.suitors[tempted].out:
        queen = PlayingCard(12, state.women[state.sorceress].suit)
        if queen in state.suitors[tempted].hand:
            who = state.suitors[tempted].name
            reason = (
                f"Nobody retired in triumph, and {who}, the Tempted, holds {queen.words()}: "
                f"the sorceress {woman_name(state, state.sorceress)} chooses {who}. "
                "Everyone else stays on the island."
            )
            return _game_over(
                state, Outcome((tempted,), tuple(s for s in suitors if s != tempted), reason)
            )
    reason = "Nobody proved wits, wiles and will: every suitor remains on the island."
    return _game_over(state, Outcome((), suitors, reason))


# --- the round end ------------------------------------------------------------------


def after_contest(state: TemptressState) -> TemptressState:
    """Back at the floor: the round or the game may end now."""
    if state.stage != FLOOR:
        return state
    if not any(w.pile for w in state.women):
        return start_final(state, "The last card of the last pile has been drawn.")
    if state.pile_emptied:
        return end_round(state, "a pile was emptied")
    if not any(state.suitors[s].hand for s in state.active):
        return end_round(state, "every suitor is out of cards")
    return state


def end_round(state: TemptressState, why: str) -> TemptressState:
    state = log(state, f"Round {state.round} ends: {why}.")
    spenders = tuple(s for s in state.active if state.suitors[s].rapport > 0)
    order: list[Seat] = []
    by_rapport = sorted({state.suitors[s].rapport for s in spenders}, reverse=True)
    for rapport in by_rapport:
        tied = tuple(s for s in spenders if state.suitors[s].rapport == rapport)
        while len(tied) > 1:
            first, state = contest.roll_off(state, tied)
            order.append(first)
            tied = tuple(s for s in tied if s != first)
        order.extend(tied)
    if order:
        state = log(state, "Spending order: " + ", ".join(name(state, s) for s in order) + ".")
    state = evolve(state, stage=SPEND, queue=tuple(order), refilled=(), contest=None)
    return _next_spender(state)


def _next_spender(state: TemptressState) -> TemptressState:
    if state.queue:
        return state
    return _refill_and_next_round(state)


def spend(
    state: TemptressState, seat: Seat, choice: str, cards: tuple[PlayingCard, ...], kind: str
) -> TemptressState:
    suitor = state.suitors[seat]
    chips = suitor.rapport
    who = suitor.name
    if choice == REFILL:
        need = HAND_LIMIT - len(suitor.hand)
        if need <= 0:
            raise IllegalAction("Your hand is already full.")
        wanted = min(need, len(state.discard))
        if wanted == 0:
            raise IllegalAction("The discard pile is empty: there is nothing to refill from.")
        if len(cards) != wanted or len(set(cards)) != len(cards):
            raise IllegalAction(f"Choose exactly {plural(wanted, 'card')} from the discard pile.")
        if any(c not in state.discard for c in cards):
            raise IllegalAction("Choose only cards that are in the discard pile.")
        state = with_suitor(state, seat, hand=suitor.hand + cards, rapport=0)
        state = evolve(
            state,
            discard=tuple(c for c in state.discard if c not in cards),
            refilled=state.refilled + (seat,),
        )
        state = log(state, f"{who} spends {plural(chips, 'Rapport chip')} to refill by choice.")
        state = tell(state, seat, f"You take {cards_text(cards)} from the discard pile.")
    elif choice == CLEAR:
        if suitor.faux_pas == 0:
            raise IllegalAction("You have no Faux Pas to clear.")
        state = with_suitor(state, seat, faux_pas=0, faceup=(), rapport=0)
        state = log(state, f"{who} spends {plural(chips, 'Rapport chip')} to clear every Faux Pas.")
    elif choice == CLUE:
        if kind not in CLUE_KINDS:
            raise IllegalAction("Choose which kind of clue you want.")
        fresh = clues.new_clues(state, seat, kind)
        if not fresh:
            raise IllegalAction("You already hold every clue of that kind: choose another.")
        clue, chance = state.chance.pick(fresh)
        state = evolve(state, chance=chance)
        state = with_suitor(state, seat, clues=suitor.clues + (clue,), rapport=0)
        women = tuple(w.name for w in state.women)
        suitors = tuple(s.name for s in state.suitors)
        state = log(state, f"{who} spends {plural(chips, 'Rapport chip')} on a new clue.")
        state = tell(state, seat, "New clue: " + clues.clue_text(clue, women, suitors))
    elif choice == KEEP:
        state = log(state, f"{who} keeps their Rapport.")
    else:
        raise IllegalAction("Spend on a refill, clearing Faux Pas, a clue, or keep your chips.")
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
            state = tell(state, seat, f"You draw {cards_text(drawn)}.")
    suitors = tuple(evolve(s, argued=False, immune=False) for s in state.suitors)
    state = evolve(
        state,
        suitors=suitors,
        discard=deck,
        queue=(),
        refilled=(),
        declined=(),
        last_actor=None,
        pile_emptied=False,
        stage=FLOOR,
    )
    state = log(state, "The discard pile is shuffled and hands are refilled to seven.")
    limit = state.config.round_limit
    if limit and state.round >= limit:
        return start_final(state, f"Round {state.round} was the last.")
    state = evolve(state, round=state.round + 1)
    return log(state, f"Round {state.round} begins: the floor is open.")


def narrator_award(state: TemptressState, suitor: Seat) -> TemptressState:
    if suitor not in state.active:
        raise IllegalAction("Award chips only to suitors still in the game.")
    state = with_suitor(state, suitor, rapport=state.suitors[suitor].rapport + 1)
    return log(
        state, f"The narrator awards {name(state, suitor)} a Rapport chip for their role-play."
    )


def reveal_faux_pas(state: TemptressState, seat: Seat, card: PlayingCard) -> TemptressState:
    suitor = state.suitors[seat]
    if card not in suitor.hand:
        raise IllegalAction(f"{card.label()} is not in your hand.")
    if card in suitor.faceup:
        raise IllegalAction(f"{card.label()} is already face up.")
    state = with_suitor(state, seat, faceup=suitor.faceup + (card,))
    return log(state, f"{suitor.name} lays {card.label()} face up for a Faux Pas.")
