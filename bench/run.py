"""``make bench``: every comparison with the bare Textual app, as one table.

Runs the screen benches (``keys.py``: key to repaint and bytes per cursor move
on each game's busiest screen; ``screens_open.py``: opening help, the setup form,
the resume list of 100 saves and the end of a game), startup and memory
(``startup.py``) and the engine step (``engine_step.py``) and the hand-offs
(``handoffs.py``: curtains per round, the same person twice) and the joined seats
(``joined.py``: key to repaint on a seat's own terminal, over the socket, through
the SSH door and in a browser page at the browser door, against the same screen in
hotseat play; the browser seat's first frame; the host's memory per joined seat and per
browser page, and the browser page's child's) and the host under attack
(``host_load.py``: its memory growth and how soon a seat's move is answered while
unfinished 4 MB lines and watchers that never read beset it, against the same moves
unattacked) and the tournament (``tournament.py``: a bot among random seats, and each
seat's share at an all-bot table, per game), then prints one row per figure: the
measure, the game, Parlour's value, the reference it is divided by, the ratio, the
goal and whether it is met. ``--write-readme`` puts the table, the date and the
machine into bench/README.md (the tournament's table into its own place there).
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine_step  # noqa: E402
import handoffs  # noqa: E402
import host_load  # noqa: E402
import joined  # noqa: E402
import keys  # noqa: E402
import screens_open  # noqa: E402
import serve_load  # noqa: E402
import startup  # noqa: E402
import tournament  # noqa: E402

README = Path(__file__).resolve().parent / "README.md"
BEGIN, END = "<!-- bench table: written by `bench/run.py --write-readme` -->", "<!-- end -->"


@dataclass
class Row:
    measure: str
    game: str
    value: str
    reference: str
    ratio: float
    goal: float | None  # None: shown for information, no goal

    @property
    def met(self) -> str:
        if self.goal is None:
            return "n/a"
        if math.isnan(self.ratio):
            return "error"
        return "yes" if self.ratio <= self.goal else "NO"

    def cells(self) -> list[str]:
        ratio = "n/a" if math.isnan(self.ratio) else f"{self.ratio:.2f}"
        goal = "n/a" if self.goal is None else f"<= {self.goal:g}"
        if self.measure.startswith("bytes") and not math.isnan(self.ratio):
            ratio = f"{self.ratio:.1%}"
            goal = "n/a" if self.goal is None else f"<= {self.goal:.0%}"
        return [self.measure, self.game, self.value, self.reference, ratio, goal, self.met]


HEADS = ["measure", "game (screen)", "Parlour", "reference", "ratio", "goal", "met"]


def machine() -> str:
    import textual

    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{platform.platform()}; {cpu}; {os.cpu_count()} cores; "
        f"Python {platform.python_version()}; Textual {textual.__version__}"
    )


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def utc_now() -> str:
    """``date -u``, as the README records it."""
    try:
        return subprocess.run(["date", "-u"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return datetime.datetime.now(datetime.UTC).strftime("%a %b %d %H:%M:%S UTC %Y")


def ms(seconds: float) -> str:
    return "error" if math.isnan(seconds) else f"{seconds * 1000:.1f} ms"


def collect(args: argparse.Namespace) -> tuple[list[Row], list[str], list[str]]:
    rows: list[Row] = []
    notes: list[str] = []
    split: list[str] = []

    print("screens: key to repaint and bytes per cursor move ...", file=sys.stderr)
    scenes = keys.measure(presses=args.presses)
    bare_all = [s for r in scenes for s in r.bare_s]
    bare_key = statistics.median(bare_all) if bare_all else math.nan

    print("startup and memory ...", file=sys.stderr)
    found = startup.measure(runs=args.runs)
    rows.append(Row(
        "startup: spawn to first complete frame", "lobby",
        ms(statistics.median(found["parlour_s"])), ms(statistics.median(found["bare_s"])),
        startup.paired_ratio(found, "s"), 1.3,
    ))

    for r in scenes:
        # A scroll is measured against the bare app scrolling a long text the same
        # way (the same kind of work); against the bare cursor it is information.
        rows.append(Row(
            "key to repaint (pty)", f"{r.scene.game}: {r.scene.screen}",
            ms(r.median("parlour_s")), ms(r.median("bare_s")), r.paired_ratio(),
            None if r.scroll_s else 1.2,
        ))
        if r.scroll_s:
            rows.append(Row(
                "key to repaint: the tale's scroll / the bare app's scroll", r.scene.game,
                ms(r.median("parlour_s")), ms(r.median("scroll_s")),
                r.median("parlour_s") / r.median("scroll_s"), 1.2,
            ))
    for r in scenes:
        scroll = "tale" in r.scene.screen
        full = r.full_bytes or math.nan
        rows.append(Row(
            "bytes: one tale scroll / full repaint" if scroll
            else "bytes: one cursor move / full repaint",
            f"{r.scene.game}: {r.scene.screen}",
            f"{r.median('parlour_bytes'):.0f} B", f"{r.full_bytes} B",
            r.median("parlour_bytes") / full, None if scroll else 0.15,
        ))
        for problem in dict.fromkeys(r.problems):
            notes.append(f"{r.scene.game}, {r.scene.screen}: {problem}")

    print("opening screens: help, setup, the resume list, the end of a game ...", file=sys.stderr)
    for opening in screens_open.measure(reps=args.openings, end_reps=args.ends):
        rows.append(Row(
            opening.measure, opening.screen, ms(opening.median("parlour_s")),
            ms(opening.median("bare_s")), opening.paired_ratio(), opening.goal,
        ))
        for problem in opening.problems:
            notes.append(f"{opening.screen}: {problem}")

    rows.append(Row(
        "resident memory after first frame", "lobby",
        f"{statistics.median(found['parlour_kib']) / 1024:.1f} MiB",
        f"{statistics.median(found['bare_kib']) / 1024:.1f} MiB",
        startup.paired_ratio(found, "kib"), 1.5,
    ))

    print("joined seats: a seat's own terminal, over the socket, the SSH door and a "
          "browser page ...", file=sys.stderr)
    try:
        seats = joined.measure(presses=args.presses)
    except Exception as exc:  # a broken door must not hide the other rows
        notes.append(f"joined seats: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    else:
        island = "island: IslandTable (hex board)"
        for name, how, goal in (("joined", "parlour join", 1.3), ("door", "the SSH door", 1.6)):
            rows.append(Row(
                f"key to repaint on a joined seat ({how}) / the same screen in hotseat play",
                island, ms(seats.median(name)),
                ms(seats.median(name, hotseat=True)), seats.ratio(name), goal,
            ))
        lobby_kib = statistics.median(found["parlour_kib"])
        browser = seats.browser
        if seats.browser_skipped:
            rows.append(Row(seats.browser_skipped, "island", "skipped", "-", math.nan, None))
        elif browser is not None:
            page = f"{island}, {browser.size[0]}x{browser.size[1]}"
            rows += [
                Row("key to repaint on a browser seat (headless Chromium, 1280x800; key sent "
                    "to the repaint received) / the same screen in hotseat play", page,
                    ms(seats.median("browser")), ms(seats.median("browser", hotseat=True)),
                    seats.ratio("browser"), 1.6),
                Row("first frame of a browser seat (the link opened to its first paint) / "
                    "hotseat spawn to first frame", page, ms(browser.median("first")),
                    ms(browser.median("first", hotseat=True)), browser.ratio("first"), None),
                Row("first complete frame of a browser seat (the link opened) / hotseat "
                    "spawn to first complete frame", page, ms(browser.median("complete")),
                    ms(browser.median("complete", hotseat=True)), browser.ratio("complete"),
                    None),
            ]
        rows.append(Row(
            "host memory per joined seat (host RSS, all joined less none) / lobby RSS",
            f"island ({seats.seats} seats)", f"{seats.kib_per_seat:.0f} KiB",
            f"{lobby_kib:.0f} KiB", seats.kib_per_seat / lobby_kib, None,
        ))
        if browser is not None:
            growth = browser.median("host_growth_kib")
            rss, uss = browser.median("child_rss_kib"), browser.median("child_uss_kib")
            rows += [
                Row("host memory per browser seat (host RSS, the page joined less before; "
                    f"the door's first page {browser.host_first_kib:+d} KiB once) / lobby RSS",
                    "island (1 page)", f"{growth:.0f} KiB", f"{lobby_kib:.0f} KiB",
                    growth / lobby_kib, None),
                Row("memory of a browser seat's child (RSS, and its own pages: USS) / lobby RSS",
                    "island (1 page)", f"{rss / 1024:.1f} MiB (USS {uss / 1024:.1f} MiB)",
                    f"{lobby_kib / 1024:.1f} MiB", rss / lobby_kib, None),
            ]
        notes += [f"joined seats: {p}" for p in dict.fromkeys(seats.problems)]

    print("the host under attack: unfinished lines and watchers that never read ...",
          file=sys.stderr)
    try:
        attacked = host_load.measure(moves=args.host_moves)
    except Exception as exc:  # a broken host must not hide the other rows
        notes.append(f"host under attack: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    else:
        rows += host_load_rows(attacked)
        notes += [f"host under attack: {p}" for p in attacked.problems]

    print("parlour serve under load: 50 tables over SSH, 100 watchers ...", file=sys.stderr)
    try:
        served = serve_load.run_bounded(serve_load.parser().parse_args([]))
    except Exception as exc:  # a broken server must not hide the other rows
        notes.append(f"serve under load: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    else:
        rows += serve_load_rows(served)
        notes += [f"serve under load: {p}" for p in served.problems]

    print("engine step ...", file=sys.stderr)
    floor = statistics.median(engine_step.durable_write_floor())
    for game_id, timings in engine_step.measure(games=args.games).items():
        step = statistics.median(timings["step"])
        rules = statistics.median(timings["rules"])
        save = statistics.median(timings["save"])
        rules_row = "the rules' part of a step (apply + every seat's view) / bare key to repaint"
        rows.append(Row(rules_row, game_id, ms(rules), ms(bare_key), rules / bare_key, 0.1))
        rows.append(Row(
            "engine step (apply + views + autosave) / bare key to repaint", game_id,
            ms(step), ms(bare_key), step / bare_key, None,
        ))
        split.append(
            f"| {game_id} | {step * 1000:.2f} | {rules * 1000:.2f} | {save * 1000:.2f} "
            f"| {rules / bare_key:.2f} | {len(timings['step'])} |"
        )
        rows.append(Row(
            "autosave late in the game (append + fsync) / durable-write floor", game_id,
            ms(save), ms(floor), save / floor, 1.2,
        ))
        most = max(timings["bytes"])
        rows.append(Row(
            "written per action, the most in a late game / 1 KB", game_id,
            f"{most:.0f} B", "1024 B", most / 1024, 1.0,
        ))
        resume = statistics.median(timings["resume"])
        rows.append(Row(
            "resume the longest bench game (read, check, replay) / 1 s", game_id,
            ms(resume), "1000 ms", resume, 1.0,
        ))
    rows.append(Row(
        "floor: one durable 1 KB write (fsync file and folder) / bare key", "any",
        ms(floor), ms(bare_key), floor / bare_key, None,
    ))
    return rows, notes, split


def serve_load_rows(load: serve_load.Load) -> list[Row]:
    """Issue 33's points 3 and 4: ``parlour serve`` with its tables over SSH."""
    where = (
        f"persuasion, {load.tables} tables x 4 seats + {load.terminals - 4 * load.tables} "
        f"watchers over SSH"
    )
    ratios = load.ratios()
    seats, hots = [s for s, _ in load.pairs], [h for _, h in load.pairs]
    p95 = serve_load.percentile(ratios, 0.95) if ratios else math.nan
    goal_kib = serve_load.SEAT_USS_GOAL_KIB
    return [
        Row("key to repaint on a served seat under load (median of per-pair ratios) / "
            "hotseat, same load", where, ms(statistics.median(seats)),
            ms(statistics.median(hots)), statistics.median(ratios), serve_load.MEDIAN_GOAL),
        Row("key to repaint on a served seat under load (95th percentile of the ratios) / "
            "hotseat", where, ms(serve_load.percentile(seats, 0.95)),
            ms(serve_load.percentile(hots, 0.95)), p95, serve_load.P95_GOAL),
        Row("a seat's own memory (the seat houses' USS over their terminals) / 10 MB", where,
            f"{load.uss_per_seat_kib / 1024:.2f} MiB", f"{goal_kib / 1024:g} MiB",
            load.uss_per_seat_kib / goal_kib, 1.0),
        Row("moves lost (journals against decisions seen taken)", where, str(load.lost), "0",
            float(load.lost), 0.0),
        Row("another seat's secret on a sampled terminal (wire scan)", where,
            str(len(load.hits)), f"0 of {load.scanned} terminals", float(len(load.hits)), 0.0),
        Row("kill -9 and restart: tables not back, and moves lost", where,
            f"{load.tables - load.back} not back, {load.lost_in_restart} lost", "0",
            float(load.tables - load.back + load.lost_in_restart + (not load.rejoined)), 0.0),
    ]


def host_load_rows(found: host_load.HostLoad) -> list[Row]:
    """Issue 28's goal: the host's memory grows at most 20 MB and seats are answered
    within 50 ms while beset; beside each, the same moves unattacked."""
    base, hit = found.baseline, found.attacked
    table = f"{found.game} ({found.seats} seats joined), {len(hit.answers)} moves"
    attack = f"{found.lines} unfinished 4 MB lines + {found.watchers} watchers never reading"
    growth, calm = hit.growth_mib(), base.growth_mib()
    p95, calm_p95 = hit.answer("p95"), base.answer("p95")
    goal_mib, goal_s = host_load.GROWTH_GOAL_MIB, host_load.ANSWER_GOAL_S
    return [
        Row(f"host RSS growth under attack ({attack}) / {goal_mib:g} MB", table,
            f"{growth:.1f} MiB", f"{goal_mib:g} MiB", growth / goal_mib, 1.0),
        Row("host RSS growth: attacked / the same moves unattacked", table,
            f"{growth:.1f} MiB", f"{calm:.1f} MiB", growth / calm if calm > 0 else math.nan,
            None),
        Row(f"a move answered (Act to the seat's next snapshot), p95 under attack / "
            f"{goal_s * 1000:g} ms", table, ms(p95), ms(goal_s), p95 / goal_s, 1.0),
        Row("a move answered, p95: attacked / the same moves unattacked", table,
            ms(p95), ms(calm_p95), p95 / calm_p95, None),
    ]


def markdown(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADS) + " |", "|" + "---|" * len(HEADS)]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(lines)


def plain(rows: list[Row]) -> str:
    table = [HEADS] + [row.cells() for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADS))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in table
    )


def write_readme(text: str) -> None:
    readme = README.read_text(encoding="utf-8")
    block = f"{BEGIN}\n{text}\n{END}"
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.DOTALL)
    if pattern.search(readme):
        readme = pattern.sub(lambda _: block, readme)
    else:
        readme = readme.rstrip("\n") + "\n\n## Latest results\n\n" + block + "\n"
    README.write_text(readme, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="startup runs of each app")
    parser.add_argument("--presses", type=int, default=25, help="timed key presses per screen")
    parser.add_argument("--openings", type=int, default=12,
                        help="timed openings of each screen (help, setup, resume list)")
    parser.add_argument("--ends", type=int, default=7,
                        help="timed ends of a game (each starts both apps afresh)")
    parser.add_argument("--games", type=int, default=10, help="bot games per game (engine)")
    parser.add_argument("--host-moves", type=int, default=300,
                        help="moves under attack, and again unattacked (host_load; the goal "
                        "names 1,000: bench/host_load.py alone plays them)")
    parser.add_argument("--handoff-games", type=int, default=1, help="games per table (hand-offs)")
    parser.add_argument("--tournament-games", type=int, default=tournament.ALL_BOT_GAMES,
                        help="games at each all-bot table (tournament)")
    parser.add_argument("--against-random", type=int, default=tournament.AGAINST_RANDOM_GAMES,
                        help="games of a bot among random seats, per game (tournament)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes for the tournament's games")
    parser.add_argument("--write-readme", action="store_true", help="update bench/README.md")
    args = parser.parse_args()

    started, load_before = time.perf_counter(), load()
    rows, notes, split = collect(args)
    handoff_found = handoffs.measure(args.handoff_games)
    handoff_table = handoffs.table(handoff_found)
    party_table = handoffs.party_table(handoff_found)
    print("tournament: bots among random seats, and all bots ...", file=sys.stderr)
    tourney_started = time.perf_counter()
    found = tournament.measure(args.tournament_games, args.against_random, args.jobs)
    tourney_took = time.perf_counter() - tourney_started
    took = time.perf_counter() - started
    when = utc_now()
    header = [
        f"Run {when}, {took:.0f} s; load average {load_before} before, {load()} after.",
        f"Machine: {machine()}.",
    ]
    print()
    print("\n".join(header))
    print(plain(rows))
    if split:
        print("\nengine step split (ms): game | step | apply+views | autosave | rules/bare key")
        print("\n".join(split))
    print(f"\nhand-offs ({args.handoff_games} bot-decided game per table, through the app):")
    print(handoff_table)
    print("\nthe Temptress as a party game (hand-offs' games):")
    print(party_table)
    print(f"\ntournament: {tournament.summary(found, tourney_took, args.jobs)}")
    print(tournament.table(found))
    notes += [f"tournament: {line}" for line in tournament.problems(found)]
    for note in notes:
        print(f"problem: {note}")
    if args.write_readme:
        body = "\n".join(header) + "\n\n" + markdown(rows) + "\n\n"
        body += "The engine step, split (medians, ms; the last column is apply + views alone "
        body += "divided by the bare key to repaint):\n\n"
        body += "| game | step | apply + views | autosave | apply+views / bare key | steps |\n"
        body += "|---|---|---|---|---|---|\n" + "\n".join(split) + "\n"
        body += f"\nHand-offs ({args.handoff_games} bot-decided game per table, through the app, "
        body += "every other person with a PIN; `bench/handoffs.py`):\n\n" + handoff_table + "\n"
        body += "\nThe Temptress as a party game (the same games; `bench/handoffs.py`, its "
        body += "model in its docstring):\n\n" + party_table + "\n"
        if notes:
            body += "\nProblems seen in this run:\n\n" + "\n".join(f"* {n}" for n in notes) + "\n"
        write_readme(body.rstrip("\n"))
        tournament.write_readme(tournament.readme_text(found, tourney_took, args.jobs, when))
        print(f"\nwrote {README}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
