"""The ``parlour`` command: the lobby, and new, resume, demo, simulate, check, rules."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules import registry
from rules.names import UNSHOWABLE

# Everything else is imported by the command that needs it, so that `parlour` alone
# (the lobby) starts without importing any game's rules.


def _common() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--saves",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="folder for save files (default ./saves if it exists, else your data folder)",
    )
    common.add_argument(
        "--theme",
        default=argparse.SUPPRESS,
        choices=("parlour", "parlour-contrast"),
        help="colour theme",
    )
    common.add_argument(
        "--pack",
        metavar="FILE",
        default=argparse.SUPPRESS,
        help="your own card pack (TOML) for the game",
    )
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    game_ids = registry.ids()
    parser = argparse.ArgumentParser(
        prog="parlour",
        parents=[common],
        description="Party games for one shared keyboard. With no command: the lobby.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = commands.add_parser(
        "new",
        parents=[common],
        help="start a new game directly",
        description="Start a new game with these players.",
    )
    new.add_argument("game", choices=game_ids)
    new.add_argument("--players", required=True, help="people's names, comma-separated")
    new.add_argument("--bots", type=int, default=0, help="how many bot seats to add")
    new.add_argument("--seed", type=int, help="the seed (random when left out)")
    new.add_argument(
        "--bot-delay",
        type=seconds,
        default=0.8,
        metavar="SECONDS",
        help="seconds between bot moves at the table (default 0.8)",
    )
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. tiles=19",
    )

    resume = commands.add_parser(
        "resume",
        parents=[common],
        help="carry on a saved game",
        description="Resume FILE, or choose from the saved games.",
    )
    resume.add_argument("file", nargs="?", type=Path)
    resume.add_argument(
        "--bot-delay",
        type=seconds,
        default=0.8,
        metavar="SECONDS",
        help="seconds between bot moves at the table (default 0.8)",
    )

    demo = commands.add_parser(
        "demo",
        parents=[common],
        help="watch bots play",
        description="Bots play a whole game; space pauses, n steps.",
    )
    demo.add_argument("game", choices=game_ids)
    demo.add_argument("--seed", type=int)
    demo.add_argument("--delay", type=seconds, default=0.8, help="seconds between bot moves")

    sim = commands.add_parser(
        "simulate",
        parents=[common],
        help="headless bot games",
        description="Play many bot games without a screen and report.",
    )
    sim.add_argument("game", choices=game_ids)
    sim.add_argument("--games", type=game_count, default=100, help=f"1 to {MOST_GAMES:,}")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for every simulated table, e.g. round_limit=5",
    )
    sim.add_argument(
        "--evening-ball",
        action="store_true",
        help="Persuasion: play the simplified Evening Ball mode",
    )

    check = commands.add_parser(
        "check",
        parents=[common],
        help="verify a save file",
        description="Replay a save; exit 0 if sound, 1 with a reason.",
    )
    check.add_argument("file", type=Path)

    rules = commands.add_parser(
        "rules",
        parents=[common],
        help="print a game's rules",
        description="Print the rules of a game.",
    )
    rules.add_argument("game", choices=game_ids)
    return parser


LONGEST_DELAY = 60.0
"""The longest pause between bot moves the table accepts, in seconds."""
MOST_GAMES = 1_000_000
"""The most games one ``parlour simulate`` plays (10,000 take about ten minutes)."""


def seconds(text: str) -> float:
    """A pause in seconds, from 0 to ``LONGEST_DELAY`` (``inf`` and ``nan`` are not)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= LONGEST_DELAY:  # also false for nan
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a number of seconds from 0 to {LONGEST_DELAY:g}"
        )
    return value


def game_count(text: str) -> int:
    """How many games to simulate: a whole number from 1 to ``MOST_GAMES``."""
    from tui.setup_form import is_number

    if not is_number(text) or not 1 <= int(text) <= MOST_GAMES:
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a whole number of games from 1 to {MOST_GAMES:,}"
        )
    return int(text)


def shown(text: str) -> str:
    """``text`` safe to write to a terminal: every character a terminal would act on
    or hide (an escape, a control, a zero-width or direction mark) is written as its
    code instead (``\\u001b``), so a name or a file cannot set the title or clear the
    screen. The command line writes nothing else it did not make itself."""
    return "".join(
        c if c == "\n" or unicodedata.category(c) not in UNSHOWABLE else f"\\u{ord(c):04x}"
        for c in text
    )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # e.g. `parlour simulate ... | head`: the reader left early
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command
    if command == "simulate":
        game = registry.get(args.game)
        options, problem = _options(game, args.option)
        if args.evening_ball:
            if "evening_ball" not in {o.key for o in game.options}:
                problem = f"{game.title} has no Evening Ball mode"
            options["evening_ball"] = 1
        if problem:
            print(shown(f"parlour: {problem}"), file=sys.stderr)
            return 2
        from rules.simulate import simulate

        try:
            report = simulate(game, args.games, args.seed, options=options)
        except KeyboardInterrupt:  # Ctrl+C: stop quietly, no traceback
            print("parlour: simulate stopped (Ctrl+C); no report", file=sys.stderr)
            return 130
        print(json.dumps(report.as_dict(), indent=2) if args.json else report.as_text())
        return 0 if report.errors == 0 else 1
    if command == "check":
        from rules import saves

        try:
            session = saves.load(args.file)
        except saves.SaveError as exc:
            print(shown(f"refused: {exc}"), file=sys.stderr)
            return 1
        state = "finished" if session.outcome else f"{session.game.turn_word} {session.turn}"
        print(
            shown(
                f"ok: {session.game.title}, {', '.join(s.name for s in session.seats)}, "
                f"{state}, {len(session.actions)} actions replayed"
            )
        )
        return 0
    if command == "rules":
        print(registry.get(args.game).rules_text)
        return 0
    return _run_app(args)


def _run_app(args: argparse.Namespace) -> int:
    from rules.folders import default_folder
    from tui.app import ParlourApp

    saves_dir = Path(args.saves) if hasattr(args, "saves") else default_folder()
    pack = getattr(args, "pack", None)
    opening: Any = None
    delay = max(0.0, getattr(args, "bot_delay", 0.8))
    if args.command == "new":
        from rules import saves

        problem, session = _new_session(args, pack)
        if session is None:
            print(shown(f"parlour: {problem}"), file=sys.stderr)
            return 2
        path = saves.new_save_path(saves_dir, session.game.id, session.seed)
        opening = lambda app: app.start_flow(session, path)  # noqa: E731
    elif args.command == "resume":
        if args.file is not None:
            from rules import saves

            try:
                session = saves.load(args.file)
            except saves.SaveError as exc:
                print(shown(f"parlour: refused: {exc}"), file=sys.stderr)
                return 1
            opening = lambda app: app.start_flow(session, args.file, fresh=False)  # noqa: E731
        else:

            def opening(app: Any) -> None:
                app.show_resume()
    elif args.command == "demo":
        delay = max(0.0, args.delay)
        opening = lambda app: app.start_demo(args.game, args.seed)  # noqa: E731
    if pack is not None and not Path(pack).is_file():
        print(shown(f"parlour: {pack}: no such pack file"), file=sys.stderr)
        return 2
    app = ParlourApp(
        saves_dir,
        theme=getattr(args, "theme", "parlour"),
        pack_path=pack,
        bot_delay=delay,
        opening=opening,
    )
    app.run()
    return finish(app)


def finish(app: Any) -> int:
    """After the app: the one line naming the crash log, if it crashed; the exit code."""
    if app.crash_message is not None:
        print(shown(app.crash_message), file=sys.stderr)
    return int(app.return_code or 0)


def _options(game: Any, items: list[str]) -> tuple[dict[str, int], str]:
    """``KEY=VALUE`` options checked against the game's; a problem sentence or ''."""
    from tui.setup_form import is_number

    options: dict[str, int] = {}
    specs = {o.key: o for o in game.options}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            return {}, f"--option {item!r} should look like KEY=VALUE"
        if key not in specs:
            known = ", ".join(specs) or "none"
            return {}, f"{game.title} has no option {key!r} (options: {known})"
        spec = specs[key]
        if not is_number(value) or not spec.minimum <= int(value) <= spec.maximum:
            return {}, f"{spec.label} must be a whole number from {spec.minimum} to {spec.maximum}"
        options[key] = int(value)
    return options, ""


def _new_session(args: argparse.Namespace, pack: str | None) -> tuple[str, Any]:
    from rules.session import BOT, PERSON
    from tui.app import new_seed
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
        seed=str(args.seed if args.seed is not None else new_seed()),
        options=tuple(options),
        pack=pack or "",
    )
    problems, session = check_setup(game, entry)
    return " ".join(problems), session


if __name__ == "__main__":
    raise SystemExit(main())
