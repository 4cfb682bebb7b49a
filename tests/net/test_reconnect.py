"""A joined seat that drops: the others see it away, the game waits on its turn, and
its rejoin code brings it back to the same view with nothing lost. A seat is claimed
by the terminal that joined it: its join code, read by anyone, opens it no more; the
rejoin code given to that terminal does (a newer terminal with it takes the seat over,
and the first is told why); the host may free a seat, which deals it a new code."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import WireClient, hosting, until
from tests.screen_sweep import Table
from tests.tui_helpers import make_app, screen_text
from tui.net import host as host_module
from tui.net import wire
from tui.net.seating import CLAIMED, WRONG_CODE

ISLAND = Table("island", 3, (), "default")


async def test_a_dropped_seat_rejoins_to_the_same_view_and_the_game_waits(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await hosting(pilot, ISLAND.session(3, pins=False), tmp_path, [0, 1, 2])
        clients = [WireClient(host.path) for _ in range(3)]
        for seat, client in enumerate(clients):
            await client.join(host.codes[seat])
        host.begin()
        asked = host.table.prompt.seats[0]
        other = next(seat for seat in range(3) if seat != asked)
        mine = clients[asked].snapshot.view.data
        clients[asked].close()  # killed mid-turn
        await until(lambda: host.table.seats[asked].away, pilot)
        name = host.table.seats[asked].name
        assert f"{name} (away)" in screen_text(app)
        while not clients[other].snapshot.seats[asked].away:
            await clients[other].receive()
        assert host.table.session.actions == ()  # the game waits on the away seat's turn
        back = WireClient(host.path)
        rejoin = clients[asked].welcome.rejoin
        assert isinstance(await back.join(rejoin), wire.Welcome)
        assert back.seat == asked
        assert back.snapshot.view.data == mine
        assert not host.table.seats[asked].away
        action = next(o.value for o in mine.choices.options if o.open)
        back.act(action)
        await until(lambda: host.table.session.actions == (action,), pilot)


async def test_a_code_read_after_its_seat_joined_opens_nothing(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, ISLAND.session(3, pins=False), tmp_path, [0, 1, 2])
        owner, reader = WireClient(host.path), WireClient(host.path)
        await owner.join(host.codes[1])
        assert await reader.join(host.codes[1]) == wire.Refused(CLAIMED)
        assert reader.snapshots == [] and reader.welcome is None
        owner.close()  # even while its terminal is away, the seat stays claimed
        await until(lambda: host.table.seats[1].away, pilot)
        assert await WireClient(host.path).join(host.codes[1]) == wire.Refused(CLAIMED)


async def test_the_newest_terminal_with_the_rejoin_code_takes_the_seat(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, ISLAND.session(3, pins=False), tmp_path, [0, 1, 2])
        first, second = WireClient(host.path), WireClient(host.path)
        await first.join(host.codes[1])
        rejoin = first.welcome.rejoin
        assert len(rejoin) == 6 and rejoin not in host.codes.values()
        await second.join(rejoin.lower())
        assert second.welcome.rejoin == rejoin
        while first.ended is None:
            await first.receive()
        assert first.ended == host_module.TAKEN_OVER
        assert [c.seat for c in host.clients] == [1]
        assert not host.table.seats[1].away


async def test_a_freed_seat_takes_its_new_code_only(tmp_path: Path):
    async def no_wait(seconds: float) -> None:
        return None

    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, ISLAND.session(3, pins=False), tmp_path, [0, 1, 2])
        host.pacing.sleep = no_wait  # (its wrong codes answered at once)
        first = WireClient(host.path)
        old = host.codes[2]
        await first.join(old)
        new = host.free(2)
        while first.ended is None:
            await first.receive()
        assert first.ended == host_module.FREED
        assert host.table.seats[2].away
        assert await WireClient(host.path).join(first.welcome.rejoin) == wire.Refused(WRONG_CODE)
        assert await WireClient(host.path).join(old) == wire.Refused(WRONG_CODE)
        again = WireClient(host.path)
        assert isinstance(await again.join(new), wire.Welcome)
        assert again.seat == 2 and again.welcome.rejoin != first.welcome.rejoin
