"""The CDP driver, proved on pages served here: a button, an echoing WebSocket, and
textual.js's xterm.js terminal."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import WSMsgType, web

from tests.browser.cdp import (
    Browser,
    CDPError,
    JavaScriptError,
    TerminalScreen,
    cell_point,
    group_members,
    latest_size,
)

CLEAR_HOME = b"\x1b[2J\x1b[1;1H"
MOUSE_ON = b"\x1b[?1000h\x1b[?1006h"

BUTTON_PAGE = """<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<title>driver test</title></head>
<body>
<button id="button" style="position:absolute; left:40px; top:120px; width:160px; height:60px"
  >press me</button>
<input id="field" style="position:absolute; left:40px; top:220px; width:160px">
<script>
window.events = [];
for (const name of ["touchstart", "touchend", "mousedown", "mouseup", "click"]) {
  document.addEventListener(name, () => events.push(name), true);
}
const button = document.getElementById("button");
button.addEventListener("click", () => { button.textContent = "pressed"; });
window.socket = new WebSocket(`ws://${location.host}/echo`);
socket.binaryType = "arraybuffer";
socket.onopen = () => {
  socket.send(JSON.stringify(["resize", {width: 40, height: 10}]));
  socket.send("hello");
  console.log("socket open");
};
window.echoes = 0;
socket.onmessage = () => { echoes += 1; };
</script></body></html>
"""

TERMINAL_PAGE = """<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/xterm.css">
<script src="/static/js/textual.js"></script>
<style>body { margin: 0 } #terminal { position: absolute; inset: 0 }</style></head>
<body><div id="terminal" class="textual-terminal" data-font-size="16"
  data-session-websocket-url="ws://HOST/terminal"></div></body></html>
"""


async def button_page(_request: web.Request) -> web.Response:
    return web.Response(text=BUTTON_PAGE, content_type="text/html")


async def terminal_page(request: web.Request) -> web.Response:
    html = TERMINAL_PAGE.replace("HOST", request.host)
    return web.Response(text=html, content_type="text/html")


async def echo(request: web.Request) -> web.WebSocketResponse:
    """Echo each text message (but resize requests) as terminal bytes in a binary frame."""
    socket = web.WebSocketResponse()
    await socket.prepare(request)
    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        if message.data.startswith('["resize"'):
            continue
        await socket.send_bytes(CLEAR_HOME + message.data.encode())
    return socket


async def terminal(request: web.Request) -> web.WebSocketResponse:
    """Switch on mouse reporting, draw "hello", then read whatever the page sends."""
    socket = web.WebSocketResponse()
    await socket.prepare(request)
    await socket.send_bytes(MOUSE_ON + CLEAR_HOME + b"hello")
    async for _message in socket:
        pass
    return socket


@pytest.fixture
async def site() -> AsyncIterator[str]:
    """The test pages, served on 127.0.0.1; yields the base URL."""
    app = web.Application()
    app.router.add_get("/", button_page)
    app.router.add_get("/terminal-page", terminal_page)
    app.router.add_get("/echo", echo)
    app.router.add_get("/terminal", terminal)
    try:
        import textual_serve
    except ImportError:
        pass
    else:
        app.router.add_static("/static", Path(textual_serve.__file__).parent / "static")
    runner = web.AppRunner(app, shutdown_timeout=1)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    host, port = runner.addresses[0][:2]
    try:
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()


async def test_a_tap_on_a_phone_presses_the_button_and_frames_are_recorded(
    site: str, browser: Browser
) -> None:
    page = await browser.new_page(412, 915, scale=2, mobile=True, touch=True)
    await page.goto(site + "/")
    assert await page.evaluate("document.title") == "driver test"
    assert await page.evaluate("[window.innerWidth, window.devicePixelRatio]") == [412, 2]

    box = await page.box("#button")
    await page.tap(*box.centre)
    assert await page.wait_for("document.getElementById('button').textContent") == "pressed"
    # A tap reaches the page as touch events and then, synthesised, a mouse click.
    events = await page.evaluate("events")
    assert events[:2] == ["touchstart", "touchend"]
    assert events[-1] == "click" and "mousedown" in events

    await page.wait_for("echoes >= 1")
    ws_url = site.replace("http", "ws", 1) + "/echo"
    # The page's state and the Network events travel separately: wait for the events too.
    await page.wait_until(
        lambda: len(page.frames_sent) >= 2 and page.frames_received, what="the frame events"
    )
    assert [(frame.url, frame.binary, frame.text) for frame in page.frames_sent] == [
        (ws_url, False, '["resize",{"width":40,"height":10}]'),
        (ws_url, False, "hello"),
    ]
    received = page.frames_received[0]
    assert received.binary and received.data == CLEAR_HOME + b"hello"
    assert latest_size(page) == (40, 10)

    screen = TerminalScreen(40, 10)
    assert screen.update(page)[0].rstrip() == "hello"
    assert screen.text == "hello"
    assert page.requests.index(site + "/") < page.requests.index(ws_url)
    await page.wait_until(lambda: any(m.text == "socket open" for m in page.console))


async def test_a_click_on_a_desktop_presses_the_button_and_keys_type(
    site: str, browser: Browser, tmp_path: Path
) -> None:
    page = await browser.new_page(1280, 800, scale=1)
    await page.goto(site + "/")
    assert await page.evaluate("[window.innerWidth, window.devicePixelRatio]") == [1280, 1]

    await page.click(*(await page.box("#button")).centre)
    assert await page.wait_for("document.getElementById('button').textContent") == "pressed"
    assert await page.evaluate("events") == ["mousedown", "mouseup", "click"]

    await page.click(*(await page.box("#field")).centre)
    await page.type_text("abc")
    await page.press("Backspace")
    await page.type_text("de", per_key=True)
    await page.press("ArrowLeft")
    await page.press("x")
    assert await page.wait_for("document.getElementById('field').value") == "abdxe"

    with pytest.raises(JavaScriptError, match="boom"):
        await page.evaluate("(() => { throw new Error('boom') })()")
    assert await page.evaluate("Promise.resolve(6 * 7)") == 42
    with pytest.raises(CDPError, match="wasn't found"):
        await page.send("No.suchMethod")
    shot = await page.screenshot(tmp_path / "page.png")
    assert shot.read_bytes().startswith(b"\x89PNG")
    await page.close()


async def test_xterm_gets_a_tap_as_a_click_and_keys_as_stdin(site: str, browser: Browser) -> None:
    pytest.importorskip("textual_serve")
    page = await browser.new_page(412, 915, scale=2, mobile=True, touch=True)
    await page.goto(site + "/terminal-page")
    size = await page.wait_until(lambda: latest_size(page), what="a resize frame")
    columns, rows = size
    screen = TerminalScreen(columns, rows)
    await page.wait_until(lambda: "hello" in screen.update(page)[0], what="hello received")
    # xterm.js parses what it receives a moment later; this class says mouse reporting is on.
    await page.wait_for("document.querySelector('.xterm.enable-mouse-events') !== null")

    def stdin() -> list[str]:
        messages = [json.loads(frame.data) for frame in page.frames_sent if not frame.binary]
        return [message[1] for message in messages if message[0] == "stdin"]

    box = await page.terminal_box()
    await page.tap(*cell_point(box, columns, rows, 4, 2))
    # xterm.js reports the tap as a press and a release (SGR, cells counted from 1).
    await page.wait_until(lambda: len(stdin()) >= 2, what="the mouse report")
    assert stdin() == ["\x1b[<0;5;3M", "\x1b[<0;5;3m"]

    await page.type_text("ab")
    for key in ("Enter", "Tab", "Escape", "Backspace", "ArrowUp"):
        await page.press(key)
    await page.wait_until(lambda: len(stdin()) >= 8, what="the keys")
    assert stdin()[2:] == ["ab", "\r", "\t", "\x1b", "\x7f", "\x1b[A"]


async def test_the_browser_is_gone_after_the_block_even_on_error_or_cancel(
    browser_executable: str,
) -> None:
    class Boom(Exception):
        pass

    with pytest.raises(Boom):
        async with Browser.launch(browser_executable) as browser:
            pid = browser.pid
            profile = browser.profile
            assert profile.is_dir() and group_members(pid)
            page = await browser.new_page()
            assert await page.evaluate("1 + 1") == 2
            raise Boom
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert group_members(pid) == []
    assert not profile.exists()

    launched: asyncio.Future[Browser] = asyncio.get_running_loop().create_future()

    async def hold() -> None:
        async with Browser.launch(browser_executable) as browser:
            launched.set_result(browser)
            await asyncio.Event().wait()

    task = asyncio.create_task(hold())
    pid = (await launched).pid
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert group_members(pid) == []
