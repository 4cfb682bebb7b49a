"""Seat houses: many guests' seats in one process, each an app on its own terminal. A
seat draws only on its own terminal; its size is the door's word, never the guest's
bytes; a seat that fails ends alone; an empty house ends; a full one sends the next seat
to a new house; guests who come together sit in different houses; a request a house
cannot use is refused and changes nothing. Every wait
here is for bytes, an answer or a process's end."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
from typing import Any

import pyte
import pytest

from tests.net.test_short_slices import LINUX, SHORT_NS, sched_attr
from tui.net import seat_spawner
from tui.net.door_seat import HOUSE, child_environment
from tui.net.seat_house import House
from tui.net.seat_spawner import HousedSeat, SeatSpawner
from tui.net.short_slices import Slice
from tui.net.terminal_driver import GuestTerminal

NO_HOST = ["--socket=/nonexistent/table.sock"]
ASKS = "Type your join code and press Enter."
CURSOR_MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")


class Guest:
    """The guest's end of a housed seat's terminal, read into a screen of its size."""

    def __init__(self, seat: HousedSeat | None, line: socket.socket, size=(80, 24)) -> None:
        self.seat: Any = seat
        self.line = line
        self.line.setblocking(False)
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = b""

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def read(self) -> bytes:
        data = await asyncio.get_running_loop().sock_recv(self.line, 65536)
        self.received += data
        self.stream.feed(data)
        return data

    async def shows(self, words: str) -> str:
        while words not in self.text():
            if not await self.read():
                raise AssertionError(f"the terminal closed before showing {words!r}")
        return self.text()

    async def closes(self) -> bytes:
        while await self.read():
            pass
        return self.received

    async def types(self, data: bytes) -> None:
        await asyncio.get_running_loop().sock_sendall(self.line, data)


def _cells(received: bytes) -> set[tuple[int, int]]:
    """Every (row, column) the seat moved its cursor to."""
    return {(int(row), int(column)) for row, column in CURSOR_MOVE.findall(received)}


@pytest.fixture
async def spawner():
    """A spawner of the test's own, closed at its end (its zygote and houses end)."""
    spawner = SeatSpawner()
    try:
        yield spawner
    finally:
        spawner.close()


@pytest.fixture(autouse=True)
def houses_filled_one_at_a_time(monkeypatch):
    """Here a house fills before the next opens (housemates to test), unless a test
    says otherwise."""
    monkeypatch.setattr(seat_spawner, "SPREAD", 1)


async def housed(spawner: SeatSpawner, argv: list[str] = NO_HOST, size=(80, 24)) -> Guest:
    env = child_environment("xterm-256color", "")
    seat = await spawner.spawn_housed(argv, env, size)
    return Guest(seat, seat.line, size)


async def test_seats_of_a_house_share_its_process_and_each_draws_on_its_own_terminal(spawner):
    ann, bo = await housed(spawner), await housed(spawner)
    assert ann.seat.pid == bo.seat.pid  # one process for both
    await ann.shows(ASKS)
    await bo.shows(ASKS)
    await ann.types(b"abc")
    await ann.shows("•••")
    await bo.types(b"xy")
    await bo.shows("••")
    assert "•••" not in bo.text()  # Ann's keys never reached Bo's seat
    for guest in (ann, bo):
        guest.line.shutdown(socket.SHUT_WR)  # the guest hangs up
        await guest.closes()
        assert await guest.seat.wait() == 0


async def test_the_door_says_the_size_and_the_guests_own_bytes_never_do(spawner):
    guest = await housed(spawner)
    await guest.shows(ASKS)
    await guest.types(b"\x1b[48;40;120;0;0t")  # a guest claiming a 120x40 window
    await guest.types(b"a")  # (read after the claim)
    await guest.shows("•")
    assert max(column for _, column in _cells(guest.received)) <= 80  # not 120
    guest.screen.resize(30, 100)
    guest.seat.resize(100, 30)  # the door's word: 100x30
    while max(column for _, column in _cells(guest.received)) <= 80:
        await guest.read()  # until the seat is drawn afresh at the door's size
    assert max(column for _, column in _cells(guest.received)) == 100
    assert max(row for row, _ in _cells(guest.received)) <= 30
    guest.line.shutdown(socket.SHUT_WR)
    await guest.closes()


async def test_a_flood_of_window_changes_is_told_as_the_latest_size_and_the_house_goes_on(spawner):
    ann, bo = await housed(spawner), await housed(spawner)
    await ann.shows(ASKS)
    for width in range(20_000):  # (far more than the control socket holds)
        ann.seat.resize(81 + width % 50, 24)
    ann.seat.resize(100, 30)
    ann.screen.resize(30, 100)
    while max(column for _, column in _cells(ann.received)) != 100:
        await ann.read()
    assert spawner.houses and bo.seat.returncode is None  # nobody's seat ended
    await bo.types(b"ab")
    await bo.shows("••")


async def test_a_seat_that_fails_ends_alone_and_its_house_goes_on(spawner):
    ann = await housed(spawner)
    await ann.shows(ASKS)
    broken = await housed(spawner, ["--no-such-option"])
    assert broken.seat.pid == ann.seat.pid
    assert await broken.closes() == b""  # nothing drawn
    assert await broken.seat.wait() == 1
    await ann.types(b"abcd")
    await ann.shows("••••")  # the other seat of the house goes on
    ann.line.shutdown(socket.SHUT_WR)
    await ann.closes()


async def test_a_house_with_no_seat_left_ends(spawner):
    guest = await housed(spawner)
    await guest.shows(ASKS)
    (house,) = spawner.houses
    guest.line.shutdown(socket.SHUT_WR)
    await guest.closes()
    assert await house.process.wait() == 0
    assert spawner.houses == []


async def test_a_full_house_sends_the_next_seat_to_a_new_house(spawner, monkeypatch):
    monkeypatch.setattr(seat_spawner, "HOUSE_SEATS", 1)
    ann, bo = await housed(spawner), await housed(spawner)
    assert ann.seat.pid != bo.seat.pid
    assert len(spawner.houses) == 2
    for guest in (ann, bo):
        await guest.shows(ASKS)


async def test_guests_who_come_together_sit_in_different_houses_filled_in_turn(
    spawner, monkeypatch
):
    monkeypatch.setattr(seat_spawner, "SPREAD", 2)
    monkeypatch.setattr(seat_spawner, "HOUSE_SEATS", 2)
    guests = [await housed(spawner) for _ in range(5)]
    ann, bo, cy, di, ed = (guest.seat.pid for guest in guests)
    assert ann != bo  # two houses open with room: the first two sit apart
    assert cy == ann  # the house given a seat longest ago takes the next (now full)
    assert di not in (ann, bo)  # one house left with room: another opens
    assert ed == bo
    assert sorted(len(house.seats) for house in spawner.houses) == [1, 2, 2]
    for guest in guests:
        await guest.shows(ASKS)


async def test_when_no_new_house_can_be_forked_a_house_with_room_takes_the_seat(
    spawner, monkeypatch
):
    monkeypatch.setattr(seat_spawner, "SPREAD", 2)
    ann = await housed(spawner)

    async def cannot_fork() -> None:
        raise OSError("the seat zygote could not fork")

    monkeypatch.setattr(spawner, "_new_house", cannot_fork)
    bo = await housed(spawner)
    assert bo.seat.pid == ann.seat.pid
    await bo.shows(ASKS)


async def test_a_house_is_as_quiet_as_its_loudest_guest():
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        house = House(theirs)
        assert house.last_heard() == float("-inf")  # no guest: quiet
        ann, bo = GuestTerminal((80, 24), lambda: None), GuestTerminal((80, 24), lambda: None)
        house.terminals |= {ann, bo}
        ann.heard, bo.heard = 10.0, 12.5
        assert house.last_heard() == 12.5
    finally:
        ours.close()
        theirs.close()


async def test_a_killed_house_ends_each_of_its_seats_with_the_signal(spawner):
    ann, bo = await housed(spawner), await housed(spawner)
    await ann.shows(ASKS)
    os.kill(ann.seat.pid, 9)
    assert await ann.seat.wait() == -9
    assert await bo.seat.wait() == -9


async def _house(spawner: SeatSpawner) -> tuple[socket.socket, int]:
    """A house started as the spawner starts one, with the test holding its control."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    nothing = os.open(os.devnull, os.O_RDWR)
    try:
        env = child_environment("dumb", "")
        process = await spawner.spawn([HOUSE], env, (theirs.fileno(), nothing, nothing), False)
    finally:
        theirs.close()
        os.close(nothing)
    ours.setblocking(False)
    return ours, process.pid


async def _answer(control: socket.socket, request: bytes, fds: list[int]) -> dict[str, Any]:
    socket.send_fds(control, [request], fds)
    return json.loads(await asyncio.get_running_loop().sock_recv(control, 4096))


def _open(number: Any, **more: Any) -> bytes:
    request = {"open": number, "argv": NO_HOST, "env": {"TERM": "xterm"}, "size": [80, 24]}
    return json.dumps({**request, **more}).encode()


@pytest.mark.parametrize(
    ("request_bytes", "descriptors"),
    [
        (b"not json", 1),
        (b"[" * 5000, 0),
        (b"[1, 2]", 0),
        (b'{"nothing": 1}', 0),
        (_open(1), 0),  # a seat without its terminal
        (_open(1), 2),  # ... or with two
        (_open("one"), 1),
        (_open(1, argv="--watch"), 1),
        (_open(1, env={"TERM": 7}), 1),
        (_open(1, size="big"), 1),
        (b'{"size": [100, 30], "seat": 99}', 0),  # a seat it does not have
        (b'{"size": "big", "seat": 99}', 0),
    ],
)
async def test_requests_a_house_cannot_use_are_refused_and_it_goes_on(
    spawner: SeatSpawner, request_bytes: bytes, descriptors: int
):
    pairs = [socket.socketpair() for _ in range(descriptors)]
    try:
        control, pid = await _house(spawner)
        answer = await _answer(control, request_bytes, [a.fileno() for a, _ in pairs])
        assert set(answer) == {"error", "seat"}
        ours, theirs = socket.socketpair()
        answer = await _answer(control, _open(5), [theirs.fileno()])
        theirs.close()  # (the house holds it now)
        assert answer == {"opened": 5}  # the same house opens the next seat
        guest = Guest(None, ours)
        await guest.shows(ASKS)
        control.close()  # the door goes: the house hangs up on its seat and ends
        await guest.closes()
    finally:
        for a, b in pairs:
            a.close()
            b.close()


async def test_a_guest_who_never_reads_loses_the_seat_and_its_housemate_plays_on(spawner):
    silent, bo = await housed(spawner), await housed(spawner)
    await bo.shows(ASKS)
    assert silent.seat.pid == bo.seat.pid
    # The silent guest never reads: every size it asks for is a whole screen drawn
    # again, until what it left unread passes the house's bound.
    number = silent.seat.number
    for width in range(5_000_000):  # (a bound; the seat ends long before)
        if silent.seat.returncode is not None:
            break
        silent.seat.house.say({"size": [500 - width % 2, 200], "seat": number})
        await asyncio.sleep(0)
    assert await silent.seat.wait() == 0  # its seat ended, as if it had hung up
    await bo.types(b"abc")
    await bo.shows("•••")  # the other seat of the house goes on


@pytest.mark.skipif(not hasattr(os, "memfd_create"), reason="a board the door shares: Linux")
async def test_the_door_shares_its_board_with_every_house_the_zygote_forks(spawner):
    ann = await housed(spawner)
    await ann.shows(ASKS)
    board = spawner.board
    assert board is not None
    place = board.place_of(ann.seat.pid)  # (the house wrote it there, in its own process)
    assert place is not None and place >= 1


@pytest.mark.skipif(not LINUX, reason="a thread's slice: Linux")
async def test_the_zygote_takes_the_kernels_own_slice_not_the_doors(spawner):
    door = Slice()
    door.short()  # (as the server's process has it, for good)
    try:
        ann = await housed(spawner)  # (the zygote starts from this thread)
        await ann.shows(ASKS)
    finally:
        door.reset()
    if door._ask is None:
        pytest.skip("this system refuses a thread its own slice")
    assert spawner.zygote is not None
    _, zygotes = sched_attr(spawner.zygote.pid)
    _, ours = sched_attr()
    assert zygotes == ours != SHORT_NS
