"""The browser door: ``parlour host ... --web PORT``, so a guest needs only a phone.

A guest opens ``http://ADDRESS:PORT/`` (or scans a seat's QR code on the table,
whose link ``/j/CODE`` fills the code in) and types the join code on a plain form.
The form knocks at ``POST /knock``: every try goes through ``Host.knock`` with the
guest's address as its source, so a wrong code is slowed down for that address and
logged without the code, exactly as at the SSH door. A right code is answered with
a ticket: one use, for ``TICKET_LIFE`` seconds, at most ``TICKETS`` waiting. The
seat's page (``/seat/TICKET``) draws a terminal (textual.js) whose socket,
``/ws/TICKET``, starts that page's own child: ``tui.net.door_seat`` with Textual's
web driver, isolated as the SSH door's children are (``python -I``, the user's own
folder, an environment built from nothing, the code in it and never on a command
line, a remote app that writes nothing on the host). One child per page; at most
``PAGES`` pages at once.

Every byte a page sends is hostile until checked (``guest_message``): a message is
JSON of a known shape (keys typed, the page's size, a ping) within
``LONGEST_MESSAGE``; anything else is dropped. A page's socket must come from a
page of this door (its ``Origin`` names the host it asked). Its child's output
reaches it one frame at a time (a page that reads nothing stalls only its own
child). When a child ends, for any reason, its page is sent the child's last
sentence (why it ended, how to come back) and the socket closes; the page shows
that sentence instead of the terminal. When the host ends, ``close_gracefully``
lets the children end by themselves after the host's goodbye, then ends the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from tui.net.codes import tidy
from tui.net.host import Host
from tui.net.lan import url_host
from tui.net.web_pages import FILES, HEADERS, JOIN_PAGE, SEAT_PAGE, Served, content
from tui.net.web_seat import PageChild

TICKETS = 64
"""Right codes at most waiting for their page to open."""
TICKET_LIFE = 60.0
"""Seconds a ticket opens its page for."""
PAGES = 40
"""Pages (each a child process) open at once, at most."""
KNOCKING = 32
"""Knocks at most waiting for their answer at once (a wrong code waits its turn)."""
LONGEST_KNOCK = 1024
"""Bytes at most in a knock's body."""
LONGEST_MESSAGE = 16 * 1024
"""Bytes at most in one message from a page (a burst of keys is far less)."""
LARGEST_TERMINAL = 500
"""Columns or rows at most a page may say it has."""
HEARTBEAT = 20.0
"""Seconds between pings to a page (one that stops answering is let go)."""
PATIENCE = 10.0
"""Seconds ``close_gracefully`` gives the children to end by themselves."""
SHUTDOWN = 2.0
"""Seconds the web server gives its open answers when it stops."""

BUSY = "The door is busy: try again in a moment."
FULL = "The table has as many pages open as it takes: try again when someone leaves."
NO_TICKET = "That page has been used or is too old: type your code again."
TICKET_TAKEN = "Too many seats are opening at once: try again in a moment."

Clock = Callable[[], float]


def guest_message(text: str) -> tuple[str, Any] | None:
    """A page's message, checked: ("stdin", str), ("resize", (columns, rows)),
    ("ping", str), ("focus", None) or ("blur", None); None for anything else."""
    if len(text) > LONGEST_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        return None
    kind, rest = message[0], message[1:]
    if kind in ("stdin", "ping") and len(rest) == 1 and isinstance(rest[0], str):
        return kind, rest[0]
    if kind == "resize" and len(rest) == 1 and isinstance(rest[0], dict):
        columns, rows = rest[0].get("width"), rest[0].get("height")
        if _cells(columns) and _cells(rows):
            return kind, (columns, rows)
        return None
    if kind in ("focus", "blur") and not rest:
        return kind, None
    return None


def _cells(value: object) -> bool:
    return type(value) is int and 1 <= value <= LARGEST_TERMINAL


def _size(query: Any) -> tuple[int, int]:
    """The page's first size, from its socket's address (80x24 when it says nothing)."""
    sizes = []
    for name, default in (("width", 80), ("height", 24)):
        try:
            value = int(query.get(name, default))
        except ValueError:
            value = default
        sizes.append(value if 1 <= value <= LARGEST_TERMINAL else default)
    return sizes[0], sizes[1]


class Ticket:
    """A right code, waiting for its page to open."""

    def __init__(self, code: str, watching: bool, expires: float) -> None:
        self.code = code
        self.watching = watching
        self.expires = expires


class WebDoor:
    """A small web server in front of ``host``: the join form, the seat pages, one
    child per page."""

    def __init__(
        self,
        host: Host,
        port: int,
        address: str,
        *,
        bind: str = "",
        clock: Clock = time.monotonic,
    ) -> None:
        self.host = host
        self.port = port or _free_port(bind)
        """The port (0 given, as tests do: one free now, so links name it from the start)."""
        self.address = address
        """The address links and QR codes name (the machine's LAN address)."""
        self.bind = bind
        """Where to listen ("": every interface)."""
        self.clock = clock
        self.tickets: dict[str, Ticket] = {}
        self.pages: set[PageChild] = set()
        self.knocking = 0
        self._runner: web.AppRunner | None = None

    # --- links -----------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://{url_host(self.address)}:{self.port}/"

    def link(self, code: str) -> str:
        """The link that opens the seat (or watching) of ``code``, the code filled in."""
        return f"{self.url}j/{tidy(code)}"

    # --- serving ---------------------------------------------------------------------

    def application(self) -> web.Application:
        app = web.Application(client_max_size=LONGEST_KNOCK)
        app.router.add_get("/", self._join_page)
        app.router.add_get("/j/{code}", self._join_page)
        app.router.add_post("/knock", self._knock)
        app.router.add_get("/seat/{ticket}", self._seat_page)
        app.router.add_get("/ws/{ticket}", self._socket)
        app.router.add_get("/static/{name}", self._static)
        app.on_response_prepare.append(_secure)
        return app

    async def start(self) -> None:
        runner = web.AppRunner(
            self.application(), handle_signals=False, access_log=None, shutdown_timeout=SHUTDOWN
        )
        await runner.setup()
        site = web.TCPSite(runner, self.bind or None, self.port, reuse_address=True)
        await site.start()
        self._runner = runner

    def close(self) -> None:
        """Stop letting guests in and end every page's child now."""
        for page in list(self.pages):
            page.end_child()
        self._stop_listening()

    async def close_gracefully(self, patience: float = PATIENCE) -> None:
        """Let every child end by itself (the host's goodbye ends each one, and its page
        shows why), ending those still running after ``patience`` seconds; then stop."""
        pages = list(self.pages)
        if pages:
            waits = [asyncio.ensure_future(page.ended.wait()) for page in pages]
            _, late = await asyncio.wait(waits, timeout=patience)
            for wait in late:
                wait.cancel()
            for page in list(self.pages):
                page.end_child()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._all_ended(), PATIENCE)
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _all_ended(self) -> None:
        for page in list(self.pages):
            await page.ended.wait()

    def _stop_listening(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            asyncio.get_running_loop().create_task(runner.cleanup())

    # --- the pages -------------------------------------------------------------------

    async def _join_page(self, request: web.Request) -> web.Response:
        return _file(JOIN_PAGE)

    async def _static(self, request: web.Request) -> web.Response:
        served = FILES.get(request.match_info["name"])
        if served is None:
            raise web.HTTPNotFound()
        return _file(served)

    async def _seat_page(self, request: web.Request) -> web.Response:
        ticket = self.tickets.get(request.match_info["ticket"])
        if ticket is None or ticket.expires < self.clock():
            raise web.HTTPFound("/")
        return _file(SEAT_PAGE)

    async def _knock(self, request: web.Request) -> web.Response:
        """A code typed on the form: a ticket for a right one, the refusal for a wrong one."""
        if not _same_origin(request):
            raise web.HTTPForbidden()
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError, RecursionError):
            body = None
        except web.HTTPRequestEntityTooLarge:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or len(code) > LONGEST_KNOCK:
            return web.json_response({"refusal": "Type the code the host gave you."})
        if self.knocking >= KNOCKING:
            return web.json_response({"refusal": BUSY})
        self.knocking += 1
        try:
            entry = await self.host.knock(code, f"web {request.remote or 'unknown'}")
        finally:
            self.knocking -= 1
        if entry.refusal:
            return web.json_response({"refusal": entry.refusal})
        self._forget_old_tickets()
        if len(self.tickets) >= TICKETS:
            return web.json_response({"refusal": TICKET_TAKEN})
        ticket = secrets.token_urlsafe(18)
        self.tickets[ticket] = Ticket(tidy(code), entry.watch, self.clock() + TICKET_LIFE)
        return web.json_response({"ticket": ticket})

    def _forget_old_tickets(self) -> None:
        now = self.clock()
        for ticket, held in list(self.tickets.items()):
            if held.expires < now:
                del self.tickets[ticket]

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        """A seat's page connects: its child runs while the page is open."""
        if not _same_origin(request):
            raise web.HTTPForbidden()
        ticket = self.tickets.pop(request.match_info["ticket"], None)
        if ticket is None or ticket.expires < self.clock():
            raise web.HTTPForbidden(text=NO_TICKET)
        if len(self.pages) >= PAGES:
            raise web.HTTPServiceUnavailable(text=FULL)
        socket = web.WebSocketResponse(
            heartbeat=HEARTBEAT, max_msg_size=LONGEST_MESSAGE, compress=False
        )
        await socket.prepare(request)
        page = PageChild(socket, self.host.path, ticket.code, ticket.watching)
        self.pages.add(page)
        try:
            await page.run(_size(request.query), self._read(socket, page))
        finally:
            self.pages.discard(page)
        return socket

    async def _read(self, socket: web.WebSocketResponse, page: PageChild) -> None:
        """What the page sends, checked, passed to its child until the page goes."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            checked = guest_message(message.data)
            if checked is None:
                continue
            kind, value = checked
            if kind == "ping":
                await socket.send_str(json.dumps(["pong", value[:64]]))
            else:
                await page.pass_on(kind, value)


def _free_port(bind: str) -> int:
    with socket.socket() as probe:
        probe.bind((bind or "127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _same_origin(request: web.Request) -> bool:
    """Whether a request that a browser marks with its page's origin came from a page
    of this door (a page elsewhere cannot knock or open a seat's socket)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # (not a browser's cross-site request)
    return urlsplit(origin).netloc == request.host


def _file(served: Served) -> web.Response:
    return web.Response(body=content(served), content_type=served.content_type)


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)

