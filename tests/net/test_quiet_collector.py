"""A seat house's full garbage collections wait for its guests to be quiet: never while a
guest typed in the last second, at most once in ``LEAST_APART`` seconds, and at the latest
``MOST_APART`` seconds after the last one. The clock and the collector are injected."""

from __future__ import annotations

import asyncio
import gc

from tui.net import quiet_collector
from tui.net.quiet_collector import (
    ENOUGH,
    LEAST_APART,
    MOST_APART,
    QUIET,
    THAW_EVERY,
    THAW_GROWN,
    QuietCollector,
)


class Table:
    """A clock, the guests' last byte and the collections made, all by hand."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.heard = float("-inf")
        self.middle_passes = ENOUGH
        self.collector = QuietCollector(
            lambda: self.heard, lambda: self.now, self.collected, self.count
        )
        self.collections: list[float] = []

    def collected(self) -> None:
        self.collections.append(self.now)
        self.middle_passes = 0

    def count(self) -> tuple[int, int, int]:
        return (0, 0, self.middle_passes)

    def after(self, seconds: float) -> bool:
        self.now += seconds
        return self.collector.look()


def test_a_quiet_house_collects_once_enough_time_has_passed():
    table = Table()
    assert not table.after(LEAST_APART - 1)  # too soon after the last
    assert table.after(1)
    assert table.collections == [1000.0 + LEAST_APART]


def test_no_full_collection_while_a_guest_has_just_typed():
    table = Table()
    table.now += LEAST_APART
    table.heard = table.now - QUIET / 2
    assert not table.collector.look()
    assert table.after(QUIET / 2)  # a second of quiet: now
    assert table.collector.made == 1


def test_nothing_is_collected_when_little_was_allocated():
    table = Table()
    table.middle_passes = ENOUGH - 1
    assert not table.after(LEAST_APART)
    table.middle_passes = ENOUGH
    assert table.after(0)


def test_a_house_that_never_goes_quiet_still_collects_at_the_latest_interval():
    table = Table()
    for _ in range(int(MOST_APART) - 1):
        table.now += 1
        table.heard = table.now  # a key every second
        assert not table.collector.look()
    table.now += 1
    table.heard = table.now
    assert table.collector.look()
    assert table.collections == [1000.0 + MOST_APART]


async def test_started_it_takes_over_the_full_collections_and_gives_them_back_at_stop(
    monkeypatch,
):
    monkeypatch.setattr(quiet_collector, "LOOK_EVERY", 0.0)
    looked = asyncio.Event()
    threshold = gc.get_threshold()
    collector = QuietCollector(lambda: float("-inf"), lambda: 0.0)
    monkeypatch.setattr(collector, "look", lambda: looked.set() or False)
    try:
        collector.start()
        assert gc.get_threshold() == (*threshold[:2], quiet_collector.NEVER)
        await looked.wait()
        collector.stop()
        assert gc.get_threshold() == threshold
    finally:
        gc.set_threshold(*threshold)


async def test_a_look_that_fails_never_stops_the_looks_after_it(monkeypatch):
    monkeypatch.setattr(quiet_collector, "LOOK_EVERY", 0.0)
    threshold = gc.get_threshold()
    collector = QuietCollector(lambda: float("-inf"), lambda: 0.0)
    looks: list[int] = []
    again = asyncio.Event()

    def look() -> bool:
        looks.append(1)
        if len(looks) == 1:
            raise RuntimeError("a finalizer failed")
        again.set()
        return False

    monkeypatch.setattr(collector, "look", look)
    loop = asyncio.get_running_loop()
    failures: list[object] = []
    loop.set_exception_handler(lambda _, context: failures.append(context.get("exception")))
    try:
        collector.start()
        await asyncio.wait_for(again.wait(), timeout=60)  # (fails, not hangs, without it)
        assert len(failures) == 1 and isinstance(failures[0], RuntimeError)
    finally:
        collector.stop()
        loop.set_exception_handler(None)
        gc.set_threshold(*threshold)


class Freezing(Table):
    """A table whose collector freezes what its collections leave."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []
        self.frozen = 1000
        self.collector = QuietCollector(
            lambda: self.heard, lambda: self.now, self.collected, self.count,
            freeze=lambda: self.calls.append("freeze"),
            unfreeze=lambda: self.calls.append("unfreeze"), frozen=lambda: self.frozen,
        )  # fmt: skip

    def collected(self) -> None:
        super().collected()
        self.calls.append("collect")


def test_a_server_freezes_what_each_full_collection_leaves():
    table = Freezing()
    assert table.after(MOST_APART)
    table.middle_passes = ENOUGH
    assert table.after(MOST_APART)
    assert table.calls == ["collect", "freeze", "collect", "freeze"]


def test_a_server_looks_at_everything_again_once_an_hour():
    table = Freezing()
    for _ in range(round(THAW_EVERY / MOST_APART)):
        table.middle_passes = ENOUGH
        assert table.after(MOST_APART)
    assert table.calls[-3:] == ["unfreeze", "collect", "freeze"]
    assert table.calls.count("unfreeze") == 1


async def test_a_server_stopped_gives_back_what_it_froze():
    table = Freezing()
    table.collector.start()
    table.collector.stop()
    assert table.calls == ["unfreeze"]


def test_frozen_objects_are_out_of_the_next_full_collections_reach():
    gc.collect()
    before = gc.get_freeze_count()
    kept = [[n] for n in range(1000)]  # (tracked by the collector: lists)
    collector = QuietCollector(
        lambda: float("-inf"), lambda: 0.0, count=lambda: (0, 0, ENOUGH), freeze=gc.freeze
    )
    try:
        collector.last_full = -MOST_APART
        assert collector.look()
        assert gc.get_freeze_count() >= before + len(kept)
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0


def test_a_server_looks_at_everything_again_once_what_it_froze_has_grown_too_much():
    table = Freezing()
    assert table.after(MOST_APART)  # the first: 1000 objects left frozen
    table.frozen = THAW_GROWN * 1000  # (guests came and went)
    table.middle_passes = ENOUGH
    assert table.after(MOST_APART)
    assert "unfreeze" not in table.calls
    table.frozen += 1
    table.middle_passes = ENOUGH
    assert table.after(MOST_APART)
    assert table.calls[-3:] == ["unfreeze", "collect", "freeze"]
