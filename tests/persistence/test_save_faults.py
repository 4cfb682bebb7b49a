"""Saves that never fail silently (issue 14, section 2): one window per game, and
new games that never share a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import registry
from rules.session import PERSON, SeatPlan, Session
from tests import v2_saves
from tests.tui_helpers import make_app, settle
from tui.persistence import saves
from tui.persistence.save_lock import OPEN_ELSEWHERE
from tui.persistence.saves import SaveError


def _island(tmp_path: Path) -> Path:
    game = registry.get("island")
    names = ("Ann", "Bo", "Cleo")
    config = game.make_config(names, {}, game.default_pack())
    session = Session.start(game, config, 7, tuple(SeatPlan(n, PERSON) for n in names))
    path = saves.new_save_path(tmp_path, "island")
    v2_saves.write(session, path)
    return path


def test_new_games_begun_in_the_same_second_never_share_a_file(tmp_path: Path):
    paths = [saves.new_save_path(tmp_path, "island") for _ in range(5)]
    assert len(set(paths)) == 5
    # Each name is claimed as it is given: the file exists, empty, until the first save.
    assert all(path.exists() and path.read_bytes() == b"" for path in paths)
    taken = tmp_path / "taken"
    taken.mkdir()
    first = saves.new_save_path(taken, "island")
    first.write_text("a game")
    assert saves.new_save_path(taken, "island") != first
    assert first.read_text() == "a game"


async def test_a_game_open_in_one_window_is_refused_in_a_second(tmp_path: Path):
    path = _island(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.resume(path) is None  # the first window plays it
        with pytest.raises(SaveError) as refused:
            saves.open_save(path, lock=True)  # a second window tries to open it
        assert str(refused.value) == OPEN_ELSEWHERE.format(path=path)
        second = make_app(tmp_path)
        async with second.run_test(size=(80, 24)) as other:
            await settle(other)
            assert second.resume(path) == OPEN_ELSEWHERE.format(path=path)
            assert second.flow is None
        app.show_lobby()  # the first window leaves the table
        await settle(pilot)
    opened = saves.open_save(path, lock=True)
    assert opened.lock is not None
    opened.lock.release()


def test_checking_a_save_needs_no_lock(tmp_path: Path):
    path = _island(tmp_path)
    opened = saves.open_save(path, lock=True)
    assert saves.load(path).seed == 7  # parlour check reads it all the same
    assert opened.lock is not None
    opened.lock.release()


def test_temp_files_a_killed_write_left_are_removed_when_the_game_is_opened(tmp_path: Path):
    path = _island(tmp_path)
    left = [tmp_path / f".{path.name}.k3j2x9.tmp", tmp_path / f".{path.name}.a0b1c2.tmp"]
    other = tmp_path / ".island-other.json.zz.tmp"  # another game's: not this one's to touch
    for temp in (*left, other):
        temp.write_text("half a save")
    opened = saves.open_save(path, lock=True)
    assert not any(temp.exists() for temp in left) and other.exists()
    assert opened.lock is not None
    opened.lock.release()


def test_a_new_game_is_refused_before_it_starts_where_it_cannot_be_saved(tmp_path: Path, capsys):
    from tui.cli import main

    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("not a folder")
    code = main(["--saves", str(not_a_folder), "new", "island", "--players", "Ann,Bo,Cleo"])
    assert code == 1
    said = capsys.readouterr().err
    assert said == (
        f"parlour: Games cannot be saved in {not_a_folder} (File exists): choose another "
        "folder with --saves\n"
    )
    with pytest.raises(SaveError, match="Games cannot be saved in"):
        saves.new_save_path(not_a_folder / "inside", "island")


async def test_the_setup_form_says_when_its_folder_cannot_hold_a_save(tmp_path: Path):
    from tests.tui_helpers import open_setup, press, screen_text

    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("not a folder")
    app = make_app(not_a_folder)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_setup(pilot, "island")
        await press(pilot, "enter")
        said = " ".join(screen_text(app).split())
        assert f"Games cannot be saved in {not_a_folder} (File exists)" in said
        assert app.flow is None
