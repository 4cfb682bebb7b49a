"""A game in progress at a table: the bookkeeping around the pure game.

A Session holds the game, its config and seed, who sits where (person or bot,
optional PIN), every action applied so far and the resulting state. Applying
an action returns a new Session; the save file is exactly this.
"""

from __future__ import annotations

import hashlib
from typing import Any, Generic, TypeVar

from attrs import evolve, frozen

from rules.engine import Bot, GameInfo, IllegalAction, Outcome, Prompt, Seat

StateT = TypeVar("StateT")

PERSON, BOT = "person", "bot"


def hash_pin(pin: str) -> str:
    return hashlib.sha256(f"parlour-pin:{pin}".encode()).hexdigest()


@frozen
class SeatPlan:
    """Who sits in a seat: a name, person or bot, and a PIN's hash when set."""

    name: str
    kind: str = PERSON
    pin_hash: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def pin_matches(self, pin: str) -> bool:
        return self.pin_hash is None or hash_pin(pin) == self.pin_hash


@frozen
class Session(Generic[StateT]):
    """One game being played: config, seed, seats, actions so far and the state."""

    game: GameInfo[StateT, Any]
    config: Any
    seed: int
    seats: tuple[SeatPlan, ...]
    actions: tuple[Any, ...]
    state: StateT

    @classmethod
    def start(
        cls, game: GameInfo[StateT, Any], config: Any, seed: int, seats: tuple[SeatPlan, ...]
    ) -> Session[StateT]:
        return cls(game, config, seed, seats, (), game.new(config, seed))

    def apply(self, action: Any) -> Session[StateT]:
        """The session after ``action`` (IllegalAction propagates, nothing changes)."""
        state = self.game.apply(self.state, action)
        return evolve(self, actions=self.actions + (action,), state=state)

    def refusal(self, action: Any) -> str | None:
        """Why the rules refuse ``action`` now (None: it would be applied)."""
        try:
            self.game.apply(self.state, action)
        except IllegalAction as exc:
            return exc.reason
        return None

    @property
    def prompt(self) -> Prompt | None:
        return self.game.prompt(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, seat: Seat | None) -> Any:
        return self.game.view(self.state, seat)

    def bot_for(self, seat: Seat) -> Bot:
        return self.game.make_bot(seat, self.seed * 7 + seat)

    @property
    def turn(self) -> int:
        """How far the game has come, in the game's ``turn_word``s."""
        return self.game.turn_of(self.state)
