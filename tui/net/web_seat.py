"""One page of the browser door: its own child, on pipes that speak Textual's web
driver (``D`` a terminal's bytes, ``M`` a JSON note; each a type byte, a 4-byte
length and the payload).

The child is ``tui.net.door_seat`` forked by the seat zygote (``tui.net.seat_zygote``:
``python -I``, the user's own folder, an environment built from nothing, the code in
``PARLOUR_JOIN_CODE``), with Textual's web driver chosen in its environment and the
page's size. A server's lobby page (``tui.serve``) has no code: its child is told
``--lobby`` and given its guest's pass in its environment, as the SSH door's is. What
it draws goes to the page as binary frames, one at a time (a page that reads nothing
stalls only its child). What it says last on its error stream (``parlour: ...``: why it
ended, how to come back) goes to the page as ``["parlour_end", sentence]`` before
the socket closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from aiohttp import web

from tui.net.door_seat import child_arguments, child_environment
from tui.net.seat_spawner import Seat, SeatSpawner

TERM = "xterm-256color"
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
LARGEST_PACKET = 8 * 1024 * 1024
"""Bytes at most in one packet from a child (a whole screen is far less)."""
LAST_WORDS = 4096
"""Bytes kept of a child's error stream (its last line says why it ended)."""
ENDED = "This seat's page has closed."
"""What a page shows when its child said nothing."""
HUNG_UP_WAIT = 5.0
"""Seconds a child has to end after a hang-up before it is killed."""
PREFIX = "parlour: "


def web_environment(code: str, columns: int, rows: int, guest: str = "") -> dict[str, str]:
    """A page's child's whole environment: the SSH door's, with the web driver (and a
    lobby page's pass, ``guest``)."""
    env = child_environment(TERM, code, guest)
    env.update(
        TEXTUAL_DRIVER=WEB_DRIVER,
        TEXTUAL_COLOR_SYSTEM="truecolor",
        TEXTUAL_FPS="60",
        COLUMNS=str(columns),
        ROWS=str(rows),
    )
    return env


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def last_sentence(stream: bytes) -> str:
    """The child's last ``parlour: ...`` line, without its prefix ("" when none)."""
    for line in reversed(stream.decode("utf-8", "replace").splitlines()):
        if line.startswith(PREFIX):
            return line[len(PREFIX) :].strip()
    return ""


class PageChild:
    """A page's socket and the child that draws on it."""

    def __init__(self, socket: web.WebSocketResponse, host_socket: Path, code: str,
                 watching: bool, spawner: SeatSpawner, address: str = "",
                 guest: str = "") -> None:  # fmt: skip
        self.socket = socket
        self.spawner = spawner
        self.address = address
        """The guest's address (``guest_address``), which the door counts pages by."""
        self.host_socket = host_socket
        self.code = code
        self.watching = watching
        self.guest = guest
        """A server's lobby page: the pass its child asks with ('' for a seat's code)."""
        self.lobby = bool(guest)
        self.child: Seat | None = None
        self.errors = b""
        self.hung_up = False
        self.ended = asyncio.Event()
        """The child has ended and its page has been told."""

    async def run(self, size: tuple[int, int], reading: Coroutine[Any, Any, None]) -> None:
        """Run the child while the page is open (``reading`` passes on what it sends)."""
        reader = asyncio.ensure_future(reading)
        try:
            try:
                self.child = await self.spawner.spawn_piped(
                    child_arguments(self.host_socket, self.watching, lobby=self.lobby),
                    web_environment(self.code, *size, guest=self.guest),
                )
            except OSError as exc:
                await self._tell(f"The door could not start your seat ({exc.strerror}): "
                                 "tell the host.")  # fmt: skip
                return
            if self.hung_up:
                self.end_child()
            drawing = asyncio.ensure_future(self._draw())
            errors = asyncio.ensure_future(self._collect_errors())
            await asyncio.wait({reader, drawing}, return_when=asyncio.FIRST_COMPLETED)
            if not drawing.done():  # the page went: its child ends
                self.end_child()
            await self._wait_child()
            drawing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await drawing
            with contextlib.suppress(asyncio.CancelledError):
                await errors
            await self._tell(last_sentence(self.errors) or ENDED)
        finally:
            if self.child is not None and self.child.returncode is None:
                self.end_child(signal.SIGKILL)  # (cancelled: the web server is stopping)
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
            self.ended.set()

    async def _draw(self) -> None:
        """Pass the child's screens on to the page until it exits or stops drawing."""
        assert self.child is not None and self.child.stdout is not None
        stdout = self.child.stdout
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                line = await stdout.readline()  # the driver's prelude, then packets
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > LARGEST_PACKET:
                    return
                payload = await stdout.readexactly(size)
                if head[:1] == b"D" and not self.socket.closed:
                    await self.socket.send_bytes(payload)

    async def _collect_errors(self) -> None:
        assert self.child is not None and self.child.stderr is not None
        while chunk := await self.child.stderr.read(LAST_WORDS):
            self.errors = (self.errors + chunk)[-LAST_WORDS:]

    async def pass_on(self, kind: str, value: Any) -> None:
        """A checked message from the page, to its child."""
        child = self.child
        if child is None or child.stdin is None or child.returncode is not None:
            return
        if kind == "stdin":
            data = packet(b"D", value.encode("utf-8", "replace"))
        elif kind == "resize":
            data = packet(b"M", json.dumps({"type": "resize", "width": value[0],
                                            "height": value[1]}).encode())  # fmt: skip
        else:
            data = packet(b"M", json.dumps({"type": kind}).encode())
        with contextlib.suppress(ConnectionError, RuntimeError):
            child.stdin.write(data)
            await child.stdin.drain()

    async def _wait_child(self) -> None:
        assert self.child is not None
        try:
            await asyncio.wait_for(asyncio.shield(self.child.wait()), HUNG_UP_WAIT)
        except TimeoutError:
            self.end_child(signal.SIGKILL)
            await self.child.wait()
        if self.child.stdin is not None:
            self.child.stdin.close()

    async def _tell(self, sentence: str) -> None:
        """The page's last message (why it ended), then the socket closes."""
        if not self.socket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.socket.send_str(json.dumps(["parlour_end", sentence]))
                await self.socket.close()

    def end_child(self, ending: signal.Signals = signal.SIGTERM) -> None:
        """Hang up on the child (as a closed terminal would)."""
        self.hung_up = True
        child = self.child
        if child is not None and child.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(child.pid, ending)
