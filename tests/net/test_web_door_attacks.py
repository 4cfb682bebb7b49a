"""The browser door, attacked as a guest would: connections that say nothing, bytes that
are no request, paths beside the door's files, a page that says anything at all, a
code read off a seat that has joined. Each is answered or closed, nothing is printed
on the host's screen, and the table goes on for everyone else. Every wait here is for
bytes or an end, never for time (a silent connection is given no time at all)."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import aiohttp
import pytest

from tests.net_helpers import counted_waits, until
from tests.tui_helpers import make_app
from tests.web_helpers import ANN, Page, all_pages_gone, base, knock, seat_page, web_door
from tui.net import web_door as web_door_module
from tui.net import web_gate
from tui.net.host import Host
from tui.net.pacing import FIRST_WAIT
from tui.net.seating import CLAIMED
from tui.net.web_door import WebDoor

ELSEWHERE = "127.0.0.2"
"""Another guest's address (the whole of 127/8 is this machine's loopback)."""


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def connect(host: Host, source: str = "127.0.0.1") -> Connection:
    return await asyncio.open_connection("127.0.0.1", host.web_door.port, local_addr=(source, 0))


async def to_the_end(reader: asyncio.StreamReader) -> bytes:
    """Everything the door says until it closes the connection."""
    try:
        return await reader.read()
    except ConnectionResetError:
        return b""


async def ask(host: Host, request: bytes) -> bytes:
    """What the door answers ``request`` on a connection of its own."""
    reader, writer = await connect(host)
    writer.write(request)
    answer = await to_the_end(reader)
    writer.close()
    return answer


def get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: table\r\nConnection: close\r\n\r\n".encode()


async def test_silent_connections_from_one_address_keep_no_other_guest_out(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        gate = host.web_door.gate
        held = [await connect(host) for _ in range(web_gate.WAITING_EACH)]
        await until(lambda: gate.waiting["127.0.0.1"] == web_gate.WAITING_EACH, pilot)
        reader, _ = await connect(host)  # one more from the same address: turned away
        assert await to_the_end(reader) == web_gate.BUSY_ANSWER
        connector = aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))
        async with aiohttp.ClientSession(connector=connector) as client:
            assert "ticket" in await knock(client, host, host.codes[ANN])
        for _, writer in held:
            writer.close()
        await until(lambda: not gate.waiting and not gate.open, pilot)


async def test_a_connection_that_does_not_ask_in_time_is_closed(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        gate = host.web_door.gate
        gate.first_request_wait = 0.0  # (no wall clock here: no time at all)
        silent, _ = await connect(host)
        slow, slow_writer = await connect(host)
        slow_writer.write(b"GET / HTTP/1.1\r\nHost: ta")  # a request, one byte at a time
        blank, blank_writer = await connect(host)
        blank_writer.write(b"\r\n" * 5000)
        for reader in (silent, slow, blank):
            assert await to_the_end(reader) == b""
        gate.first_request_wait = web_gate.FIRST_REQUEST_WAIT
        assert (await ask(host, get("/"))).startswith(b"HTTP/1.1 200 OK")
        await until(lambda: not gate.waiting and not gate.open, pilot)


async def test_a_busy_door_turns_new_connections_away_until_one_goes(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(web_gate, "CONNECTIONS", 3)
    monkeypatch.setattr(web_gate, "CONNECTIONS_EACH", 2)
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        gate = host.web_door.gate
        held = [await connect(host, ELSEWHERE) for _ in range(2)]
        await until(lambda: gate.held[ELSEWHERE] == 2, pilot)
        reader, _ = await connect(host, ELSEWHERE)  # its address's share is held
        assert await to_the_end(reader) == web_gate.BUSY_ANSWER
        assert (await ask(host, get("/"))).startswith(b"HTTP/1.1 200 OK")
        held.append(await connect(host, "127.0.0.3"))
        await until(lambda: len(gate.open) == 3, pilot)
        assert await ask(host, get("/")) == web_gate.BUSY_ANSWER  # the door's are held
        held[0][1].close()
        await until(lambda: len(gate.open) == 2, pilot)
        assert (await ask(host, get("/"))).startswith(b"HTTP/1.1 200 OK")


async def test_bytes_that_are_no_request_are_refused_and_print_nothing(tmp_path: Path, capfd):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        hostile = [
            b"\x00\xff\x1b[2J\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: table\r\nX-Long: " + b"a" * 20_000 + b"\r\n\r\n",
            b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\n\r\n",
            b"POST /knock HTTP/1.1\r\nHost: table\r\nContent-Length: 99999999\r\n\r\n{",
            b"POST /knock HTTP/1.1\r\nHost: table\r\nTransfer-Encoding: chunked\r\n\r\n",
            b"GET / HTTP/9.9\r\n\r\n",
        ]
        for request in hostile:
            answer = await ask(host, request)
            assert answer == b"" or answer.startswith((b"HTTP/1.0 4", b"HTTP/1.1 4")), request[:20]
        host.web_door.body_wait = 0.0  # a knock whose body never comes: no time at all
        slow_knock = b"POST /knock HTTP/1.1\r\nHost: table\r\nContent-Length: 20\r\n\r\n{"
        assert (await ask(host, slow_knock)).startswith(b"HTTP/1.1 408")
        host.web_door.body_wait = web_door_module.BODY_WAIT
        async with aiohttp.ClientSession() as client:  # the table goes on
            assert "ticket" in await knock(client, host, host.codes[ANN])
        await until(lambda: not host.web_door.gate.open, pilot)
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err + printed.out
    assert "Error handling request" not in printed.err + printed.out


async def test_paths_beside_the_doors_files_find_nothing(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        for path in (
            "/static/..%2fweb_door.py",
            "/static/%2e%2e%2f%2e%2e%2fpyproject.toml",
            "/static/../web_door.py",
            "/static/parlour.css%00.py",
            "/static/parlour.css/",
            "/static/",
            "/static/.",
            "/web/seat.html",
            "/seat/",
            "/ws/",
            "/j/",
        ):
            answer = await ask(host, get(path))
            assert answer.startswith((b"HTTP/1.1 404", b"HTTP/1.1 302", b"HTTP/1.1 400")), path
            assert b"import" not in answer and b"[project]" not in answer


@pytest.mark.long
async def test_a_page_that_says_anything_changes_nothing_and_its_code_opens_nothing(
    tmp_path: Path,
):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await web_door(pilot, tmp_path)
        host.begin()
        code = host.codes[ANN]
        waits = counted_waits(host)
        async with aiohttp.ClientSession() as client:
            page = await seat_page(client, host)
            await until(lambda: host.seating.claimed(ANN), pilot)
            # The code read off the table, or off Ann's shoulder, in any spelling.
            for spelling in (code, code.lower(), f" {code[:3]}-{code[3:]} ", " ".join(code)):
                assert await knock(client, host, spelling) == {"refusal": CLAIMED}
            assert waits == [FIRST_WAIT * 2**n for n in range(4)]  # (paced as a wrong code)
            state = host.table.session.state
            await page.socket.send_bytes(b"\x03\x04quit\n")
            for said in (
                ["quit"],
                ["resize", {"width": 10**9, "height": -1}],
                ["resize", {"width": "80", "height": "24"}],
                ["stdin", ["q"]],
                ["ping", "x" * 5000],
            ):
                await page.socket.send_str(json.dumps(said))
            await page.socket.send_str("[" * 10_000)
            await page.send("ping", "still there?")
            while await _next_text(page) != ["pong", "still there?"]:
                pass  # (pongs for the pings before, the last cut to 64 characters)
            assert host.table.session.state == state
            assert len(host.web_door.pages) == 1
            # A message past the limit: the door closes that page's socket, nothing more.
            await page.socket.send_str("x" * 20_000)
            await page.ends()
            await all_pages_gone(host, pilot)
        assert host.table.session.state == state


async def _next_text(page: Page) -> list[str]:
    """The next text message the door sends this page (frames in between are drawn)."""
    while True:
        message = await page.socket.receive()
        assert message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), message
        if message.type == aiohttp.WSMsgType.TEXT:
            said: list[str] = json.loads(message.data)
            return said
        page.stream.feed(message.data)


async def test_one_address_holds_a_few_tickets_and_pages_and_watchers_leave_seats_room(
    tmp_path: Path, monkeypatch
):
    monkeypatch.setattr(web_door_module, "TICKETS_EACH", 1)
    monkeypatch.setattr(web_door_module, "PAGES_EACH", 0)
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        watch = host.seating.watch_code
        async with aiohttp.ClientSession() as client:
            ticket = (await knock(client, host, watch))["ticket"]
            assert await knock(client, host, watch) == {"refusal": web_door_module.TICKET_TAKEN}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{base(host)}/ws/{ticket}")
            assert refused.value.status == 503
            assert ticket in host.web_door.tickets  # (kept: it opens the page once there is room)
        connector = aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))
        async with aiohttp.ClientSession(connector=connector) as client:
            assert "ticket" in await knock(client, host, watch)
        monkeypatch.setattr(web_door_module, "PAGES_EACH", 4)
        monkeypatch.setattr(web_door_module, "WATCH_PAGES", 0)
        async with aiohttp.ClientSession() as client:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{base(host)}/ws/{ticket}")
            assert refused.value.status == 503
        assert host.web_door.pages == set()


@pytest.mark.parametrize(
    ("seen", "counted"),
    [
        ("192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("::ffff:192.168.1.20", "192.168.1.20"),
        ("not an address", "unknown"),
        (None, "unknown"),
    ],
)
def test_a_guest_is_counted_by_its_address_or_its_ipv6_network(seen, counted):
    assert web_gate.guest_address(seen) == counted


async def test_a_port_taken_after_the_check_ends_the_door_with_a_sentence():
    told: list[str] = []
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        door = WebDoor(None, port, "127.0.0.1", bind="127.0.0.1", failed=told.append)  # type: ignore[arg-type]
        await door.start()
    assert len(told) == 1 and told[0].startswith(f"the browser door cannot open port {port} (")
    assert door._runner is None and door._listening is None
