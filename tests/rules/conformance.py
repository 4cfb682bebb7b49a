"""Every registered game, played and probed the same way: ``test_conformance.py``'s corpus.

A game is played at its tables (``tables``: the fewest seats, the most, the default
table, and the default seats with each option alone at its least and its most,
wherever the game sits down) at random (``tests.playouts.random_policy``: every
action drawn from a view's choices), and at the smallest table also by its bots and
by both (``played``): those games are played to their end, the others through their
first stages. They give the states the checks read, and the values real actions
carry (``carried``), from which ``actions`` makes the fuzz's actions: an action of
any class the game knows, each field a value some real action carried or any value
of its type; a real action with one field changed; or an action no game knows.

Nothing here is written for one game: a game joins by being registered.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from enum import Enum, StrEnum
from functools import cache
from typing import Any

import attrs
from attrs import frozen
from hypothesis import strategies as st

from rules import registry
from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import GameInfo, Seat
from rules.simulate import bot_config, bot_table, table_problem
from rules.teaching import Captions, captions_of
from tests.playouts import Policy, Step, bot_policy, mixed_policy, playout, random_policy

GAMES = registry.ids()

TO_THE_END = 6_000
"""Actions a game at the smallest table must end within (the Temptress's bots take ~400)."""
SHORT = 150
"""Actions of a random game at any other table: its deal and first stages."""
DRAWS = 4
"""Actions drawn from each seat's choices, at each state the values are gathered from."""


def game_of(game_id: str) -> GameInfo[Any, Any]:
    return registry.get(game_id)


def captions(game: GameInfo[Any, Any]) -> Captions:
    found = captions_of(game)
    assert isinstance(found, Captions), f"{game.id} has no teaching captions"
    return found


# --- tables and games --------------------------------------------------------------------


@frozen
class Table:
    """How many seats, and the options that differ from the game's defaults."""

    seats: int
    options: tuple[tuple[str, int], ...] = ()

    def config(self, game: GameInfo[Any, Any]) -> Any:
        return bot_config(game, bot_table(game, self.seats), dict(self.options))

    def sits(self, game: GameInfo[Any, Any]) -> bool:
        return not table_problem(game, dict(self.options), seats=self.seats)

    def __str__(self) -> str:
        return f"{self.seats} seats" + "".join(f", {k} {v}" for k, v in self.options)


def _bounds(game: GameInfo[Any, Any]) -> list[tuple[tuple[str, int], ...]]:
    """Each option alone at its least and at its most (where that is not its default)."""
    return [
        ((option.key, value),)
        for option in game.options
        for value in (option.minimum, option.maximum)
        if value != option.default
    ]


@cache
def tables(game_id: str) -> tuple[Table, ...]:
    """The fewest and the most seats (at the default options, or with the first option
    at a bound that lets them sit down), the default table, and the default seats with
    each option at its least and its most: each one that sits down, once. The first is
    the smallest table, where games are played to the end."""
    game = game_of(game_id)
    found = []
    for seats in (game.min_seats, game.max_seats):
        tried = [Table(seats)] + [Table(seats, bound) for bound in _bounds(game)]
        found += [next((t for t in tried if t.sits(game)), Table(game.bot_seats))]
    found += [Table(game.bot_seats)]
    found += [Table(game.bot_seats, bound) for bound in _bounds(game)]
    return tuple(dict.fromkeys(t for t in found if t.sits(game)))


def _mixed(game: GameInfo[Any, Any], seed: int) -> Policy:
    return mixed_policy(game, seed, range(0, game.max_seats, 2))


POLICIES: dict[str, Callable[[GameInfo[Any, Any], int], Policy]] = {
    "random": random_policy,
    "bots": bot_policy,
    "random and bots": _mixed,
}
"""How the seats of a played game decide: at random from their choices, as the game's
bots (seeded as ``Session.bot_for`` seeds them), or the even seats at random."""


@frozen
class Played:
    """One game played: where, by whom, from which seed, and every step."""

    table: Table
    policy: str
    seed: int
    start: Any
    steps: tuple[Step, ...]

    @property
    def states(self) -> tuple[Any, ...]:
        return (self.start, *(after for _, _, after in self.steps))

    @property
    def last(self) -> Any:
        return self.steps[-1][2] if self.steps else self.start

    def __str__(self) -> str:
        return f"{self.policy} game {self.seed} at {self.table}"


def play(game: GameInfo[Any, Any], table: Table, policy: str, seed: int, bound: int) -> Played:
    start = game.new(table.config(game), seed)
    steps = tuple(playout(game, start, POLICIES[policy](game, seed), bound))
    return Played(table, policy, seed, start, steps)


@cache
def played(game_id: str) -> tuple[Played, ...]:
    """The games every check reads: at the smallest table two random games, a bot game
    and a mixed one, all to the end; at every other table a short random game."""
    game = game_of(game_id)
    smallest, *others = tables(game_id)
    games = [play(game, smallest, policy, seed, TO_THE_END) for seed, policy in (
        (1, "random"), (2, "random"), (3, "bots"), (4, "random and bots"),
    )]  # fmt: skip
    games += [play(game, table, "random", 10 + n, SHORT) for n, table in enumerate(others)]
    return tuple(games)


def to_the_end(game_id: str) -> tuple[Played, ...]:
    """The games at the smallest table, each played to its end."""
    return tuple(p for p in played(game_id) if p.table == tables(game_id)[0])


@cache
def states(game_id: str) -> tuple[Any, ...]:
    return tuple(state for game in played(game_id) for state in game.states)


@cache
def live_states(game_id: str) -> tuple[Any, ...]:
    """The states at which somebody is asked to act."""
    game = game_of(game_id)
    return tuple(state for state in states(game_id) if game.prompt(state) is not None)


@cache
def sampled(game_id: str, count: int) -> tuple[Any, ...]:
    """About ``count`` states spread evenly over the played games, each one's end too."""
    every = states(game_id)
    spread = every[:: max(1, len(every) // count)]
    return tuple(dict.fromkeys((*spread, *(game.last for game in played(game_id)))))


def seats_of(game: GameInfo[Any, Any], state: Any) -> range:
    return range(len(game.seat_names(state)))


def asked(game: GameInfo[Any, Any], state: Any) -> tuple[Seat, ...]:
    prompt = game.prompt(state)
    return () if prompt is None else prompt.seats


# --- choices -------------------------------------------------------------------------


def leaves(question: Any) -> Iterator[Option[Any]]:
    """The options of single-answer questions, open and closed, down every open ``then``."""
    if not isinstance(question, Pick) or question.several:
        return
    for option in question.options:
        if option.then is None:
            yield option
        elif option.open:
            yield from leaves(option.then)


def open_actions(question: Any) -> tuple[Any, ...] | None:
    """Every action the choices offer, when they can be listed (single-answer questions
    all the way down); None when some answer is free (several picked, words, a game's
    own choices class)."""
    if not isinstance(question, Pick) or question.several:
        return None
    found: list[Any] = []
    for option in question.opened:
        if option.then is None:
            found.append(option.value)
            continue
        below = open_actions(option.then)
        if below is None:
            return None
        found += below
    return tuple(found)


def drawn(game: GameInfo[Any, Any], state: Any, seat: Seat, draws: int = DRAWS) -> list[Any]:
    """Actions drawn from ``seat``'s choices (none when it is offered nothing open)."""
    choices = game.view(state, seat).choices
    found = []
    for number in range(draws if choices is not None else 0):
        try:
            action, _ = choices.draw(Chance(number))
        except ValueError:  # every option closed (a retirement without the cards for it)
            return found
        found.append(action)
    return found


def offering(game: GameInfo[Any, Any], state: Any) -> list[Seat]:
    """The seats whose views offer something now."""
    return [s for s in seats_of(game, state) if game.view(state, s).choices is not None]


# --- the fuzz's actions --------------------------------------------------------------


@frozen
class Stranger:
    """An action no game knows."""

    seat: int
    words: str = ""


JUNK_TEXT = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40),
    st.sampled_from(("", "x" * 4_001, "  padded  ", "[b]markup[/b]", "line\nbreak")),
)


def any_of_type(kind: Any, named: bool = True) -> st.SearchStrategy[Any]:
    """Any value of ``kind`` (an action field's annotation), wrong ones included: numbers
    out of range, any text for a word and, for a kind an action names itself (a vote,
    a stake), any text too; a value inside another (a card's suit) is one of its kind."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is bool:
        return st.booleans()
    if kind is int:
        return st.one_of(st.integers(-3, 12), st.just(10**9))
    if kind is str:
        return JUNK_TEXT
    if kind is type(None):
        return st.none()
    if isinstance(kind, type) and issubclass(kind, Enum):
        members = st.sampled_from(tuple(kind))
        return st.one_of(members, JUNK_TEXT) if named and issubclass(kind, StrEnum) else members
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(any_of_type(arg, named) for arg in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(any_of_type(args[0], named), max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(any_of_type(arg, named) for arg in args))
    if isinstance(kind, type) and attrs.has(kind):
        hints = typing.get_type_hints(kind)
        inside = {f.name: any_of_type(hints[f.name], False) for f in attrs.fields(kind)}
        return st.builds(kind, **inside)
    raise AssertionError(f"no values for a field of type {kind!r}")


@cache
def carried(game_id: str) -> dict[tuple[type, str], tuple[Any, ...]]:
    """The values each field of each action class carried in actions the choices offered
    (drawn, and every listed option, open or closed) at a spread of played states."""
    game = game_of(game_id)
    found: dict[tuple[type, str], dict[Any, None]] = {}
    for state in sampled(game_id, 60):
        for seat in seats_of(game, state):
            real = drawn(game, state, seat)
            real += [o.value for o in leaves(game.view(state, seat).choices)]
            for action in real:
                if isinstance(action, game.action_types):
                    for f in attrs.fields(type(action)):
                        found.setdefault((type(action), f.name), {})[getattr(action, f.name)] = None
    return {key: tuple(values) for key, values in found.items()}


@cache
def field_values(game_id: str, kind: type, name: str) -> st.SearchStrategy[Any]:
    """A value for field ``name`` of action class ``kind``: one a real action carried, or
    any value of its type (for the seat, a boolean too)."""
    values = [any_of_type(typing.get_type_hints(kind)[name])]
    if name == "seat":  # a boolean is an int to Python, never a seat to the rules
        values.append(st.booleans())
    real = carried(game_id).get((kind, name), ())
    if real:
        values.append(st.sampled_from(real))
    return st.one_of(*values)


@cache
def built(game_id: str, kind: type) -> st.SearchStrategy[Any]:
    fields = {f.name: field_values(game_id, kind, f.name) for f in attrs.fields(kind)}
    return st.builds(kind, **fields)


@cache
def real_actions(game_id: str, number: int) -> tuple[Any, ...]:
    """Actions drawn from every offering seat's choices at state ``number``."""
    game = game_of(game_id)
    state = states(game_id)[number]
    return tuple(a for seat in offering(game, state) for a in drawn(game, state, seat, 2))


@st.composite
def actions(draw: Any, game_id: str, number: int) -> Any:
    """Any action at state ``number``: built from any class the game knows (those the
    choices offer here first), or a real one with one field changed, or a stranger; a
    built one's seat, three times in four, one of the table's (one the prompt asks,
    when it asks any)."""
    game = game_of(game_id)
    state = states(game_id)[number]
    real = real_actions(game_id, number)
    kinds = [*dict.fromkeys(type(a) for a in real), *game.action_types, Stranger]
    way = draw(st.sampled_from(("changed", "built") if real else ("built",)))
    if way == "changed":
        action = draw(st.sampled_from(real))
        name = draw(st.sampled_from([f.name for f in attrs.fields(type(action))]))
        value = draw(field_values(game_id, type(action), name))
        return attrs.evolve(action, **{name: value})
    action = draw(st.sampled_from(kinds).flatmap(lambda kind: built(game_id, kind)))
    if draw(st.integers(0, 3)) < 3:
        seats = asked(game, state) or tuple(seats_of(game, state))
        action = attrs.evolve(action, seat=draw(st.sampled_from(seats)))
    return action


# --- what a view shows -------------------------------------------------------------------


def texts_in(value: Any) -> str:
    """Every text a view holds (attrs values, tuples, dicts, all the way down), one a line:
    the view as the rules hand it to a screen, rendered as text."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.items())
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
    return "\n".join(found)


def secrets(game: GameInfo[Any, Any], state: Any) -> dict[Seat, frozenset[str]]:
    """Each seat's secrets now (``secrets_of``), blanks left out."""
    return {
        seat: frozenset(s for s in game.secrets_of(state, seat) if s)
        for seat in seats_of(game, state)
    }


def referees(game: GameInfo[Any, Any], played_game: Played) -> frozenset[Seat]:
    """Seats that hold no secret at any moment of ``played_game``: a referee (the
    Temptress's narrator, the Lantern's Barkeep), whose console shows every secret."""
    every = played_game.states
    holders = {
        seat
        for state in every[:: max(1, len(every) // 40)]
        for seat, held in secrets(game, state).items()
        if held
    }
    return frozenset(seats_of(game, played_game.start)) - holders
