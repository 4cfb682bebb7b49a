"""Content packs: TOML files read into frozen attrs values through the converter.

Every fault is reported on one line as ``FILE: FIELD: what is wrong``, never a
traceback. In order: a file that cannot be read; bytes that are not UTF-8 and
TOML syntax (by line, and by field where the line shows it); missing, unknown
and wrongly typed fields (checked against the pack's attrs classes, so
``cards[3].title`` is named, in plain words); blank text; and last the game's
own rules (``pack.problems()``: too few cards, repeats, lengths).
"""

from __future__ import annotations

import datetime
import difflib
import re
import tomllib
import typing
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs

from rules.convert import CONVERTER, describe_error

T = TypeVar("T")

MOST_FAULTS_SHOWN = 8


class PackError(ValueError):
    """A content pack that cannot be used; the message names file and field."""


def read_pack(path: str | Path, pack_type: type[T]) -> T:
    """Read and structure a pack file; PackError for any fault."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PackError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    return parse_pack(raw, str(path), pack_type)


def parse_pack(raw: bytes, source: str, pack_type: type[T]) -> T:
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (some editors add one) is fine
    except UnicodeDecodeError as exc:
        raise PackError(f"{source}: {_not_utf8(raw, exc)}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PackError(f"{source}: {_toml_fault(text, exc)}") from None
    faults = shape_problems(data, pack_type)
    if faults:
        raise PackError(_one_line(source, faults))
    try:
        pack = CONVERTER.structure(data, pack_type)
    except Exception as exc:  # cattrs raises several kinds; all are the pack's fault
        raise PackError(f"{source}: {describe_error(exc)}") from None
    faults = blank_text_problems(pack)
    faults += list(getattr(pack, "problems", lambda: ())())
    if faults:
        raise PackError(_one_line(source, faults))
    return pack


def bundled_pack(package: str, name: str, pack_type: type[T]) -> T:
    """A pack shipped inside ``themes/`` (``package`` like ``themes.island``)."""
    resource = resources.files(package).joinpath(name)
    return parse_pack(resource.read_bytes(), f"themes/{package.split('.')[-1]}/{name}", pack_type)


def card_list_problems(
    field: str, cards: Iterable[str], minimum: int, longest: int, item: str = ""
) -> list[str]:
    """Faults in a list of card texts: too few, too long, repeated.

    ``item`` names one card, ``{}`` standing for its index (``women[{}].name``);
    by default ``field[index]``. Blank texts are found for every pack by
    :func:`blank_text_problems`.
    """
    item = item or field + "[{}]"
    cards = tuple(cards)
    problems = []
    if len(cards) < minimum:
        problems.append(f"{field}: needs at least {minimum} cards, found {len(cards)}")
    seen: dict[str, int] = {}
    for index, card in enumerate(cards):
        if len(card) > longest:
            problems.append(
                f"{item.format(index)}: '{card[:20]}...' is longer than {longest} characters"
            )
        key = card.strip().casefold()
        if key in seen:
            problems.append(f"{item.format(index)}: '{card}' repeats {item.format(seen[key])}")
        if key:
            seen.setdefault(key, index)
    return problems


# --- the shape of the data: fields, kinds of value ---------------------------------------


def shape_problems(data: Any, kind: Any, path: str = "") -> list[str]:
    """Missing, unknown and wrongly typed fields of ``data`` read as ``kind``, by path.

    Knows text, numbers, true/false, ``tuple[X, ...]`` lists and attrs classes;
    anything else is left to the converter.
    """
    where = path or "(top level)"
    if kind is str:
        return [] if isinstance(data, str) else [f"{where}: must be text, found {_found(data)}"]
    if kind is bool:
        ok = isinstance(data, bool)
        return [] if ok else [f"{where}: must be true or false, found {_found(data)}"]
    if kind in (int, float):
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
    if attrs.has(kind):
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


def blank_text_problems(pack: Any, path: str = "") -> list[str]:
    """Every text of a pack (a field or a list's item) must say something.

    A text field with a default (an optional one) may be left empty.
    """
    found = []
    if isinstance(pack, str):
        if not pack.strip():
            found.append(f"{path}: must not be empty")
    elif isinstance(pack, tuple):
        for index, value in enumerate(pack):
            found += blank_text_problems(value, f"{path}[{index}]")
    elif attrs.has(type(pack)):
        for field in attrs.fields(type(pack)):
            value = getattr(pack, field.name)
            if isinstance(value, str) and field.default is not attrs.NOTHING:
                continue
            found += blank_text_problems(value, f"{path}.{field.name}" if path else field.name)
    return found


def _list_of(item: Any, path: str) -> str:
    if item is str:
        return "texts"
    if attrs.has(item):
        name = re.sub(r"\[\d+\]", "", path.rpartition(".")[2]) or "entry"
        return f"tables (a [[{name}]] heading for each)"
    return "values"


def _found(value: Any, wanted: str = "") -> str:
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


def _one_line(source: str, faults: list[str]) -> str:
    shown = "; ".join(faults[:MOST_FAULTS_SHOWN])
    more = len(faults) - MOST_FAULTS_SHOWN
    if more > 0:
        shown += f"; and {more} more fault{'s' * (more > 1)}"
    return f"{source}: {shown}"


# --- TOML syntax, by line and (where the line shows it) by field --------------------------

_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
_KEY_LINE = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=(.*)$")
_TABLE_LINE = re.compile(rf"^\s*(\[\[?)\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?\s*(#.*)?$")

_PLAIN: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("Illegal character '\\n'", lambda _: "the line ends before the text's closing quote"),
    ("Unterminated string", lambda _: "a text is missing its closing quote"),
    ('Expected "\'"', lambda _: "a text is missing its closing quote"),
    ("Cannot overwrite a value", lambda _: "this key is set twice"),
    ("Cannot declare", lambda _: "this table heading appears twice"),
    ("Invalid statement", lambda _: "expected 'key = value' or a [table] heading"),
    ("Invalid value", lambda _: "this value is not valid (text needs quotes around it)"),
    ("Unclosed array", lambda _: "a list is missing its closing ]"),
    ("Unclosed inline table", lambda _: "a { table } is missing its closing }"),
    ("Expected newline", lambda _: "unexpected text after the value"),
    ("Invalid initial character for a key part", lambda _: "expected a key name"),
    ("Expected ']]'", lambda _: "a [[table]] heading is missing its closing ]]"),
    ("Expected ']'", lambda _: "a [table] heading is missing its closing ]"),
    (
        "Illegal character",
        lambda m: f"a character TOML does not allow here ({m.removeprefix('Illegal character ')})",
    ),
)


def _plain(message: str) -> str:
    for start, say in _PLAIN:
        if message.startswith(start):
            return say(message)
    return message[:1].lower() + message[1:]


def _toml_fault(text: str, exc: tomllib.TOMLDecodeError) -> str:
    message = str(exc)
    at = _AT.search(message)
    lines = text.splitlines()
    if at and at.group(1):
        line, column = int(at.group(1)), int(at.group(2))
        place = f"line {line}, column {column}"
    else:
        line, column = max(len(lines), 1), None
        place = "the end of the file"
    what = _plain(message[: at.start()] if at else message)
    field = _field_at(lines, line, column)
    return f"{field + ': ' if field else ''}not valid TOML at {place}: {what}"


def _not_utf8(raw: bytes, exc: UnicodeDecodeError) -> str:
    line = raw[: exc.start].count(b"\n") + 1
    lines = raw.decode("utf-8", errors="replace").splitlines()
    field = _field_at(lines, line, None)
    where = f"{field}: " if field else ""
    return f"{where}the file is not UTF-8 text at line {line} (save it as UTF-8)"


def _field_at(lines: list[str], line: int, column: int | None) -> str:
    """The field a TOML line belongs to, when the line shows it: a ``key = value`` line
    (the fault lying in its value), or a line inside a list opened by ``key = [``."""
    counts: dict[str, int] = {}
    table = ""
    key, depth = "", 0
    for text in lines[: line - 1]:
        heading = _TABLE_LINE.match(text)
        statement = _KEY_LINE.match(text)
        if depth > 0:
            depth += _bracket_depth(text)
            key = key if depth > 0 else ""
        elif heading:
            name = _key_name(heading.group(2))
            if heading.group(1) == "[[":
                counts[name] = counts.get(name, -1) + 1
                table = f"{name}[{counts[name]}]"
            else:
                table = name
            key = ""
        elif statement:
            depth = max(_bracket_depth(statement.group(2)), 0)
            key = _key_name(statement.group(1)) if depth > 0 else ""
        else:
            key = ""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    statement = _KEY_LINE.match(text)
    if depth > 0 and key:
        name = key
    elif statement and (column is None or column > text.index("=")):
        name = _key_name(statement.group(1))
    else:
        return ""
    return f"{table}.{name}" if table else name


def _key_name(key: str) -> str:
    return ".".join(part.strip("\"'") for part in re.findall(_KEY_PART, key))


def _bracket_depth(text: str) -> int:
    """Opened minus closed square brackets outside quotes, up to a comment."""
    depth, quote, escaped = 0, "", False
    for char in text:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            break
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
    return depth
