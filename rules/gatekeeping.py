"""The checks every game's ``apply`` makes first, done once for all games with one
wording: the game is not over, the action names a seat at the table, and it is that
seat's turn (unless the game lets this action come out of turn). After the step, the
new state's readers go on from the old one's reading of the story (``carry_reading``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rules.engine import IllegalAction, Prompt, Read, carry_reading

S = TypeVar("S", bound=Read)
A = TypeVar("A")

GAME_OVER = "The game is over: no more moves."
NOT_AT_TABLE = "That seat is not at this table."
NOT_YOUR_TURN = "It is not {name}'s turn: {asked}"


def gatekept(
    rules: Callable[[S, A, Prompt], S],
    prompt: Callable[[S], Prompt | None],
    seat_names: Callable[[S], Sequence[str]],
    out_of_turn: Callable[[S, A, Prompt], bool] = lambda state, action, asked: False,
) -> Callable[[S, A], S]:
    """A game's ``apply``: the common checks, then ``rules(state, action, prompt)``.
    ``out_of_turn`` says whether an action may come from a seat the prompt does not ask
    (the Temptress's retiring at the open floor, a Bard walking out of the Lantern).
    ``A`` is the game's action type (its union of action classes)."""

    def apply(state: S, action: A) -> S:
        asked = prompt(state)
        if asked is None:
            raise IllegalAction(GAME_OVER)
        seat = getattr(action, "seat", None)
        names = seat_names(state)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
            raise IllegalAction(NOT_AT_TABLE)
        if seat not in asked.seats and not out_of_turn(state, action, asked):
            raise IllegalAction(NOT_YOUR_TURN.format(name=names[seat], asked=asked.text))
        after = rules(state, action, asked)
        carry_reading(state, after)
        return after

    apply.__doc__ = rules.__doc__
    return apply
