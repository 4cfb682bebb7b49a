"""Scripted terminals that play a served table over SSH (a library for the load bench).

Everything here talks to ``parlour serve`` only as a guest would, and as its owner's
lobby does: SSH to the door, and ``wire.NewTable`` on the server's Unix socket. Nothing
reaches into the server's process, so the bench measures whatever hosts the seats
(forked seats, or seat houses).

* ``open_tables``: tables of four person seats (Persuasion), each with its seat codes
  and watch code. The server lets one starter (the socket's account) have at most
  ``TABLES_EACH`` (3) unfinished tables: a fourth is refused.
* ``Terminal``: one SSH client (keyboard-interactive, answering a seat's code), on a
  pty of 80x24 asked for as ``xterm-256color``, its bytes through a ``pyte`` screen. It
  answers Textual's query for synchronized output (``bench/pty_app.py``), so every
  frame ends with ``ESC[?2026l`` and a frame's end is exact. ``press`` times a key to
  the end of the last frame it caused (then quiet for ``QUIET``, as ``bench/keys.py``).
* ``play_seat``: plays one seat by keys only, reading the screen and the Footer's key
  hints: the notes' Enter (Done), each decision's default highlighted option and
  Enter, the confirm's ``y``. Its only choices of its own: in the mailing it writes to
  someone it may still send a seal to and sends a seal rather than its ring (the ring,
  the default, is a proposal: two rings crossing in the first round end the season).
  Played so, a game lasts 32 moves (4 introductions, then rounds of mail and
  reception until Ann's cards are gone, then 4 last rings).
* ``main``: starts ``parlour serve`` on a free port with a data folder of its own, opens
  two tables, plays them from eight terminals to N moves a table, prints the moves
  each journal holds and the cursor key's press times, and stops the server.

Why Persuasion: 3 to 8 players (the Island takes exactly 3), no bots needed, and every
decision is the kit's ``ChoiceScreen`` (one question at a time, the first open option
highlighted, Enter takes it), so one simple rule plays every phase; nothing is typed in
words (the Lantern's Bards write prose; the Temptress plays on screens of its own: cards,
dice, the narrator's).

The cursor key is timed on a seat's open decision (↓ then ↑ on its option list, before
it answers): the public table a seat watches while others decide has no live cursor
key at four players (its ↑↓ scroll the players only when they do not fit, and its story
follows the end without taking the focus), so a key there paints nothing.

When a served game ends, every seat shows its end (``Winners:``) and stays at the table:
``play_seat`` stops there. A terminal the server closes with its farewell (the parlour
stopping) ends the play too, not as a failure.

Run alone: ``.venv/bin/python bench/ssh_players.py [--moves 20] [--tables 2]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import re
import resource
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from keys import QUIET  # noqa: E402
from pty_app import KEYS as PTY_KEYS  # noqa: E402
from pty_app import SYNC_END, SYNC_QUERY, SYNC_REPLY, SYNC_START  # noqa: E402

from tui.net import wire  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = "persuasion"
NAMES = ("Ann", "Bo", "Cy", "Di")
COLS, ROWS = 80, 24
TERM = "xterm-256color"
USER = "party"

KEYS = {**PTY_KEYS, "space": b" "}
"""Key names ``Terminal.write`` and ``press`` take (or bytes, or one character)."""

ANSWER_WAIT = 15.0
"""Seconds a decision's key may take to change the screen (the host's answer included)."""
REFUSED_WAIT = 2.0
"""Seconds a question still on the screen after Enter is given to go (a refusal stays)."""
STALL = 90.0
"""Seconds a seat waits for its table to move before it gives up."""


# --- the server's socket -------------------------------------------------------------


@dataclass(frozen=True)
class OpenedTable:
    """A table just opened: its name, each person's seat code in seat order, its watch
    code."""

    table: str
    codes: tuple[str, ...]
    watch: str


async def ask(socket_path: Path | str, message: wire.Message, timeout: float = 30.0) -> Any:
    """One question on a connection of its own to the server's socket, and its answer."""

    async def asking() -> Any:
        reader, writer = await asyncio.open_unix_connection(str(socket_path), limit=wire.LINE_LIMIT)
        try:
            writer.write(wire.encode(message))
            await writer.drain()
            line = await reader.readline()
        finally:
            writer.close()
        return wire.decode(line) if line else None

    return await asyncio.wait_for(asking(), timeout)


async def open_tables(
    socket_path: Path | str, game: str = GAME, count: int = 1
) -> list[OpenedTable]:
    """Open ``count`` tables of ``game`` with four person seats (not open to the lobby:
    only their codes seat anyone); each table's codes."""
    opened = []
    for _ in range(count):
        answer = await ask(
            socket_path, wire.NewTable(wire.PROTOCOL, game, NAMES, ("person",) * 4, open=False)
        )
        if not isinstance(answer, wire.TableOpened):
            raise RuntimeError(f"the server opened no {game} table: {answer!r}")
        codes = tuple(seat.code for seat in answer.codes)
        opened.append(OpenedTable(answer.table, codes, answer.watch))
    return opened


# --- a terminal ----------------------------------------------------------------------


@dataclass(frozen=True)
class Press:
    """One ``Terminal.press``: seconds from the key to its first frame's end and to its
    last's, the frames between, and when the key was written (``time.perf_counter``)."""

    first: float
    last: float
    frames: int
    sent: float


class _Guest(asyncssh.SSHClient):
    """Answers the door's keyboard-interactive questions with the code."""

    def __init__(self, code: str) -> None:
        self.code = code

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Any
    ) -> list[str]:
        return [self.code for _ in prompts]


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def connection_made(self, chan: Any) -> None:
        self.terminal._channel = chan  # (before any byte: the first may be the query)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.terminal._received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.terminal._lost(exc)


class Terminal:
    """One guest's terminal at the SSH door: every byte it received (``all_bytes``),
    the frames' ends (``frame_ends``, ``time.perf_counter``) and a ``pyte`` screen."""

    def __init__(self, name: str = "", cols: int = COLS, rows: int = ROWS) -> None:
        self.name = name
        self.cols, self.rows = cols, rows
        self.all_bytes = bytearray()
        """Everything the door sent, as it came (for a privacy scan)."""
        self.frame_ends: list[float] = []
        self.closed: str | None = None
        """Why the door closed this terminal (None: open)."""
        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)
        self._fed = 0
        self._scan = 0
        self._in_frame = False
        self._query_scan = 0
        self._last_byte = time.perf_counter()
        self._arrived = asyncio.Event()
        self._connection: Any = None
        self._channel: Any = None
        self.last_press: Press | None = None
        """The last ``press``: its first and last frame and how many frames it saw."""

    async def connect(
        self, port: int, code: str, host: str = "127.0.0.1", timeout: float = 30.0
    ) -> Terminal:
        """Knock with ``code`` and open the session (a pty of this terminal's size)."""

        async def opening() -> None:
            self._connection, _ = await asyncssh.create_connection(
                lambda: _Guest(code),
                host,
                port,
                username=USER,
                known_hosts=None,
                client_keys=None,
                preferred_auth="keyboard-interactive",
            )
            self._channel, _ = await self._connection.create_session(
                lambda: _Session(self),
                term_type=TERM,
                term_size=(self.cols, self.rows),
                encoding=None,
            )

        try:
            await asyncio.wait_for(opening(), timeout)
        except BaseException:
            self.close()
            raise
        return self

    # --- what arrives ---------------------------------------------------------

    def _received(self, data: bytes) -> None:
        now = time.perf_counter()
        self._last_byte = now
        raw = self.all_bytes
        raw += data
        found = raw.find(SYNC_QUERY, self._query_scan)
        while found >= 0:  # (a query split over two reads is found whole next time)
            self._channel.write(SYNC_REPLY)
            self._query_scan = found + len(SYNC_QUERY)
            found = raw.find(SYNC_QUERY, self._query_scan)
        self._query_scan = max(self._query_scan, len(raw) - len(SYNC_QUERY) + 1)
        while True:
            marker = SYNC_END if self._in_frame else SYNC_START
            found = raw.find(marker, self._scan)
            if found < 0:
                self._scan = max(self._scan, len(raw) - len(marker) + 1)
                break
            self._scan = found + len(marker)
            if self._in_frame:
                self.frame_ends.append(now)
            self._in_frame = not self._in_frame
        self._arrived.set()

    def _lost(self, exc: Exception | None) -> None:
        self.closed = str(exc) if exc else "closed"
        self._arrived.set()

    def screen_text(self) -> str:
        """The characters on the screen now, a line per row."""
        self._feed()
        return "\n".join(self.screen.display)

    def _feed(self) -> None:
        if self._fed < len(self.all_bytes):
            self._stream.feed(bytes(self.all_bytes[self._fed :]))
            self._fed = len(self.all_bytes)

    def cells(self, row: int) -> list[Any]:
        """One row's cells (character, colours, attributes)."""
        self._feed()
        line = self.screen.buffer[row]
        return [line[x] for x in range(self.cols)]

    async def _next_bytes(self, deadline: float) -> None:
        """Wait for bytes (or the end) until ``deadline``; TimeoutError after it."""
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError
        self._arrived.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._arrived.wait(), left)

    def _check_open(self) -> None:
        if self.closed is not None:
            raise DoorClosed(f"{self.name}: the door closed ({self.closed}):\n{self.screen_text()}")

    async def until(self, wanted: str | Callable[[str], bool], timeout: float = 20.0) -> str:
        """Wait until the screen (between frames) holds ``wanted`` or satisfies it; the
        screen then. TimeoutError with the screen, DoorClosed if the door closes."""

        def check(text: str) -> bool:
            return wanted in text if isinstance(wanted, str) else wanted(text)

        deadline = time.perf_counter() + timeout
        while True:
            text = self.screen_text()
            if not self._in_frame and check(text):
                return text
            self._check_open()
            try:
                await self._next_bytes(deadline)
            except TimeoutError:
                shown = wanted if isinstance(wanted, str) else getattr(wanted, "__name__", "?")
                raise TimeoutError(
                    f"{self.name}: {shown!r} never showed in {timeout:g}s:\n{text}"
                ) from None

    async def settle(self, quiet: float = QUIET, timeout: float = 20.0) -> None:
        """Wait until nothing has come for ``quiet`` seconds and no frame is half read."""
        deadline = time.perf_counter() + timeout
        while True:
            now = time.perf_counter()
            if not self._in_frame and now - self._last_byte >= quiet:
                return
            self._check_open()
            if now >= deadline:
                raise TimeoutError(f"{self.name}: never quiet for {quiet}s in {timeout:g}s")
            self._arrived.clear()
            wait = max(0.001, min(deadline, self._last_byte + quiet) - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), wait)

    # --- keys -----------------------------------------------------------------

    def write(self, key: bytes | str) -> float:
        """Send a key (a name of ``KEYS``, a character, or bytes); when it was written."""
        self._check_open()
        data = KEYS.get(key, key.encode()) if isinstance(key, str) else key
        sent = time.perf_counter()
        self._channel.write(data)
        return sent

    async def press(self, key: bytes | str, quiet: float = QUIET, timeout: float = 10.0) -> float:
        """Send ``key``; the seconds from writing it to the end of the last frame it
        caused (a frame must come, then ``quiet`` seconds of nothing). Frames of the
        table's own moves arriving meanwhile count too: press a quiet screen."""
        before = len(self.frame_ends)
        sent = self.write(key)
        deadline = time.perf_counter() + timeout
        while len(self.frame_ends) <= before:
            self._check_open()
            try:
                await self._next_bytes(deadline)
            except TimeoutError:
                raise TimeoutError(
                    f"{self.name}: {key!r} painted no frame in {timeout:g}s:\n{self.screen_text()}"
                ) from None
        await self.settle(quiet, max(quiet + 1.0, deadline - time.perf_counter()))
        ends = self.frame_ends[before:]
        self.last_press = Press(ends[0] - sent, ends[-1] - sent, len(ends), sent)
        return self.last_press.last

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()

    async def wait_closed(self, timeout: float = 5.0) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._connection.wait_closed(), timeout)


class DoorClosed(ConnectionError):
    """The door closed the terminal."""


class UnknownScreen(RuntimeError):
    """A screen ``play_seat`` does not know how to play."""


# --- reading a seat's screen (Persuasion at 80x24) -------------------------------------

CHOICE, NOTES, CURTAIN, CONFIRM, WAITING, OVER, DRAWING = (
    "choice", "notes", "curtain", "confirm", "waiting", "over", "drawing",
)  # fmt: skip
TABLE_TITLE = " Persuasion · "
"""The public table's first line, which a seat sees while others decide."""
OPTION = re.compile(r"^▊ ?(\d+)\. ")
OVERLAY = "▌"
"""The left edge of a toast drawn over the screen (the rejoin code's, 20 s from joining)."""
FIRST_ASKS = (
    "Which of your cards do you flip face up?",
    "Whom do you write to this round",
    "Use a card of someone whose",
    "You hold nothing: whose card do you discard?",
    "Where does your ring go?",
)
"""How each of a seat's decisions begins (``rules/persuasion/choices.py``): any other
question is a further question of the same decision. (The Footer's "esc Back" says so
too, but a Footer is drawn a refresh after its screen: late on a busy machine.)"""
ENDED = "The parlour has stopped this table"
"""In the line a seat's app leaves on its terminal when the server stops its table."""


JOINING = "Join a hosted game"
"""The join screen a seat shows until the host's welcome comes (longer on a busy server)."""


def seated(text: str) -> bool:
    """The seat's own screen shows (its keys drawn), not the join screen before it."""
    return "^q" in footer(text) and JOINING not in text


def changed(than: str) -> Callable[[str], bool]:
    """For ``Terminal.until``: the screen is no longer ``than``."""
    return lambda now: now != than


def footer(text: str) -> str:
    """The Footer: the key hints on the last row."""
    return text.rsplit("\n", 1)[-1]


def recognise(text: str) -> str:
    """Which kind of screen this is, from the Footer's keys and the first line."""
    keys, first = footer(text), text.split("\n", 1)[0]
    if "⏎ Choose" in keys:
        return CHOICE
    if "⏎ Done" in keys:  # the seat's news over the cards it knows
        return NOTES
    if "Open the curtain" in keys:
        return CURTAIN
    if "y Yes, do it" in keys:
        return CONFIRM
    if first.startswith((" Winners:", " The game is over.")):
        return OVER
    if first.startswith(TABLE_TITLE):
        return WAITING
    if not keys.strip():  # a Footer not drawn yet (its keys come a refresh after the screen)
        return DRAWING
    raise UnknownScreen(f"a screen the script does not know:\n{text}")


def ask_line(text: str) -> str:
    """The question of a decision: the line above its option list's frame."""
    lines = text.split("\n")
    for index in range(1, len(lines)):
        if lines[index].startswith("▊▔"):
            return lines[index - 1].strip()
    return ""


def options(text: str) -> list[tuple[int, str]]:
    """The option list's numbers and what shows of their labels (a toast may hide the
    right half; a label's wrapped lines are not read)."""
    found = []
    for line in text.split("\n"):
        match = OPTION.match(line)
        if match:
            found.append((int(match.group(1)), line[match.end() :].split(OVERLAY)[0].strip()))
    return found


def highlighted(terminal: Terminal) -> int | None:
    """The number of the option under the cursor: the option row whose background is not
    the list's own (the one most of the list's inner rows have; None: not found)."""
    rows = []
    for y, line in enumerate(terminal.screen.display):
        if line.startswith("▊") and not line.startswith(("▊▔", "▊▁")):
            match = OPTION.match(line)
            rows.append((int(match.group(1)) if match else None, terminal.cells(y)[2].bg))
    if not rows:
        return None
    plain = Counter(bg for _, bg in rows).most_common(1)[0][0]
    odd = [number for number, bg in rows if number is not None and bg != plain]
    return odd[0] if len(odd) == 1 else None


# --- playing a seat --------------------------------------------------------------------


@dataclass
class SeatPlay:
    """What ``play_seat`` did at one seat."""

    name: str
    decisions: int = 0
    """Decisions this seat sent (a decision of several questions counts once)."""
    keys: int = 0
    cursor: list[Press] = field(default_factory=list)
    """The cursor keys pressed on a decision before answering it."""
    screens: Counter[str] = field(default_factory=Counter)
    ended: bool = False
    """The game was over (the seat saw the end, or its app ended with the game)."""
    sending: bool = False
    """A key that sends a decision is on its way."""


def preferred(ask: str, listed: list[tuple[int, str]]) -> list[int] | None:
    """The options to try, in order, where the script does not take the default (None:
    Enter on the highlighted one). In the mailing: write to someone who may still get a
    seal, and send a seal (a card they may see) rather than the ring."""
    if ask.startswith("Whom do you write to"):
        free = [n for n, label in listed if "(only your ring)" not in label]
        return free[:1] or None
    if "your ring, or your seal" in ask:
        cards = [n for n, label in listed if n > 1]
        likely = [
            n
            for n in cards
            if "face up" not in label_of(listed, n) and "not now" not in label_of(listed, n)
        ]
        return likely + [n for n in cards if n not in likely] + [1]
    return None


def label_of(listed: list[tuple[int, str]], number: int) -> str:
    return next((label for n, label in listed if n == number), "")


async def play_seat(
    terminal: Terminal,
    *,
    moves: int | None = None,
    stop: Callable[[], bool] | None = None,
    probe: bool = False,
    stall: float = STALL,
    log: Callable[[str], None] | None = None,
    pace: Callable[[], Awaitable[None]] | None = None,
    around_press: Callable[[], AbstractAsyncContextManager[None]] | None = None,
) -> SeatPlay:
    """Play the seat on ``terminal`` by keys until the game is over, the seat has sent
    ``moves`` decisions, or ``stop()`` says so (it is asked between screens). With
    ``probe``, each question gets a cursor key away from the highlighted option and one
    back, both timed (``SeatPlay.cursor``), before it is answered, each inside
    ``around_press()`` (the load bench presses a hotseat app's cursor key there, first).
    ``pace()`` is awaited before each decision is sent (the load bench's rate of play).

    UnknownScreen for a screen it cannot play, TimeoutError when nothing moves for
    ``stall`` seconds, DoorClosed when the door closes before the game is over."""
    played = SeatPlay(terminal.name)
    await terminal.until(seated, 120)
    try:
        while moves is None or played.decisions < moves:
            text = await _settled(terminal, stall)
            if stop is not None and stop():
                break
            kind = recognise(text)
            played.screens[kind] += 1
            if log is not None:
                log(f"{terminal.name}: {kind}: {ask_line(text) or footer(text).strip()}")
            if kind == OVER:
                played.ended = True
                break
            if kind == WAITING:
                await _wait_for_the_table(terminal, text, stop, stall)
            elif kind in (NOTES, CURTAIN):
                await _key(terminal, played, "enter")
            elif kind == CONFIRM:
                if pace is not None:
                    await pace()
                played.sending = True  # (the game may end with it, and the door close)
                await _key(terminal, played, "y")
                played.sending = False
                played.decisions += 1
            else:
                if probe:
                    await _probe(terminal, played, around_press)
                if pace is not None:
                    await pace()
                if await _decide(terminal, played, text):
                    played.decisions += 1
                    if log is not None:
                        log(f"{terminal.name}: sent")
    except DoorClosed:
        if ENDED not in bytes(terminal.all_bytes[-4000:]).decode("utf-8", "replace"):
            raise
        played.ended = True
        played.decisions += played.sending
    return played


async def _key(terminal: Terminal, played: SeatPlay, key: str) -> str:
    """Press a key that must change the screen; the screen after it (settled)."""
    before = terminal.screen_text()
    terminal.write(key)
    played.keys += 1
    await terminal.until(changed(before), ANSWER_WAIT)
    return await _settled(terminal)


async def _settled(terminal: Terminal, stall: float = ANSWER_WAIT) -> str:
    """The screen once quiet, with its Footer drawn (or one recognised without it)."""
    await terminal.settle(timeout=stall)
    text = terminal.screen_text()
    while recognise(text) == DRAWING:
        try:
            await terminal.until(changed(text), ANSWER_WAIT)
        except TimeoutError:
            raise UnknownScreen(f"{terminal.name}: a screen without keys:\n{text}") from None
        await terminal.settle(timeout=stall)
        text = terminal.screen_text()
    return text


async def _wait_for_the_table(
    terminal: Terminal, text: str, stop: Callable[[], bool] | None, stall: float
) -> None:
    """Wait (on bytes) until the screen changes, asking ``stop`` every second."""
    deadline = time.perf_counter() + stall
    while time.perf_counter() < deadline:
        with contextlib.suppress(TimeoutError):
            await terminal.until(changed(text), 1.0)
            return
        if stop is not None and stop():
            return
    raise TimeoutError(f"{terminal.name}: the table did not move for {stall:g}s:\n{text}")


async def _probe(
    terminal: Terminal,
    played: SeatPlay,
    around_press: Callable[[], AbstractAsyncContextManager[None]] | None = None,
) -> None:
    """A cursor key away from the highlighted option, and one back, each timed."""
    text = terminal.screen_text()
    numbers = [n for n, _ in options(text)]
    at = highlighted(terminal)
    if at is None or len(numbers) < 2:
        return
    away, back = ("down", "up") if at < max(numbers) else ("up", "down")
    for key in (away, back):
        async with around_press() if around_press is not None else contextlib.nullcontext():
            await terminal.settle()
            await terminal.press(key)
        assert terminal.last_press is not None
        played.cursor.append(terminal.last_press)
        played.keys += 1


async def _move_to(terminal: Terminal, played: SeatPlay, number: int) -> None:
    for _ in range(20):
        at = highlighted(terminal)
        if at is None:
            raise UnknownScreen(
                f"{terminal.name}: no option is highlighted:\n{terminal.screen_text()}"
            )
        if at == number:
            return
        await terminal.press("down" if at < number else "up")
        played.keys += 1
    raise UnknownScreen(f"{terminal.name}: option {number} never came under the cursor")


async def _decide(terminal: Terminal, played: SeatPlay, text: str) -> bool:
    """Answer the question on the screen; whether a decision was sent (rather than a
    further question asked)."""
    ask = ask_line(text)
    wanted = preferred(ask, options(text))
    tries: list[int | None] = list(wanted) if wanted else [None]
    for number in tries:
        if number is not None:
            await _move_to(terminal, played, number)
        try:
            after = await _key(terminal, played, "enter")
        except TimeoutError:  # a refusal already shown, shown again: nothing changed
            continue
        if recognise(after) == CHOICE and ask_line(after) == ask:
            # Refused at once on the screen, or only a first frame of the answer so far:
            # give the host's answer time to take the seat off the question.
            with contextlib.suppress(TimeoutError):
                await terminal.until(changed(after), REFUSED_WAIT)
                after = await _settled(terminal)
        if recognise(after) == CONFIRM:
            return False  # (its y sends the decision)
        if recognise(after) != CHOICE:
            return True
        if ask_line(after) != ask:  # a further question, or the next decision at once
            return ask_line(after).startswith(FIRST_ASKS)
        # the same question: the option was refused (closed): try the next
    raise UnknownScreen(
        f"{terminal.name}: no option of {ask!r} was taken:\n{terminal.screen_text()}"
    )


# --- a served parlour of its own, for main ----------------------------------------------


@dataclass
class Served:
    """``parlour serve`` as a child in a session of its own (its seats in it too)."""

    process: asyncio.subprocess.Process
    data: Path
    socket: Path
    port: int
    output: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    def journal(self, table: str) -> Path:
        return self.data / "tables" / f"{table}.json"


async def start_server(
    folder: Path, bot_delay: float = 0.05, more: Sequence[str] = (), timeout: float = 60.0
) -> Served:
    """Start ``parlour serve`` on a free loopback port with its data and socket in
    ``folder`` (``more``: further options, ``--tables 60 --seats 240`` say: its limits
    are 20 tables and 80 seats); return once it says it is open."""
    from tui.net.web_door import free_port

    data, socket = folder / "data", folder / "run" / "serve.sock"
    port = free_port("127.0.0.1")
    argv = [
        sys.executable, "-m", "tui.cli", "serve", "--data", str(data), "--socket", str(socket),
        "--ssh", str(port), "--ssh-address", "127.0.0.1", "--bot-delay", str(bot_delay), *more,
    ]  # fmt: skip
    process = await asyncio.create_subprocess_exec(
        *argv,
        cwd=ROOT,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    STARTED.append(process.pid)
    served = Served(process, data, socket, port)
    opened = asyncio.Event()

    async def read() -> None:
        assert process.stdout is not None
        async for line in process.stdout:
            served.output.append(line.decode("utf-8", "replace").rstrip())
            if "the parlour is open" in served.output[-1]:
                opened.set()
        opened.set()  # (it ended)

    served.reader = asyncio.create_task(read())
    try:
        try:
            await asyncio.wait_for(opened.wait(), timeout)
        except TimeoutError:
            raise RuntimeError(
                f"parlour serve did not open in {timeout:g}s:\n" + "\n".join(served.output)
            ) from None
        if process.returncode is not None or not any(
            "the parlour is open" in line for line in served.output
        ):
            raise RuntimeError("parlour serve did not open:\n" + "\n".join(served.output))
    except BaseException:
        await stop_server(served, patience=5.0)
        raise
    return served


STARTED: list[int] = []
"""The servers this module started (each leads a session of its own): killed at the end."""


def kill_started() -> None:
    """SIGKILL every process of each server's session this module started, if any is left."""
    while STARTED:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(STARTED.pop(), signal.SIGKILL)


async def stop_server(served: Served, patience: float = 25.0) -> int | None:
    """SIGTERM (the server says goodbye to every terminal and saves every table), then
    SIGKILL for its whole session if it is not gone within ``patience`` seconds."""
    process = served.process
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), patience)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # (whatever of its session is left)
    if process.pid in STARTED:
        STARTED.remove(process.pid)
    await process.wait()
    if served.reader is not None:
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(served.reader, 5)
    return process.returncode


class Journal:
    """How many moves a table's journal holds (read again only when the file changed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: tuple[int, int] | None = None
        self._moves = 0
        self.over = False

    def moves(self) -> int:
        from tui.persistence.saves import SaveError, load

        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return self._moves
        if (stat.st_mtime_ns, stat.st_size) != self._seen:
            try:
                session = load(self.path)
            except SaveError:  # (a line being written: the count stays until it is whole)
                return self._moves
            self._seen = (stat.st_mtime_ns, stat.st_size)
            self._moves = len(session.actions)
            self.over = session.outcome is not None
        return self._moves


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95: the 95th)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


async def run(moves: int, tables: int, bot_delay: float, verbose: bool) -> int:
    folder = Path(tempfile.mkdtemp(prefix="parlour-ssh-players-"))
    served: Served | None = None
    terminals: list[Terminal] = []
    began = time.perf_counter()
    try:
        served = await start_server(folder, bot_delay)
        opened = await open_tables(served.socket, GAME, tables)
        for number, table in enumerate(opened):
            for seat, code in enumerate(table.codes):
                terminal = Terminal(f"t{number + 1}.{NAMES[seat]}")
                terminals.append(terminal)
                await terminal.connect(served.port, code)
        journals = [Journal(served.journal(table.table)) for table in opened]
        log = print if verbose else None
        plays = []
        for number, journal in enumerate(journals):

            def enough(journal: Journal = journal) -> bool:
                return journal.moves() >= moves

            for terminal in terminals[number * 4 : number * 4 + 4]:
                plays.append(play_seat(terminal, stop=enough, probe=True, log=log))
        results: list[SeatPlay] = await asyncio.gather(*plays)
        played_s = time.perf_counter() - began
        for number, (table, journal) in enumerate(zip(opened, journals, strict=True)):
            seats = results[number * 4 : number * 4 + 4]
            over = journal.over or any(seat.ended for seat in seats)
            print(
                f"table {number + 1} ({table.table}): {journal.moves()} moves in its journal "
                f"(asked for {moves}){'; the game is over' if over else ''}; decisions sent: "
                + ", ".join(f"{NAMES[i]} {seat.decisions}" for i, seat in enumerate(seats))
            )
        presses = [press for seat in results for press in seat.cursor]
        if not presses:
            raise RuntimeError("no cursor key was pressed on any seat")
        print(f"cursor key (↑/↓) on a seat's open decision, {len(presses)} presses:")
        for what, values in (
            ("to the end of the last frame it caused", [p.last for p in presses]),
            ("to the end of its first frame", [p.first for p in presses]),
        ):
            print(
                f"  {what}: median {statistics.median(values) * 1000:.1f} ms, "
                f"p95 {percentile(values, 0.95) * 1000:.1f} ms"
            )
        more = sum(p.frames > 1 for p in presses)
        print(f"  presses that saw more than one frame (the table's moves too): {more}")
        received = sum(len(t.all_bytes) for t in terminals)
        used = resource.getrusage(resource.RUSAGE_SELF)
        print(
            f"{len(terminals)} terminals, {received / 1024:.0f} KiB received; {played_s:.1f} s; "
            f"this client's own CPU {used.ru_utime + used.ru_stime:.1f} s"
        )
        return 0
    finally:
        for terminal in terminals:
            terminal.close()
        for terminal in terminals:
            await terminal.wait_closed(2.0)
        if served is not None:
            status = await stop_server(served)
            if verbose or status not in (0, None):
                print(f"parlour serve ended with {status}; its last lines:")
                print("\n".join("  " + line for line in served.output[-8:]))
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="moves a table (default 20)")
    parser.add_argument("--tables", type=int, default=2, help="tables of 4 seats (default 2)")
    parser.add_argument("--bot-delay", type=float, default=0.05, help="the server's bot delay")
    parser.add_argument("--timeout", type=float, default=300.0, help="give up after (s)")
    parser.add_argument("--verbose", action="store_true", help="every screen each seat saw")
    args = parser.parse_args(argv)

    async def bounded() -> int:
        return await asyncio.wait_for(
            run(args.moves, args.tables, args.bot_delay, args.verbose), args.timeout
        )

    try:
        return asyncio.run(bounded())
    except TimeoutError:
        print(f"ssh_players: not done in {args.timeout:g}s", file=sys.stderr)
        return 1
    finally:
        kill_started()


if __name__ == "__main__":
    sys.exit(main())
