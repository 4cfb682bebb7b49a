"""Playing any registered game without a screen: the conformance suite's games
(``tests/conformance.py``) and every game's own rules tests.

A policy chooses the next action for a state (the caller applies it). Random
play draws from the acting seat's ``view(...).choices``, so it only ever tries
what the rules offer; the bots are the game's own, each seeing its seat's view.
``playout`` yields every step of a game; ``reachable`` collects the states a
few seeded games pass through, for fuzzing and for checking the choices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rules.chance import Chance
from rules.engine import Bot, GameInfo, Seat

Policy = Callable[[Any], Any]
"""Chooses the next action for a state; the caller applies it."""

Step = tuple[Any, Any, Any]
"""(state before, action, state after)."""


def acting(game: GameInfo[Any, Any], state: Any) -> tuple[Seat, ...]:
    """The seats the prompt asks now (none when the game is over)."""
    prompt = game.prompt(state)
    return prompt.seats if prompt is not None else ()


def random_policy(
    game: GameInfo[Any, Any], seed: int, seats: Iterable[Seat] | None = None
) -> Policy:
    """A random open choice of a random asked seat (one of ``seats`` when given)."""
    chance = [Chance(seed)]
    only = None if seats is None else frozenset(seats)

    def choose(state: Any) -> Any:
        asked = [s for s in acting(game, state) if only is None or s in only]
        assert asked, f"nobody to play for at {game.prompt(state)}"
        seat, chance[0] = chance[0].pick(asked)
        choices = game.view(state, seat).choices
        assert choices is not None, f"seat {seat} is asked but offered nothing"
        action, chance[0] = choices.draw(chance[0])
        return action

    return choose


def bot_policy(game: GameInfo[Any, Any], seed: int) -> Policy:
    """The game's bots, seeded as ``Session.bot_for`` seeds them, each seeing its view."""
    made: dict[Seat, Bot] = {}

    def choose(state: Any) -> Any:
        seat = acting(game, state)[0]
        if seat not in made:
            made[seat] = game.make_bot(seat, seed * 7 + seat)
        return made[seat].choose(game.view(state, seat))

    return choose


def mixed_policy(game: GameInfo[Any, Any], seed: int, random_seats: Iterable[Seat]) -> Policy:
    """Some seats play at random, the others are the game's bots."""
    chosen = frozenset(random_seats)
    rand, bots = random_policy(game, seed, chosen), bot_policy(game, seed)

    def choose(state: Any) -> Any:
        if any(seat in chosen for seat in acting(game, state)):
            return rand(state)
        return bots(state)

    return choose


def playout(
    game: GameInfo[Any, Any], state: Any, policy: Policy, max_actions: int
) -> Iterator[Step]:
    """Yields (before, action, after) until the game ends or ``max_actions`` are applied."""
    for _ in range(max_actions):
        if game.prompt(state) is None:
            return
        action = policy(state)
        after = game.apply(state, action)
        yield state, action, after
        state = after


def reachable(
    game: GameInfo[Any, Any], starts: Iterable[tuple[Any, Policy]], bound: int = 3_000
) -> tuple[Any, ...]:
    """Every state of the given games (each a start and a policy), the starts included."""
    states: list[Any] = []
    for start, policy in starts:
        states.append(start)
        states += [after for _, _, after in playout(game, start, policy, bound)]
    return tuple(states)
