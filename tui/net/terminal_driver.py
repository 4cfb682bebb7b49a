"""A Textual driver bound to one guest's terminal: a stream socket on the running loop.

Textual's Linux driver takes its terminal from the process (stdin, stderr, SIGWINCH) and
runs a thread for input and one for output. A seat house (``tui.net.seat_house``) runs
many seats in one process, so each seat's driver is bound to its own terminal instead:
the socket the door hands over for that guest, read and written on the house's event
loop (``GuestTerminal``, an asyncio protocol), with no thread of its own.

What the guest sends is hostile until checked. Its bytes are parsed into keys and mouse
events as Textual's own driver parses them, ``SLICE`` bytes a turn of the house's loop
(the other seats draw in between; the guest is not read while a backlog waits), and
never while the app has ``BUSY`` messages waiting. They never change the seat's size: a
size comes only from the door, which reads the guest's SSH window (``resize``), clamped
to ``LARGEST``. A paste longer than ``LONGEST_PASTE`` is dropped whole, up to its end
marker. Output the guest does not read is held up to ``MOST_UNSENT`` bytes; past that
the terminal is closed and the seat ends.
"""

from __future__ import annotations

import asyncio
import contextlib
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any

from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message
from textual.messages import InBandWindowResize

if TYPE_CHECKING:
    from textual.app import App

    from tui.net.keys_first import KeyBoard

LARGEST = (500, 200)
"""Columns and rows at most: a bigger window is drawn at this size."""
LONGEST_PASTE = 64 * 1024
"""Characters a paste may hold: a longer one is dropped, all of it."""
SLICE = 4096
"""Bytes of a guest's input parsed in one turn of the house's loop."""
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
MOST_UNSENT = 4 * 1024 * 1024
"""Bytes of screen the guest has not read, at most, before the seat is ended."""
BUSY = 400
"""Messages waiting in the app beyond which the guest's bytes wait too."""
LONE_ESCAPE = constants.ESCAPE_DELAY + 0.01
"""Seconds after which an Escape with nothing after it is the Escape key (as in Textual)."""
CUT_MARKER = 0.02
"""Seconds the start of a paste marker is held for the rest of it (then parsed as is)."""
CHECK_AGAIN = 0.05
"""Seconds between looks at a busy app before parsing more of its guest's input."""

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


def _marker_start(text: str) -> str:
    """The end of ``text`` that may be a paste marker cut in two ('' when none)."""
    for length in range(min(len(PASTE_START) - 1, len(text)), 0, -1):
        tail = text[-length:]
        if PASTE_START.startswith(tail) or PASTE_END.startswith(tail):
            return tail
    return ""


def clamped(columns: int, rows: int) -> tuple[int, int]:
    """A window size the seat will draw at: at least 1x1, at most ``LARGEST``."""
    return (max(1, min(columns, LARGEST[0])), max(1, min(rows, LARGEST[1])))


class GuestTerminal(asyncio.Protocol):
    """One guest's terminal: bytes in (parsed for the driver bound to it), screens out.

    It exists before its app runs: bytes that come before the driver is bound are parsed
    then. ``on_hang_up`` is called once, when the guest's side closes or the terminal
    is given up (unread output past ``MOST_UNSENT``)."""

    def __init__(
        self, size: tuple[int, int], on_hang_up: Any, board: KeyBoard | None = None
    ) -> None:
        self.size = clamped(*size)
        self.board = board
        """Where the house says it is answering this guest (``tui.net.keys_first``)."""
        self._line = -1
        """The descriptor the guest's bytes come on, once connected."""
        self.transport: asyncio.Transport | None = None
        self.driver: TerminalDriver | None = None
        self.on_hang_up = on_hang_up
        self.hung_up = False
        self.heard = float("-inf")
        """When the guest last sent a byte (the loop's clock)."""
        self.closed = asyncio.Event()
        """The terminal is closed (its last bytes are out, or lost with the guest)."""
        self._backlog = bytearray()
        """What the guest sent that is not parsed yet (reading waits while there is)."""
        self._draining: asyncio.Handle | None = None
        self._parser = XTermParser()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._carry = ""
        """The end of the last slice when it may be the start of a paste's marker."""
        self._pasting = False
        self._pasted = 0
        self._dropping = False
        """A paste too long was dropped: what comes until its end marker is dropped too."""
        self._tick: asyncio.TimerHandle | None = None
        self._unsent: list[str] = []
        self._sending: asyncio.Handle | None = None

    # --- asyncio ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        line = transport.get_extra_info("socket")
        if self.board is not None and line is not None:
            self._line = line.fileno()
            self.board.guests.add(self._line)

    def data_received(self, data: bytes) -> None:
        if self.board is not None:
            self.board.answering(self)
        self._backlog += data
        self.heard = asyncio.get_running_loop().time()
        if self.transport is not None:
            self.transport.pause_reading()  # (read on once the backlog is parsed)
        if self.driver is not None and self._draining is None:
            self._draining = asyncio.get_running_loop().call_soon(self._drain)

    def eof_received(self) -> bool:
        self.hang_up()
        return True  # (the seat's last bytes may still go out: closed once it ends)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if self.board is not None:
            self.board.guests.discard(self._line)
            self.board.answered(self)  # (a guest gone is answered: the house goes on)
        self.closed.set()
        if self._draining is not None:
            self._draining.cancel()
        self.hang_up()

    # --- input -----------------------------------------------------------------------

    def bind(self, driver: TerminalDriver) -> None:
        """Give the guest's keys to ``driver`` from now on (with those already typed)."""
        self.driver = driver
        if self._backlog and self._draining is None:
            self._draining = asyncio.get_running_loop().call_soon(self._drain)

    def _drain(self) -> None:
        """Parse one slice of what the guest sent; the rest waits for the next turn of
        the loop (every other seat of the house draws in between), and while the app is
        busy, for it to catch up. The guest is read again once nothing is waiting."""
        self._draining = None
        driver, loop = self.driver, asyncio.get_running_loop()
        if driver is None:
            return
        if driver.app_busy():
            self._draining = loop.call_later(CHECK_AGAIN, self._drain)
            return
        chunk = bytes(self._backlog[:SLICE])
        del self._backlog[:SLICE]
        self._screen(self._decode(chunk))
        if self._tick is not None:
            self._tick.cancel()
        wait = CUT_MARKER if self._carry else LONE_ESCAPE
        self._tick = loop.call_later(wait, self._lone_escape)
        if self._backlog:
            self._draining = loop.call_soon(self._drain)
        elif self.transport is not None and not self.transport.is_closing():
            self.transport.resume_reading()

    def _screen(self, text: str) -> None:
        """Parse ``text``, keeping count of a paste: one longer than ``LONGEST_PASTE`` is
        dropped whole (what came of it, and what comes until its end)."""
        text = self._carry + text
        self._carry = _marker_start(text)
        if self._carry:
            text = text[: -len(self._carry)]
        at = 0
        while at < len(text):
            if self._dropping:
                end = text.find(PASTE_END, at)
                if end < 0:
                    return
                at, self._dropping = end + len(PASTE_END), False
                continue
            marker = PASTE_END if self._pasting else PASTE_START
            found = text.find(marker, at)
            stop = len(text) if found < 0 else found + len(marker)
            piece, at = text[at:stop], stop
            if self._pasting:
                self._pasted += len(piece)
                if self._pasted > LONGEST_PASTE:  # the paste so far goes with the parser
                    self._parser, self._pasting = XTermParser(), False
                    self._dropping = found < 0
                    continue
            self._parse(piece)
            if found >= 0:
                self._pasting, self._pasted = not self._pasting, 0

    def _parse(self, text: str) -> None:
        driver = self.driver
        assert driver is not None
        try:
            for message in self._parser.feed(text):
                driver.process_message(message)
        except Exception:  # (the parser refused the bytes: start afresh, as if unsent)
            self._parser, self._pasting = XTermParser(), False

    def _lone_escape(self) -> None:
        self._tick = None
        driver = self.driver
        if driver is None:
            return
        if self._carry:  # (held as a marker's start, and nothing came after it)
            carry, self._carry = self._carry, ""
            if not self._dropping:
                self._parse(carry)
            self._tick = asyncio.get_running_loop().call_later(LONE_ESCAPE, self._lone_escape)
            return
        with contextlib.suppress(Exception):
            for message in self._parser.tick():
                driver.process_message(message)

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
        if self.board is not None:
            self.board.answered(self)
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
        """Whether the app has ``BUSY`` messages waiting: its own, its screen's and the
        focused widget's (where keys go)."""
        app = self._app
        waiting: int = app._message_queue.qsize()
        with contextlib.suppress(Exception):  # (no screen yet)
            screen = app.screen
            waiting += screen._message_queue.qsize()
            if screen.focused is not None:
                waiting += screen.focused._message_queue.qsize()
        return waiting > BUSY
