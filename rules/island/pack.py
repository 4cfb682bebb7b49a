"""The Island's content pack: compatibility adjectives and response nouns."""

from __future__ import annotations

from attrs import frozen

from rules.packs import bundled_pack, card_list_problems, read_pack

MIN_ADJECTIVES = 10
MIN_NOUNS = 20
LONGEST_CARD = 48


@frozen
class IslandPack:
    """A pack file: a name, a line about its tone, and the two card lists."""

    name: str
    description: str
    adjectives: tuple[str, ...]
    nouns: tuple[str, ...]

    def problems(self) -> list[str]:
        found = card_list_problems("adjectives", self.adjectives, MIN_ADJECTIVES, LONGEST_CARD)
        found += card_list_problems("nouns", self.nouns, MIN_NOUNS, LONGEST_CARD)
        return found


def default_pack() -> IslandPack:
    return bundled_pack("themes.island", "default.toml", IslandPack)


def load_pack(path: str) -> IslandPack:
    return read_pack(path, IslandPack)
