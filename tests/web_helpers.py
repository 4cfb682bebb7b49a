"""Guests at the browser door, for the tests, without a browser: an aiohttp client
that knocks as the join form does and opens a seat's socket as its page does, and
what that page was sent, through a VT100 emulator. Every wait is for bytes or an end.
"""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pyte

from tests.net_helpers import hosting, island, until
from tui.net.host import Host
from tui.net.web_door import WebDoor

ANN = 0


async def web_door(pilot: Any, folder: Any, joined: tuple[int, ...] = (ANN,), **kwargs: Any
                   ) -> Host:  # fmt: skip
    """A host of a Temptation Island game with a browser door on a free loopback port."""
    loopback = {"web_port": 0, "web_address": "127.0.0.1", "web_bind": "127.0.0.1"}
    host = await hosting(pilot, kwargs.pop("session", None) or island(5, people=1), folder,
                         list(joined), **loopback, **kwargs)  # fmt: skip
    await until(lambda: host.web_door is not None and host.web_door._runner is not None, pilot)
    return host


def base(host: Host | WebDoor) -> str:
    """The address of ``host``'s browser door (or of the door itself: a server's)."""
    door = host if isinstance(host, WebDoor) else host.web_door
    return f"http://127.0.0.1:{door.port}"


async def knock(client: aiohttp.ClientSession, host: Host, code: str) -> dict[str, str]:
    """What the door answers the join form for ``code``."""
    async with client.post(f"{base(host)}/knock", json={"code": code}) as got:
        answer: dict[str, str] = await got.json()
        return answer


class Page:
    """A seat's page: its socket, and what it was sent through a VT100 emulator."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, columns: int, rows: int,
                 ticket: str = "") -> None:  # fmt: skip
        self.socket = socket
        self.ticket = ticket
        self.received = b""
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.ending: str | None = None
        self.closed = False

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def read(self) -> None:
        """One message from the door (the end: ``closed``)."""
        message = await self.socket.receive()
        if message.type == aiohttp.WSMsgType.BINARY:
            self.received += message.data
            self.stream.feed(message.data)
        elif message.type == aiohttp.WSMsgType.TEXT:
            said = json.loads(message.data)
            if said[0] == "parlour_end":
                self.ending = said[1]
        else:
            self.closed = True

    async def shows(self, words: str) -> None:
        while words not in self.text():
            assert not self.closed, self.text()
            await self.read()

    async def ends(self) -> str | None:
        """Read until the door closes the socket; the sentence it sent last."""
        while not self.closed:
            await self.read()
        return self.ending

    async def send(self, *message: Any) -> None:
        await self.socket.send_str(json.dumps(list(message)))


async def open_page(client: aiohttp.ClientSession, host: Host, ticket: str) -> Page:
    """The seat's page for ``ticket``, open, 40x30 (a phone held upright)."""
    columns, rows = 40, 30
    url = f"{base(host)}/ws/{ticket}?width={columns}&height={rows}"
    socket = await client.ws_connect(url)
    return Page(socket, columns, rows, ticket)


async def seat_page(client: aiohttp.ClientSession, host: Host, seat: int = ANN) -> Page:
    """The page of ``seat``, its code knocked and its ticket used, once it shows the
    seat's name."""
    ticket = (await knock(client, host, host.codes[seat]))["ticket"]
    page = await open_page(client, host, ticket)
    await page.shows(host.table.session.seats[seat].name)
    return page


async def all_pages_gone(host: Host, pilot: Any) -> None:
    await until(lambda: not host.web_door.pages and not host.clients, pilot)
