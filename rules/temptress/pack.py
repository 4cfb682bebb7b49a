"""The Temptress's content pack: candidate women and a pool of secret preferences."""

from __future__ import annotations

from attrs import frozen

from rules.packs import bundled_pack, card_list_problems, read_pack

WOMEN_NEEDED = 4
MIN_PREFERENCES = 24
LONGEST_TEXT = 80
LONGEST_NAME = 16


@frozen
class PackWoman:
    """A candidate woman: a name and a public personality line."""

    name: str
    personality: str


@frozen
class TemptressPack:
    """A pack file: the women to choose from and the preferences to deal them."""

    name: str
    description: str
    sorceress_title: str
    preferences: tuple[str, ...]
    women: tuple[PackWoman, ...]

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
        return found


def default_pack() -> TemptressPack:
    return bundled_pack("themes.temptress", "default.toml", TemptressPack)


def load_pack(path: str) -> TemptressPack:
    return read_pack(path, TemptressPack)
