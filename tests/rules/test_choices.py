"""The views' choices are the rules' own word, for every registered game.

At states reached by random play (drawn from the choices themselves) and by
the bots: every seat the prompt asks is offered something; every open option
is applied; every closed option whose value is an action is refused with the
very sentence the option gives; answers drawn from questions that pick
several options, or ask for text, are applied; the public view offers nothing.
A new game joins this test by being registered.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from rules import registry
from rules.chance import Chance
from rules.choices import Option, Pick, Write
from rules.engine import GameInfo, IllegalAction
from rules.simulate import bot_config, bot_table
from tests.playouts import acting, bot_policy, random_policy, reachable

LEAVES_PER_STATE = 120
DRAWS_PER_QUESTION = 3
STATES_PER_GAME = 160


@cache
def states(game_id: str) -> tuple[Any, ...]:
    """A spread of states from two random games and a bot game of the default table."""
    game = registry.get(game_id)
    seats = bot_table(game)
    config = bot_config(game, seats)
    starts = [
        (game.new(config, 11), random_policy(game, 11)),
        (game.new(config, 12), random_policy(game, 12)),
        (game.new(config, 13), bot_policy(game, 13)),
    ]
    found = reachable(game, starts, bound=600)
    step = max(1, len(found) // STATES_PER_GAME)
    return found[::step]


def leaves(question: Pick[Any] | Write[Any] | Any) -> Iterator[Option[Any]]:
    """The options of single-answer questions, down every ``then``."""
    if not isinstance(question, Pick) or question.several:
        return
    for option in question.options:
        if option.then is None:
            yield option
        elif option.open:
            yield from leaves(option.then)


def questions(choices: Any) -> Iterator[Any]:
    """Every question of a choices tree (the whole choices when it is a game's own class)."""
    if not isinstance(choices, Pick):
        yield choices
        return
    yield choices
    for option in choices.options:
        if option.then is not None and option.open:
            yield from questions(option.then)


def refusal(game: GameInfo[Any, Any], state: Any, action: Any) -> str | None:
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None


def is_action(game: GameInfo[Any, Any], value: Any) -> bool:
    return isinstance(value, game.action_types)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_public_view_offers_nothing(game_id: str):
    game = registry.get(game_id)
    assert all(game.view(state, None).choices is None for state in states(game_id))


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_asked_seat_is_offered_an_open_choice(game_id: str):
    game = registry.get(game_id)
    for state in states(game_id):
        for seat in acting(game, state):
            choices = game.view(state, seat).choices
            assert choices is not None, f"{game.prompt(state)}: seat {seat} is offered nothing"
            action, _ = choices.draw(Chance(seat))
            assert refusal(game, state, action) is None, (game.prompt(state), action)


@pytest.mark.parametrize("game_id", registry.ids())
def test_open_options_are_applied_and_closed_ones_refused_with_their_reason(game_id: str):
    game = registry.get(game_id)
    checked = closed = 0
    for state in states(game_id):
        for seat in range(len(game.seat_names(state))):
            choices = game.view(state, seat).choices
            if choices is None:
                continue
            for number, option in enumerate(leaves(choices)):
                if number >= LEAVES_PER_STATE:
                    break
                if not is_action(game, option.value):
                    continue
                said = refusal(game, state, option.value)
                if option.open:
                    assert said is None, f"open {option.label!r} was refused: {said}"
                else:
                    closed += 1
                    assert said == option.closed, (option.label, option.closed, said)
                checked += 1
    assert checked > 0
    print(f"{game_id}: {checked} options checked, {closed} of them closed")


@pytest.mark.parametrize("game_id", registry.ids())
def test_answers_drawn_from_every_question_are_applied(game_id: str):
    game = registry.get(game_id)
    for state in states(game_id):
        for seat in range(len(game.seat_names(state))):
            choices = game.view(state, seat).choices
            if choices is None:
                continue
            for question in questions(choices):
                chance = Chance(seat + 1)
                for _ in range(DRAWS_PER_QUESTION):
                    try:
                        action, chance = question.draw(chance)
                    except ValueError:  # a question with no open answer (all closed)
                        break
                    said = refusal(game, state, action)
                    assert said is None, f"{action!r} drawn from {question!r}: {said}"
