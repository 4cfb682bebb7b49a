"""Wrong codes are paced for the guesser, not the table: each source waits for its own
wrong codes only, a right code sets its count back, and a source may have only a
couple of tries waiting at once (the rest are refused unchecked)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.net_helpers import headless_host, island
from tui.net.pacing import AT_ONCE, BUSY, Pacing
from tui.net.seating import WRONG_CODE, Entry


def _recorded() -> tuple[Pacing, list[float]]:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    return Pacing(sleep), waits


def test_each_source_waits_for_its_own_wrong_codes_only():
    pacing, waits = _recorded()

    async def scenario() -> None:
        for _ in range(3):
            await pacing.slow_down("ssh 10.0.0.9")
        await pacing.slow_down("account 1000")

    asyncio.run(scenario())
    assert waits == [1.0, 2.0, 4.0, 1.0]


def test_a_right_code_sets_its_source_back():
    pacing, waits = _recorded()

    async def scenario() -> None:
        await pacing.slow_down("ssh 10.0.0.9")
        await pacing.slow_down("ssh 10.0.0.9")
        pacing.right("ssh 10.0.0.9")
        await pacing.slow_down("ssh 10.0.0.9")

    asyncio.run(scenario())
    assert waits == [1.0, 2.0, 1.0]


def test_the_wait_stops_growing_at_thirty_seconds():
    pacing, waits = _recorded()

    async def scenario() -> None:
        for _ in range(8):
            await pacing.slow_down("ssh 10.0.0.9")

    asyncio.run(scenario())
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]


def test_tries_in_parallel_from_one_source_are_refused_unchecked(tmp_path: Path):
    async def scenario() -> tuple[list[Entry], Entry, Entry]:
        host = await headless_host(island(3), tmp_path)
        gate = asyncio.Event()

        async def held(seconds: float) -> None:
            await gate.wait()

        host.pacing.sleep = held
        guesses = [
            asyncio.ensure_future(host.knock(f"ZZZZZ{n}", "ssh 10.0.0.9")) for n in range(2, 9)
        ]
        while sum(g.done() for g in guesses) < len(guesses) - AT_ONCE:
            await asyncio.sleep(0)
        other = await host.knock(host.codes[1], "ssh 10.0.0.7")  # another guest: no wait
        right = await host.knock(host.codes[0], "ssh 10.0.0.9")  # not while it is busy
        gate.set()
        entries = list(await asyncio.gather(*guesses))
        host.close()
        return entries, other, right

    entries, other, right = asyncio.run(scenario())
    assert entries.count(Entry(refusal=BUSY)) == 7 - AT_ONCE
    assert entries.count(Entry(refusal=WRONG_CODE)) == AT_ONCE
    assert other == Entry(1)
    assert right == Entry(refusal=BUSY)
