"""The resume list reads the ends of a save, not all of it (issue 14, section 2): a long
game lists as fast as a short one, and the whole file is checked when it is opened.
(``bench/run.py`` times a list of 100 saves against a bare app.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import v2_saves
from tests.persistence.test_journal import _game, _journal
from tui.persistence import saves
from tui.persistence.journal import TAIL, Journal
from tui.persistence.saves import SaveError


@pytest.fixture(scope="module")
def long_game():
    """A whole Temptress game of bots: over 700 moves."""
    return _game("temptress", moves=100_000)[-1]


def _flip_in_the_middle(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    middle = len(raw) // 2
    digit = next(i for i in range(middle, len(raw)) if chr(raw[i]).isdigit())
    raw[digit] = ord("7") if raw[digit] != ord("7") else ord("3")
    path.write_bytes(bytes(raw))


def test_a_long_journal_is_listed_from_its_first_line_and_last_move(tmp_path: Path, long_game):
    path = tmp_path / "long.json"
    Journal(path).save(long_game)
    assert path.stat().st_size > 2 * TAIL
    _flip_in_the_middle(path)  # damage the list does not read
    [(summary, listed, problem)] = saves.list_saves(tmp_path)
    assert listed == path and problem == ""
    assert summary is not None and summary.finished and summary.turn == long_game.turn
    with pytest.raises(SaveError, match="does not follow from the lines before it"):
        saves.open_save(path)  # the whole file is checked when it is opened


def test_a_long_version_two_save_is_listed_from_its_first_fields(tmp_path: Path, long_game):
    path = tmp_path / "long.json"
    v2_saves.write(long_game, path)
    assert path.stat().st_size > TAIL
    _flip_in_the_middle(path)
    [(summary, _, problem)] = saves.list_saves(tmp_path)
    assert problem == "" and summary is not None
    assert summary.seats == tuple(seat.name for seat in long_game.seats)
    assert summary.turn == long_game.turn and summary.finished
    with pytest.raises(SaveError):
        saves.open_save(path)


def test_a_long_version_two_save_not_laid_out_as_parlour_writes_it_is_read_whole(
    tmp_path: Path, long_game
):
    path = tmp_path / "long.json"
    v2_saves.write(long_game, path)
    raw = path.read_bytes()
    path.write_bytes(raw.replace(b'{"format"', b'{"version":2,"format"', 1))
    [(summary, _, problem)] = saves.list_saves(tmp_path)
    assert summary is None
    assert problem == f"{path} is damaged: it gives the field 'version' twice"


def test_a_damaged_first_line_is_shown_in_the_list_as_damaged(tmp_path: Path):
    path, _ = _journal(tmp_path)
    raw = bytearray(path.read_bytes())
    raw[raw.index(b'"seed":') + 7] ^= 0x01  # the seed's first digit
    path.write_bytes(bytes(raw))
    [(summary, _, problem)] = saves.list_saves(tmp_path)
    assert summary is None
    assert problem == (
        f"{path} was changed or damaged after it was saved (line 1 does not follow from "
        "the lines before it)"
    )


def test_every_damaged_journal_is_one_line_in_the_list_or_refused_when_opened(tmp_path: Path):
    path, _ = _journal(tmp_path)
    raw = path.read_bytes()
    for number, offset in enumerate(range(0, len(raw), 97)):
        damaged = bytearray(raw)
        damaged[offset] ^= 0x20
        (tmp_path / f"damaged-{number:03d}.json").write_bytes(bytes(damaged))
    path.unlink()
    for summary, listed, problem in saves.list_saves(tmp_path):
        if summary is None:
            assert problem.startswith(str(listed)) and "\n" not in problem, problem
            continue
        with pytest.raises(SaveError) as refused:
            saves.open_save(listed)
        assert str(refused.value).startswith(str(listed)) and "\n" not in str(refused.value)
