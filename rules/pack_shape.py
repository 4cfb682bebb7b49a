"""The shape of a pack's data, read against its attrs classes: missing, unknown and
wrongly typed fields by path (``cards[3].title``), and texts left blank."""

from __future__ import annotations

import datetime
import difflib
import re
import typing
from collections.abc import Iterator

import attrs

from rules.names import text_fault


def shape_problems(data: object, kind: object, path: str = "") -> list[str]:
    """Missing, unknown and wrongly typed fields of ``data`` read as ``kind`` (a type, as
    a field is annotated), by path.

    Knows text, numbers, true/false, ``tuple[X, ...]`` lists, ``dict[str, X]`` tables
    and attrs classes;
    anything else is left to the converter.
    """
    where = path or "(top level)"
    if kind is str:
        return [] if isinstance(data, str) else [f"{where}: must be text, found {_found(data)}"]
    if kind is bool:
        ok = isinstance(data, bool)
        return [] if ok else [f"{where}: must be true or false, found {_found(data)}"]
    if kind is int or kind is float:
        ok = isinstance(data, kind | int) and not isinstance(data, bool)
        return [] if ok else [f"{where}: must be a number, found {_found(data)}"]
    if typing.get_origin(kind) is tuple and typing.get_args(kind)[1:] == (Ellipsis,):
        item = typing.get_args(kind)[0]
        if not isinstance(data, list):
            wanted = _list_of(item, path)
            return [f"{where}: must be a list of {wanted}, found {_found(data, wanted)}"]
        found = []
        for index, value in enumerate(data):
            found += shape_problems(value, item, f"{path}[{index}]")
        return found
    if typing.get_origin(kind) is dict:
        if not isinstance(data, dict):
            return [f"{where}: must be a table, found {_found(data)}"]
        value_kind = typing.get_args(kind)[1]
        found = []
        for key, value in data.items():
            found += shape_problems(value, value_kind, f"{path}.{key}" if path else str(key))
        return found
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(data, dict):
            return [f"{where}: must be a table, found {_found(data)}"]
        hints = typing.get_type_hints(kind)
        found, missing = [], []
        for field in attrs.fields(kind):
            inner = f"{path}.{field.name}" if path else field.name
            if field.name in data:
                found += shape_problems(data[field.name], hints[field.name], inner)
            elif field.default is attrs.NOTHING:
                found.append(f"{inner}: required field missing")
                missing.append(field.name)
        extra = [key for key in data if key not in attrs.fields_dict(kind)]
        if extra:
            meant = [m for key in extra for m in difflib.get_close_matches(key, missing, 1)]
            guess = f", did you mean {' and '.join(meant)}?" if meant else ""
            found.append(f"{where}: extra fields found ({', '.join(extra)}){guess}")
        return found
    return []


def pack_texts(pack: object, path: str = "") -> Iterator[tuple[str, str, bool]]:
    """Every text of a pack, a field's or a list item's: (path, text, optional), where
    an optional text is a field with a default."""
    if isinstance(pack, str):
        yield path, pack, False
    elif isinstance(pack, tuple):
        for index, value in enumerate(pack):
            yield from pack_texts(value, f"{path}[{index}]")
    elif isinstance(pack, dict):
        for key, value in pack.items():
            yield from pack_texts(value, f"{path}.{key}" if path else str(key))
    elif attrs.has(kind := type(pack)):
        for field in attrs.fields(kind):
            value = getattr(pack, field.name)
            where = f"{path}.{field.name}" if path else field.name
            if isinstance(value, str):
                yield where, value, field.default is not attrs.NOTHING
            else:
                yield from pack_texts(value, where)


def blank_text_problems(pack: object) -> list[str]:
    """Every text of a pack must say something (an optional one may be left empty)."""
    return [
        f"{path}: must not be empty"
        for path, text, optional in pack_texts(pack)
        if not optional and not text.strip()
    ]


def unshowable_text_problems(pack: object) -> list[str]:
    """Every text of a pack is shown as it is, so none may hold a terminal escape, a
    control or an invisible direction mark (``rules.names.text_fault``)."""
    return [
        f"{path}: {fault}" for path, text, _ in pack_texts(pack) if (fault := text_fault(text))
    ]


def _list_of(item: object, path: str) -> str:
    if item is str:
        return "texts"
    if isinstance(item, type) and attrs.has(item):
        name = re.sub(r"\[\d+\]", "", path.rpartition(".")[2]) or "entry"
        return f"tables (a [[{name}]] heading for each)"
    return "values"


def _found(value: object, wanted: str = "") -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value[:20]}...'" if len(value) > 20 else f"the text '{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a single table" if wanted.startswith("tables") else "a table"
    if isinstance(value, datetime.date | datetime.time):
        return "a date or time"
    return type(value).__name__
