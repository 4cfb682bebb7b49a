"""``parlour serve`` runs its doors in a process of their own (``tui.serve.doors``): a
guest comes in through them to the tables; they die with the server however it ends;
a server whose doors stopped closes with every table saved, saying why."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import urllib.request
from pathlib import Path

import pytest

from tests.door_helpers import connect, open_screen
from tests.pty_support import Terminal
from tests.serve_helpers import (
    STEPS,
    open_table,
    said,
    serve_argv,
    served_socket,
    tables,
    until_open,
)
from tui.net.web_door import free_port

PEOPLE = ("person", "person", "person")
GONE_WAIT = 60.0
"""Seconds at most for a process to end once it should (a bound, not a pause)."""


def _doors_of(server: int) -> int:
    """The server's doors' process (its one child running ``tui.serve.doors``)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
            command = Path(entry.path, "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == server and b"tui.serve.doors" in command:
            found.append(int(entry.name))
    assert len(found) == 1, found
    return found[0]


def _opened(pid: int) -> int | None:
    """A descriptor that becomes readable once ``pid`` ends (None: it has ended)."""
    try:
        return os.pidfd_open(pid)
    except ProcessLookupError:
        return None


def _until_gone(watched: int | None) -> None:
    if watched is None:
        return
    try:
        ready, _, _ = select.select([watched], [], [], GONE_WAIT)
    finally:
        os.close(watched)
    assert ready, "the doors' process is still there"


def _until_ended(server: Terminal) -> int:
    for _ in range(STEPS):
        if server.process.poll() is not None:
            break
        server.pump(0.5)
    server.pump(0.0)
    return server.process.wait(timeout=GONE_WAIT)


@pytest.mark.long
def test_a_guest_comes_in_through_the_doors_to_a_table(tmp_path: Path):
    argv, socket = serve_argv(tmp_path), served_socket(tmp_path)
    port = int(argv[argv.index("--ssh") + 1])
    with Terminal(argv, cwd=tmp_path) as server:
        until_open(server)

        async def watch() -> None:
            opened = await open_table(socket, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE)
            connection, _ = await connect(port, opened.watch)
            _, screen = await open_screen(connection)
            await screen.shows("Ann")
            await screen.shows("Cy")
            connection.close()

        asyncio.run(watch())


@pytest.mark.long
def test_a_server_killed_with_9_takes_its_doors_with_it_even_stopped(tmp_path: Path):
    with Terminal(serve_argv(tmp_path), cwd=tmp_path) as server:
        until_open(server)
        doors = _doors_of(server.process.pid)
        watched = _opened(doors)
        os.kill(doors, signal.SIGSTOP)  # (a stopped process ends by SIGKILL only)
        server.kill()
        _until_gone(watched)


@pytest.mark.long
def test_ctrl_c_closes_the_server_and_its_doors_with_status_0(tmp_path: Path):
    web = free_port("127.0.0.1")
    argv = serve_argv(tmp_path, "--web", str(web), "--web-address", "127.0.0.1")
    with Terminal(argv, cwd=tmp_path) as server:
        until_open(server)
        for _ in range(STEPS):
            if said(server, "the browser door is open"):
                break
            server.pump(0.5)
        assert said(server, f"the browser door is open: http://127.0.0.1:{web}/")
        with urllib.request.urlopen(f"http://127.0.0.1:{web}/", timeout=GONE_WAIT) as page:
            assert page.status == 200
        watched = _opened(_doors_of(server.process.pid))
        os.killpg(server.process.pid, signal.SIGINT)  # (Ctrl+C: the terminal's whole group)
        assert _until_ended(server) == 0
        _until_gone(watched)
        assert said(server, "the parlour is closing: every table is saved and comes back at "
                    "the next start")  # fmt: skip
        assert not said(server, "the doors closed")


@pytest.mark.long
def test_a_server_whose_doors_stop_closes_with_every_table_saved(tmp_path: Path):
    argv, socket = serve_argv(tmp_path), served_socket(tmp_path)
    with Terminal(argv, cwd=tmp_path) as server:
        until_open(server)
        opened = asyncio.run(open_table(socket, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE))
        os.kill(_doors_of(server.process.pid), signal.SIGKILL)
        assert _until_ended(server) == 1
        assert said(server, "the doors closed (killed by signal 9): the parlour closes; every "
                    "table is saved and comes back at the next start")  # fmt: skip
    with Terminal(argv, cwd=tmp_path) as again:
        until_open(again)
        listed = asyncio.run(tables(socket))
        assert [row.table for row in listed.rows] == [opened.table]
        assert said(again, "the tables are open: 1 brought back")
