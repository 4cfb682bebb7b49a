"""Content packs: TOML files read into frozen attrs values through the converter.

Every fault is reported as ``FILE: FIELD: what is wrong``, never a traceback.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from rules.convert import CONVERTER, describe_error

T = TypeVar("T")


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
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise PackError(f"{source}: the file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise PackError(f"{source}: not valid TOML ({exc})") from None
    try:
        pack = CONVERTER.structure(data, pack_type)
    except Exception as exc:  # cattrs raises several kinds; all are the pack's fault
        raise PackError(f"{source}: {describe_error(exc)}") from None
    problems = list(getattr(pack, "problems", lambda: ())())
    if problems:
        raise PackError(f"{source}: " + "; ".join(problems))
    return pack


def bundled_pack(package: str, name: str, pack_type: type[T]) -> T:
    """A pack shipped inside ``themes/`` (``package`` like ``themes.island``)."""
    resource = resources.files(package).joinpath(name)
    return parse_pack(resource.read_bytes(), f"themes/{package.split('.')[-1]}/{name}", pack_type)


def card_list_problems(field: str, cards: Iterable[str], minimum: int, longest: int) -> list[str]:
    """Faults in a list of card texts: too few, blank, too long, repeated."""
    cards = tuple(cards)
    problems = []
    if len(cards) < minimum:
        problems.append(f"{field}: needs at least {minimum} cards, found {len(cards)}")
    seen: dict[str, int] = {}
    for index, card in enumerate(cards):
        if not card.strip():
            problems.append(f"{field}[{index}]: a card text is empty")
        elif len(card) > longest:
            problems.append(
                f"{field}[{index}]: '{card[:20]}...' is longer than {longest} characters"
            )
        key = card.strip().casefold()
        if key in seen and key:
            problems.append(f"{field}[{index}]: '{card}' repeats {field}[{seen[key]}]")
        seen.setdefault(key, index)
    return problems
