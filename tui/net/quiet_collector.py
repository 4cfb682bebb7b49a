"""Full garbage collections made at quiet moments, not whenever Python would.

Python starts a full collection whenever enough has been allocated, in the middle of
whatever the process is doing, and in a busy parlour that is often a guest's key. In a
seat house a full collection scans every seat's screens (the zygote's imports are frozen
out of it) and takes tens of milliseconds, more on a busy machine; in ``parlour serve``'s
own process (every table's app and host, and then its doors too) it took 130-450 ms, every
key of every guest waiting (``bench/serve_load.py``). So these processes switch Python's own
full collections off and make them here: when their guests have sent nothing for
``QUIET`` seconds, at most once in ``LEAST_APART`` seconds, and at the latest
``MOST_APART`` seconds after the last one, quiet or not, so garbage never piles up for
long. Either way only once enough was allocated. The young generations are still
collected by Python as usual: those passes are short (a larger first threshold was tried,
10,000: its passes over the middle generation took 130 ms, and no key was faster).

The server's processes (its tables', its doors') are never quiet (some guest is always
typing), so their collectors also freeze what each full collection leaves
(``gc.freeze``): the next one looks only at what was made since, not again at every
table's app and every connection. What was frozen and
dies later in a cycle (a table that ended, a guest who left) waits for the next thaw: a
collection that looks at everything again, the one long pause, every ``THAW_EVERY``
seconds or as soon as the frozen objects have grown to ``THAW_GROWN`` times what the last
one left, whichever comes first. Guests who come and go, however fast, can make it hold
that much at most, and no more long pauses than before (one a collection at most).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

QUIET = 1.0
"""Seconds with no byte from any guest of the house before a full collection."""
LEAST_APART = 20.0
"""Seconds at least between two full collections made at quiet moments."""
MOST_APART = 120.0
"""Seconds at most between two full collections: one is made then, quiet or not."""
LOOK_EVERY = 0.5
"""Seconds between two looks at whether it is time."""
ENOUGH = 10
"""Collections of the middle generation since the last full one before a full one is
worth making (Python's own threshold for the oldest generation)."""
NEVER = 1 << 30
"""The oldest generation's threshold that stops Python from starting full collections."""
THAW_EVERY = 3600.0
"""Seconds at most between two full collections that look at everything, for a collector
that freezes what its collections leave."""
THAW_GROWN = 2
"""How many times what the last look at everything left the frozen objects may grow to
before the next collection looks at everything again."""


class QuietCollector:
    """Makes the full collections of this process at its guests' quiet moments.

    ``last_heard()`` is when a guest last sent a byte, on ``clock``'s scale (a process
    that cannot tell gives ``clock`` itself: never quiet, so every ``MOST_APART``)."""

    def __init__(
        self,
        last_heard: Callable[[], float],
        clock: Callable[[], float],
        collect: Callable[[], object] = gc.collect,
        count: Callable[[], tuple[int, int, int]] = gc.get_count,
        freeze: Callable[[], object] | None = None,
        unfreeze: Callable[[], object] = gc.unfreeze,
        frozen: Callable[[], int] = gc.get_freeze_count,
    ) -> None:
        self.last_heard = last_heard
        self.clock = clock
        self.collect = collect
        self.count = count
        self.freeze = freeze
        """Given: called after each full collection (``gc.freeze``), and ``unfreeze``
        before one every ``THAW_EVERY`` seconds."""
        self.unfreeze = unfreeze
        self.frozen = frozen
        self.last_full = self.last_thaw = clock()
        self._left: int | None = None
        """Objects the last look at everything left frozen (None: none made yet)."""
        self.made = 0
        """Full collections made so far."""
        self._looking: asyncio.TimerHandle | None = None
        self._threshold: tuple[int, int, int] | None = None
        """Python's own thresholds while this collector has them (given back at stop)."""

    def due(self) -> bool:
        """Whether a full collection should be made now."""
        if self.count()[2] < ENOUGH:
            return False
        now = self.clock()
        since = now - self.last_full
        quiet = now - self.last_heard() >= QUIET
        return since >= MOST_APART or (quiet and since >= LEAST_APART)

    def look(self) -> bool:
        """Make a full collection if it is due; whether one was made."""
        if not self.due():
            return False
        thaw = self.freeze is not None and (
            self.clock() - self.last_thaw >= THAW_EVERY
            or (self._left is not None and self.frozen() > THAW_GROWN * self._left)
        )
        if thaw:
            self.unfreeze()  # (this one looks at everything again)
            self.last_thaw = self.clock()
        self.collect()
        if self.freeze is not None:
            self.freeze()
            if thaw or self._left is None:
                self._left = self.frozen()
        self.last_full = self.clock()
        self.made += 1
        return True

    def start(self) -> None:
        """Take over this process's full collections, looking every ``LOOK_EVERY``."""
        self._threshold = gc.get_threshold()
        gc.set_threshold(*self._threshold[:2], NEVER)
        self._schedule()

    def stop(self) -> None:
        """Stop looking, and give Python its own full collections back."""
        if self._looking is not None:
            self._looking.cancel()
            self._looking = None
        if self._threshold is not None:
            gc.set_threshold(*self._threshold)
            self._threshold = None
        if self.freeze is not None:
            self.unfreeze()

    def _schedule(self) -> None:
        self._looking = asyncio.get_running_loop().call_later(LOOK_EVERY, self._turn)

    def _turn(self) -> None:
        try:
            self.look()
        finally:  # (whatever happened, the next look comes: collections never stop)
            self._schedule()
