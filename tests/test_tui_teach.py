"""``parlour teach``: a bot game that explains itself; n steps, b goes back, v peeks."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import registry
from tests.tui_helpers import make_app, screen_text, wait_until
from tui.flow_teach import TeachMode
from tui.kit.table import TableScreen

SIZE = (80, 24)


def teaching(tmp_path: Path, game_id: str = "island", seed: int = 3):
    return make_app(tmp_path, opening=lambda app: app.start_demo(game_id, seed, teach=True))


async def _table(pilot, app) -> None:
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    await pilot.pause()


async def test_teaching_starts_paused_and_n_plays_one_step(tmp_path: Path):
    app = teaching(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        assert isinstance(app.flow.mode, TeachMode)
        assert "TEACH step 0 (paused)" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.flow.session.actions) == 1
        assert "TEACH step 1 (paused)" in screen_text(app)


async def test_back_then_forward_returns_the_identical_view(tmp_path: Path):
    app = teaching(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        for _ in range(4):
            await pilot.press("n")
            await pilot.pause()
        flow = app.flow
        views = [flow.view(seat) for seat in (None, *range(len(flow.seats)))]
        text = screen_text(app)
        await pilot.press("b", "b")
        await pilot.pause()
        assert flow.mode.step == 2 and len(flow.session.actions) == 2
        assert "TEACH step 2 (paused)" in screen_text(app)
        await pilot.press("n", "n")
        await pilot.pause()
        assert [flow.view(seat) for seat in (None, *range(len(flow.seats)))] == views
        assert screen_text(app) == text


async def test_going_back_from_the_deal_does_nothing(tmp_path: Path):
    app = teaching(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        await pilot.press("b")
        await pilot.pause()
        assert app.flow.mode.step == 0 and "TEACH step 0 (paused)" in screen_text(app)


async def test_the_peek_banner_is_on_every_frame_that_shows_a_seats_view(tmp_path: Path):
    app = teaching(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        flow = app.flow
        names = [seat.name for seat in flow.seats]
        for seat, name in enumerate(names):
            await pilot.press("v")
            await pilot.pause()
            text = screen_text(app)
            hand = ", ".join(flow.view(seat).hand)
            assert f"THROUGH {name.upper()}'S EYES: only {name} sees this" in text
            assert f"{name.upper()}'S EYES" in text.splitlines()[0]
            assert f"Hand: {hand}"[:60] in text
            # Stepping on while peeking keeps the banner over the seat's view.
            await pilot.press("n")
            await pilot.pause()
            assert f"THROUGH {name.upper()}'S EYES: only {name} sees this" in screen_text(app)
        await pilot.press("v")  # after the last seat: the public table again
        await pilot.pause()
        text = screen_text(app)
        assert "EYES" not in text and "Hand:" not in text


@pytest.mark.parametrize("game_id", registry.ids())
async def test_each_step_is_explained_under_its_lines(tmp_path: Path, game_id: str):
    app = teaching(tmp_path, game_id)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        explained = app.flow.mode.explained()
        assert explained and all(step.caption for step in explained)
        text = " ".join(screen_text(app).split())
        assert explained[0].line in text
        assert " ".join(explained[0].caption.split())[:50] in text


async def test_the_lobby_teaches_the_highlighted_game_with_t(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "t Teach" in screen_text(app)
        await pilot.press("t")
        await _table(pilot, app)
        assert isinstance(app.flow.mode, TeachMode)
        assert app.flow.game.id == registry.ids()[0]


async def test_peeking_keeps_the_explanation_of_the_step(tmp_path: Path):
    app = teaching(tmp_path, "temptress")
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        name = app.flow.seats[0].name
        assert f"THROUGH {name.upper()}'S EYES: only {name} sees this" in text
        following = " ".join(app.flow.mode.next_caption().split())
        assert f"Next: {following}"[:60] in text


@pytest.mark.parametrize("game_id", registry.ids())
async def test_the_teach_header_fits_80x24_even_while_peeking(tmp_path: Path, game_id: str):
    app = teaching(tmp_path, game_id)
    async with app.run_test(size=SIZE) as pilot:
        await _table(pilot, app)
        await pilot.press("n", "v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rows = screen_text(app).splitlines()
        name = app.flow.seats[0].name.upper()
        first = screen.status(screen.view).split("\n")[0]  # (the Lantern's says more below)
        assert rows[0].startswith(f" {name}'S EYES · TEACH step 1 (paused) · ")
        for part in first.split(" · "):  # every part whole on a line, none cut at the edge
            assert part in rows[0] or part in rows[1], part
