"""How long one engine step takes late in a game: apply + view + autosave.

Plays seeded bot games of each registered game, then times, for the last
actions of each game, the apply, the public and every seat's view, and the
autosave (``tui.persistence.journal.Journal.save``: one line appended and fsynced), and the
bytes each autosave adds; and how long the longest game's journal takes to open
(``tui.persistence.saves.open_save``: read, check the chain, replay). Prints
medians and 90th percentiles in milliseconds, with the step split into the
rules (apply + views) and the autosave. ``make bench`` compares the medians
with the bare Textual app's key-to-repaint time (see ``run.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rules import registry
from rules.session import Session
from rules.simulate import bot_config, bot_table
from tui.persistence import saves
from tui.persistence.journal import Journal

Timings = dict[str, list[float]]
"""``step`` (the whole step), ``rules`` (apply + views) and ``save``, in seconds;
``bytes``, what each save added to the file; ``resume``, opening the longest game."""


def late_game_steps(game_id: str, games: int = 20, tail: int = 10) -> Timings:
    game = registry.get(game_id)
    seats = bot_table(game)
    config = bot_config(game, seats)
    timings: Timings = {"step": [], "rules": [], "save": [], "bytes": [], "resume": []}
    longest: tuple[int, Session] | None = None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        for seed in range(games):
            session = Session.start(game, config, seed, seats)
            history = [session]
            while session.prompt is not None and len(history) < 5000:
                seat = session.prompt.seats[0]
                session = session.apply(session.bot_for(seat).choose(session.view(seat)))
                history.append(session)
            # In the app the game before this step was saved a moment ago: do that
            # untimed, so the first timed save is not a cold one.
            # And every seat looked at it: the table shows the state it just made.
            stepped = history[-tail - 1]
            journal = Journal(path)
            journal.save(stepped)
            for seat in (None, *range(len(seats))):
                stepped.view(seat)
            for after in history[-tail:]:
                size = path.stat().st_size
                start = time.perf_counter()
                stepped = stepped.apply(after.actions[-1])
                for seat in (None, *range(len(seats))):
                    stepped.view(seat)
                ruled = time.perf_counter()
                journal.save(stepped)
                done = time.perf_counter()
                timings["step"].append(done - start)
                timings["rules"].append(ruled - start)
                timings["save"].append(done - ruled)
                timings["bytes"].append(path.stat().st_size - size)
            if longest is None or len(session.actions) > longest[0]:
                longest = (len(session.actions), session)
        if longest is not None:
            Journal(path).save(longest[1])
            for _ in range(3):
                start = time.perf_counter()
                saves.open_save(path)
                timings["resume"].append(time.perf_counter() - start)
    return timings


def durable_write_floor(runs: int = 50) -> list[float]:
    """The least any durable autosave costs here: 1 KB written to a temp file,
    fsynced, renamed over the save, and the folder fsynced (what ``saves.write``
    does after encoding), in seconds."""
    timings = []
    raw = b"x" * 1024
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "floor.json"
        for number in range(runs):
            start = time.perf_counter()
            temp = path.with_name(f".floor.{number}.tmp")
            with open(temp, "wb") as handle:
                handle.write(raw)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
            timings.append(time.perf_counter() - start)
    return timings


def measure(games: int = 20, tail: int = 10) -> dict[str, Timings]:
    return {game_id: late_game_steps(game_id, games, tail) for game_id in registry.ids()}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    heads = ("median ms", "p90 ms", "rules ms", "save ms", "steps")
    print(f"{'game':<12} " + " ".join(f"{h:>9}" for h in heads))
    for game_id, timings in measure(games).items():
        step = sorted(timings["step"])
        print(
            f"{game_id:<12} {statistics.median(step) * 1000:>9.2f}"
            f" {step[int(len(step) * 0.9)] * 1000:>9.2f}"
            f" {statistics.median(timings['rules']) * 1000:>9.2f}"
            f" {statistics.median(timings['save']) * 1000:>9.2f} {len(step):>9}"
        )


if __name__ == "__main__":
    main()
