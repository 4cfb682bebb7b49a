"""A game in progress at a table: the bookkeeping around the pure game.

A Session holds the game, its config and seed, who sits where (person or bot,
optional PIN), every action applied so far and the resulting state. Applying
an action returns a new Session; the save file is exactly this.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Generic, TypeVar

from attrs import evolve, frozen

from rules.engine import Bot, GameInfo, IllegalAction, Outcome, Prompt, Seat, View

StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound=View)

PERSON, BOT = "person", "bot"


PIN_WORK = 2**14
"""scrypt's cost for a PIN (with r=8, 16 MB): about 70 ms a try here, so trying all
10,000 four-digit PINs from a save file costs over ten minutes of a core."""
_MOST_WORK = 2**16
"""The dearest cost a save may ask for (a damaged one asks no more than this)."""
_MAXMEM = 2**27


def hash_pin(pin: str, work: int = PIN_WORK, salt: bytes | None = None) -> str:
    """A PIN as it is saved: ``scrypt$WORK$SALT$KEY``, salted (16 random bytes) and
    slow on purpose. It keeps a seat's screen from other eyes at the table; it is no
    lock against someone who can read the save file and wait."""
    salt = secrets.token_bytes(16) if salt is None else salt
    return f"scrypt${work}${salt.hex()}${_derive(pin, work, salt).hex()}"


def _derive(pin: str, work: int, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=work, r=8, p=1, maxmem=_MAXMEM, dklen=32)


def pin_fits(pin: str, saved: str) -> bool:
    """Whether ``pin`` is the one ``saved`` (from :func:`hash_pin`) was made from.

    A save from before the salted PINs holds a bare SHA-256; it is still read."""
    parts = saved.split("$")
    if len(parts) != 4 or parts[0] != "scrypt":
        legacy = hashlib.sha256(f"parlour-pin:{pin}".encode()).hexdigest()
        return hmac.compare_digest(legacy, saved)
    try:
        work, salt, key = int(parts[1]), bytes.fromhex(parts[2]), bytes.fromhex(parts[3])
        if not 2 <= work <= _MOST_WORK:
            return False
        return hmac.compare_digest(_derive(pin, work, salt), key)
    except ValueError:  # a damaged hash: no PIN fits it
        return False


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
        """The session after ``action`` (IllegalAction propagates, nothing changes)."""
        state = self.game.apply(self.state, action)
        return evolve(self, actions=self.actions + (action,), state=state)

    def refusal(self, action: object) -> str | None:
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
