"""The browser door's gate: what a guest's bare connection may hold before it asks.

The web server answers requests; it does not bound connections that ask nothing. A
guest could open thousands and say nothing, or one header byte at a time. The gate
stands between the listening socket and the server: it lets a connection through
while the door holds fewer than ``CONNECTIONS`` (``CONNECTIONS_EACH`` from its
address), fewer than ``WAITING`` of them have not yet asked anything, and fewer than
``WAITING_EACH`` of those come from its address; otherwise the connection is told
the door is busy and closed at once. A connection whose first request has not
arrived within ``first_request_wait`` seconds is closed. After its first request,
the web server's own limits hold (its idle time between requests, the door's wait
for a knock's body, its pages and tickets).
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from collections.abc import Callable
from typing import Any

CONNECTIONS = 256
"""Connections the door holds at once, at most (pages, their files, idle ones)."""
CONNECTIONS_EACH = 32
"""Of those, at most this many from one address (a phone's page holds two or three)."""
WAITING = 64
"""Connections at most that have not yet asked anything."""
WAITING_EACH = 8
"""Of those, at most this many from one address (a browser opens about six)."""
FIRST_REQUEST_WAIT = 10.0
"""Seconds a new connection has to finish asking its first request."""
BUSY_ANSWER = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 41\r\n"
    b"Connection: close\r\n\r\n"
    b"The door is busy: try again in a moment.\n"
)


def guest_address(address: str | None) -> str:
    """The address a guest is counted and paced by: an IPv4 address as it is, an IPv6
    one by its network (a /64: one machine may hold as many of its addresses as it
    likes)."""
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return "unknown"
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class Gate:
    """Counts the door's connections and says which may come in."""

    def __init__(self) -> None:
        self.first_request_wait = FIRST_REQUEST_WAIT
        self.open: dict[Any, Passage] = {}
        """The connections let in, by their transport."""

    @property
    def held(self) -> Counter[str]:
        """Open connections, by address."""
        return Counter(passage.address for passage in self.open.values())

    @property
    def waiting(self) -> Counter[str]:
        """Connections that have not yet asked, by address."""
        return Counter(passage.address for passage in self.open.values() if passage.waiting)

    def factory(self, server: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """The protocol factory to listen with, in front of the web server's."""
        return lambda: Passage(self, server)

    def asked(self, transport: Any) -> None:
        """A request arrived on ``transport``: its connection has asked."""
        passage = self.open.get(transport)
        if passage is not None:
            passage.has_asked()

    def admits(self, address: str) -> bool:
        waiting = self.waiting
        return (
            len(self.open) < CONNECTIONS
            and self.held[address] < CONNECTIONS_EACH
            and waiting.total() < WAITING
            and waiting[address] < WAITING_EACH
        )


class Passage(asyncio.Protocol):
    """One connection through the gate: the web server's protocol, while it may stay."""

    def __init__(self, gate: Gate, server: Callable[[], asyncio.Protocol]) -> None:
        self.gate = gate
        self.server = server
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self.waiting = False
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = guest_address(str(peer[0]) if isinstance(peer, tuple) and peer else None)
        if not self.gate.admits(self.address):
            transport.write(BUSY_ANSWER)
            transport.close()
            return
        self.gate.open[transport] = self
        self.waiting = True
        wait = self.gate.first_request_wait
        self.timer = asyncio.get_running_loop().call_later(wait, self._too_slow)
        self.inner = self.server()
        self.inner.connection_made(transport)

    def has_asked(self) -> None:
        self.waiting = False
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _too_slow(self) -> None:
        self.timer = None
        if self.waiting and self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.has_asked()
        self.gate.open.pop(self.transport, None)
        if self.inner is not None:
            self.inner.connection_lost(exc)
