"""A seat house: one process that runs many SSH guests' seats, each an app of its own on
its guest's terminal, so a seat costs what its screens cost and not a process.

The door's spawner (``tui.net.seat_spawner``) has the seat zygote fork a house as it
forks a seat (``tui.net.door_seat`` with ``--house``): isolated the same way (the
user's own folder, an environment built from nothing), with its control socket as its
standard input. On that socket (``SOCK_SEQPACKET``, one JSON message each) the door
asks:

* ``{"open": N, "argv": [...], "env": {...}, "size": [columns, rows]}`` with one
  descriptor, the guest's terminal (a stream socket): the house runs that seat's app
  (``tui.net.door_seat.seat_app``: its arguments, and the code or the lobby pass from
  ``env``) on a driver bound to it (``tui.net.terminal_driver``) and answers
  ``{"opened": N}``, or ``{"error": sentence, "seat": N}``;
* ``{"size": [columns, rows], "seat": N}``: the guest's window changed.

When a seat's app ends (the guest hung up, the seat left or the host ended), the house
writes the app's last line to that terminal, closes it and says ``{"ended": N,
"status": S}``. A seat's crash is its own: the others go on. When the control socket
closes the house hangs up on every seat it has and ends. The house trusts its control
socket only (the door made it); every byte on a guest's terminal is the guest's.

Its loop puts other houses' guests' keys before its own repaints for other players' moves
(``tui.net.keys_first``): a guest's bytes mark the house on the board the houses share.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import socket
import sys
from collections.abc import Iterator
from functools import partial
from typing import Any, cast

from tui.cli_values import shown
from tui.net import keys_first
from tui.net.codes import CODE_VARIABLE, GUEST_VARIABLE
from tui.net.door_seat import seat_app
from tui.net.quiet_collector import QuietCollector
from tui.net.terminal_driver import GuestTerminal, TerminalDriver

LONGEST_REQUEST = 64 * 1024
LAST_WAIT = 5.0
"""Seconds the seats have to end once the house is told to close."""


@contextlib.contextmanager
def environment(env: dict[str, str]) -> Iterator[None]:
    """``os.environ`` is exactly ``env`` while a seat's app is made (its terminal type
    and colours are read then), and the house's own again after."""
    own = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(own)


def last_words(app: Any) -> bytes:
    """What the seat says on its guest's terminal once its screens are gone."""
    lines = [line for line in (app.crash_message, app.farewell) if line is not None]
    return "".join(f"{shown(line)}\r\n" for line in lines).encode("utf-8", "replace")


class House:
    """The seats of one house, and its control socket."""

    def __init__(self, control: socket.socket) -> None:
        self.control = control
        self.seats: dict[int, Seat] = {}
        self.terminals: set[GuestTerminal] = set()
        """Every seat's terminal until it is closed (a seat ended may still be sending)."""
        self.closed = asyncio.get_running_loop().create_future()
        self._unsaid: list[bytes] = []
        """Answers the control socket had no room for yet, in order."""

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        self.control.setblocking(False)
        loop.add_reader(self.control.fileno(), self._heard)
        collector = QuietCollector(self.last_heard, loop.time)
        collector.start()
        try:
            await self.closed
        finally:
            collector.stop()
            loop.remove_reader(self.control.fileno())
            for seat in list(self.seats.values()):
                seat.terminal.hang_up()
            ending: list[asyncio.Future[Any]] = [
                seat.task for seat in self.seats.values() if seat.task is not None
            ]
            ending += [
                asyncio.ensure_future(t.closed.wait())
                for t in self.terminals
                if not t.closed.is_set()
            ]
            if ending:  # (every seat's last bytes out before the house ends)
                await asyncio.wait(ending, timeout=LAST_WAIT)

    def last_heard(self) -> float:
        """When a guest of the house last sent a byte (on the loop's clock)."""
        return max((t.heard for t in self.terminals), default=float("-inf"))

    def _heard(self) -> None:
        try:
            data, fds, flags, _ = socket.recv_fds(self.control, LONGEST_REQUEST, 1)
        except BlockingIOError:
            return
        except OSError:
            data, fds, flags = b"", [], 0
        if not data:
            for fd in fds:
                os.close(fd)
            if not self.closed.done():
                self.closed.set_result(None)
            return
        number: Any = None
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                raise ValueError("a request too long, or with more than one descriptor")
            request = json.loads(data)
            if not isinstance(request, dict):
                raise ValueError("a request is an object")
            number = request.get("open", request.get("seat"))
            if "open" in request:
                self._open(request, fds)
                fds = []
            elif "size" in request:
                self._resize(request)
            else:
                raise ValueError("a request opens a seat or says a size")
        except (ValueError, TypeError, RecursionError, OSError) as problem:
            self._say({"error": str(problem)[:200], "seat": number})
        finally:
            for fd in fds:
                os.close(fd)

    def _open(self, request: dict[str, Any], fds: list[int]) -> None:
        number, argv, env = request["open"], request.get("argv"), request.get("env")
        columns, rows = request.get("size") or (80, 24)
        if not isinstance(number, int) or number in self.seats:
            raise ValueError("a seat needs a new number")
        if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv)):
            raise ValueError("argv must be a list of strings")
        if not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
            raise ValueError("env must map names to strings")
        if not (isinstance(columns, int) and isinstance(rows, int)) or len(fds) != 1:
            raise ValueError("a seat needs its size and its terminal")
        guest = socket.socket(fileno=fds[0])
        seat = Seat(self, number, (columns, rows))
        self.seats[number] = seat
        self.terminals = {t for t in self.terminals if not t.closed.is_set()}
        self.terminals.add(seat.terminal)
        seat.task = asyncio.get_running_loop().create_task(
            seat.run(guest, argv, env), context=contextvars.Context()
        )  # (a context of its own: nothing of Textual's per-task state is shared)
        self._say({"opened": number})

    def _resize(self, request: dict[str, Any]) -> None:
        seat = self.seats.get(request.get("seat"))  # type: ignore[arg-type]
        columns, rows = request["size"]
        if seat is None or not (isinstance(columns, int) and isinstance(rows, int)):
            raise ValueError("a size for a seat this house has")
        seat.terminal.resize(columns, rows)

    def ended(self, seat: Seat, status: int) -> None:
        self.seats.pop(seat.number, None)
        self._say({"ended": seat.number, "status": status})

    def _say(self, message: dict[str, Any]) -> None:
        """Answer the door; what the socket has no room for now waits, in order."""
        self._unsaid.append(json.dumps(message).encode())
        if len(self._unsaid) == 1:
            self._say_more()

    def _say_more(self) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(ValueError, OSError):
            loop.remove_writer(self.control.fileno())
        while self._unsaid:
            try:
                self.control.send(self._unsaid[0])
            except BlockingIOError:
                loop.add_writer(self.control.fileno(), self._say_more)
                return
            except OSError:  # (the door has gone)
                self._unsaid.clear()
                return
            self._unsaid.pop(0)


class Seat:
    """One guest's seat in the house: its app on its terminal."""

    def __init__(self, house: House, number: int, size: tuple[int, int]) -> None:
        self.house = house
        self.number = number
        self.terminal = GuestTerminal(size, self.hang_up, keys_first.BOARD)
        self.app: Any = None
        self.task: asyncio.Task[None] | None = None

    async def run(self, guest: socket.socket, argv: list[str], env: dict[str, str]) -> None:
        status, words = 1, b""
        try:
            guest.setblocking(False)
            loop = asyncio.get_running_loop()
            await loop.connect_accepted_socket(lambda: self.terminal, guest)
            secrets = (CODE_VARIABLE, GUEST_VARIABLE)  # (read from env, never kept in one)
            with environment({k: v for k, v in env.items() if k not in secrets}):
                self.app = seat_app(argv, env)
            self.app.driver_class = cast(Any, partial(TerminalDriver, terminal=self.terminal))
            if not self.terminal.hung_up:
                await self.app.run_async(size=self.terminal.size)
            status, words = int(self.app.return_code or 0), last_words(self.app)
        except (Exception, SystemExit):  # (a seat's crash is its own: never the house's)
            status = 1
        finally:
            _own_streams()
            self.terminal.say_last(words)
            if self.terminal.transport is None:
                self.terminal.closed.set()
            self.house.ended(self, status)

    def hang_up(self) -> None:
        """The guest has gone: the app ends as a seat whose terminal closed."""
        app = self.app
        if app is not None:  # (before it runs too: it then ends as it starts)
            app.exit(return_code=app.return_code or 0)


def _own_streams() -> None:
    """Each app points the process's stdout and stderr at its own capture while it runs
    (Textual's redirect): once one ends, they are the house's again."""
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__


def main() -> int:
    """Run the house on its control socket (standard input) until the door closes it."""
    control = socket.socket(fileno=0)

    async def run() -> None:
        await House(control).serve()  # (made in the running loop, as its parts must be)

    keys_first.BOARD.take_place(keys_first.NEXT_PLACE)
    loop = keys_first.KeysFirstLoop()
    loop.listen()  # (nudged in a turn: another house's key first)
    with asyncio.Runner(loop_factory=lambda: loop) as runner:
        runner.run(run())
    return 0
