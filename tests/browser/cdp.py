"""A small driver of headless Chromium through the DevTools protocol (CDP), for tests.

It speaks CDP over aiohttp's WebSocket client, with no other dependency. One browser
process per ``Browser.launch()``; each ``Page`` is its own target with its own session
(and, by default, its own browser context, so pages share no cookies or storage).

Every wait here waits for a condition with a generous deadline; none sleeps a fixed time
as the way to let something happen.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pyte

__all__ = [
    "Box",
    "Browser",
    "CDPError",
    "ConsoleMessage",
    "Frame",
    "JavaScriptError",
    "Page",
    "TerminalScreen",
    "cell_point",
    "find_browser",
    "group_members",
    "latest_size",
]

COMMAND_TIMEOUT = 30.0
"""Seconds a CDP command may take before it counts as failed."""
LAUNCH_TIMEOUT = 60.0
"""Seconds the browser may take to start and open its DevTools port."""
WAIT_TIMEOUT = 30.0
"""Default failure deadline of ``goto``, ``wait_for`` and ``wait_until``."""
POLL = 0.05
"""Longest pause between two checks of a condition when no event wakes the waiter."""

BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
)

EventHandler = Callable[[str, dict[str, Any]], None]


class CDPError(RuntimeError):
    """The browser answered a command with an error, or never answered."""

    def __init__(self, message: str, method: str = "", code: int | None = None) -> None:
        super().__init__(f"{method}: {message}" if method else message)
        self.method = method
        self.code = code
        self.cdp_message = message


class JavaScriptError(RuntimeError):
    """An expression given to ``Page.evaluate`` threw."""


def find_browser() -> str | None:
    """The path of a headless Chromium to run, or None when there is none."""
    found = shutil.which("chromium-headless-shell")
    if found:
        return found
    for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if os.access(path, os.X_OK):
            return path
    return None


# --------------------------------------------------------------------------- connection


class Connection:
    """One WebSocket to the browser: numbered commands with a future each, events to
    listeners keyed by session id (None for the browser itself)."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self._session = session
        self._ws = ws
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        self._listeners: dict[str | None, list[EventHandler]] = {}
        self.listener_errors: list[BaseException] = []
        self.closed = False
        self._reader = asyncio.create_task(self._read(), name="cdp-reader")

    @classmethod
    async def open(cls, url: str) -> Connection:
        """Connect to a DevTools WebSocket URL."""
        session = aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(url, max_msg_size=0, autoping=True, heartbeat=None)
        except BaseException:
            await session.close()
            raise
        return cls(session, ws)

    def listen(self, session_id: str | None, handler: EventHandler) -> None:
        """Call ``handler(method, params)`` for each event of that session."""
        self._listeners.setdefault(session_id, []).append(handler)

    def forget(self, session_id: str | None) -> None:
        """Stop calling the listeners of that session."""
        self._listeners.pop(session_id, None)

    async def send(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session_id: str | None = None,
        timeout: float = COMMAND_TIMEOUT,
    ) -> dict[str, Any]:
        """Send one command and return its result; raise CDPError on an error answer."""
        if self.closed:
            raise CDPError("the connection to the browser is closed", method)
        message_id = next(self._ids)
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[message_id] = (method, future)
        try:
            await self._ws.send_str(json.dumps(message))
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise CDPError(f"no answer within {timeout:g} s", method) from None
        finally:
            self._pending.pop(message_id, None)

    async def _read(self) -> None:
        reason = "the browser closed the connection"
        try:
            async for message in self._ws:
                if message.type == aiohttp.WSMsgType.TEXT:
                    self._dispatch(json.loads(message.data))
                elif message.type == aiohttp.WSMsgType.ERROR:
                    reason = f"connection error: {self._ws.exception()!r}"
                    break
        except (aiohttp.ClientError, ConnectionError) as error:
            reason = f"connection error: {error!r}"
        finally:
            self.closed = True
            for method, future in list(self._pending.values()):
                if not future.done():
                    future.set_exception(CDPError(reason, method))
            self._pending.clear()
            for handlers in list(self._listeners.values()):
                self._call(handlers, "Connection.closed", {"reason": reason})

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            entry = self._pending.get(message["id"])
            if entry is None:
                return
            method, future = entry
            if future.done():
                return
            if "error" in message:
                error = message["error"]
                text = error.get("message", "unknown error")
                if error.get("data"):
                    text = f"{text} ({error['data']})"
                future.set_exception(CDPError(text, method, error.get("code")))
            else:
                future.set_result(message.get("result", {}))
            return
        handlers = self._listeners.get(message.get("sessionId"))
        if handlers:
            self._call(handlers, message.get("method", ""), message.get("params", {}))

    def _call(self, handlers: list[EventHandler], method: str, params: dict[str, Any]) -> None:
        for handler in list(handlers):
            try:
                handler(method, params)
            except Exception as error:  # a broken listener must not stop the reader
                self.listener_errors.append(error)

    async def close(self) -> None:
        """Stop reading and close the socket and its client session (bounded)."""
        self.closed = True
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                await self._ws.close()
        with contextlib.suppress(Exception):
            await self._session.close()


# --------------------------------------------------------------------------- browser


class Browser:
    """A running headless Chromium; make one with ``async with Browser.launch()``."""

    def __init__(
        self, process: subprocess.Popen[bytes], profile: Path, connection: Connection
    ) -> None:
        self.process = process
        self.profile = profile
        self.connection = connection
        self.pages: list[Page] = []

    @property
    def pid(self) -> int:
        """Process id of the launched program (also its process group id)."""
        return self.process.pid

    @classmethod
    @contextlib.asynccontextmanager
    async def launch(
        cls,
        executable: str | None = None,
        timeout: float = LAUNCH_TIMEOUT,
    ) -> AsyncIterator[Browser]:
        """Start the browser with a new empty profile; kill it and remove the profile on
        exit, whatever happens inside."""
        executable = executable or find_browser()
        if executable is None:
            raise RuntimeError("no headless Chromium found")
        workdir = Path(tempfile.mkdtemp(prefix="parlour-cdp-"))
        profile = workdir / "profile"
        profile.mkdir()
        log_path = workdir / "stderr.log"
        process: subprocess.Popen[bytes] | None = None
        connection: Connection | None = None
        try:
            with open(log_path, "wb") as log:
                process = subprocess.Popen(
                    [
                        executable,
                        *BROWSER_FLAGS,
                        f"--user-data-dir={profile}",
                        "about:blank",
                    ],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=log,
                    start_new_session=True,
                )
            url = await _devtools_url(process, profile, log_path, timeout)
            connection = await Connection.open(url)
            yield cls(process, profile, connection)
        finally:
            if process is not None:
                _kill_group(process)
            try:
                if connection is not None:
                    await connection.close()
                if process is not None:
                    await _wait_group_gone(process.pid, 10.0)
            finally:
                shutil.rmtree(workdir, ignore_errors=True)

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a browser-level CDP command."""
        return await self.connection.send(method, params)

    async def new_page(
        self,
        width: int = 1280,
        height: int = 800,
        scale: float = 1.0,
        mobile: bool = False,
        touch: bool | None = None,
    ) -> Page:
        """Open a blank page with its own session, browser context (cookies, storage)
        and these device metrics.

        ``touch`` defaults to ``mobile``; with touch, ``Page.tap`` sends touch events."""
        touch = mobile if touch is None else touch
        context_id = (await self.send("Target.createBrowserContext"))["browserContextId"]
        params: dict[str, Any] = {"url": "about:blank", "width": width, "height": height}
        params["browserContextId"] = context_id
        target_id = (await self.send("Target.createTarget", params))["targetId"]
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target_id, "flatten": True}
        )
        page = Page(self, target_id, attached["sessionId"], context_id, touch=touch)
        self.pages.append(page)
        await page._setup(width, height, scale, mobile)
        return page


async def _devtools_url(
    process: subprocess.Popen[bytes], profile: Path, log_path: Path, timeout: float
) -> str:
    """Wait for the DevToolsActivePort file and return the browser's WebSocket URL."""
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(OSError):
            lines = port_file.read_text().splitlines()
            if len(lines) >= 2 and lines[0].strip().isdigit() and lines[1].startswith("/"):
                return f"ws://127.0.0.1:{int(lines[0])}{lines[1].strip()}"
        if process.poll() is not None:
            raise RuntimeError(
                f"the browser exited ({process.returncode}) before opening its DevTools port:"
                f"\n{_tail(log_path)}"
            )
        if time.monotonic() > deadline:
            raise RuntimeError(
                f"the browser opened no DevTools port within {timeout:g} s:\n{_tail(log_path)}"
            )
        await asyncio.sleep(POLL)


def _tail(path: Path, lines: int = 20) -> str:
    with contextlib.suppress(OSError):
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    return ""


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the process and its whole process group, and reap it (synchronously, so
    that nothing outlives a cancelled test)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)


def group_members(pgid: int) -> list[int]:
    """Ids of the live (not zombie) processes in that process group."""
    members = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry.name))
    return members


async def _wait_group_gone(pgid: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while group_members(pgid) and time.monotonic() < deadline:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signal.SIGKILL)
        await asyncio.sleep(POLL)


# --------------------------------------------------------------------------- page


@dataclass(frozen=True)
class Frame:
    """One WebSocket frame; ``binary`` is False for a text frame (opcode 1)."""

    url: str
    opcode: int
    data: bytes

    @property
    def binary(self) -> bool:
        return self.opcode == 2

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class ConsoleMessage:
    """A console call or a browser log entry."""

    level: str
    text: str


@dataclass(frozen=True)
class Box:
    """An element's bounding rectangle in CSS pixels."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


KEYS: dict[str, tuple[str, int, str]] = {
    # key: (code, windowsVirtualKeyCode, text)
    "Enter": ("Enter", 13, "\r"),
    "Tab": ("Tab", 9, ""),
    "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""),
    "Delete": ("Delete", 46, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
    "PageUp": ("PageUp", 33, ""),
    "PageDown": ("PageDown", 34, ""),
    " ": ("Space", 32, " "),
}


def _key_for_char(char: str) -> tuple[str, str, int, str]:
    """(key, code, windowsVirtualKeyCode, text) for one printable character."""
    if char.isascii() and char.isalpha():
        return char, f"Key{char.upper()}", ord(char.upper()), char
    if char.isascii() and char.isdigit():
        return char, f"Digit{char}", ord(char), char
    return char, "", 0, char


class Page:
    """One tab: its own target and session, with what it requested, sent, received and
    logged recorded as it happens."""

    def __init__(
        self,
        browser: Browser,
        target_id: str,
        session_id: str,
        context_id: str | None,
        touch: bool,
    ) -> None:
        self.browser = browser
        self.target_id = target_id
        self.session_id = session_id
        self.context_id = context_id
        self.touch = touch
        self.requests: list[str] = []
        self.frames_received: list[Frame] = []
        self.frames_sent: list[Frame] = []
        self.console: list[ConsoleMessage] = []
        self.errors: list[str] = []
        self.crashed = False
        self.closed = False
        self._sockets: dict[str, str] = {}
        self._waiters: list[tuple[str, Callable[[dict[str, Any]], bool], asyncio.Future[Any]]] = []
        self._wakeups: list[asyncio.Future[None]] = []
        browser.connection.listen(session_id, self._on_event)

    # -- plumbing

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a CDP command to this page's session."""
        return await self.browser.connection.send(method, params, self.session_id)

    async def _setup(self, width: int, height: int, scale: float, mobile: bool) -> None:
        for domain in ("Page", "Network", "Runtime", "Log", "Inspector"):
            await self.send(f"{domain}.enable")
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height,
                "deviceScaleFactor": scale,
                "mobile": mobile,
                "screenWidth": width,
                "screenHeight": height,
            },
        )
        if self.touch:
            await self.send(
                "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
            )
        # A headless tab is never the focused window; without this, focus and blur
        # events (which textual.js forwards) would not behave as on a real device.
        with contextlib.suppress(CDPError):
            await self.send("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif method == "Network.webSocketCreated":
            self._sockets[params["requestId"]] = params["url"]
            self.requests.append(params["url"])
        elif method in ("Network.webSocketFrameReceived", "Network.webSocketFrameSent"):
            frames = self.frames_received if method.endswith("Received") else self.frames_sent
            frames.append(self._frame(params))
        elif method == "Runtime.consoleAPICalled":
            text = " ".join(_describe(arg) for arg in params.get("args", []))
            self.console.append(ConsoleMessage(params.get("type", "log"), text))
        elif method == "Log.entryAdded":
            entry = params["entry"]
            self.console.append(ConsoleMessage(entry.get("level", "info"), entry.get("text", "")))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(_exception_text(details))
        elif method == "Inspector.targetCrashed":
            self.crashed = True
        elif method in ("Inspector.detached", "Connection.closed"):
            self.closed = True
        for waiter in list(self._waiters):
            name, predicate, future = waiter
            if name == method and not future.done() and predicate(params):
                future.set_result(params)
                self._waiters.remove(waiter)
        wakeups, self._wakeups = self._wakeups, []
        for future in wakeups:
            if not future.done():
                future.set_result(None)

    def _frame(self, params: dict[str, Any]) -> Frame:
        response = params["response"]
        opcode = int(response.get("opcode", 1))
        payload = response.get("payloadData", "")
        data = base64.b64decode(payload) if opcode == 2 else payload.encode("utf-8")
        return Frame(self._sockets.get(params["requestId"], ""), opcode, data)

    def expect_event(
        self, method: str, predicate: Callable[[dict[str, Any]], bool] | None = None
    ) -> asyncio.Future[dict[str, Any]]:
        """A future for the next event of that name (matching ``predicate``); make it
        before the action that causes the event, then await it."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters.append((method, predicate or (lambda _params: True), future))
        return future

    async def _activity(self, timeout: float) -> None:
        """Return at the next event of this page, or after ``timeout`` at the latest."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._wakeups.append(future)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await future

    def _check_alive(self) -> None:
        if self.crashed:
            raise CDPError("the page crashed")
        if self.closed or self.browser.connection.closed:
            raise CDPError("the page or the browser is gone")

    # -- navigation and script

    async def goto(self, url: str, timeout: float = WAIT_TIMEOUT) -> None:
        """Navigate and wait for the load event."""
        loaded = self.expect_event("Page.loadEventFired")
        try:
            result = await self.send("Page.navigate", {"url": url})
            if result.get("errorText"):
                raise CDPError(f"{result['errorText']} ({url})", "Page.navigate")
            try:
                async with asyncio.timeout(timeout):
                    await loaded
            except TimeoutError:
                raise TimeoutError(f"{url} did not load within {timeout:g} s") from None
        finally:
            loaded.cancel()

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (promises awaited); raise
        JavaScriptError when it throws."""
        result = await self.send(
            "Runtime.evaluate",
            {
                "expression": expression,
                "returnByValue": True,
                "awaitPromise": True,
                "userGesture": True,
            },
        )
        if "exceptionDetails" in result:
            raise JavaScriptError(f"{expression!r} threw: {_exception_text(result)}")
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = WAIT_TIMEOUT) -> Any:
        """Evaluate ``expression`` until it is truthy and return its value. An expression
        that throws counts as not yet true; ``timeout`` is only the failure deadline."""
        deadline = time.monotonic() + timeout
        last: Any = None
        while True:
            self._check_alive()
            try:
                last = await self.evaluate(expression)
            except JavaScriptError as error:
                last = error
            else:
                if last:
                    return last
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{expression!r} not true within {timeout:g} s (last: {last!r})")
            await self._activity(min(POLL, remaining))

    async def wait_until(
        self, predicate: Callable[[], Any], timeout: float = WAIT_TIMEOUT, what: str = ""
    ) -> Any:
        """Wait until a Python-side check (say, on ``frames_received``) is truthy, waking
        at each event of this page; return its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            self._check_alive()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{what or predicate!r} not true within {timeout:g} s")
            await self._activity(min(POLL, remaining))

    # -- input

    async def tap(self, x: float, y: float) -> None:
        """Tap at (x, y) CSS pixels: touch start and end on a touch page, else a left
        click. Chromium turns the tap into mouse events and a click after touchend."""
        if not self.touch:
            await self.click(x, y)
            return
        point = {"x": x, "y": y, "radiusX": 1, "radiusY": 1, "force": 1, "id": 0}
        await self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        await self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    async def click(self, x: float, y: float) -> None:
        """Move there, press and release the left mouse button."""
        await self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        common = {"x": x, "y": y, "button": "left", "clickCount": 1}
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            await self.send(
                "Input.dispatchMouseEvent", {"type": kind, "buttons": buttons, **common}
            )

    async def type_text(self, text: str, per_key: bool = False) -> None:
        """Type into the focused element: as one text input (Input.insertText), or with
        ``per_key`` as a key down and up for each character."""
        if not per_key:
            await self.send("Input.insertText", {"text": text})
            return
        for char in text:
            if char in ("\r", "\n"):
                await self.press("Enter")
            elif char == "\t":
                await self.press("Tab")
            else:
                await self._key(*_key_for_char(char))

    async def press(self, key: str) -> None:
        """Press and release a named key (Enter, Tab, Escape, Backspace, Delete, the
        arrows, Home, End, PageUp, PageDown) or one printable character."""
        if key in KEYS:
            code, virtual, text = KEYS[key]
            await self._key(key, code, virtual, text)
        elif len(key) == 1:
            await self._key(*_key_for_char(key))
        else:
            raise ValueError(f"unknown key {key!r}")

    async def _key(self, key: str, code: str, virtual: int, text: str) -> None:
        down: dict[str, Any] = {
            "type": "keyDown" if text else "rawKeyDown",
            "key": key,
            "code": code,
            "windowsVirtualKeyCode": virtual,
            "nativeVirtualKeyCode": virtual,
        }
        if text:
            down["text"] = text
            down["unmodifiedText"] = text
        await self.send("Input.dispatchKeyEvent", down)
        await self.send(
            "Input.dispatchKeyEvent",
            {
                "type": "keyUp",
                "key": key,
                "code": code,
                "windowsVirtualKeyCode": virtual,
                "nativeVirtualKeyCode": virtual,
            },
        )

    # -- looking

    async def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Save a PNG of the viewport (for debugging) and return its path."""
        result = await self.send("Page.captureScreenshot", {"format": "png"})
        target = Path(path)
        target.write_bytes(base64.b64decode(result["data"]))
        return target

    async def box(self, selector: str) -> Box:
        """The bounding rectangle of the first element matching ``selector``."""
        rect = await self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; const r = e.getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })()"
        )
        if rect is None:
            raise LookupError(f"no element matches {selector!r}")
        return Box(*rect)

    async def terminal_box(self, selector: str = ".xterm-screen") -> Box:
        """The xterm.js screen's rectangle in CSS pixels."""
        return await self.box(selector)

    async def close(self) -> None:
        """Close the tab (and its browser context)."""
        with contextlib.suppress(CDPError):
            await self.browser.send("Target.closeTarget", {"targetId": self.target_id})
        if self.context_id is not None:
            with contextlib.suppress(CDPError):
                await self.browser.send(
                    "Target.disposeBrowserContext", {"browserContextId": self.context_id}
                )
        self.browser.connection.forget(self.session_id)
        self.closed = True


def _describe(arg: dict[str, Any]) -> str:
    if "value" in arg:
        value = arg["value"]
        return value if isinstance(value, str) else json.dumps(value)
    return str(arg.get("description", arg.get("type", "")))


def _exception_text(details: dict[str, Any]) -> str:
    details = details.get("exceptionDetails", details)
    exception = details.get("exception", {})
    return str(exception.get("description") or details.get("text", "exception"))


# --------------------------------------------------------------------------- terminal


def cell_point(box: Box, columns: int, rows: int, column: int, row: int) -> tuple[float, float]:
    """The CSS pixel centre of a terminal cell; ``column`` and ``row`` count from 0."""
    if not (0 <= column < columns and 0 <= row < rows):
        raise ValueError(f"cell ({column}, {row}) is outside {columns}x{rows}")
    width = box.width / columns
    height = box.height / rows
    return box.x + (column + 0.5) * width, box.y + (row + 0.5) * height


def latest_size(page: Page) -> tuple[int, int] | None:
    """(width, height) from the last ``["resize", {...}]`` text frame the page sent."""
    for frame in reversed(page.frames_sent):
        if frame.binary:
            continue
        try:
            message = json.loads(frame.data)
        except ValueError:
            continue
        if (
            isinstance(message, list)
            and len(message) >= 2
            and message[0] == "resize"
            and isinstance(message[1], dict)
        ):
            return int(message[1]["width"]), int(message[1]["height"])
    return None


class TerminalScreen:
    """A pyte screen fed with the binary frames a page received, in order."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self._fed: dict[int, int] = {}

    def feed(self, data: bytes) -> None:
        """Feed raw terminal bytes."""
        self.stream.feed(data)

    def update(self, page: Page) -> list[str]:
        """Feed the page's binary frames not fed yet and return the display lines."""
        start = self._fed.get(id(page), 0)
        frames = page.frames_received[start:]
        self._fed[id(page)] = start + len(frames)
        for frame in frames:
            if frame.binary:
                self.feed(frame.data)
        return self.display

    @property
    def display(self) -> list[str]:
        """The screen's lines, padded to its width."""
        return list(self.screen.display)

    @property
    def text(self) -> str:
        """The lines with trailing blanks cut, joined by newlines."""
        return "\n".join(line.rstrip() for line in self.display).rstrip("\n")
