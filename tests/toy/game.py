"""Noughts and Crosses: new / prompt / apply / view / outcome, its bot, its GameInfo."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from rules import registry
from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import (
    Fact,
    GameInfo,
    IllegalAction,
    Outcome,
    Prompt,
    Seat,
    Who,
    Whos,
    once_per_state,
    phase_helper,
    read_log,
)
from rules.gatekeeping import gatekept
from rules.packs import PackError
from tests.toy.state import LINES, Mark, Phase, ToyConfig, ToyState, ToyView
from tests.toy.told import TOLD, EventKind


def make_config(
    names: tuple[str, ...], options: Mapping[str, int], pack: object, texts: object = None
) -> ToyConfig:
    return ToyConfig(tuple(names))


def new(config: ToyConfig, seed: int) -> ToyState:
    first, chance = Chance(seed, 0).below(2)
    state = ToyState(config, chance, mover=first)
    return _log(state, EventKind.OPENING, first=Who(first))


@once_per_state
def prompt(state: ToyState) -> Prompt | None:
    if state.result is not None:
        return None
    name = state.config.names[state.mover]
    return Prompt((state.mover,), Phase.MARK, f"{name}: mark an empty square.", True)


def _apply(state: ToyState, action: Any, asked: Prompt) -> ToyState:
    if not isinstance(action, Mark):
        raise IllegalAction("Noughts and Crosses has no such action.")
    if not 0 <= action.square < 9 or state.squares[action.square] is not None:
        raise IllegalAction("That square is not an empty one.")
    squares = tuple(
        action.seat if n == action.square else s for n, s in enumerate(state.squares)
    )
    state = evolve(state, squares=squares, mover=1 - action.seat)
    state = _log(state, EventKind.MARKED, mover=Who(action.seat), square=action.square + 1)
    if any(all(squares[n] == action.seat for n in line) for line in LINES):
        state = _log(state, EventKind.THREE_IN_A_ROW, winner=Who(action.seat))
        result = Outcome((action.seat,), (1 - action.seat,), state.log[-1].text)
    elif all(s is not None for s in squares):
        state = _log(state, EventKind.FULL_BOARD, players=Whos((0, 1)))
        result = Outcome((), (), state.log[-1].text)
    else:
        return state
    return evolve(state, result=result)


def _no_packs(path: str) -> None:
    raise PackError("Noughts and Crosses has no card packs.")


def seat_names(state: ToyState) -> tuple[str, ...]:
    return state.config.names


apply = gatekept(_apply, prompt, seat_names)


def view(state: ToyState, seat: Seat | None) -> ToyView:
    lines, notes = read_log(state, seat)
    asked = prompt(state)
    choices = None
    if asked is not None and seat in asked.seats:
        options = tuple(
            Option(Mark(seat, n), f"Square {n + 1}", "" if s is None else "Already marked.")
            for n, s in enumerate(state.squares)
        )
        choices = Pick("Mark which square?", options)
    return ToyView(
        seat, state.config.names, state.squares, state.mover, lines, notes, choices, state.result
    )


def outcome(state: ToyState) -> Outcome | None:
    return state.result


@frozen
class ToyBot:
    """Marks the first open square."""

    seat: Seat
    seed: int

    def choose(self, view: ToyView) -> Mark:
        assert view.choices is not None
        return view.choices.opened[0].value


TOY: GameInfo[ToyState, ToyView] = GameInfo(
    listing=registry.listing("toy"),
    options=(),
    config_type=ToyConfig,
    action_types=(Mark,),
    state_type=ToyState,
    make_config=make_config,
    default_pack=lambda: None,
    load_pack=_no_packs,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=ToyBot,
    rules_text=Path(__file__).with_name("rules.md").read_text(encoding="utf-8"),
    phase_help=phase_helper({Phase.MARK: "Mark any empty square."}, "The game is over."),
    seat_names=seat_names,
    secrets_of=lambda state, seat: (),
    turn_of=lambda state: sum(s is not None for s in state.squares) + 1,
)


def _log(state: ToyState, kind: EventKind, /, **facts: Fact) -> ToyState:
    return evolve(state, log=state.log + (TOLD.event(kind, state.config.names, facts),))


