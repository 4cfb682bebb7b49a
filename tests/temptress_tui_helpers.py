"""Driving the Temptress through its screens, and the privacy scan."""

from __future__ import annotations

from tests.tui_helpers import screen_text, secret_leaks
from tui.curtain import CurtainScreen
from tui.temptress.narrator import NarratorScreen
from tui.temptress.private import PrivateScreen
from tui.temptress.table import TemptressTable

LOG_LINES = 8
"""The story log and the Footer at the bottom of the table: played cards are public there."""


def leaks(app, text: str, viewer: int | None) -> list[str]:
    """Other suitors' secrets on the screen (secrets the viewer shares are not leaks)."""
    return secret_leaks(app.flow.session, text, viewer)


def scan(app) -> list[str]:
    """The privacy check for whatever screen is showing now."""
    screen = app.screen
    text = screen_text(app)
    if isinstance(screen, TemptressTable):
        text = "\n".join(text.splitlines()[:-LOG_LINES])
        return leaks(app, text, None)
    if isinstance(screen, CurtainScreen):
        return leaks(app, text, None)
    if isinstance(screen, NarratorScreen):
        return []
    if isinstance(screen, PrivateScreen):
        return leaks(app, text, screen.seat)
    return []
