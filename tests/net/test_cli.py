"""``parlour host`` and ``parlour join`` on the command line: a mistake is one line and
nothing starts; a socket already hosting a game is not taken over."""

from __future__ import annotations

import os
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


# --- setup that cannot start is refused before anything is written (issue 28, point 13)


@pytest.fixture
def no_table(monkeypatch) -> list[object]:
    """The apps that would have opened a table (none opens: the tests run headless)."""
    from tui.app import ParlourApp

    opened: list[object] = []
    monkeypatch.setattr(ParlourApp, "run", lambda self: opened.append(self))
    return opened


def _refused(argv: list[str], saves: Path, capsys, line: str) -> None:
    """``argv`` hosted with ``saves``: exit code 2, ``line`` alone on stderr, no save."""
    saves.mkdir(exist_ok=True)
    assert main([*argv, "--saves", str(saves)]) == 2
    assert capsys.readouterr().err == f"parlour: {line}\n"
    assert list(saves.iterdir()) == []


def test_a_bot_in_the_narrators_seat_is_refused_before_the_save(tmp_path, capsys, no_table):
    from tui.setup_form import BOT_NARRATOR

    argv = ["host", "temptress", "--players", "Ann,Bo,Cy,Nat", "--bots", "1"]
    argv += ["--option", "narrator_person=1", "--socket", str(tmp_path / "s")]
    _refused(argv, tmp_path / "saves", capsys, BOT_NARRATOR)
    assert BOT_NARRATOR == (
        "The last seat narrates when Person narrates is 1, and a bot cannot narrate: make the "
        "last seat a person (on the command line, leave out --bots, since bots sit last), or "
        "set Person narrates to 0 to let the island narrate."
    )
    assert no_table == []


def test_a_socket_path_over_the_unix_limit_is_refused_before_the_save(
    tmp_path, capsys, no_table
):
    path = tmp_path / ("x" * 120) / "table.sock"
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--socket", str(path)]
    size = len(os.fsencode(path))
    line = (
        f"the socket path {path} is {size} bytes long, over the 107 a Unix socket allows: "
        "--socket chooses a shorter one"
    )
    _refused(argv, tmp_path / "saves", capsys, line)
    assert not path.parent.exists()
    assert no_table == []


def test_a_refused_here_leaves_no_save(tmp_path, capsys, no_table):
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--here", "Zed"]
    argv += ["--socket", str(tmp_path / "run" / "table.sock")]
    _refused(argv, tmp_path / "saves", capsys, "--here names Zed, who is not at this table")
    assert not (tmp_path / "run").exists()
    assert no_table == []


def test_a_missing_group_is_named_even_where_a_game_is_hosted(tmp_path, capsys, no_table):
    path = tmp_path / "table.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as other:
        other.bind(str(path))
        other.listen()
        argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--socket", str(path)]
        line = "there is no group called 'nosuchgroup'"
        _refused([*argv, "--group", "nosuchgroup"], tmp_path / "saves", capsys, line)
    assert no_table == []


def test_a_socket_folder_writable_by_others_is_refused(tmp_path, capsys, no_table):
    from tui.net.codes import folder_problem

    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1"]
    line = f"{shared} can be changed by other users: --socket chooses another place"
    _refused([*argv, "--socket", str(shared / "table.sock")], tmp_path / "saves", capsys, line)
    assert folder_problem(shared) == line
    assert no_table == []


def test_the_host_makes_its_socket_folder_before_the_table_opens(tmp_path, no_table):
    import stat

    argv = ["host", "island", "--players", "Ann,Bo", "--bots", "1", "--saves", str(tmp_path)]
    assert main([*argv, "--socket", str(tmp_path / "run" / "table.sock")]) == 0
    assert stat.S_IMODE((tmp_path / "run").stat().st_mode) == 0o700
    assert len(no_table) == 1


def test_a_web_port_already_taken_is_refused_before_the_save(tmp_path, capsys, no_table):
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["host", "island", "--players", "Ann,Bo,Cy", "--web", str(port)]
        argv += ["--socket", str(tmp_path / "s")]
        saves = tmp_path / "saves"
        saves.mkdir()
        assert main([*argv, "--saves", str(saves)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"parlour: port {port} cannot be opened (") and err.count("\n") == 1
    assert err.endswith("): choose another\n") and list(saves.iterdir()) == []
    assert no_table == []


def test_the_ssh_and_web_doors_need_two_ports(tmp_path, capsys, no_table):
    """Said whether or not the port is free: the two ports are compared before either is
    tried (the port here is one somebody else holds)."""
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        argv = ["host", "island", "--players", "Ann,Bo,Cy", "--ssh", port, "--web", port]
        argv += ["--socket", str(tmp_path / "s")]
        _refused(argv, tmp_path / "saves", capsys, "--ssh and --web need two different ports")


def test_a_web_address_that_is_no_address_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["host", "island", "--players", "Ann", "--web", "8765",
              "--web-address", "evil.example/\x1b[2J"])  # fmt: skip
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not an IP address or a host name" in err
    assert "\x1b" not in err


def test_a_web_port_taken_on_ipv6_only_is_refused_too():
    from tui.cli_values import port_problem

    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    with socket.socket(socket.AF_INET6) as taken:
        taken.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        try:
            taken.bind(("::", 0))
        except OSError:
            pytest.skip("no IPv6 address to listen on here")
        taken.listen()
        port = taken.getsockname()[1]
        problem = port_problem(port)
    assert problem is not None and problem.startswith(f"port {port} cannot be opened (")
