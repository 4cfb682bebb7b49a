"""The host's side of the seat zygote (``tui.net.seat_zygote``): start seats by asking
the zygote to fork them, wait for their ends, and keep the zygote running.

``SeatSpawner.spawn`` hands the zygote a seat's arguments, environment and three
descriptors and gets back a ``Seat`` whose ``pid`` is a session leader (signals go
to its group, as before) and whose ``wait()`` gives its return code. The zygote is
started on first use (its imports take a second or so, once per table); if it dies,
the seats it had are ended (they could no longer be waited for) and the next spawn
starts another. Any failure to start a seat is an ``OSError`` with a sentence, as
starting a process would raise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

from tui.net import keys_first
from tui.net.codes import CODE_VARIABLE
from tui.net.door_seat import HOUSE, child_environment, own_folder

MODULE = "tui.net.seat_zygote"
LONGEST_ANSWER = 4096
HOUSE_SEATS = 4
"""Seats at most in one seat house (``tui.net.seat_house``): few enough that a seat's key
seldom waits behind its housemates' repaints, enough to share what every app costs
(``bench/serve_load.py``)."""
SPREAD = 4
"""Houses with room that new seats are given in turn (a new house is opened while fewer
have room): guests who come in together, as a table's players do, sit in different
houses, so the repaints a move causes at their table run side by side and never queue in
one house ahead of the next player's key."""
SIZES_EACH = 20
"""Window sizes a seat's house is told at most, a second."""
ANSWER_WAIT = 30.0
"""Seconds a house has to answer a seat's opening."""


class Seat:
    """A seat forked by the zygote: its pid, and its end (and for a seat on pipes, the
    streams to and from it, as a subprocess's)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout: asyncio.StreamReader | None = None
        self.stderr: asyncio.StreamReader | None = None
        self._ended = asyncio.get_running_loop().create_future()

    def ended(self, status: int) -> None:
        if self.returncode is None:
            self.returncode = status
            self._ended.set_result(status)

    async def wait(self) -> int:
        return int(await asyncio.shield(self._ended))


class SeatSpawner:
    """The zygote, started on first use, and the seats it forked that are running."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or own_folder()
        self.zygote: subprocess.Popen[bytes] | None = None
        self.control: socket.socket | None = None
        self.seats: dict[int, Seat] = {}
        self._answer: asyncio.Future[dict[str, Any]] | None = None
        self._asking = asyncio.Lock()
        self.houses: list[House] = []
        """The seat houses running, each with room for ``HOUSE_SEATS``."""
        self.board: keys_first.KeyBoard | None = None
        """The board this process shares with the zygote's houses (``keys_coming``)."""
        self._housing = asyncio.Lock()
        self._numbers = 0

    async def spawn(self, argv: list[str], env: dict[str, str], fds: tuple[int, int, int],
                    terminal: bool) -> Seat:  # fmt: skip
        """Fork a seat running ``tui.net.door_seat`` with ``argv`` on ``fds``."""
        request = json.dumps({"argv": argv, "env": env, "terminal": terminal}).encode()
        answer = await self.ask(request, fds)
        if "pid" not in answer:
            raise OSError(str(answer.get("error", "the seat maker did not answer")))
        seat = Seat(int(answer["pid"]))
        self.seats[seat.pid] = seat
        return seat

    async def ask(self, request: bytes, fds: tuple[int, ...]) -> dict[str, Any]:
        """The zygote's answer to one request (its bytes and descriptors as sent)."""
        async with self._asking:
            control = self._started()
            self._answer = asyncio.get_running_loop().create_future()
            try:
                socket.send_fds(control, [request], list(fds))
            except OSError as exc:
                self._lost()
                raise OSError(f"the seat maker is gone ({exc.strerror or exc})") from None
            return await self._answer

    async def spawn_piped(self, argv: list[str], env: dict[str, str]) -> Seat:
        """Fork a seat on three new pipes; its ``stdin``, ``stdout`` and ``stderr``
        are the host's ends of them."""
        loop = asyncio.get_running_loop()
        (in_read, in_write), (out_read, out_write), (err_read, err_write) = (
            os.pipe(),
            os.pipe(),
            os.pipe(),
        )
        try:
            seat = await self.spawn(argv, env, (in_read, out_write, err_write), terminal=False)
        except OSError:
            for fd in (in_write, out_read, err_read):
                os.close(fd)
            raise
        finally:
            for fd in (in_read, out_write, err_write):
                os.close(fd)
        seat.stdout = await _reading(loop, out_read)
        seat.stderr = await _reading(loop, err_read)
        seat.stdin = await _writing(loop, in_write)
        return seat

    def _with_room(self) -> list[House]:
        return [h for h in self.houses if len(h.seats) < HOUSE_SEATS]

    async def spawn_housed(
        self, argv: list[str], env: dict[str, str], size: tuple[int, int]
    ) -> HousedSeat:
        """A seat running ``tui.net.door_seat``'s app for ``argv`` in a seat house with
        room, the one given a seat longest ago (a new house is forked while fewer than
        ``SPREAD`` have room), on a new terminal: the returned seat's ``line`` is the
        door's end of it."""
        async with self._housing:
            with_room = self._with_room()
            house = None
            if len(with_room) < SPREAD:
                try:
                    house = await self._new_house()
                except OSError:
                    # (the houses as they are now: one may have ended while this waited)
                    with_room = self._with_room()
                    if not with_room:  # (no house at all can take the seat)
                        raise
            if house is None:  # (or no new one could be forked: one with room will do)
                house = min(with_room, key=lambda h: h.last_seat)
            number = self._numbers = self._numbers + 1
            house.last_seat = number
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            seat = house.seats[number] = HousedSeat(house, number, ours)
            seat.wanted = seat.told = size
        request = {"open": number, "argv": argv, "env": env, "size": list(size)}
        try:
            answer = await house.ask(number, request, theirs.fileno())
        finally:
            theirs.close()
        if "opened" not in answer:
            seat.ended(1)
            ours.close()
            raise OSError(str(answer.get("error", "the seat house did not answer")))
        return seat

    async def _new_house(self) -> House:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        nothing = os.open(os.devnull, os.O_RDWR)
        try:
            process = await self.spawn(
                [HOUSE], _zygote_environment(), (theirs.fileno(), nothing, nothing), False
            )
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
            os.close(nothing)
        house = House(process, ours, self.houses)
        self.houses.append(house)
        return house

    def keys_coming(self, pid: int) -> None:
        """A guest's bytes have gone through the door to the seat house of process
        ``pid``: the other houses let its answer go first (``keys_first.KeyBoard.coming``;
        only this spawner's own houses are nudged). Best effort: a board in a state it
        cannot use marks nothing."""
        board = self.board
        if board is None:
            return
        try:
            board.coming(pid, (house.process.pid for house in self.houses))
        except (OSError, ValueError, IndexError, struct.error):
            self.board = None  # (never again: keys go on, first or not)

    def close(self) -> None:
        """End the zygote (it ends the seats it still has) and every house."""
        for house in list(self.houses):
            house.lost()
        self._lost()

    # --- the zygote --------------------------------------------------------------------

    def _started(self) -> socket.socket:
        if self.control is not None:
            return self.control
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        command = [sys.executable, "-I", "-m", MODULE, f"--control={theirs.fileno()}"]
        started = False
        passed = [theirs.fileno()]
        shared = keys_first.shared_board()
        if shared is not None:
            command.append(f"--board={shared[1]}")
            passed.append(shared[1])
        try:
            self.zygote = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=self.folder,
                env=_zygote_environment(),
                pass_fds=passed,
                start_new_session=True,
            )
            started = True
        finally:
            theirs.close()
            if shared is not None:
                os.close(shared[1])  # (the mapping keeps a descriptor of its own)
            if not started:
                ours.close()
        self.board = None if shared is None else shared[0]
        ours.setblocking(False)
        self.control = ours
        asyncio.get_running_loop().add_reader(ours.fileno(), self._heard)
        return ours

    def _heard(self) -> None:
        control = self.control
        if control is None:
            return
        try:
            data = control.recv(LONGEST_ANSWER)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost()
            return
        message = _message(data)
        if message is None:
            return
        if "ended" in message:
            seat = self.seats.pop(int(message["ended"]), None)
            if seat is not None:
                seat.ended(int(message.get("status", 1)))
        elif self._answer is not None and not self._answer.done():
            self._answer.set_result(message)

    def _lost(self) -> None:
        """The zygote is gone (or told to go): its seats end, and the next spawn starts
        another."""
        control, self.control = self.control, None
        if control is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(control.fileno())
            control.close()
        if self._answer is not None and not self._answer.done():
            self._answer.set_result({"error": "the seat maker stopped"})
        for pid, seat in list(self.seats.items()):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGHUP)
                os.killpg(pid, signal.SIGTERM)
            seat.ended(-signal.SIGTERM)
        self.seats.clear()
        zygote, self.zygote = self.zygote, None
        if zygote is not None:
            with contextlib.suppress(Exception):
                zygote.wait(timeout=5)


class HousedSeat:
    """A seat in a seat house: the door's end of its terminal (``line``), its size and
    its end. ``pid`` is its house's (signals to it end every seat of that house)."""

    def __init__(self, house: House, number: int, line: socket.socket) -> None:
        self.house = house
        self.number = number
        self.line = line
        self.returncode: int | None = None
        self._ended = asyncio.get_running_loop().create_future()
        self.wanted = self.told = (0, 0)
        """The guest's window size, and the last one its house was told."""
        self._telling: asyncio.TimerHandle | None = None

    @property
    def pid(self) -> int:
        return self.house.process.pid

    def ended(self, status: int) -> None:
        if self._telling is not None:
            self._telling.cancel()
            self._telling = None
        if self.returncode is None:
            self.returncode = status
            self._ended.set_result(status)
            self.house.gone(self)

    async def wait(self) -> int:
        return int(await asyncio.shield(self._ended))

    def resize(self, columns: int, rows: int) -> None:
        """The guest's window changed: its house is told, at most ``SIZES_EACH`` times a
        second and only the latest size (a flood of window changes is one message)."""
        self.wanted = (columns, rows)
        if self._telling is None:
            loop = asyncio.get_running_loop()
            self._telling = loop.call_later(1 / SIZES_EACH, self._tell_size)

    def _tell_size(self) -> None:
        self._telling = None
        if self.wanted != self.told and self.returncode is None:
            if self.house.say({"size": list(self.wanted), "seat": self.number}):
                self.told = self.wanted
            else:  # (no room on the control socket now: the next try says the latest)
                self.resize(*self.wanted)


class House:
    """The door's side of one seat house: its process, its control socket, its seats.
    A house with no seat left is closed (its process ends), so memory goes back."""

    def __init__(self, process: Seat, control: socket.socket, houses: list[House]) -> None:
        self.process = process
        self.control = control
        self.houses = houses
        self.seats: dict[int, HousedSeat] = {}
        self.last_seat = 0
        """The number of the last seat given to this house (new seats go to the house
        given one longest ago)."""
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.closed = False
        control.setblocking(False)
        loop = asyncio.get_running_loop()
        loop.add_reader(control.fileno(), self._heard)
        self._watching = loop.create_task(self._watch())

    async def ask(self, number: int, request: dict[str, Any], fd: int) -> dict[str, Any]:
        """The house's answer to opening a seat (an error when it has none in time)."""
        loop = asyncio.get_running_loop()
        answer = self.answers[number] = loop.create_future()
        data = json.dumps(request).encode()
        try:
            async with asyncio.timeout(ANSWER_WAIT):
                while True:
                    try:
                        socket.send_fds(self.control, [data], [fd])
                        break
                    except BlockingIOError:  # (the house is behind: wait for room)
                        room = loop.create_future()
                        loop.add_writer(self.control.fileno(), room.set_result, None)
                        try:
                            await room
                        finally:
                            loop.remove_writer(self.control.fileno())
                return await answer
        except TimeoutError:
            self.answers.pop(number, None)
            return {"error": "the seat house did not answer in time"}
        except OSError as exc:
            self.lost()
            return {"error": f"the seat house is gone ({exc.strerror or exc})"}

    def say(self, message: dict[str, Any]) -> bool:
        """Tell the house ``message`` now; whether it went (False: no room, or gone)."""
        if self.closed:
            return False
        try:
            self.control.send(json.dumps(message).encode())
        except OSError:
            return False
        return True

    def gone(self, seat: HousedSeat) -> None:
        """``seat`` has ended (the door still reads its last bytes): an empty house goes."""
        self.seats.pop(seat.number, None)
        if not self.seats:
            self.lost()

    async def _watch(self) -> None:
        await self.process.wait()
        self.lost()

    def _heard(self) -> None:
        try:
            data = self.control.recv(LONGEST_ANSWER)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # (the house has ended: its seats end with its status, once known)
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.control.fileno())
            return
        message = _message(data)
        if message is None:
            return
        if "ended" in message:
            seat = self.seats.get(message["ended"])
            if seat is not None:
                seat.ended(int(message.get("status", 1)))
            return
        number = message.get("opened", message.get("seat"))
        answer = self.answers.pop(number, None) if isinstance(number, int) else None
        if answer is not None and not answer.done():
            answer.set_result(message)

    def lost(self) -> None:
        """Close the house (or it has gone): every seat it had ends."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(ValueError):
            self.houses.remove(self)
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self.control.fileno())
        self.control.close()
        for answer in self.answers.values():
            if not answer.done():
                answer.set_result({"error": "the seat house stopped"})
        status = self.process.returncode
        for seat in list(self.seats.values()):
            seat.ended(-signal.SIGTERM if status is None else status)


def _message(data: bytes) -> dict[str, Any] | None:
    """A message from the zygote or a house (an object), or None for anything else."""
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) else None


def _zygote_environment() -> dict[str, str]:
    """The zygote's own environment: a seat's, with no terminal and no code."""
    environment = child_environment("dumb", "")
    del environment[CODE_VARIABLE]
    return environment


async def _reading(loop: asyncio.AbstractEventLoop, fd: int) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    pipe = os.fdopen(fd, "rb", buffering=0)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
    return reader


async def _writing(loop: asyncio.AbstractEventLoop, fd: int) -> asyncio.StreamWriter:
    reader = asyncio.StreamReader()  # (unused: a writer's protocol wants one)
    protocol = asyncio.StreamReaderProtocol(reader)
    pipe = os.fdopen(fd, "wb", buffering=0)
    transport, _ = await loop.connect_write_pipe(lambda: protocol, pipe)
    return asyncio.StreamWriter(transport, protocol, reader, loop)
