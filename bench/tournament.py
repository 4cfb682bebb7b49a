"""How strong and how even the bots are: a bot among random seats, and all bots.

For every registered game, at its usual bot table (``parlour simulate``'s):

* **against chance**: the game's bot at one seat, every other seat that can win or
  lose playing at random (``rules.policies.RandomSeat``: any open choice of its
  view). The bot's seat goes round the table, the same deals at every position,
  so no seat's advantage counts for or against it. Goal: the bot takes at least
  twice its fair share of the wins. Temptation Island has no single winner (one
  seat is left alone and loses), so there the bot plays two seats against one
  random seat, the random seat going round, and the goal is that the bots lose at
  most half as often as two seats' fair share of the losses. In Persuasion several
  may win one season, so the bot's share of the wins is for information and the goal
  is its own win rate at least 1.8 times a random seat's at the same tables.
* **all bots**: every seat the bot; each seat's share against the fair share over
  2,000 games. Goal: every seat within 5 points of it.
* **endings** (The Temptress): how its all-bot games end, the island narrating, at 5
  suitors (the all-bot table above) and at 4 and 3 (a quarter as many games each): the
  share of games that end before the round limit (a right retirement, the last pile
  card, or nobody left), goal at least half; the pile cards drawn per game (third
  successes), goal at least one; and the Tempted's share of the games that have a
  Tempted, goal at least 5%.

A share counts the *wins* at the table (a seat's wins over every seat's wins; a
game nobody won counts for nobody, a Persuasion game may have several winners),
and the fair share is one over the seats that can win or lose: the seats found in
the games' outcomes, so a referee's seat (the Lantern's Barkeep) is left out, and
stays the game's bot in every game. Temptation Island counts losses instead (one
a game). The games are shared between ``--jobs`` processes.

    .venv/bin/python bench/tournament.py [--games 2000] [--against-random 500]
        [--jobs 2] [--seed 1] [--write-readme]

``make bench`` runs it through ``bench/run.py``; ``--write-readme`` (here or
there) puts the table into bench/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from rules import registry
from rules.policies import RANDOM
from rules.session import BOT
from rules.simulate import simulate

README = Path(__file__).resolve().parent / "README.md"
BEGIN = "<!-- tournament table: written by `bench/tournament.py --write-readme` -->"
END = "<!-- end tournament -->"

ALL_BOT_GAMES = 2000
AGAINST_RANDOM_GAMES = 500
"""Games of a bot among random seats, per game, shared among the bot's positions."""
CHUNK = 50
"""Games per task handed to a process."""
SPREAD = 0.05
"""The most a seat's share may stray from the fair share at an all-bot table."""
STRONG = 2.0
"""A bot among random seats takes at least this many times its fair share of wins..."""
LOSES_AT_MOST = 0.5
"""...or, at Temptation Island, loses at most this part of its fair share of losses."""
BY_WIN_RATE = frozenset({"persuasion"})
"""The games where several may win one game (Persuasion's season), so a perfect bot's
share of the wins stays near 1.8x fair: the bot is measured by its own win rate against
a random seat's at the same tables (goal ``RATE``), and the share row is for information."""
RATE = 1.8
TWO_AGAINST_ONE = frozenset({"island"})
"""The games where the bots play all seats but one, and losing is what is counted."""
ENDINGS = {"temptress": (4, 3)}
"""The games whose endings are measured, and the smaller all-bot tables also measured."""
EARLY_ENDINGS = 0.5
"""At least this share of The Temptress's all-bot games ends before the round limit..."""
PILE_CARDS = 1.0
"""...at least this many pile cards are drawn per game..."""
TEMPTED_WINS = 0.05
"""...and the Tempted wins at least this share of the games that have a Tempted."""


@dataclass
class Tally:
    """What a run of games at one table came to."""

    wins: list[int]
    losses: list[int]
    games: int = 0
    finished: int = 0
    decided: int = 0
    errors: int = 0
    samples: list[str] = field(default_factory=list)
    seconds: float = 0.0
    """Work time (summed over the processes)."""
    figures: dict[str, float] = field(default_factory=dict)
    """The game's own figures (``parlour simulate``'s per-game means), summed over the
    finished games."""

    def add(self, other: Tally) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.losses = [a + b for a, b in zip(self.losses, other.losses, strict=True)]
        self.games += other.games
        self.finished += other.finished
        self.decided += other.decided
        self.errors += other.errors
        self.samples += other.samples[: 3 - len(self.samples)]
        self.seconds += other.seconds
        for key, value in other.figures.items():
            self.figures[key] = self.figures.get(key, 0.0) + value


def play(game_id: str, games: int, seed: int, policies: tuple[str, ...]) -> Tally:
    """``games`` games from ``seed`` on, each seat decided by its policy (in a process)."""
    started = time.perf_counter()
    report = simulate(registry.get(game_id), games, seed, policies=policies, seats=len(policies))
    return Tally(
        wins=[s.wins for s in report.seats],
        losses=[s.losses for s in report.seats],
        games=games,
        finished=report.finished,
        decided=report.decided,
        errors=report.errors + report.unfinished,
        samples=list(report.error_samples),
        seconds=time.perf_counter() - started,
        figures={key: mean * report.finished for key, mean in report.figures.items()},
    )


def contenders(game_id: str, seed: int) -> tuple[int, ...]:
    """The seats that can win or lose: those in the outcomes of a few bot games."""
    report = simulate(registry.get(game_id), 3, seed)
    return tuple(i for i, s in enumerate(report.seats) if s.wins + s.losses)


@dataclass
class Table:
    """One table of a game's measure: who sits where, and what it came to."""

    policies: tuple[str, ...]
    measured: tuple[int, ...]
    """The seats whose results are the figure (the bot's; at Island the two bots')."""
    tally: Tally


@dataclass
class Found:
    """A game's two measures."""

    game_id: str
    seats: int
    contenders: tuple[int, ...]
    against: list[Table]
    all_bots: Table
    smaller: list[Table] = field(default_factory=list)
    """All-bot tables with fewer seats, for the endings (``ENDINGS``)."""

    @property
    def losing(self) -> bool:
        return self.game_id in TWO_AGAINST_ONE


def _tables(game_id: str, seats: int, contending: tuple[int, ...]) -> list[tuple[str, ...]]:
    """The tables against chance: the bot at each contender's seat in turn, the other
    contenders random (at Island: the random seat at each seat in turn)."""
    tables = []
    for seat in contending:
        if game_id in TWO_AGAINST_ONE:
            tables.append(tuple(RANDOM if s == seat else BOT for s in range(seats)))
        else:
            tables.append(
                tuple(RANDOM if s in contending and s != seat else BOT for s in range(seats))
            )
    return tables


def measure(
    games: int = ALL_BOT_GAMES,
    against_random: int = AGAINST_RANDOM_GAMES,
    jobs: int = 2,
    seed: int = 1,
    only: tuple[str, ...] = (),
) -> list[Found]:
    """Every game's two measures (``only``: these games), over ``jobs`` processes."""
    found: list[Found] = []
    tasks: list[tuple[Tally, tuple[str, int, int, tuple[str, ...]]]] = []
    for game_id in only or registry.ids():
        print(f"tournament: {game_id} ...", file=sys.stderr)
        seats = registry.get(game_id).bot_seats
        contending = contenders(game_id, seed)
        per_table = -(-against_random // len(contending))
        against = [
            Table(p, _measured(game_id, p), Tally([0] * seats, [0] * seats))
            for p in _tables(game_id, seats, contending)
        ]
        everyone = (BOT,) * seats
        all_bots = Table(everyone, contending, Tally([0] * seats, [0] * seats))
        smaller = [
            Table((BOT,) * n, tuple(range(n)), Tally([0] * n, [0] * n))
            for n in ENDINGS.get(game_id, ())
        ]
        counts = [(t, per_table) for t in against] + [(all_bots, games)]
        counts += [(t, -(-games // 4)) for t in smaller]
        for table, count in counts:
            for start in range(0, count, CHUNK):
                size = min(CHUNK, count - start)
                tasks.append((table.tally, (game_id, size, seed + start, table.policies)))
        found.append(Found(game_id, seats, contending, against, all_bots, smaller))
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [(tally, pool.submit(play, *task)) for tally, task in tasks]
        for tally, future in futures:
            tally.add(future.result())
    return found


def _measured(game_id: str, policies: tuple[str, ...]) -> tuple[int, ...]:
    if game_id in TWO_AGAINST_ONE:
        return tuple(s for s, p in enumerate(policies) if p == BOT)
    return (policies.index(BOT),) if RANDOM in policies else ()


# --- the figures ------------------------------------------------------------------------


def against_chance(found: Found) -> tuple[float, float]:
    """(the bot's share of the wins, or at Island the bots' share of the losses; the
    fair share of the seats it plays)."""
    fair = 1 / len(found.contenders)
    counted = took = 0
    for table in found.against:
        tally = table.tally
        per_seat = tally.losses if found.losing else tally.wins
        counted += sum(per_seat[s] for s in found.contenders)
        took += sum(per_seat[s] for s in table.measured)
    seats = len(found.against[0].measured) if found.against else 1
    return (took / counted if counted else float("nan")), fair * seats


def seat_shares(found: Found) -> list[float]:
    """Each contender's share of the wins (Island: of the losses) at the all-bot table."""
    tally = found.all_bots.tally
    per_seat = tally.losses if found.losing else tally.wins
    counted = sum(per_seat[s] for s in found.contenders)
    return [per_seat[s] / counted if counted else float("nan") for s in found.contenders]


def _sum(tables: list[Table]) -> Tally:
    total = Tally([0] * len(tables[0].tally.wins), [0] * len(tables[0].tally.wins))
    for table in tables:
        total.add(table.tally)
    return total


def rows(found: Found) -> list[list[str]]:
    """The game's two rows: game, table, games, what is counted, the figure, fair,
    against fair, goal, met."""
    title = found.game_id
    k = len(found.contenders)
    ref = "" if k == found.seats else f"; the referee's seat a bot ({found.seats} seats)"
    against = _sum(found.against)
    share, fair = against_chance(found)
    if found.losing:
        table = f"2 bots + 1 random seat, at each seat in turn{ref}"
        counted = "the bots' share of the losses"
        ratio, goal = share / fair, f"<= {LOSES_AT_MOST:g}x fair"
        met = ratio <= LOSES_AT_MOST
    else:
        table = f"1 bot + {k - 1} random seats, the bot at each seat in turn{ref}"
        counted = "the bot's share of the wins"
        ratio, goal = share / fair, f">= {STRONG:g}x fair"
        met = ratio >= STRONG
    if found.game_id in BY_WIN_RATE:
        goal, met_said = "(for information)", "-"
    else:
        met_said = _met(met, against)
    first = [
        title, table, _games(against, found.losing), counted, _pct(share), _pct(fair),
        f"{ratio:.2f}x", goal, met_said,
    ]
    shares = seat_shares(found)
    fair_each = 1 / k
    worst = max(abs(s - fair_each) for s in shares)
    everyone = found.all_bots.tally
    second = [
        title, f"{k} bots{ref}", _games(everyone, found.losing),
        "each seat's share of the " + ("losses" if found.losing else "wins"),
        ", ".join(_pct(s) for s in shares), _pct(fair_each),
        f"{min(s - fair_each for s in shares) * 100:+.1f} to "
        f"{max(s - fair_each for s in shares) * 100:+.1f} points",
        f"within {SPREAD * 100:g} points", _met(worst <= SPREAD, everyone),
    ]
    return [first, *win_rate_rows(found, table), second]


def win_rates(found: Found) -> tuple[float, float]:
    """At the tables against chance: the bot's wins per game, and a random seat's."""
    bot = chance = bot_games = chance_games = 0
    for table in found.against:
        tally = table.tally
        games = tally.games - tally.errors
        for seat in found.contenders:
            if seat in table.measured:
                bot, bot_games = bot + tally.wins[seat], bot_games + games
            else:
                chance, chance_games = chance + tally.wins[seat], chance_games + games
    return bot / max(bot_games, 1), chance / max(chance_games, 1)


def win_rate_rows(found: Found, table: str) -> list[list[str]]:
    """For a game where several may win (``BY_WIN_RATE``): the bot's win rate against a
    random seat's at the same tables."""
    if found.game_id not in BY_WIN_RATE:
        return []
    against = _sum(found.against)
    bot, chance = win_rates(found)
    ratio = bot / chance if chance else float("inf")
    return [[
        found.game_id, table, _games(against, False), "the bot's win rate against a random seat's",
        f"{_pct(bot)} against {_pct(chance)}", "-", f"{ratio:.2f}x", f">= {RATE:g}x",
        _met(ratio >= RATE, against),
    ]]


def ending_rows(found: Found) -> list[list[str]]:
    """The Temptress's endings at each all-bot table (none for other games): ended before
    the round limit, pile cards per game, the Tempted's wins."""
    if found.game_id not in ENDINGS:
        return []
    lines = []
    for table in [found.all_bots, *found.smaller]:
        tally = table.tally
        seats = len(table.policies)
        done = tally.games - tally.errors
        early = _share(tally.figures.get("ended early", 0.0), done)
        piles = _share(tally.figures.get("pile cards", 0.0), done)
        tempted_games = tally.figures.get("with a Tempted", 0.0)
        tempted = _share(tally.figures.get("Tempted won", 0.0), tempted_games)
        where = f"{seats} bots, the island narrating"
        games = str(tally.games)
        lines += [
            [found.game_id, where, games, "games ended before the round limit",
             _pct(early), "", "", f">= {EARLY_ENDINGS * 100:g}%",
             _met(early >= EARLY_ENDINGS, tally)],
            [found.game_id, where, games, "pile cards drawn per game",
             f"{piles:.2f}", "", "", f">= {PILE_CARDS:g}", _met(piles >= PILE_CARDS, tally)],
            [found.game_id, where, f"{games}, {tempted_games:.0f} with a Tempted",
             "the Tempted's wins, of the games with a Tempted", _pct(tempted), "", "",
             f">= {TEMPTED_WINS * 100:g}%", _met(tempted >= TEMPTED_WINS, tally)],
        ]
    return lines


def _share(part: float, whole: float) -> float:
    return part / whole if whole else float("nan")


def _games(tally: Tally, losing: bool) -> str:
    won = "" if losing else f", {tally.decided} won by someone"
    return f"{tally.games}{won}"


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _met(met: bool, tally: Tally) -> str:
    if tally.errors:
        return f"error ({tally.errors} games)"
    return "yes" if met else "NO"


HEADS = [
    "game", "table", "games", "counted", "figure", "fair share", "against fair", "goal", "met",
]


def table(found: list[Found]) -> str:
    lines = ["| " + " | ".join(HEADS) + " |", "|" + " --- |" * len(HEADS)]
    for game in found:
        lines += ["| " + " | ".join(row) + " |" for row in rows(game) + ending_rows(game)]
    return "\n".join(lines)


def problems(found: list[Found]) -> list[str]:
    """The errors and unfinished games seen (none expected)."""
    lines = []
    for game in found:
        tallies = [t.tally for t in game.against + [game.all_bots, *game.smaller]]
        for tally in tallies:
            lines += [f"{game.game_id}: {s}" for s in tally.samples]
    return lines


def work_seconds(found: list[Found]) -> dict[str, float]:
    return {
        g.game_id: sum(t.tally.seconds for t in g.against + [g.all_bots, *g.smaller])
        for g in found
    }


def summary(found: list[Found], took: float, jobs: int) -> str:
    """A line on what was played and how long it took."""
    work = work_seconds(found)
    each = ", ".join(f"{g} {s:.0f} s" for g, s in work.items())
    games = sum(
        _sum(g.against).games + sum(t.tally.games for t in [g.all_bots, *g.smaller])
        for g in found
    )
    return (
        f"{games} games in {took:.0f} s on {jobs} processes (the processes' time by game: "
        f"{each}); the same deals at every position of the bot"
    )


def write_readme(text: str) -> None:
    """Puts ``text`` between the tournament's markers in bench/README.md."""
    readme = README.read_text(encoding="utf-8")
    block = f"{BEGIN}\n{text}\n{END}"
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.DOTALL)
    if pattern.search(readme):
        readme = pattern.sub(lambda _: block, readme)
    else:
        readme = readme.rstrip("\n") + "\n\n## The tournament, measured\n\n" + block + "\n"
    README.write_text(readme, encoding="utf-8")


def utc_now() -> str:
    """``date -u``, as bench/README.md records a run (and ``bench/run.py``)."""
    try:
        return subprocess.run(["date", "-u"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return datetime.datetime.now(datetime.UTC).strftime("%a %b %d %H:%M:%S UTC %Y")


def readme_text(found: list[Found], took: float, jobs: int, when: str) -> str:
    return f"Run {when}; {summary(found, took, jobs)}.\n\n{table(found)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=ALL_BOT_GAMES,
                        help="games at each all-bot table")
    parser.add_argument("--against-random", type=int, default=AGAINST_RANDOM_GAMES,
                        help="games of a bot among random seats, per game")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=[], choices=registry.ids(),
                        help="only this game (repeatable)")
    parser.add_argument("--write-readme", action="store_true", help="update bench/README.md")
    args = parser.parse_args()
    started = time.perf_counter()
    found = measure(args.games, args.against_random, args.jobs, args.seed, tuple(args.game))
    took = time.perf_counter() - started
    print(summary(found, took, args.jobs))
    print(table(found))
    for line in problems(found):
        print(f"problem: {line}")
    if args.write_readme:
        write_readme(readme_text(found, took, args.jobs, utc_now()))
        print(f"\nwrote {README}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
