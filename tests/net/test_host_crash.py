"""A crash costs nobody a code: the real ``parlour host`` in a pty, a friend joined
over its socket, the host killed with SIGKILL, then ``parlour host --resume FILE``:
the friend's rejoin code takes the seat again, the seat is still claimed (its join
code opens nothing), and a seat nobody had joined keeps its join code."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.net_helpers import WireClient
from tests.pty_support import Terminal
from tui.net import wire
from tui.net.seating import CLAIMED

STEPS = 400
"""Reads of the terminal at most while waiting for the host (each waits for output)."""


def _until_listening(term: Terminal, socket: Path) -> None:
    for _ in range(STEPS):
        if socket.exists() and "Hosting" in term.text():
            return
        term.pump(0.5)
    raise AssertionError(term.text())


def _host_island(tmp_path: Path) -> tuple[list[str], dict[str, str], Path, Path]:
    """``parlour host`` of an Island for three people, all joined: its arguments, its
    environment (the data and runtime folders in ``tmp_path``), its socket and saves."""
    data, saves, run = tmp_path / "data", tmp_path / "saves", tmp_path / "run"
    saves.mkdir(mode=0o700)
    env = {"XDG_DATA_HOME": str(data), "XDG_RUNTIME_DIR": str(run)}
    argv = ["host", "island", "--players", "Ann,Bo,Cy", "--saves", str(saves)]
    return argv, env, run / "parlour" / "table.sock", saves


def _kept_codes(env: dict[str, str]) -> dict[str, str]:
    """The join codes the host kept in its data folder (the test reads them there)."""
    hosted = Path(env["XDG_DATA_HOME"]) / "parlour" / "hosted"
    codes: dict[str, str] = json.loads(next(hosted.glob("*.json")).read_text())["codes"]
    return codes


def _join(socket: Path, code: str) -> wire.Message | None:
    async def join() -> wire.Message | None:
        client = WireClient(socket)
        answer = await client.join(code)
        client.close()
        return answer

    return asyncio.run(join())


@pytest.mark.long
def test_a_host_killed_and_resumed_takes_the_same_codes(tmp_path: Path):
    argv, env, socket, saves = _host_island(tmp_path)
    with Terminal(argv, cwd=tmp_path, env=env) as host:
        _until_listening(host, socket)
        codes = _kept_codes(env)
        ann_code, bo_code = codes["0"], codes["1"]
        first = _join(socket, ann_code)
        assert isinstance(first, wire.Welcome) and first.seat == 0
        host.kill()
    (save,) = saves.glob("island-*.json")
    with Terminal(["host", "--resume", str(save), "--saves", str(saves)], cwd=tmp_path,
                  env=env) as again:
        _until_listening(again, socket)
        back = _join(socket, first.rejoin)
        assert isinstance(back, wire.Welcome) and back.seat == 0
        assert back.rejoin == first.rejoin
        assert _join(socket, ann_code) == wire.Refused(CLAIMED)
        bo = _join(socket, bo_code)
        assert isinstance(bo, wire.Welcome) and bo.seat == 1


def _told_on_leaving(socket: Path, code: str, end) -> str | None:
    """Join with ``code``, call ``end()``, and read until the host lets the terminal go:
    the reason it gave (None: dropped without one)."""

    async def watch() -> str | None:
        client = WireClient(socket)
        await client.join(code)
        end()
        while client.ended is None:
            await client.receive()
        return client.ended

    return asyncio.run(watch())


@pytest.mark.long
def test_a_host_sent_sigterm_tells_every_joined_terminal_and_names_its_save(tmp_path: Path):
    import signal

    from tui.net.host import HOST_LEFT

    argv, env, socket, saves = _host_island(tmp_path)
    with Terminal(argv, cwd=tmp_path, env=env) as host:
        _until_listening(host, socket)
        terminate = lambda: host.process.send_signal(signal.SIGTERM)  # noqa: E731
        said = _told_on_leaving(socket, _kept_codes(env)["0"], terminate)
        assert said == HOST_LEFT
        assert host.exit_status() == 0
        for _ in range(STEPS):
            if not host.pump(0.5):
                break
        (save,) = saves.glob("island-*.json")
        assert f"--resume {save}" in bytes(host.raw).decode("utf-8", "replace")
