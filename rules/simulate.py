"""Headless bot games: many seeded games, counting wins, losses and errors.

Every seat is the game's own bot unless ``policies`` seats another policy there
(``rules.policies``: ``random`` picks among the view's open choices at random)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import TypeVar

from attrs import asdict, frozen

from rules.engine import Bot, GameInfo, IllegalAction, View
from rules.policies import players
from rules.session import BOT, SeatPlan, Session

S = TypeVar("S")
V = TypeVar("V", bound=View)

SEAT_NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix", "Greta", "Hugo", "Iris")
"""The seats of a simulated table, in order (as many as the largest table, the Lantern's)."""


@frozen
class SeatTally:
    """One seat's results across the finished games (``extra``: the game's own counts)."""

    name: str
    wins: int
    losses: int
    extra: dict[str, int]
    policy: str = BOT
    """Who decided for the seat: ``bot`` (the game's own) or ``random``."""


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
    decided: int
    """Finished games that somebody won."""
    seats: tuple[SeatTally, ...]
    turns_mean: float
    turns_min: int
    turns_max: int
    actions_mean: float
    """Actions applied per finished game (every decision, not only turns)."""
    figures: dict[str, float]
    """The game's own per-game means (e.g. rounds)."""
    pack: str = ""
    """The name of the player's own pack the bots played with ('': the game's own)."""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def as_text(self) -> str:
        with_pack = f", with the pack '{self.pack}'" if self.pack else ""
        lines = [
            f"{self.game}: {self.games} games from seed {self.seed}{with_pack}",
            f"finished {self.finished} (someone won {self.decided}), "
            f"unfinished {self.unfinished}, errors {self.errors}",
            f"turns per game: mean {self.turns_mean:.1f}, min {self.turns_min}, "
            f"max {self.turns_max}; decisions per game: mean {self.actions_mean:.1f}",
        ]
        if self.figures:
            lines.append("per game: " + ", ".join(f"{k} {v:.1f}" for k, v in self.figures.items()))
        for tally in self.seats:
            extra = "".join(f", {v} {k}" for k, v in tally.extra.items())
            who = "" if tally.policy == BOT else f" ({tally.policy})"
            lines.append(f"  {tally.name}{who}: {tally.wins} wins, {tally.losses} losses{extra}")
        lines += [f"  error: {e}" for e in self.error_samples]
        return "\n".join(lines)


def bot_table(game: GameInfo[S, V], seats: int | None = None) -> tuple[SeatPlan, ...]:
    count = seats or game.bot_seats
    return tuple(SeatPlan(name, BOT) for name in SEAT_NAMES[:count])


def bot_config(
    game: GameInfo[S, V],
    seats: tuple[SeatPlan, ...],
    overrides: dict[str, int] | None = None,
    pack: object = None,
) -> object:
    """The game's config for these seats: its default options but ``overrides``, and
    ``pack`` (by default the game's own)."""
    options = {o.key: o.default for o in game.options} | (overrides or {})
    pack = game.default_pack() if pack is None else pack
    return game.make_config(tuple(s.name for s in seats), options, pack)


def table_problem(
    game: GameInfo[S, V],
    options: dict[str, int] | None = None,
    pack: object = None,
    seed: int = 1,
    seats: int | None = None,
) -> str:
    """Why bots cannot sit down to this game at all, or ''. Each option may be in its
    range and still be impossible with another (Lantern's fewest words above its
    most, more suitors than the Temptress takes), which would make every simulated
    game an error."""
    if seats is not None and not game.min_seats <= seats <= game.max_seats:
        return f"{game.title} seats {seat_range(game)} players, not {seats}"
    table = bot_table(game, seats)
    try:
        Session.start(game, bot_config(game, table, options, pack), seed, table)
    except (IllegalAction, ValueError) as exc:
        return str(exc)
    return ""


def seat_range(game: GameInfo[S, V]) -> str:
    """How many players a game seats: "3 to 6", or "exactly 3"."""
    if game.min_seats == game.max_seats:
        return f"exactly {game.min_seats}"
    return f"{game.min_seats} to {game.max_seats}"


def play_out(
    session: Session[S], max_actions: int, seated: Sequence[Bot[View, object]] | None = None
) -> Session[S]:
    """Let the seats play until the game ends or ``max_actions`` have been applied: the
    deciders ``seated`` (one a seat: ``rules.policies.players``), by default the bots. A
    seat added during the game (someone walked in) is played by the game's bot."""
    for _ in range(max_actions):
        prompt = session.prompt
        if prompt is None:
            break
        seat = prompt.seats[0]
        own = seated is not None and seat < len(seated)
        decider = seated[seat] if seated is not None and own else session.bot_for(seat)
        session = session.apply(decider.choose(session.view(seat)))
    return session


def simulate(
    game: GameInfo[S, V],
    games: int,
    seed: int,
    max_actions: int = 20000,
    options: dict[str, int] | None = None,
    pack: object = None,
    policies: Sequence[str] | None = None,
    seats: int | None = None,
) -> SimulationReport:
    """``games`` bot games from ``seed`` on, with ``options`` and ``pack`` (None: the
    game's own; a player's own pack is named in the report), at a table of ``seats``
    (None: the game's bot table) where ``policies`` says who decides for each seat
    (``rules.policies.POLICIES``; None: every seat a bot)."""
    table = bot_table(game, seats)
    chosen = tuple(policies) if policies is not None else (BOT,) * len(table)
    if len(chosen) != len(table):
        raise ValueError(f"{len(chosen)} policies for a table of {len(table)} seats")
    names = tuple(s.name for s in table)
    config = bot_config(game, table, options, pack)
    wins = [0] * len(table)
    losses = [0] * len(table)
    extras: list[dict[str, int]] = [{} for _ in table]
    figures: dict[str, list[float]] = {}
    turns: list[int] = []
    actions: list[int] = []
    errors: list[str] = []
    unfinished = decided = 0
    for number in range(games):
        game_seed = seed + number
        try:
            session = Session.start(game, config, game_seed, table)
            session = play_out(session, max_actions, players(session, chosen))
        except IllegalAction as exc:
            whose = "a bot's move" if set(chosen) == {BOT} else "a move"
            errors.append(f"seed {game_seed}: {whose} was refused: {exc.reason}")
            continue
        except Exception as exc:  # a simulation reports crashes instead of stopping
            errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        outcome = session.outcome
        if outcome is None:
            unfinished += 1
            continue
        decided += bool(outcome.winners)
        for seat in outcome.winners:
            if seat < len(table):  # (the table's seats: not any who walked in)
                wins[seat] += 1
        for seat in outcome.losers:
            if seat < len(table):
                losses[seat] += 1
        for seat in range(len(table)):
            for key, value in game.seat_stats(session.state, seat).items():
                extras[seat][key] = extras[seat].get(key, 0) + value
        for key, figure in game.game_stats(session.state).items():
            figures.setdefault(key, []).append(figure)
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
        decided=decided,
        seats=tuple(
            SeatTally(n, w, lo, e, p)
            for n, w, lo, e, p in zip(names, wins, losses, extras, chosen, strict=True)
        ),
        turns_mean=statistics.fmean(turns) if turns else 0.0,
        turns_min=min(turns, default=0),
        turns_max=max(turns, default=0),
        actions_mean=statistics.fmean(actions) if actions else 0.0,
        figures={k: statistics.fmean(v) for k, v in figures.items()},
        pack="" if pack is None else str(getattr(pack, "name", "your own")),
    )
