"""The Lantern's content pack: story elements, one per card."""

from __future__ import annotations

from attrs import frozen

from rules.packs import bundled_pack, card_list_problems, read_pack

MIN_ELEMENTS = 30


@frozen
class LanternPack:
    """A pack file: a name, a line about it, and the story elements."""

    name: str
    description: str
    elements: tuple[str, ...]

    def problems(self) -> list[str]:
        return card_list_problems("elements", self.elements, MIN_ELEMENTS, 60)


def default_pack() -> LanternPack:
    return bundled_pack("themes.lantern", "default.toml", LanternPack)


def load_pack(path: str) -> LanternPack:
    return read_pack(path, LanternPack)
