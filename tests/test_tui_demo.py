"""The demo: bots play a whole game on the public table; space pauses, n steps."""

from __future__ import annotations

from pathlib import Path

from tests.tui_helpers import make_app, screen_text
from tui.island.screens import IslandTable
from tui.resolution import ResolutionScreen


async def test_demo_plays_to_the_end_and_reveals_everything(tmp_path: Path):
    app = make_app(tmp_path, opening=lambda app: app.start_demo("island", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if isinstance(app.screen, ResolutionScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "Winners: " in text
        assert list(tmp_path.iterdir()) == []  # demos are not saved


async def test_space_pauses_the_demo_and_n_steps_once(tmp_path: Path):
    app = make_app(tmp_path, bot_delay=0.5, opening=lambda app: app.start_demo("island", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, IslandTable)
        await pilot.press("space")
        await pilot.pause(0.2)  # a step already under way may still land
        assert "DEMO (paused)" in screen_text(app)
        before = len(app.flow.session.actions)
        await pilot.pause(1.2)
        assert len(app.flow.session.actions) == before
        await pilot.press("n")
        await pilot.pause()
        assert len(app.flow.session.actions) == before + 1


async def test_the_temptress_demo_plays_a_whole_game_of_bots(tmp_path: Path):
    app = make_app(tmp_path, opening=lambda app: app.start_demo("temptress", 2))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if isinstance(app.screen, ResolutionScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, ResolutionScreen)
        assert all(seat.is_bot for seat in app.flow.session.seats)
        assert app.flow.session.outcome is not None
        assert len(app.flow.session.actions) > 100
