"""The parlour command: simulate, check, rules, new's messages, --help; --pack and
--option where they apply and refused where they do not."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rules import registry
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config, bot_table, play_out, simulate, table_problem
from tests import v2_saves
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
    v2_saves.write(session, path)
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


@pytest.mark.parametrize(
    "command", ["new", "resume", "demo", "simulate", "check", "rules", "host", "join"]
)
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    assert f"usage: parlour {command}" in capsys.readouterr().out


# --- what simulate, check and rules do with --pack and --option (issue 12, part 5) ----


def _island_pack(folder: Path, nouns: list[str]) -> Path:
    adjectives = ", ".join(f'"Adjective {i}"' for i in range(10))
    path = folder / "mine.toml"
    path.write_text(
        'name = "Tiny"\ndescription = "A pack for tests."\n'
        f"adjectives = [{adjectives}]\nnouns = [{', '.join(f'{n!r}' for n in nouns)}]\n"
    )
    return path


NOUNS = [f"Noun {i}" for i in range(40)]


def test_simulate_plays_with_the_pack_it_is_given_and_names_it(tmp_path: Path, capsys):
    path = _island_pack(tmp_path, NOUNS)
    assert main(["simulate", "island", "--games", "3", "--pack", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("island: 3 games from seed 1, with the pack 'Tiny'\n")
    assert "errors 0" in out


def test_the_bots_deal_from_the_pack_they_are_given(tmp_path: Path):
    game = registry.get("island")
    pack = game.load_pack(str(_island_pack(tmp_path, NOUNS)))
    seats = bot_table(game)
    session = Session.start(game, bot_config(game, seats, pack=pack), 1, seats)
    assert set(sum(session.state.hands, ())) <= set(NOUNS)
    assert simulate(game, 2, 1, pack=pack).pack == "Tiny"
    assert simulate(game, 2, 1).pack == ""


def test_simulate_refuses_a_broken_pack_with_its_one_line_and_exit_code_2(tmp_path, capsys):
    path = _island_pack(tmp_path, NOUNS[:3])
    assert main(["simulate", "island", "--pack", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"parlour: Card pack refused: {path}: nouns: needs at least 20 cards, found 3\n"


@pytest.mark.parametrize(
    "command", [["simulate", "island"], ["new", "island", "--players", "A,B,C"]]
)
def test_a_pack_that_is_a_pipe_is_refused_at_once(command, tmp_path: Path, capsys):
    fifo = tmp_path / "pack.toml"
    os.mkfifo(fifo)  # were it opened as a file, this test would hang
    assert main([*command, "--pack", str(fifo), "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"parlour: Card pack refused: {fifo}: not a regular file (a pack must be a .toml file)\n"
    )


def test_simulate_refuses_an_empty_pack_name(capsys):
    assert main(["simulate", "island", "--pack", " "]) == 2
    assert capsys.readouterr().err == "parlour: --pack needs the name of a pack file\n"


@pytest.mark.parametrize(
    ("game", "options", "sentence"),
    [
        (
            "lantern",
            ["words_min=200", "words_max=100"],
            "The word guideline must run from a smaller to a larger number.",
        ),
        (
            "temptress",
            ["narrator_person=1", "oldest=5"],
            "The oldest suitor must be one of the suitors.",
        ),
    ],
    ids=["fewest words over most", "oldest suitor past the suitors"],
)
def test_simulate_refuses_options_impossible_together_before_playing(
    game, options, sentence, capsys, monkeypatch
):
    monkeypatch.setattr("rules.simulate.simulate", lambda *a, **k: pytest.fail("played"))
    argv = ["simulate", game]
    for option in options:
        argv += ["--option", option]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"parlour: {sentence}\n")


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_seats_its_bots_with_its_default_options(game_id):
    assert table_problem(registry.get(game_id)) == ""


@pytest.mark.parametrize("value", ["²", "١٩"])
def test_simulate_refuses_an_option_not_in_plain_digits_with_one_line(value, capsys):
    assert main(["simulate", "island", "--option", f"tiles={value}"]) == 2
    assert (
        capsys.readouterr().err
        == "parlour: Tiles in the game must be a whole number from 7 to 61\n"
    )


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ["check", "game.json", "--pack", "mine.toml"],
            "check takes no --pack: a save carries its own cards",
        ),
        (
            ["--pack", "mine.toml", "check", "game.json"],
            "check takes no --pack: a save carries its own cards",
        ),
        (
            ["rules", "island", "--pack", "mine.toml"],
            "rules takes no --pack: the rules are the same whatever the cards",
        ),
    ],
    ids=["check", "check, --pack first", "rules"],
)
def test_check_and_rules_refuse_a_pack_instead_of_ignoring_it(argv, sentence, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"parlour: {sentence}\n")


def test_a_demo_refuses_a_pack_that_does_not_fit_its_game(tmp_path: Path, capsys):
    path = _island_pack(tmp_path, NOUNS[:3])
    assert main(["demo", "island", "--pack", str(path), "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"parlour: Card pack refused: {path}: nouns: needs at least 20 cards, found 3\n"
    )


def test_a_demo_deals_from_the_pack_it_is_given(tmp_path: Path, monkeypatch):
    from tests.tui_helpers import make_app

    path = _island_pack(tmp_path, NOUNS)
    app = make_app(tmp_path, pack_path=str(path))
    monkeypatch.setattr(app, "start_flow", lambda session, *a, **k: setattr(app, "dealt", session))
    app.start_demo("island")
    assert app.dealt.config.nouns == tuple(NOUNS)


@pytest.mark.parametrize("seed", ["١٩", "²", "-3", "1" * 19, "seven"])
def test_a_seed_must_be_plain_digits(seed, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "island", "--seed", seed])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"parlour simulate: error: argument --seed: {seed!r} is not a seed: "
        "a whole number of at most 18 digits"
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["new", "island", "--players", "A,B,C", "--bot-delay", "inf"],
            "parlour new: error: argument --bot-delay: 'inf' is not a number of seconds "
            "from 0 to 60",
        ),
        (
            ["simulate", "island", "--games", str(10**12)],
            "parlour simulate: error: argument --games: '1000000000000' is not a whole "
            "number of games from 1 to 1,000,000",
        ),
        (["rules", "chess"], "parlour rules: error: argument game: invalid choice: 'chess' "
         "(choose from 'temptress', 'island', 'persuasion', 'lantern')"),
    ],
    ids=["delay", "games", "game"],
)
def test_a_mistake_on_the_command_line_is_one_line_and_exit_code_2(argv, line, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err == line + "\n"


def test_a_bot_may_not_narrate_the_temptress_and_nothing_is_saved(tmp_path, capsys, monkeypatch):
    from tui.app import ParlourApp
    from tui.setup_form import BOT_NARRATOR

    opened: list[object] = []
    monkeypatch.setattr(ParlourApp, "run", lambda self: opened.append(self))
    argv = ["new", "temptress", "--players", "Ann,Bo,Cy,Nat", "--bots", "1"]
    (tmp_path / "saves").mkdir()
    argv += ["--option", "narrator_person=1", "--saves", str(tmp_path / "saves")]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"parlour: {BOT_NARRATOR}\n"
    assert list((tmp_path / "saves").iterdir()) == []
    assert opened == []


def test_the_setup_form_seats_a_narrator_only_in_a_person(tmp_path):
    from rules.session import PERSON
    from tui.setup_form import BOT_NARRATOR, SetupEntry, check_setup

    game = registry.get("temptress")
    names = ("Ann", "Bo", "Cy", "Nat", "Eve")

    def entry(last: str, narrator: str) -> SetupEntry:
        kinds = (PERSON,) * 4 + (last,)
        return SetupEntry(names, kinds, ("",) * 5, "7", (("narrator_person", narrator),))

    assert check_setup(game, entry(BOT, "1"), pin_work=2) == ([BOT_NARRATOR], None)
    assert check_setup(game, entry(PERSON, "1"), pin_work=2)[1] is not None
    assert check_setup(game, entry(BOT, "0"), pin_work=2)[1] is not None  # the island narrates
