"""The key bar follows the keys while the app is unfocused: a browser's page starts
unfocused (Textual's web driver says so once it starts), and a screen opened then
must not keep an empty bar until the page is focused again."""

from __future__ import annotations

from pathlib import Path

from textual import events

from tests.tui_helpers import make_app, settle
from tui.screens.confirm import ConfirmScreen
from tui.widgets.keybar import BarKey


def _keys(app) -> list[str]:
    return [key.description for key in app.screen.query(BarKey)]


async def test_a_screen_opened_while_the_app_is_unfocused_shows_its_keys(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        await settle(pilot)
        app.post_message(events.AppBlur())
        await settle(pilot)
        assert not app.app_focus
        app.push_screen(ConfirmScreen("Leave the table?", "Leave"))
        await settle(pilot)
        assert not app.app_focus and isinstance(app.screen, ConfirmScreen)
        assert "Help" in _keys(app) and len(_keys(app)) >= 3
