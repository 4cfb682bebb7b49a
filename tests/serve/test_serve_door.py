"""The SSH door in front of a served parlour: Enter alone at the code prompt opens the
lobby on the guest's terminal (a child forked like any seat's, given a pass for its
guest and no code), and a code typed there opens its seat at whichever table holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.door_helpers import connect, open_screen
from tests.net_helpers import spied_spawns, until
from tests.serve_helpers import open_table, serving
from tui.net.codes import CODE_VARIABLE, GUEST_VARIABLE
from tui.net.door import LOBBY_ASK, Door


async def _door(parlour, folder: Path) -> Door:
    door = Door(parlour, folder, 0, "127.0.0.1")
    await door.start()
    return door


@pytest.mark.long
async def test_enter_alone_at_the_door_opens_the_lobby(tmp_path: Path, monkeypatch):
    async with serving(tmp_path) as parlour:
        await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"), ("person", "bot", "bot"))
        door = await _door(parlour, tmp_path / "data")
        asked = spied_spawns(door.spawner, monkeypatch)
        try:
            connection, friend = await connect(door.port, "")
            async with connection:
                _, screen = await open_screen(connection)
                await screen.shows("The parlour's tables")
                await screen.shows("Temptation Island · Ann, Bo, Cy · free: Ann")
                ((arguments, environment),) = asked
                assert arguments == [f"--socket={parlour.path}", "--lobby"]
                assert CODE_VARIABLE not in environment or not environment[CODE_VARIABLE]
                assert parlour.guests[environment[GUEST_VARIABLE]] == "ssh 127.0.0.1"
                assert friend.instructions == [LOBBY_ASK]
                screen.channel.write(b"\r")  # Enter: the one free seat
                await screen.shows("This seat is yours now")
                (table,) = parlour.tables.values()
                await until(lambda: table.host.joined_now() == [0])
            await until(lambda: not door.sessions)
            assert parlour.guests == {}  # (the pass goes with its session)
        finally:
            door.close()


@pytest.mark.long
async def test_a_code_at_the_door_opens_its_seat_at_whichever_table_holds_it(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"), ("person", "bot", "bot"))
        second = await open_table(parlour.path, "island", ("Dee", "Eve", "Fay"),
                                  ("person", "person", "bot"))  # fmt: skip
        door = await _door(parlour, tmp_path / "data")
        try:
            connection, _ = await connect(door.port, second.codes[1].code)
            async with connection:
                _, screen = await open_screen(connection)
                await screen.shows("This seat is yours now")
                await until(lambda: parlour.tables[second.table].host.joined_now() == [1])
                assert second.codes[1].code not in screen.received.decode("utf-8", "replace")
        finally:
            door.close()


@pytest.mark.long
async def test_lobby_terminals_are_bounded_per_address_and_per_connection(tmp_path: Path):
    import asyncssh

    from tui.net import door as door_module

    async with serving(tmp_path) as parlour:
        door = await _door(parlour, tmp_path / "data")
        connections = []
        try:
            for _ in range(door_module.LOBBY_EACH):
                connection, _ = await connect(door.port, "")
                connections.append(connection)
                _, screen = await open_screen(connection)
                await screen.shows("The parlour's tables")
            with pytest.raises(asyncssh.ChannelOpenError):  # a second terminal, same connection
                await open_screen(connections[0])
            extra, _ = await connect(door.port, "")
            connections.append(extra)
            with pytest.raises(asyncssh.ChannelOpenError):  # a fifth lobby from one address
                await open_screen(extra)
            assert len(door.sessions) == door_module.LOBBY_EACH
            assert len(parlour.guests) == door_module.LOBBY_EACH
        finally:
            for connection in connections:
                connection.close()
            door.close()
