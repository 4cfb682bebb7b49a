"""A guest's terminal in a seat house (``tui.net.terminal_driver.GuestTerminal``): keys
parsed as Textual parses them, the guest's bytes bounded (an endless paste is dropped, a
busy seat stops reading), a guest who never reads loses the seat, not the house's
memory. Driven with a stand-in transport and driver: every wait is for a condition."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from textual import events
from textual.geometry import Size
from textual.messages import InBandWindowResize

from tui.net import terminal_driver
from tui.net.terminal_driver import (
    LONGEST_PASTE,
    MOST_UNSENT,
    SLICE,
    GuestTerminal,
    TerminalDriver,
    clamped,
)


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.sent = b""
        self.unread = 0
        self.reading = True
        self.closing = False

    def write(self, data: bytes) -> None:
        self.sent += data
        self.unread += len(data)

    def get_write_buffer_size(self) -> int:
        return self.unread

    def is_closing(self) -> bool:
        return self.closing

    def abort(self) -> None:
        self.closing = True

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True


class Driver:
    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.busy = False
        self.arrived = asyncio.Event()

    def process_message(self, message: Any) -> None:
        self.messages.append(message)
        self.arrived.set()

    def app_busy(self) -> bool:
        return self.busy

    def app_caught_up(self) -> bool:
        return not self.busy

    def keys(self) -> list[str]:
        return [m.key for m in self.messages if isinstance(m, events.Key)]


def terminal() -> tuple[GuestTerminal, Transport, Driver, list[str]]:
    hung_up: list[str] = []
    guest = GuestTerminal((80, 24), lambda: hung_up.append("hung up"))
    transport, driver = Transport(), Driver()
    guest.connection_made(transport)
    guest.bind(driver)  # type: ignore[arg-type]
    return guest, transport, driver, hung_up


async def until(condition: Any, turns: int = 100_000) -> None:
    """Let the loop turn until ``condition`` holds (a bounded number of turns)."""
    for _ in range(turns):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


async def test_keys_come_through_as_textual_reads_them_and_a_lone_escape_is_escape():
    guest, _, driver, _ = terminal()
    guest.data_received(b"ab\x1b[A")
    await until(lambda: driver.keys() == ["a", "b", "up"])
    driver.arrived.clear()
    guest.data_received(b"\x1b")  # (nothing after it: after a moment it is the key)
    while driver.keys()[-1:] != ["escape"]:
        await driver.arrived.wait()
        driver.arrived.clear()


async def test_keys_typed_before_the_seat_starts_are_kept_for_it():
    guest = GuestTerminal((80, 24), lambda: None)
    guest.connection_made(Transport())
    guest.data_received(b"xy")
    driver = Driver()
    guest.bind(driver)  # type: ignore[arg-type]
    await until(lambda: driver.keys() == ["x", "y"])


async def test_a_flood_is_parsed_a_slice_a_turn_and_the_guest_waits_meanwhile():
    guest, transport, driver, _ = terminal()
    guest.data_received(b"a" * (SLICE * 5))
    assert not transport.reading  # (nothing more is read while a backlog waits)
    await asyncio.sleep(0)
    assert 0 < len(driver.keys()) <= SLICE  # one slice in a turn: the house draws between
    await until(lambda: len(driver.keys()) == SLICE * 5)
    await until(lambda: transport.reading)


def pastes(driver: Driver) -> list[str]:
    return [m.text for m in driver.messages if isinstance(m, events.Paste)]


async def test_a_paste_that_never_ends_is_dropped_and_the_next_keys_still_count():
    guest, transport, driver, _ = terminal()
    guest.data_received(b"\x1b[200~" + b"x" * (LONGEST_PASTE + 10))
    await until(lambda: transport.reading)
    guest.data_received(b"\x1b[201~q")
    await until(lambda: driver.keys() == ["q"])
    assert pastes(driver) == []


async def test_what_a_dropped_paste_still_sends_never_arrives_as_keys():
    guest, _, driver, _ = terminal()
    guest.data_received(b"\x1b[200~" + b"x" * (LONGEST_PASTE + 10) + b"rm -rf\r")
    guest.data_received(b"more\r\x1b[201~q")
    await until(lambda: driver.keys() == ["q"])
    assert pastes(driver) == []


async def test_events_inside_a_paste_do_not_reset_its_count():
    guest, _, driver, _ = terminal()
    focus = b"\x1b[I"  # (a focus report: the parser gives an event for it)
    guest.data_received(b"\x1b[200~" + (b"y" * 20_000 + focus) * 4 + b"\x1b[201~q")
    await until(lambda: driver.keys() == ["q"])
    assert pastes(driver) == []


async def test_a_short_paste_comes_through_whole_even_cut_across_reads():
    guest, _, driver, _ = terminal()
    for part in (b"\x1b[20", b"0~hello", b" there\x1b[2", b"01~"):
        guest.data_received(part)
    await until(lambda: pastes(driver) == ["hello there"])


async def test_a_busy_seat_parses_nothing_more_until_it_has_caught_up():
    guest, transport, driver, _ = terminal()
    driver.busy = True
    guest.data_received(b"a")
    await asyncio.sleep(0)
    assert not transport.reading and driver.keys() == []
    driver.busy = False
    await until(lambda: driver.keys() == ["a"] and transport.reading)


def test_the_guests_own_size_claims_never_reach_the_app():
    posted: list[Any] = []
    app = SimpleNamespace(post_message=posted.append)
    guest = GuestTerminal((80, 24), lambda: None)

    async def driven() -> None:
        driver = TerminalDriver(app, terminal=guest)  # type: ignore[arg-type]
        driver._input = True
        size = Size(120, 40)
        driver.process_message(events.Resize(size, size))
        driver.process_message(InBandWindowResize(True, True))
        driver.process_message(events.Key("a", "a"))

    asyncio.run(driven())
    assert [type(m) for m in posted] == [events.Key]


async def test_a_guest_who_never_reads_loses_the_seat_past_the_unsent_bound():
    guest, transport, _, hung_up = terminal()
    guest.write("x" * 1000)
    guest.flush()
    assert hung_up == [] and not transport.closing
    transport.unread = MOST_UNSENT
    guest.write("x")
    guest.flush()
    assert hung_up == ["hung up"] and transport.closing
    guest.write("more")
    guest.flush()
    assert transport.sent == b"x" * 1001  # nothing more goes to a terminal given up


async def test_output_in_one_turn_of_the_loop_goes_out_as_one_write():
    guest, transport, _, _ = terminal()
    guest.write("\x1b[1;1H")
    guest.write("hello")
    assert transport.sent == b""
    await until(lambda: transport.sent)
    assert transport.sent == b"\x1b[1;1Hhello"


def test_a_window_is_drawn_at_most_at_the_largest_size():
    assert clamped(60000, 60000) == terminal_driver.LARGEST
    assert clamped(0, -5) == (1, 1)
    assert clamped(100, 30) == (100, 30)


async def test_the_guest_hanging_up_is_said_once():
    guest, _, _, hung_up = terminal()
    assert guest.eof_received() is True  # (kept open: the seat's last bytes go out)
    guest.connection_lost(None)
    assert hung_up == ["hung up"]


async def test_any_byte_a_guest_sends_counts_as_heard_even_bytes_the_parser_refuses():
    """A guest who sends anything at all (keys, garbage, a size claim, a paste that never
    ends) is not quiet: their house makes no full collection meanwhile (``quiet_collector``:
    one comes after two minutes even so)."""
    guest, _, _, _ = terminal()
    assert guest.heard == float("-inf")  # nothing yet: quiet
    loop = asyncio.get_running_loop()
    for hostile in (b"\xff\xfe\x00", b"\x1b[48;9999;9999;0;0t", b"\x1b[200~" + b"x" * 10, b"\x1b["):
        before = loop.time()
        guest.data_received(hostile)
        assert before <= guest.heard <= loop.time()
