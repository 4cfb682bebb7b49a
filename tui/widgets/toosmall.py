"""The notice shown instead of a screen's layout when the terminal is below 80x24."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def notice(width: int, height: int) -> str:
    return (
        f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
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

    def show_size(self, width: int, height: int) -> None:
        self.update(notice(width, height))
