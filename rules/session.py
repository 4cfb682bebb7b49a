"""A game in progress at a table: the bookkeeping around the pure game.

A Session holds the game, its config and seed, who sits where (person or bot,
optional PIN), every action applied so far and the resulting state. Applying
an action returns a new Session; the save file is exactly this.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, TypeVar

from attrs import evolve, field, frozen

from rules.engine import Bot, GameInfo, IllegalAction, Outcome, Prompt, Seat, View
from rules.pins import pin_fits

StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound=View)



class SeatKind(StrEnum):
    """Who decides for a seat: a person at the table or one of the game's bots."""

    PERSON = "person"
    BOT = "bot"


PERSON, BOT = SeatKind.PERSON, SeatKind.BOT


@frozen
class SeatPlan:
    """Who sits in a seat: a name, person or bot, and a PIN's hash when set."""

    name: str
    kind: SeatKind = field(default=PERSON, converter=SeatKind)
    pin_hash: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def pin_matches(self, pin: str) -> bool:
        return self.pin_hash is None or pin_fits(pin, self.pin_hash)


@frozen
class Session(Generic[StateT]):
    """One game being played: config, seed, seats, actions so far and the state.

    Generic over the game's state only: a table holds a session of any game, so the
    game's view type is not carried (``view`` gives a ``View``, ``bot_for`` a bot of
    the game's views), nor its action type (the rules refuse what is no action of
    theirs)."""

    game: GameInfo[StateT, Any]
    config: Any
    seed: int
    seats: tuple[SeatPlan, ...]
    actions: tuple[Any, ...]
    state: StateT

    @classmethod
    def start(
        cls, game: GameInfo[StateT, ViewT], config: object, seed: int, seats: tuple[SeatPlan, ...]
    ) -> Session[StateT]:
        return cls(game, config, seed, seats, (), game.new(config, seed))

    def apply(self, action: object) -> Session[StateT]:
        """The session after ``action`` (IllegalAction propagates, nothing changes). A move
        that adds a seat (someone walks in) seats a person under the name the game gives."""
        state = self.game.apply(self.state, action)
        return evolve(
            self, actions=self.actions + (action,), state=state, seats=self._seated(state)
        )

    def _seated(self, state: StateT) -> tuple[SeatPlan, ...]:
        """The seats after a move to ``state``: the same, and one more for each seat the
        game added (its seats only ever grow; none is renumbered)."""
        names = self.game.seat_names(state)
        if len(names) <= len(self.seats):
            return self.seats
        return self.seats + tuple(SeatPlan(name) for name in names[len(self.seats) :])

    def refusal(self, action: object) -> str | None:
        """Why the rules refuse ``action`` now (None: it would be applied)."""
        try:
            self.game.apply(self.state, action)
        except IllegalAction as exc:
            return exc.reason
        return None

    @property
    def table_size(self) -> int:
        """How many seats the game's table has (every seat a setup must list)."""
        return len(self.game.seat_names(self.state))

    def holds(self, state: StateT | None) -> bool:
        """Whether this session's table is ``state`` (a saved table checked against the
        replay of its moves)."""
        return self.state == state

    @property
    def prompt(self) -> Prompt | None:
        return self.game.prompt(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, seat: Seat | None) -> View:
        view: View = self.game.view(self.state, seat)
        return view

    def bot_for(self, seat: Seat) -> Bot[Any, object]:
        """The game's bot for ``seat``: it chooses from the views of this session's game
        (a type the session does not carry, hence ``Any``)."""
        return self.game.make_bot(seat, self.seed * 7 + seat)

    @property
    def turn(self) -> int:
        """How far the game has come, in the game's ``turn_word``s."""
        return self.game.turn_of(self.state)
