"""The common ground of every contest: changing it, rolling targets, who plays when.

A courting action and an argument share this machinery: participants play
toward 3d10 targets with a three-card budget, in an order that depends on
the kind of contest.
"""

from __future__ import annotations

from typing import Unpack

from attrs import evolve

from rules.engine import Seat
from rules.story import STORY
from rules.temptress.state import (
    Contest,
    ContestChanges,
    ContestKind,
    ContestStage,
    EventKind,
    TemptressState,
)
from rules.temptress.table import log


def current(state: TemptressState) -> Contest:
    """The contest being resolved (there must be one)."""
    assert state.contest is not None
    return state.contest


def changed(state: TemptressState, **changes: Unpack[ContestChanges]) -> TemptressState:
    """The state with the contest's fields changed."""
    return evolve(state, contest=evolve(current(state), **changes))


def play_order(contest: Contest, players: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """Actions: reverse order of joining (the actor last). Arguments: the initiator first."""
    ranked = sorted(players, key=contest.participants.index)
    return tuple(ranked) if contest.kind == ContestKind.ARGUMENT else tuple(reversed(ranked))


def opponent_of(contest: Contest, seat: Seat) -> Seat:
    """The other side of an argument."""
    first, second = contest.participants[0], contest.participants[1]
    return second if seat == first else first


def begin_target(state: TemptressState, players: tuple[Seat, ...]) -> TemptressState:
    """Roll the next 3d10 target and line up who plays toward it."""
    contest = current(state)
    number = contest.target + 1
    dice, chance = state.chance.roll(10, 3)
    total = sum(dice)
    state = evolve(state, chance=chance)
    state = changed(
        state,
        stage=ContestStage.PLAY,
        target=number,
        dice=dice,
        targets=contest.targets + (total,),
        to_play=play_order(contest, players),
        followers=players,
        raiser=None,
        asked=(),
    )
    return log(
        state,
        EventKind.TARGET,
        STORY if number == 1 else "raised",
        number=number,
        die_1=dice[0],
        die_2=dice[1],
        die_3=dice[2],
        total=total,
    )
