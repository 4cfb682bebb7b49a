"""The table port: all a screen may ask of the game it shows, and the one way to act.

A screen asks for the prompt, a seat's view (the public one with ``None``),
who sits where, and hands an action to ``act``, which answers with the rules'
refusal or None. It never sees the rules' state and never learns whether its
seat sits at this keyboard or at a terminal across the network: hotseat play
(``tui.flow.GameFlow``) is one implementation; ``SessionTable`` is the plain
one (a session and nothing else) that tests use, and the one the flow holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from attrs import frozen

from rules.engine import GameInfo, IllegalAction, Prompt, Seat
from rules.session import Session
from rules.take_back import NOTHING, RESUMED, actor, take_back_refusal
from tui.pin_guard import PinDoor, PinGuard

if TYPE_CHECKING:  # the teaching layer loads with a teaching table, not at start
    from rules.teaching import Explained


@frozen
class SeatInfo:
    """Who sits in a seat, as the screens may know it."""

    name: str
    bot: bool
    pin: bool
    """A PIN guards this seat's curtain."""
    elsewhere: bool = False
    """Played from another terminal (a joined seat, or on a joined terminal every seat
    but its own): nobody decides for it at this keyboard."""
    away: bool = False
    """A joined seat whose terminal is not connected now: the game waits on its turn."""

    @property
    def label(self) -> str:
        """The name, with "(bot)" for a bot and "(away)" for a seat not connected."""
        if self.bot:
            return f"{self.name} (bot)"
        return f"{self.name} (away)" if self.away else self.name

    @property
    def at_keyboard(self) -> bool:
        """A person who plays at this keyboard."""
        return not self.bot and not self.elsewhere


@frozen
class HandOver:
    """The public moment before a person's curtain: who takes the keyboard next, and
    the public story since their last visit (all of it before their first)."""

    seat: Seat
    recap: tuple[str, ...]
    first: bool
    """They have not had the keyboard yet in this game (or since it was resumed)."""
    curtained: bool = True
    """Enter brings their curtain (False: their screen at once, for a solo learner)."""


class Teaching(Protocol):
    """A demo that teaches (``parlour teach``): each step explained, steps back, and a
    peek through one seat's eyes, always under a banner naming whose eyes they are."""

    @property
    def step(self) -> int:
        """How many steps have been played."""
        ...

    @property
    def peeking(self) -> Seat | None:
        """The seat whose view the table shows besides the public one, or None."""
        ...

    def step_back(self) -> None: ...

    def peek_next(self) -> None:
        """The next seat's eyes, and after the last, the public table again."""

    def explained(self) -> tuple[Explained, ...]:
        """The last step's public lines, each with why it happened."""
        ...

    def next_caption(self) -> str:
        """What the table decides next, and what it means."""
        ...

    def peek_lines(self) -> tuple[str, ...]:
        """What the seat being peeked at holds and knows (from its own view)."""
        ...


class Coaching(Protocol):
    """A coached first game (``parlour teach GAME --play``): a hint at each of the
    person's prompts, which they can hide."""

    @property
    def hints_shown(self) -> bool: ...

    def toggle_hints(self) -> bool:
        """Hide the hints, or show them again; whether they show now."""
        ...

    def hint(self, seat: Seat) -> str:
        """What ``seat``'s decision now means and the pick worth weighing ('' when the
        table does not wait for ``seat``)."""
        ...


class Demo(Protocol):
    """A table the bots play while people watch: it can pause and take one step."""

    @property
    def paused(self) -> bool: ...

    def toggle_pause(self) -> bool: ...

    def step_once(self) -> None: ...

    @property
    def teaching(self) -> Teaching | None:
        """The teaching controls (``parlour teach``), or None for a plain demo."""
        ...


class Table(Protocol):
    """What the screens of a game talk to."""

    @property
    def game(self) -> GameInfo[Any, Any]:
        """The game's description: title, rules, phase help (never its state)."""
        ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def prompt(self) -> Prompt | None: ...

    def view(self, seat: Seat | None) -> Any:
        """What ``seat`` may know now (None: the public table), its choices included."""
        ...

    def act(self, action: Any) -> str | None:
        """Hand ``action`` to the rules: their refusal, or None when it was applied."""
        ...

    def check(self, action: Any) -> str | None:
        """The rules' refusal of ``action``, without applying it (None: it is legal)."""
        ...

    def confirm(self, action: Any) -> str | None:
        """The question to ask before ``action``, a move that cannot be taken back
        (None: no question)."""
        ...

    def take_back_refusal(self) -> str | None:
        """Why the last move may not be taken back by the person who made it (None:
        it may: it was a person's, and nothing new has come out since)."""
        ...

    def take_back(self) -> str | None:
        """Take the last move back (the refusal, or None when it was taken back)."""
        ...

    def last_mover(self) -> Seat | None:
        """The person (not a bot) whose move was the last one, or None."""
        ...

    @property
    def own_terminal(self) -> bool:
        """One seat's own terminal (``parlour join``): nobody passes its keyboard on, so
        there is no moment between two people, and u stays on the table."""
        ...

    def at_the_door(self) -> tuple[str, ...]:
        """Newcomers waiting at a hosted table's door to be seated, by name (none: ())."""
        ...

    def tavern_code(self) -> str:
        """The code a newcomer walks in by from a terminal of their own ('': none)."""
        ...

    def handing_over(self) -> HandOver | None:
        """The person the table waits for before their curtain (None: nobody: the table
        is at play, or a private screen shows)."""
        ...

    def hand_over(self) -> None:
        """The person named by ``handing_over`` takes the keyboard: their curtain."""
        ...

    def pin_door(self, seat: Seat) -> PinDoor:
        """How ``seat``'s curtain tries its PIN (three free tries, then waits)."""
        ...

    def unread(self, seat: Seat) -> tuple[str, ...]:
        """The notes ``seat`` has not been shown yet."""
        ...

    def mark_read(self, seat: Seat) -> None:
        """``seat`` has been shown every note it has."""
        ...

    @property
    def demo(self) -> Demo | None:
        """The demo's controls when the bots play for show, else None."""
        ...

    @property
    def coach(self) -> Coaching | None:
        """The hints of a coached first game, else None."""
        ...


def seat_infos(session: Session[Any]) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(s.name, s.is_bot, s.pin_hash is not None) for s in session.seats)


class SessionTable:
    """A table over a session and nothing else: ``act`` applies and keeps the result.

    ``changed`` is told after every move made or taken back (the hotseat flow saves
    and moves on). ``looked`` is who has lifted their curtain since the last move (the
    flow adds them): a move is not taken back after another person has looked."""

    def __init__(
        self,
        session: Session[Any],
        pins: PinGuard | None = None,
        *,
        changed: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self.notes_seen: dict[Seat, int] = {}
        self.pins = PinGuard() if pins is None else pins
        self._changed = changed
        self.looked: set[Seat] = set()
        """The people who have lifted their curtain since the last move."""
        self._refusal_for: tuple[int, int, int, frozenset[Seat]] | None = None
        self._refusal: str | None = None
        self._previous: Session[Any] | None = None
        """The session before the last move made here (None: none, or resumed)."""
        self.changes = 0
        """How many times the game has changed here (a move made or taken back)."""

    @property
    def game(self) -> GameInfo[Any, Any]:
        return self.session.game

    @property
    def demo(self) -> Demo | None:
        return None

    @property
    def coach(self) -> Coaching | None:
        return None

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return seat_infos(self.session)

    @property
    def prompt(self) -> Prompt | None:
        return self.session.prompt

    def view(self, seat: Seat | None) -> Any:
        return self.session.view(seat)

    def check(self, action: Any) -> str | None:
        return self.session.refusal(action)

    def confirm(self, action: Any) -> str | None:
        return None  # a plain table has no game screens to ask with

    def take_back_refusal(self) -> str | None:
        # The moves made and taken back so far, with the states (a state set directly, as a
        # resume does, is a new object), so an id reused by a new state never matches.
        key = (self.changes, id(self.session), id(self._previous), frozenset(self.looked))
        if self._refusal_for != key:  # a replay per question would be dear: once a move
            self._refusal_for = key
            self._refusal = self._why_not()
        return self._refusal

    def _why_not(self) -> str | None:
        session, before = self.session, self._previous
        author = actor(session.actions[-1]) if session.actions else None
        if not session.actions:
            return NOTHING
        if before is None:
            return RESUMED
        if author is None:
            return take_back_refusal(before, session, -1)
        for looked in sorted(self.looked - {author}):
            name = session.seats[looked].name
            return f"{name} has looked behind the curtain since: the move stands."
        return take_back_refusal(before, session, author)

    def last_mover(self) -> Seat | None:
        actions = self.session.actions
        seat = actor(actions[-1]) if actions else None
        return None if seat is None or self.session.seats[seat].is_bot else seat

    @property
    def own_terminal(self) -> bool:
        return False

    def at_the_door(self) -> tuple[str, ...]:
        return ()

    def tavern_code(self) -> str:
        return ""

    def take_back(self) -> str | None:
        refusal = self.take_back_refusal()
        if refusal is not None:
            return refusal
        assert self._previous is not None  # (no refusal: there was a move to go back on)
        self.session, self._previous = self._previous, None
        self.changes += 1
        self._after_change()
        return None

    def act(self, action: Any) -> str | None:
        try:
            self.session, self._previous = self.session.apply(action), self.session
        except IllegalAction as exc:
            return exc.reason
        self.changes += 1
        self._after_change()
        return None

    def _after_change(self) -> None:
        """After every move made or taken back: nobody has looked since; ``changed``."""
        self.looked.clear()
        if self._changed is not None:
            self._changed()

    def handing_over(self) -> HandOver | None:
        return None  # a plain table has no keyboard to pass

    def hand_over(self) -> None:
        return None

    def pin_door(self, seat: Seat) -> PinDoor:
        plan = self.session.seats[seat]
        return self.pins.door(plan.pin_hash or f"seat {seat}", plan.pin_matches)

    def unread(self, seat: Seat) -> tuple[str, ...]:
        return self.view(seat).notes[self.notes_seen.get(seat, 0) :]

    def mark_read(self, seat: Seat) -> None:
        self.notes_seen[seat] = len(self.view(seat).notes)
