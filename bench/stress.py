"""Stress: ``parlour simulate`` of many bot games for every registered game.

Runs ``parlour simulate GAME --games N --seed 1 --json`` as its own process per
game (``--jobs`` at a time) and prints one line per game: games, finished,
errors, mean turns and wall time. A bench job, not part of ``make test``:
``make stress`` runs it with 10,000 games per game. Exits 1 if any game had an
error or an unfinished table.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rules import registry

PARLOUR = Path(sys.executable).with_name("parlour")


def run_one(game_id: str, games: int, seed: int) -> tuple[str, dict[str, object], float]:
    start = time.perf_counter()
    done = subprocess.run(
        [str(PARLOUR), "simulate", game_id, "--games", str(games), "--seed", str(seed), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        report = {"errors": -1, "error_samples": [done.stderr.strip()[-300:]]}
    return game_id, report, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    games = tuple(registry.games())
    print(f"{'game':<12} {'games':>7} {'finished':>9} {'unfinished':>11} {'errors':>7} "
          f"{'won':>7} {'mean turns':>11} {'seconds':>8}")
    bad = False
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_one, g, args.games, args.seed) for g in games]
        for future in futures:
            game_id, report, seconds = future.result()
            errors = int(report.get("errors", -1))  # type: ignore[call-overload]
            unfinished = int(report.get("unfinished", 0))  # type: ignore[call-overload]
            bad |= errors != 0 or unfinished != 0
            print(
                f"{game_id:<12} {report.get('games', '?'):>7} {report.get('finished', '?'):>9} "
                f"{unfinished:>11} {errors:>7} {report.get('decided', '?'):>7} "
                f"{float(report.get('turns_mean', 0.0)):>11.1f} {seconds:>8.0f}",  # type: ignore[arg-type]
                flush=True,
            )
            for sample in report.get("error_samples", []) or []:  # type: ignore[union-attr]
                print(f"  error: {sample}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
