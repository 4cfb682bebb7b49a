"""The host's memory and answers under attack (issue 28: bounded host memory).

The goal: "with 30 unfinished 4 MB lines and 20 watchers that never read, during
1,000 moves, the host's RSS grows at most 20 MB and seats are answered within
50 ms". Three processes, so the host's resident memory is its own:

* the host (``--serve FOLDER``): ``tests.net_helpers.headless_host`` of a Temptress
  table of five people (its default table, every seat a person joined over the
  socket, no screen): one game lasts over 1,000 moves and its late snapshots are
  about 80 KB (the seat's view and the public view), the largest of the four games;
* the attackers (``--attack SOCKET``): 20 watchers that join (``Join`` with
  ``watch``, no code) and never read, then 30 connections that each send the start
  of a 4 MB line and never finish it: half as fast as the host takes it (the host
  drops them past its 64 KB line limit), half a kilobyte every 0.1 s (under the
  limit until the first-line wait drops them). Each one dials again 0.05 s after it
  is dropped, until the moves are over, so the attack lasts the whole time;
* this process: the honest seats, each a bare socket client whose seat's bot
  (``session.bot_for``) chooses from the view it was sent. For each move, the time
  from writing the ``Act`` to the arrival of the acting seat's next ``Snapshot``.

The same moves are played twice, each on a new host: first with no attackers (the
baseline: what the game itself costs), then attacked. The host's VmRSS is read from
``/proc`` before the attackers, once they are in, after the moves and after the
attackers have gone; the host also says what its C heap holds (glibc's
``mallinfo2``), and an honest watcher knocks every 100 moves (is it let in?).
``--trace`` runs the host under ``tracemalloc`` and prints where its memory grew
(the figures are then slower and larger: for finding, not for the table). Only Unix
sockets in a temporary folder; both children end with the run (their stdin closes
with it, SIGTERM included) and the folder goes.

Alone: ``.venv/bin/python bench/host_load.py [--moves 1000] [--trace]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import fcntl
import json
import os
import re
import select
import signal
import socket
import statistics
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import registry  # noqa: E402
from rules.convert import CONVERTER, action_union  # noqa: E402
from rules.session import PERSON, SeatPlan, Session  # noqa: E402
from tui.net import wire  # noqa: E402

GAME, SEED = "temptress", 1
MOVES = 1000
LINES = 30
"""Connections sending the start of a 4 MB line, never finished."""
WATCHERS = 20
"""Watchers that never read."""
LINE_BYTES = 4 * 1024 * 1024
FLOOD_PIECE = 64 * 1024
"""A flooding line's bytes are written in pieces of this size, as fast as the host reads."""
TRICKLE_PIECE, TRICKLE_PAUSE = 512, 0.1
"""A trickling line: 5 KB a second, so it stays under the host's line limit for 12 s."""
REDIAL = 0.05
"""Seconds an attacker waits, once dropped, before it dials again."""
PROBE_EVERY = 100
"""Moves between two knocks of an honest watcher (not timed as moves)."""
GROWTH_GOAL_MIB = 20.0
ANSWER_GOAL_S = 0.050
ANSWER_WAIT = 15.0
"""Seconds a move may go unanswered before the run is called broken."""
SETTLE = 1.0
"""Seconds given to the line attackers to arrive (and be dropped once) before the RSS
reading "after they connect"."""
NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
SNAPSHOT_HEAD = re.compile(rb'^\{"seq":(\d+),')
"""A snapshot's line begins with its number (the tag comes last): read without decoding."""


def make_session(game_id: str, seed: int) -> Session[Any]:
    """The game's default table, every seat a person without a PIN."""
    game = registry.get(game_id)
    names = NAMES[: game.bot_seats]
    options = {option.key: option.default for option in game.options}
    config = game.make_config(names, options, game.default_pack())
    return Session.start(game, config, seed, tuple(SeatPlan(n, PERSON, None) for n in names))


def cpu_seconds(pid: int) -> float:
    """User and system CPU time ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def rss_kib(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (the peak) of ``pid``, in KiB."""
    found: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(rest.split()[0])
    return found


async def _stdin_lines() -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


def _say(data: dict[str, Any]) -> None:
    print(json.dumps(data), flush=True)


# --- the host's process --------------------------------------------------------------

TRACE_FRAMES = 4


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
        "uordblks", "fordblks", "keepcost")]


def _mallinfo() -> Any:
    try:
        found = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    found.restype = _MallInfo2
    return found


_MALLINFO = _mallinfo()


def _heap() -> dict[str, int]:
    """The C heap of this process (glibc's ``mallinfo2``), in KiB: what is in use, and
    what was freed but is still held (not given back to the system)."""
    if _MALLINFO is None:
        return {}
    info = _MALLINFO()
    return {"in_use": (info.uordblks + info.hblkhd) // 1024, "free_kept": info.fordblks // 1024}


def _trace_lines(first: Any) -> list[str]:
    import gc
    import tracemalloc

    collected = gc.collect()
    now = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]
    )
    grew = now.compare_to(first, "lineno")
    total = sum(stat.size_diff for stat in grew)
    lines = [f"traced memory grew {total / 1024:.0f} KiB in all (after a gc.collect() that "
             f"freed {collected} objects); the most, by line:"]
    lines += [f"  {stat}" for stat in grew[:15]]
    lines.append("the three largest growths, by traceback:")
    for stat in now.compare_to(first, "traceback")[:3]:
        lines.append(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks:")
        lines += [f"    {frame}" for frame in stat.traceback.format()]
    return lines


async def _serve(folder: Path, game_id: str, seed: int, trace: bool) -> None:
    import tracemalloc

    from tests.net_helpers import headless_host

    if trace:
        tracemalloc.start(TRACE_FRAMES)
    host = await headless_host(make_session(game_id, seed), folder)
    first = tracemalloc.take_snapshot() if trace else None
    peak = {"greeting": 0, "watchers": 0}

    def watching() -> int:
        return sum(c.seat is None and not c.closed for c in host.clients)

    async def sample() -> None:
        while True:
            peak["greeting"] = max(peak["greeting"], host.greeting)
            peak["watchers"] = max(peak["watchers"], watching())
            await asyncio.sleep(0.02)

    sampler = asyncio.get_running_loop().create_task(sample())
    _say({"pid": os.getpid(), "codes": {str(s): c for s, c in host.codes.items()},
          "socket": str(host.path)})
    commands = await _stdin_lines()
    try:
        while line := (await commands.readline()).decode().strip():
            if line == "stats":
                _say({"greeting": host.greeting, "watchers": watching(), "seq": host.seq,
                      "clients": len(host.clients), "peak_greeting": peak["greeting"],
                      "peak_watchers": peak["watchers"],
                      "actions": len(host.table.session.actions), "heap": _heap()})
                peak.update(greeting=0, watchers=0)
            elif line == "trace":
                _say({"trace": _trace_lines(first) if first is not None else []})
            elif line == "quit":
                break
    finally:
        sampler.cancel()
        host.close()


# --- the attackers' process ------------------------------------------------------------


STILL_HELD = "(still connected when the moves ended)"


@dataclass
class Dropped:
    kind: str
    """"flood", "trickle" or "watcher"."""
    held: float
    """Seconds from connecting to being dropped."""
    answer: str
    """What the host said: its refusal, "welcomed" (a watcher) or "" (nothing)."""
    sent: int = 0
    """Bytes of its line written (a line attacker); bytes left unread (a watcher)."""


async def _line_attacker(path: str, kind: str, done: list[Dropped], stop: asyncio.Event) -> None:
    """Send the start of a 4 MB line and never its end; once dropped, dial again."""
    loop = asyncio.get_running_loop()
    head = b'{"protocol":2,"watch":false,"code":"'
    piece = FLOOD_PIECE if kind == "flood" else TRICKLE_PIECE
    filler = head + b"A" * (piece - len(head)), b"A" * piece
    while not stop.is_set():
        started, sent = time.perf_counter(), 0
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            await loop.sock_connect(sock, path)
        except OSError as exc:
            sock.close()
            done.append(Dropped(kind, 0.0, f"could not connect: {exc.strerror}"))
            await asyncio.sleep(REDIAL)
            continue

        async def feed(sock: socket.socket = sock) -> None:
            nonlocal sent
            with contextlib.suppress(OSError):
                while sent < LINE_BYTES:  # (never the newline)
                    await loop.sock_sendall(sock, filler[sent > 0])
                    sent += piece
                    if kind == "trickle":
                        await asyncio.sleep(TRICKLE_PAUSE)
            await stop.wait()  # (a line attacker that wrote all 4 MB holds on)

        async def hear(sock: socket.socket = sock) -> bytes:
            heard = b""
            with contextlib.suppress(OSError):
                while chunk := await loop.sock_recv(sock, 4096):  # until the host drops it
                    heard += chunk
            return heard

        feeding, hearing = loop.create_task(feed()), loop.create_task(hear())
        ending = loop.create_task(stop.wait())
        await asyncio.wait((hearing, ending), return_when=asyncio.FIRST_COMPLETED)
        held = time.perf_counter() - started
        ending.cancel()
        if not hearing.done():  # (the run ended with this one still held)
            hearing.cancel()
            feeding.cancel()
            await asyncio.gather(hearing, feeding, return_exceptions=True)
            sock.close()
            done.append(Dropped(kind, held, STILL_HELD, sent))
            return
        heard = hearing.result()
        feeding.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await feeding
        with contextlib.suppress(OSError):  # (what the host said before a reset)
            while chunk := sock.recv(4096):
                heard += chunk
        sock.close()
        done.append(Dropped(kind, held, _reason(heard), sent))
        await asyncio.sleep(REDIAL)


def _reason(heard: bytes) -> str:
    line = heard.split(b"\n", 1)[0]
    if not line:
        return ""
    try:
        message = wire.decode(line + b"\n")
    except wire.WireError:
        return "(unreadable)"
    if isinstance(message, wire.Welcome):
        return "welcomed"
    return str(getattr(message, "reason", type(message).__name__))


async def _watcher(path: str, done: list[Dropped], stop: asyncio.Event, joined: list[int]) -> None:
    """Join to watch, then never read: wait (polling for the hang-up only) until the
    host lets the connection go, and join again."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        started = time.perf_counter()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            await loop.sock_connect(sock, path)
            await loop.sock_sendall(sock, wire.encode(wire.Join(wire.PROTOCOL, "", True)))
        except OSError as exc:
            sock.close()
            done.append(Dropped("watcher", 0.0, f"could not connect: {exc.strerror}"))
            await asyncio.sleep(REDIAL)
            continue
        joined[0] += 1
        poll = select.poll()
        poll.register(sock, select.POLLRDHUP)  # (not POLLIN: what it was sent stays unread)
        try:
            while not stop.is_set() and not poll.poll(0):
                await asyncio.sleep(0.05)
        finally:
            joined[0] -= 1
        held = time.perf_counter() - started
        unread = 0
        with contextlib.suppress(OSError):
            unread = int.from_bytes(fcntl.ioctl(sock, termios.FIONREAD, b"\0" * 4), "little")
        if stop.is_set():
            sock.close()
            done.append(Dropped("watcher", held, STILL_HELD, unread))
            return
        first = b""
        with contextlib.suppress(OSError):  # (the host has gone: now its first line is read)
            sock.setblocking(True)
            sock.settimeout(1.0)
            while b"\n" not in first and (chunk := sock.recv(65536)):
                first += chunk
        sock.close()
        done.append(Dropped("watcher", held, _reason(first), unread))
        await asyncio.sleep(REDIAL)


async def _attack(path: str, lines: int, watchers: int) -> None:
    stop = asyncio.Event()
    done: list[Dropped] = []
    joined = [0]
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(_watcher(path, done, stop, joined)) for _ in range(watchers)]
    commands = await _stdin_lines()
    started = time.perf_counter()
    while line := (await commands.readline()).decode().strip():
        if line == "lines":
            tasks += [
                loop.create_task(
                    _line_attacker(path, ("flood", "trickle")[n % 2], done, stop)
                )
                for n in range(lines)
            ]
            _say({"lines": lines})
        elif line == "status":
            _say({"watching": joined[0], "dropped": len(done)})
        elif line == "stop":
            break
    stop.set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 10)
    _say({"seconds": time.perf_counter() - started, "dropped": [d.__dict__ for d in done]})


# --- the honest seats (this process) -------------------------------------------------


class HonestSeat:
    """A joined seat's terminal without a screen: reads every line as it comes, keeps
    the latest snapshot undecoded (decoded only when its seat is to move)."""

    def __init__(self, seat: int, path: Path) -> None:
        self.seat, self.path = seat, path
        self.seq = -1
        self.latest = b""
        self.arrivals: dict[int, float] = {}
        """When each recent snapshot (by number) arrived, by ``time.perf_counter``."""
        self.refusals: list[str] = []
        self.ended = ""
        self.received = 0
        self.changed = asyncio.Event()
        self._writer: asyncio.StreamWriter | None = None
        self._reading: asyncio.Task[None] | None = None

    async def join(self, code: str) -> None:
        reader, self._writer = await asyncio.open_unix_connection(
            str(self.path), limit=wire.LINE_LIMIT
        )
        self._writer.write(wire.encode(wire.Join(wire.PROTOCOL, code)))
        self._reading = asyncio.get_running_loop().create_task(self._read(reader))
        await self.until(lambda: self.seq >= 0)

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                now = time.perf_counter()
                self.received += len(line)
                head = SNAPSHOT_HEAD.match(line)
                if head is not None:
                    seq = int(head.group(1))
                    self.arrivals.setdefault(seq, now)
                    if len(self.arrivals) > 8:
                        del self.arrivals[min(self.arrivals)]
                    self.seq, self.latest = seq, line
                else:
                    message = wire.decode(line)
                    if isinstance(message, wire.Refused):
                        self.refusals.append(message.reason)
                    elif isinstance(message, wire.Goodbye):
                        self.ended = message.reason
                self.changed.set()
        except (ConnectionError, OSError, wire.WireError) as exc:
            self.ended = f"{type(exc).__name__}: {exc}"
        self.ended = self.ended or "the host closed the connection"
        self.changed.set()

    async def until(self, condition: Any) -> None:
        """Wait until ``condition()`` holds (or the connection ends: RuntimeError)."""
        deadline = time.perf_counter() + ANSWER_WAIT
        while not condition():
            if self.ended:
                raise RuntimeError(f"seat {self.seat + 1} was let go: {self.ended}")
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise RuntimeError(f"seat {self.seat + 1}: no answer in {ANSWER_WAIT:g} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    def snapshot(self) -> wire.Snapshot:
        message = wire.decode(self.latest)
        assert isinstance(message, wire.Snapshot)
        return message

    def send(self, message: wire.Message) -> None:
        assert self._writer is not None
        self._writer.write(wire.encode(message))

    def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
        if self._writer is not None:
            self._writer.transport.abort()


def _caught_up(seat: HonestSeat, seq: int) -> Any:
    return lambda: seat.seq >= seq


def _answered(seat: HonestSeat, seq: int, refused: int) -> Any:
    return lambda: seat.seq > seq or len(seat.refusals) > refused


async def _play(session: Session[Any], seats: list[HonestSeat], moves: int,
                between: Any) -> tuple[list[float], list[str]]:
    """Play up to ``moves`` moves, each by the seat asked first (its bot choosing from
    the view it was sent); the time from each ``Act`` to that seat's next snapshot.
    Every 50 moves, ``between(moves made)`` (untimed)."""
    union = action_union(session.game.action_types)
    bots = {seat.seat: session.bot_for(seat.seat) for seat in seats}
    answers: list[float] = []
    made: list[str] = []
    seq = max(seat.seq for seat in seats)
    prompt = None
    for seat in seats:
        await seat.until(_caught_up(seat, seq))
    prompt = seats[0].snapshot().prompt.data
    while len(answers) < moves and prompt is not None:
        mover = seats[prompt.seats[0]]
        await mover.until(_caught_up(mover, seq))
        snapshot = mover.snapshot()
        action = bots[mover.seat].choose(snapshot.view.data)
        refused = len(mover.refusals)
        data = CONVERTER.unstructure(action, unstructure_as=union)
        sent = time.perf_counter()
        mover.send(wire.Act(snapshot.seq, data))
        await mover.until(_answered(mover, snapshot.seq, refused))
        if len(mover.refusals) > refused:
            raise RuntimeError(f"seat {mover.seat + 1}'s move was refused: {mover.refusals[-1]}")
        new = min(s for s in mover.arrivals if s > snapshot.seq)
        answers.append(mover.arrivals[new] - sent)
        made.append(json.dumps(data, sort_keys=True))
        seq = mover.seq
        prompt = mover.snapshot().prompt.data
        if len(answers) % 50 == 0:
            await between(len(answers))
    return answers, made


async def _knock(path: Path) -> tuple[str, float]:
    """An honest terminal joins to watch: what the host answers first, and how soon."""
    started = time.perf_counter()
    writer = None
    try:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=wire.LINE_LIMIT)
        writer.write(wire.encode(wire.Join(wire.PROTOCOL, "", True)))
        line = await asyncio.wait_for(reader.readline(), ANSWER_WAIT)
        answer = _reason(line) if line else "closed without a word"
    except (OSError, TimeoutError) as exc:
        answer = f"{type(exc).__name__}"
    finally:
        if writer is not None:
            writer.transport.abort()
    return answer, time.perf_counter() - started


# --- one run: a host, its seats, maybe the attackers -----------------------------------


@dataclass
class Run:
    attacked: bool
    rss: dict[str, int] = field(default_factory=dict)
    """VmRSS in KiB at each moment: "before", "connected" (attacked), "after", "left"."""
    sampled_max: int = 0
    """The most VmRSS read during the moves (every 50), KiB."""
    hwm: int = 0
    """VmHWM (the host's peak resident memory) at the end, KiB."""
    answers: list[float] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    seconds: float = 0.0
    host_cpu: float = 0.0
    """CPU seconds the host used during the moves."""
    attack_cpu: float = 0.0
    """CPU seconds the attackers' process used in all."""
    load: tuple[str, str] = ("?", "?")
    """The load average before and after the moves."""
    host_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    dropped: list[Dropped] = field(default_factory=list)
    attack_seconds: float = 0.0
    watching_at_start: int = 0
    probes: list[tuple[str, float]] = field(default_factory=list)
    """An honest watcher's knocks during the moves: the host's first answer, and when."""
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def growth_mib(self) -> float:
        if "before" not in self.rss or "after" not in self.rss:
            return float("nan")
        return (self.rss["after"] - self.rss["before"]) / 1024

    def answer(self, which: str) -> float:
        if not self.answers:
            return float("nan")
        ordered = sorted(self.answers)
        if which == "median":
            return statistics.median(ordered)
        if which == "p95":
            return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return ordered[-1]


REPLY_LIMIT = 64 * 1024 * 1024
"""The longest line a child answers with (the attackers' list of every connection)."""


class Child:
    """A child process of this bench, spoken to by lines of JSON."""

    def __init__(self, process: asyncio.subprocess.Process, name: str, log: Path) -> None:
        self.process, self.name, self.log = process, name, log

    @classmethod
    async def start(cls, name: str, log: Path, *args: str) -> Child:
        with log.open("wb") as errors:
            process = await asyncio.create_subprocess_exec(
                sys.executable, str(Path(__file__).resolve()), *args,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=errors,
                limit=REPLY_LIMIT,
            )
        return cls(process, name, log)

    async def reply(self, timeout: float = 30.0) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not line:
            await asyncio.wait_for(self.process.wait(), 5)
            tail = self.log.read_text(errors="replace").strip().splitlines()[-3:]
            raise RuntimeError(
                f"the {self.name} ended (exit code {self.process.returncode}): " + " | ".join(tail)
            )
        found: dict[str, Any] = json.loads(line)
        return found

    async def ask(self, command: str, timeout: float = 30.0) -> dict[str, Any]:
        self.tell(command)
        return await self.reply(timeout)

    def tell(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command.encode() + b"\n")

    async def end(self) -> None:
        """Quit (stdin closed), or be killed after 10 s."""
        if self.process.returncode is None:
            with contextlib.suppress(Exception):
                assert self.process.stdin is not None
                self.process.stdin.write(b"quit\n")
                self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


async def _run(folder: Path, attacked: bool, moves: int, lines: int, watchers: int,
               game_id: str, seed: int, trace: bool) -> Run:
    run = Run(attacked)
    children: list[Child] = []
    seats: list[HonestSeat] = []
    try:
        host = await Child.start(
            "host", folder.parent / f"{folder.name}-host.log", "--serve", str(folder),
            "--game", game_id, "--seed", str(seed), *(["--trace"] if trace else []),
        )
        children.append(host)
        hello = await host.reply(60)
        pid, path = int(hello["pid"]), Path(hello["socket"])
        session = make_session(game_id, seed)
        seats = [HonestSeat(int(seat), path) for seat in sorted(hello["codes"], key=int)]
        for seat in seats:
            await seat.join(hello["codes"][str(seat.seat)])
        await asyncio.sleep(0.2)
        run.host_stats["before"] = await host.ask("stats")  # (also resets the peaks)
        run.rss["before"] = rss_kib(pid)["VmRSS"]
        attack: Child | None = None
        if attacked:
            attack = await Child.start(
                "attackers", folder.parent / f"{folder.name}-attack.log", "--attack",
                str(path), "--lines", str(lines), "--watchers", str(watchers),
            )
            children.append(attack)
            for _ in range(100):
                if (await host.ask("stats"))["watchers"] >= watchers:
                    break
                await asyncio.sleep(0.1)
            await attack.ask("lines")
            await asyncio.sleep(SETTLE)
            run.watching_at_start = int((await host.ask("stats"))["watchers"])
            run.rss["connected"] = rss_kib(pid)["VmRSS"]

        async def between(made: int) -> None:
            run.sampled_max = max(run.sampled_max, rss_kib(pid)["VmRSS"])
            if made % PROBE_EVERY == 0:
                run.probes.append(await _knock(path))

        started, cpu, before = time.perf_counter(), cpu_seconds(pid), load()
        run.answers, run.moves = await _play(session, seats, moves, between)
        run.seconds = time.perf_counter() - started
        run.host_cpu, run.load = cpu_seconds(pid) - cpu, (before, load())
        run.rss["after"] = rss_kib(pid)["VmRSS"]
        run.sampled_max = max(run.sampled_max, run.rss["after"])
        run.host_stats["during the moves"] = await host.ask("stats")
        if attack is not None:
            run.attack_cpu = cpu_seconds(attack.process.pid)
            summary = await attack.ask("stop", 60)
            run.attack_seconds = float(summary["seconds"])
            run.dropped = [Dropped(**d) for d in summary["dropped"]]
            await asyncio.sleep(SETTLE)
            run.rss["left"] = rss_kib(pid)["VmRSS"]
            run.host_stats["after the attackers left"] = await host.ask("stats")
        if trace:
            run.trace = (await host.ask("trace", 120))["trace"]
        run.hwm = rss_kib(pid)["VmHWM"]
        for seat in seats:
            if seat.refusals:
                run.problems.append(f"seat {seat.seat + 1} was refused: {seat.refusals[0]}")
    except Exception as exc:  # noqa: BLE001 (reported: a broken run must not hide the other)
        run.problems.append(f"{'attacked' if attacked else 'baseline'} run: "
                            f"{type(exc).__name__}: {exc}")
    finally:
        for seat in seats:
            seat.close()
        for child in reversed(children):
            await child.end()
    return run


@dataclass
class HostLoad:
    game: str
    seats: int
    moves: int
    lines: int
    watchers: int
    baseline: Run
    attacked: Run

    @property
    def problems(self) -> list[str]:
        found = self.baseline.problems + self.attacked.problems
        if self.baseline.moves and self.attacked.moves[: len(self.baseline.moves)] != (
            self.baseline.moves[: len(self.attacked.moves)]
        ):
            found.append("the attacked run's moves differ from the baseline's")
        for run in (self.baseline, self.attacked):
            if run.answers and len(run.answers) < self.moves:
                found.append(f"the game ended after {len(run.answers)} moves, not {self.moves}")
        return list(dict.fromkeys(found))


def measure(moves: int = MOVES, lines: int = LINES, watchers: int = WATCHERS,
            game_id: str = GAME, seed: int = SEED, trace: bool = False) -> HostLoad:
    with tempfile.TemporaryDirectory(prefix="parlour-host-load-") as temp:
        runs = [
            asyncio.run(_run(Path(temp) / name, attacked, moves, lines, watchers,
                             game_id, seed, trace))
            for name, attacked in (("plain", False), ("attacked", True))
        ]
    seats = registry.get(game_id).bot_seats
    return HostLoad(game_id, seats, moves, lines, watchers, *runs)


# --- the report ------------------------------------------------------------------------


def _mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def attackers_table(run: Run) -> str:
    """Each kind of attacker: its connections and what became of them."""
    rows = ["| attacker | connections | what the host did | how many | held (median, max) "
            "| bytes (median) |", "|---|---|---|---|---|---|"]
    for kind, bytes_are in (("flood", "written"), ("trickle", "written"), ("watcher", "unread")):
        mine = [d for d in run.dropped if d.kind == kind]
        outcomes: dict[str, list[Dropped]] = {}
        for dropped in mine:
            outcomes.setdefault(_outcome(dropped), []).append(dropped)
        for n, (outcome, those) in enumerate(sorted(outcomes.items(), key=lambda o: -len(o[1]))):
            held = sorted(d.held for d in those)
            rows.append(
                f"| {kind if n == 0 else ''} | {len(mine) if n == 0 else ''} | {outcome} "
                f"| {len(those)} | {statistics.median(held):.2f} s, {held[-1]:.2f} s "
                f"| {statistics.median(d.sent for d in those) / 1024:.0f} KiB {bytes_are} |"
            )
    return "\n".join(rows)


def _outcome(dropped: Dropped) -> str:
    from tui.net import host

    if dropped.answer == host.CROWDED:
        return "refused: too many knocking (GREETING)"
    if dropped.answer == host.WATCHERS_FULL:
        return "refused: watchers full"
    if dropped.answer == STILL_HELD:
        return "still connected when the moves ended"
    if dropped.kind == "watcher" and dropped.answer == "welcomed":
        return "welcomed, then let go unread (BEHIND)"
    if not dropped.answer:
        if dropped.held >= host.FIRST_LINE_WAIT - 0.25:
            return "dropped without a word: the first-line wait"
        if dropped.sent > host.CLIENT_LINE_LIMIT:
            return "dropped without a word: over the line limit"
        return "dropped without a word"
    return f"refused: {dropped.answer}"


def report(found: HostLoad) -> str:
    base, hit = found.baseline, found.attacked
    growth, base_growth = hit.growth_mib(), base.growth_mib()
    p95 = hit.answer("p95")
    lines = [
        f"{found.game}, {found.seats} seats joined over the socket; {found.moves} moves a run; "
        f"attacked by {found.lines} unfinished 4 MB lines and {found.watchers} watchers "
        "that never read",
        "",
        "| run | moves | seconds | host CPU | load average before, after "
        "| RSS before (MiB) | after the attackers came | after the moves "
        "| after they left | most read during | growth over the moves (MiB) | peak VmHWM | "
        "answer median | p95 | max |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, run in (("no attackers", base), ("attacked", hit)):
        lines.append(
            f"| {name} | {len(run.answers)} | {run.seconds:.1f} | {run.host_cpu:.1f} s "
            f"| {run.load[0]}; {run.load[1]} | {_mib(run.rss.get('before'))} "
            f"| {_mib(run.rss.get('connected'))} | {_mib(run.rss.get('after'))} "
            f"| {_mib(run.rss.get('left'))} | {_mib(run.sampled_max or None)} "
            f"| {run.growth_mib():+.1f} | {_mib(run.hwm or None)} "
            f"| {_ms(run.answer('median'))} | {_ms(run.answer('p95'))} "
            f"| {_ms(run.answer('max'))} |"
        )
    met_growth = "met" if growth <= GROWTH_GOAL_MIB else "NOT met"
    met_answer = "met" if p95 <= ANSWER_GOAL_S else "NOT met"
    lines += [
        "",
        f"goal: RSS growth under attack <= {GROWTH_GOAL_MIB:g} MiB: {growth:+.1f} MiB, "
        f"{met_growth} (the same moves unattacked: {base_growth:+.1f} MiB)",
        f"goal: p95 answer under attack <= {ANSWER_GOAL_S * 1000:g} ms: {_ms(p95)}, {met_answer} "
        f"(unattacked: {_ms(base.answer('p95'))})",
    ]
    if hit.dropped:
        during = hit.host_stats.get("during the moves", {})
        lines += [
            "",
            f"The attackers over {hit.attack_seconds:.0f} s, {hit.attack_cpu:.1f} s of CPU in "
            "their own process (each dials again once dropped); "
            f"watchers the host held once they came: {hit.watching_at_start}; "
            f"the most held at once during the moves: {during.get('peak_greeting', '?')} "
            f"connections not yet let in, {during.get('peak_watchers', '?')} watchers.",
            "",
            attackers_table(hit),
        ]
    lines.append("")
    for name, run in (("no attackers", base), ("attacked", hit)):
        heaps = [run.host_stats.get(when, {}).get("heap") for when in
                 ("before", "during the moves")]
        if all(heaps):
            (before, after) = heaps
            lines.append(
                f"The host's C heap ({name}; glibc mallinfo2), before the moves -> after: "
                f"in use {before['in_use'] / 1024:.1f} -> {after['in_use'] / 1024:.1f} MiB, "
                f"freed but still held {before['free_kept'] / 1024:.1f} -> "
                f"{after['free_kept'] / 1024:.1f} MiB"
            )
    for name, run in (("no attackers", base), ("attacked", hit)):
        if run.probes:
            let_in = sum(answer == "welcomed" for answer, _ in run.probes)
            others = sorted({answer for answer, _ in run.probes if answer != "welcomed"})
            lines.append(
                f"An honest watcher knocking every {PROBE_EVERY} moves ({name}): let in "
                f"{let_in} of {len(run.probes)}, answered within "
                f"{_ms(max(t for _, t in run.probes))}"
                + (f"; otherwise: {'; '.join(others)}" if others else "")
            )
    for name, run in (("no attackers", base), ("attacked", hit)):
        if run.trace:
            lines += ["", f"tracemalloc in the host ({name}), from its start to the end:"]
            lines += run.trace
    for problem in found.problems:
        lines.append(f"problem: {problem}")
    return "\n".join(lines)


def _terminated(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--lines", type=int, default=LINES,
                        help="connections sending an unfinished 4 MB line")
    parser.add_argument("--watchers", type=int, default=WATCHERS,
                        help="watchers that never read")
    parser.add_argument("--game", default=GAME)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--trace", action="store_true",
                        help="run the host under tracemalloc and show where its memory grew")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(_serve(args.serve, args.game, args.seed, args.trace))
        return 0
    if args.attack is not None:
        asyncio.run(_attack(args.attack, args.lines, args.watchers))
        return 0
    signal.signal(signal.SIGTERM, _terminated)  # (the children and the folder go, even so)
    print(f"host under load: {args.moves} moves, twice ...", file=sys.stderr)
    found = measure(args.moves, args.lines, args.watchers, args.game, args.seed, args.trace)
    print(report(found))
    return 1 if found.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
