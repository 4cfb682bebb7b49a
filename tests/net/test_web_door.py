"""The browser door: a guest with only a phone joins their seat from a web page.

An aiohttp client plays the page here (``tests/web_helpers.py``); a real browser
plays it in ``tests/browser/``. Everything the page needs is served by the door and
names no other address; a code is knocked at the door as at the SSH door (paced per
address, logged without the code); a right code is a ticket for one page, whose own
child (isolated as the SSH door's) draws the seat; a page from elsewhere opens
nothing; every message a page sends is checked; the host's end gives every page a
sentence and ends every child."""

from __future__ import annotations

import os
import re
from pathlib import Path

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.net_helpers import counted_waits, spied_spawns, until
from tests.screen_sweep import scan
from tests.tui_helpers import make_app
from tests.web_helpers import ANN, all_pages_gone, base, knock, seat_page, web_door
from tui.net import web_door as web_door_module
from tui.net.door_seat import own_folder
from tui.net.host import HOST_LEFT
from tui.net.pacing import FIRST_WAIT
from tui.net.seating import CLAIMED, WRONG_CODE
from tui.net.web_door import free_port, guest_message
from tui.net.web_pages import FILES

OUTSIDE = re.compile(rb"(?:https?|wss?):/{2}|(?<![\w/])//[A-Za-z0-9]")
"""An address another machine would answer: a scheme's, or a protocol-relative one."""
COMMENT = re.compile(rb"/\*.*?\*/", re.S)


def addresses(data: bytes) -> list[bytes]:
    """Every outside address ``data`` names, outside comments (a licence's notes)."""
    return OUTSIDE.findall(COMMENT.sub(b"", data))


async def test_every_byte_a_page_needs_comes_from_the_door(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        async with aiohttp.ClientSession() as client:
            ticket = (await knock(client, host, host.codes[ANN]))["ticket"]
            scanned = f"/J/{host.codes[ANN]}"  # (as the table's QR code spells the link)
            pages = ["/", f"/j/{host.codes[ANN]}", scanned, f"/seat/{ticket}"]
            fetched = {}
            for path in pages + [f"/static/{name}" for name in FILES]:
                async with client.get(base(host) + path, allow_redirects=False) as got:
                    assert got.status == 200, path
                    assert got.headers["Referrer-Policy"] == "no-referrer"
                    assert "connect-src 'self'" in got.headers["Content-Security-Policy"]
                    fetched[path] = await got.read()
        for path, data in fetched.items():  # (the font is drawn, never read for addresses)
            if not path.endswith(".ttf"):
                assert addresses(data) == [], path
        for page in pages:  # every file a page asks for is one the door serves
            wanted = re.findall(rb'(?:src|href)="([^"]*)"', fetched[page])
            assert wanted and all(w.startswith(b"/static/") or w == b"/" for w in wanted)
            assert all(w[len(b"/static/") :].decode() in FILES for w in wanted if w != b"/")
        assert b'url("/static/RobotoMono.ttf")' in fetched["/static/parlour.css"]
        assert fetched[scanned] == fetched["/"]


async def test_a_wrong_code_at_the_browser_door_waits_for_its_address(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        waits = counted_waits(host)
        logged: list[str] = []
        host.log = logged.append
        async with aiohttp.ClientSession() as client:
            assert await knock(client, host, "ZZZZZZ") == {"refusal": WRONG_CODE}
            assert await knock(client, host, "ZZZ-ZZY") == {"refusal": WRONG_CODE}
            assert "ticket" in await knock(client, host, host.codes[ANN].lower())
        assert waits == [FIRST_WAIT, 2 * FIRST_WAIT]
        assert logged[-1] == "a wrong join code was tried (2 in a row from web 127.0.0.1)"
        assert not any("ZZZ" in line for line in logged)


async def test_a_page_from_elsewhere_can_neither_knock_nor_open_a_seat(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        async with aiohttp.ClientSession() as client:
            url = f"{base(host)}/knock"
            evil = {"Origin": "http://party.example"}
            async with client.post(url, json={"code": host.codes[ANN]}, headers=evil) as got:
                assert got.status == 403
            # A page elsewhere whose name was pointed at this machine (DNS rebinding).
            port = host.web_door.port
            rebound = {"Origin": f"http://party.example:{port}", "Host": f"party.example:{port}"}
            async with client.post(url, json={"code": host.codes[ANN]}, headers=rebound) as got:
                assert got.status == 403
            ticket = (await knock(client, host, host.codes[ANN]))["ticket"]
            for headers in (evil, rebound):
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await client.ws_connect(f"{base(host)}/ws/{ticket}", headers=headers)
            ours = {"Origin": f"http://127.0.0.1:{port}"}
            async with client.post(url, json={"code": host.codes[ANN]}, headers=ours) as got:
                assert "ticket" in await got.json()
        assert host.web_door.pages == set()


@pytest.mark.long
async def test_a_ticket_opens_one_isolated_page_whose_seat_is_then_claimed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await web_door(pilot, tmp_path)
        asked = spied_spawns(host.web_door.spawner, monkeypatch)
        host.begin()
        code = host.codes[ANN]
        waits = counted_waits(host)
        async with aiohttp.ClientSession() as client:
            page = await seat_page(client, host)
            await page.shows("Ann, for your eyes only")
            ticket = page.ticket
            session = host.table.session
            for card in session.state.hands[ANN]:
                await page.shows(card)
            assert scan(session, page.received.decode("utf-8", "replace"), ANN).hits == []
            assert code not in page.received.decode("utf-8", "replace")
            (child,) = [p.child for p in host.web_door.pages]
            assert child is not None
            proc = Path(f"/proc/{child.pid}")
            assert Path(os.readlink(proc / "cwd")) == own_folder()
            # Forked from the seat zygote: /proc shows the zygote's start, isolated too.
            command = (proc / "cmdline").read_bytes().split(b"\0")
            assert command[1:4] == [b"-I", b"-m", b"tui.net.seat_zygote"]
            assert not any(code.encode() in part for part in command)
            started = (proc / "environ").read_bytes()
            names = {e.split(b"=", 1)[0] for e in started.split(b"\0") if e}
            assert not names & {b"PYTHONPATH", b"PWD", b"OLDPWD", b"PYTEST_CURRENT_TEST"}
            assert code.encode() not in started
            ((arguments, environment),) = asked
            assert arguments == [f"--socket={host.path}"]
            assert environment["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"
            assert environment["PARLOUR_JOIN_CODE"] == code and "PYTHONPATH" not in environment
            # The ticket was used; the code now opens nothing (the seat is claimed).
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect(f"{base(host)}/ws/{ticket}")
            await until(lambda: host.seating.claimed(ANN), pilot)
            assert await knock(client, host, code) == {"refusal": CLAIMED}
            assert waits == [FIRST_WAIT]  # (a code read off the table is paced as a wrong one)
            # A bigger page: the child lays the seat out again.
            await page.send("resize", {"width": 90, "height": 30})
            page.screen.resize(30, 90)
            while not any(len(line.rstrip()) > 60 for line in page.screen.display):
                await page.read()
            await page.socket.close()  # the guest closes the tab: the child ends
            await all_pages_gone(host, pilot)
            await until(lambda: not proc.exists(), pilot)


@pytest.mark.long
async def test_the_host_ending_gives_every_page_a_sentence_and_ends_its_child(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await web_door(pilot, tmp_path, joined=(0, 1))
        host.begin()
        async with aiohttp.ClientSession() as client:
            pages = [await seat_page(client, host, seat) for seat in (0, 1)]
            children = [Path(f"/proc/{p.child.pid}") for p in host.web_door.pages if p.child]
            assert len(children) == 2
            host.close()
            watch = host.seating.watch_code
            assert await knock(client, host, watch) == {"refusal": HOST_LEFT}
            await host.web_door.close_gracefully()
            for page in pages:
                ending = await page.ends()
                assert ending is not None and HOST_LEFT in ending
        await until(lambda: not any(child.exists() for child in children), pilot)


async def test_the_door_opens_no_more_pages_or_tickets_than_it_takes(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(web_door_module, "TICKETS", 1)
    monkeypatch.setattr(web_door_module, "PAGES", 0)
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        async with aiohttp.ClientSession() as client:
            ticket = (await knock(client, host, host.codes[ANN]))["ticket"]
            said = await knock(client, host, host.codes[ANN])
            assert said == {"refusal": web_door_module.TICKET_TAKEN}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{base(host)}/ws/{ticket}")
            assert refused.value.status == 503
        assert host.web_door.pages == set()


async def test_an_old_ticket_opens_nothing(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        now = [0.0]
        host.web_door.clock = lambda: now[0]
        async with aiohttp.ClientSession() as client:
            ticket = (await knock(client, host, host.codes[ANN]))["ticket"]
            now[0] = web_door_module.TICKET_LIFE + 1
            async with client.get(f"{base(host)}/seat/{ticket}", allow_redirects=False) as got:
                assert got.status == 302 and got.headers["Location"] == "/"
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect(f"{base(host)}/ws/{ticket}")


async def test_a_knock_that_is_no_code_is_answered_with_a_sentence(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        url = f"{base(host)}/knock"
        async with aiohttp.ClientSession() as client:
            for body in (b"[" * 1000, b"\xff\xfe", b'{"code": 7}', b"{}", b"x" * 5000):
                async with client.post(url, data=body) as got:
                    answer = await got.json() if got.status == 200 else None
                    assert got.status in (200, 413)
                    assert answer is None or answer == {
                        "refusal": "Type the code the host gave you."
                    }
        assert host.web_door.tickets == {}


def test_what_a_page_may_say_is_checked():
    assert guest_message('["stdin", "a"]') == ("stdin", "a")
    assert guest_message('["resize", {"width": 40, "height": 30}]') == ("resize", (40, 30))
    assert guest_message('["ping", "12"]') == ("ping", "12")
    assert guest_message('["focus"]') == ("focus", None)
    for hostile in (
        '["resize", {"width": 0, "height": 30}]',
        '["resize", {"width": 40.5, "height": 30}]',
        '["resize", {"width": true, "height": 30}]',
        '["resize", {"width": 100000, "height": 30}]',
        '["stdin", 5]',
        '["quit"]',
        '{"stdin": "a"}',
        "[" * 100_000,
        '["stdin", "' + "a" * 20_000 + '"]',
        "NaN",
        "",
    ):
        assert guest_message(hostile) is None, hostile[:40]


@given(st.text(max_size=300))
def test_no_text_from_a_page_breaks_the_check(text: str):
    checked = guest_message(text)
    assert checked is None or checked[0] in ("stdin", "resize", "ping", "focus", "blur")


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_no_json_from_a_page_breaks_the_check(value):
    import json

    checked = guest_message(json.dumps(value))
    assert checked is None or checked[0] in ("stdin", "resize", "ping", "focus", "blur")


@pytest.mark.long
@pytest.mark.parametrize("ending", ["SIGTERM", "SIGINT"])
def test_a_host_sent_a_signal_ends_every_page_with_a_sentence(tmp_path: Path, ending: str):
    """The real ``parlour host --web`` in a pty: a page joined, then the host is sent
    SIGTERM (or SIGINT): the page is told why, its child ends, the host exits cleanly."""
    import asyncio
    import signal

    from tests.net.test_host_crash import _host_island, _kept_codes, _until_listening
    from tests.pty_support import Terminal
    from tests.web_helpers import Page

    argv, env, socket, _ = _host_island(tmp_path)
    port = free_port("127.0.0.1")
    argv += ["--web", str(port), "--web-address", "127.0.0.1"]
    with Terminal(argv, cwd=tmp_path, env=env) as host:
        _until_listening(host, socket)
        url = f"http://127.0.0.1:{port}"

        async def guest() -> tuple[str | None, Path]:
            async with aiohttp.ClientSession() as client:
                async with client.post(f"{url}/knock", json={"code": _kept_codes(env)["0"]}) as got:
                    ticket = (await got.json())["ticket"]
                socket = await client.ws_connect(f"{url}/ws/{ticket}?width=40&height=30")
                page = Page(socket, 40, 30)
                await page.shows("Ann")
                (zygote,) = _children(host.process.pid, b"tui.net.seat_zygote")
                (child,) = _children(int(zygote.name), b"tui.net.seat_zygote")
                host.process.send_signal(getattr(signal, ending))
                return await page.ends(), child

        said, child = asyncio.run(guest())
        assert said is not None and HOST_LEFT in said
        assert host.exit_status() == 0
        assert not child.exists() or b"State:\tZ" in (child / "status").read_bytes()


def _children(parent: int, named: bytes) -> list[Path]:
    """The processes whose parent is ``parent`` and whose command line holds ``named``."""
    return [p for p in Path("/proc").iterdir() if p.name.isdigit()
            and _parent(p) == parent and named in _cmdline(p)]  # fmt: skip


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def _parent(proc: Path) -> int:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0
