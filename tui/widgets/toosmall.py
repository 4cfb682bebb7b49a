"""The notice shown instead of a screen's layout when the terminal is below the app's
smallest size: 80x24 for a table (the public screen, the keyboard a table shares),
40x20 for a seat's own terminal (``parlour join`` on a phone held upright)."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest table: every screen of the public table and the hotseat fits it."""
SEAT_MIN_WIDTH, SEAT_MIN_HEIGHT = 40, 20
"""The smallest seat terminal: a joined seat's screens (not a watcher's) fit it."""
NARROW = "-narrow"
"""The class of a screen narrower than ``MIN_WIDTH`` (``TableApp.HORIZONTAL_BREAKPOINTS``):
its narrow layout, for a seat's own terminal on a phone held upright."""


def notice(width: int, height: int, smallest: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT)) -> str:
    return (
        f"Please enlarge the terminal to at least {smallest[0]}x{smallest[1]}.\n"
        f"It is {width}x{height} now. (Ctrl+Q quits; your game is saved.)"
    )


class TooSmall(Static):
    """Takes the focus while it shows (``can_focus`` only then), so no key reaches the
    hidden layout."""

    DEFAULT_CSS = """
    TooSmall {
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    TooSmall:focus { background-tint: transparent; }
    """

    def show_size(self, width: int, height: int, smallest: tuple[int, int]) -> None:
        self.update(notice(width, height, smallest))
