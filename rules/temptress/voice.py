"""The island's voice: what it knows of courting, from the pack.

An approach (a line a suitor typed, or one the island draws for a suitor who typed
none) touches a topic when one of the topic's word stems starts a word of it
("danc" touches "dancing"). A woman's interests are the topics her preferences touch,
leaving out her aversions (a preference that opens with "loathes" and the like is a
dislike). An approach that touches one of her interests engages her: the island
gives the role-play chip for it.
"""

from __future__ import annotations

import re

from attrs import field, frozen

from rules.chance import Chance

Topic = tuple[str, tuple[str, ...]]
"""A topic's name and its items (word stems, or approach lines)."""


@frozen
class IslandVoice:
    """The pack's words for the island's scenes; empty when a pack has none (the island
    then tells actions plainly and gives no role-play chip)."""

    interests: tuple[Topic, ...] = ()
    """Each topic's word stems."""
    approaches: tuple[Topic, ...] = ()
    """Each topic's approach lines, completing "Bo ..."."""
    gaffes: tuple[str, ...] = ()
    """Blunders completing "Bo ...", one told for each Faux Pas."""
    aversions: tuple[str, ...] = ()
    """How a dislike opens ("loathes"): such a preference is no interest."""
    touches: tuple[tuple[str, re.Pattern[str]], ...] = field(init=False, eq=False, repr=False)
    """Each topic that has stems, with a pattern finding one of them at a word's start
    (made once: the island asks of every line it tells)."""

    @touches.default
    def _touches(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple(
            (topic, re.compile(f"(?<![a-z])(?:{'|'.join(map(re.escape, stems))})"))
            for topic, stems in self.interests
            if stems
        )

    @property
    def speaks(self) -> bool:
        return bool(self.approaches and self.interests)


def topics_of(voice: IslandVoice, text: str) -> tuple[str, ...]:
    """The topics ``text`` touches (a stem starts a word of it), in the pack's order."""
    folded = text.casefold()
    return tuple(topic for topic, touch in voice.touches if touch.search(folded))


def is_aversion(voice: IslandVoice, preference: str) -> bool:
    opening = preference.casefold().lstrip()
    return any(opening.startswith(aversion.casefold()) for aversion in voice.aversions)


def interests(voice: IslandVoice, preferences: tuple[str, ...]) -> tuple[str, ...]:
    """The topics a woman's preferences touch, her aversions left out."""
    found: dict[str, None] = {}
    for preference in preferences:
        if not is_aversion(voice, preference):
            found.update(dict.fromkeys(topics_of(voice, preference)))
    return tuple(found)


def engaged(voice: IslandVoice, approach: str, preferences: tuple[str, ...]) -> str:
    """The first of her interests ``approach`` touches ('' when it touches none)."""
    hers = interests(voice, preferences)
    return next((topic for topic in topics_of(voice, approach) if topic in hers), "")


def draw_approach(voice: IslandVoice, chance: Chance) -> tuple[str, Chance]:
    """An approach line from a topic drawn at random, then a line of it."""
    (_, lines), chance = chance.pick(voice.approaches)
    line, chance = chance.pick(lines)
    return line, chance


def draw_gaffe(voice: IslandVoice, chance: Chance) -> tuple[str, Chance]:
    if not voice.gaffes:
        return "", chance
    return chance.pick(voice.gaffes)
