"""A seat played in a browser, for ``joined.py``: headless Chromium at the browser door.

The host ``joined.py`` starts also opens its browser door (``--web PORT --web-address
127.0.0.1``). A page of 1280x800 CSS pixels (scale 1, a desktop) opens the seat's link,
``/j/CODE``: the join page knocks with the code and opens the seat's page, whose
terminal (textual.js) starts a seat forked by the host's seat zygote (``tui.net.door_seat``,
Textual's web driver) that joins the host's socket as ``parlour join`` does. The page
is driven through the DevTools protocol (``tests/browser/cdp.py``). A binary frame
counts from when the page received it, by the browser's own stamp on its DevTools event
(the bench's clock on Linux, checked; see ``SeatPage``): the event itself reaches the
bench 1-10 ms later, which no guest waits for. Each figure starts when the bench sends
the DevTools command (the navigation, the key).

* First frame: from opening the link to the first binary frame of more than
  ``PAINT_BYTES`` (the driver's first frames are 6-8 byte mode switches), against
  ``parlour resume`` of the same save in a pty of the page's terminal size, from its
  spawn to its first frame; also, for both, to the first complete frame (the first
  after which the screen shows what it shows once settled, as ``startup.py`` takes
  it). One untimed opening of each warms caches and bytecode, then ``FIRSTS`` of each,
  in turn; the ratio is the median of the pairs' ratios.
* Key to repaint: the last of those pages and hotseat tables are pressed in turn, the
  hotseat first, as the other joined rows are: from sending the key (CDP
  ``Input.dispatchKeyEvent``) to the last binary frame it causes (the page then
  receives nothing for ``QUIET`` seconds), and every press must change the cells of
  the page's terminal (its frames fed to pyte).
* Memory: each timed page's child, once its table has settled: resident (VmRSS) and
  unique (USS: ``Private_Clean + Private_Dirty`` of ``/proc/PID/smaps_rollup``); and
  the host's VmRSS with the page joined less just before it opened (its one seat),
  after the untimed first page (whose own cost, the door's files read once, is kept
  apart: ``host_first_kib``).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import signal
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent))

from keys import QUIET  # noqa: E402
from keys import press as pty_press  # noqa: E402
from late_saves import Scene  # noqa: E402
from pty_app import PARLOUR, ROOT, SYNC_END, PtyApp  # noqa: E402

sys.path.insert(0, str(ROOT))

from tests.browser.cdp import Browser, Page, TerminalScreen, find_browser, latest_size  # noqa: E402

SKIPPED = (
    "browser seat rows skipped: no headless Chromium found "
    "(apt-get install chromium-headless-shell)"
)
WIDTH, HEIGHT = 1280, 800
PAINT_BYTES = 64
"""A binary frame of more than this is a paint (not a mode switch)."""
FIRSTS = 3
"""Timed first frames of each side (after one untimed)."""
SETTLED = 0.4
"""Seconds with nothing received after which a screen has settled."""
WAIT = 30.0
"""Failure deadline of each wait on the page."""
SLACK = 0.002
"""Seconds a browser's stamp may stray outside its bounds (``SeatPage.stamped``)."""
ZYGOTE = b"tui.net.seat_zygote"
"""In the command line of the host's seat zygotes and of the seats they fork."""


@dataclass
class BrowserSeat:
    size: tuple[int, int] = (0, 0)
    """The page's terminal (columns, rows); the hotseat tables ran at the same size."""
    first: list[tuple[float, float]] = field(default_factory=list)
    """(the link opened to the page's first paint, hotseat spawn to its first frame)."""
    complete: list[tuple[float, float]] = field(default_factory=list)
    """The same, to each side's first complete frame."""
    from_seat_page: list[float] = field(default_factory=list)
    """The seat page's request (after the knock) to the page's first paint."""
    from_socket: list[float] = field(default_factory=list)
    """The page's socket opening (its child is started then) to its first paint."""
    child_rss_kib: list[int] = field(default_factory=list)
    child_uss_kib: list[int] = field(default_factory=list)
    stamped: bool = True
    """Every page's frames were timed by the browser's stamps (see ``SeatPage``)."""
    key_read: list[float] = field(default_factory=list)
    """Each timed key, to the bench's reading of the last frame (through DevTools)."""
    key_left: list[float] = field(default_factory=list)
    """Each timed key: from sending it to the page's socket sending it on (the browser's
    part of the press; the rest is the door, the child and the frame's way back)."""
    host_growth_kib: list[int] = field(default_factory=list)
    """The host's VmRSS with a page joined less just before it opened, per page."""
    host_first_kib: int = 0
    """The host's VmRSS once the door's first page (untimed) had come and gone, less
    before it: what the door keeps after its first guest (the files it serves, read once)."""

    @staticmethod
    def _median(values: list[float] | list[int]) -> float:
        return statistics.median(values) if values else float("nan")

    def ratio(self, name: str) -> float:
        pairs = getattr(self, name)
        return statistics.median(b / h for b, h in pairs) if pairs else float("nan")

    def median(self, name: str, hotseat: bool = False) -> float:
        values = getattr(self, name)
        if name in ("first", "complete"):
            values = [pair[1 if hotseat else 0] for pair in values]
        return self._median(values)


# --- processes --------------------------------------------------------------------------


def seats(host: int) -> set[int]:
    """The seats the host's doors forked (children of its seat zygotes) now alive."""
    return {seat for zygote in children(host, ZYGOTE) for seat in children(zygote, ZYGOTE)}


def children(parent: int, named: bytes) -> set[int]:
    """The children of ``parent`` now alive whose command line holds ``named``."""
    found = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
            cmdline = Path(entry.path, "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[1]) == parent and named in cmdline:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def memory_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, USS) of a process in KiB; USS is its private pages (smaps_rollup)."""
    rss = uss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            uss += int(line.split()[1])
    return rss, uss


@contextlib.contextmanager
def draining(app: PtyApp) -> Iterator[None]:
    """Read ``app``'s pty in a thread of its own meanwhile (the host must never block
    writing its screen while the bench waits on the browser)."""
    stop = threading.Event()

    def drain() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                app.pump(0.05)

    thread = threading.Thread(target=drain, name="drain-host", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(5)


# --- the page -----------------------------------------------------------------------------


def _cells(screen: pyte.Screen) -> tuple[tuple[tuple[object, ...], ...], ...]:
    buffer = screen.buffer
    return tuple(
        tuple(tuple(buffer[y][x]) for x in range(screen.columns)) for y in range(screen.lines)
    )


class Arrival(NamedTuple):
    """A binary frame the page received."""

    stamp: float
    """When the page received it, by the browser's clock (the DevTools event's timestamp)."""
    read: float
    """When the bench read the event (``time.monotonic``)."""
    data: bytes


class SeatPage:
    """One page opened at the seat's link, with each binary frame stamped as it came.

    The browser stamps each frame when the page receives it; on Linux its clock is
    ``CLOCK_MONOTONIC``, the bench's ``time.monotonic``, so that stamp is used, not the
    bench's reading of the event (DevTools delivers events a few ms late, and unevenly).
    Each page checks it: every stamp falls after the page was opened and before the
    bench read it; if not, the bench's readings are used (``stamped`` False).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.arrivals: list[Arrival] = []
        self.keys_sent: list[float] = []
        """When the page's socket sent each ``stdin`` message (keys typed; browser clock)."""
        self.seat_asked: float | None = None
        self.socket: float | None = None
        """When the page opened its socket (its child starts then; browser clock)."""
        self.opened = 0.0
        self.stamped = False
        self.child = 0
        self.size = (0, 0)
        self.screen: TerminalScreen | None = None
        page.browser.connection.listen(page.session_id, self._on_event)

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        read = time.monotonic()
        stamp = float(params.get("timestamp", read))
        if method == "Network.webSocketFrameReceived":
            response = params["response"]
            if int(response.get("opcode", 1)) == 2:
                data = base64.b64decode(response.get("payloadData", ""))
                self.arrivals.append(Arrival(stamp, read, data))
        elif method == "Network.webSocketFrameSent":
            if params["response"].get("payloadData", "").startswith('["stdin"'):
                self.keys_sent.append(stamp)
        elif method == "Network.webSocketWillSendHandshakeRequest" and self.socket is None:
            self.socket = stamp
        elif method == "Network.requestWillBeSent" and self.seat_asked is None:
            if "/seat/" in params["request"]["url"]:
                self.seat_asked = stamp

    def when(self, arrival: Arrival) -> float:
        return arrival.stamp if self.stamped else arrival.read

    @classmethod
    async def open(cls, browser: Browser, link: str, marker: str, host_pid: int) -> SeatPage:
        """Open ``link`` in a fresh page; return once its table shows and has settled."""
        seat = cls(await browser.new_page(WIDTH, HEIGHT, scale=1.0, mobile=False))
        page = seat.page
        before = seats(host_pid)
        seat.opened = time.monotonic()
        await page.goto(link, timeout=WAIT)
        size = await page.wait_until(lambda: latest_size(page), WAIT, "the page's size")
        seat.size = size
        seat.screen = TerminalScreen(*size)
        await page.wait_until(lambda: marker in seat.text(), WAIT, f"{marker!r} on the page")
        new = await page.wait_until(lambda: seats(host_pid) - before, WAIT, "its child")
        if len(new) != 1:
            raise RuntimeError(f"the page started {len(new)} children, not one")
        seat.child = new.pop()
        await seat.quiet(SETTLED)
        if latest_size(page) != size:
            raise RuntimeError(f"the page's terminal changed size: {size} to {latest_size(page)}")
        seat.stamped = all(
            seat.opened - SLACK <= a.stamp <= a.read + SLACK for a in seat.arrivals
        )
        return seat

    def text(self) -> str:
        assert self.screen is not None
        self.screen.update(self.page)
        return self.screen.text

    def cells(self) -> tuple[tuple[tuple[object, ...], ...], ...]:
        self.text()
        assert self.screen is not None
        return _cells(self.screen.screen)

    async def quiet(self, quiet: float, timeout: float = WAIT) -> None:
        """Wait until the bench has read no binary frame for ``quiet`` seconds."""
        called = time.monotonic()
        deadline = called + timeout
        while True:
            now = time.monotonic()
            last = max(called, self.arrivals[-1].read if self.arrivals else called)
            if now - last >= quiet:
                return
            if now > deadline:
                raise TimeoutError(f"the page never went quiet for {quiet}s")
            await asyncio.sleep(min(0.01, quiet - (now - last)))

    def first_paint(self) -> float:
        """When the first frame of more than ``PAINT_BYTES`` came."""
        return next(self.when(a) for a in self.arrivals if len(a.data) > PAINT_BYTES)

    def first_complete(self) -> float:
        """When the first frame after which the terminal shows its settled screen came."""
        final = self.text()
        replay = TerminalScreen(*self.size)
        for arrival in self.arrivals:
            replay.feed(arrival.data)
            if replay.text == final:
                return self.when(arrival)
        raise RuntimeError("no frame showed the page's settled screen")

    async def press(self, key: str) -> tuple[float, float, float, bool]:
        """For one key: seconds from sending it to the page's receipt of the last frame
        it caused, the same to the bench's reading of that frame, from the key to the
        page's socket sending it on; and whether the terminal's cells changed."""
        await self.quiet(0.05)
        before = self.cells()
        count, typed = len(self.arrivals), len(self.keys_sent)
        sent = time.monotonic()
        await self.page.press(key)
        await self.page.wait_until(lambda: len(self.arrivals) > count, 10.0, "a repaint")
        await self.quiet(QUIET)
        last = self.arrivals[-1]
        left = float("nan")
        if self.stamped and len(self.keys_sent) > typed:
            left = self.keys_sent[typed] - sent
        return self.when(last) - sent, last.read - sent, left, self.cells() != before

    async def close(self) -> None:
        """Close the page and wait until its child has gone."""
        await self.page.close()
        deadline = time.monotonic() + 20.0
        while self.child and _alive(self.child):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the page's child {self.child} outlived its page")
            await asyncio.sleep(0.05)


# --- the hotseat --------------------------------------------------------------------------


def hotseat(scene: Scene, folder: Path, size: tuple[int, int]) -> tuple[PtyApp, float, float]:
    """``parlour resume`` of the scene at ``size``, settled on its screen; with the
    seconds from spawn to its first frame and to its first complete frame."""
    folder.mkdir(parents=True)
    save = folder / scene.path.name  # (a copy: an open save is locked)
    save.write_bytes(scene.path.read_bytes())
    app = PtyApp(
        [PARLOUR, "resume", str(save), "--saves", str(folder / "saves")],
        cols=size[0], rows=size[1],
    )
    try:
        app.wait_frames(1)
        app.wait_text(scene.marker)
        app.settle(SETTLED)
        final = app.screen_lines()
        raw = bytes(app.raw)
        screen = pyte.Screen(app.cols, app.rows)
        stream = pyte.ByteStream(screen)
        position, complete = 0, float("nan")
        for frame in app.frames:
            end = raw.find(SYNC_END, position) + len(SYNC_END)
            stream.feed(raw[position:end])
            position = end
            if screen.display == final:
                complete = frame.end - app.spawned
                break
        return app, app.frames[0].end - app.spawned, complete
    except BaseException:
        app.close()
        raise


# --- the measure ----------------------------------------------------------------------------


async def _measure(
    found: BrowserSeat,
    pairs: list[tuple[float, float]],
    problems: list[str],
    host: PtyApp,
    link: str,
    scene: Scene,
    folder: Path,
    presses: int,
) -> None:
    started: set[int] = set()
    earlier = seats(host.pid)
    try:
        async with Browser.launch() as browser:
            # Untimed: the host's first page (its files read), the child's bytecode.
            before = host.rss_kib()
            warm = await SeatPage.open(browser, link, scene.marker, host.pid)
            started.add(warm.child)
            size = found.size = warm.size
            await warm.close()
            await asyncio.sleep(SETTLED)
            found.host_first_kib = host.rss_kib() - before
            app, _, _ = hotseat(scene, folder / "h-warm", size)
            app.close()
            seat: SeatPage | None = None
            table: PtyApp | None = None
            try:
                for number in range(FIRSTS):
                    table, first, complete = hotseat(scene, folder / f"h-{number}", size)
                    alone = host.rss_kib()
                    seat = await SeatPage.open(browser, link, scene.marker, host.pid)
                    started.add(seat.child)
                    found.stamped = found.stamped and seat.stamped
                    found.host_growth_kib.append(host.rss_kib() - alone)
                    rss, uss = memory_kib(seat.child)
                    found.child_rss_kib.append(rss)
                    found.child_uss_kib.append(uss)
                    found.first.append((seat.first_paint() - seat.opened, first))
                    found.complete.append((seat.first_complete() - seat.opened, complete))
                    if seat.stamped and seat.seat_asked is not None:
                        found.from_seat_page.append(seat.first_paint() - seat.seat_asked)
                    if seat.stamped and seat.socket is not None:
                        found.from_socket.append(seat.first_paint() - seat.socket)
                    if number < FIRSTS - 1:  # the last pair stays open for the keys
                        await seat.close()
                        table.close()
                assert seat is not None and table is not None
                if not found.stamped:
                    problems.append("browser: its frame stamps are not on the bench's clock; "
                                    "timed when the bench read them through DevTools")
                rounds = -(-(presses + 2) // len(scene.keys)) * len(scene.keys)
                for number in range(rounds):
                    key = scene.keys[number % len(scene.keys)]
                    h, _, _, h_changed = pty_press(table, key)
                    b, b_read, left, b_changed = await seat.press(key)
                    if number < 2:  # a first step can warm caches
                        continue
                    pairs.append((b, h))
                    found.key_read.append(b_read)
                    found.key_left.append(left)
                    for who, changed in (("hotseat", h_changed), ("browser", b_changed)):
                        if not changed:
                            problems.append(f"{who}: pressing {key!r} changed nothing")
                await seat.close()
            finally:
                if table is not None:
                    table.close()
    finally:
        started |= seats(host.pid) - earlier  # (a page that failed to open, say)
        for pid in started:  # (the browser has gone: its pages' children end by themselves)
            deadline = time.monotonic() + 10.0
            while _alive(pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if _alive(pid):
                problems.append(f"a page's child ({pid}) outlived the browser: killed")
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)


def measure(
    host: PtyApp, link: str, scene: Scene, folder: Path, presses: int,
    pairs: list[tuple[float, float]], problems: list[str],
) -> BrowserSeat | None:
    """The browser seat's figures (None, and nothing done, when there is no browser);
    its key presses go to ``pairs`` as (browser, hotseat before it)."""
    if find_browser() is None:
        return None
    found = BrowserSeat()
    with draining(host):
        asyncio.run(_measure(found, pairs, problems, host, link, scene, folder, presses))
    return found
