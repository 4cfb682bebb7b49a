"""Tables that outlive the server: a restart (or a kill -9) brings every unfinished
table back from its journal with its codes: a seat's rejoin code takes it again, a
seat nobody joined keeps its join code, no move is lost. A table where nothing
happened for the owner's days is archived."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.net_helpers import WireClient, until
from tests.pty_support import Terminal
from tests.serve_helpers import (
    Clock,
    open_table,
    said,
    serve_argv,
    served_socket,
    serving,
    tables,
    until_open,
)
from tui.net import wire
from tui.net.seating import CLAIMED
from tui.serve.limits import Limits

PERSUASION = ("Ann", "Bo", "Cy")
PEOPLE = ("person", "person", "person")


async def test_a_restarted_parlour_brings_its_tables_back_with_their_codes(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        first = await open_table(parlour.path, "persuasion", PERSUASION, PEOPLE)
        second = await open_table(parlour.path, "island", ("Dee", "Eve", "Fay"),
                                  ("person", "bot", "bot"))  # fmt: skip
        ann = WireClient(parlour.path)
        welcome = await ann.join(first.codes[0].code)
        assert isinstance(welcome, wire.Welcome)
        table = parlour.tables[first.table]
        asked = table.session.prompt.seats[0]
        mover = ann
        if asked != 0:
            mover = WireClient(parlour.path)
            await mover.join(first.codes[asked].code)
        mover.act(table.session.bot_for(asked).choose(mover.snapshot.view.data))
        await until(lambda: len(table.session.actions) == 1)
        public = table.session.view(None)
        ann.close()
        mover.close()
    async with serving(tmp_path) as again:
        listed = await tables(again.path)
        assert sorted(row.table for row in listed.rows) == sorted([first.table, second.table])
        back = again.tables[first.table]
        assert len(back.session.actions) == 1
        assert back.session.view(None) == public
        ann = WireClient(again.path)
        assert isinstance(await ann.join(welcome.rejoin), wire.Welcome)
        assert ann.seat == 0
        assert await WireClient(again.path).join(first.codes[0].code) == wire.Refused(CLAIMED)
        cy = WireClient(again.path)
        free = next(seat for seat in range(3) if seat not in (0, asked))
        assert isinstance(await cy.join(first.codes[free].code), wire.Welcome)
        ann.close()
        cy.close()


async def test_a_quiet_table_is_archived_after_the_owners_days(tmp_path: Path):
    clock, log = Clock(), []
    async with serving(tmp_path, Limits(idle_days=2), clock=clock, log=log) as parlour:
        kept = await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"), PEOPLE)
        clock.now += 86400
        quiet = await open_table(parlour.path, "island", ("Dee", "Eve", "Fay"), PEOPLE)
        assert await parlour.expire() == []
        clock.now += 86400 + 1  # (the first table has been quiet for two days now)
        assert await parlour.expire() == [kept.table]
        assert [row.table for row in (await tables(parlour.path)).rows] == [quiet.table]
        assert (parlour.data_dir / "archive" / f"{kept.table}.json").exists()
        assert not (parlour.tables_dir / f"{kept.table}.json").exists()
        assert f"table {kept.table} was archived (nothing happened for 2 days)" in log


@pytest.mark.long
def test_a_killed_server_brings_every_table_back_with_no_move_lost(tmp_path: Path):
    socket, argv = served_socket(tmp_path), serve_argv(tmp_path)

    async def play() -> tuple[str, str, object]:
        opened = await open_table(socket, "persuasion", PERSUASION, PEOPLE)
        clients = [WireClient(socket) for _ in opened.codes]
        for client, seat in zip(clients, opened.codes, strict=True):
            await client.join(seat.code)
        for _ in range(3):  # three moves, each answered to every seat before the kill
            asked = clients[0].snapshot.prompt.data.seats[0]
            seq = clients[0].snapshot.seq
            clients[asked].act(_bot_move(clients[asked]))
            while clients[0].snapshot.seq == seq:
                await clients[0].receive()
        public = clients[0].snapshot.public
        rejoin = clients[0].welcome.rejoin  # type: ignore[union-attr]
        for client in clients:
            client.close()
        return opened.table, rejoin, public

    with Terminal(argv, cwd=tmp_path) as server:
        until_open(server)
        name, rejoin, public = asyncio.run(play())
        server.kill()
    with Terminal(argv, cwd=tmp_path) as again:
        until_open(again)

        async def back() -> None:
            listed = await tables(socket)
            assert [row.table for row in listed.rows] == [name]
            ann = WireClient(socket)
            assert isinstance(await ann.join(rejoin), wire.Welcome) and ann.seat == 0
            assert ann.snapshot.public == public
            ann.close()

        asyncio.run(back())
        assert said(again, f"table {name} is back (3 moves)")


def _bot_move(client: WireClient) -> object:
    """What a bot would play for ``client``'s seat on its last snapshot."""
    from rules import registry

    assert client.welcome is not None and client.seat is not None
    game = registry.get(client.welcome.game)
    return game.make_bot(client.seat, 1).choose(client.snapshot.view.data)
