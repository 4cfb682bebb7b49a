"""The SSH door: a friend with no account here joins their seat with ``ssh``.

A real asyncssh client connects to a host's door on a loopback port, answers the
keyboard-interactive prompt with its join code, and receives its seat's screen from
a seat's child (``tui.net.door_seat``) on a pseudo-terminal of its own (rendered
here by a VT100 emulator): its own cards, never another seat's. A resize reaches
the child. Three wrong codes are refused. The host key is kept for the next time.
(``tests/net/test_door_hardening.py``: what else a friend or a stranger meets.)"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tests.door_helpers import ANN, all_gone, connect, door, open_screen
from tests.net_helpers import until
from tests.screen_sweep import scan
from tests.tui_helpers import make_app
from tui.net import door as door_module
from tui.net import keys_first


@contextlib.asynccontextmanager
async def ann_at_her_seat(pilot: Any, folder: Path) -> AsyncIterator[tuple[Any, Any, Any]]:
    """A hosted game Ann has joined over SSH: (the host, her channel, her screen), once
    her seat's screen shows; her connection is closed after."""
    host = await door(pilot, folder)
    host.begin()
    connection, _ = await connect(host.door.port, host.codes[ANN].lower())
    async with connection:
        channel, screen = await open_screen(connection)
        await screen.shows("Ann, for your eyes only")
        yield host, channel, screen


@pytest.mark.long
async def test_a_friend_joins_over_ssh_and_sees_only_their_seat(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        async with ann_at_her_seat(pilot, tmp_path) as (host, channel, screen):
            session = host.table.session
            assert session.prompt.seats[0] == ANN  # the game waits on Ann's card
            for card in session.state.hands[ANN]:
                await screen.shows(card)
            text = screen.received.decode("utf-8", "replace")
            assert scan(session, text, ANN).hits == []
            assert host.codes[ANN] not in text
            # A bigger window: the child lays its screen out again at the new size.
            screen.screen.resize(40, 120)
            channel.change_terminal_size(120, 40)
            await screen.shows("Ann, for your eyes only")
            while not any(len(line.rstrip()) > 100 for line in screen.screen.display):
                screen.arrived.clear()
                await screen.arrived.wait()
            assert len(host.door.sessions) == 1
            child = next(iter(host.door.sessions)).child
            assert child is not None
        await all_gone(host, pilot)  # the child ends with its session
        await until(lambda: not Path(f"/proc/{child.pid}").exists(), pilot)  # and is reaped


async def test_a_wrong_code_gets_no_shell_and_the_host_key_is_kept(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        waits = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        host.pacing.sleep = sleep
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(host.door.port, "ZZZZZZ")
        assert waits == [1.0, 2.0, 4.0]  # asked again, and slowed down each time
        assert host.door.sessions == set()
        key_file = app.data_dir / door_module.KEY_NAME
        assert key_file.stat().st_mode & 0o777 == 0o600
        kept = asyncssh.read_private_key(str(key_file)).export_public_key()
        assert door_module.host_key(app.data_dir).export_public_key() == kept


async def test_a_friends_keys_mark_their_seats_house_first_as_they_pass(
    tmp_path: Path, monkeypatch
):
    coming: list[int] = []
    monkeypatch.setattr(
        door_module.SeatSpawner, "keys_coming", lambda self, pid: coming.append(pid)
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        async with ann_at_her_seat(pilot, tmp_path) as (host, channel, _):
            child = next(iter(host.door.sessions)).child
            assert child is not None
            before = len(coming)  # (its terminal's answers to the seat's queries, if any)
            channel.write(b"\x1b[B")
            await until(lambda: len(coming) > before, pilot)
            assert set(coming) == {child.pid}
        await all_gone(host, pilot)


HOSTILE = [
    b"\xff\xfe\xfd",  # (not UTF-8)
    b"\x00\x00",
    b"\x1b[",  # (an escape cut short)
    b"\x1b[999999999;999999999R",
    b"\x1b]52;c;" + b"A" * 900,  # (a long unfinished string)
    b"\x1b[<0;1;1M\x1b[<0;1;1m",
]


async def test_a_flood_of_hostile_bytes_marks_only_its_own_house_and_the_door_keeps_its_board(
    tmp_path: Path, monkeypatch
):
    passed: list[int] = []  # (the bytes the door passed on, chunk by chunk)
    received = door_module.JoinSession.data_received

    def counted(session: Any, data: bytes, datatype: Any) -> None:
        received(session, data, datatype)
        passed.append(len(data))

    monkeypatch.setattr(door_module.JoinSession, "data_received", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        async with ann_at_her_seat(pilot, tmp_path) as (host, channel, _):
            spawner = host.door.spawner
            board = spawner.board
            if board is None:
                pytest.skip("no board the door shares here (Linux's memfd)")
            child = next(iter(host.door.sessions)).child
            assert child is not None
            place = board.place_of(child.pid)
            assert place is not None
            marked: list[set[int]] = []  # (the places marked, as each chunk passed)
            coming = board.coming

            def watched(pid: int, houses: Any) -> None:
                coming(pid, houses)
                marked.append({at for at in range(keys_first.SLOTS) if board.memory[at]})

            board.coming = watched  # type: ignore[method-assign]
            before = sum(passed)
            for n in range(600):
                channel.write(HOSTILE[n % len(HOSTILE)])
            flood = 100 * sum(map(len, HOSTILE))
            await until(lambda: sum(passed) >= before + flood, pilot)
            assert all(places <= {place} for places in marked)  # (her house's alone)
            assert {place} in marked  # (marked as the flood passed)
            assert spawner.board is board  # (nothing in the flood made the door drop it)
            assert board.place_of(child.pid) == place
            assert len(host.door.sessions) == 1 and Path(f"/proc/{child.pid}").exists()
        await all_gone(host, pilot)
