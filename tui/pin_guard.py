"""How often a curtain lets someone guess a seat's PIN.

Three tries are free (people mistype; Enter with no PIN is no try); after the third
wrong one in a row, each
further try waits: 15 seconds, then twice as long each time (30, 60...), at most
ten minutes. The right PIN clears the count. The wait is per seat and lasts as
long as this table runs; the clock is given, so tests move time by hand.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

FREE_TRIES = 3
FIRST_WAIT = 15.0
LONGEST_WAIT = 600.0
WRONG = "That is not the PIN. Try again."
NO_PIN = "Type your PIN first, then press Enter."


@dataclass(frozen=True, slots=True)
class PinAnswer:
    """What a try at the PIN came to: lifted, or a sentence for the curtain."""

    lifted: bool
    message: str = ""


def wait_after(wrong: int) -> float:
    """Seconds to wait before the next try, after ``wrong`` wrong PINs in a row."""
    if wrong < FREE_TRIES:
        return 0.0
    return min(LONGEST_WAIT, FIRST_WAIT * 2 ** (wrong - FREE_TRIES))


def seconds_text(seconds: float) -> str:
    """``14 seconds``, ``1 second``, ``2 minutes 30 seconds`` (rounded up)."""
    whole = max(1, math.ceil(seconds))
    minutes, rest = divmod(whole, 60)
    parts = [f"{minutes} minute{'s' * (minutes != 1)}"] if minutes else []
    if rest or not parts:
        parts.append(f"{rest} second{'s' * (rest != 1)}")
    return " ".join(parts)


class PinGuard:
    """Counts wrong PINs and makes guessing slow, for every curtain of a run.

    Each PIN is known by its saved hash (salted, so every seat of every game has its
    own), so leaving for the lobby and resuming the game does not reset its wait."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong: dict[str, int] = {}
        self._until: dict[str, float] = {}

    def door(self, key: str, fits: Callable[[str], bool]) -> PinDoor:
        """The curtain's handle on the PIN saved as ``key``; ``fits`` checks a try."""
        return PinDoor(self, key, fits)

    def wait(self, key: str) -> float:
        """Seconds before the PIN ``key`` may be tried again (0: now)."""
        return max(0.0, self._until.get(key, 0.0) - self._clock())

    def waiting(self, key: str) -> str:
        """The curtain's line while a wait runs, else ''."""
        left = self.wait(key)
        if not left:
            return ""
        wrong = self._wrong.get(key, 0)
        return f"{wrong} wrong PINs: the next try in {seconds_text(left)}."

    def attempt(self, key: str, pin: str, fits: Callable[[str], bool]) -> PinAnswer:
        """Try ``pin``: refused unheard while a wait runs."""
        if self.wait(key):
            return PinAnswer(False, self.waiting(key))
        if not pin:  # Enter alone is no guess (out of habit, say): it costs no try
            return PinAnswer(False, NO_PIN)
        if fits(pin):
            self._wrong.pop(key, None)
            self._until.pop(key, None)
            return PinAnswer(True)
        wrong = self._wrong.get(key, 0) + 1
        self._wrong[key] = wrong
        pause = wait_after(wrong)
        if not pause:
            return PinAnswer(False, WRONG)
        self._until[key] = self._clock() + pause
        return PinAnswer(False, f"That is not the PIN.\n{self.waiting(key)}")


@dataclass(frozen=True, slots=True)
class PinDoor:
    """One seat's PIN, as its curtain tries it."""

    guard: PinGuard
    key: str
    fits: Callable[[str], bool]

    def attempt(self, pin: str) -> PinAnswer:
        return self.guard.attempt(self.key, pin, self.fits)

    def waiting(self) -> str:
        return self.guard.waiting(self.key)
