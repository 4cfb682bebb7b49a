"""``parlour serve``'s doors, in a process of their own.

The server's own process holds the tables: every table's game flow and host, and
the socket every seat's terminal joins (``tui.serve.parlour``). Its doors (SSH, and
the browser door when asked for) run in a second process, started here, so that a
guest's key is read and passed on to its seat's house at once, never behind a move
at some other table (one took 12-16 ms of the server's CPU, every key at every
table waiting: ``bench/serve_load.py``). The doors ask the tables what a code opens
and for lobby passes over a line of their own (``tui.serve.door_link``), and start
each seat as a door of ``parlour host`` does; the seat then joins the tables' socket.

The doors' process is ``python -I -m tui.serve.doors``, started by the server with
its end of the line (``--control=FD``) and the doors' settings. It ends when the
line does (the server closing, or gone): each door first lets its guests' terminals
end by themselves, as a closing server always did. It dies with the server's process
too, even one killed with -9 (Linux's parent-death signal), so a restart finds the
ports free. Ctrl+C at the server's terminal is the server's to handle: the doors
wait for the line to end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import errno
import gc
import os
import signal
import socket
import sys
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tui.serve.door_link import LONGEST, TablesLink, answer_doors, closing

if TYPE_CHECKING:  # (the doors' process never imports the tables)
    from tui.serve.parlour import Parlour

MODULE = "tui.serve.doors"
OPENING_TRIES = 50
OPENING_STEP = 0.1
"""The doors try a port still held (by the doors of a server killed a moment ago) this
many times, this many seconds apart, before they say it cannot be opened."""
CLOSING_WAIT = 30.0
"""Seconds a closing server waits for its doors' process (its guests' terminals end
first), before it ends it."""


class DoorsProcess:
    """The server's side of its doors' process: started, answered, and stopped."""

    def __init__(self, parlour: Parlour, data: Path, said: Callable[[str], None]) -> None:
        self.parlour = parlour
        self.data = data
        self.said = said
        self.process: asyncio.subprocess.Process | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._answering: asyncio.Task[None] | None = None

    async def start(self, doors: list[str]) -> None:
        """Start the doors' process with ``doors``: its settings (``--ssh PORT`` and
        the rest, as ``main`` reads them)."""
        ours, theirs = socket.socketpair()
        command = [
            sys.executable, "-I", "-m", MODULE, f"--control={theirs.fileno()}",
            f"--parent={os.getpid()}", "--data", str(self.data),
            "--socket", str(self.parlour.path), *doors,
        ]  # fmt: skip
        try:
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.DEVNULL, pass_fds=[theirs.fileno()],
                cwd=self.data,
            )  # fmt: skip
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        reader, self._writer = await asyncio.open_unix_connection(sock=ours, limit=LONGEST)
        self._answering = asyncio.get_running_loop().create_task(
            answer_doors(self.parlour, reader, self._writer, self.said)
        )

    async def ended(self) -> int:
        """Wait until the doors' process ends and everything it said is heard; its
        status."""
        assert self.process is not None
        status = await self.process.wait()
        if self._answering is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.shield(self._answering)
        return status

    def closing(self) -> None:
        """Tell the doors the server is closing (nobody new comes in)."""
        if self._writer is not None:
            closing(self._writer)

    async def close(self) -> None:
        """End the line, and wait for the doors' process (ending it if it takes too
        long)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer.close()
        process = self.process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), CLOSING_WAIT)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if self._answering is not None:
            self._answering.cancel()


class _Door(Protocol):
    async def close_gracefully(self) -> None: ...


def door_settings(args: argparse.Namespace) -> list[str]:
    """The doors' part of ``parlour serve``'s arguments, for the doors' process."""
    settings = ["--ssh", str(args.ssh)]
    if args.ssh_address:
        settings += ["--ssh-address", args.ssh_address]
    if args.web is not None:
        settings += ["--web", str(args.web)]
    if args.web_address:
        settings += ["--web-address", args.web_address]
    return settings


# --- the doors' process -----------------------------------------------------------------


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=MODULE)
    parser.add_argument("--control", type=int, required=True)
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--ssh", type=int, required=True)
    parser.add_argument("--ssh-address", default="")
    parser.add_argument("--web", type=int)
    parser.add_argument("--web-address", default="")
    return parser.parse_args(argv)


def _die_with(parent: int) -> None:
    """Be killed when the server's process ends, however it ends (Linux); end now if
    it has ended already. Elsewhere the line's end still ends the doors."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # (PR_SET_PDEATHSIG)
    if os.getppid() != parent:
        os._exit(1)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    _die_with(args.parent)
    for ignored in (signal.SIGINT, signal.SIGHUP):  # (the server's to handle)
        signal.signal(ignored, signal.SIG_IGN)
    warnings.filterwarnings("ignore", module=r"asyncssh\.")  # (its own, not the owner's)
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from tui.net.door import Door
    from tui.net.quiet_collector import QuietCollector
    from tui.net.short_slices import Slice

    loop = asyncio.get_running_loop()
    os.set_inheritable(args.control, False)  # (no seat the doors start holds it)
    control = socket.socket(fileno=args.control)
    reader, writer = await asyncio.open_unix_connection(sock=control, limit=LONGEST)
    tables = TablesLink(args.socket, reader, writer)
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    collector = QuietCollector(loop.time, loop.time, freeze=gc.freeze)  # (never quiet)
    doors: list[_Door] = []
    status = 0
    try:
        collector.start()
        Slice().short()  # (each key's way in and each frame's way out start at once)
        door = Door(tables, args.data, args.ssh, args.ssh_address)
        await _opening(door.start)
        doors.append(door)
        tables.say(f"the parlour is open: ssh -p {door.port} party@{socket.gethostname()}")
        if args.web is not None:
            await _open_web(args, tables, doors)
        ended = asyncio.ensure_future(tables.ended.wait())
        stopped = asyncio.ensure_future(stopping.wait())
        await asyncio.wait({ended, stopped}, return_when=asyncio.FIRST_COMPLETED)
        ended.cancel()
        stopped.cancel()
    except OSError as exc:
        problem = f"the parlour could not open: {exc.strerror or exc}"
        print(f"parlour: {problem}", file=sys.stderr)
        tables.say(problem)
        status = 1
    finally:
        collector.stop()
        await asyncio.gather(*(door.close_gracefully() for door in doors))
        with contextlib.suppress(Exception):
            await writer.drain()
        tables.close()
    return status


async def _open_web(args: argparse.Namespace, tables: TablesLink, doors: list[_Door]) -> None:
    from tui.net.lan import lan_address
    from tui.net.web_door import WebDoor

    def failed(why: str) -> None:
        tables.say(f"the browser door closed: {why}")

    web = WebDoor(tables, args.web, args.web_address or lan_address(), failed=failed)
    try:
        await _opening(web.listen)
    except OSError as exc:  # (the SSH door stays open)
        failed(f"the browser door cannot open port {web.port} ({exc.strerror or exc})")
        return
    doors.append(web)
    tables.say(f"the browser door is open: {web.url}")


async def _opening(
    start: Callable[[], Awaitable[None]],
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> None:
    """``start()``, tried again while its port is still held (``OPENING_TRIES`` times at
    most: a server killed a moment ago, its doors' process ending)."""
    for tried in range(1, OPENING_TRIES + 1):
        try:
            await start()
            return
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or tried == OPENING_TRIES:
                raise
        await sleep(OPENING_STEP)


if __name__ == "__main__":
    sys.exit(main())
