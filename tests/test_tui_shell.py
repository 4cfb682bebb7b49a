"""Lobby, setup messages, resume, help and the too-small notice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import registry
from rules.session import BOT, PERSON, SeatPlan, Session
from tests import v2_saves
from tests.tui_helpers import make_app, open_setup, screen_text
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.resume import ResumeScreen
from tui.screens.setup import SetupScreen
from tui.setup_form import SetupEntry, check_setup

ISLAND = registry.get("island")


def _entry(**changes) -> SetupEntry:
    fields = dict(
        names=("Ann", "Bo", "Cleo"),
        kinds=(PERSON, PERSON, BOT),
        pins=("", "", ""),
        seed="7",
        options=(("tiles", "19"),),
        pack="",
    )
    fields.update(changes)
    return SetupEntry(**fields)


def test_setup_accepts_two_people_and_a_bot():
    problems, session = check_setup(ISLAND, _entry())
    assert problems == []
    assert session.seed == 7
    assert [s.kind for s in session.seats] == [PERSON, PERSON, BOT]


def test_setup_names_must_be_unique_and_not_empty():
    problems, session = check_setup(ISLAND, _entry(names=("Ann", "ann", " ")))
    assert session is None
    assert problems == ["Two seats are called ann: every name must differ.", "Seat 3 needs a name."]


def test_setup_pin_must_be_four_digits():
    problems, _ = check_setup(ISLAND, _entry(pins=("12", "", "")))
    assert problems == ["Seat 1's PIN must be exactly 4 digits (or left empty)."]


def test_setup_seed_must_be_digits():
    problems, _ = check_setup(ISLAND, _entry(seed="seven"))
    assert problems == [
        "The seed must be a whole number of at most 18 digits, or left empty for a secret one."
    ]


def test_setup_with_no_seed_draws_a_secret_one():
    problems, session = check_setup(ISLAND, _entry(seed=""), lambda: 4_812_007_335_190_226)
    assert problems == []
    assert session.seed == 4_812_007_335_190_226


def test_setup_option_out_of_bounds_is_refused():
    problems, _ = check_setup(ISLAND, _entry(options=(("tiles", "3"),)))
    assert problems == ["Tiles in the game must be a whole number from 7 to 61."]


def test_setup_island_needs_exactly_three_players():
    problems, _ = check_setup(
        ISLAND, _entry(names=("Ann", "Bo"), kinds=(PERSON, PERSON), pins=("", ""))
    )
    assert problems == ["Temptation Island needs exactly 3 players; there are 2."]


def test_setup_refuses_a_broken_pack_with_file_and_field(tmp_path: Path):
    pack = tmp_path / "mine.toml"
    pack.write_text('name = "Mine"\ndescription = "x"\nadjectives = ["A"]\nnounz = []\n')
    problems, _ = check_setup(ISLAND, _entry(pack=str(pack)))
    assert len(problems) == 1
    assert problems[0].startswith(f"Card pack refused: {pack}: ")
    assert "nounz" in problems[0]


async def test_setup_screen_shows_the_problem_and_stays(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "island")
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-1").value = "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Two seats are called Ann: every name must differ." in screen_text(app)
        assert app.flow is None


async def test_lobby_lists_the_games_and_its_keys(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "Temptation Island · exactly 3 players" in text
        assert "The Temptress · 3 to 5 suitors and a narrator" in text
        for key in ("n New game", "r Resume", "d Demo", "? Help"):
            assert key in text


async def test_question_mark_explains_the_current_phase(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Right now" in text
        assert "resume a saved one" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_small_terminal_gets_the_enlarge_notice(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Please enlarge the terminal to at least 80x24." in text
        assert "It is 70x20 now." in text
        assert "Temptation Island" not in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Temptation Island" in screen_text(app)


def _saved_game(folder: Path) -> Path:
    config = ISLAND.make_config(("Ann", "Bo", "Cleo"), {}, ISLAND.default_pack())
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cleo", BOT))
    session = Session.start(ISLAND, config, 11, seats)
    path = folder / "island-one.json"
    v2_saves.write(session, path)
    return path


async def test_resume_lists_saves_and_refuses_a_damaged_one(tmp_path: Path):
    good = _saved_game(tmp_path)
    bad = tmp_path / "island-two.json"
    data = json.loads(good.read_text())
    data["state"]["stock"] = 99
    bad.write_text(json.dumps(data))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = screen_text(app)
        assert "Temptation Island · Ann, Bo, Cleo · turn 1" in text
        options = app.screen.query_one("#saves")
        index = next(i for i in range(options.option_count)
                     if options.get_option_at_index(i).id == str(bad))
        options.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "does not match its replayed moves" in screen_text(app)
        index = next(i for i in range(options.option_count)
                     if options.get_option_at_index(i).id == str(good))
        options.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert app.flow is not None
        assert app.flow.save_path == good


async def test_the_resume_list_counts_a_temptress_game_in_rounds(tmp_path: Path):
    game = registry.get("temptress")
    names = ("Ann", "Bo", "Cleo")
    config = game.make_config(names, {"round_limit": 3}, game.default_pack())
    session = Session.start(game, config, 4, tuple(SeatPlan(n, BOT) for n in names))
    while session.prompt is not None and session.view(None).round < 2:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    assert len(session.actions) > 10
    v2_saves.write(session, tmp_path / "temptress-two.json")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "The Temptress · Ann, Bo, Cleo · round 2 · " in screen_text(app)
        assert f"turn {len(session.actions)}" not in screen_text(app)


async def test_command_palette_offers_save_help_theme_and_quit(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for wanted in ("Save game", "Help", "Theme", "Quit"):
            assert wanted in titles


async def test_high_contrast_theme_is_registered_and_selectable(tmp_path: Path):
    app = make_app(tmp_path, theme="parlour-contrast")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "parlour-contrast"
        assert {"parlour", "parlour-contrast"} <= set(app.available_themes)


@pytest.mark.parametrize("game_id", list(registry.games()))
async def test_every_game_starts_from_its_setup_screen_with_the_defaults(tmp_path, game_id):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, game_id)
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.flow is not None, screen_text(app)
        assert app.flow.session.game.id == game_id
        assert not isinstance(app.screen, SetupScreen)
