"""A TOML file's faults in plain words, by line and (where the line shows it) by field:
bad syntax (``not valid TOML at line 3, column 9: a text is missing its closing
quote``), bytes that are not UTF-8, and lists or tables nested deeper than any pack
needs (found before the parser, which recurses once per level and slows with the
square of a dotted key's length)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable

_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
_KEY_LINE = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=(.*)$")
_TABLE_LINE = re.compile(rf"^\s*(\[\[?)\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?\s*(#.*)?$")

# What the nesting scan stops at: strings (skipped whole), comments, brackets, and the
# dots of dotted keys (``a.b.c = 1`` and ``[a.b.c]`` nest tables as brackets do);
# ``=``, ``,`` and a line's end start a new key.
_NESTING_TOKEN = re.compile(r'"""' + r"|'''|[\"'#\[\]{}.=,\n]")
_SKIP_TO_END = {
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"?'),
    "'": re.compile(r"[^'\n]*'?"),
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*(?:"""|\Z)"{0,2}', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'(?!''))*(?:'''|\Z)'{0,2}"),
    "#": re.compile(r"[^\n]*"),
}

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


def toml_fault(text: str, exc: tomllib.TOMLDecodeError) -> str:
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


def not_utf8(raw: bytes, exc: UnicodeDecodeError) -> str:
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


def too_deep(text: str, deepest: int) -> int | None:
    """The line where lists, tables and dotted keys first nest more than ``deepest``
    levels (outside strings and comments), or None. The scan stops there, so 100,000
    opening brackets cost no more than ``deepest`` of them."""
    depth = dots = 0
    at = 0
    while (token := _NESTING_TOKEN.search(text, at)) is not None:
        kind, at = token.group(), token.end()
        skip = _SKIP_TO_END.get(kind)
        if skip is not None:
            skipped = skip.match(text, at)  # each matches at least ""
            at = skipped.end() if skipped else len(text)
            continue
        if kind in "[{":
            depth += 1
        elif kind in "]}":
            depth = max(depth - 1, 0)
        dots = dots + 1 if kind == "." else 0
        if depth + dots > deepest:
            return text.count("\n", 0, token.start()) + 1
    return None
