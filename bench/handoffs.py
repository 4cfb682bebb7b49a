"""How often the keyboard changes hands: curtains per round, the same person twice.

Plays bot-decided games through the app, as the privacy sweep does
(``tests/screen_sweep.drive``: each decision is the game's own bot choosing from
the seat's view, sent the way the keys send it), with people at the seats the
goals name and a PIN on every other person's seat, and counts per game and per
round: curtains; the same person curtained twice in a row (nobody else moved
between, so the person could have kept the keyboard and the second curtain only
cost them time); PIN prompts; and the keys pressed to get through the hand-offs
(Enter at the table's public moment, one per curtain, four more per PIN).

    .venv/bin/python bench/handoffs.py [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry  # noqa: E402
from rules.pins import hash_pin  # noqa: E402
from rules.session import BOT, PERSON, SeatPlan, Session  # noqa: E402
from rules.simulate import bot_config  # noqa: E402
from tests.screen_sweep import Keyboard, Moment, drive, pin_of  # noqa: E402
from tests.tui_helpers import make_app  # noqa: E402
from tui.flow import NOTES_DOING  # noqa: E402
from tui.screens.curtain import CurtainScreen  # noqa: E402

CHEAP_PIN = 2


@dataclass(frozen=True)
class Setting:
    """A table to measure, and its goal for curtains per round (None: no goal)."""

    game_id: str
    label: str
    kinds: tuple[str, ...]
    goal: int | None
    apart: tuple[str, ...] = ()
    """Steps of the game's opening or ending, not of a round (Persuasion's introductions
    come before the first round, its final rings after the last): their curtains are
    counted per game, not in the round they fall in."""


SETTINGS = (
    Setting(
        "temptress", "3 people + 2 bots", (PERSON, PERSON, PERSON, BOT, BOT), 12, ("final",)
    ),
    Setting("persuasion", "4 people", (PERSON,) * 4, 8, ("intro", "final")),
    Setting("island", "3 people", (PERSON,) * 3, None),
    Setting("lantern", "3 Bards + Barkeep", (PERSON,) * 4, None),
)
NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")


@dataclass
class Count:
    curtains: Counter[int] = field(default_factory=Counter)
    """Curtains by round."""
    twice: int = 0
    pins: int = 0
    keys: int = 0
    rounds: int = 0
    """Rounds in which a curtain came down."""
    steps: Counter[str] = field(default_factory=Counter)
    """Curtains in the rounds by the kind of step they came down for (notes alone: "notes")."""
    apart: Counter[str] = field(default_factory=Counter)
    """Curtains for the opening and ending steps (``Setting.apart``), by kind."""


def _session(setting: Setting, seed: int) -> Session:
    game = registry.get(setting.game_id)
    seats = tuple(
        SeatPlan(
            NAMES[seat],
            kind,
            hash_pin(pin, CHEAP_PIN) if kind == PERSON and (pin := pin_of(seat)) else None,
        )
        for seat, kind in enumerate(setting.kinds)
    )
    config = bot_config(registry.get(setting.game_id), seats)
    return Session.start(game, config, seed, seats)


async def _count(setting: Setting, seed: int, folder: Path) -> Count:
    session = _session(setting, seed)
    app = make_app(folder, opening=lambda app: app.start_flow(session, None))
    count = Count()

    keyboard = Keyboard()

    async def visit(moment: Moment) -> None:
        screen = moment.screen
        if not isinstance(screen, CurtainScreen):
            return
        name = screen.seat_name
        prompt = moment.session.prompt
        notes = screen.doing == NOTES_DOING or prompt is None
        step = "notes" if notes else str(prompt.kind)
        if step in setting.apart:
            count.apart[step] += 1
        else:
            count.curtains[moment.session.turn] += 1
            count.steps[step] += 1
        count.twice += keyboard.needless(name, moment.session)
        seat = [plan.name for plan in moment.session.seats].index(name)
        has_pin = moment.session.seats[seat].pin_hash is not None
        count.pins += has_pin
        count.keys += 1 + 4 * has_pin

    async with app.run_test(size=(120, 40)) as pilot:
        report = await drive(pilot, visit)
    count.keys += report.hand_overs  # Enter at each public moment
    # Rounds with a person at the keyboard (the bots may play the last ones alone).
    count.rounds = len(count.curtains)
    return count


def measure(games: int) -> list[tuple[Setting, Count, int]]:
    """Per setting: the counts summed over ``games`` games, and the games."""
    found = []
    with tempfile.TemporaryDirectory() as folder:
        for setting in SETTINGS:
            total = Count()
            for seed in range(1, games + 1):
                count = asyncio.run(_count(setting, seed, Path(folder)))
                total.curtains.update(count.curtains)
                total.twice += count.twice
                total.pins += count.pins
                total.keys += count.keys
                total.rounds += count.rounds
                total.steps.update(count.steps)
                total.apart.update(count.apart)
            found.append((setting, total, games))
    return found


def by_step(steps: Counter[str], per: int) -> str:
    """ "play 9.1, spend 2.8, ...": what the curtains came down for, the most first."""
    return ", ".join(f"{step} {n / per:.1f}" for step, n in steps.most_common())


def table(found: list[tuple[Setting, Count, int]]) -> str:
    word = {g: registry.get(g).turn_word for g in registry.games()}
    lines = [
        "| game | seats | curtains per round | goal | same person twice | PIN prompts "
        "per round | keys per round | met | curtains per round, by step | outside the rounds, "
        "per game |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for setting, count, games in found:
        rounds = max(count.rounds, 1)
        per_round = sum(count.curtains.values()) / rounds
        busiest = max(count.curtains.values(), default=0) / games
        goal = "n/a" if setting.goal is None else f"<= {setting.goal} a {word[setting.game_id]}"
        met = count.twice == 0 and (setting.goal is None or busiest <= setting.goal)
        lines.append(
            f"| {setting.game_id} | {setting.label} | {per_round:.1f} (busiest {busiest:.1f}) "
            f"| {goal} | {count.twice} (goal 0) | {count.pins / rounds:.1f} "
            f"| {count.keys / rounds:.1f} | {'yes' if met else 'NO'} "
            f"| {by_step(count.steps, rounds)} | {by_step(count.apart, games) or '-'} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    print(table(measure(args.games)))


if __name__ == "__main__":
    main()
