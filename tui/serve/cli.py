"""``parlour serve`` on the command line: the server, its doors, the owner's limits.

The server runs until it is stopped (Ctrl+C, SIGTERM or SIGHUP): then every
terminal is told, each door's children end, and every table is on disk to come
back at the next start. Its terminal shows the server's log as it is written (one
line per table event, never a code); the same lines go to ``serve.log`` in its
data folder.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import signal
import sys
import time
from pathlib import Path
from typing import Any

from tui.cli_game import add_bot_delay
from tui.cli_values import port_number, port_problem, shown, web_address

DEFAULT_SSH = 2222
MOTD_LONGEST = 300
SOCKET_NAME = "serve.sock"


def _whole(least: int) -> Any:
    def whole(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or int(text) < least:
            raise argparse.ArgumentTypeError(
                f"{shown(repr(text))} is not a whole number >= {least}"
            )
        return int(text)

    return whole


def _days(text: str) -> float:
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 < days <= 3650:
        raise argparse.ArgumentTypeError(f"{shown(repr(text))} is not a number of days (0 to 3650)")
    return days


def _motd(text: str) -> str:
    from rules.names import text_fault

    text = " ".join(text.split())
    fault = text_fault(text)
    if fault:
        raise argparse.ArgumentTypeError(f"the message of the day {fault}")
    if len(text) > MOTD_LONGEST:
        raise argparse.ArgumentTypeError(
            f"the message of the day is over {MOTD_LONGEST} characters"
        )
    return text


def add_serve_command(commands: Any) -> None:
    from tui.serve.limits import Limits

    limits = Limits()
    serve = commands.add_parser(
        "serve",
        help="run a parlour that stays open: many tables, a lobby, games that wait for days",
        description=(
            "Run a parlour for friends: guests connect over SSH (ssh -p PORT "
            "party@THIS-MACHINE) and, with --web, from a browser. Without a code a guest "
            "lands in the lobby: the tables to join or watch, and a form to start one "
            "(the starter is given the codes to hand out). Every table is saved move by "
            "move in the data folder and comes back, codes and all, when the server starts "
            "again, even after a crash."
        ),
    )
    serve.add_argument(
        "--data", metavar="DIR", type=Path,
        help="the server's data folder: tables, codes, its SSH key and log (default: "
        "serve/ in your Parlour data folder)",
    )  # fmt: skip
    serve.add_argument("--socket", metavar="PATH", type=Path, help="the server's own socket")
    serve.add_argument(
        "--ssh", metavar="PORT", type=port_number, default=DEFAULT_SSH,
        help=f"the SSH door's port (default {DEFAULT_SSH})",
    )  # fmt: skip
    serve.add_argument(
        "--ssh-address", metavar="ADDRESS", type=web_address,
        help="listen for SSH on this address only (default: every address)",
    )  # fmt: skip
    serve.add_argument(
        "--web", metavar="PORT", type=port_number,
        help="also open a browser door on this port (http://ADDRESS:PORT/)",
    )  # fmt: skip
    serve.add_argument(
        "--web-address", metavar="ADDRESS", type=web_address,
        help="the address the browser door's links name (default: this machine's LAN address)",
    )  # fmt: skip
    serve.add_argument(
        "--tables", metavar="N", type=_whole(1), default=limits.tables,
        help="most tables at once, finished ones included until archived "
        f"(default {limits.tables})",
    )  # fmt: skip
    serve.add_argument(
        "--seats", metavar="N", type=_whole(1), default=limits.seats,
        help="most people's seats at every unfinished table together "
        f"(default {limits.seats})",
    )  # fmt: skip
    serve.add_argument(
        "--idle-days", metavar="DAYS", type=_days, default=limits.idle_days,
        help="archive a table (finished or abandoned) where nothing happened for this long "
        f"(default {limits.idle_days:g})",
    )  # fmt: skip
    serve.add_argument(
        "--motd", metavar="TEXT", type=_motd,
        help=f"a message of the day for the lobby (at most {MOTD_LONGEST} characters)",
    )  # fmt: skip
    add_bot_delay(serve)


def _fail(problem: str, status: int = 2) -> int:
    print(shown(f"parlour: {problem}"), file=sys.stderr)
    return status


def server_log(folder: Path, echo: bool = True) -> Any:
    """A function that adds a line to ``serve.log`` (private, never through a link) and
    shows it on the server's terminal."""
    from tui.private_files import append_private
    from tui.serve.parlour import LOG_NAME

    def log(line: str) -> None:
        stamped = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}"
        append_private(folder, LOG_NAME, stamped + "\n")
        if echo:
            print(shown(stamped), flush=True)

    return log


def serve(args: argparse.Namespace) -> int:
    """Run the server until it is stopped; 0 when it was stopped normally. Every mistake
    is one line before anything listens."""
    from tui.net.codes import folder_problem, runtime_folder, socket_path_problem
    from tui.persistence.folders import user_data_folder
    from tui.serve.limits import Limits

    data = Path(args.data) if args.data is not None else user_data_folder() / "serve"
    data = data.expanduser().absolute()
    socket = Path(args.socket) if args.socket is not None else runtime_folder() / SOCKET_NAME
    problem = (
        folder_problem(data)
        or socket_path_problem(socket)
        or folder_problem(socket.parent)
        or ("--ssh and --web need two different ports" if args.ssh == args.web else None)
        or port_problem(args.ssh)
        or (port_problem(args.web) if args.web is not None else None)
    )
    if problem:
        return _fail(problem.replace("--socket chooses another place", "choose another"))
    if _listening(socket):
        return _fail(f"a parlour is already served at {socket} (--socket chooses another place)")
    limits = Limits(args.tables, args.seats, args.idle_days, args.motd or "")
    try:
        return asyncio.run(_run(args, data, socket, limits))
    except KeyboardInterrupt:
        return 0


def _listening(path: Path) -> bool:
    from tui.net.cli import hosted_here

    return hosted_here(path)


async def _run(args: argparse.Namespace, data: Path, socket: Path, limits: Any) -> int:
    from tui.net.quiet_collector import QuietCollector
    from tui.private_files import NotPrivate, make_private_folder
    from tui.serve.doors import DoorsProcess, door_settings
    from tui.serve.parlour import Parlour

    try:
        make_private_folder(data)
    except (NotPrivate, OSError) as exc:
        return _fail(str(exc))
    log = server_log(data)
    parlour = Parlour(data, socket, limits, log=log, bot_delay=max(0.0, args.bot_delay))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for ending in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        loop.add_signal_handler(ending, stopping.set)
    doors = DoorsProcess(parlour, data, lambda line: log(" ".join(line.split())))
    collector = QuietCollector(loop.time, loop.time, freeze=gc.freeze)  # (never quiet)
    status = 0
    try:
        collector.start()
        await parlour.start()
        log(f"the tables are open: {len(parlour.tables)} brought back")
        await doors.start(door_settings(args))
        ended = asyncio.ensure_future(doors.ended())
        stopped = asyncio.ensure_future(stopping.wait())
        await asyncio.wait({ended, stopped}, return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        if not stopping.is_set() and ended.done():  # (the doors could not open, or stopped)
            status = 1
            log(f"the doors closed ({_ended(ended.result())}): the parlour closes; every "
                "table is saved and comes back at the next start")  # fmt: skip
        else:
            ended.cancel()
            log("the parlour is closing: every table is saved and comes back at the next start")
    except OSError as exc:
        _fail(f"the parlour could not open: {exc.strerror or exc}", 1)
        return 1
    finally:
        collector.stop()
        doors.closing()
        await parlour.close()
        await doors.close()
    return status


def _ended(status: int) -> str:
    return f"killed by signal {-status}" if status < 0 else f"status {status}"
