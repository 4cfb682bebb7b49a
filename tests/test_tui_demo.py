"""The demo: bots play a whole game on the public table; space pauses, n steps."""

from __future__ import annotations

from pathlib import Path

from tests.tui_helpers import make_app, screen_text, wait_until
from tui.island.table import IslandTable
from tui.screens.resolution import ResolutionScreen


async def test_demo_plays_to_the_end_and_reveals_everything(tmp_path: Path):
    app = make_app(tmp_path, opening=lambda app: app.start_demo("island", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResolutionScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Winners: " in text
        assert list(tmp_path.iterdir()) == []  # demos are not saved


async def test_space_pauses_the_demo_and_n_steps_once(tmp_path: Path):
    # The bots think for an hour: only the Step key makes them move.
    app = make_app(tmp_path, bot_delay=3600, opening=lambda app: app.start_demo("island", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, IslandTable)
        assert "DEMO" in screen_text(app) and "(paused)" not in screen_text(app)
        await pilot.press("n")  # not paused: Step does nothing
        await pilot.pause()
        assert app.flow.session.actions == ()
        await pilot.press("space")
        await pilot.pause()
        assert "DEMO (paused)" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.flow.session.actions) == 1
        await pilot.press("space")
        await pilot.pause()
        assert "(paused)" not in screen_text(app)


async def test_the_temptress_demo_plays_a_whole_game_of_bots(tmp_path: Path):
    app = make_app(tmp_path, opening=lambda app: app.start_demo("temptress", 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResolutionScreen))
        assert all(seat.is_bot for seat in app.flow.session.seats)
        assert app.flow.session.outcome is not None
        assert len(app.flow.session.actions) > 100
