"""The browser door: ``parlour host ... --web PORT``, so a guest needs only a phone.

A guest opens ``http://ADDRESS:PORT/`` (or scans a seat's QR code on the table,
whose link ``/j/CODE`` fills the code in) and types the join code on a plain form.
The form knocks at ``POST /knock``: every try goes through ``Host.knock`` with the
guest's address as its source, so a wrong code is slowed down for that address and
logged without the code, exactly as at the SSH door. A right code is answered with
a ticket: one use, for ``TICKET_LIFE`` seconds, at most ``TICKETS`` waiting. The
seat's page (``/seat/TICKET``) draws a terminal (textual.js) whose socket,
``/ws/TICKET``, starts that page's own child: ``tui.net.door_seat`` with Textual's
web driver, forked by the seat zygote and isolated as the SSH door's children are
(``python -I``, the user's own folder, an environment built from nothing, the code in
it and never on a command line, a remote app that writes nothing on the host). One
child per page; at most ``PAGES`` pages at once.

Bare connections pass a gate first (``tui.net.web_gate``): a bounded number, a few
waiting from one address, each closed unless it asks within a few seconds; the web
server bounds the rest (a request's size, idle time) and prints nothing a guest sent.
Every byte a page sends is hostile until checked (``guest_message``): a message is
JSON of a known shape (keys typed, the page's size, a ping) within
``LONGEST_MESSAGE``; anything else is dropped. A page's socket must come from a
page of this door (its ``Origin`` names the host it asked). Its child's output
reaches it one frame at a time (a page that reads nothing stalls only its own
child). When a child ends, for any reason, its page is sent the child's last
sentence (why it ended, how to come back) and the socket closes; the page shows
that sentence instead of the terminal. When the host ends, ``close_gracefully``
lets the children end by themselves after the host's goodbye, then ends the rest.

In front of a server (``tui.serve``: the host is a ``Lobby``), the form says that an
empty code opens the lobby, and a knock with no code is answered with a lobby ticket,
as Enter alone is at the SSH door: no code is knocked, the page's child is told
``--lobby``, and the page is given a guest pass naming its address (made when its
socket opens, forgotten when its child ends). Lobby pages are bounded as the SSH
door bounds its lobby terminals, per address and in all (``tui.net.lobby_terminals``),
tickets waiting for their page counted in; a knock past a bound is answered with a
sentence. At a table's door an empty code is a wrong code, as always.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from tui.net.codes import tidy
from tui.net.door_host import CLOSING, DoorHost, Lobby
from tui.net.host import HOST_LEFT
from tui.net.lan import url_host
from tui.net.seat_spawner import SeatSpawner
from tui.net.web_gate import Gate, guest_address
from tui.net.web_pages import FILES, HEADERS, SEAT_PAGE, Served, content, join_page
from tui.net.web_seat import PageChild

TICKETS = 64
"""Right codes at most waiting for their page to open."""
TICKETS_EACH = 4
"""Of those, at most this many knocked from one address."""
TICKET_LIFE = 60.0
"""Seconds a ticket opens its page for."""
LOBBY_TICKET_LIFE = 10.0
"""Seconds for a lobby's ticket (the page opens its socket at once; it holds a place)."""
PAGES = 40
"""Pages (each a child process) open at once, at most."""
PAGES_EACH = 4
"""Of those, at most this many from one address (a guest needs one)."""
WATCH_PAGES = 10
"""Of those, at most this many watching (the watch code is on the table for all)."""
KNOCKING = 32
"""Knocks at most waiting for their answer at once (a wrong code waits its turn)."""
LONGEST_KNOCK = 1024
"""Bytes at most in a knock's body."""
BODY_WAIT = 5.0
"""Seconds a knock's body has to arrive (its length said first)."""
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
IDLE = 30.0
"""Seconds a connection that has asked may stay idle before the next request."""

BUSY = "The door is busy: try again in a moment."
FULL = "The table has as many pages open as it takes: try again when someone leaves."
NO_TICKET = "That page has been used or is too old: type your code again."
TICKET_TAKEN = "Too many seats are opening at once: try again in a moment."

Clock = Callable[[], float]

QUIET = logging.getLogger("aiohttp")
"""The web server's loggers: nothing a guest sends is ever printed (the host's screen
is the terminal the web server would print on)."""
QUIET.addHandler(logging.NullHandler())
QUIET.propagate = False


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
    """A right code (or, at a server's door, no code: its lobby), waiting for its page
    to open."""

    def __init__(
        self, code: str, watching: bool, expires: float, address: str, lobby: bool = False
    ) -> None:
        self.code = code
        self.watching = watching
        self.expires = expires
        self.address = address
        """Where it was knocked from (``guest_address``)."""
        self.lobby = lobby
        """No code: a server's lobby (``code`` is '')."""


class WebDoor:
    """A small web server in front of ``host``: the join form, the seat pages, one
    child per page."""

    def __init__(
        self,
        host: DoorHost,
        port: int,
        address: str,
        *,
        bind: str = "",
        clock: Clock = time.monotonic,
        failed: Callable[[str], None] = lambda why: None,
    ) -> None:
        self.host = host
        self.lobby: Lobby | None = host if isinstance(host, Lobby) else None
        """A server's lobby behind the door (``tui.serve``): a guest needs no code."""
        self.port = port or free_port(bind)
        """The port (0 given, as tests do: one free now, so links name it from the start)."""
        self.address = address
        """The address links and QR codes name (the machine's LAN address)."""
        self.bind = bind
        """Where to listen ("": every interface)."""
        self.clock = clock
        self.failed = failed
        """Told why, if the door cannot listen after all (the table then ends)."""
        self.tickets: dict[str, Ticket] = {}
        self.pages: set[PageChild] = set()
        self.opening: list[Ticket] = []
        """Tickets whose page is opening (its place kept while its socket is made)."""
        self.knocking = 0
        self.body_wait = BODY_WAIT
        self.spawner = SeatSpawner()
        """Forks each page's child from a process that has its imports already."""
        self.gate = Gate()
        """What bare connections may hold (``tui.net.web_gate``)."""
        self._runner: web.AppRunner | None = None
        self._listening: asyncio.AbstractServer | None = None
        self._stopping: asyncio.Task[None] | None = None

    # --- links -----------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://{url_host(self.address)}:{self.port}/"

    def link(self, code: str) -> str:
        """The link that opens the seat (or watching) of ``code``, the code filled in."""
        return f"{self.url}j/{tidy(code)}"

    # --- serving ---------------------------------------------------------------------

    def application(self) -> web.Application:
        app = web.Application(client_max_size=LONGEST_KNOCK, middlewares=[self._asked])
        app.router.add_get("/", self._join_page)
        app.router.add_get("/j/{code}", self._join_page)
        app.router.add_get("/J/{code}", self._join_page)  # (QR codes spell it in capitals)
        app.router.add_post("/knock", self._knock)
        app.router.add_get("/seat/{ticket}", self._seat_page)
        app.router.add_get("/ws/{ticket}", self._socket)
        app.router.add_get("/static/{name}", self._static)
        app.on_response_prepare.append(_secure)
        return app

    async def start(self) -> None:
        """Listen; if the port cannot be opened after all, say so with ``failed``."""
        try:
            await self.listen()
        except OSError as exc:
            self.failed(f"the browser door cannot open port {self.port} ({exc.strerror or exc})")

    async def listen(self) -> None:
        """Listen (an ``OSError`` when the port cannot be opened)."""
        runner = web.AppRunner(
            self.application(),
            handle_signals=False,
            access_log=None,
            shutdown_timeout=SHUTDOWN,
            keepalive_timeout=IDLE,
            lingering_time=0,  # (the rest of a body the door refused is not waited for)
            logger=QUIET,
        )
        await runner.setup()
        assert runner.server is not None
        try:
            self._listening = await asyncio.get_running_loop().create_server(
                self.gate.factory(runner.server), self.bind or None, self.port, reuse_address=True
            )
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner

    @web.middleware
    async def _asked(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Every request tells the gate its connection has asked (it may stay longer)."""
        self.gate.asked(request.transport)
        response: web.StreamResponse = await handler(request)
        return response

    def close(self) -> None:
        """Stop letting guests in and end every page's child now."""
        for page in list(self.pages):
            page.end_child()
        self._stop_listening()
        self.spawner.close()

    async def close_gracefully(self, patience: float = PATIENCE) -> None:
        """Let every child end by itself (the host's goodbye ends each one, and its page
        shows why), ending those still running after ``patience`` seconds; then stop.
        No new guest comes in meanwhile."""
        if self._listening is not None:
            self._listening.close()
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
        if self._stopping is not None:
            await self._stopping
        await self._stop()
        self.spawner.close()

    async def _all_ended(self) -> None:
        for page in list(self.pages):
            await page.ended.wait()

    def _stop_listening(self) -> None:
        if self._runner is not None:
            self._stopping = asyncio.get_running_loop().create_task(self._stop())

    async def _stop(self) -> None:
        listening, self._listening = self._listening, None
        if listening is not None:
            listening.close()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    # --- the pages -------------------------------------------------------------------

    async def _join_page(self, request: web.Request) -> web.Response:
        return web.Response(body=join_page(self.lobby is not None), content_type="text/html")

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
        if not self._same_origin(request):
            raise _closing(web.HTTPForbidden())
        if self.host.closed:
            return web.json_response({"refusal": HOST_LEFT})
        length = request.content_length
        if length is None or length > LONGEST_KNOCK:
            raise _closing(web.HTTPRequestEntityTooLarge(LONGEST_KNOCK, length or 0))
        try:
            body = json.loads(await asyncio.wait_for(request.read(), self.body_wait))
        except TimeoutError:
            raise _closing(web.HTTPRequestTimeout()) from None
        except (ValueError, UnicodeDecodeError, RecursionError, web.HTTPRequestEntityTooLarge):
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or len(code) > LONGEST_KNOCK:
            return web.json_response({"refusal": "Type the code the host gave you."})
        address = guest_address(request.remote)
        if not tidy(code) and self.lobby is not None:
            return web.json_response(self._lobby_ticket(address))
        if self.knocking >= KNOCKING:
            return web.json_response({"refusal": BUSY})
        self.knocking += 1
        try:
            entry = await self.host.knock(code, f"web {address}")
        finally:
            self.knocking -= 1
        if entry.refusal:
            return web.json_response({"refusal": entry.refusal})
        return web.json_response(self._ticket(Ticket(tidy(code), entry.watch, 0.0, address)))

    def _lobby_ticket(self, address: str) -> dict[str, str]:
        """A knock with no code at a server's door: a ticket for a lobby page, unless
        ``address`` (or the door) has as many lobby pages as it takes."""
        self._forget_old_tickets()
        held = [page.address for page in self.pages if page.lobby]
        held += [ticket.address for ticket in self.opening if ticket.lobby]
        held += [ticket.address for ticket in self.tickets.values() if ticket.lobby]
        refusal = _lobby_refusal(held, address)
        if refusal:
            return {"refusal": refusal}
        return self._ticket(Ticket("", False, 0.0, address, lobby=True), LOBBY_TICKET_LIFE)

    def _ticket(self, ticket: Ticket, life: float = TICKET_LIFE) -> dict[str, str]:
        """Keep ``ticket`` (its life starting now) and give its name; or say why not."""
        self._forget_old_tickets()
        held = sum(1 for kept in self.tickets.values() if kept.address == ticket.address)
        if len(self.tickets) >= TICKETS or held >= TICKETS_EACH:
            return {"refusal": TICKET_TAKEN}
        name = secrets.token_urlsafe(18)
        ticket.expires = self.clock() + life
        self.tickets[name] = ticket
        return {"ticket": name}

    def _same_origin(self, request: web.Request) -> bool:
        """Whether a request that a browser marks with its page's origin came from a page
        of this door: one that names the door's own address, or this machine's loopback
        (a page elsewhere, even one whose name was pointed at this machine, cannot knock
        or open a seat's socket)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # (not a browser's cross-site request)
        ours = {url_host(self.address), "127.0.0.1", "localhost", "[::1]"}
        return origin in {f"http://{name}:{self.port}" for name in ours}

    def _forget_old_tickets(self) -> None:
        now = self.clock()
        for ticket, held in list(self.tickets.items()):
            if held.expires < now:
                del self.tickets[ticket]

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        """A seat's page connects: its child runs while the page is open."""
        if not self._same_origin(request):
            raise _closing(web.HTTPForbidden())
        ticket = self.tickets.get(request.match_info["ticket"])
        if ticket is None or ticket.expires < self.clock() or self.host.closed:
            raise _closing(web.HTTPForbidden(text=NO_TICKET))
        refusal = self._no_room_for(ticket)
        if refusal:
            raise _closing(web.HTTPServiceUnavailable(text=refusal))
        del self.tickets[request.match_info["ticket"]]
        self.opening.append(ticket)  # (its place is kept from here, with nothing awaited)
        socket = web.WebSocketResponse(
            heartbeat=HEARTBEAT, max_msg_size=LONGEST_MESSAGE, compress=False
        )
        guest = ""
        page: PageChild | None = None
        try:
            if ticket.lobby and self.lobby is not None:  # (a pass once the page is let in)
                guest = await self.lobby.guest_pass(f"web {ticket.address}")
                if not guest:  # (the tables are gone: the server is closing)
                    raise _closing(web.HTTPServiceUnavailable(text=CLOSING))
            page = PageChild(socket, self.host.path, ticket.code, ticket.watching, self.spawner,
                             ticket.address, guest)  # fmt: skip
            await socket.prepare(request)
            self.pages.add(page)
            self.opening.remove(ticket)
            await page.run(_size(request.query), self._read(socket, page))
        finally:
            if ticket in self.opening:
                self.opening.remove(ticket)
            if page is not None:
                self.pages.discard(page)
            if guest and self.lobby is not None:  # (the pass goes with its page)
                self.lobby.forget_guest(guest)
        return socket

    def _no_room_for(self, ticket: Ticket) -> str:
        """Why the door may not open one more page for ``ticket`` ("" when it may)."""
        held = [(page.address, page.watching, page.lobby) for page in self.pages]
        held += [(opening.address, opening.watching, opening.lobby) for opening in self.opening]
        if (
            len(held) >= PAGES
            or sum(address == ticket.address for address, _, _ in held) >= PAGES_EACH
            or (ticket.watching and sum(watching for _, watching, _ in held) >= WATCH_PAGES)
        ):
            return FULL
        if ticket.lobby:
            return _lobby_refusal([address for address, _, lobby in held if lobby], ticket.address)
        return ""

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


def free_port(bind: str) -> int:
    """A TCP port free now on ``bind`` (every interface: "")."""
    with socket.socket() as probe:
        probe.bind((bind or "127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _lobby_refusal(held: list[str], address: str) -> str:
    """Why one more lobby page from ``address`` may not open ("" when it may): the SSH
    door's bounds, loaded only by a server's door (``tui.net.door`` needs ``asyncssh``)."""
    from tui.net.lobby_terminals import lobby_refusal

    return lobby_refusal(held, address)


def _closing(refusal: web.HTTPException) -> web.HTTPException:
    """``refusal``, after which the connection closes (no body left to wait for)."""
    refusal.force_close()
    return refusal


def _file(served: Served) -> web.Response:
    return web.Response(body=content(served), content_type=served.content_type)


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
