"""``parlour serve``'s doors in their own process, attacked as a guest would: bytes that
are no SSH, a peer that says nothing, a hostile code, a code read off someone's screen,
and modules planted where the doors' process starts. Each is refused or ignored, and an
honest guest still comes in."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from tests.door_helpers import Friend, connect_as, open_screen
from tests.net_helpers import WireClient
from tests.pty_support import Terminal
from tests.serve_helpers import open_table, said, serve_argv, served_socket, until_open
from tui.net.seating import CLAIMED
from tui.serve.parlour import NO_SUCH_TABLE

PEOPLE = ("person", "person", "person")
HOSTILE = "\x1b[2J\x1b]0;owned\x07" + "A" * 10_000 + "\x00\r\n"


@pytest.mark.long
def test_garbage_a_silent_peer_a_hostile_code_and_a_read_code_leave_the_door_open(
    tmp_path: Path,
):
    argv, path = serve_argv(tmp_path), served_socket(tmp_path)
    port = int(argv[argv.index("--ssh") + 1])
    with Terminal(argv, cwd=tmp_path) as server:
        until_open(server)

        async def attacked() -> list[str]:
            opened = await open_table(path, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE)
            ann = WireClient(path)
            await ann.join(opened.codes[0].code)  # (Ann takes her seat: her code is spent)
            silent = socket.create_connection(("127.0.0.1", port))  # (says nothing)
            garbage = socket.create_connection(("127.0.0.1", port))
            garbage.sendall(b"\x00\xff" * 4096 + b"GET / HTTP/1.1\r\n\r\n")
            friend = Friend(HOSTILE, opened.codes[0].code, opened.watch)
            connection = await connect_as(port, friend)
            _, screen = await open_screen(connection)
            await screen.shows("Ann")
            connection.close()
            for peer in (silent, garbage):
                peer.close()
            ann.close()
            return friend.instructions

        instructions = asyncio.run(attacked())
        assert instructions[1:] == [NO_SUCH_TABLE, CLAIMED]
        assert server.process.poll() is None  # (the server and its doors go on)
        assert not said(server, "Traceback") and not said(server, "owned")
        assert not said(server, "A" * 40)  # (no code, hostile or not, reaches the log)


@pytest.mark.long
def test_modules_planted_in_the_data_folder_are_never_imported_by_the_doors(tmp_path: Path):
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    marker = tmp_path / "planted-ran"
    plant = f"open({str(marker)!r}, 'w').write('ran')\n"
    (data / "asyncssh.py").write_text(plant)
    (data / "tui").mkdir()
    (data / "tui" / "__init__.py").write_text(plant)
    with Terminal(serve_argv(tmp_path), cwd=tmp_path) as server:
        until_open(server)
    assert not marker.exists()
