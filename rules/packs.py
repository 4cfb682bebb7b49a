"""Content packs: TOML files read into frozen attrs values through the converter.

Every fault is reported on one line as ``FILE: FIELD: what is wrong``, never a
traceback. In order: a file that cannot be read; bytes that are not UTF-8 and
TOML syntax (by line, and by field where the line shows it); missing, unknown
and wrongly typed fields (checked against the pack's attrs classes, so
``cards[3].title`` is named, in plain words); blank text; and last the game's
own rules (``pack.problems()``: too few cards, repeats, lengths).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from rules.convert import CONVERTER, describe_error
from rules.pack_shape import blank_text_problems, shape_problems
from rules.toml_faults import not_utf8, toml_fault

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
        raise PackError(f"{source}: {not_utf8(raw, exc)}") from None
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
