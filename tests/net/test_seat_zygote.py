"""The seat zygote: a door's seats are forked from one process that has imported what
a seat needs. A forked seat draws on its own terminal from the user's own folder and
ends when its terminal hangs up; a request the zygote cannot use is answered with a
sentence and changes nothing; when the zygote dies its seats end and the next seat
starts another; when the host goes, the zygote and its seats go too. Every wait here
is for bytes, an answer or a process's end."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pyte
import pytest

from tui.net.door_seat import own_folder
from tui.net.seat_spawner import Seat, SeatSpawner

ENVIRONMENT = {"PATH": os.defpath, "TERM": "xterm-256color", "LANG": "C.UTF-8"}


async def _forked(spawner: SeatSpawner) -> tuple[Seat, int]:
    """A seat with no code (it asks for one) on a new terminal: the seat, the master."""
    master, slave = os.openpty()
    try:
        seat = await spawner.spawn(
            ["--socket=/nonexistent/table.sock"], ENVIRONMENT, (slave, slave, slave), True
        )
    finally:
        os.close(slave)
    return seat, master


async def _shows(master: int, words: str) -> str:
    """Read the terminal until its screen shows ``words``; the screen."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    loop = asyncio.get_running_loop()
    while words not in "\n".join(screen.display):
        readable = loop.create_future()
        loop.add_reader(master, readable.set_result, None)
        try:
            await readable
        finally:
            loop.remove_reader(master)
        stream.feed(os.read(master, 65536))
    return "\n".join(screen.display)


async def _plays(spawner: SeatSpawner) -> None:
    """A seat forked, seen asking for its code, hung up on and ended."""
    seat, master = await _forked(spawner)
    await _shows(master, "join code")
    os.close(master)
    await seat.wait()


async def _gone(pid: int) -> None:
    """Until no process ``pid`` runs (a zombie counts as gone)."""
    status = Path(f"/proc/{pid}/status")
    while status.exists():
        try:
            if "State:\tZ" in status.read_text():
                return
        except OSError:
            return
        await asyncio.sleep(0.02)  # (a condition polled, not a fixed pause)


def _descriptors(pid: int) -> set[str]:
    """What a process's descriptors are open on (sockets and pipes, by inode)."""
    links = {os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()}
    return {link for link in links if link.startswith(("socket:", "pipe:"))}


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def test_a_forked_seat_draws_on_its_terminal_and_a_hang_up_ends_it():
    spawner = SeatSpawner()
    try:
        seat, master = await _forked(spawner)
        assert spawner.zygote is not None and _parent(seat.pid) == spawner.zygote.pid
        assert os.readlink(f"/proc/{seat.pid}/cwd") == str(own_folder())
        assert os.getsid(seat.pid) == seat.pid  # (a session of its own: signals reach it all)
        assert "Type your join code" in " ".join((await _shows(master, "join code")).split())
        # The seat keeps none of the zygote's descriptors (its control socket, its pipes).
        assert _descriptors(seat.pid) & _descriptors(spawner.zygote.pid) == set()
        os.close(master)  # the friend's terminal goes
        assert await seat.wait() == -signal.SIGHUP
        assert spawner.seats == {}
    finally:
        spawner.close()


async def test_a_request_the_zygote_cannot_use_is_refused_and_it_goes_on():
    spawner = SeatSpawner()
    try:
        with pytest.raises(OSError, match="env must map names to strings"):
            await spawner.spawn(["--watch"], {"TERM": 5}, (0, 1, 2), False)  # type: ignore[dict-item]
        with pytest.raises(OSError, match="three descriptors"):
            await spawner.spawn(["--watch"], ENVIRONMENT, (0, 1), False)  # type: ignore[arg-type]
        zygote = spawner.zygote
        await _plays(spawner)
        assert spawner.zygote is zygote
    finally:
        spawner.close()


async def test_when_the_zygote_dies_its_seats_end_and_the_next_seat_starts_another():
    spawner = SeatSpawner()
    try:
        seat, master = await _forked(spawner)
        await _shows(master, "join code")
        first = spawner.zygote
        assert first is not None
        first.kill()
        await seat.wait()
        await _gone(seat.pid)
        os.close(master)
        await _plays(spawner)
        assert spawner.zygote is not None and spawner.zygote.pid != first.pid
    finally:
        spawner.close()


async def test_a_host_that_goes_takes_the_zygote_and_its_seats_with_it():
    spawner = SeatSpawner()
    seat, master = await _forked(spawner)
    await _shows(master, "join code")
    zygote = spawner.zygote
    assert zygote is not None and spawner.control is not None
    os.kill(seat.pid, 0)
    control, spawner.control = spawner.control, None
    asyncio.get_running_loop().remove_reader(control.fileno())
    control.close()  # as a host killed with -9 would leave it: the socket closed
    await _gone(seat.pid)
    await asyncio.get_running_loop().run_in_executor(None, zygote.wait)
    assert zygote.returncode == 0
    os.close(master)


def test_a_seat_that_ignores_its_hang_up_is_killed_when_the_zygote_goes(monkeypatch):
    import subprocess
    import sys

    from tui.net import seat_zygote

    stubborn = subprocess.Popen(
        [sys.executable, "-c", "import signal\n"
         "for s in (signal.SIGHUP, signal.SIGTERM): signal.signal(s, signal.SIG_IGN)\n"
         "print('ready', flush=True)\nwhile True: signal.pause()"],
        stdout=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    assert stubborn.stdout is not None and stubborn.stdout.readline() == b"ready\n"
    monkeypatch.setattr(seat_zygote, "LAST_WAIT", 0.0)  # (no time to end by itself)
    seat_zygote._end_all({stubborn.pid})
    assert stubborn.wait() == -signal.SIGKILL


async def test_bytes_the_zygote_cannot_use_are_refused_and_it_keeps_nothing_of_them():
    spawner = SeatSpawner()
    null = os.open("/dev/null", os.O_RDWR)
    try:
        await _plays(spawner)
        assert spawner.zygote is not None
        zygote, kept = spawner.zygote, len(os.listdir(f"/proc/{spawner.zygote.pid}/fd"))
        three = (null, null, null)
        fine = b'{"argv": ["--watch"], "env": {}}'
        for request, fds in (
            (b"\x00\xff\x1b[2J not json", three),
            (b"[" * 5000, three),
            (b'["argv", "env"]', three),
            (b'{"argv": "--watch", "env": {}}', three),
            (b'{"argv": [], "env": {"TERM": ["xterm"]}}', three),
            (b'{"argv": [], "env": {"A": "' + b"b" * 70_000 + b'"}}', three),  # past the limit
            (fine, (null, null, null, null, null)),  # more descriptors than a seat takes
            (fine, (null,)),
            (fine, ()),
        ):
            answer = await spawner.ask(request, fds)
            assert set(answer) == {"error"}, request[:30]
            assert spawner.zygote is zygote and zygote.poll() is None, answer
            assert spawner.seats == {}
        assert len(os.listdir(f"/proc/{zygote.pid}/fd")) == kept
        await _plays(spawner)
        assert spawner.zygote is zygote
    finally:
        os.close(null)
        spawner.close()
