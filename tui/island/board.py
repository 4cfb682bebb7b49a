"""The hex board, drawn as text: tiles as [ ], pieces as [A], free spaces as +.

Rows are hex rows; each row is shifted half a cell from the last, so the six
neighbours of a tile sit left, right, up-left, up-right, down-left, down-right.
Colour is never alone: pieces carry their seat's letter, legal targets a dot,
and the cursor angle brackets.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from rules.island.board import Hex, neighbours
from rules.island.state import IslandView
from themes.colours import SEAT_COLOURS


def seat_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's initial, or its number when two names share an initial."""
    initials = tuple(n[:1].upper() for n in names)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(str(i + 1) for i in range(len(names)))


def screen_xy(hex_: Hex) -> tuple[int, int]:
    q, r = hex_
    return (4 * q + 2 * r, r)


class HexBoard(Widget):
    """Draws an Island view; ``cursor`` marks the selected hex."""

    DEFAULT_CSS = """
    HexBoard { width: 1fr; height: 1fr; content-align: center middle; }
    """

    def __init__(self, view: IslandView, cursor: Hex | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view = view
        self.cursor = cursor
        self._drawn: Text | None = None

    def show(self, view: IslandView, cursor: Hex | None) -> None:
        self.view, self.cursor = view, cursor
        old, new = self._drawn, self.render()
        if old is None or not self.size.height:
            self.refresh()
            return
        before, after = old.split(allow_blank=True), new.split(allow_blank=True)
        if len(before) != len(after) or (
            max(line.cell_len for line in before) != max(line.cell_len for line in after)
        ):
            self.refresh()
            return
        # Same shape, so the centred board sits where it did: repaint only the rows
        # that changed (a cursor step changes two), not the whole board.
        top = max(0, self.size.height - len(after)) // 2
        for row, (was, now) in enumerate(zip(before, after, strict=True)):
            if was != now:
                self.refresh(Region(0, top + row, self.size.width, 1))

    def render(self) -> Text:
        self._drawn = draw_board(self.view, self.cursor)
        return self._drawn


def draw_board(view: IslandView, cursor: Hex | None = None) -> Text:
    """The board as styled text, one hex row per line."""
    cells = board_cells(view, cursor)
    if not cells:
        return Text("(no tiles)")
    spots = {screen_xy(h): v for h, v in cells.items()}
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    left, top = min(xs), min(ys)
    text = Text(no_wrap=True, overflow="crop")
    for y in range(top, max(ys) + 1):
        column = left
        row = sorted((x, cell) for (x, yy), cell in spots.items() if yy == y)
        for x, (token, style) in row:
            text.append(" " * (x - column))
            text.append(token, style)
            column = x + 3
        if y != max(ys):
            text.append("\n")
    return text


def board_cells(view: IslandView, cursor: Hex | None) -> dict[Hex, tuple[str, Style]]:
    """Each drawn hex's three-character token and style."""
    letters = seat_letters(view.names)
    options = view.options
    targets = set(options.moves + options.removes) if options else set()
    places = set(options.places) if options else set()
    cells: dict[Hex, tuple[str, Style]] = {}
    for tile in view.tiles:
        inner, style = (" ", Style())
        if tile in targets:
            inner = "·"
        if tile in view.pieces:
            seat = view.pieces.index(tile)
            inner = letters[seat]
            style = Style(color=SEAT_COLOURS[seat], bold=True)
        cells[tile] = (f"[{inner}]", style)
    for space in places:
        cells[space] = (" + ", Style(dim=True))
    if cursor is not None:
        text, style = cells.get(cursor, ("   ", Style()))
        cells[cursor] = (f"<{text[1]}>", style + Style(reverse=True, bold=True))
    return cells


def board_neighbourhood(view: IslandView) -> set[Hex]:
    """Every hex the cursor may visit: tiles and the spaces next to them."""
    spots = set(view.tiles)
    for tile in view.tiles:
        spots.update(neighbours(tile))
    return spots
