"""The load bench of issue 33: one ``parlour serve`` holding many tables over SSH.

``parlour serve`` is started with a data folder of its own. It opens ``--tables`` tables
of Persuasion with four person seats each (``ssh_players.open_tables``), and every seat
is a scripted terminal at the SSH door (``ssh_players.Terminal``: a pty of 80x24, a
``pyte`` screen) that plays its seat by keys (``ssh_players.play_seat``), with
``--watchers`` more terminals watching (each table's watch code in turn). Two processes
play: this one holds the sample (``--sample`` tables: their seats and watchers) and
times keys there; a second (this script with ``--players``) holds every other table's
terminals, so the timing process stays light (at nice 10: they stand for guests' own
machines). Play is paced: ``--rate`` decisions a
second over all seats (people deciding, not a flood), until each table's journal holds
``--moves`` moves.

The rows:

* **Key to repaint** on a sampled seat, on its open decision (a cursor key down and back
  on its options, before it answers), each press paired with the same key pressed just
  before on a hotseat ``parlour resume`` of a late Persuasion reception at the same size
  (80x24, in a pty), both under the same load. Goals: the median of the per-pair ratios
  at most 1.6x, the 95th percentile at most 3x.
* **Memory per seat**: the seat houses' own memory (USS) over the terminals they hold,
  with every terminal connected (and again once play is done: the larger is kept). Goal:
  at most 10 MB a seat. Beside it, for information: the zygote, and the server process's
  growth per seat (each table's headless app and host live there).
* **Moves lost**: each table's journal against the decisions its seats saw taken. Goal 0.
* **Secrets on a wrong terminal**: the sample's every byte, scanned as the host issue's
  wire scan does (``tests/screen_sweep.scan``: another seat's secret that is not public).
  Goal 0.
* **Kill -9 and restart**: the server's whole session is killed with SIGKILL, started
  again on the same data folder: every table must be listed again with the moves its
  journal had, and a sampled seat's code must open its seat again. Goals: every table
  back, 0 moves lost.

Bounded: a global ``--timeout`` (default 900 s); the server's session is killed on any
failure. Run alone: ``.venv/bin/python bench/serve_load.py [--tables 50 --watchers 100]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import browser_seat  # noqa: E402
from late_saves import make_scenes  # noqa: E402
from pty_app import PARLOUR, PtyApp  # noqa: E402
from ssh_players import (  # noqa: E402
    NAMES,
    Journal,
    OpenedTable,
    SeatPlay,
    Terminal,
    ask,
    kill_started,
    open_tables,
    percentile,
    play_seat,
    seated,
    start_server,
    stop_server,
)

from tui.net import wire  # noqa: E402

MEDIAN_GOAL = 1.6
P95_GOAL = 3.0
SEAT_USS_GOAL_KIB = 10 * 1024
COLS, ROWS = 80, 24
PLAYERS_NICE = 10
"""The niceness of the process playing the other tables' terminals."""
CONNECTING = 4
"""Terminals connecting at once (the door lets 32 knock at a time)."""
ZYGOTE = b"tui.net.seat_zygote"
DOORS = b"tui.serve.doors"


@dataclass
class Load:
    tables: int = 0
    terminals: int = 0
    pairs: list[tuple[float, float]] = field(default_factory=list)
    """(a sampled seat's press, the hotseat press just before it), seconds: from the key
    to the end of the frame it caused (the seat's first after it: a table's move may
    paint more frames in the same wait, counted in ``with_moves``)."""
    with_moves: int = 0
    houses_kib: tuple[int, int, int] = (0, 0, 0)
    """The seat houses when fullest: (their count, RSS, USS), KiB."""
    zygote_kib: tuple[int, int] = (0, 0)
    server_growth_kib: int = 0
    moves: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each table: (moves its journal holds, decisions its seats saw taken)."""
    scanned: int = 0
    hits: list[str] = field(default_factory=list)
    back: int = 0
    moves_after: dict[str, int] = field(default_factory=dict)
    rejoined: bool = False
    played_s: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds each part used while the tables played."""
    problems: list[str] = field(default_factory=list)

    def ratios(self) -> list[float]:
        return [seat / hot for seat, hot in self.pairs]

    @property
    def uss_per_seat_kib(self) -> float:
        return self.houses_kib[2] / max(1, self.terminals)

    @property
    def lost(self) -> int:
        return sum(max(0, seen - held) for held, seen in self.moves.values())

    @property
    def lost_in_restart(self) -> int:
        return sum(
            max(0, held - self.moves_after.get(table, 0)) for table, (held, _) in self.moves.items()
        )


class Pace:
    """At most ``rate`` decisions a second, shared by every seat of one process."""

    def __init__(self, rate: float) -> None:
        self.every = 1.0 / rate
        self.next = time.perf_counter()
        self.lock = asyncio.Lock()

    async def __call__(self) -> None:
        async with self.lock:
            now = time.perf_counter()
            self.next = max(self.next + self.every, now)
            wait = self.next - now
        if wait > 0:
            await asyncio.sleep(wait)


async def connect_all(port: int, wanted: list[tuple[str, str]]) -> list[Terminal]:
    """A terminal for each (name, code), ``CONNECTING`` at a time."""
    terminals = [Terminal(name, COLS, ROWS) for name, _ in wanted]
    gate = asyncio.Semaphore(CONNECTING)

    async def one(terminal: Terminal, code: str) -> None:
        async with gate:  # (until its screen shows: guests arrive, they do not stampede)
            await terminal.connect(port, code, timeout=120)
            await terminal.until(seated, 120)

    await asyncio.gather(*(one(t, code) for t, (_, code) in zip(terminals, wanted, strict=True)))
    return terminals


def terminals_for(tables: list[OpenedTable], first: int, watchers: int) -> list[tuple[str, str]]:
    """Each table's four seats, then ``watchers`` watching terminals over the tables."""
    wanted = [
        (f"t{first + n}.{NAMES[s]}", code)
        for n, table in enumerate(tables)
        for s, code in enumerate(table.codes)
    ]
    for w in range(watchers):
        n = w % len(tables)
        wanted.append((f"t{first + n}.watcher{w // len(tables) + 1}", tables[n].watch))
    return wanted


async def play_tables(
    tables: list[OpenedTable],
    seats: list[Terminal],
    journals: list[Journal],
    moves: int,
    pace: Pace,
    around_press: Any = None,
) -> list[SeatPlay]:
    plays = []
    for number, journal in enumerate(journals):

        def enough(journal: Journal = journal) -> bool:
            return journal.moves() >= moves

        for terminal in seats[number * 4 : number * 4 + 4]:
            plays.append(
                play_seat(
                    terminal,
                    stop=enough,
                    probe=around_press is not None,
                    pace=pace,
                    around_press=around_press,
                )  # fmt: skip
            )
    return list(await asyncio.gather(*plays))


# --- the players' process --------------------------------------------------------------


def yield_to_the_parlour(nice: int) -> None:
    """Take ``nice``, and where Linux groups processes by session for the CPU (autogroup)
    give this process's session-group that niceness too: this process leads a session of
    its own, and a niceness weighs only against processes of the same group (each seat
    house leads its own session, so a niceness alone held these terminals back against
    nothing of the parlour's)."""
    os.nice(nice)
    group = Path("/proc/self/autogroup")
    for _ in range(40):  # (Linux takes one change of a group's niceness per 0.1 s)
        try:
            group.write_text(str(nice))
            return
        except OSError as exc:
            if exc.errno != errno.EAGAIN:
                return  # (no autogroups here: the niceness is enough)
            time.sleep(0.15)


async def players(job: dict[str, Any]) -> int:
    """Connect every terminal of ``job``, say so, wait for "go", play, print the result.
    At ``PLAYERS_NICE``: these terminals stand for guests' own machines, so they take
    only the CPU the parlour leaves."""
    yield_to_the_parlour(PLAYERS_NICE)
    tables = [OpenedTable(t["table"], tuple(t["codes"]), t["watch"]) for t in job["tables"]]
    wanted = terminals_for(tables, job["first"], job["watchers"])
    terminals = await connect_all(job["port"], wanted)
    print("connected", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    seats = terminals[: 4 * len(tables)]
    journals = [Journal(Path(t["journal"])) for t in job["tables"]]
    played = await play_tables(tables, seats, journals, job["moves"], Pace(job["rate"]))
    decisions = {
        table.table: sum(p.decisions for p in played[n * 4 : n * 4 + 4])
        for n, table in enumerate(tables)
    }
    print("RESULT " + json.dumps({"decisions": decisions}), flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)  # (held until the bench is done)
    for terminal in terminals:
        terminal.close()
    return 0


# --- the bench -------------------------------------------------------------------------


def doors(server: int) -> list[int]:
    """The server's doors' process (``tui.serve.doors``), and the server's own."""
    return [server, *browser_seat.children(server, DOORS)]


def houses(server: int) -> list[int]:
    """The seat houses (children of the seat zygotes of the server's doors) now alive."""
    return [
        house
        for door in doors(server)
        for zygote in browser_seat.children(door, ZYGOTE)
        for house in browser_seat.children(zygote, ZYGOTE)
    ]


def server_kib(server: int) -> int:
    """The server's own memory (USS) and its doors' process's."""
    return sum(browser_seat.memory_kib(pid)[1] for pid in doors(server))


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_now(parts: dict[str, list[int]]) -> dict[str, float]:
    return {name: sum(cpu_seconds(pid) for pid in pids) for name, pids in parts.items()}


def house_memory(server: int) -> tuple[int, int, int]:
    found = [browser_seat.memory_kib(pid) for pid in houses(server)]
    return len(found), sum(r for r, _ in found), sum(u for _, u in found)


def hotseat_app(folder: Path) -> PtyApp:
    """``parlour resume`` of a late Persuasion reception (its card list), at 80x24."""
    scene = next(s for s in make_scenes(folder / "scenes") if s.game == "persuasion")
    app = PtyApp([PARLOUR, "resume", str(scene.path), "--saves", str(folder / "h")], cols=COLS,
                 rows=ROWS)  # fmt: skip
    app.wait_frames(1)
    app.settle(0.3)
    for key in scene.opening:
        app.press(key)
        app.settle(0.3)
    return app


async def measure(args: argparse.Namespace) -> Load:
    load = Load(tables=args.tables)
    folder = Path(tempfile.mkdtemp(prefix="parlour-serve-load-"))
    limits = ["--tables", str(args.tables + 5), "--seats", str(4 * args.tables + 20)]
    served = await start_server(folder, args.bot_delay, more=limits)
    helper: asyncio.subprocess.Process | None = None
    terminals: list[Terminal] = []
    hotseat = await asyncio.to_thread(hotseat_app, folder)
    try:
        server_before = server_kib(served.process.pid)
        opened = await open_tables(served.socket, count=args.tables)
        sample, rest = opened[: args.sample], opened[args.sample :]
        share = args.sample / args.tables
        sample_watchers = round(args.watchers * share)
        job = {
            "port": served.port, "first": args.sample + 1, "moves": args.moves,
            "watchers": args.watchers - sample_watchers, "rate": args.rate * (1 - share),
            "tables": [
                {"table": t.table, "codes": list(t.codes), "watch": t.watch,
                 "journal": str(served.journal(t.table))}
                for t in rest
            ],
        }  # fmt: skip
        helper = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--players", json.dumps(job),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            start_new_session=True,  # (a scheduling group of its own: yield_to_the_parlour)
        )  # fmt: skip
        assert helper.stdout is not None and helper.stdin is not None
        line = await helper.stdout.readline()
        if line.strip() != b"connected":
            raise RuntimeError(f"the players did not connect: {line!r}")
        terminals = await connect_all(served.port, terminals_for(sample, 1, sample_watchers))
        load.terminals = 4 * args.tables + args.watchers
        load.houses_kib = house_memory(served.process.pid)
        (zygote,) = (
            z for door in doors(served.process.pid) for z in browser_seat.children(door, ZYGOTE)
        )
        load.zygote_kib = browser_seat.memory_kib(zygote)
        load.server_growth_kib = server_kib(served.process.pid) - server_before

        timing = asyncio.Lock()
        hot_keys = ["down", "up"]

        @contextlib.asynccontextmanager
        async def around_press() -> AsyncIterator[None]:
            """One timed pair at a time: the hotseat's key, then the seat's."""
            async with timing:
                key = hot_keys[len(pending) % 2]
                hot, _, _ = await asyncio.to_thread(hotseat.key_to_repaint, key)
                pending.append(hot)
                yield

        pending: list[float] = []
        parts = {
            "seat houses": houses(served.process.pid),
            "the server's tables": [served.process.pid],
            "the server's doors": doors(served.process.pid)[1:],
            "the players' terminals": [helper.pid],
            "this bench": [os.getpid()],
            "the hotseat app": [hotseat.pid],
        }
        cpu_before = cpu_now(parts)
        began = time.perf_counter()
        helper.stdin.write(b"go\n")
        journals = [Journal(served.journal(t.table)) for t in sample]
        seats = terminals[: 4 * len(sample)]
        played = await play_tables(
            sample, seats, journals, args.moves, Pace(args.rate * share), around_press
        )
        presses = sorted((p for seat in played for p in seat.cursor), key=lambda p: p.sent)
        load.pairs = [(p.first, hot) for p, hot in zip(presses, pending, strict=True)]
        load.with_moves = sum(p.frames > 1 for p in presses)
        line = await helper.stdout.readline()
        if not line.startswith(b"RESULT "):
            raise RuntimeError(f"the players stopped: {line!r}")
        load.played_s = time.perf_counter() - began
        cpu_after = cpu_now(parts)
        load.cpu = {name: cpu_after[name] - cpu_before[name] for name in parts}
        decisions = json.loads(line[len(b"RESULT ") :])["decisions"]
        for n, table in enumerate(sample):
            decisions[table.table] = sum(p.decisions for p in played[n * 4 : n * 4 + 4])
        fuller = house_memory(served.process.pid)
        if fuller[2] > load.houses_kib[2]:
            load.houses_kib = fuller
        for table in opened:
            load.moves[table.table] = (
                Journal(served.journal(table.table)).moves(),
                decisions[table.table],
            )
        scan_sample(load, served.data, sample, terminals)
        await restart(load, served, folder, opened, args, terminals[0])
    finally:
        for terminal in terminals:
            terminal.close()
        if helper is not None and helper.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                helper.kill()
            await helper.wait()
        hotseat.close()
        await stop_server(served, patience=5.0)
        kill_started()
    return load


def scan_sample(
    load: Load, data: Path, sample: list[OpenedTable], terminals: list[Terminal]
) -> None:
    """Every byte each sampled terminal got, scanned for another seat's secret."""
    from tests.screen_sweep import scan
    from tui.persistence.saves import load as load_save

    for n, table in enumerate(sample):
        session = load_save(data / "tables" / f"{table.table}.json")
        mine = [t for t in terminals if t.name.startswith(f"t{n + 1}.")]
        for terminal in mine:
            seat = next((s for s, name in enumerate(NAMES) if terminal.name.endswith(name)), None)
            text = bytes(terminal.all_bytes).decode("utf-8", "replace")
            load.scanned += 1
            load.hits += [f"{terminal.name}: {hit}" for hit in scan(session, text, seat).hits]


REJOIN = re.compile(r"rejoin code ([A-Z0-9]{3}-[A-Z0-9]{3})")


def rejoin_code(terminal: Terminal) -> str:
    """The rejoin code the seat's terminal was shown (in the toast after its first join)."""
    text = ESCAPE.sub(" ", bytes(terminal.all_bytes).decode("utf-8", "replace"))
    words = " ".join(re.sub(r"[^A-Za-z0-9-]+", " ", text).split())
    found = REJOIN.search(words)
    return found.group(1) if found else ""


ESCAPE = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]")


async def restart(
    load: Load,
    served: Any,
    folder: Path,
    opened: list[OpenedTable],
    args: argparse.Namespace,
    rejoining: Terminal,
) -> None:
    """Kill the server's whole session with SIGKILL, start it again on the same data."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(served.process.pid, signal.SIGKILL)
    await served.process.wait()
    limits = ["--tables", str(args.tables + 5), "--seats", str(4 * args.tables + 20)]
    again = await start_server(folder, args.bot_delay, more=limits, timeout=300)
    try:
        answer = await ask(again.socket, wire.AskTables(wire.PROTOCOL))
        listed = {row.table for row in getattr(answer, "rows", ())}
        load.back = sum(table.table in listed for table in opened)
        for table in opened:
            load.moves_after[table.table] = Journal(again.journal(table.table)).moves()
        code = rejoin_code(rejoining)
        if not code:
            load.problems.append(f"{rejoining.name}: no rejoin code was shown on its terminal")
            return
        terminal = Terminal("rejoin", COLS, ROWS)
        await terminal.connect(again.port, code)
        await terminal.until(lambda text: "Persuasion" in text or "Ann" in text, 60)
        load.rejoined = True
        terminal.close()
    finally:
        await stop_server(again)


def report(load: Load) -> list[str]:
    ratios = load.ratios()
    median = statistics.median(ratios) if ratios else float("nan")
    p95 = percentile(ratios, 0.95) if ratios else float("nan")
    seats = [s for s, _ in load.pairs]
    hots = [h for _, h in load.pairs]
    count, rss, uss = load.houses_kib
    lines = [
        f"load: {load.tables} tables of 4 seats over SSH and "
        f"{load.terminals - 4 * load.tables} watchers ({load.terminals} terminals), "
        f"played for {load.played_s:.0f} s",
        f"key to repaint on a seat: median {statistics.median(seats) * 1000:.1f} ms against "
        f"hotseat {statistics.median(hots) * 1000:.1f} ms; per-pair ratio median {median:.2f}x "
        f"(goal <= {MEDIAN_GOAL}x), p95 {p95:.2f}x (goal <= {P95_GOAL}x), {len(ratios)} pairs "
        f"({load.with_moves} with a table's move painted in the same wait)",
        f"seat houses: {count} holding {load.terminals} terminals, {uss / 1024:.0f} MiB USS "
        f"({rss / 1024:.0f} MiB RSS): {load.uss_per_seat_kib / 1024:.2f} MiB USS a seat "
        f"(goal <= {SEAT_USS_GOAL_KIB // 1024} MiB); the zygote {load.zygote_kib[1] / 1024:.0f} "
        f"MiB USS once; the server grew {load.server_growth_kib / 1024:.0f} MiB "
        f"({load.server_growth_kib / max(1, load.terminals) / 1024:.2f} MiB a terminal: each "
        f"table's app and host)",
        f"moves: {sum(h for h, _ in load.moves.values())} in the journals, "
        f"{sum(s for _, s in load.moves.values())} decisions seen taken, {load.lost} lost "
        f"(goal 0)",
        f"secrets on a wrong terminal: {len(load.hits)} in {load.scanned} sampled terminals "
        f"(goal 0)",
        f"kill -9 and restart: {load.back} of {load.tables} tables back, "
        f"{load.lost_in_restart} moves lost (goal 0), a seat's code "
        f"{'opened its seat again' if load.rejoined else 'did NOT open its seat'}",
    ]
    lines.append(
        "    CPU while playing: "
        + ", ".join(f"{name} {used:.0f} s" for name, used in load.cpu.items())
        + f" (of {(os.cpu_count() or 1) * load.played_s:.0f} s on {os.cpu_count()} cores)"
    )
    slowest = sorted(load.pairs, key=lambda pair: -pair[0] / pair[1])[:5]
    lines.append(
        "    the five slowest pairs (seat / hotseat ms): "
        + ", ".join(f"{seat * 1000:.0f}/{hot * 1000:.0f}" for seat, hot in slowest)
    )
    lines += [f"    hit: {hit}" for hit in load.hits[:10]]
    lines += [f"    problem: {p}" for p in dict.fromkeys(load.problems)]
    return lines


def met(load: Load) -> bool:
    ratios = load.ratios()
    return bool(
        ratios
        and statistics.median(ratios) <= MEDIAN_GOAL
        and percentile(ratios, 0.95) <= P95_GOAL
        and load.uss_per_seat_kib <= SEAT_USS_GOAL_KIB
        and load.lost == 0
        and not load.hits
        and load.back == load.tables
        and load.lost_in_restart == 0
        and load.rejoined
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50, help="tables of 4 seats (default 50)")
    p.add_argument("--watchers", type=int, default=100, help="watching terminals (default 100)")
    p.add_argument("--sample", type=int, default=2, help="tables timed and scanned (default 2)")
    p.add_argument("--moves", type=int, default=8, help="moves each table plays (default 8)")
    p.add_argument("--rate", type=float, default=3.0, help="decisions a second, all seats")
    p.add_argument("--bot-delay", type=float, default=0.05, help="the server's bot delay")
    p.add_argument("--timeout", type=float, default=900.0, help="give up after (s)")
    p.add_argument("--players", help=argparse.SUPPRESS)
    return p


def run_bounded(args: argparse.Namespace) -> Load:
    """``measure`` within ``args.timeout`` seconds (TimeoutError after), every server it
    started killed at the end."""
    try:
        return asyncio.run(asyncio.wait_for(measure(args), args.timeout))
    finally:
        kill_started()


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.players:
        return asyncio.run(players(json.loads(args.players)))
    try:
        load = run_bounded(args)
    except TimeoutError:
        print(f"serve_load: not done in {args.timeout:g}s", file=sys.stderr)
        return 1
    for line in report(load):
        print(line)
    print("goals met" if met(load) else "goals NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
