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
import subprocess
import sys
from pathlib import Path
from typing import Any

from tui.net.codes import CODE_VARIABLE
from tui.net.door_seat import child_environment, own_folder

MODULE = "tui.net.seat_zygote"
LONGEST_ANSWER = 4096


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
            os.pipe(), os.pipe(), os.pipe()
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

    def close(self) -> None:
        """End the zygote (it ends the seats it still has)."""
        self._lost()

    # --- the zygote --------------------------------------------------------------------

    def _started(self) -> socket.socket:
        if self.control is not None:
            return self.control
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.zygote = subprocess.Popen(
                [sys.executable, "-I", "-m", MODULE, f"--control={theirs.fileno()}"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=self.folder,
                env=_zygote_environment(),
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        finally:
            theirs.close()
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
        try:
            message = json.loads(data)
        except ValueError:
            return
        if not isinstance(message, dict):
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
