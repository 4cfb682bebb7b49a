"""``parlour teach GAME --play``: one person against bots, a hint at their decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui_helpers import handing_over, make_app, press, screen_text, wait_until
from tui.cli import main
from tui.flow_coach import CoachMode
from tui.kit.game import COACH_HELP
from tui.kit.seat import SeatScreen
from tui.kit.table import TableScreen
from tui.screens.curtain import CurtainScreen
from tui.widgets.hint import HintLine

SIZE = (80, 24)
OPENING = "Hint: You are the oldest, so you open the game"


def coached(tmp_path: Path, game_id: str = "temptress"):
    return make_app(tmp_path, opening=lambda app: app.start_coached(game_id, "Guest"))


async def _at_the_floor(pilot, app) -> None:
    """The table where Guest opens the floor (the starter clues wait in the clue book:
    no curtain comes down just to read them)."""
    await wait_until(
        pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.hint_seat() == 0
    )


async def test_the_person_sees_a_hint_at_their_decision(tmp_path: Path):
    app = coached(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_floor(pilot, app)
        assert isinstance(app.flow.mode, CoachMode)
        assert app.flow.save_path is None  # practice: not saved
        text = screen_text(app)
        assert OPENING in text
        said = app.screen.query_one(HintLine).said
        assert "Worth weighing: Court a woman: Oriane (the bots' pick" in said
        assert "^T Hint" in text


async def test_ctrl_t_hides_the_hint_and_shows_it_again(tmp_path: Path):
    app = coached(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_floor(pilot, app)
        await press(pilot, "ctrl+t")
        assert app.screen.query_one(HintLine).said == ""
        assert OPENING not in screen_text(app)
        await press(pilot, "ctrl+t")
        assert app.screen.query_one(HintLine).said.startswith(OPENING)


async def test_the_hint_key_is_offered_only_while_there_is_a_hint(tmp_path: Path):
    app = make_app(
        tmp_path, bot_delay=10_000, opening=lambda app: app.start_coached("temptress", "Guest")
    )
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_floor(pilot, app)
        assert "^T Hint" in screen_text(app)
        await press(pilot, "d")  # Guest declines; the bots think (for a long while)
        await wait_until(pilot, lambda: app.screen.hint_seat() is None)
        await pilot.pause()
        assert "^T Hint" not in screen_text(app)
        assert app.screen.query_one(HintLine).said == ""


async def test_a_plain_game_has_no_hint_key(tmp_path: Path):
    app = make_app(tmp_path, opening=lambda app: app.start_demo("temptress", 3, teach=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "^T Hint" not in screen_text(app)
        assert app.screen.query_one(HintLine).said == ""


async def test_a_solo_learners_turns_need_no_curtain(tmp_path: Path):
    """teach island --play: the table's moment says what the bots did, and Enter shows the
    learner's own screen at once, turn after turn; no curtain ever comes down."""
    app = coached(tmp_path, "island")
    async with app.run_test(size=SIZE) as pilot:
        for turn in range(2):
            await wait_until(pilot, lambda: handing_over(app))
            text = " ".join(screen_text(app).split())
            assert "Guest plays next: Enter shows Guest's screen." in text
            assert "curtain" not in text.lower()
            await press(pilot, "enter")
            await wait_until(pilot, lambda: not isinstance(app.screen, TableScreen))
            assert isinstance(app.screen, SeatScreen) and app.screen.seat == 0
            await press(pilot, "1", "enter")  # the learner's response card
            await wait_until(pilot, lambda: handing_over(app) or app.flow.session.outcome)
            assert not isinstance(app.screen, CurtainScreen), turn


def _hint_said(app) -> str:
    """The hint the screen shows now ('' for none)."""
    lines = app.screen.query(HintLine)
    return lines.first().said if lines else ""


@pytest.mark.parametrize(
    ("game_id", "meaning"),
    [
        ("island", "Hint: You and "),
        ("temptress", OPENING),
        ("lantern", " has just told a passage. You may interrupt"),
    ],
)
async def test_a_hint_speaks_to_the_learner_as_you(tmp_path: Path, game_id: str, meaning: str):
    """The learner's first hint, on their own screen or at the table, speaks to them."""
    app = coached(tmp_path, game_id)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: handing_over(app) or _hint_said(app))
        if not _hint_said(app):  # the table's moment first: Enter shows the learner's screen
            await press(pilot, "enter")
            await wait_until(pilot, lambda: _hint_said(app))
        said = _hint_said(app)
        assert meaning in said and "Guest" not in said, said


async def test_help_explains_the_coached_game(tmp_path: Path):
    app = coached(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_floor(pilot, app)
        assert app.screen.phase_help().endswith(COACH_HELP)


def test_play_takes_no_seed_and_no_pack(capsys):
    assert main(["teach", "temptress", "--play", "--seed", "3"]) == 2
    assert "leave out --seed" in capsys.readouterr().err
    assert main(["teach", "temptress", "--play", "--pack", "x.toml"]) == 2
    assert "leave out --pack" in capsys.readouterr().err


def test_play_refuses_a_name_a_screen_cannot_show(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["teach", "temptress", "--play", "--name", "A\x1b[31mB"])
    assert exit_.value.code == 2
    assert "the name" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("  ", "the name is empty"),
        ("A" * 17, "the name is too long (16 characters at most)"),
    ],
)
def test_play_refuses_a_name_the_setup_form_would_refuse(name: str, said: str, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["teach", "temptress", "--play", "--name", name])
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err
