"""The ``parlour`` command: the lobby, and new, resume, demo, simulate, check, rules."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rules import registry
from tui.cli_game import add_bot_delay, add_saves_options, finish, new_session, saves_folder
from tui.cli_teach import PLAY_DELAY, TEACH_DELAY, add_teach_command, coached_problem
from tui.cli_values import (
    KNOWN_SEED,
    MOST_GAMES,
    game_count,
    seat_count,
    seat_policy,
    seconds,
    seed_number,
    shown,
)
from tui.net.cli import add_net_commands, host, join
from tui.serve.cli import add_serve_command, serve

# Everything else is imported by the command that needs it, so that `parlour` alone
# (the lobby) starts without importing any game's rules.


class OneLineParser(argparse.ArgumentParser):
    """A mistake on the command line is one line (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, shown(f"{self.prog}: error: {message}") + "\n")


def _common() -> OneLineParser:
    common = OneLineParser(add_help=False)
    add_saves_options(common)
    common.add_argument(
        "--theme",
        default=argparse.SUPPRESS,
        choices=("parlour", "parlour-contrast"),
        help="colour theme",
    )
    common.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="suit letters instead of suit symbols (KS, 10H), for terminals without them",
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
    parser = OneLineParser(
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
    new.add_argument(
        "--seed",
        type=seed_number,
        help="a seed of your own, to deal a game again (left out: a secret one)",
    )
    add_bot_delay(new)
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
    add_bot_delay(resume)

    demo = commands.add_parser(
        "demo",
        parents=[common],
        help="watch bots play",
        description="Bots play a whole game; space pauses, n steps.",
    )
    demo.add_argument("game", choices=game_ids)
    demo.add_argument("--seed", type=seed_number)
    demo.add_argument("--delay", type=seconds, default=0.8, help="seconds between bot moves")

    add_teach_command(commands, common, game_ids)

    add_net_commands(commands, common, game_ids)
    add_serve_command(commands)

    sim = commands.add_parser(
        "simulate",
        parents=[common],
        help="headless bot games",
        description="Play many bot games without a screen and report. Every seat is the "
        "game's own bot unless --policy seats a random player there, to measure a bot "
        "against chance.",
    )
    sim.add_argument("game", choices=game_ids)
    sim.add_argument("--games", type=game_count, default=100, help=f"1 to {MOST_GAMES:,}")
    sim.add_argument("--seed", type=seed_number, default=1)
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument(
        "--seats",
        type=seat_count,
        metavar="N",
        help="how many seats at the table (default: the game's usual bot table)",
    )
    sim.add_argument(
        "--policy",
        action="append",
        default=[],
        type=seat_policy,
        metavar="SEAT=random|bot",
        help="who decides for seat SEAT, counted from 1: random (any open choice, at random) "
        "or bot (the game's own, as every seat not named); repeat for more seats, "
        "e.g. --policy 2=random --policy 3=random",
    )
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


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # e.g. `parlour simulate ... | head`: the reader left early
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "ascii", False) and args.command in PRINTING:
        from tui.ascii_cards import ascii_printing

        with ascii_printing():
            return _command(args)
    return _command(args)


PRINTING = ("simulate", "check", "rules")
"""The commands that print rather than draw a screen (``--ascii`` filters what they print)."""


def _command(args: argparse.Namespace) -> int:
    command = args.command
    if command == "simulate":
        return _simulate(args)
    if command in NO_PACK and hasattr(args, "pack"):
        print(f"parlour: {NO_PACK[command]}", file=sys.stderr)
        return 2
    if command == "check":
        from tui.persistence import saves

        try:
            session, note = saves.load_noted(args.file)
        except saves.SaveError as exc:
            print(shown(f"refused: {exc}"), file=sys.stderr)
            return 1
        if note:
            print(shown(f"note: {note}"), file=sys.stderr)
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
    if command == "join":
        return join(args)
    if command == "host":
        return host(args)
    if command == "serve":
        return serve(args)
    return _run_app(args)


NO_PACK = {
    "check": "check takes no --pack: a save carries its own cards",
    "rules": "rules takes no --pack: the rules are the same whatever the cards",
}
"""The commands a card pack means nothing to, and why."""


def _simulate(args: argparse.Namespace) -> int:
    from rules.simulate import simulate, table_problem

    game = registry.get(args.game)
    options, problem = _options(game, args.option)
    if args.evening_ball:
        if "evening_ball" not in {o.key for o in game.options}:
            problem = f"{game.title} has no Evening Ball mode"
        options["evening_ball"] = 1
    pack = None
    if not problem and hasattr(args, "pack"):
        pack, problem = _own_pack(game, args.pack)
    problem = problem or table_problem(game, options, pack, seed=args.seed, seats=args.seats)
    seats = args.seats or game.bot_seats
    policies: tuple[str, ...] = ()
    if not problem:
        policies, problem = _policies(args.policy, seats)
    if problem:
        print(shown(f"parlour: {problem}"), file=sys.stderr)
        return 2
    try:
        report = simulate(
            game,
            args.games,
            args.seed,
            options=options,
            pack=pack,
            policies=policies,
            seats=seats,
        )
    except KeyboardInterrupt:  # Ctrl+C: stop quietly, no traceback
        print("parlour: simulate stopped (Ctrl+C); no report", file=sys.stderr)
        return 130
    # The report may quote the pack (its name, a refused move naming a card): shown().
    print(json.dumps(report.as_dict(), indent=2) if args.json else shown(report.as_text()))
    return 0 if report.errors == 0 else 1


def _policies(named: list[tuple[int, str]], seats: int) -> tuple[tuple[str, ...], str]:
    """Each seat's policy from ``--policy`` (the seats not named: bot), or the sentence
    refusing them: a seat past the table's, or one seat named twice."""
    from rules.session import BOT

    policies: list[str] = [BOT] * seats
    given: set[int] = set()
    for seat, policy in named:
        if seat >= seats:
            return (), f"--policy {seat + 1}={policy}: the table has seats 1 to {seats}"
        if seat in given:
            return (), f"--policy names seat {seat + 1} more than once"
        given.add(seat)
        policies[seat] = policy
    return tuple(policies), ""


def _regular_file(path: str) -> bool:
    """A file that can be read to its end (not a folder, a FIFO or a device)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _own_pack(game: Any, path: str) -> tuple[Any, str]:
    """The player's pack named by ``--pack``, or the sentence refusing it."""
    from rules.packs import PackError

    if not path.strip():
        return None, "--pack needs the name of a pack file"
    try:
        return game.load_pack(path), ""
    except PackError as exc:  # the same words as `parlour new` and the setup screen
        return None, f"Card pack refused: {exc}"


def _run_app(args: argparse.Namespace) -> int:
    from tui.app import ParlourApp

    saves_dir, problem = saves_folder(args)
    if problem and not (args.command == "resume" and args.file is not None):
        print(shown(f"parlour: {problem}"), file=sys.stderr)  # (a file named is the one written)
        return 2
    pack = getattr(args, "pack", None)
    opening: Any = None
    delay = max(0.0, getattr(args, "bot_delay", 0.8))
    if args.command == "new":
        from tui.persistence import saves

        problem, session = new_session(args, pack)
        if session is None:
            print(shown(f"parlour: {problem}"), file=sys.stderr)
            return 2
        try:
            path = saves.new_save_path(saves_dir, session.game.id)
        except saves.SaveError as exc:
            print(shown(f"parlour: {exc}"), file=sys.stderr)
            return 1
        if args.seed is not None:
            print(f"parlour: {KNOWN_SEED}", file=sys.stderr)

        def opening(app: Any) -> None:
            app.start_flow(session, path)
            if args.seed is not None:
                app.notify(KNOWN_SEED, severity="warning", timeout=8)
    elif args.command == "resume":
        if args.file is not None:
            from tui.persistence import saves

            try:
                opened = saves.open_save(args.file, lock=True)
            except saves.SaveError as exc:
                print(shown(f"parlour: refused: {exc}"), file=sys.stderr)
                return 1

            def opening(app: Any) -> None:
                app.start_flow(opened.session, args.file, fresh=False, opened=opened)

        else:

            def opening(app: Any) -> None:
                app.show_resume()
    elif args.command == "teach" and args.play:
        problem = coached_problem(args, pack)
        if problem:
            print(f"parlour: {problem}", file=sys.stderr)
            return 2
        delay = PLAY_DELAY if args.delay is None else args.delay
        opening = lambda app: app.start_coached(args.game, args.name)  # noqa: E731
    elif args.command in ("demo", "teach"):
        delay = TEACH_DELAY if args.delay is None else max(0.0, args.delay)
        if pack is not None:
            problem = _own_pack(registry.get(args.game), pack)[1]
            if problem:
                print(shown(f"parlour: {problem}"), file=sys.stderr)
                return 2
        teaching = args.command == "teach"
        opening = lambda app: app.start_demo(args.game, args.seed, teach=teaching)  # noqa: E731
    if pack is not None and not _regular_file(pack):
        print(shown(f"parlour: {pack}: no such pack file"), file=sys.stderr)
        return 2
    app = ParlourApp(
        saves_dir,
        theme=getattr(args, "theme", "parlour"),
        ascii_cards=getattr(args, "ascii", False),
        pack_path=pack,
        bot_delay=delay,
        opening=opening,
    )
    app.run()
    return finish(app)


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


if __name__ == "__main__":
    raise SystemExit(main())
