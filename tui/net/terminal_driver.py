"""A Textual driver bound to one guest's terminal: a stream socket on the running loop.

Textual's Linux driver takes its terminal from the process (stdin, stderr, SIGWINCH) and
runs a thread for input and one for output. A seat house (``tui.net.seat_house``) runs
many seats in one process, so each seat's driver is bound to its own terminal instead:
the socket the door hands over for that guest, read and written on the house's event
loop (``GuestTerminal``, an asyncio protocol), with no thread of its own.

What the guest sends is hostile until checked. Its bytes are parsed into keys and mouse
events as Textual's own driver parses them, but never change the seat's size: a size
comes only from the door, which reads the guest's SSH window (``resize``), clamped to
``LARGEST``. A sequence left open (an escape or a paste that never ends) is dropped once
it holds ``LONGEST_PENDING`` bytes; while the app has ``BUSY`` messages waiting, reading
stops until it has caught up. Output the guest does not read is held up to
``MOST_UNSENT`` bytes; past that the terminal is closed and the seat ends.
"""

from __future__ import annotations

import asyncio
import contextlib
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message
from textual.messages import InBandWindowResize

if TYPE_CHECKING:
    from textual.app import App

LARGEST = (500, 200)
"""Columns and rows at most: a bigger window is drawn at this size."""
LONGEST_PENDING = 64 * 1024
"""Bytes a guest may send with no key or event coming of them (a paste that never ends)."""
MOST_UNSENT = 4 * 1024 * 1024
"""Bytes of screen the guest has not read, at most, before the seat is ended."""
BUSY = 400
"""Messages waiting in the app beyond which the guest's bytes wait too."""
CAUGHT_UP = 50
LONE_ESCAPE = 0.11
"""Seconds after which an Escape with nothing after it is the Escape key (as in Textual)."""
CHECK_AGAIN = 0.05
"""Seconds between looks at a busy app before reading the guest again."""

START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse reports
    "\x1b[?25l"  # no cursor
    "\x1b[?1004h"  # focus reports
    "\x1b[>25u"  # the kitty keyboard protocol, as Textual asks it
    "\x1b[?2026$p"  # does the terminal draw whole frames? (its answer turns them on)
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
STOP = (
    "\x1b[?2004l\x1b[?7h"
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    "\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l"
)


def clamped(columns: int, rows: int) -> tuple[int, int]:
    """A window size the seat will draw at: at least 1x1, at most ``LARGEST``."""
    return (max(1, min(columns, LARGEST[0])), max(1, min(rows, LARGEST[1])))


class GuestTerminal(asyncio.Protocol):
    """One guest's terminal: bytes in (parsed for the driver bound to it), screens out.

    It exists before its app runs: bytes that come before the driver is bound are parsed
    then. ``on_hang_up`` is called once, when the guest's side closes or the terminal
    is given up (unread output past ``MOST_UNSENT``)."""

    def __init__(self, size: tuple[int, int], on_hang_up: Any) -> None:
        self.size = clamped(*size)
        self.transport: asyncio.Transport | None = None
        self.driver: TerminalDriver | None = None
        self.on_hang_up = on_hang_up
        self.hung_up = False
        self.waiting: list[bytes] = []
        self._waiting_bytes = 0
        self._parser = XTermParser()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._pending = 0
        """Bytes fed since the parser last gave an event."""
        self._tick: asyncio.TimerHandle | None = None
        self._unsent: list[str] = []
        self._sending: asyncio.Handle | None = None

    # --- asyncio ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if self.driver is None:  # (typed before the app started: kept, a little of it)
            if self._waiting_bytes + len(data) <= LONGEST_PENDING:
                self.waiting.append(data)
                self._waiting_bytes += len(data)
            return
        self._feed(self._decode(data))

    def eof_received(self) -> bool:
        self.hang_up()
        return True  # (the seat's last bytes may still go out: closed once it ends)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.hang_up()

    # --- input -----------------------------------------------------------------------

    def bind(self, driver: TerminalDriver) -> None:
        """Give the guest's keys to ``driver`` from now on (with those already typed)."""
        self.driver = driver
        waiting, self.waiting = self.waiting, []
        for data in waiting:
            self._feed(self._decode(data))

    def _feed(self, text: str) -> None:
        driver = self.driver
        if driver is None or not text:
            return
        self._pending += len(text)
        try:
            for message in self._parser.feed(text):
                self._pending = 0
                driver.process_message(message)
        except Exception:  # (the parser refused the bytes: start afresh, as if unsent)
            self._parser = XTermParser()
            self._pending = 0
        if self._pending > LONGEST_PENDING:  # an open sequence that never ends: dropped
            self._parser = XTermParser()
            self._pending = 0
        if self._tick is not None:
            self._tick.cancel()
        self._tick = asyncio.get_running_loop().call_later(LONE_ESCAPE, self._lone_escape)
        if driver.app_busy() and self.transport is not None:
            self.transport.pause_reading()
            asyncio.get_running_loop().call_later(CHECK_AGAIN, self._read_again)

    def _lone_escape(self) -> None:
        self._tick = None
        driver = self.driver
        if driver is None:
            return
        with contextlib.suppress(Exception):
            for message in self._parser.tick():
                driver.process_message(message)

    def _read_again(self) -> None:
        driver, transport = self.driver, self.transport
        if driver is None or transport is None or transport.is_closing():
            return
        if driver.app_caught_up():
            transport.resume_reading()
        else:
            asyncio.get_running_loop().call_later(CHECK_AGAIN, self._read_again)

    # --- output ----------------------------------------------------------------------

    def write(self, text: str) -> None:
        """Queue ``text`` for the guest; it is sent once this turn of the loop ends."""
        if self.transport is None or self.transport.is_closing():
            return
        self._unsent.append(text)
        if self._sending is None:
            self._sending = asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        if self._sending is not None:
            self._sending.cancel()
            self._sending = None
        unsent, self._unsent = self._unsent, []
        transport = self.transport
        if not unsent or transport is None or transport.is_closing():
            return
        transport.write("".join(unsent).encode("utf-8", "replace"))
        if transport.get_write_buffer_size() > MOST_UNSENT:  # the guest is not reading
            transport.abort()
            self.hang_up()

    def say_last(self, data: bytes) -> None:
        """Send the seat's last bytes and close the terminal (the door then gives the
        guest's terminal back)."""
        self.flush()
        transport = self.transport
        if transport is not None and not transport.is_closing():
            if data:
                transport.write(data)
            transport.close()
        if self._tick is not None:
            self._tick.cancel()

    def hang_up(self) -> None:
        if not self.hung_up:
            self.hung_up = True
            self.on_hang_up()

    def resize(self, columns: int, rows: int) -> None:
        """The door's word on the guest's window (never the guest's own bytes)."""
        self.size = clamped(columns, rows)
        if self.driver is not None:
            self.driver.resized(self.size)


class TerminalDriver(Driver):
    """A seat's driver on its ``GuestTerminal`` (given as ``terminal``)."""

    def __init__(
        self,
        app: App[Any],
        *,
        terminal: GuestTerminal,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal = terminal
        self._input = False

    def write(self, data: str) -> None:
        self.terminal.write(data)

    def flush(self) -> None:
        self.terminal.flush()

    def start_application_mode(self) -> None:
        self.write(START)
        self.flush()
        self.resized(self.terminal.size)
        self._input = True
        self.terminal.bind(self)

    def disable_input(self) -> None:
        self._input = False

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
        self.flush()

    def send_message(self, message: Message) -> None:
        """On the app's own loop: posted directly (Textual's drivers post from a thread)."""
        self._app.post_message(message)

    def process_message(self, message: Message) -> None:
        if not self._input:
            return
        if isinstance(message, (events.Resize, InBandWindowResize)):
            return  # a size is the door's to say, never the guest's bytes
        super().process_message(message)

    def resized(self, size: tuple[int, int]) -> None:
        textual_size = Size(*size)
        self._app.post_message(events.Resize(textual_size, textual_size))

    def app_busy(self) -> bool:
        return self._app._message_queue.qsize() > BUSY

    def app_caught_up(self) -> bool:
        return self._app._message_queue.qsize() < CAUGHT_UP
