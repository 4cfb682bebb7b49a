"""The open floor: claiming an action, declining, arguing, retiring, the narrator's
award, and laying cards face up for a Faux Pas."""

from __future__ import annotations

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import IllegalAction, Seat, Who
from rules.temptress import scenes
from rules.temptress.argument import new_argument
from rules.temptress.contest import new_action
from rules.temptress.round_end import (
    end_if_stale,
    end_round,
    game_over,
    island_ending,
    next_final,
)
from rules.temptress.state import HAND_LIMIT, EventKind, Retirement, Stage, TemptressState
from rules.temptress.table import cards_text, log, with_suitor, woman_name
from rules.temptress.targets import begin_target
from rules.temptress.turns import had_turn
from rules.wording import plural

LONGEST_DESCRIPTION = 120


def floor_seats(state: TemptressState) -> tuple[Seat, ...]:
    """Suitors who may act at the open floor now, clockwise from the last actor (worked
    out once per state: the prompt, every seat's view and choices ask it)."""
    if not state.floor_open:
        state.floor_open.append(_floor_seats(state))
    return state.floor_open[0]


def _floor_seats(state: TemptressState) -> tuple[Seat, ...]:
    active = state.active
    if not active:
        return ()
    if not state.opened:
        oldest = state.config.oldest
        return (oldest,) if oldest in active else active[:1]
    start = 0 if state.last_actor is None else state.last_actor + 1
    count = len(state.suitors)
    ring = [(start + i) % count for i in range(count)]
    first = tuple(s for s in ring if s in state.first_claims and s in active)
    if first:
        return first
    others = [s for s in active if s != state.last_actor]
    everyone_else_declined = all(s in state.declined for s in others)
    return tuple(
        s
        for s in ring
        if s in active
        and s not in state.declined
        and (s != state.last_actor or everyone_else_declined)
    )


def _claim(state: TemptressState, seat: Seat) -> TemptressState:
    state = had_turn(state, seat)
    return evolve(
        state,
        last_actor=seat,
        declined=(),
        opened=True,
        actions_taken=state.actions_taken + 1,
        stage=Stage.CONTEST,
    )


NO_CARDS_TO_PLAY = "You have no cards left to play: you can only decline."


def court_refusal(state: TemptressState, seat: Seat) -> str:
    """Why ``seat`` may not court anyone now ('' when they may)."""
    return "" if state.suitors[seat].hand else NO_CARDS_TO_PLAY


def retired_refusal(state: TemptressState, woman: int) -> str:
    """Why no action may aim at ``woman`` any more ('' while her pile lasts)."""
    if state.women[woman].pile:
        return ""
    return (
        f"{woman_name(state, woman)} has retired: her pile is empty, and there is nothing "
        "more to learn from her. Court another woman."
    )


def claim_refusal(state: TemptressState, seat: Seat, woman: int, description: str) -> str:
    """Why ``seat`` may not court ``woman`` with this description ('' when they may)."""
    if not 0 <= woman < len(state.women):
        return "Aim your action at one of the four women."
    refusal = court_refusal(state, seat) or retired_refusal(state, woman)
    if refusal:
        return refusal
    if len(" ".join(description.split())) > LONGEST_DESCRIPTION:
        return f"Keep the description to {LONGEST_DESCRIPTION} characters."
    return ""


def claim_floor(state: TemptressState, seat: Seat, woman: int, description: str) -> TemptressState:
    refusal = claim_refusal(state, seat, woman, description)
    if refusal:
        raise IllegalAction(refusal)
    description = " ".join(description.split())
    count = len(state.suitors)
    joiners = tuple(
        s
        for s in ((seat + i) % count for i in range(1, count))
        if s in state.active and state.suitors[s].hand
    )
    state = _claim(state, seat)
    found, state = scenes.approach(state, seat, description)
    contest = new_action(seat, woman, description, joiners)
    if found is not None:
        contest = evolve(contest, approaches=(found,))
    state = evolve(state, contest=contest)
    line, told_approach = scenes.approach_line(found, description)
    state = log(
        state,
        EventKind.CLAIM,
        line,
        suitor=Who(seat),
        woman=woman_name(state, woman),
        woman_index=woman,
        description=description,
        approach=told_approach,
    )
    if joiners:
        return state
    return begin_target(state, (seat,))


def decline(state: TemptressState, seat: Seat) -> TemptressState:
    if state.stage == Stage.FINAL:
        state = log(state, EventKind.FINAL_PASS, suitor=Who(seat))
        return next_final(evolve(state, queue=state.queue[1:]))
    state = evolve(had_turn(state, seat), declined=state.declined + (seat,), opened=True)
    state = log(state, EventKind.DECLINE, suitor=Who(seat))
    if all(s in state.declined for s in state.active):
        return end_round(state, "every suitor declined the floor")
    return end_if_stale(state)


def argue_refusal(state: TemptressState, seat: Seat) -> str:
    """Why ``seat`` may not start an argument with anyone now ('' when they may)."""
    suitor = state.suitors[seat]
    if suitor.argued:
        return "You have already started an argument this round."
    if suitor.rapport < 1:
        return "An argument costs at least one Rapport chip, and you have none."
    if not suitor.hand:
        return "You have no cards left to argue with."
    return ""


def opponent_refusal(state: TemptressState, seat: Seat, opponent: Seat) -> str:
    """Why ``seat`` may not argue with ``opponent`` ('' when they may)."""
    if opponent == seat or opponent not in state.active:
        return "Argue with another suitor who is still in the game."
    other = state.suitors[opponent]
    if other.immune:
        return f"{other.name} avoided an argument this round: nobody may argue with them."
    if not other.hand:
        return f"{other.name} has no cards left to argue with."
    return ""


def chips_refusal(state: TemptressState, seat: Seat, chips: int) -> str:
    """Why an argument may not be started with ``chips`` Rapport ('' when it may)."""
    rapport = state.suitors[seat].rapport
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        return "An argument costs at least one Rapport chip."
    if chips > rapport:
        return f"You have {plural(rapport, 'Rapport chip')}, not {chips}."
    return ""


def start_argument(state: TemptressState, seat: Seat, opponent: Seat, chips: int) -> TemptressState:
    refusal = (
        argue_refusal(state, seat)
        or opponent_refusal(state, seat, opponent)
        or chips_refusal(state, seat, chips)
    )
    if refusal:
        raise IllegalAction(refusal)
    suitor = state.suitors[seat]
    state = _claim(state, seat)
    state = with_suitor(state, seat, rapport=suitor.rapport - chips, argued=True)
    state = evolve(state, contest=new_argument(seat, opponent, chips))
    return log(state, EventKind.ARGUMENT, suitor=Who(seat), opponent=Who(opponent), chips=chips)


# --- retiring ---------------------------------------------------------------------


NO_FLUSH = "To retire you need seven cards, all of one suit."


def retire_refusal(state: TemptressState, seat: Seat, accused: int) -> str:
    """Why ``seat`` may not retire naming ``accused`` ('' when they may)."""
    if not 0 <= accused < len(state.women):
        return "Name one of the four women as the sorceress."
    hand = state.suitors[seat].hand
    if len(hand) != HAND_LIMIT or len({card.suit for card in hand}) != 1:
        return NO_FLUSH
    return ""


def retire(state: TemptressState, seat: Seat, accused: int) -> TemptressState:
    refusal = retire_refusal(state, seat, accused)
    if refusal:
        raise IllegalAction(refusal)
    suitor = state.suitors[seat]
    suit = suitor.hand[0].suit
    match = state.women[suitor.match]
    right_suit = suit == match.suit and suitor.match != state.sorceress
    right_woman = accused == state.sorceress
    record = Retirement(seat, suitor.hand, accused, right_suit, right_woman)
    state = evolve(state, retirements=state.retirements + (record,))
    accused_name = woman_name(state, accused)
    state = log(
        state,
        EventKind.RETIREMENT,
        suitor=Who(seat),
        cards=cards_text(suitor.hand),
        accused=accused_name,
    )
    if right_suit and right_woman:
        losers = tuple(s for s in range(len(state.suitors)) if s != seat)
        return game_over(
            state,
            (seat,),
            losers,
            EventKind.RETIRED_RIGHT,
            suitor=Who(seat),
            suit=suit.value,
            match=match.name,
            accused=accused_name,
        )
    state = with_suitor(state, seat, out=True, hand=(), faceup=(), faux_pas=0)
    state = evolve(state, discard=state.discard + suitor.hand, opened=True)
    state = log(state, EventKind.RETIRED_WRONG, suitor=Who(seat))  # (not which half was wrong)
    if state.stage == Stage.FINAL:
        return next_final(evolve(state, queue=state.queue[1:]))
    if not state.active:
        return island_ending(state)
    state = had_turn(state, seat)
    if all(s in state.declined for s in state.active):
        return end_round(state, "every suitor declined the floor")
    return end_if_stale(state)


def award_refusal(state: TemptressState, suitor: Seat) -> str:
    if suitor not in state.active:
        return "Award chips only to suitors still in the game."
    return ""


def narrator_award(state: TemptressState, suitor: Seat) -> TemptressState:
    refusal = award_refusal(state, suitor)
    if refusal:
        raise IllegalAction(refusal)
    state = with_suitor(state, suitor, rapport=state.suitors[suitor].rapport + 1)
    return log(state, EventKind.NARRATOR_AWARD, "role_play", suitor=Who(suitor))


def reveal_faux_pas(state: TemptressState, seat: Seat, card: PlayingCard) -> TemptressState:
    suitor = state.suitors[seat]
    if card not in suitor.hand:
        raise IllegalAction(f"{card.label()} is not in your hand.")
    if card in suitor.faceup:
        raise IllegalAction(f"{card.label()} is already face up.")
    state = with_suitor(state, seat, faceup=suitor.faceup + (card,))
    return log(state, EventKind.FAUX_PAS, suitor=Who(seat), card=card.label())
