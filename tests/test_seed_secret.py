"""The seed deals every hand, so it is a secret until the game is over.

Every registered game is played through its screens (tests/screen_sweep.py, every
key each screen offers tried once): no screen before the end, no toast, no file
name and no story exported mid-game holds the seed; the end screen and the final
story show it, for a replay. The setup form and ``parlour new`` draw a secret seed
unless one is typed, and say that a typed seed is no secret.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.screen_sweep import Moment, drive, game_ids, tables
from tests.tui_helpers import make_app, open_setup, screen_text, settle
from tui import cli
from tui.persistence import saves
from tui.screens.resolution import ResolutionScreen

SEED = 731_946_285_013_572
"""Long enough that no screen could show it by chance."""
SHOWN = str(SEED)
REPLAY = f"Seed {SEED}: the same seats, options and seed deal this game again."
ON_SCREEN_STEPS = 40
"""Steps through the screens before the bots finish the game off-screen."""


def _record_toasts(app) -> list[str]:
    toasts: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        toasts.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = recording
    return toasts


@pytest.mark.long
@pytest.mark.parametrize("game_id", game_ids())
async def test_the_seed_is_shown_nowhere_before_the_end(tmp_path: Path, game_id: str):
    session = tables(game_id)[0].session(SEED)
    path = saves.new_save_path(tmp_path, game_id)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, path))
    toasts = _record_toasts(app)
    shown_at: list[str] = []
    screens = 0
    exported = False

    async def visit(moment: Moment) -> None:
        nonlocal screens, exported
        if isinstance(moment.screen, ResolutionScreen):
            return
        screens += 1
        if SHOWN in screen_text(app):
            shown_at.append(type(moment.screen).__name__)
        if not exported and moment.session.actions:
            exported = app.flow.export_story() is not None

    async with app.run_test(size=(120, 40)) as pilot:
        await drive(pilot, visit, explore=True, enough=lambda d: d.steps > ON_SCREEN_STEPS)
        assert isinstance(app.screen, ResolutionScreen)
        end = screen_text(app)
        story_mid_game = path.with_name(f"{path.stem}-story.md").read_text()
        assert exported
        assert app.flow.export_story() is not None
        await settle(pilot)
        story_at_end = path.with_name(f"{path.stem}-story.md").read_text()
    assert screens > 20
    assert shown_at == []
    assert [t for t in toasts if SHOWN in t] == []
    assert [p.name for p in tmp_path.rglob("*") if SHOWN in p.name] == []
    assert SHOWN not in story_mid_game
    assert REPLAY in end
    assert REPLAY in story_at_end


async def test_the_setup_form_draws_a_secret_seed_unless_one_is_typed(tmp_path: Path):
    app = make_app(tmp_path, seed_source=lambda: SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "island")
        text = screen_text(app)
        assert SHOWN not in text
        assert "Empty: secret. A typed seed is" in text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow.session.seed == SEED
        assert SHOWN not in screen_text(app)
        (save,) = tmp_path.glob("*.json")
        assert SHOWN not in save.name


async def test_parlour_new_with_a_seed_warns_that_it_is_no_secret(
    tmp_path: Path, monkeypatch, capsys
):
    built: list = []
    monkeypatch.setattr("tui.app.ParlourApp.run", lambda self: built.append(self))
    args = ["new", "island", "--players", "Ann,Bo,Cy", "--saves", str(tmp_path)]
    assert cli.main([*args, "--seed", "77"]) == 0
    assert capsys.readouterr().err == f"parlour: {cli.KNOWN_SEED}\n"
    assert cli.KNOWN_SEED == (
        "A seed you chose is no secret: anyone who knows it can work out every hand."
    )
    assert cli.main(args) == 0
    assert capsys.readouterr().err == ""
    chosen, secret = built
    for app, warned in ((chosen, True), (secret, False)):
        toasts = _record_toasts(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert (cli.KNOWN_SEED in toasts) is warned
            assert app.flow.session.seed == 77 or not warned
