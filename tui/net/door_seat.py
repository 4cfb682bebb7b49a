"""The SSH door's child: one friend's seat (or watching terminal) on the door's pty.

The doors have it forked by the seat zygote (``tui.net.seat_zygote``, itself started
as ``python -I -m tui.net.seat_zygote``), which runs ``main`` with
``child_arguments`` (``--socket=PATH [--watch]``) in the environment the door built;
``child_command`` runs it afresh the same way. Nothing of the host's working folder
or of the caller's environment reaches it: ``-I`` keeps the working folder off
``sys.path`` (a planted ``tui/__init__.py`` there is never imported) and ignores
every ``PYTHON*`` variable and the user's site folder; it runs in a folder of the
host user's own (``own_folder``, their home from the password database, else
``/``); its environment (``child_environment``) is built from nothing: a fixed
``PATH``, the home, a UTF-8 locale, the friend's TERM, the user's XDG folders and
the code. The code comes in ``PARLOUR_JOIN_CODE`` (never on the command line,
where ``ps`` would show it) and is taken out of the environment at once. The
terminal is a friend's, not the host user's: the app is ``remote`` (no
screenshots, no crash log written on the host's machine).
"""

from __future__ import annotations

import argparse
import os
import pwd
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tui.net.codes import CODE_VARIABLE, GUEST_VARIABLE

if TYPE_CHECKING:
    from tui.net.join_app import JoinApp

MODULE = "tui.net.door_seat"
HOUSE = "--house"
"""The zygote's request for a seat house (``tui.net.seat_house``) instead of one seat."""
LOCALE = "C.UTF-8"
PASSED_ON = ("XDG_RUNTIME_DIR", "XDG_DATA_HOME")
"""The caller's variables the child keeps: where the user's own folders are."""


def own_folder() -> Path:
    """The host user's home (from the password database, not ``$HOME``), else ``/``."""
    try:
        home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    except KeyError:
        return Path("/")
    return home if home.is_absolute() and home.is_dir() else Path("/")


def child_arguments(socket: Path, watching: bool, lobby: bool = False) -> list[str]:
    """What the seat is told: the host's socket, and whether it only watches (or opens
    on a server's lobby)."""
    arguments = [f"--socket={socket}"]
    if lobby:
        return [*arguments, "--lobby"]
    return [*arguments, "--watch"] if watching else arguments


def child_command(socket: Path, watching: bool) -> list[str]:
    """The child's command line: this Python, isolated, running this module."""
    return [sys.executable, "-I", "-m", MODULE, *child_arguments(socket, watching)]


def child_environment(term: str, code: str, guest: str = "") -> dict[str, str]:
    """The child's whole environment: nothing of the caller's but ``PASSED_ON`` (and a
    lobby's pass, ``guest``, never on a command line either)."""
    env = {
        "PATH": os.defpath,
        "HOME": str(own_folder()),
        "LANG": LOCALE,
        "LC_ALL": LOCALE,
        "TERM": term,
        CODE_VARIABLE: code,
    }
    if guest:
        env[GUEST_VARIABLE] = guest
    for name in PASSED_ON:
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def parser() -> argparse.ArgumentParser:
    door_seat = argparse.ArgumentParser(
        prog="parlour-door-seat", description="A seat of a hosted game, for the SSH door."
    )
    door_seat.add_argument("--socket", required=True, type=Path, help="the host's socket")
    door_seat.add_argument("--watch", action="store_true", help="watch the public table")
    door_seat.add_argument("--lobby", action="store_true", help="open on a server's lobby")
    return door_seat


def seat_app(argv: Sequence[str], env: dict[str, str]) -> JoinApp:
    """The seat's app for ``argv``, its code (or a lobby's pass) read from ``env``."""
    from tui.net.join_app import JoinApp

    args = parser().parse_args(argv)
    code, guest = env.get(CODE_VARIABLE, ""), env.get(GUEST_VARIABLE, "")
    if args.lobby:
        from tui.serve.lobby_app import LobbyApp

        return LobbyApp(args.socket, guest=guest, remote=True)
    return JoinApp(args.socket, watching=args.watch, code=code, remote=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the seat until the friend leaves or the host ends; the exit code."""
    from tui.cli_game import finish

    env = {name: os.environ.pop(name, "") for name in (CODE_VARIABLE, GUEST_VARIABLE)}
    app = seat_app(sys.argv[1:] if argv is None else argv, env)
    app.run()
    return finish(app)


if __name__ == "__main__":
    sys.exit(main())
