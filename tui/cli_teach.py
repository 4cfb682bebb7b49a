"""``parlour teach``: the command line of a demo that explains itself, and of a coached
first game (``--play``)."""

from __future__ import annotations

import argparse
from typing import Any

from tui.cli_values import player_name, seconds, seed_number

TEACH_DELAY, PLAY_DELAY = 4.0, 0.8
"""``parlour teach``'s seconds between steps while running, and between bot moves with
``--play``."""
GUEST = "Guest"
"""The person's name at a coached game unless ``--name`` gives one."""


def add_teach_command(commands: Any, common: argparse.ArgumentParser, game_ids: Any) -> None:
    teach = commands.add_parser(
        "teach",
        parents=[common],
        help="learn a game: bots play it, each step explained",
        description=(
            "Bots play a whole game and each step is explained beside the table: n steps, "
            "b goes back, space runs at a pace, v looks through a player's eyes. With "
            "--play, you play a first game against bots instead, on a deal that shows the "
            "main rules early, with a hint at each of your decisions (^T hides it)."
        ),
    )
    teach.add_argument("game", choices=game_ids)
    teach.add_argument("--seed", type=seed_number, help="the deal to watch (not with --play)")
    teach.add_argument(
        "--delay",
        type=seconds,
        help=f"seconds between steps while running (default {TEACH_DELAY:g}; with --play, "
        f"between bot moves, default {PLAY_DELAY:g})",
    )
    teach.add_argument("--play", action="store_true", help="play a coached first game against bots")
    teach.add_argument(
        "--name",
        type=player_name,
        default=GUEST,
        help=f"your name at the coached game (default {GUEST})",
    )


def coached_problem(args: argparse.Namespace, pack: str | None) -> str:
    """Why ``teach --play`` cannot start as asked ('' when it can): its deal is chosen."""
    if args.seed is not None:
        return "teach --play deals its own chosen deal: leave out --seed"
    if pack is not None:
        return "teach --play plays with the game's own cards: leave out --pack"
    return ""
