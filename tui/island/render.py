"""Drawing the Island: the hex board as text (tiles [ ], pieces [A], free spaces +),
the seat labels, and the reveal at the end.

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

from rules.engine import Seat
from rules.island.board import Hex, neighbours
from rules.island.state import IslandView, MoveTo, PlaceTile, RemoveTile
from themes.colours import SEAT_COLOURS
from tui.widgets.story import BULLET, CODE, HEADING, TEXT, Paragraph


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
        self.choices: object = None
        self._drawn: Text | None = None

    def show(self, view: IslandView, cursor: Hex | None, choices: object = None) -> None:
        self.view, self.cursor, self.choices = view, cursor, choices
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
        self._drawn = draw_board(self.view, self.cursor, self.choices)
        return self._drawn


def draw_board(view: IslandView, cursor: Hex | None = None, choices: object = None) -> Text:
    """The board as styled text, one hex row per line."""
    cells = board_cells(view, cursor, choices)
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


def targets(choices: object) -> tuple[set[Hex], set[Hex]]:
    """The hexes the Mover may move to or remove (one set) and place on (the other),
    from the Mover's open choices."""
    opened = [o.value for o in getattr(choices, "opened", ())]
    tiles = {a.target for a in opened if isinstance(a, MoveTo | RemoveTile)}
    places = {a.target for a in opened if isinstance(a, PlaceTile)}
    return tiles, places


def board_cells(
    view: IslandView, cursor: Hex | None, choices: object = None
) -> dict[Hex, tuple[str, Style]]:
    """Each drawn hex's three-character token and style (``choices``: the Mover's)."""
    letters = seat_letters(view.names)
    marked, places = targets(choices)
    cells: dict[Hex, tuple[str, Style]] = {}
    for tile in view.tiles:
        inner, style = (" ", Style())
        if tile in marked:
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


def seat_label(view: IslandView, seat: Seat) -> Text:
    """The seat's letter in its colour, then its name (as text, never markup)."""
    letter = seat_letters(view.names)[seat]
    text = Text(letter, style=SEAT_COLOURS[seat])
    text.append(f" {view.names[seat]}")
    return text


def reveal(view: IslandView, bots: tuple[bool, ...]) -> list[Paragraph]:
    """Every hand and the final island, for the end screen."""
    found = view.reveal
    out = [Paragraph("Every hand, revealed", HEADING)]
    if found is not None:
        for seat, name in enumerate(view.names):
            kind = " (bot)" if bots[seat] else ""
            cards = ", ".join(f"“{card}”" for card in found.hands[seat])
            out.append(Paragraph(f"{name}{kind}: {cards}", BULLET))
    out.append(Paragraph("The final island", HEADING))
    out += [Paragraph(line, CODE) for line in draw_board(view).plain.splitlines()]
    out.append(
        Paragraph(f"Tiles on the board: {len(view.tiles)}; in the stock: {view.stock}.", TEXT)
    )
    return out
