"""The browser door in front of a served parlour: an empty code on the form opens the
lobby in the page, as Enter alone does at the SSH door (a child told ``--lobby`` and
given a pass naming the page's address, never a code; the pass goes with the page),
with the SSH door's bounds on lobby terminals, per address and in all. At a table's
own browser door an empty code is still a wrong one. Every wait here is for bytes, an
event or a condition, never for time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.net_helpers import counted_waits, spied_spawns, until
from tests.serve_helpers import browser_door, open_table, serving
from tests.tui_helpers import make_app
from tests.web_helpers import Page, base, knock, web_door
from tui.net import door as door_module
from tui.net.codes import CODE_VARIABLE, GUEST_VARIABLE
from tui.net.lobby_terminals import LOBBY_FULL, YOURS_OPEN
from tui.net.pacing import FIRST_WAIT
from tui.net.seating import WRONG_CODE
from tui.net.web_door import WebDoor
from tui.serve.lobby import NO_TABLES

ELSEWHERE = "127.0.0.2"
"""Another guest's address (the whole of 127/8 is this machine's loopback)."""
TITLE = "The parlour's tables"


async def lobby_page(client: aiohttp.ClientSession, door: WebDoor) -> Page:
    """A lobby page: an empty code knocked, its ticket's socket open (100x30), once the
    lobby shows."""
    answer = await knock(client, door, "")
    assert "ticket" in answer, answer
    ticket = answer["ticket"]
    socket = await client.ws_connect(f"{base(door)}/ws/{ticket}?width=100&height=30")
    page = Page(socket, 100, 30, ticket)
    await page.shows(TITLE)
    return page


async def join_form(client: aiohttp.ClientSession, host: Any) -> str:
    """The door's join form, as a browser gets it."""
    async with client.get(f"{base(host)}/") as got:
        assert got.status == 200
        return await got.text()


@pytest.mark.long
async def test_an_empty_code_at_the_web_door_opens_the_lobby(tmp_path: Path, monkeypatch):
    async with serving(tmp_path) as parlour, browser_door(parlour) as door:
        await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"), ("person", "bot", "bot"))
        asked = spied_spawns(door.spawner, monkeypatch)
        async with aiohttp.ClientSession() as client:
            form = await join_form(client, door)
            assert "Leave the code empty" in form and " required" not in form
            page = await lobby_page(client, door)
            row = "Temptation Island · Ann, Bo, Cy · free: Ann"
            await page.shows(row)
            assert row in page.received.decode("utf-8", "replace")
            ((arguments, environment),) = asked
            assert arguments == [f"--socket={parlour.path}", "--lobby"]
            assert not environment.get(CODE_VARIABLE)
            assert parlour.guests == {environment[GUEST_VARIABLE]: "web 127.0.0.1"}
            assert environment[GUEST_VARIABLE] not in page.received.decode("utf-8", "replace")
            (child,) = door.pages
            await page.socket.close()  # the guest closes the tab
            await child.ended.wait()
            await until(lambda: not door.pages)
            assert parlour.guests == {}  # (the pass went with its page)


@pytest.mark.long
async def test_a_fifth_lobby_page_from_one_address_is_refused_with_a_sentence(tmp_path: Path):
    async with serving(tmp_path) as parlour, browser_door(parlour) as door:
        async with aiohttp.ClientSession() as client:
            pages = [await lobby_page(client, door) for _ in range(door_module.LOBBY_EACH)]
            await pages[0].shows(NO_TABLES)
            said = await knock(client, door, "")
            assert said == {"refusal": YOURS_OPEN.format(door_module.LOBBY_EACH)}
            assert len(door.pages) == len(parlour.guests) == door_module.LOBBY_EACH
            assert door.tickets == {}
        connector = aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))
        async with aiohttp.ClientSession(connector=connector) as elsewhere:
            assert "ticket" in await knock(elsewhere, door, "")  # (another guest is let in)


async def test_lobby_tickets_waiting_for_their_page_count_toward_the_bounds(
    tmp_path: Path, monkeypatch
):
    monkeypatch.setattr(door_module, "LOBBY_SESSIONS", 2)
    async with serving(tmp_path) as parlour, browser_door(parlour) as door:
        async with aiohttp.ClientSession() as client:
            first = await knock(client, door, "")
            assert "ticket" in first
            assert "ticket" in await knock(client, door, " - ")  # (no letter: no code)
            connector = aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))
            async with aiohttp.ClientSession(connector=connector) as elsewhere:
                said = await knock(elsewhere, door, "")
                assert said == {"refusal": LOBBY_FULL.format(2)}
            # A bound lowered while a ticket waits: its page is refused when it opens.
            monkeypatch.setattr(door_module, "LOBBY_EACH", 0)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{base(door)}/ws/{first['ticket']}")
            assert refused.value.status == 503
        assert door.pages == set() and parlour.guests == {}


async def test_a_knock_that_is_no_code_opens_no_lobby(tmp_path: Path):
    async with serving(tmp_path) as parlour, browser_door(parlour) as door:
        url = f"{base(door)}/knock"
        async with aiohttp.ClientSession() as client:
            for body in (b"{}", b'{"code": null}', b'{"code": 7}', b"[]", b"\xff", b"x" * 5000):
                async with client.post(url, data=body) as got:
                    answer = await got.json() if got.status == 200 else None
                    assert got.status in (200, 413)
                    assert answer is None or answer == {
                        "refusal": "Type the code the host gave you."
                    }
            evil = {"Origin": "http://party.example"}
            async with client.post(url, json={"code": ""}, headers=evil) as got:
                assert got.status == 403
        assert door.tickets == {} and parlour.guests == {}


async def test_an_empty_code_at_a_tables_web_door_is_still_refused(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await web_door(pilot, tmp_path)
        waits = counted_waits(host)
        async with aiohttp.ClientSession() as client:
            form = await join_form(client, host)
            assert "lobby" not in form.lower() and " required>" in form
            assert await knock(client, host, "") == {"refusal": WRONG_CODE}
        assert waits == [FIRST_WAIT]  # (paced as any wrong code)
        assert host.web_door.tickets == {} and host.web_door.lobby is None
