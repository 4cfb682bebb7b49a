"""A game's words as data: the templates its story lines and captions are told from.

Every event a game logs is a kind (the game's ``EventKind``) and the facts it is
about: the seats (``Who``, ``Whos``), numbers, cards and words. A game declares,
per kind, the facts its events carry (``Told``); its ``story.toml`` holds, per
kind, the sentences that place those facts: ``story`` (the line the table reads;
other names for the same kind's other shapes) and, where a caption only places
facts, ``caption``. A template names facts as ``{actor}``; a number may name the
word it counts, ``{chips:Rapport chip}`` ("1 Rapport chip", "2 Rapport chips"),
or both forms, ``{count:person/people}``; a list is "a, b and c", or with ``{who:,}``
"a, b, c". A caption may also name a *phrase*, a
function of the game that weighs the view (odds, rounds left).

The file is checked when it is loaded, like a pack: every kind has its ``story``,
no kind is unknown, and a template names only facts its kind carries (or, in a
caption, the game's phrases). A writer changes a sentence without reading Python.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from string import Formatter
from typing import Any, Generic, TypeVar

from attrs import frozen

from rules.engine import Event, Fact, Seat, Who, Whos
from rules.wording import listed, plural

K = TypeVar("K", bound=StrEnum)

STORY = "story"
"""The line the table reads, when a log call names no other."""
CAPTION = "caption"
"""The teaching caption of a kind whose caption only places facts."""


class StoryError(ValueError):
    """A story file that cannot be used: names the file, the kind and the fault."""


def told(fact: Fact, names: Sequence[str], spec: str = "") -> str:
    """One fact in words: a seat as its name, seats and word lists listed, a number
    with the word it counts (``spec``: "card" or "person/people")."""
    if isinstance(fact, Who):
        return names[fact.seat]
    if isinstance(fact, Whos | tuple):
        words = [names[s] for s in fact.seats] if isinstance(fact, Whos) else list(fact)
        return ", ".join(words) if spec == "," else listed(words)
    if isinstance(fact, bool):
        raise TypeError("a fact is never a bool: choose the line instead")
    if isinstance(fact, int) and spec:
        one, _, many = spec.partition("/")
        return plural(fact, one) if not many else f"{fact} {one if fact == 1 else many}"
    return str(fact)


Part = tuple[str, str | None, str]
"""A template cut once into (literal text, the fact it names or None, its spec)."""


def parts_of(template: str) -> tuple[Part, ...]:
    """``template`` cut at its placeholders (``{{`` and ``}}`` are literal braces)."""
    return tuple((text, field, spec or "") for text, field, spec, _ in Formatter().parse(template))


def filled(parts: Sequence[Part], names: Sequence[str], values: Mapping[str, Fact]) -> str:
    """A cut template with every fact told (``told``)."""
    return "".join(
        text if field is None else text + told(values[field], names, spec)
        for text, field, spec in parts
    )


def placeholders(template: str) -> tuple[str, ...]:
    """The facts (and phrases) ``template`` names, refusing anything but plain names:
    no attribute or index, no conversion."""
    found: list[str] = []
    for _, field, spec, conversion in Formatter().parse(template):
        if field is None:
            continue
        if not field.isidentifier() or conversion:
            raise ValueError(f"{{{field}}} is not a plain fact name")
        if spec and "{" in spec:
            raise ValueError(f"{{{field}:{spec}}} nests a placeholder")
        found.append(field)
    return tuple(found)


@frozen
class Told(Generic[K]):
    """One game's words: for each event kind, the facts it carries and its lines."""

    kinds: type[K]
    facts: Mapping[K, frozenset[str]]
    lines: Mapping[K, Mapping[str, str]]
    cut: Mapping[str, tuple[Part, ...]]
    """Every template of ``lines``, cut once when loaded (``parts_of``)."""

    def line(self, kind: K, line: str = STORY) -> str:
        return self.lines[kind][line]

    def caption(self, kind: K) -> str | None:
        """The kind's caption template, or None when a function of the game tells it."""
        return self.lines[kind].get(CAPTION)

    def event(
        self,
        kind: K,
        names: Sequence[str],
        facts: Mapping[str, Fact],
        seats: tuple[Seat, ...] | None = None,
        line: str = STORY,
    ) -> Event:
        """The event of ``kind`` about ``facts``, its text told by the kind's ``line``.
        Every fact the kind carries must be given, and no other."""
        wanted = self.facts[kind]
        if set(facts) != wanted:
            missing = sorted(wanted - set(facts))
            extra = sorted(set(facts) - wanted)
            raise ValueError(f"{kind.value}: facts missing {missing}, not carried {extra}")
        text = filled(self.cut[self.lines[kind][line]], names, facts)
        return Event(text, seats, kind, tuple(sorted(facts.items())))

    def tell(self, template: str, names: Sequence[str], values: Mapping[str, Fact]) -> str:
        """``template`` filled from ``values`` (an event's facts and a caption's phrases)."""
        parts = self.cut.get(template)
        return filled(parts_of(template) if parts is None else parts, names, values)


def load_told(
    path: Path,
    kinds: type[K],
    facts: Mapping[K, Collection[str]],
    phrases: Collection[str] = (),
) -> Told[K]:
    """Reads and checks a game's ``story.toml``; raises StoryError naming the fault."""
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StoryError(f"{where}: cannot be read ({error})") from None
    known = {kind.value: kind for kind in kinds}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise StoryError(f"{where}: no event kind is called {', '.join(unknown)}")
    lines: dict[K, Mapping[str, str]] = {}
    for value, kind in known.items():
        if kind not in facts:
            raise StoryError(f"{where}: [{value}] carries no declared facts")
        table = data.get(value)
        if not isinstance(table, dict) or not isinstance(table.get(STORY), str):
            raise StoryError(f"{where}: [{value}] needs a story line")
        lines[kind] = _checked(where, value, table, frozenset(facts[kind]), frozenset(phrases))
    cut = {t: parts_of(t) for table in lines.values() for t in table.values()}
    return Told(kinds, {k: frozenset(v) for k, v in facts.items()}, lines, cut)


def _checked(
    where: str, kind: str, table: dict[str, object], facts: frozenset[str], phrases: frozenset[str]
) -> dict[str, str]:
    lines: dict[str, str] = {}
    for name, template in table.items():
        if not isinstance(template, str) or not template.strip():
            raise StoryError(f"{where}: [{kind}] {name} must be a sentence")
        try:
            named = placeholders(template)
        except ValueError as error:
            raise StoryError(f"{where}: [{kind}] {name}: {error}") from None
        allowed = facts | phrases if name == CAPTION else facts
        strange = sorted(set(named) - allowed)
        if strange:
            raise StoryError(
                f"{where}: [{kind}] {name} names {', '.join(strange)}, "
                f"which a {kind} event does not carry"
            )
        lines[name] = template
    return lines


Phrase = Callable[[Event, Any], str]
"""A caption's words that weigh the view (odds, rounds left): (event, public view)."""


def beside(module_file: str, name: str) -> Path:
    """The data file ``name`` beside a game's module (``__file__``)."""
    return Path(module_file).with_name(name)
