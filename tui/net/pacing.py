"""Wrong codes, paced for the guesser and not the table.

Each source of tries (an account on this machine for the socket, an address for
the SSH door) has its own count of wrong codes in a row: its next wrong code is
answered only after a wait that doubles with each (1 s, 2 s, 4 s ... 30 s at
most), and a right code sets its count back to nothing. While a source already
has ``AT_ONCE`` tries waiting, a further one is refused at once without being
checked, so guessing in parallel gains nothing. Nobody else's typo waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

FIRST_WAIT = 1.0
"""Seconds a wrong code waits before its refusal; doubled for each further one."""
LONGEST_WAIT = 30.0
AT_ONCE = 2
"""Tries of one source that may wait for their answer at the same time."""
KEPT_SOURCES = 4096
"""Sources remembered at most (the oldest go first): memory for this is bounded too."""
BUSY = "Too many tries at once from here: wait for the answer to the last one."


class Pacing:
    """Counts wrong codes per source and makes each wait."""

    def __init__(self, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self.sleep = sleep
        """How a wrong code waits (tests hand in their own)."""
        self.wrong: dict[str, int] = {}
        """Wrong codes in a row, per source."""
        self.waiting: dict[str, int] = {}

    def busy(self, source: str) -> bool:
        """Whether ``source`` has as many tries waiting as it may."""
        return self.waiting.get(source, 0) >= AT_ONCE

    def right(self, source: str) -> None:
        self.wrong.pop(source, None)

    async def slow_down(self, source: str) -> int:
        """A wrong code from ``source``: wait its turn; how many it has made in a row."""
        count = self.wrong.pop(source, 0) + 1
        self.wrong[source] = count  # (re-inserted: the most recent source comes last)
        while len(self.wrong) > KEPT_SOURCES:
            del self.wrong[next(iter(self.wrong))]
        self.waiting[source] = self.waiting.get(source, 0) + 1
        try:
            await self.sleep(min(LONGEST_WAIT, FIRST_WAIT * 2 ** (count - 1)))
        finally:
            left = self.waiting[source] - 1
            if left:
                self.waiting[source] = left
            else:
                del self.waiting[source]
        return count
