"""A guest's terminal in a seat house (``tui.net.terminal_driver.GuestTerminal``): keys
parsed as Textual parses them, the guest's bytes bounded (an endless paste is dropped, a
busy seat stops reading), a guest who never reads loses the seat, not the house's
memory. Driven with a stand-in transport and driver: every wait is for a condition."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import events

from tui.net import terminal_driver
from tui.net.terminal_driver import LONGEST_PENDING, MOST_UNSENT, GuestTerminal, clamped


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

    def process_message(self, message: Any) -> None:
        self.messages.append(message)

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


async def until(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0)


async def test_keys_come_through_as_textual_reads_them_and_a_lone_escape_is_escape():
    guest, _, driver, _ = terminal()
    guest.data_received(b"ab\x1b[A")
    assert driver.keys() == ["a", "b", "up"]
    guest.data_received(b"\x1b")
    await until(lambda: driver.keys()[-1:] == ["escape"])


async def test_keys_typed_before_the_seat_starts_are_kept_for_it():
    guest = GuestTerminal((80, 24), lambda: None)
    guest.connection_made(Transport())  # type: ignore[arg-type]
    guest.data_received(b"xy")
    driver = Driver()
    guest.bind(driver)  # type: ignore[arg-type]
    assert driver.keys() == ["x", "y"]


async def test_a_paste_that_never_ends_is_dropped_and_the_next_keys_still_count():
    guest, _, driver, _ = terminal()
    guest.data_received(b"\x1b[200~" + b"x" * (LONGEST_PENDING + 10))
    assert driver.messages == []
    guest.data_received(b"q")
    assert driver.keys() == ["q"]


async def test_a_busy_seat_stops_reading_its_guest_until_it_has_caught_up():
    guest, transport, driver, _ = terminal()
    driver.busy = True
    guest.data_received(b"a")
    assert not transport.reading
    driver.busy = False
    await until(lambda: transport.reading)


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
