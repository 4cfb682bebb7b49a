"""What the host holds for a guest is bounded: a first line within a few seconds,
short lines, a cap on connections not yet let in and on watchers, and a terminal
that stops reading is let go (its snapshots merged meanwhile), never waited on."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from tests.net_helpers import WireClient, headless_host, island
from tui.net import host as host_module
from tui.net import outbox as outbox_module
from tui.net import wire
from tui.net.outbox import Outbox


async def _closed(client: WireClient) -> wire.Message | None:
    """Read until the host closes; its last message."""
    last = None
    while True:
        try:
            message = await client.receive()
        except ConnectionError:
            return last
        if message is None:
            return last
        last = message


def test_a_connection_that_says_nothing_in_time_is_dropped(tmp_path: Path):
    async def scenario() -> tuple[object, bool]:
        host = await headless_host(island(3), tmp_path)
        host.first_line_wait = 0.0  # (no wall clock here: no time at all)
        silent = WireClient(host.path)
        await silent.connect()
        last = await _closed(silent)
        host.first_line_wait = host_module.FIRST_LINE_WAIT
        honest = WireClient(host.path)
        welcomed = isinstance(await honest.join(host.codes[0]), wire.Welcome)
        host.close()
        return last, welcomed and host.greeting == 0

    assert asyncio.run(scenario()) == (None, True)


def test_connections_not_yet_let_in_are_capped_per_account_and_in_all(
    tmp_path: Path, monkeypatch
):
    accounts = iter(["account 4242"] * (host_module.GREETING_EACH + 1) + [
        f"account {5000 + n}" for n in range(host_module.GREETING)
    ])
    monkeypatch.setattr(host_module, "source_of", lambda writer: next(accounts))

    async def scenario() -> tuple[object, object, int]:
        host = await headless_host(island(3), tmp_path)
        held = [WireClient(host.path) for _ in range(host_module.GREETING_EACH)]
        for client in held:
            await client.connect()
        while host.greeting < host_module.GREETING_EACH:
            await asyncio.sleep(0)
        same = WireClient(host.path)  # one more from the same other account
        await same.connect()
        refused_alone = await same.receive()
        others = [WireClient(host.path) for _ in range(host_module.GREETING - len(held))]
        for client in others:
            await client.connect()
        while host.greeting < host_module.GREETING:
            await asyncio.sleep(0)
        last = WireClient(host.path)
        await last.connect()
        refused_all = await last.receive()
        count = host.greeting
        host.close()
        return refused_alone, refused_all, count

    alone, in_all, count = asyncio.run(scenario())
    assert alone == wire.Refused(host_module.CROWDED)
    assert in_all == wire.Refused(host_module.CROWDED)
    assert count == host_module.GREETING


def test_watchers_are_capped(tmp_path: Path):
    async def scenario() -> list[object]:
        host = await headless_host(island(3), tmp_path)
        watchers = [WireClient(host.path) for _ in range(host_module.WATCHERS + 1)]
        answers = [await w.join(watch=True) for w in watchers]
        host.close()
        return answers

    answers = asyncio.run(scenario())
    assert all(isinstance(a, wire.Welcome) for a in answers[:-1])
    assert answers[-1] == wire.Refused(host_module.WATCHERS_FULL)


def test_a_line_longer_than_a_move_ends_that_connection_only(tmp_path: Path):
    async def scenario() -> tuple[object, bool]:
        host = await headless_host(island(3), tmp_path)
        greedy = WireClient(host.path)
        await greedy.connect()
        greedy.send_raw(b"[" + b" " * host_module.CLIENT_LINE_LIMIT)  # never finished
        last = await _closed(greedy)
        honest = WireClient(host.path)
        welcomed = isinstance(await honest.join(host.codes[0]), wire.Welcome)
        host.close()
        return last, welcomed

    assert asyncio.run(scenario()) == (None, True)


def test_a_terminal_that_never_reads_gets_merged_snapshots_then_is_let_go():
    made: list[int] = []

    async def scenario() -> tuple[bool, int, int]:
        ours, theirs = socket.socketpair()
        theirs.setblocking(False)  # (the other end: never read)
        _, writer = await asyncio.open_connection(sock=ours)

        def snapshot(box: Outbox) -> bytes:
            made.append(1)
            return b"x" * 100_000 + b"\n"

        box = Outbox(writer, None, snapshot)
        for _ in range(outbox_module.BEHIND * 4):
            box.changed()
            await asyncio.sleep(0)
            held = writer.transport.get_write_buffer_size()
            assert held <= outbox_module.HIGH_WATER + 100_001
            if box.closed:
                break
        theirs.close()
        return box.closed, len(made), writer.transport.get_write_buffer_size()

    closed, snapshots, left = asyncio.run(scenario())
    assert closed  # let go, not waited on
    assert snapshots < outbox_module.BEHIND  # most changes were merged, never made
    assert left == 0


def test_eight_persuasion_seats_mailing_in_the_same_instant_are_all_taken(tmp_path: Path):
    """A move is stale only when its seat's choices changed since the snapshot it answered:
    another seat's letter changes nobody else's."""
    from rules.persuasion.state import Phase
    from tests.screen_sweep import Table

    session = Table("persuasion", 8, (), "default").session(7, pins=False)

    async def scenario() -> tuple[list[str], int]:
        host = await headless_host(session, tmp_path)
        clients = [WireClient(host.path) for _ in range(8)]
        for seat, client in enumerate(clients):
            assert isinstance(await client.join(host.codes[seat]), wire.Welcome)
        bots = [session.game.make_bot(seat, 11 + seat) for seat in range(8)]
        while host.table.session.state.phase != Phase.MAIL:  # the introductions
            asked = host.table.prompt.seats[0]
            await clients[asked].catch_up(host.seq)
            clients[asked].act(bots[asked].choose(clients[asked].snapshot.view.data))
            while host.table.session.state.phase == Phase.INTRO and asked in (
                host.table.prompt.seats if host.table.prompt else ()
            ):
                await asyncio.sleep(0)
        for client in clients:
            await client.catch_up(host.seq)
        assert sorted(host.table.prompt.seats) == list(range(8))
        before = len(host.table.session.actions)
        for seat, client in enumerate(clients):  # every letter on the same snapshot
            client.act(bots[seat].choose(client.snapshot.view.data))
        readers = [asyncio.ensure_future(_closed(c)) for c in clients]

        def answered() -> int:
            return len(host.table.session.actions) - before + sum(len(c.refusals) for c in clients)

        while answered() < 8:
            await asyncio.sleep(0)
        refusals = [r for c in clients for r in c.refusals]
        host.close()
        await asyncio.gather(*readers)
        return refusals, len(host.table.session.actions) - before

    assert asyncio.run(scenario()) == ([], 8)
