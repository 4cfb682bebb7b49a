"""Short slices: a process's wake-ups start at once, asked of Linux only when it changes."""

from __future__ import annotations

import ctypes
import os
import platform
import struct
import sys
import threading

import pytest

from tests.net.test_keys_first import guest_and_host
from tui.net.keys_first import BOARD_BYTES, KeyBoard, Patience, TurnSelector
from tui.net.seat_spawner import SeatSpawner
from tui.net.short_slices import SHORT, Slice

SHORT_NS = round(SHORT * 1e9)


def asking(answer: bool = True) -> tuple[list[int], Slice]:
    asked: list[int] = []

    def ask(runtime_ns: int) -> bool:
        asked.append(runtime_ns)
        return answer

    return asked, Slice(ask)


def test_a_slice_is_asked_for_only_when_it_changes():
    asked, slice_ = asking()
    slice_.short()
    slice_.short()
    slice_.usual()
    slice_.usual()
    slice_.short()
    assert asked == [SHORT_NS, 0, SHORT_NS]
    assert slice_.asked == SHORT


def test_the_kernels_own_slice_is_never_asked_for_before_a_short_one():
    asked, slice_ = asking()
    slice_.usual()
    assert asked == []


def test_a_reset_asks_for_the_kernels_own_slice_whatever_came_before():
    asked, slice_ = asking()
    slice_.reset()  # (a slice passed on from the parent process is not known here)
    slice_.usual()
    assert asked == [0]


def test_a_slice_refused_once_is_never_asked_for_again():
    asked, slice_ = asking(answer=False)
    slice_.short()
    slice_.usual()
    slice_.short()
    assert asked == [SHORT_NS]


_GETATTR = {"x86_64": 315, "aarch64": 275}.get(platform.machine())
_ATTR = struct.Struct("IIQiIQQQ")


def sched_attr(tid: int = 0) -> tuple[int, int]:
    """(niceness, slice in ns) of thread ``tid`` (0: the calling one), as Linux has them."""
    buffer = ctypes.create_string_buffer(_ATTR.size)
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.syscall(ctypes.c_long(_GETATTR), ctypes.c_int(tid), buffer, _ATTR.size, 0) == 0
    _, _, _, nice, _, runtime, _, _ = _ATTR.unpack(buffer.raw)
    return nice, runtime


LINUX = sys.platform == "linux" and _GETATTR is not None


@pytest.mark.skipif(not LINUX, reason="sched_getattr is Linux's")
def test_linux_keeps_the_slice_asked_for_and_the_threads_niceness():
    seen: list[tuple[int, int]] = []

    def in_a_thread_of_its_own() -> None:  # (a slice is a thread's: the test's is untouched)
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 7)
        slice_ = Slice()
        seen.append(sched_attr())
        slice_.short()
        if slice_._ask is None:
            return  # (refused here)
        seen.append(sched_attr())
        slice_.usual()
        seen.append(sched_attr())

    thread = threading.Thread(target=in_a_thread_of_its_own)
    thread.start()
    thread.join()
    if len(seen) < 3:
        pytest.skip("this system refuses a thread its own slice")
    (nice, usual), (nice_short, short), (nice_after, after) = seen
    if usual == 0:
        pytest.skip("this kernel does not tell a thread's slice (Linux before 6.12)")
    assert (nice, nice_short, nice_after) == (7, 7, 7)
    assert short == SHORT_NS
    assert after == usual


def test_a_house_sleeps_on_a_short_slice_and_repaints_on_the_usual_one():
    asked, slice_ = asking()
    board = KeyBoard(bytearray(BOARD_BYTES), lambda: 100.0, lambda pid: None)
    board.take_place(1, 4001)
    patience = Patience(board, lambda: 100.0, lambda s: None)
    with guest_and_host(TurnSelector(patience, slice_)) as (selector, lines):
        lines.host.send(b"a frame from the host")
        selector.select(0)  # (a turn for the host's bytes: the usual slice)
        assert asked == [SHORT_NS, 0]
        lines.guest.send(b"\x1b[B")
        selector.select(0)  # (its own guest's key, with the host's bytes: short)
        assert asked == [SHORT_NS, 0, SHORT_NS]
        lines.guests_end.recv(16)
        lines.hosts_end.recv(64)
        selector.select(0)  # (nothing came: asleep on a short slice, then the usual)
        assert asked == [SHORT_NS, 0, SHORT_NS, 0]


class BrokenBoard:
    def coming(self, pid: int, houses: object) -> None:
        raise ValueError("a board in a state nobody expected")


def test_a_board_the_door_cannot_use_is_dropped_and_the_keys_go_on(tmp_path):
    spawner = SeatSpawner(tmp_path)
    spawner.board = BrokenBoard()  # type: ignore[assignment]
    spawner.keys_coming(4001)  # (no exception reaches the door)
    assert spawner.board is None
