"""How long one engine step takes late in a game: apply + view + autosave.

Plays seeded bot games of each registered game, then times, for the last
actions of each game, the apply, the public and seat views, and the atomic
save. Prints medians in milliseconds. Run with ``make bench``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from rules import registry, saves
from rules.session import Session
from rules.simulate import bot_config, bot_table


def late_game_steps(game_id: str, games: int = 20, tail: int = 10) -> list[float]:
    game = registry.get(game_id)
    seats = bot_table(game)
    config = bot_config(game, seats)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        for seed in range(games):
            session = Session.start(game, config, seed, seats)
            history = [session]
            while session.prompt is not None and len(history) < 5000:
                seat = session.prompt.seats[0]
                session = session.apply(session.bot_for(seat).choose(session.view(seat)))
                history.append(session)
            for before, after in zip(history[-tail - 1 : -1], history[-tail:], strict=True):
                action = after.actions[-1]
                start = time.perf_counter()
                stepped = before.apply(action)
                for seat in (None, *range(len(seats))):
                    stepped.view(seat)
                saves.write(stepped, path)
                timings.append(time.perf_counter() - start)
    return timings


def main() -> None:
    print(f"{'game':<12} {'median ms':>10} {'p90 ms':>10} {'steps':>6}")
    for game_id in registry.games():
        timings = sorted(late_game_steps(game_id))
        median = statistics.median(timings) * 1000
        p90 = timings[int(len(timings) * 0.9)] * 1000
        print(f"{game_id:<12} {median:>10.2f} {p90:>10.2f} {len(timings):>6}")


if __name__ == "__main__":
    main()
