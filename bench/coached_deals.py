"""How each game's coached deal (``parlour teach GAME --play``) was chosen, and how
firm it is.

A coached deal must show its listed rules (``CoachedDeal.shows``) within its first
turns when the person takes the hints (every seat then decides as the game's bot
would). Among the seeds that do, the firmest is the one that still shows them most
often when the person ignores every hint and plays at random (``--tries`` random
players on the same deal). With ``--scan N`` this looks through seeds 1 to N and
prints the firmest; without it, it measures each game's deal as it stands.

    .venv/bin/python bench/coached_deals.py [--scan 300] [--tries 40] [--game ID]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from attrs import evolve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry  # noqa: E402
from rules.coaching import coached_deal, coached_session, first_seen  # noqa: E402
from rules.policies import random_seat  # noqa: E402
from rules.teaching import CoachedDeal  # noqa: E402

NAMES = ("Guest", "Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix")


def session_for(game: Any, deal: CoachedDeal) -> Any:
    names = list(NAMES[1 : deal.seats])
    names.insert(deal.person, NAMES[0])
    return coached_session(game, names, deal)


def shows_all(game: Any, deal: CoachedDeal, person_seed: int | None) -> bool:
    session = session_for(game, deal)
    deciders = None
    if person_seed is not None:
        deciders = [session.bot_for(seat) for seat in range(deal.seats)]
        deciders[deal.person] = random_seat(deal.person, person_seed)
    seen = first_seen(session, deal, deciders)
    return all(shown.kind in seen for shown in deal.shows)


def firmness(game: Any, deal: CoachedDeal, tries: int) -> int:
    return sum(shows_all(game, deal, k) for k in range(1, tries + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scan", type=int, default=0, help="look through seeds 1 to N")
    parser.add_argument("--tries", type=int, default=40, help="random players per deal")
    parser.add_argument("--game", choices=registry.ids())
    args = parser.parse_args()
    for game_id in [args.game] if args.game else registry.ids():
        game = registry.get(game_id)
        deal = coached_deal(game)
        rules = ", ".join(shown.rule for shown in deal.shows)
        if not args.scan:
            ok = shows_all(game, deal, None)
            firm = firmness(game, deal, args.tries)
            print(
                f"{game.title}, seed {deal.seed}: with the hints, {rules} "
                f"{'all shown' if ok else 'NOT all shown'} by {game.turn_word} {deal.within}; "
                f"playing at random, all shown in {firm} of {args.tries} games"
            )
            continue
        best: tuple[int, int] | None = None
        for seed in range(1, args.scan + 1):
            trial = evolve(deal, seed=seed)
            if not shows_all(game, trial, None):
                continue
            firm = firmness(game, trial, args.tries)
            if best is None or firm > best[1]:
                best = (seed, firm)
                print(f"{game.title}: seed {seed} firm in {firm} of {args.tries}", flush=True)
        print(f"{game.title}: firmest seed {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
