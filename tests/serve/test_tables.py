"""A served parlour's tables: started from the lobby's question, listed, joined by
code or as a free seat, watched; every table plays as a hosted game does."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import WireClient, until
from tests.serve_helpers import open_table, serving, tables
from tui.net import wire

PEOPLE = ("Ann", "Bo")


async def test_a_table_started_from_the_lobby_gives_the_starter_every_code(tmp_path: Path):
    log: list[str] = []
    async with serving(tmp_path, log=log) as parlour:
        opened = await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"),
                                  ("person", "person", "bot"))  # fmt: skip
        assert [seat.name for seat in opened.codes] == ["Ann", "Bo"]
        assert len({seat.code for seat in opened.codes} | {opened.watch}) == 3
        listed = await tables(parlour.path)
        (row,) = listed.rows
        assert (row.table, row.title, row.names, row.free, row.here, row.over) == (
            opened.table,
            "Temptation Island",
            ("Ann", "Bo", "Cy"),
            ("Ann", "Bo"),
            0,
            False,
        )
        assert f"table {opened.table}: opened, Temptation Island for 2 people and 1 bot" in log
        assert not any(seat.code in line for line in log for seat in opened.codes)


async def test_a_code_joins_its_seat_and_the_seat_is_no_longer_free(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", PEOPLE + ("Cy",),
                                  ("person", "person", "person"))  # fmt: skip
        ann = WireClient(parlour.path)
        welcome = await ann.join(opened.codes[0].code)
        assert isinstance(welcome, wire.Welcome) and welcome.seat == 0 and welcome.rejoin
        listed = await tables(parlour.path)
        assert listed.rows[0].free == ("Bo", "Cy")
        assert listed.rows[0].here == 1
        ann.close()


async def test_the_lobby_takes_an_open_tables_free_seat_by_name(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"),
                                  ("person", "person", "bot"))  # fmt: skip
        bo = WireClient(parlour.path)
        await bo.connect()
        bo.send(wire.Join(wire.PROTOCOL, name="Bo", table=opened.table))
        welcome = await bo.receive()
        assert isinstance(welcome, wire.Welcome) and welcome.seat == 1
        again = WireClient(parlour.path)
        await again.connect()
        again.send(wire.Join(wire.PROTOCOL, name="Bo", table=opened.table))
        assert await again.receive() == wire.Refused(
            "That seat was taken a moment ago: choose another."
        )
        bo.close()


async def test_a_table_by_code_only_keeps_its_free_seats_from_the_lobby(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"),
                                  ("person", "person", "bot"), open=False)  # fmt: skip
        guest = WireClient(parlour.path)
        await guest.connect()
        guest.send(wire.Join(wire.PROTOCOL, name="Bo", table=opened.table))
        reply = await guest.receive()
        assert reply == wire.Refused(
            "That table's seats are taken by code only: ask its starter for yours."
        )


async def test_anyone_in_the_lobby_watches_a_table_and_sees_no_hand(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"),
                                  ("person", "person", "bot"))  # fmt: skip
        watcher = WireClient(parlour.path)
        await watcher.connect()
        watcher.send(wire.Join(wire.PROTOCOL, watch=True, table=opened.table))
        welcome = await watcher.receive()
        assert isinstance(welcome, wire.Welcome) and welcome.seat is None
        snapshot = await watcher.receive()
        assert isinstance(snapshot, wire.Snapshot)
        assert snapshot.view == snapshot.public


async def test_moves_at_a_served_table_reach_every_seat_and_the_journal(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", ("Ann", "Bo", "Cy"),
                                  ("person", "person", "person"))  # fmt: skip
        clients = [WireClient(parlour.path) for _ in opened.codes]
        for client, seat in zip(clients, opened.codes, strict=True):
            await client.join(seat.code)
        table = parlour.tables[opened.table]
        before = len(table.session.actions)
        asked = table.session.prompt.seats[0]
        clients[asked].act(table.session.bot_for(asked).choose(clients[asked].snapshot.view.data))
        await until(lambda: len(table.session.actions) == before + 1)
        assert table.path.read_text().count("\n") >= 2  # the journal has the move
        for client in clients:
            client.close()
