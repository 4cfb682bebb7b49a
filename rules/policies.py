"""Who decides for a seat in a headless game: the game's own bot, or chance.

``parlour simulate GAME --policy SEAT=random`` seats a :class:`RandomSeat`, the
yardstick a bot's strength is measured against (``bench/tournament.py``). Like
a bot it sees its seat's view only: it draws one of the open choices the view
lists (``view.choices.draw``, the same draw the fuzz tests use), at random at
each question of the choices (an open option of a Pick, then the question it
leads to; a game's own choices class draws the way its ``draw`` says: the
Lantern's Bard on turn mostly plays and now and then passes, a Temptress play is
one to as many cards as the budget allows). A text answer (a :class:`Write`) is
drawn from sample words, or new story elements where the game asks for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from attrs import define

from rules.chance import Chance
from rules.engine import Bot, Seat, View
from rules.session import BOT, Session

S = TypeVar("S")

RANDOM = "random"
POLICIES = (BOT, RANDOM)
"""What ``--policy`` may seat: the game's own bot, or a seat playing at random."""


@define
class RandomSeat:
    """A seat that picks among its view's open choices at random.

    Unlike the bots (frozen, reseeded from the view at every decision) it carries
    its Chance on from one draw to the next, as a die is thrown again: the same
    seed at the same game makes the same moves, and two views that look alike
    still get draws of their own."""

    seat: Seat
    chance: Chance

    def choose(self, view: View) -> object:
        choices = view.choices
        if choices is None:
            raise ValueError(f"seat {self.seat + 1} has nothing to decide now")
        action, self.chance = choices.draw(self.chance)
        return action


def random_seat(seat: Seat, seed: int) -> RandomSeat:
    """The random seat at ``seat`` of the game dealt from ``seed``: each seat draws
    differently, and from a Chance below zero, which no deal (seeds are from 0 up)
    and no bot draws from."""
    return RandomSeat(seat, Chance(-(seed * 7 + seat) - 1))


def players(session: Session[S], policies: Sequence[str]) -> tuple[Bot[Any, object], ...]:
    """A decider for each seat of ``session``, by its policy: ``BOT``, the game's own bot
    (``Session.bot_for``: it takes the views of the session's game, a type the session
    does not carry); ``RANDOM``, a :class:`RandomSeat` (any view)."""
    made: list[Bot[Any, object]] = []
    for seat, policy in enumerate(policies):
        if policy == BOT:
            made.append(session.bot_for(seat))
        elif policy == RANDOM:
            made.append(random_seat(seat, session.seed))
        else:
            raise ValueError(f"no policy {policy!r} (policies: {', '.join(POLICIES)})")
    return tuple(made)
