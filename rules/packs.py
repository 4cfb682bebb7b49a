"""Content packs: TOML files read into frozen attrs values through the converter.

Every fault is reported on one line as ``FILE: FIELD: what is wrong``, never a
traceback or a hang. In order: a file that cannot be read, is not a regular file
(a folder, a pipe, a device) or is over ``LARGEST_PACK`` bytes; bytes that are not
UTF-8; lists or tables nested over ``DEEPEST_NESTING`` levels; TOML syntax (by line,
and by field where the line shows it); missing, unknown
and wrongly typed fields (checked against the pack's attrs classes, so
``cards[3].title`` is named, in plain words); blank text; and last the game's
own rules (``pack.problems()``: too few cards, repeats, lengths).
"""

from __future__ import annotations

import errno
import math
import os
import stat
import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from rules.convert import CONVERTER, describe_error
from rules.pack_shape import blank_text_problems, shape_problems, unshowable_text_problems
from rules.toml_faults import not_utf8, toml_fault, too_deep

T = TypeVar("T")

MOST_FAULTS_SHOWN = 8
LARGEST_PACK = 1_000_000
"""The most bytes a pack file may hold (1 MB; the bundled packs are 5 to 20 KB)."""
DEEPEST_NESTING = 32
"""The most levels lists and tables may nest (the bundled packs nest 2)."""


class PackError(ValueError):
    """A content pack that cannot be used; the message names file and field."""


def read_pack(path: str | Path, pack_type: type[T]) -> T:
    """Read and structure a pack file; PackError for any fault."""
    path = Path(path)
    return parse_pack(_pack_bytes(path), str(path), pack_type)


def _pack_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most ``LARGEST_PACK`` bytes, or PackError.

    Looked at before it is opened (a pipe would wait for a writer for ever, and
    ``/dev/zero`` never ends), opened without waiting, looked at again in case it was
    swapped meanwhile, and read no further than one byte past the limit."""
    try:
        _check_kind(path, path.stat())
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(handle, "rb") as file:
            _check_kind(path, os.fstat(file.fileno()))
            raw = file.read(LARGEST_PACK + 1)
    except PackError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        reason = getattr(exc, "strerror", None) or exc
        raise PackError(f"{path}: cannot read the file ({reason})") from None
    if len(raw) > LARGEST_PACK:  # it grew after the look, or says it is empty (/proc)
        raise PackError(f"{path}: {_too_big('the file')}")
    return raw


def _check_kind(path: Path, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise PackError(f"{path}: cannot read the file ({os.strerror(errno.EISDIR)})")
    if not stat.S_ISREG(info.st_mode):
        raise PackError(f"{path}: not a regular file (a pack must be a .toml file)")
    if info.st_size > LARGEST_PACK:
        tenths = math.ceil(info.st_size / 100_000)  # up: a byte over is not "1.0 MB"
        raise PackError(f"{path}: {_too_big(f'{tenths // 10:,}.{tenths % 10} MB')}")


def _too_big(size: str) -> str:
    return f"{size} is too big for a card pack (at most {LARGEST_PACK / 1_000_000:g} MB)"


def _too_deep(where: str = "") -> str:
    return f"lists or tables are nested too deeply{where} (at most {DEEPEST_NESTING} levels)"


def parse_pack(raw: bytes, source: str, pack_type: type[T]) -> T:
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (some editors add one) is fine
    except UnicodeDecodeError as exc:
        raise PackError(f"{source}: {not_utf8(raw, exc)}") from None
    line = too_deep(text, DEEPEST_NESTING)
    if line is not None:
        raise PackError(f"{source}: {_too_deep(f' at line {line}')}")
    try:
        return _structured(text, source, pack_type)
    except RecursionError:  # the scan above should leave none; never a traceback
        raise PackError(f"{source}: {_too_deep()}") from None


def _structured(text: str, source: str, pack_type: type[T]) -> T:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PackError(f"{source}: {toml_fault(text, exc)}") from None
    faults = shape_problems(data, pack_type)
    if faults:
        raise PackError(_one_line(source, faults))
    try:
        pack = CONVERTER.structure(data, pack_type)
    except Exception as exc:  # cattrs raises several kinds; all are the pack's fault
        raise PackError(f"{source}: {describe_error(exc)}") from None
    faults = blank_text_problems(pack)
    unshowable = unshowable_text_problems(pack)
    faults += unshowable
    if not unshowable:  # the game's own checks quote texts: only showable ones
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
                f"{item.format(index)}: '{' '.join(card[:20].splitlines())}...' is longer than "
                f"{longest} characters"
            )
        key = card.strip().casefold()
        if key in seen:
            problems.append(
                f"{item.format(index)}: '{' '.join(card.splitlines())}' repeats "
                f"{item.format(seen[key])}"
            )
        if key:
            seen.setdefault(key, index)
    return problems


def _one_line(source: str, faults: list[str]) -> str:
    shown = "; ".join(faults[:MOST_FAULTS_SHOWN])
    more = len(faults) - MOST_FAULTS_SHOWN
    if more > 0:
        shown += f"; and {more} more fault{'s' * (more > 1)}"
    return f"{source}: {shown}"


__all__ = [
    "PackError",
    "blank_text_problems",
    "bundled_pack",
    "card_list_problems",
    "parse_pack",
    "read_pack",
    "shape_problems",
]
