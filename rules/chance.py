"""Deterministic randomness carried inside a game state.

A :class:`Chance` is a seed and a counter. Every draw hashes the pair, so the
same seed and the same sequence of calls always give the same results, and a
saved game replays exactly. Each draw returns the value *and* the next
``Chance``: the state that holds it is frozen, so the caller stores the new one.

Tests can load the dice: values in ``script`` are used first, in order, before
any hashed draw (each must fit the draw it answers).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

from attrs import evolve, frozen

T = TypeVar("T")

_MASK_64 = (1 << 64) - 1

SEED_DIGITS = 18
"""A seed has at most this many digits (one typed for a replay, too)."""


def secret_seed() -> int:
    """A fresh seed nobody knows: from the ``secrets`` module, 18 digits' worth, so
    that a player who knows their own hand cannot search the seeds for the rest."""
    return secrets.randbelow(10**SEED_DIGITS)


@frozen
class Chance:
    """A seeded, replayable source of random numbers stored in a state."""

    seed: int
    counter: int = 0
    script: tuple[int, ...] = ()

    def _raw(self) -> int:
        digest = hashlib.blake2b(
            f"{self.seed}:{self.counter}".encode(), digest_size=8
        ).digest()
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> tuple[int, Chance]:
        """A uniform integer in ``0 .. n-1`` and the next Chance."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self.script:
            value, rest = self.script[0], self.script[1:]
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} does not fit a draw below {n}")
            return value, evolve(self, script=rest)
        chance = self
        limit = (_MASK_64 + 1) - ((_MASK_64 + 1) % n)
        while True:
            raw = chance._raw()
            chance = evolve(chance, counter=chance.counter + 1)
            if raw < limit:
                return raw % n, chance

    def roll(self, sides: int, count: int = 1) -> tuple[tuple[int, ...], Chance]:
        """``count`` dice of ``sides`` faces each (values from 1)."""
        chance = self
        faces = []
        for _ in range(count):
            value, chance = chance.below(sides)
            faces.append(value + 1)
        return tuple(faces), chance

    def pick(self, items: Sequence[T]) -> tuple[T, Chance]:
        """One item of a non-empty sequence."""
        index, chance = self.below(len(items))
        return items[index], chance

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Chance]:
        """A new tuple with the items in a uniformly random order (Fisher-Yates)."""
        order = list(items)
        chance = self
        for i in range(len(order) - 1, 0, -1):
            j, chance = chance.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order), chance


def loaded(*values: int, seed: int = 0) -> Chance:
    """A Chance whose next draws are exactly ``values`` (for tests)."""
    return Chance(seed=seed, script=tuple(values))
