"""Snapshots of the teaching table at 80x24, one per game (update with --snapshot-update):
three steps in, paused, the last step's lines explained and what comes next."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import registry
from tests.tui_helpers import make_app, wait_until
from tui.kit.table import TableScreen

SIZE = (80, 24)
SHOWN_FOLDER = Path("saves")


@pytest.mark.parametrize("game_id", registry.ids())
def test_teach_snapshot(snap_compare, game_id: str):
    async def run_before(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("n", "n", "n")
        await wait_until(pilot, lambda: app.flow.mode.step == 3)
        await pilot.pause()

    app = make_app(SHOWN_FOLDER, opening=lambda app: app.start_demo(game_id, 5, teach=True))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
