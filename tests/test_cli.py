"""The parlour command: simulate, check, rules, new's messages, --help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import registry, saves
from rules.session import BOT, SeatPlan, Session
from rules.simulate import play_out
from tui.cli import main


def test_simulate_reports_json_with_no_errors(capsys):
    assert main(["simulate", "island", "--games", "40", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 40
    assert report["errors"] == 0
    assert report["finished"] + report["unfinished"] == 40
    assert sum(s["losses"] for s in report["seats"]) == report["finished"]
    assert sum(s["wins"] for s in report["seats"]) == 2 * report["finished"]
    assert report["turns_min"] <= report["turns_mean"] <= report["turns_max"]


def test_simulate_is_reproducible_from_its_seed(capsys):
    main(["simulate", "island", "--games", "10", "--seed", "5", "--json"])
    first = capsys.readouterr().out
    main(["simulate", "island", "--games", "10", "--seed", "5", "--json"])
    assert capsys.readouterr().out == first


def _save(folder: Path) -> Path:
    game = registry.get("island")
    config = game.make_config(("Ann", "Bo", "Cleo"), {}, game.default_pack())
    session = Session.start(game, config, 3, tuple(SeatPlan(n, BOT) for n in config.names))
    session = play_out(session, 6)
    path = folder / "game.json"
    saves.write(session, path)
    return path


def test_check_accepts_a_sound_save(tmp_path: Path, capsys):
    path = _save(tmp_path)
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: Temptation Island, Ann, Bo, Cleo, turn ")


def test_check_refuses_a_truncated_save_with_one_line(tmp_path: Path, capsys):
    path = _save(tmp_path)
    path.write_bytes(path.read_bytes()[:500])
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "damaged or cut short" in err


def test_rules_prints_the_island_rules(capsys):
    assert main(["rules", "island"]) == 0
    assert "# Temptation Island" in capsys.readouterr().out


def test_new_with_too_few_players_says_why(capsys):
    assert main(["new", "island", "--players", "Ann", "--bots", "1"]) == 2
    assert "needs exactly 3 players; there are 2" in capsys.readouterr().err


def test_new_with_an_unknown_option_says_why(capsys):
    assert main(["new", "island", "--players", "Ann,Bo", "--bots", "1", "--option", "x=1"]) == 2
    assert "has no option 'x'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["new", "resume", "demo", "simulate", "check", "rules"])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    assert f"usage: parlour {command}" in capsys.readouterr().out
