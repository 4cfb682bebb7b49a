"""A save that cannot be written stops the table (issue 14, section 2): the screen
says why and keeps the move, and offers to try again, another folder, or to quit
with a warning. The faults are made in the journal's own calls to the system: a
disk that fills part way through a write, a folder turned read-only."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from rules import registry
from rules.session import PERSON, SeatPlan, Session
from tests.faults import FaultyOs
from tests.tui_helpers import make_app, press, screen_text, settle
from tui.persistence import journal, saves
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.save_failed import SAVE_FAILED_HELP, SaveFailedScreen


def _shows(app, words: str) -> bool:
    """Whether the screen shows ``words``, wherever its lines break (a long path
    wraps inside the box at any letter)."""
    squeezed = "".join(screen_text(app).replace("║", " ").split())
    return "".join(words.split()) in squeezed


def _island(folder: Path) -> Path:
    game = registry.get("island")
    names = ("Ann", "Bo", "Cleo")
    config = game.make_config(names, {}, game.default_pack())
    session = Session.start(game, config, 7, tuple(SeatPlan(n, PERSON) for n in names))
    path = saves.new_save_path(folder, "island")
    journal.Journal(path).save(session)
    return path


def _move(app) -> None:
    """The next move of whoever is to play (a bot's choice), handed to the table."""
    flow = app.flow
    seat = flow.prompt.seats[0]
    assert flow.act(flow.session.bot_for(seat).choose(flow.view(seat))) is None


async def _stopped(pilot, monkeypatch, fault: int) -> tuple[Path, bytes]:
    """A game resumed, then a move that cannot be saved: the save and its bytes."""
    path = _island(pilot.app.saves_dir)
    assert pilot.app.resume(path) is None
    await settle(pilot)
    before = path.read_bytes()
    monkeypatch.setattr(journal, "os", FaultyOs(fault, path.parent))
    _move(pilot.app)
    await settle(pilot)
    return path, before


async def test_a_full_disk_stops_the_table_and_keeps_the_move_until_it_is_saved(
    tmp_path: Path, monkeypatch
):
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        path, before = await _stopped(pilot, monkeypatch, errno.ENOSPC)
        assert isinstance(app.screen, SaveFailedScreen)
        assert _shows(app, "STOP: the game is not saved")
        assert _shows(app, f"Could not save to {path}: No space left on device")
        assert _shows(app, "Not on disk yet: the last move.")
        assert _shows(app, "r Retry f Another folder q Quit unsaved ? Help")
        assert path.read_bytes() == before  # the half-written line was cut off again
        assert len(app.flow.session.actions) == 1  # the move is kept in the window
        await press(pilot, "enter", "u", "space")  # nobody plays on
        assert isinstance(app.screen, SaveFailedScreen)
        assert app.flow.act(object()) == app.flow.save_error  # nor does a timer
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert _shows(app, SAVE_FAILED_HELP[:60])
        await press(pilot, "escape")
        await press(pilot, "r")  # still full
        assert "Tried again: still not saved." in screen_text(app)
        monkeypatch.setattr(journal, "os", os)  # room is made
        await press(pilot, "r")
        assert not isinstance(app.screen, SaveFailedScreen)
        assert app.flow.save_error == ""
        assert saves.load(path).actions == app.flow.session.actions


async def test_a_read_only_folder_can_be_left_for_another_and_play_goes_on_there(
    tmp_path: Path, monkeypatch
):
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        path, before = await _stopped(pilot, monkeypatch, errno.EROFS)
        assert _shows(app, "Read-only file system")
        elsewhere = tmp_path / "elsewhere"
        await press(pilot, "f", *str(elsewhere), "enter")
        assert not isinstance(app.screen, SaveFailedScreen)
        (moved,) = elsewhere.glob("*.json")
        assert app.flow.save_path == moved
        assert saves.load(moved).actions == app.flow.session.actions
        assert path.read_bytes() == before  # the old file keeps what it had
        opened = saves.open_save(path, lock=True)  # and this window let go of it
        assert opened.lock is not None
        opened.lock.release()
        _move(app)  # the next move goes to the new file
        await settle(pilot)
        assert len(saves.load(moved).actions) == 2


async def test_another_folder_that_cannot_hold_a_save_is_refused_on_the_same_screen(
    tmp_path: Path, monkeypatch
):
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await _stopped(pilot, monkeypatch, errno.ENOSPC)
        a_file = tmp_path / "a-file"
        a_file.write_text("not a folder")
        await press(pilot, "f", "enter")
        assert "Type a folder first." in screen_text(app)
        await press(pilot, *str(a_file), "enter")
        assert isinstance(app.screen, SaveFailedScreen)
        assert _shows(app, f"Games cannot be saved in {a_file} (")
        assert a_file.read_text() == "not a folder"


@pytest.mark.parametrize("key", ["q", "ctrl+q"])
async def test_quitting_with_the_game_unsaved_is_asked_first_and_said_after(
    tmp_path: Path, monkeypatch, key: str
):
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        path, _ = await _stopped(pilot, monkeypatch, errno.ENOSPC)
        await press(pilot, key)
        assert isinstance(app.screen, ConfirmScreen)
        assert _shows(app, "Quit without saving? The last move will be lost.")
        await press(pilot, "n")
        assert isinstance(app.screen, SaveFailedScreen)
        await press(pilot, key, "y")
        await settle(pilot)
    assert app.return_code == 1
    assert app.farewell == (
        f"parlour: quit without saving: Could not save to {path}: No space left on device"
    )


def _opened_journal(folder: Path) -> tuple[Path, journal.Journal, Session]:
    """A journal as a resumed game holds it, and the session after its next move."""
    path = _island(folder)
    opened = saves.open_save(path)
    session = opened.session
    book = journal.Journal(path)
    assert opened.last_hash is not None
    book.adopt(session.actions, opened.last_hash, opened.read)
    seat = session.prompt.seats[0]
    return path, book, session.apply(session.bot_for(seat).choose(session.view(seat)))


def test_a_write_cut_off_part_way_leaves_the_journal_as_it_was(tmp_path: Path, monkeypatch):
    path, book, later = _opened_journal(tmp_path)
    before = path.read_bytes()
    monkeypatch.setattr(journal, "os", FaultyOs(errno.ENOSPC, tmp_path))
    with pytest.raises(OSError):
        book.save(later)
    assert path.read_bytes() == before
    monkeypatch.setattr(journal, "os", os)
    book.save(later)
    assert saves.load(path).actions == later.actions


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_journal_that_cannot_be_cut_back_is_written_whole_on_the_next_save(tmp_path: Path):
    path, book, later = _opened_journal(tmp_path)
    path.rename(tmp_path / "kept")
    path.symlink_to("/dev/full")  # every write there finds the disk full
    with pytest.raises(OSError) as full:
        book.save(later)
    assert full.value.errno == errno.ENOSPC
    book.save(later)  # the whole game, in a file of its own in the folder
    assert not path.is_symlink()
    assert saves.load(path).actions == later.actions
