"""What everyone may see of a suitor and of a woman, as every view shows it."""

from __future__ import annotations

from attrs import frozen

from rules.cards import PlayingCard


@frozen
class SuitorPublic:
    """What everyone may see of a suitor."""

    name: str
    rapport: int
    faux_pas: int
    faceup: tuple[PlayingCard, ...]
    cards: int
    out: bool
    argued: bool
    immune: bool


@frozen
class WomanPublic:
    """What everyone may see of a woman: name, personality, pile size."""

    name: str
    personality: str
    pile_size: int
