"""What the game commands of ``parlour`` share: the saves folder (refused when others may
change it), a new game from the command line's names and options, and the exit after
the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rules import registry
from tui.cli_values import seconds, shown


def add_bot_delay(command: argparse.ArgumentParser) -> None:
    """``--bot-delay SECONDS``, for the commands that seat bots at a table."""
    command.add_argument(
        "--bot-delay",
        type=seconds,
        default=0.8,
        metavar="SECONDS",
        help="seconds between bot moves at the table (default 0.8)",
    )


def finish(app: Any) -> int:
    """After the app: the one line naming the crash log, if it crashed, or saying the
    game was quit unsaved; the exit code."""
    for line in (app.crash_message, app.farewell):
        if line is not None:
            print(shown(line), file=sys.stderr)
    return int(app.return_code or 0)


def add_saves_options(common: argparse.ArgumentParser) -> None:
    """``--saves DIR``, and ``--shared-saves`` to save there even when others may change it."""
    from tui.persistence.folders import SHARED_SAVES

    common.add_argument(
        "--saves",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="folder for save files (default ./saves if it exists, else your data folder)",
    )
    common.add_argument(
        SHARED_SAVES,
        action="store_true",
        default=argparse.SUPPRESS,
        help="save in the --saves folder even when other users may change it",
    )


def saves_folder(args: argparse.Namespace) -> tuple[Path, str]:
    """The folder games are saved in (``--saves``, else ``tui.persistence.folders.default_folder``)
    and the sentence refusing it ('' when none): a folder another user owns or may change,
    unless ``--shared-saves`` says to save there all the same."""
    from tui.persistence.folders import default_folder, saves_folder_problem

    folder = Path(args.saves) if hasattr(args, "saves") else default_folder()
    if getattr(args, "shared_saves", False):
        return folder, ""
    return folder, saves_folder_problem(folder) or ""


def new_session(args: argparse.Namespace, pack: str | None) -> tuple[str, Any]:
    from rules.session import BOT, PERSON
    from tui.setup_form import SetupEntry, bot_names, check_setup

    game = registry.get(args.game)
    people = tuple(n.strip() for n in args.players.split(",") if n.strip())
    if args.bots < 0:
        return "--bots cannot be negative", None
    bots = bot_names(args.bots, people)
    options = []
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            return f"--option {item!r} should look like KEY=VALUE", None
        if key not in {o.key for o in game.options}:
            known = ", ".join(o.key for o in game.options) or "none"
            return f"{game.title} has no option {key!r} (options: {known})", None
        options.append((key, value))
    entry = SetupEntry(
        names=people + bots,
        kinds=(PERSON,) * len(people) + (BOT,) * len(bots),
        pins=("",) * (len(people) + len(bots)),
        seed="" if args.seed is None else str(args.seed),
        options=tuple(options),
        pack=pack or "",
    )
    problems, session = check_setup(game, entry)
    return " ".join(problems), session
