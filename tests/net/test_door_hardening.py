"""The SSH door, hardened: what a friend (or a stranger) at the door can and cannot do.

* The door's child runs nothing of the host's working folder or environment.
* A wrong code is answered with a new question that says why, paced per address,
  and the third refusal closes the connection.
* The table's watch code opens a watching terminal that shows the public table only.
* A session without a terminal, or with one Parlour cannot draw on, is refused with
  a sentence before any child starts.
* When a child ends (even killed), the friend's terminal is given back; when the
  host closes, each child ends by itself first and the door hangs up only on those
  that do not.
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import asyncssh
import pytest

from tests.door_helpers import ANN, Friend, all_gone, connect, connect_as, door, open_screen
from tests.net_helpers import WireClient, spied_spawns
from tests.screen_sweep import scan
from tests.tui_helpers import make_app
from tui.net import door as door_module
from tui.net.door_seat import own_folder

TEARDOWN = (
    b"\x1b[?2026l\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    b"\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[?25h"
)
WRONG = "That code opens no seat at this table. Check it with the host."
ASKED = "Type the join code the host gave you (or the table's watch code, to watch)."


def _plant(folder: Path, marker: Path) -> None:
    """A ``tui`` package in ``folder`` that leaves ``marker`` when it is imported."""
    package = folder / "tui"
    (package / "net").mkdir(parents=True)
    planted = f"open({str(marker)!r}, 'w').write('ran')\n"
    (package / "__init__.py").write_text(planted)
    (package / "net" / "__init__.py").write_text(planted)


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode().partition("=") for item in raw.split(b"\0") if item)
    return {name: value for name, _, value in pairs}


@pytest.mark.long
async def test_the_child_runs_nothing_of_the_working_folder_or_the_callers_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    planted, marker = tmp_path / "planted", tmp_path / "marker"
    _plant(planted, marker)
    monkeypatch.chdir(planted)
    monkeypatch.setenv("PYTHONPATH", str(planted))
    monkeypatch.setenv("HOST_SECRET", "the host's own")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await door(pilot, tmp_path)
        asked = spied_spawns(host.door.spawner, monkeypatch)
        host.begin()
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection)
            await screen.shows("Ann, for your eyes only")
            child = next(iter(host.door.sessions)).child
            assert child is not None
            # The seat is forked from the zygote: what /proc shows of its start is the
            # zygote's (its command line, its environment), and that is isolated too.
            started = _environment(child.pid)
            cwd = os.readlink(f"/proc/{child.pid}/cwd")
            command = Path(f"/proc/{child.pid}/cmdline").read_bytes().split(b"\0")
        await all_gone(host, pilot)
    assert not marker.exists()
    assert command[1:4] == [b"-I", b"-m", b"tui.net.seat_zygote"]
    assert cwd == str(own_folder())
    ((arguments, environment),) = asked
    assert arguments == [f"--socket={host.path}"]
    for seen in (started, environment):
        assert seen["PATH"] == os.defpath
        assert seen["LANG"] == seen["LC_ALL"] == "C.UTF-8"
        assert seen["HOME"] == str(own_folder())
        assert "PYTHONPATH" not in seen and "HOST_SECRET" not in seen
        assert set(seen) <= {
            "PATH", "HOME", "LANG", "LC_ALL", "TERM", "PARLOUR_JOIN_CODE",
            "XDG_RUNTIME_DIR", "XDG_DATA_HOME",
        }  # fmt: skip
    assert environment["TERM"] == "xterm-256color"
    assert environment["PARLOUR_JOIN_CODE"] == host.codes[ANN]
    assert "PARLOUR_JOIN_CODE" not in started  # (the code never reached the zygote's start)


async def test_a_wrong_code_is_asked_again_with_why_and_the_right_one_gets_in(
    tmp_path: Path,
):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        waits: list[float] = []
        said: list[str] = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        host.pacing.sleep = sleep
        host.log = said.append
        connection, friend = await connect(host.door.port, "ZZZZZZ", host.codes[ANN])
        async with connection:
            assert friend.instructions == [ASKED, WRONG]
        assert waits == [1.0]
        assert said == ["a wrong join code was tried (1 in a row from ssh 127.0.0.1)"]
        assert host.pacing.wrong == {}  # the right code forgave the address its typo


async def test_three_wrong_codes_close_the_connection_with_the_reason(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        waits: list[float] = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        host.pacing.sleep = sleep
        stranger = Friend("ZZZZZZ")
        with pytest.raises(asyncssh.PermissionDenied) as refused:
            await connect_as(host.door.port, stranger)
        assert refused.value.reason == WRONG
        assert stranger.instructions == [ASKED, WRONG, WRONG]
        assert waits == [1.0, 2.0, 4.0]
        assert host.door.sessions == set()


@pytest.mark.long
async def test_the_watch_code_opens_a_terminal_that_shows_the_public_table_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await door(pilot, tmp_path)
        asked = spied_spawns(host.door.spawner, monkeypatch)
        host.begin()
        ann = WireClient(host.path)
        await ann.join(host.codes[ANN])
        connection, _ = await connect(host.door.port, host.seating.watch_code.lower())
        async with connection:
            _, screen = await open_screen(connection)
            session = host.table.session
            await screen.shows("Temptation Island · Turn 1")
            await screen.shows("Tiles in stock")  # the public table, as the host shows it
            assert [c.seat for c in host.clients] == [ANN, None]  # a watcher, no seat
            child = next(iter(host.door.sessions)).child
            assert child is not None
            assert asked == [([f"--socket={host.path}", "--watch"], asked[0][1])]
            text = screen.received.decode("utf-8", "replace")
            assert scan(session, text, None).hits == []
            assert "for your eyes only" not in screen.text()
            assert host.seating.watch_code not in text
        ann.close()
        await all_gone(host, pilot)


@pytest.mark.parametrize(
    "term",
    [
        "xterm-256color", "xterm", "xterm-kitty", "screen.xterm-256color", "tmux-256color",
        "rxvt-unicode-256color", "linux", "alacritty", "foot", "wezterm", "st-256color",
        "putty-256color", "konsole", "gnome-256color", "vte-256color", "iterm2", "contour",
        "ms-terminal", "XTERM-256COLOR",
    ],
)  # fmt: skip
def test_the_terminal_families_parlour_draws_on_are_let_in(term: str):
    assert door_module.terminal_refusal(True, term) == ""


@pytest.mark.parametrize(
    "term", ["dumb", "vt100", "ansi", "xtermish", "sterm", "emacs", "", "xterm 256color"]
)
def test_other_terminals_are_refused_by_name(term: str):
    assert door_module.terminal_refusal(True, term) == (
        f"Parlour cannot draw on this terminal (TERM={term}): connect from a terminal such "
        "as xterm, tmux, kitty or PuTTY, or with TERM=xterm-256color."
    )


async def test_a_session_without_a_terminal_is_refused_before_any_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    started: list[object] = []
    monkeypatch.setattr(door_module, "child_arguments", lambda *args: started.append(args))
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection, term=None)
            assert await screen.ends() == 1
        assert screen.received == (
            b"Parlour needs a terminal: connect with ssh -t (and without -T).\r\n"
        )
        assert started == []
        assert host.door.sessions == set()


@pytest.mark.parametrize(
    ("term", "named"), [("dumb", "dumb"), ("evil\x1b]0;owned\x07", "evil\\u001b]0;owned\\u0007")]
)
async def test_a_terminal_parlour_cannot_draw_on_is_refused_before_any_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, term: str, named: str
):
    started: list[object] = []
    monkeypatch.setattr(door_module, "child_arguments", lambda *args: started.append(args))
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection, term=term)
            assert await screen.ends() == 1
        refusal = (
            f"Parlour cannot draw on this terminal (TERM={named}): connect from a terminal "
            "such as xterm, tmux, kitty or PuTTY, or with TERM=xterm-256color.\r\n"
        )
        assert screen.received == refusal.encode()
        assert started == []


@pytest.mark.long
async def test_a_killed_child_still_gives_the_friend_their_terminal_back(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await door(pilot, tmp_path)
        host.begin()
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection)
            await screen.shows("Ann, for your eyes only")
            child = next(iter(host.door.sessions)).child
            assert child is not None
            os.kill(child.pid, signal.SIGKILL)
            assert await screen.ends() == 128 + signal.SIGKILL
        assert screen.received.endswith(TEARDOWN)
        drawn = screen.received[: -len(TEARDOWN)]
        assert drawn.rfind(b"\x1b[?1049h") > drawn.rfind(b"\x1b[?1049l")  # left on it
        await all_gone(host, pilot)


@pytest.mark.long
async def test_the_host_closing_lets_each_child_end_by_itself_then_restores(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await door(pilot, tmp_path)
        host.begin()
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection)
            await screen.shows("Ann, for your eyes only")
            session = next(iter(host.door.sessions))
            host.close()  # (the goodbye to every joined terminal)
            closing = asyncio.ensure_future(host.door.close_gracefully(patience=60.0))
            assert await screen.ends() == 0
            await closing
        assert not session.hung_up  # the child ended by itself
        assert screen.received.endswith(TEARDOWN)
        own_restore = screen.received.rfind(b"\x1b[?1049l", 0, -len(TEARDOWN))
        last_frame = screen.received.rfind(b"\x1b[?1049h")
        assert last_frame < own_restore
        goodbye = screen.received[own_restore : -len(TEARDOWN)]
        assert b"The host has ended the game." in goodbye  # its one line, on the main screen


@pytest.mark.long
async def test_the_host_hangs_up_on_a_child_that_outlasts_its_patience(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        host = await door(pilot, tmp_path)
        host.begin()
        connection, _ = await connect(host.door.port, host.codes[ANN])
        async with connection:
            _, screen = await open_screen(connection)
            await screen.shows("Ann, for your eyes only")
            session = next(iter(host.door.sessions))
            await host.door.close_gracefully(patience=0.0)  # (no goodbye: it would not end)
            assert session.hung_up
            assert session.ended.is_set()
            await screen.ends()
        assert screen.received.endswith(TEARDOWN)  # the friend's terminal given back, either way
        assert host.door.sessions == set()


async def test_the_door_takes_only_so_many_connections_knocking_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(door_module, "KNOCKING", 1)
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        host = await door(pilot, tmp_path)
        port = host.door.port
        silent_reader, silent = await asyncio.open_connection("127.0.0.1", port)
        while not host.door.knocking:  # (it says nothing: it only holds a place)
            await asyncio.sleep(0)
        with pytest.raises((asyncssh.ConnectionLost, asyncssh.DisconnectError, OSError)):
            await connect(port, host.codes[ANN])
        silent.close()
        while host.door.knocking:
            await asyncio.sleep(0)
        connection, _ = await connect(port, host.codes[ANN])
        assert host.door.knocking == set()  # (let in: no longer knocking)
        connection.close()
        await all_gone(host, pilot)
