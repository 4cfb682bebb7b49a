"""``parlour host`` and ``parlour join`` on the command line.

Only the parsers are built at start-up (``parlour`` alone opens the lobby, which
must not wait for sockets): each command imports what it uses."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from tui.cli_game import add_bot_delay, finish, new_session, saves_folder
from tui.cli_values import (
    KNOWN_SEED,
    port_number,
    port_problem,
    seed_number,
    shown,
    web_address,
)


def add_net_commands(
    commands: Any, common: argparse.ArgumentParser, game_ids: tuple[str, ...]
) -> None:
    """The ``host`` and ``join`` commands."""
    host = commands.add_parser(
        "host",
        parents=[common],
        help="host a game that friends join from terminals of their own",
        description=(
            "Host GAME: this terminal shows the public table; each person not named by "
            "--here joins their seat with `parlour join` and a code shown at the start."
        ),
    )
    host.add_argument("game", nargs="?", choices=game_ids)
    host.add_argument("--players", default="", help="people's names, comma-separated")
    host.add_argument(
        "--here",
        default="",
        metavar="NAMES",
        help="those of --players who play at this keyboard, behind the curtain",
    )
    host.add_argument("--bots", type=int, default=0, help="how many bot seats to add")
    host.add_argument(
        "--seed", type=seed_number, help="a seed of your own (left out: a secret one)"
    )
    host.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    host.add_argument("--resume", metavar="FILE", type=Path, help="host a saved game")
    add_bot_delay(host)
    host.add_argument(
        "--group",
        metavar="NAME",
        help="let members of this group join too (their own accounts on this machine)",
    )
    host.add_argument("--socket", metavar="PATH", type=Path, help="where to listen")
    host.add_argument(
        "--ssh",
        metavar="PORT",
        type=port_number,
        help="also open an SSH door on this port: `ssh -p PORT party@HOST`, then the code",
    )
    host.add_argument(
        "--web",
        metavar="PORT",
        type=port_number,
        help="also open a browser door on this port: guests scan a seat's QR code with a "
        "phone, or open http://ADDRESS:PORT/ and type the code",
    )
    host.add_argument(
        "--web-address",
        metavar="ADDRESS",
        type=web_address,
        help="the address the browser door's links and QR codes name (default: this "
        "machine's address on the local network)",
    )

    join = commands.add_parser(
        "join",
        parents=[common],
        help="join a hosted game's seat from this terminal",
        description="Join a game hosted on this machine: type your join code when asked.",
    )
    join.add_argument("--watch", action="store_true", help="watch the public table only")
    join.add_argument("--socket", metavar="PATH", type=Path, help="the host's socket")
    join.add_argument(
        "--host-user",
        metavar="NAME",
        help="the account that hosts (default: yours): for a host in another account, who "
        "hosted with --group (its socket is then looked for in that account's /tmp folder)",
    )


def _fail(problem: str, status: int = 2) -> int:
    print(shown(f"parlour: {problem}"), file=sys.stderr)
    return status


def _socket_path(args: argparse.Namespace) -> Path:
    from tui.net.codes import SOCKET_NAME, default_socket, runtime_folder

    if args.socket is not None:
        return Path(args.socket)
    if getattr(args, "group", None):
        return runtime_folder(shared=True) / SOCKET_NAME
    return default_socket()


def hosted_here(path: Path) -> bool:
    """Whether a host is listening at ``path`` now."""
    import socket

    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def host(args: argparse.Namespace) -> int:
    """Host a new or saved game; 0 when the table was left normally. Every mistake is
    one line before anything is written (no save, no socket)."""
    from tui.net.codes import SocketFolderRefused, make_socket_folder
    from tui.net.hosting import joined_seats, start_hosting
    from tui.persistence import saves

    path = _socket_path(args)
    problem = _where_problem(args, path)
    if problem:
        return _fail(problem)
    saves_dir, problem = saves_folder(args)
    if problem:
        return _fail(problem)
    opened: Any = None
    if args.resume is not None:
        if args.game or args.players or args.bots or args.option or args.seed is not None:
            return _fail("--resume hosts the saved game as it is: leave out the game and seats")
        try:
            opened = saves.open_save(args.resume, lock=True)
        except saves.SaveError as exc:
            return _fail(f"refused: {exc}", 1)
        session = opened.session
    else:
        if not args.game:
            return _fail("host needs a game (or --resume FILE)")
        if not args.players.strip():
            return _fail("host needs --players")
        problem, session = new_session(args, getattr(args, "pack", None))
        if session is None:
            return _fail(problem)
    names = tuple(seat.name for seat in session.seats)
    here = [n.strip() for n in args.here.split(",") if n.strip()]
    folded = {n.casefold() for n in names}
    unknown = [n for n in here if n.casefold() not in folded]
    if unknown:
        return _fail(f"--here names {', '.join(unknown)}, who is not at this table")
    try:
        make_socket_folder(path.parent, args.group)
    except SocketFolderRefused as exc:
        return _fail(str(exc))
    if opened is not None:
        save_path = args.resume
    else:
        try:
            save_path = saves.new_save_path(saves_dir, session.game.id)
        except saves.SaveError as exc:
            return _fail(str(exc), 1)
        if args.seed is not None:
            print(f"parlour: {KNOWN_SEED}", file=sys.stderr)
    joined = joined_seats(names, tuple(s.is_bot for s in session.seats), here)
    from tui.net.host_app import HostApp

    app = HostApp(
        saves_dir,
        signals=True,
        theme=getattr(args, "theme", "parlour"),
        ascii_cards=getattr(args, "ascii", False),
        bot_delay=max(0.0, args.bot_delay),
        opening=lambda app: start_hosting(
            app,
            session,
            save_path,
            joined,
            path,
            group=args.group,
            opened=opened,
            ssh_port=args.ssh,
            web_port=args.web,
            web_address=args.web_address,
        ),
    )
    app.run()
    return finish(app)


def _where_problem(args: argparse.Namespace, path: Path) -> str | None:
    """Why the table cannot listen at ``path`` (None: it can): a group that does not
    exist, a path over the Unix limit, a folder that is not this user's alone, a game
    already hosted there."""
    from tui.net.codes import folder_problem, socket_path_problem

    if args.group:
        import grp

        try:
            grp.getgrnam(args.group)
        except KeyError:
            return f"there is no group called {args.group!r}"
    problem = socket_path_problem(path) or folder_problem(path.parent)
    if problem:
        return problem
    if hosted_here(path):
        return f"a game is already hosted at {path} (--socket chooses another place)"
    if args.ssh is not None and args.ssh == args.web:  # (before any port is tried)
        return "--ssh and --web need two different ports"
    for port in (args.ssh, args.web):
        if port is not None and (problem := port_problem(port)):
            return problem
    return None


def join(args: argparse.Namespace) -> int:
    """Join a hosted game's seat (or watch it), only at a host of the expected account."""
    from tui.net.codes import CODE_VARIABLE, SOCKET_NAME, shared_folder
    from tui.net.join_app import JoinApp

    host_uid = None
    if args.host_user is not None:
        import pwd

        try:
            host_uid = pwd.getpwnam(args.host_user).pw_uid
        except KeyError:
            return _fail(f"there is no user called {args.host_user!r}")
    path = _socket_path(args)
    if args.socket is None and host_uid is not None:
        path = shared_folder(host_uid) / SOCKET_NAME  # (where that account hosts a group)
    code = os.environ.pop(CODE_VARIABLE, "")
    app = JoinApp(
        path,
        watching=args.watch,
        code=code,
        theme=getattr(args, "theme", "parlour"),
        ascii_cards=getattr(args, "ascii", False),
        host_uid=host_uid,
    )
    app.run()
    return finish(app)
