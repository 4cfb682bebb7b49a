"""The Temptress's content pack: candidate women and a pool of secret preferences."""

from __future__ import annotations

import re

from attrs import Factory, frozen

from rules.packs import bundled_pack, card_list_problems, read_pack
from rules.temptress.voice import IslandVoice, topics_of

WOMEN_NEEDED = 4
MIN_PREFERENCES = 24
LONGEST_TEXT = 80
LONGEST_NAME = 16
SHORTEST_STEM = 3
_TOPIC = re.compile("[a-z]{1,20}")
"""A topic's name: the story names it ("one of Oriane's interests (music)")."""
_STEM = re.compile(f"[a-z]{{{SHORTEST_STEM},}}")


@frozen
class PackWoman:
    """A candidate woman: a name and a public personality line."""

    name: str
    personality: str
    warm: str = ""
    """Her reaction to an approach that goes well, completing "Oriane ..."."""
    cool: str = ""
    """Her reaction to one that goes badly."""


@frozen
class TemptressPack:
    """A pack file: the women to choose from and the preferences to deal them, and the
    island's words for its scenes (``voice``): topics of interest, approaches, gaffes."""

    name: str
    description: str
    sorceress_title: str
    preferences: tuple[str, ...]
    women: tuple[PackWoman, ...]
    aversions: tuple[str, ...] = ()
    gaffes: tuple[str, ...] = ()
    interests: dict[str, tuple[str, ...]] = Factory(dict)
    approaches: dict[str, tuple[str, ...]] = Factory(dict)

    def voice(self) -> IslandVoice:
        return IslandVoice(
            interests=tuple(
                (t, tuple(stems)) for t, stems in self.interests.items()
            ),
            approaches=tuple(self.approaches.items()),
            gaffes=self.gaffes,
            aversions=self.aversions,
        )

    def problems(self) -> list[str]:
        found = []
        if len(self.women) < WOMEN_NEEDED:
            found.append(f"women: needs at least {WOMEN_NEEDED}, found {len(self.women)}")
        names = (w.name for w in self.women)
        found += card_list_problems("women", names, 0, LONGEST_NAME, item="women[{}].name")
        for index, woman in enumerate(self.women):
            if len(woman.personality) > LONGEST_TEXT:
                found.append(f"women[{index}].personality: longer than {LONGEST_TEXT} characters")
        found += card_list_problems("preferences", self.preferences, MIN_PREFERENCES, LONGEST_TEXT)
        for index, woman in enumerate(self.women):
            for kind, line in (("warm", woman.warm), ("cool", woman.cool)):
                if len(line) > LONGEST_TEXT:
                    found.append(f"women[{index}].{kind}: longer than {LONGEST_TEXT} characters")
        # The island's scenes need a gaffe to tell and a way to tell a dislike from a like.
        needed = 1 if self.approaches else 0
        found += card_list_problems("gaffes", self.gaffes, needed, LONGEST_TEXT)
        found += card_list_problems("aversions", self.aversions, needed, LONGEST_TEXT)
        return found + self._voice_problems()

    def _voice_problems(self) -> list[str]:
        """Approaches need topics, and each approach touches its own topic."""
        found = []
        for topic, stems in self.interests.items():
            if not _TOPIC.fullmatch(topic):
                found.append(f"interests: {topic[:20]!r} must be a topic of 1 to 20 letters (a-z)")
            if not stems or not all(_STEM.fullmatch(stem) for stem in stems):
                found.append(
                    f"interests.{topic}: give word stems of {SHORTEST_STEM} or more lowercase "
                    "letters (a-z)"
                )
        voice = self.voice()
        for topic, lines in self.approaches.items():
            if topic not in self.interests:
                found.append(f"approaches.{topic}: no such topic in [interests]")
                continue
            found += card_list_problems(f"approaches.{topic}", lines, 1, LONGEST_TEXT)
            for index, line in enumerate(lines):
                if topic not in topics_of(voice, line):
                    found.append(f"approaches.{topic}[{index}]: touches none of the topic's words")
        if self.approaches and not self.interests:
            found.append("approaches: the pack has no [interests] to judge them by")
        return found


def default_pack() -> TemptressPack:
    return bundled_pack("themes.temptress", "default.toml", TemptressPack)


def load_pack(path: str) -> TemptressPack:
    return read_pack(path, TemptressPack)
