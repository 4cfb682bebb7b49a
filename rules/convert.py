"""The one cattrs converter for save files and content packs.

Extra keys are errors, so a typo in a pack or an edited save is caught.
Games register their action unions here (tagged with ``"type"``).
"""

from __future__ import annotations

from enum import StrEnum
from functools import reduce
from typing import Any

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.strategies import configure_tagged_union

from rules.engine import Event

CONVERTER = cattrs.Converter(forbid_extra_keys=True)


def _strict_str(value: object, _: type) -> str:
    """Text must be text: a number or a list where a string belongs is an error."""
    if not isinstance(value, str):
        raise TypeError(f"expected text, found {type(value).__name__}")
    return value


def _strict_texts(value: object, _: type) -> tuple[str, ...]:
    """A list of texts: a bare string is not read as a list of its letters."""
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list of texts, found {type(value).__name__}")
    return tuple(_strict_str(item, str) for item in value)


# A plain hook for str: cattrs' own str hook would win over a predicate hook.
CONVERTER.register_structure_hook(str, _strict_str)
# ... and StrEnums (suits, kinds) would otherwise fall under that str hook.
CONVERTER.register_structure_hook(StrEnum, lambda value, kind: kind(_strict_str(value, str)))
CONVERTER.register_structure_hook_func(lambda kind: kind == tuple[str, ...], _strict_texts)



def _event(value: object, _: type) -> Event:
    """A story line kept in an older save's table (version 1 or 2): its text and its
    readers. Its kind and facts are told again by the replay, which the save is checked
    against, and two events are equal by their text and readers."""
    if not isinstance(value, dict) or set(value) - {"text", "seats", "kind"}:
        raise TypeError("expected a story line: text, seats and kind")
    seats = value.get("seats")
    readers = None if seats is None else CONVERTER.structure(seats, tuple[int, ...])
    return Event(_strict_str(value.get("text"), str), readers)


CONVERTER.register_structure_hook(Event, _event)
CONVERTER.register_unstructure_hook(
    Event,
    lambda event: {
        "text": event.text,
        "seats": None if event.seats is None else list(event.seats),
        "kind": "" if event.kind is None else str(event.kind),
    },
)

_UNIONS: dict[tuple[type, ...], Any] = {}


def action_union(types: tuple[type, ...]) -> Any:
    """The tagged union of a game's action classes, registered once: a type built at
    run time for ``CONVERTER.structure`` (of any game's, so no static type names it)."""
    if types not in _UNIONS:
        if len(types) == 1:
            _tag_one(types[0])
            _UNIONS[types] = types[0]
        else:
            union: Any = reduce(lambda a, b: a | b, types)  # type: ignore[arg-type,return-value]
            configure_tagged_union(union, CONVERTER, tag_name="type")
            _UNIONS[types] = union
    return _UNIONS[types]


def _tag_one(kind: type) -> None:
    """A game with one kind of action: its actions are tagged all the same, as a
    union's are, so every save reads alike."""
    plain_structure: Any = make_dict_structure_fn(kind, CONVERTER, _cattrs_forbid_extra_keys=True)
    plain_unstructure: Any = make_dict_unstructure_fn(kind, CONVERTER)

    def structure(value: object, _: type) -> object:
        if not isinstance(value, dict) or value.get("type") != kind.__name__:
            raise TypeError(f"expected an action of the kind {kind.__name__}")
        return plain_structure({k: v for k, v in value.items() if k != "type"}, kind)

    CONVERTER.register_structure_hook(kind, structure)
    CONVERTER.register_unstructure_hook(
        kind, lambda action: {"type": kind.__name__, **plain_unstructure(action)}
    )


def describe_error(exc: Exception) -> str:
    """One line naming each bad field, from a cattrs structuring error."""
    if isinstance(exc, cattrs.BaseValidationError):
        messages = cattrs.transform_error(exc, path="")
        return "; ".join(_tidy(m) for m in messages)
    return str(exc)


def _tidy(message: str) -> str:
    text, _, path = message.rpartition(" @ ")
    field = path.lstrip("$.").strip() or "(top level)"
    return f"{field}: {text}" if text else message
