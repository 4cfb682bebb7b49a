"""``parlour host`` and ``parlour join`` on the command line: a mistake is one line and
nothing starts; a socket already hosting a game is not taken over."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tui.cli import main
from tui.net.cli import hosted_here


def _one_line(capsys, words: str) -> None:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert words in err, err


def test_host_needs_a_game_or_a_save(tmp_path: Path, capsys):
    assert main(["host", "--players", "Ann,Bo", "--socket", str(tmp_path / "s")]) == 2
    _one_line(capsys, "host needs a game (or --resume FILE)")


def test_host_needs_its_players(tmp_path: Path, capsys):
    assert main(["host", "island", "--socket", str(tmp_path / "s")]) == 2
    _one_line(capsys, "host needs --players")


def test_here_names_only_players_at_the_table(tmp_path: Path, capsys):
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--here", "Zed"]
    assert main([*argv, "--saves", str(tmp_path), "--socket", str(tmp_path / "s")]) == 2
    _one_line(capsys, "--here names Zed, who is not at this table")


def test_resume_hosts_the_save_as_it_is(tmp_path: Path, capsys):
    argv = ["host", "island", "--resume", str(tmp_path / "x.json")]
    assert main([*argv, "--socket", str(tmp_path / "s")]) == 2
    _one_line(capsys, "--resume hosts the saved game as it is")


def test_an_unknown_group_is_refused(tmp_path: Path, capsys):
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--group", "no-such-group"]
    assert main([*argv, "--socket", str(tmp_path / "s")]) == 2
    _one_line(capsys, "there is no group called 'no-such-group'")


def test_a_port_below_1024_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["host", "island", "--players", "Ann", "--ssh", "22"])
    assert exit_info.value.code == 2
    _one_line(capsys, "'22' is not a port number from 1024 to 65535")


def test_a_socket_already_hosting_a_game_is_not_taken_over(tmp_path: Path, capsys):
    path = tmp_path / "table.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as other:
        other.bind(str(path))
        other.listen()
        assert hosted_here(path)
        argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1"]
        assert main([*argv, "--socket", str(path)]) == 2
    _one_line(capsys, f"a game is already hosted at {path}")
    assert not hosted_here(tmp_path / "nothing.sock")


def test_a_socket_folder_that_is_no_folder_of_ours_is_refused(tmp_path: Path, capsys):
    import os

    from tui.net.codes import folder_problem

    (tmp_path / "file").write_text("")
    os.symlink(tmp_path, tmp_path / "link")
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1"]
    assert main([*argv, "--socket", str(tmp_path / "file" / "table.sock")]) == 2
    _one_line(capsys, f"{tmp_path / 'file'} is not a folder")
    assert folder_problem(tmp_path / "link") == f"{tmp_path / 'link'} is not a folder"
    assert folder_problem(tmp_path) is None
    assert folder_problem(tmp_path / "not-yet") is None
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, os.getuid() + 4242, -1)  # (made first by someone else)
    assert folder_problem(theirs) == (
        f"{theirs} belongs to another user: --socket chooses another place"
    )
