"""Take-back on a joined terminal: u takes back the seat's own last move, as at the
hotseat table's public moment, while nothing new has come out; never another's."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import WireClient, hosting, island, until
from tests.tui_helpers import make_app, press, screen_text, settle
from tui.island.table import IslandTable
from tui.net import host as host_module
from tui.net import wire
from tui.net.join_app import JoinApp


async def _first_move(pilot, host, client: WireClient):
    """The asked seat's first open move, made over the wire and seen come back."""
    await client.catch_up(host.seq)
    action = next(o.value for o in client.snapshot.view.data.choices.options if o.open)
    client.act(action)
    while not client.snapshot.mine_last:
        await client.receive()
    await until(lambda: len(host.table.session.actions) == 1, pilot)
    return action


async def test_a_joined_seat_takes_back_its_own_move_and_only_its_own(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        host.begin()
        asked = host.table.prompt.seats[0]
        mover, other = WireClient(host.path), WireClient(host.path)
        await mover.join(host.codes[asked])
        await other.join(host.codes[(asked + 1) % 3])
        await _first_move(pilot, host, mover)
        assert mover.snapshot.take_back == ""
        await other.catch_up(mover.snapshot.seq)
        assert not other.snapshot.mine_last
        other.send(wire.TakeBack(other.snapshot.seq))
        assert await other.receive() == wire.Refused(host_module.NOT_YOUR_MOVE)
        assert len(host.table.session.actions) == 1
        mover.send(wire.TakeBack(mover.snapshot.seq))
        await until(lambda: host.table.session.actions == (), pilot)
        while mover.snapshot.mine_last:
            await mover.receive()
        assert mover.snapshot.view.data.choices is not None  # the move is theirs to make again


async def test_u_on_a_joined_table_takes_the_move_back(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        session = island(3)
        host = await hosting(host_pilot, session, tmp_path, [0, 1, 2])
        host.begin()
        asked = host.table.prompt.seats[0]
        join_app = JoinApp(host.path, code=host.codes[asked])
        async with join_app.run_test(size=(100, 30)) as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            await press(pilot, "enter")  # the response card under the cursor
            await until(lambda: len(host.table.session.actions) == 1, pilot)
            await until(lambda: isinstance(join_app.screen, IslandTable), pilot)
            await until(lambda: join_app.joined.table.snapshot.mine_last, pilot)
            await settle(pilot)
            assert "u Take back" in screen_text(join_app)
            await press(pilot, "u")
            await until(lambda: host.table.session.actions == (), pilot)
            await until(lambda: not isinstance(join_app.screen, IslandTable), pilot)


async def test_take_back_asked_by_a_watcher_a_stale_seat_or_in_hostile_bytes_changes_nothing(
    tmp_path: Path,
):
    """Attacked as guests would: a watcher asking to take back, a seat naming an old
    snapshot or another's move, numbers that are no number (or too long to read), and a
    hundred asks never read. Each is refused in a sentence, the flood ends that terminal
    only, the move stands, and its mover can still take it back."""
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        host.begin()
        asked = host.table.prompt.seats[0]
        mover, other, watcher = WireClient(host.path), WireClient(host.path), WireClient(host.path)
        await mover.join(host.codes[asked])
        await other.join(host.codes[(asked + 1) % 3])
        await watcher.join(watch=True)
        await _first_move(pilot, host, mover)
        await watcher.catch_up(host.seq)
        watcher.send(wire.TakeBack(watcher.snapshot.seq))
        assert await watcher.receive() == wire.Refused(host_module.SPECTATOR)
        mover.send(wire.TakeBack(mover.snapshot.seq - 1))
        assert await mover.receive() == wire.Refused(host_module.STALE)
        await other.catch_up(host.seq)
        for seq in (b'"1"', b"true", b"-1", b"1" * 5000, b"null"):
            other.send_raw(b'{"seq":' + seq + b',"type":"TakeBack"}\n')
            answer = await other.receive()
            assert isinstance(answer, wire.Refused), seq
        other.send(wire.TakeBack(other.snapshot.seq))
        assert await other.receive() == wire.Refused(host_module.NOT_YOUR_MOVE)
        for _ in range(100):  # sent, never read: the host keeps at most 32 answers for it
            other.send(wire.TakeBack(other.snapshot.seq))
        while await other.receive() is not None:
            pass  # (its answers, until the host ends this terminal)
        assert len(host.table.session.actions) == 1  # the move stands
        mover.send(wire.TakeBack(mover.snapshot.seq))
        await until(lambda: host.table.session.actions == (), pilot)
