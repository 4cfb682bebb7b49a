"""The seat zygote: one process that has already imported what a seat needs, and forks
each door's seat from itself, so a seat costs what its own screens cost (its pages
are the zygote's, shared, until it writes them), not a whole fresh Python.

The host starts it (``tui.net.seat_spawner``) as it started every seat before:
``python -I -m tui.net.seat_zygote``, in the user's own folder, with an environment
built from nothing (``child_environment``), so a forked seat is isolated exactly as
a seat started afresh was. It imports Textual, the join app and every game's screens
and rules, freezes what it made out of the garbage collector's reach (``gc.freeze``:
the collector would otherwise write to every shared page), then reads requests on
the control socket it was given (``--control=FD``, a descriptor it inherited).

A request is one message: JSON ``{"argv": [...], "env": {...}, "terminal": bool}``
with three file descriptors, the seat's stdin, stdout and stderr. The zygote forks;
the child starts a session of its own (its terminal its controlling terminal when
``terminal``), takes the descriptors as 0, 1 and 2 and exactly ``env`` as its
environment (Textual's settings read again from it: the browser door's seats choose
the web driver there), and runs ``tui.net.door_seat.main(argv)``; the zygote answers
``{"pid": N}`` (or ``{"error": sentence}``). When a seat ends, the zygote says
``{"ended": N, "status": S}`` (S as ``returncode``: negative for a signal). The
zygote trusts its control socket only: the host made it, and nothing else holds it.
It ends when the host closes it, and then ends the seats it still has.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import importlib
import json
import os
import random
import selectors
import signal
import socket
import sys
import termios
import time
from typing import Any

from tui.net import keys_first
from tui.net.short_slices import Slice

LONGEST_REQUEST = 64 * 1024
"""Bytes at most in a request (an environment and a few arguments)."""
FDS = 3
LAST_WAIT = 2.0
"""Seconds the seats left have to end once the zygote hangs up on them."""


def warm() -> None:
    """Import everything a seat's screens need (each game's too), then freeze it."""
    import textual.app  # noqa: F401
    import textual.drivers.linux_driver  # noqa: F401
    import textual.drivers.web_driver  # noqa: F401
    import textual.layouts.factory  # noqa: F401
    import textual.layouts.horizontal  # noqa: F401
    import textual.layouts.stream  # noqa: F401
    import textual.scrollbar  # noqa: F401
    from rich.cells import cell_len

    cell_len("♠♥♦♣ é 漢")  # (loads the tables of character widths)

    import tui.cli_game  # noqa: F401
    import tui.net.door_seat  # noqa: F401
    import tui.net.join_app  # noqa: F401
    import tui.net.seat_house  # noqa: F401  (and the houses' board: tui.net.keys_first)
    import tui.serve.lobby_app  # noqa: F401
    from rules import registry
    from tui.games import game_ui, playable

    for game_id in registry.ids():
        registry.get(game_id)
        if playable(game_id):
            game_ui(game_id)
    gc.collect()
    gc.freeze()


def serve(control: socket.socket) -> None:
    """Fork a seat for each request until the host closes the control socket."""
    seats: dict[int, int] = {}
    """Each seat's process id: its place on the houses' board."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    os.set_blocking(wake_read, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)
    chooser = selectors.DefaultSelector()
    chooser.register(control, selectors.EVENT_READ, "control")
    chooser.register(wake_read, selectors.EVENT_READ, "wake")
    try:
        while True:
            for key, _ in chooser.select():
                if key.data == "wake":
                    with contextlib.suppress(BlockingIOError):
                        os.read(wake_read, 512)
                    _reap(control, seats)
                elif not _answer(control, seats, (wake_read, wake_write, chooser.fileno())):
                    return
    finally:
        _end_all(seats)


def _end_all(seats: dict[int, int]) -> None:
    """Hang up on every seat left, as its terminal closing would; those still running
    after ``LAST_WAIT`` seconds are killed (none outlives the zygote)."""
    for pid in seats:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGHUP)
            os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + LAST_WAIT
    while seats and time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            seats.pop(pid, None)
        else:
            time.sleep(0.02)
    for pid in seats:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


def _answer(control: socket.socket, seats: dict[int, int], own: tuple[int, ...]) -> bool:
    """One request answered; False once the host has gone. ``own`` are the zygote's
    descriptors that no seat keeps."""
    try:
        data, fds, flags, _ = socket.recv_fds(control, LONGEST_REQUEST, FDS)
    except OSError:
        return False
    if not data:
        for fd in fds:
            os.close(fd)
        return False
    try:
        if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
            raise ValueError("a request too long, or with more than three descriptors")
        request = _checked(data, fds)
        settled, settling = os.pipe()
        keys_first.NEXT_PLACE = keys_first.free_place(seats.values())  # (the child's)
        pid = os.fork()
        if pid == 0:
            os.close(settled)
            _become_seat(control, request, fds, (*own, settling))  # (never returns)
        os.close(settling)
        os.read(settled, 1)  # (until the seat leads its own session: signals then reach it)
        os.close(settled)
        seats[pid] = keys_first.NEXT_PLACE
        _say(control, {"pid": pid})
    except (ValueError, RecursionError, OSError) as problem:
        _say(control, {"error": str(problem)[:200]})
    finally:
        for fd in fds:
            os.close(fd)
    return True


def _checked(data: bytes, fds: list[int]) -> dict[str, Any]:
    request = json.loads(data)
    if len(fds) != FDS or not isinstance(request, dict):
        raise ValueError("a request needs its three descriptors")
    argv, env = request.get("argv"), request.get("env")
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv)):
        raise ValueError("argv must be a list of strings")
    if not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
        raise ValueError("env must map names to strings")
    return request


def _become_seat(
    control: socket.socket, request: dict[str, Any], fds: list[int], ours: tuple[int, ...]
) -> None:
    """In the forked child: the seat, on its own terminal, with its own environment.
    Closing the last of ``ours`` tells the zygote the seat leads its own session."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        for number in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
            signal.signal(number, signal.SIG_DFL)
        control.close()
        os.setsid()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        for fd in set(fds):
            if fd > 2:
                os.close(fd)
        if request.get("terminal"):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        for fd in ours:
            os.close(fd)
        os.environ.clear()
        os.environ.update(request["env"])
        import textual.constants

        importlib.reload(textual.constants)  # (Textual read its settings when imported)
        random.seed()
        from tui.net.door_seat import HOUSE, main
        from tui.net.seat_house import main as house

        code = house() if request["argv"] == [HOUSE] else main(request["argv"])
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    except BaseException:  # (a seat's crash is its own: never the zygote's loop)
        code = 1
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _reap(control: socket.socket, seats: dict[int, int]) -> None:
    while seats:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        place = seats.pop(pid, None)
        if place is not None:
            keys_first.BOARD.vacate(place, pid)  # (its place nudges no one now)
        _say(control, {"ended": pid, "status": os.waitstatus_to_exitcode(status)})


def _say(control: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        control.sendall(json.dumps(message).encode())


def main(argv: list[str] | None = None) -> int:
    import argparse

    arguments = argparse.ArgumentParser(prog="parlour-seat-zygote")
    arguments.add_argument("--control", type=int, required=True, help="the control socket")
    arguments.add_argument("--board", type=int, help="the door's board (keys first)")
    given = arguments.parse_args(argv)
    control = socket.socket(fileno=given.control)
    Slice().reset()  # (not the door's short slice: each house asks for its own)
    warm()
    if given.board is not None:  # (before any house is forked: each maps it)
        keys_first.BOARD = keys_first.board_from(given.board) or keys_first.BOARD
    serve(control)
    return 0


if __name__ == "__main__":
    sys.exit(main())
