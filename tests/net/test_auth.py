"""The host's door: who may act on a hosted table, and what a wrong or stale move gets.

Each refusal comes back in plain words and leaves the table as it was: the same
moves, the same snapshot number."""

from __future__ import annotations

import os
from contextlib import asynccontextmanager
from pathlib import Path

from rules.island.state import MoveTo
from tests.net_helpers import WireClient, hosting, island, until
from tests.tui_helpers import make_app, settle
from tui.net import host as host_module
from tui.net import wire
from tui.net.seating import WRONG_CODE


@asynccontextmanager
async def _hosted(tmp_path: Path, *, started: bool = True, **options):
    """A hosted island, every seat joined (none connected yet), started or not."""
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2], **options)
        if started:
            host.begin()
            await settle(pilot)  # the table shows
        yield pilot, host


def _asked(host) -> int:
    return host.table.prompt.seats[0]


def _first_open(view):
    """The first move the view offers its seat."""
    return next(o.value for o in view.choices.options if o.open)


def _table(host):
    """What a refusal must leave as it was: the moves made and the snapshot number."""
    return host.table.session.actions, host.seq


async def _refused(client, action, seq=None) -> str:
    """Send ``action`` and read the host's refusal."""
    client.act(action, seq)
    answer = await client.receive()
    assert isinstance(answer, wire.Refused), answer
    return answer.reason


async def test_a_wrong_code_is_refused_slowed_and_logged_without_the_code(tmp_path: Path):
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async with _hosted(tmp_path, started=False) as (pilot, host):
        host.pacing.sleep = sleep
        lines: list[str] = []
        host.log = lines.append
        for attempt in ("ZZZZZZ", "ZZZZZY", "ZZZZZX"):
            client = WireClient(host.path)
            answer = await client.join(attempt)
            assert answer == wire.Refused(WRONG_CODE)
            assert client.welcome is None and client.snapshots == []
        assert waits == [1.0, 2.0, 4.0]
        uid = os.getuid()
        assert lines == [
            f"a wrong join code was tried ({n} in a row from account {uid})" for n in (1, 2, 3)
        ]
        assert not any(code in line for line in lines for code in host.codes.values())


async def test_a_seat_acts_only_as_itself(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        asked = _asked(host)
        other = (asked + 1) % 3
        client = WireClient(host.path)
        await client.join(host.codes[other])
        before = _table(host)  # the asked seat's own move, sent by another seat:
        assert await _refused(client, _first_open(host.table.view(asked))) == host_module.NOT_YOURS
        assert _table(host) == before


async def test_a_move_out_of_turn_is_refused_by_the_rules(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        other = (_asked(host) + 1) % 3
        client = WireClient(host.path)
        await client.join(host.codes[other])
        stay = MoveTo(other, host.table.session.state.pieces[other])
        before = _table(host)
        assert await _refused(client, stay) == host.table.check(stay)
        assert _table(host) == before


async def test_a_move_on_an_old_snapshot_is_refused_as_stale(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        asked = _asked(host)
        client = WireClient(host.path)
        await client.join(host.codes[asked])
        action = _first_open(client.snapshot.view.data)
        before = _table(host)
        assert await _refused(client, action, client.snapshot.seq - 1) == host_module.STALE
        assert _table(host) == before
        client.act(action)  # on the snapshot it was sent: made
        await until(lambda: len(host.table.session.actions) == 1, pilot)


async def test_a_spectator_never_acts(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        asked = _asked(host)
        watcher = WireClient(host.path)
        assert isinstance(await watcher.join(watch=True), wire.Welcome)
        assert watcher.seat is None
        before = _table(host)
        assert await _refused(watcher, _first_open(host.table.view(asked))) == host_module.SPECTATOR
        assert _table(host) == before
        assert watcher.snapshot.view == watcher.snapshot.public


async def test_nobody_moves_before_the_host_starts_the_game(tmp_path: Path):
    async with _hosted(tmp_path, started=False) as (pilot, host):
        asked = _asked(host)
        client = WireClient(host.path)
        await client.join(host.codes[asked])
        action = _first_open(client.snapshot.view.data)
        assert await _refused(client, action) == host_module.NOT_STARTED
        assert host.table.session.actions == ()


async def test_a_line_that_is_no_message_is_refused_and_the_seat_stays(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        client = WireClient(host.path)
        await client.join(host.codes[0])
        client.send_raw(b'{"type": "Act", "seq": 1}\n')
        answer = await client.receive()
        assert isinstance(answer, wire.Refused)
        assert answer.reason.startswith("The host could not read that:")
        seq = str(client.snapshot.seq).encode()
        client.send_raw(b'{"type": "Act", "seq": ' + seq + b', "action": {"type": "Nonsense"}}\n')
        answer = await client.receive()
        assert isinstance(answer, wire.Refused)
        assert answer.reason.startswith("The host could not make sense of that move:")
        client.send_raw(b"not json\n")
        assert isinstance(await client.receive(), wire.Refused)
        assert host.table.session.actions == ()
        assert not host.table.seats[0].away


async def test_a_client_of_another_protocol_is_told_so(tmp_path: Path):
    async with _hosted(tmp_path, started=False) as (pilot, host):
        client = WireClient(host.path)
        await client.connect()
        client.send(wire.Join(wire.PROTOCOL + 1, host.codes[0]))
        answer = await client.receive()
        assert answer == wire.Refused(host_module.OTHER_PROTOCOL.format(wire.PROTOCOL))


async def test_a_seat_joining_makes_no_move_stale(tmp_path: Path):
    async with _hosted(tmp_path) as (pilot, host):
        asked = _asked(host)
        client = WireClient(host.path)
        await client.join(host.codes[asked])
        late = WireClient(host.path)
        await late.join(host.codes[(asked + 1) % 3])
        client.act(_first_open(client.snapshot.view.data))  # on the snapshot before the join
        await until(lambda: len(host.table.session.actions) == 1, pilot)


async def test_a_line_over_the_limit_ends_that_connection_only(tmp_path: Path):
    async with _hosted(tmp_path, started=False) as (pilot, host):
        client, other = WireClient(host.path), WireClient(host.path)
        await client.join(host.codes[0])
        await other.join(host.codes[1])
        client.send_raw(b"x" * (wire.LINE_LIMIT + 10) + b"\n")
        await until(lambda: host.table.seats[0].away, pilot)
        assert [c.seat for c in host.clients] == [1]
        assert not host.table.seats[1].away


async def test_a_group_socket_is_open_to_the_group_only(tmp_path: Path):
    import grp
    import os

    group = grp.getgrgid(os.getgid()).gr_name
    async with _hosted(tmp_path, group=group) as (_, host):
        assert host.path.stat().st_mode & 0o777 == 0o660
        assert host.path.parent.stat().st_mode & 0o777 == 0o710


async def test_a_private_socket_is_the_users_alone(tmp_path: Path):
    async with _hosted(tmp_path, started=False) as (pilot, host):
        assert host.path.stat().st_mode & 0o777 == 0o600
        assert host.path.parent.stat().st_mode & 0o777 == 0o700
