"""The data folder is trusted only when it is the user's own (issue 28, point 5).

The crash log, the host's log and the SSH door's key live in the user's own data folder
whatever ``--saves`` says, are never opened through a link, and are refused when someone
else owns them or may change them; a saves folder others may change is refused with
one line unless ``--shared-saves`` says so. Another user is simulated with ``os.chown``
to a uid nobody has (the tests run as root)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.app import ParlourApp
from tui.cli import main
from tui.crash_log import write_crash_log
from tui.net import door
from tui.net.hosting import host_log
from tui.persistence.folders import user_data_folder
from tui.private_files import NotPrivate

OTHER = os.getuid() + 4242
PRECIOUS = "a file of the user's own, which no log may overwrite\n"
NEW_GAME = ["new", "island", "--players", "Ann,Bo", "--bots", "1"]


@pytest.fixture
def no_table(monkeypatch) -> list[ParlourApp]:
    """The apps that would have opened a table (none opens: the test runs headless)."""
    opened: list[ParlourApp] = []
    monkeypatch.setattr(ParlourApp, "run", lambda self: opened.append(self))
    return opened


def _planted_link(folder: Path, name: str) -> Path:
    """A link called ``name`` in ``folder`` to another of the user's files."""
    folder.mkdir(mode=0o700, exist_ok=True)
    target = folder.parent / "precious.txt"
    target.write_text(PRECIOUS)
    os.symlink(target, folder / name)
    return target


def test_a_planted_link_named_crash_log_is_not_followed(tmp_path: Path):
    target = _planted_link(tmp_path / "data", "crash.log")
    assert write_crash_log(tmp_path / "data", RuntimeError("boom")) is None
    assert target.read_text() == PRECIOUS
    assert (tmp_path / "data" / "crash.log").is_symlink()


def test_a_planted_link_named_host_log_is_not_followed(tmp_path: Path):
    target = _planted_link(tmp_path / "data", "host.log")
    host_log(tmp_path / "data")("a wrong join code was tried (1 so far)")
    assert target.read_text() == PRECIOUS
    assert (tmp_path / "data" / "host.log").is_symlink()


def test_a_log_in_a_folder_of_another_user_is_not_written(tmp_path: Path):
    (tmp_path / "data").mkdir()
    os.chown(tmp_path / "data", OTHER, -1)
    host_log(tmp_path / "data")("a wrong join code was tried (1 so far)")
    assert write_crash_log(tmp_path / "data", RuntimeError("boom")) is None
    assert list((tmp_path / "data").iterdir()) == []


def test_the_data_folder_is_made_for_the_user_alone(tmp_path: Path):
    folder = tmp_path / "home" / "parlour"
    assert write_crash_log(folder, RuntimeError("boom")) == folder / "crash.log"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "crash.log").stat().st_mode) == 0o600


@pytest.mark.parametrize(
    ("spoil", "sentence"),
    [
        (lambda key: os.chown(key, OTHER, -1), "{0} belongs to another user"),
        (lambda key: os.chmod(key, 0o666), "{0} can be changed by other users"),
    ],
)
def test_a_host_key_someone_else_could_have_planted_is_refused(tmp_path: Path, spoil, sentence):
    folder = tmp_path / "data"
    door.host_key(folder)  # made once, the user's own
    key = folder / door.KEY_NAME
    spoil(key)
    with pytest.raises(NotPrivate) as refused:
        door.host_key(folder)
    assert str(refused.value) == sentence.format(key) + ", so Parlour does not open it."


def test_a_host_key_that_is_a_link_is_refused(tmp_path: Path):
    door.host_key(tmp_path / "elsewhere")
    (tmp_path / "data").mkdir(mode=0o700)
    key = tmp_path / "data" / door.KEY_NAME
    os.symlink(tmp_path / "elsewhere" / door.KEY_NAME, key)
    with pytest.raises(NotPrivate) as refused:
        door.host_key(tmp_path / "data")
    assert str(refused.value) == f"{key} is a link, so Parlour does not open it."


def test_logs_and_the_key_stay_in_the_users_own_folder_whatever_saves_says(
    tmp_path: Path, monkeypatch, no_table
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main([*NEW_GAME, "--saves", str(tmp_path / "shared" / "saves")]) == 0
    assert no_table[0].data_dir == tmp_path / "data" / "parlour" == user_data_folder()
    assert ParlourApp(tmp_path / "saves").data_dir == user_data_folder()


def test_saves_in_a_folder_anyone_may_change_are_refused(tmp_path: Path, capsys, no_table):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    os.chmod(shared, 0o777)
    for command in (NEW_GAME, ["host", *NEW_GAME[1:], "--socket", str(tmp_path / "s")]):
        assert main([*command, "--saves", str(shared)]) == 2
        assert capsys.readouterr().err == (
            f"parlour: {shared} can be changed by other users, so games are not saved there: "
            "choose a folder of your own with --saves, or say --shared-saves to save there "
            "all the same\n"
        )
    assert list(shared.iterdir()) == []
    assert no_table == []


def test_shared_saves_saves_there_all_the_same(tmp_path: Path, no_table):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    assert main([*NEW_GAME, "--saves", str(shared), "--shared-saves"]) == 0
    assert len(no_table) == 1
    assert len(list(shared.iterdir())) == 1


def test_a_planted_saves_folder_of_another_user_is_refused(
    tmp_path: Path, monkeypatch, capsys, no_table
):
    planted = tmp_path / "saves"
    planted.mkdir()
    os.chown(planted, OTHER, -1)
    monkeypatch.chdir(tmp_path)
    assert main(NEW_GAME) == 2
    assert capsys.readouterr().err == (
        f"parlour: {planted} belongs to another user, so games are not saved there: "
        "choose a folder of your own with --saves, or say --shared-saves to save there "
        "all the same\n"
    )
    assert list(planted.iterdir()) == []
    assert main([]) == 2  # the lobby does not open on it either
    assert no_table == []
