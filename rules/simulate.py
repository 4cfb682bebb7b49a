"""Headless bot games: many seeded games, counting wins, losses and errors."""

from __future__ import annotations

import statistics
from typing import Any

from attrs import asdict, frozen

from rules.engine import GameInfo, IllegalAction
from rules.session import BOT, SeatPlan, Session

SEAT_NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix", "Greta", "Hugo")


@frozen
class SeatTally:
    """One seat's results across the simulated games."""

    name: str
    wins: int
    losses: int


@frozen
class SimulationReport:
    """What ``parlour simulate`` prints."""

    game: str
    games: int
    seed: int
    finished: int
    unfinished: int
    errors: int
    error_samples: tuple[str, ...]
    seats: tuple[SeatTally, ...]
    turns_mean: float
    turns_min: int
    turns_max: int
    actions_mean: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def as_text(self) -> str:
        lines = [
            f"{self.game}: {self.games} games from seed {self.seed}",
            f"finished {self.finished}, unfinished {self.unfinished}, errors {self.errors}",
            f"turns per game: mean {self.turns_mean:.1f}, min {self.turns_min}, "
            f"max {self.turns_max}; actions per game: mean {self.actions_mean:.1f}",
        ]
        for tally in self.seats:
            lines.append(f"  {tally.name}: {tally.wins} wins, {tally.losses} losses")
        lines += [f"  error: {e}" for e in self.error_samples]
        return "\n".join(lines)


def bot_table(game: GameInfo[Any], seats: int | None = None) -> tuple[SeatPlan, ...]:
    count = seats or game.max_seats
    return tuple(SeatPlan(name, BOT) for name in SEAT_NAMES[:count])


def play_out(session: Session, max_actions: int) -> Session:
    """Let the bots play until the game ends or ``max_actions`` have been applied."""
    for _ in range(max_actions):
        prompt = session.prompt
        if prompt is None:
            break
        seat = prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    return session


def simulate(
    game: GameInfo[Any], games: int, seed: int, max_actions: int = 5000
) -> SimulationReport:
    seats = bot_table(game)
    names = tuple(s.name for s in seats)
    config = game.make_config(names, {o.key: o.default for o in game.options}, game.default_pack())
    wins = [0] * len(seats)
    losses = [0] * len(seats)
    turns: list[int] = []
    actions: list[int] = []
    errors: list[str] = []
    unfinished = 0
    for number in range(games):
        game_seed = seed + number
        try:
            session = play_out(Session.start(game, config, game_seed, seats), max_actions)
        except IllegalAction as exc:
            errors.append(f"seed {game_seed}: a bot's move was refused: {exc.reason}")
            continue
        except Exception as exc:  # a simulation reports crashes instead of stopping
            errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        outcome = session.outcome
        if outcome is None:
            unfinished += 1
            continue
        for seat in outcome.winners:
            wins[seat] += 1
        for seat in outcome.losers:
            losses[seat] += 1
        turns.append(session.turn)
        actions.append(len(session.actions))
    return SimulationReport(
        game=game.id,
        games=games,
        seed=seed,
        finished=len(turns),
        unfinished=unfinished,
        errors=len(errors),
        error_samples=tuple(errors[:5]),
        seats=tuple(SeatTally(n, w, lo) for n, w, lo in zip(names, wins, losses, strict=True)),
        turns_mean=statistics.fmean(turns) if turns else 0.0,
        turns_min=min(turns, default=0),
        turns_max=max(turns, default=0),
        actions_mean=statistics.fmean(actions) if actions else 0.0,
    )
