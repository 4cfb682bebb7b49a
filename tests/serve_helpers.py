"""A served parlour in the test's loop: its socket, its data folder, its tables, and a
browser door in front of it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.net_helpers import WireClient
from tui.net import wire
from tui.net.web_door import WebDoor, free_port
from tui.serve.limits import Limits
from tui.serve.parlour import LIMITS, Parlour


async def no_wait(seconds: float) -> None:
    return None


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def serving(
    folder: Path, limits: Limits = LIMITS, clock: Any = None, log: list[str] | None = None
) -> AsyncIterator[Parlour]:
    """A started server on ``folder`` (no bot delay, no waits for wrong codes), closed
    at the end."""
    lines = log if log is not None else []
    parlour = Parlour(
        folder / "data", folder / "run" / "serve.sock", limits, log=lines.append,
        clock=clock or Clock(), sleep=no_wait, bot_delay=0.0,
    )  # fmt: skip
    await parlour.start()
    try:
        yield parlour
    finally:
        await parlour.close()


@asynccontextmanager
async def browser_door(parlour: Parlour) -> AsyncIterator[WebDoor]:
    """A browser door in front of ``parlour`` on a free loopback port (only); at the end
    every page's child is ended and waited for."""
    door = WebDoor(parlour, 0, "127.0.0.1", bind="127.0.0.1")
    await door.start()
    try:
        yield door
    finally:
        await door.close_gracefully(patience=0)


async def ask(socket: Path, message: wire.Message) -> wire.Message | None:
    """One question on a connection of its own, and its one answer."""
    client = WireClient(socket)
    await client.connect()
    client.send(message)
    answer = await client.receive()
    client.close()
    return answer


def new_table(
    game: str, names: tuple[str, ...], kinds: tuple[str, ...], **more: Any
) -> wire.NewTable:
    return wire.NewTable(wire.PROTOCOL, game, names, kinds, **more)


async def open_table(socket: Path, game: str, names: tuple[str, ...], kinds: tuple[str, ...],
                     **more: Any) -> wire.TableOpened:  # fmt: skip
    answer = await ask(socket, new_table(game, names, kinds, **more))
    assert isinstance(answer, wire.TableOpened), answer
    return answer


async def tables(socket: Path) -> wire.Tables:
    answer = await ask(socket, wire.AskTables(wire.PROTOCOL))
    assert isinstance(answer, wire.Tables), answer
    return answer


async def settle_loop(times: int = 50) -> None:
    for _ in range(times):
        await asyncio.sleep(0)


# --- ``parlour serve`` run as its owner runs it, in a terminal --------------------------

STEPS = 400
"""Reads of the server's terminal at most while waiting for it (each waits for output)."""


def serve_argv(folder: Path, *more: str) -> list[str]:
    """``parlour serve`` on ``folder``'s data and socket, its SSH door on a free loopback
    port, bots at once."""
    argv = ["serve", "--data", str(folder / "data"), "--socket", str(served_socket(folder)),
            "--ssh", str(free_port("127.0.0.1")), "--ssh-address", "127.0.0.1",
            "--bot-delay", "0"]  # fmt: skip
    return argv + list(more)


def served_socket(folder: Path) -> Path:
    return folder / "run" / "serve.sock"


def said(term: Any, line: str) -> bool:
    """Whether the server's terminal was given ``line`` (its screen may have scrolled)."""
    return "".join(line.split()) in "".join(bytes(term.raw).decode(errors="replace").split())


def until_open(term: Any) -> None:
    """Until the server says it is open."""
    for _ in range(STEPS):
        if said(term, "the parlour is open"):
            return
        term.pump(0.5)
    raise AssertionError(term.text())
