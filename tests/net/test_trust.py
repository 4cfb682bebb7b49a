"""``parlour join`` says a code only to the host it expects, and the host's socket lives
in a folder nobody else can make first (issue 28, point 4).

Another user is simulated with ``os.chown`` to a uid nobody has (the tests run as root),
as ``tests/net/test_cli.py`` does."""

from __future__ import annotations

import asyncio
import grp
import os
import socket
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import Label

from rules import registry
from tests.net_helpers import until
from tests.tui_helpers import press, settle
from tui.cli import main
from tui.net.codes import (
    SOCKET_NAME,
    SocketFolderRefused,
    default_socket,
    make_socket_folder,
    runtime_folder,
)
from tui.net.host import Host
from tui.net.join_app import JoinApp
from tui.net.remote import Connection
from tui.net.trust import HostNotTrusted, peer_problem, user_name

OTHER = os.getuid() + 4242
"""A user who is not the one running the tests (nor the host they expect)."""
ME = user_name(os.getuid())
THEM = user_name(OTHER)


def _listening(folder: Path) -> socket.socket:
    """A fake host: a socket listening in ``folder`` (made first)."""
    folder.mkdir(exist_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(folder / SOCKET_NAME))
    listener.listen()
    listener.setblocking(False)
    return listener


def _nobody_connected(listener: socket.socket) -> bool:
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return True
    return False


async def test_a_fake_host_in_a_folder_of_another_user_gets_no_code(tmp_path: Path):
    folder = tmp_path / "parlour"
    with _listening(folder) as listener:
        os.chown(folder, OTHER, -1)  # (another user made the folder first)
        with pytest.raises(HostNotTrusted) as refused:
            await Connection.open(folder / SOCKET_NAME)
        assert str(refused.value) == (
            f"{folder} belongs to {THEM}, not to {ME}, so no code was sent "
            "(--host-user names the host's account)."
        )
        assert _nobody_connected(listener)


async def test_a_socket_folder_anyone_may_change_is_refused(tmp_path: Path):
    folder = tmp_path / "parlour"
    with _listening(folder) as listener:
        os.chmod(folder, 0o777)
        with pytest.raises(HostNotTrusted) as refused:
            await Connection.open(folder / SOCKET_NAME)
        assert str(refused.value) == (
            f"{folder} can be changed by users other than {ME}, so no code was sent."
        )
        assert _nobody_connected(listener)


async def test_a_group_may_enter_the_hosts_folder_but_not_write_to_it(tmp_path: Path):
    folder = tmp_path / "parlour"
    with _listening(folder) as listener:
        os.chmod(folder, 0o770)
        with pytest.raises(HostNotTrusted):
            await Connection.open(folder / SOCKET_NAME)
        assert _nobody_connected(listener)
        os.chmod(folder, 0o710)
        connection = await Connection.open(folder / SOCKET_NAME)
        connection.close()


async def test_a_socket_of_another_user_in_the_hosts_folder_is_refused(tmp_path: Path):
    folder = tmp_path / "parlour"
    with _listening(folder) as listener:
        os.chown(folder / SOCKET_NAME, OTHER, -1)
        with pytest.raises(HostNotTrusted) as refused:
            await Connection.open(folder / SOCKET_NAME)
        assert str(refused.value) == (
            f"{folder / SOCKET_NAME} belongs to {THEM}, not to {ME}, so no code was sent "
            "(--host-user names the host's account)."
        )
        assert _nobody_connected(listener)


def test_a_peer_running_as_another_user_is_refused(tmp_path: Path):
    path = tmp_path / SOCKET_NAME
    ours, theirs = socket.socketpair(socket.AF_UNIX)
    with ours, theirs:
        assert peer_problem(ours, path, os.getuid()) is None
        assert peer_problem(ours, path, OTHER) == (
            f"The program at {path} runs as {ME}, not as {THEM}, so no code was sent "
            "(--host-user names the host's account)."
        )


async def test_a_fake_host_that_runs_as_another_user_receives_zero_bytes(tmp_path: Path):
    """The folder and the socket say the host is OTHER's, but the program listening runs
    as this user: the join screen says so, and the code never leaves."""
    folder = tmp_path / "parlour"
    folder.mkdir()
    received: list[bytes] = []
    ended = asyncio.Event()

    async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        received.append(await reader.read())  # everything, until the joiner hangs up
        writer.close()
        ended.set()

    path = folder / SOCKET_NAME
    server = await asyncio.start_unix_server(fake_host, path=str(path))
    os.chown(folder, OTHER, -1)
    os.chown(path, OTHER, -1)
    async with server:
        app = JoinApp(path, host_uid=OTHER)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, *"ABCDEF", "enter")
            await until(ended.is_set, pilot)
            await settle(pilot)
            said = app.screen.query_one("#join-said", Label)
            assert str(said.render()) == (
                f"The program at {path} runs as {ME}, not as {THEM}, so no code was sent "
                "(--host-user names the host's account)."
            )
    assert received == [b""]


def test_join_asks_a_host_in_another_account_by_its_name(monkeypatch, capsys):
    built: list[JoinApp] = []
    monkeypatch.setattr(JoinApp, "run", lambda self: built.append(self))
    assert main(["join", "--host-user", ME]) == 0
    assert built[0].host_uid == os.getuid()
    assert built[0].socket == Path("/tmp") / f"parlour-{os.getuid()}" / SOCKET_NAME
    assert main(["join", "--host-user", "no-such-user"]) == 2
    assert capsys.readouterr().err == "parlour: there is no user called 'no-such-user'\n"


def test_the_default_socket_is_not_in_tmp_without_a_runtime_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", "/home/ann")
    assert default_socket() == Path("/home/ann/.local/share/parlour/run") / SOCKET_NAME
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_socket() == tmp_path / "data" / "parlour" / "run" / SOCKET_NAME
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/1000")
    assert default_socket() == Path("/run/user/1000/parlour") / SOCKET_NAME
    assert runtime_folder(shared=True) == Path("/tmp") / f"parlour-{os.getuid()}"


def _host(path: Path, group: str | None = None) -> Host:
    table = SimpleNamespace(game=registry.get("island"), watchers=[])
    return Host(table, {}, path, group=group)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spoil", "sentence"),
    [
        (lambda f: os.chmod(f, 0o777), "{0} can be changed by other users"),
        (lambda f: os.chown(f, OTHER, -1), "{0} belongs to another user"),
    ],
)
async def test_the_host_checks_its_folder_after_making_it(tmp_path: Path, spoil, sentence):
    folder = tmp_path / "parlour"
    folder.mkdir()
    spoil(folder)  # (made first, by someone else or open to all)
    with pytest.raises(SocketFolderRefused) as refused:
        await _host(folder / SOCKET_NAME).start()
    expected = sentence.format(folder) + ": --socket chooses another place"
    assert str(refused.value) == expected
    assert list(folder.iterdir()) == []


async def test_the_host_listens_in_a_folder_only_it_may_enter(tmp_path: Path):
    host = _host(tmp_path / "run" / "parlour" / SOCKET_NAME)
    await host.start()
    try:
        folder = tmp_path / "run" / "parlour"
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE((tmp_path / "run").stat().st_mode) == 0o700
    finally:
        host.close()


def test_a_link_in_place_of_the_socket_folder_is_refused(tmp_path: Path):
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "parlour")
    with pytest.raises(SocketFolderRefused) as refused:
        make_socket_folder(tmp_path / "parlour")
    assert str(refused.value) == f"{tmp_path / 'parlour'} is not a folder"


def test_a_group_folder_lets_the_group_in_and_nobody_write(tmp_path: Path):
    group = grp.getgrgid(os.getgid()).gr_name
    make_socket_folder(tmp_path / "parlour", group)
    found = (tmp_path / "parlour").stat()
    assert (stat.S_IMODE(found.st_mode), found.st_gid) == (0o710, os.getgid())
    with pytest.raises(SocketFolderRefused) as refused:
        make_socket_folder(tmp_path / "other", "no-such-group")
    assert str(refused.value) == "there is no group called 'no-such-group'"
