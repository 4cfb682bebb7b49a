"""The wire between a host and its joined seats: JSON lines of tagged messages.

Every message is an attrs class of this module, sent through the one cattrs
converter (``rules.convert.CONVERTER``) as a tagged union (``"type"``), one JSON
object a line, at most ``LINE_LIMIT`` bytes. A view is the rules' own value (a
game's view with its choices, whose options carry the actions they make), so it
travels as a tagged value (``Value``): every attrs object names its class, and
only classes of the rules (``rules.*``) are rebuilt at the other end; anything
else is refused with one line. A view is what ``view(state, seat)`` gave that
seat, so nothing on the wire is more than the rules let that seat know.
"""

from __future__ import annotations

import functools
import importlib
import json
from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from rules.convert import CONVERTER, action_union, describe_error
from tui.persistence.save_file import MAX_DEPTH, too_deep

PROTOCOL = 2
"""The protocol's version, sent in every hello: a client of another version is refused."""
LINE_LIMIT = 4 * 1024 * 1024
"""The longest line either side reads (a late Temptress view is some hundreds of KB)."""
RULES = "rules."
"""Only classes from this package are rebuilt from the wire."""
_PLAIN = (bool, str, int, float)
"""What is read off the wire as it is (a tuple: ``isinstance`` checks it quickest)."""


class WireError(ValueError):
    """A line that is not a message of this protocol (its one-line reason)."""


@frozen
class Value:
    """A rules value (a view, a prompt, an action) as it travels: tagged JSON."""

    data: Any


# --- client to host -------------------------------------------------------------


@frozen
class Join:
    """The first line from a client: a seat's join code, or none to watch."""

    protocol: int
    code: str = ""
    watch: bool = False
    name: str = ""
    """With a tavern code: the name a newcomer would be called by. From a server's lobby,
    without a code: the free seat of an open ``table`` to take."""
    table: str = ""
    """From a server's lobby (``tui.serve``): the table to watch, or whose free seat
    ``name`` to take."""
    guest: str = ""
    """The pass a server's door gave this terminal: who is asking, for pacing."""


@frozen
class Act:
    """``action`` for the client's seat, made on the snapshot numbered ``seq``: as a save
    holds it (the game's tagged action union), so the host reads it as strictly."""

    seq: int
    action: Any


@frozen
class TakeBack:
    """Take back this seat's last move, made before the snapshot numbered ``seq``."""

    seq: int


@frozen
class Read:
    """The client's seat has been shown every note up to ``notes`` (the host saves it)."""

    notes: int


@frozen
class AskTables:
    """A server's lobby asks for the tables open now (the answer: ``Tables``)."""

    protocol: int
    guest: str = ""


@frozen
class NewTable:
    """A server's lobby starts a table, as its setup form was filled in (checked there
    again, as strictly as a save): the game, each seat's name and kind, the options and
    texts; ``open``: anyone in the lobby may take a free seat (else only by its code).
    The answer: ``TableOpened`` or ``Refused``."""

    protocol: int
    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    open: bool = True
    guest: str = ""


# --- host to client ---------------------------------------------------------------


@frozen
class TableRow:
    """One table as a server's lobby lists it: never a code or a secret."""

    table: str
    game: str
    title: str
    names: tuple[str, ...]
    """Every seat's name, bots' too."""
    free: tuple[str, ...]
    """The people's seats nobody has joined yet."""
    here: int
    """Seats whose terminal is connected now."""
    quiet: int
    """Seconds since something last happened at the table."""
    over: bool
    open: bool
    """Anyone in the lobby may take a free seat."""


@frozen
class Tables:
    """The server's answer to ``AskTables``: its message of the day, the tables, and why
    no table can be started now ('' when one can)."""

    motd: str
    rows: tuple[TableRow, ...]
    full: str = ""


@frozen
class SeatCode:
    """A person's seat of a table just opened, and its join code (for the starter's
    eyes: they hand the codes out)."""

    name: str
    code: str


@frozen
class TableOpened:
    """The server opened the table: its name, each person's seat and join code (the
    starter's first), and its watch code."""

    table: str
    codes: tuple[SeatCode, ...]
    watch: str


@frozen
class Welcome:
    """The host took the code: the seat (None: a spectator) and the game."""

    protocol: int
    seat: int | None
    game: str
    rejoin: str = ""
    """The seat's rejoin code: its join code opens it no more, this does (for this
    terminal's eyes only; "" for a spectator)."""
    served: bool = False
    """A table of a server (``parlour serve``): it comes back by itself when the server
    does, and its lobby lists it (not hosted again with ``parlour host --resume``)."""


@frozen
class SeatLine:
    """Who sits in a seat, as every seat may know it."""

    name: str
    bot: bool
    joined: bool
    """Played from a terminal of its own."""
    away: bool
    """A joined seat whose terminal is not connected now."""


@frozen
class Snapshot:
    """The table after a change, numbered ``seq``: the seat's own view (the public one
    for a spectator), the public view, the prompt and the seats."""

    seq: int
    view: Value
    public: Value
    prompt: Value
    seats: tuple[SeatLine, ...]
    notes_read: int
    mine_last: bool = False
    """The last move was this seat's."""
    take_back: str = ""
    """Why this seat may not take its last move back ("": it may)."""
    door: tuple[str, ...] = ()
    """Newcomers waiting at the tavern's door, by name (the table seats them)."""


@frozen
class Refused:
    """The host refused what the client asked, in plain words (the table is unchanged)."""

    reason: str


@frozen
class AtTheDoor:
    """A newcomer's name was taken at the tavern's door: they wait there until the table
    seats them (then ``Welcome`` comes), and why they wait."""

    said: str


@frozen
class Goodbye:
    """The host closes this connection, and why (a newer one took the seat, the game
    ended, the host stopped)."""

    reason: str


def _unstructure_value(value: Value) -> Any:
    return tag(value.data)


def _structure_value(data: Any, _: type) -> Value:
    return Value(untag(data))


CONVERTER.register_unstructure_hook(Value, _unstructure_value)
CONVERTER.register_structure_hook(Value, _structure_value)


Message = (
    Join | Act | TakeBack | Read | Welcome | Snapshot | Refused | AtTheDoor | Goodbye
    | AskTables | NewTable | Tables | TableOpened
)
MESSAGES = action_union(
    (
        Join, Act, TakeBack, Read, Welcome, Snapshot, Refused, AtTheDoor, Goodbye,
        AskTables, NewTable, Tables, TableOpened,
    )
)  # fmt: skip


def encode(message: Message) -> bytes:
    """One line, newline included."""
    text = json.dumps(CONVERTER.unstructure(message, MESSAGES), separators=(",", ":"))
    return text.encode() + b"\n"


def decode(line: bytes) -> Message:
    """The message on ``line``, or WireError saying why it is not one."""
    if len(line) > LINE_LIMIT:
        raise WireError(f"a line of {len(line)} bytes (the limit is {LINE_LIMIT})")
    try:
        data = json.loads(line, parse_constant=_no_constant)
    except RecursionError:
        raise WireError(f"nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:  # (bad UTF-8 or JSON, a number too long to read, NaN)
        raise WireError(f"not JSON: {exc}") from None
    if too_deep(data):
        raise WireError(f"nested deeper than {MAX_DEPTH}")
    try:
        message: Message = CONVERTER.structure(data, MESSAGES)
    except Exception as exc:  # noqa: BLE001 (cattrs raises many kinds: all are refusals)
        raise WireError(describe_error(exc)) from None
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number this protocol sends")


# --- tagged values ------------------------------------------------------------------


def tag(value: Any) -> Any:
    """``value`` as JSON data that says what every part of it is."""
    if value is None or isinstance(value, bool | str | int | float) and not isinstance(value, Enum):
        return value
    if isinstance(value, Enum):
        return {"$e": _name(type(value)), "v": value.value}
    if isinstance(value, tuple | list):
        return [tag(item) for item in value]
    if isinstance(value, frozenset | set):
        return {"$s": [tag(item) for item in value]}
    if isinstance(value, dict):
        return {"$d": [[tag(k), tag(v)] for k, v in value.items()]}
    if attrs.has(type(value)):
        fields = {f.name: tag(getattr(value, f.name)) for f in attrs.fields(type(value))}
        return {"$": _name(type(value)), **fields}
    raise WireError(f"a {type(value).__name__} cannot be sent")


def untag(data: Any) -> Any:
    """The value ``tag`` made ``data`` from (lists come back as tuples)."""
    if data is None or isinstance(data, _PLAIN):
        return data
    if isinstance(data, list):
        return tuple([untag(item) for item in data])
    if not isinstance(data, dict):
        raise WireError(f"unexpected {type(data).__name__}")
    if "$e" in data:
        kind = _class(data["$e"])
        if not issubclass(kind, Enum):
            raise WireError(f"{data['$e']} is not a kind of value")
        return kind(data["v"])
    if "$s" in data:
        return frozenset(untag(item) for item in data["$s"])
    if "$d" in data:
        return {untag(k): untag(v) for k, v in data["$d"]}
    if "$" in data:
        kind = _class(data["$"])
        if not attrs.has(kind):
            raise WireError(f"{data['$']} is not a value of the rules")
        fields = {k: untag(v) for k, v in data.items() if k != "$"}
        try:
            return kind(**fields)
        except TypeError as exc:
            raise WireError(f"{data['$']}: {exc}") from None
    raise WireError("an object without its kind")


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def _class(name: Any) -> type:
    if not isinstance(name, str) or not name.startswith(RULES):
        raise WireError(f"{name!r} is not a value of the rules")
    return _rules_class(name)


@functools.lru_cache(maxsize=1024)
def _rules_class(name: str) -> type:
    """The class of the rules ``name`` names (found once: a snapshot names thousands;
    a name that names none is never kept)."""
    module_name, _, qualname = name.rpartition(".")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError:
        raise WireError(f"{name!r} is not a value of the rules") from None
    found = getattr(found, qualname, None)
    if not isinstance(found, type):
        raise WireError(f"{name!r} is not a value of the rules")
    return found
