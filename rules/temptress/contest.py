"""The contest itself: joining an action, re-rolls, playing cards with excel spends, raises.

A courting action and an argument share this machinery (see ``targets``).
They differ in who plays first, who may raise, what is won, and what follows
the last target: the judging of an action (``judging``) or the settling of
an argument (``argument``).
"""

from __future__ import annotations

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import IllegalAction, Seat, Who, Whos
from rules.story import STORY
from rules.temptress import argument, judging, scenes
from rules.temptress.playing import play_choices, reroll_refusal
from rules.temptress.state import (
    MAX_TARGETS,
    Contest,
    ContestKind,
    ContestStage,
    EventKind,
    ExcelSpend,
    Play,
    TemptressState,
)
from rules.temptress.table import cards_text, log, told, with_suitor, without_cards
from rules.temptress.targets import begin_target, changed, current, opponent_of, play_order

# --- joining --------------------------------------------------------------------------


def new_action(actor: Seat, woman: int, description: str, joiners: tuple[Seat, ...]) -> Contest:
    return Contest(
        kind=ContestKind.ACTION,
        actor=actor,
        stage=ContestStage.JOIN,
        woman=woman,
        description=description,
        participants=(actor,),
        undecided=joiners,
    )


def join(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = current(state)
    participants = contest.participants + ((seat,) if wants else ())
    undecided = tuple(s for s in contest.undecided if s != seat)
    state = changed(state, participants=participants, undecided=undecided)
    if wants:
        found, state = scenes.approach(state, seat, "")
        if found is not None:
            state = changed(state, approaches=contest.approaches + (found,))
        line, told = scenes.approach_line(found, "", STORY)
        state = log(
            state, EventKind.JOINED, line, suitor=Who(seat), actor=Who(contest.actor), approach=told
        )
    else:
        state = log(state, EventKind.STAYED_OUT, suitor=Who(seat), actor=Who(contest.actor))
    if undecided:
        return state
    return begin_target(state, participants)


# --- re-rolls and cards -----------------------------------------------------------------


def reroll(state: TemptressState, seat: Seat, die: int) -> TemptressState:
    contest = current(state)
    suitor = state.suitors[seat]
    refusal = reroll_refusal(
        contest.kind == ContestKind.ARGUMENT,
        seat == contest.actor,
        contest.spent(seat, ExcelSpend.REROLL),
        suitor.rapport,
        die,
    )
    if refusal:
        raise IllegalAction(refusal)
    value, chance = state.chance.roll(10)
    dice = contest.dice[:die] + value + contest.dice[die + 1 :]
    total = sum(dice)
    state = evolve(state, chance=chance)
    state = with_suitor(state, seat, rapport=suitor.rapport - 1)
    state = changed(
        state,
        dice=dice,
        targets=contest.targets[:-1] + (total,),
        spends=contest.spends + ((seat, ExcelSpend.REROLL),),
    )
    return log(
        state,
        EventKind.REROLL,
        suitor=Who(seat),
        old=contest.dice[die],
        new=value[0],
        total=total,
    )


def play_cards(
    state: TemptressState, seat: Seat, cards: tuple[PlayingCard, ...], pair: bool, suit: bool
) -> TemptressState:
    """Play ``cards`` toward the current target: refused exactly as the seat's
    ``PlayChoices`` says, and adding up as it says."""
    contest = current(state)
    choices = play_choices(state, seat)
    refusal = choices.refusal(cards, pair, suit)
    if refusal:
        raise IllegalAction(refusal)
    bonus = choices.bonus(cards, pair, suit)
    cost = int(pair) + int(suit)
    spends = contest.spends + tuple(
        (seat, spend)
        for spend, wanted in ((ExcelSpend.PAIR, pair), (ExcelSpend.SUIT, suit))
        if wanted
    )
    total = choices.total(cards, pair, suit)
    counted = choices.counted(cards, pair, suit)
    suitor = without_cards(state.suitors[seat], cards)
    state = with_suitor(
        state, seat, hand=suitor.hand, faceup=suitor.faceup, rapport=suitor.rapport - cost
    )
    play = Play(seat, contest.target, cards, bonus, counted)
    state = changed(
        state, plays=contest.plays + (play,), to_play=contest.to_play[1:], spends=spends
    )
    state = log(
        state,
        EventKind.PLAY,
        "bonus" if bonus else STORY,
        suitor=Who(seat),
        cards=cards_text(cards),
        count=len(cards),
        bonus=bonus,
        total=total,
        goal=contest.targets[-1],
    )
    if counted != total:  # the island's ruling on Rapport poured on in an argument
        goal = contest.targets[-1]
        state = log(
            state, EventKind.NARRATOR_VALUES, "spent", side=Whos((seat,)), total=total, goal=goal
        )
    if current(state).to_play:
        return state
    return _end_of_target(state)


# --- the end of a target and raising ------------------------------------------------------


def _end_of_target(state: TemptressState) -> TemptressState:
    contest = current(state)
    number, goal = contest.target, contest.targets[-1]
    players = contest.followers
    reached = tuple(s for s in players if (contest.total(s, number) or 0) >= goal)
    missed = tuple(s for s in players if s not in reached)
    verdicts = (
        told(state, EventKind.TARGET_RESULT, "reached", reached=Who(s))
        if s in reached
        else told(state, EventKind.TARGET_RESULT, "missed", missed=Who(s))
        for s in players
    )
    state = log(
        state,
        EventKind.TARGET_RESULT,
        number=number,
        reached=Whos(reached),
        missed=Whos(missed),
        verdicts="; ".join(verdicts),
    )
    if contest.kind == ContestKind.ARGUMENT:
        off = list(contest.stake_off)
        for seat in players:
            if not contest.reached(seat, number):
                off[contest.participants.index(seat)] = True
        state = changed(state, stake_off=tuple(off))
        candidates = tuple(
            s for s in play_order(contest, players) if _may_raise_in_argument(state, s)
        )
    else:
        best = max(contest.total(s, number) or 0 for s in players)
        candidates = tuple(
            s
            for s in play_order(contest, players)
            if contest.total(s, number) == best and _may_raise_in_action(state, s)
        )
    if candidates:
        return changed(state, stage=ContestStage.RAISE, asked=candidates)
    return _finish(state)


def _may_raise_in_action(state: TemptressState, seat: Seat) -> bool:
    contest = current(state)
    if not state.suitors[seat].hand or contest.target >= MAX_TARGETS:
        return False
    used = len(contest.cards_of(seat))
    if contest.target == 1:
        return contest.reached(seat, 1) and used <= 2
    return contest.reached(seat, 1) and contest.reached(seat, 2) and used == 2


def _may_raise_in_argument(state: TemptressState, seat: Seat) -> bool:
    contest = current(state)
    return (
        contest.target < MAX_TARGETS
        and contest.reached(seat, contest.target)
        and contest.budget_left(seat) > 0
        and bool(state.suitors[seat].hand)
    )


def raise_stakes(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = current(state)
    if not wants:
        state = log(state, EventKind.NOT_RAISED, suitor=Who(seat))
        rest = contest.asked[1:]
        return changed(state, asked=rest) if rest else _finish(state)
    state = log(state, EventKind.RAISED, suitor=Who(seat))
    if contest.kind == ContestKind.ARGUMENT:
        other = opponent_of(contest, seat)
        state = changed(state, raiser=seat)
        if contest.budget_left(other) > 0 and state.suitors[other].hand:
            return changed(state, stage=ContestStage.FOLLOW, asked=(other,))
        state = log(state, EventKind.NOT_FOLLOWED, "no_budget", suitor=Who(other), raiser=Who(seat))
        state = begin_target(state, (seat,))
        return changed(state, raiser=seat)
    players = tuple(
        s for s in contest.participants if contest.budget_left(s) > 0 and state.suitors[s].hand
    )
    state = begin_target(state, players)
    return changed(state, raiser=seat)


def follow(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = current(state)
    raiser = contest.raiser
    assert raiser is not None
    kind = EventKind.FOLLOWED if wants else EventKind.NOT_FOLLOWED
    state = log(state, kind, suitor=Who(seat), raiser=Who(raiser))
    state = begin_target(state, (raiser, seat) if wants else (raiser,))
    return changed(state, raiser=raiser)


def _finish(state: TemptressState) -> TemptressState:
    """After the last target: settle an argument, or judge an action."""
    if current(state).kind == ContestKind.ARGUMENT:
        return argument.to_settle(state)
    return judging.judge(state)
