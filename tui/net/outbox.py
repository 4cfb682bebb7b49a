"""What the host sends one terminal, bounded: messages in order, snapshots merged.

A terminal that reads slowly (or never) must not make the host hold more and more
for it. Messages wait in order in a small queue; a snapshot waits as a mark, made
only when it is written, so while a terminal is behind, every change since its
last snapshot becomes one snapshot of the table as it is then. The host writes
one message at a time and waits until the terminal has read it down to the
transport's low mark before the next. A terminal that has let ``BEHIND``
changes go by without reading, or whose queue of other messages is full, is
aborted (its connection dropped at once, never waited on to flush).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any

from rules.engine import Seat

BEHIND = 64
"""Changes a terminal may let go by unread before the host lets it go."""
QUEUED = 32
"""Messages (refusals and the like) that may wait for one terminal."""
HIGH_WATER = 64 * 1024
"""Bytes the transport holds for a terminal before the host waits for it to read."""
SNAPSHOT = b""
"""The mark of a snapshot in the queue (made when written)."""


class Outbox:
    """One connected terminal: its seat (None: a spectator) and what waits for it."""

    def __init__(
        self,
        writer: asyncio.StreamWriter,
        seat: Seat | None,
        snapshot: Callable[[Outbox], bytes],
    ) -> None:
        self.writer = writer
        self.seat = seat
        self.closed = False
        self.seen: dict[int, Any] = {}
        """What the host noted of each recent snapshot it sent (by number)."""
        self._snapshot = snapshot
        """Makes this terminal's snapshot of the table as it is now."""
        self._queue: deque[bytes] = deque()
        self._missed = 0
        self._ready = asyncio.Event()
        writer.transport.set_write_buffer_limits(high=HIGH_WATER)
        self._pump = asyncio.get_running_loop().create_task(self._send_all())

    def send(self, line: bytes) -> None:
        """Queue one encoded message."""
        if self.closed:
            return
        if len(self._queue) >= QUEUED:
            self.abort()
            return
        self._queue.append(line)
        self._ready.set()

    def changed(self) -> None:
        """The table changed: a snapshot is due (one mark for any number of changes)."""
        if self.closed:
            return
        if SNAPSHOT in self._queue:
            self._missed += 1
            if self._missed > BEHIND:
                self.abort()
            return
        self._queue.append(SNAPSHOT)
        self._ready.set()

    async def _send_all(self) -> None:
        writer = self.writer
        try:
            while not self.closed:
                await self._ready.wait()
                self._ready.clear()
                while self._queue and not self.closed:
                    line = self._queue.popleft()
                    if not line:  # (the snapshot mark)
                        self._missed = 0
                        line = self._snapshot(self)
                    writer.write(line)
                    await writer.drain()
        except (ConnectionError, OSError):
            self.abort()

    def goodbye(self, line: bytes) -> None:
        """Write ``line`` now, instead of whatever waits, and close: delivered if the
        terminal reads it, dropped with the connection if it was not reading."""
        if self.closed:
            return
        self.closed = True
        self._queue.clear()
        self._ready.set()
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > HIGH_WATER:
            transport.abort()
            return
        with contextlib.suppress(Exception):
            self.writer.write(line)
            self.writer.close()

    def close(self) -> None:
        """Stop sending and close (what the transport holds is still delivered)."""
        if not self.closed:
            self.closed = True
            self._queue.clear()
            self._ready.set()
            with contextlib.suppress(Exception):
                self.writer.close()

    def abort(self) -> None:
        """Drop the connection at once, whatever it has not read."""
        self.closed = True
        self._queue.clear()
        self._ready.set()
        self.writer.transport.abort()
