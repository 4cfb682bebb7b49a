"""The contract every Parlour game implements.

A game is five pure functions over frozen values::

    state = game.new(config, seed)     # a fresh table
    prompt = game.prompt(state)        # who must decide what now (None when over)
    state = game.apply(state, action)  # a NEW state, or IllegalAction(reason)
    view = game.view(state, seat)      # what that seat may know (None: the public table)
    result = game.outcome(state)       # None until the game ends

Nothing in ``rules/`` knows about terminals; the TUI renders views and hands
actions back to ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from attrs import field, frozen

from rules.choices import Choices
from rules.listing import Listing

Seat = int
"""A seat is its index in the table, 0-based, in clockwise order."""


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` is a sentence for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@frozen
class Who:
    """A seat an event is about: told as its name when the line is told."""

    seat: Seat


@frozen
class Whos:
    """Seats an event is about, in order: told as "Ann, Bo and Dev"."""

    seats: tuple[Seat, ...]


Fact = Who | Whos | int | str | tuple[str, ...]
"""What an event may carry: seats, numbers, words (names of cards, women, elements)
and lists of words (told as "a, b and c")."""


@frozen
class Event:
    """One line of the table's story: its ``text`` told from its ``kind`` (the game's
    ``EventKind``) and the ``facts`` it is about (``rules/story.py``).

    ``seats`` is ``None`` for a public event, or the seats that may read it. Two events
    are equal when they tell the same line to the same seats.
    """

    text: str
    seats: tuple[Seat, ...] | None = None
    kind: StrEnum | None = field(default=None, eq=False)
    facts: tuple[tuple[str, Fact], ...] = field(default=(), eq=False)
    """(name, value) pairs, by name."""

    def visible_to(self, seat: Seat | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def addressed_to(self, seat: Seat | None) -> bool:
        """A private event written for ``seat`` (a referee copied in is not addressed)."""
        return self.seats is not None and bool(self.seats) and self.seats[0] == seat

    def fact(self, name: str) -> Fact:
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(f"a {self.kind} event carries no {name}")

    def who(self, name: str) -> Seat:
        """The seat fact ``name``."""
        value = self.fact(name)
        if not isinstance(value, Who):
            raise TypeError(f"{name} of a {self.kind} event is not a seat")
        return value.seat

    def whos(self, name: str) -> tuple[Seat, ...]:
        """The seats fact ``name``."""
        value = self.fact(name)
        if not isinstance(value, Whos):
            raise TypeError(f"{name} of a {self.kind} event is not seats")
        return value.seats

    def number(self, name: str) -> int:
        value = self.fact(name)
        if not isinstance(value, int):
            raise TypeError(f"{name} of a {self.kind} event is not a number")
        return value

    def word(self, name: str) -> str:
        value = self.fact(name)
        if not isinstance(value, str):
            raise TypeError(f"{name} of a {self.kind} event is not a word")
        return value

    def words(self, name: str) -> tuple[str, ...]:
        value = self.fact(name)
        if not isinstance(value, tuple):
            raise TypeError(f"{name} of a {self.kind} event is not a list of words")
        return value


def notes_for(log: tuple[Event, ...], seat: Seat | None) -> tuple[str, ...]:
    """The private events addressed to ``seat``, oldest first: a view's ``notes``."""
    if seat is None:
        return ()
    return tuple([e.text for e in log if e.seats and e.seats[0] == seat])


Reading = tuple[tuple[str, ...], tuple[str, ...]]
"""What one reader makes of a log: (the lines it may read, the notes addressed to it)."""

Reader = tuple[Seat | None, bool]
"""(the seat reading, whether it reads everything): who reads a log."""


class LogReading:
    """What the readers of one state's log made of it (``readings``), and the readings
    of the earlier logs it begins with, longest first: (their length, their readings),
    from which a reader goes on."""

    __slots__ = ("begins_with", "readings")

    def __init__(self, begins_with: tuple[tuple[int, dict[Reader, Reading]], ...] = ()) -> None:
        self.readings: dict[Reader, Reading] = {}
        self.begins_with = begins_with


READINGS_KEPT = 4
"""How many earlier logs' readings a state's reading may go on from."""


class Read(Protocol):
    """A game state whose story the views read (``read_log``): its log, and where what
    its readers made of it is kept (``reading_field``)."""

    @property
    def log(self) -> tuple[Event, ...]: ...

    @property
    def read(self) -> list[LogReading]: ...


def reading_field() -> list[LogReading]:
    """A state's ``read``: what its views made of its log (``kept_field``)."""
    kept: list[LogReading] = kept_field()
    return kept


def read_log(state: Read, seat: Seat | None, everything: bool = False) -> Reading:
    """(the lines ``seat`` may read, the notes addressed to it): a view's ``log`` and
    ``notes``. ``everything``: a referee, who reads every line.

    Views are made at every step, for every seat, and a log only grows, so each reader's
    reading is kept on the state, and a state made by a step from one already read goes
    on from that reading (``carry_reading``): each reader reads only the new events.
    The answer is always the same as reading the whole log."""
    if not state.read:
        state.read.append(LogReading())
    reading = state.read[0]
    key = (seat, everything)
    answer = reading.readings.get(key)
    if answer is None:
        answer = _read_on(state.log, reading, key)
        reading.readings[key] = answer
    return answer


def carry_reading(before: Read, after: Read) -> None:
    """After a step from ``before`` to ``after``: if ``after``'s log begins with
    ``before``'s (the same events, checked at C speed, mostly by identity), its readers
    may go on from ``before``'s readings."""
    if not before.read or after.read or after is before:
        return
    old, new = before.log, after.log
    size = len(old)
    if size == 0 or size > len(new) or new[size - 1] is not old[-1] or new[:size] != old:
        return
    earlier = before.read[0]
    after.read.append(
        LogReading(((size, earlier.readings), *earlier.begins_with[: READINGS_KEPT - 1]))
    )


def _read_on(log: tuple[Event, ...], reading: LogReading, key: Reader) -> Reading:
    """Reads ``log`` from the end of the longest earlier log this reader has read."""
    seat, everything = key
    start = 0
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    for size, readings in reading.begins_with:
        prior = readings.get(key)
        if prior is not None:
            start, (lines, notes) = size, prior
            break
    fresh = log[start:] if start else log
    if everything:
        more = [e.text for e in fresh]
    elif seat is None:
        more = [e.text for e in fresh if e.seats is None]
    else:
        more = [e.text for e in fresh if e.seats is None or seat in e.seats]
    return lines + tuple(more), notes + notes_for(fresh, seat)


@frozen
class Prompt:
    """Who must decide what, now.

    ``seats`` are the seats still to act (several when choices are
    simultaneous; the TUI asks them one by one). ``private`` says the decision
    needs that seat's secrets, so the TUI shows it behind the curtain.
    """

    seats: tuple[Seat, ...]
    kind: StrEnum
    text: str
    private: bool


class Asked(Protocol):
    """A game state that keeps its prompt once worked out (``asked_field``)."""

    @property
    def asked(self) -> list[Prompt | None]: ...


AskedT = TypeVar("AskedT", bound=Asked)


class Logged(Protocol):
    """A game state that keeps its story: every event so far, oldest first."""

    @property
    def log(self) -> tuple[Event, ...]: ...


def kept_field() -> Any:
    """A frozen value's memo: a list that keeps what was once worked out from the value
    (a value never changes, so neither does that). No part of the value (not compared,
    hashed, shown or saved); ``evolve`` starts it empty."""
    return field(factory=list, init=False, eq=False, repr=False, hash=False)


def asked_field() -> list[Prompt | None]:
    """A state's ``asked``: where its prompt is kept once worked out (``kept_field``)."""
    kept: list[Prompt | None] = kept_field()
    return kept


def once_per_state(
    compute: Callable[[AskedT], Prompt | None],
) -> Callable[[AskedT], Prompt | None]:
    """A game's ``prompt``: worked out the first time a state is asked and kept on that
    state, since one step asks the same state many times (``apply``, every seat's view,
    the bots, the screens)."""

    def prompt(state: AskedT) -> Prompt | None:
        kept = state.asked
        if not kept:
            kept.append(compute(state))
        return kept[0]

    prompt.__doc__ = compute.__doc__
    prompt.__name__ = compute.__name__
    return prompt


@frozen
class Outcome:
    """How a finished game ended."""

    winners: tuple[Seat, ...]
    losers: tuple[Seat, ...]
    reason: str


@frozen
class TextOption:
    """A free-text setup field a game offers; empty means ``default``."""

    key: str
    label: str
    default: str = ""
    longest: int = 60


@frozen
class OptionSpec:
    """A setup option a game offers (integers only, with bounds)."""

    key: str
    label: str
    default: int
    minimum: int
    maximum: int
    help: str = ""


def phase_helper(phases: Mapping[str, str], finished: str) -> Callable[[Prompt | None], str]:
    """A game's ``?`` text for the current prompt: its phase's explanation, or ``finished``."""

    def explain(prompt: Prompt | None) -> str:
        if prompt is None:
            return finished
        return phases.get(prompt.kind, prompt.text)

    return explain


class View(Protocol):
    """What every game's view holds besides its own fields.

    ``choices`` is what the view's seat may decide now (None: nothing, and
    always None in the public view); ``notes`` are the private events addressed
    to that seat; ``log`` the story lines it may read.
    """

    @property
    def seat(self) -> Seat | None: ...

    @property
    def log(self) -> tuple[str, ...]: ...

    @property
    def notes(self) -> tuple[str, ...]: ...

    @property
    def choices(self) -> Choices[object] | None: ...

    @property
    def outcome(self) -> Outcome | None: ...


ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Bot(Protocol[ViewT_contra, ActionT_co]):
    """A policy that sees one seat's view (a ``ViewT_contra``) and returns an action for
    it (an ``ActionT_co``): ``Bot[TemptressView, Action]``."""

    def choose(self, view: ViewT_contra) -> ActionT_co: ...


StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound=View)


@frozen
class GameInfo(Generic[StateT, ViewT]):
    """A game's rules, as the CLI and the TUI use them: the contract (``new``, ``prompt``,
    ``apply``, ``view``, ``outcome`` and the types they speak), how a table is set up,
    its bots and its rules text. What the lobby lists is the game's ``listing``
    (written once, in ``rules/registry.py``); its teaching captions are a layer above
    (``rules/teaching.py``); its saves are the app's (``tui/persistence``)."""

    listing: Listing
    options: tuple[OptionSpec, ...]
    config_type: type
    action_types: tuple[type, ...]
    state_type: type
    make_config: Callable[..., Any]
    """``make_config(names, options, pack, texts={})``: a config from seat names (clockwise),
    option values, a content pack and the game's text options."""
    default_pack: Callable[[], Any]
    load_pack: Callable[[str], Any]
    """Read a pack file; raises PackError naming the file, the field and the fault."""
    new: Callable[[Any, int], StateT]
    prompt: Callable[[StateT], Prompt | None]
    apply: Callable[[StateT, Any], StateT]
    view: Callable[[StateT, Seat | None], ViewT]
    outcome: Callable[[StateT], Outcome | None]
    make_bot: Callable[[Seat, int], Bot[ViewT, object]]
    rules_text: str
    phase_help: Callable[[Prompt | None], str]
    seat_names: Callable[[StateT], tuple[str, ...]] = field(kw_only=True)
    secrets_of: Callable[[StateT, Seat], tuple[str, ...]] = field(kw_only=True)
    """The texts that only ``seat`` (and a referee) may see now: used by privacy tests."""
    text_options: Callable[[Any], tuple[TextOption, ...]] = field(
        kw_only=True, default=lambda pack: ()
    )
    """The free-text setup fields for a pack (e.g. names for the pack's characters)."""
    default_seats: int = field(kw_only=True, default=0)
    """How many seats a bot table (simulate, demo) uses; 0 means ``max_seats``."""
    seat_stats: Callable[[StateT, Seat], dict[str, int]] = field(
        kw_only=True, default=lambda state, seat: {}
    )
    """Extra per-seat counts for a finished game's simulation report (e.g. outs)."""
    game_stats: Callable[[StateT], dict[str, float]] = field(kw_only=True, default=lambda state: {})
    """Extra per-game figures for the simulation report (e.g. rounds)."""
    turn_of: Callable[[StateT], int] = field(kw_only=True)
    """How far the game has come, counted in ``turn_word``s (the Temptress's rounds)."""
    turn_word: str = field(kw_only=True, default="turn")
    rules_edition: int = field(kw_only=True, default=1)
    """Raised whenever a change of the rules can make an older game's moves replay
    differently; a journal keeps the edition it was begun under, so an older game that
    no longer replays is named as such, not as an edited file."""

    @property
    def id(self) -> str:
        return self.listing.id

    @property
    def title(self) -> str:
        return self.listing.title

    @property
    def pitch(self) -> str:
        return self.listing.pitch

    @property
    def min_seats(self) -> int:
        return self.listing.min_seats

    @property
    def max_seats(self) -> int:
        return self.listing.max_seats

    @property
    def bot_seats(self) -> int:
        return self.default_seats or self.max_seats
