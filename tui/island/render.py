"""Drawing the Island: the hex board as text (tiles [ ], pieces [A], free spaces +),
the notes on the board's cursor, the seat labels, and the reveal at the end.

Rows are hex rows; each row is shifted half a cell from the last, so the six
neighbours of a tile sit left, right, up-left, up-right, down-left, down-right.
Colour is never alone: pieces carry their seat's letter, legal targets a dot,
and the cursor angle brackets.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Self, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import Seat
from rules.island.board import Hex, neighbours
from rules.island.state import IslandView, MoveTo, PlaceTile, RemoveTile
from themes.colours import SEAT_COLOURS
from tui.widgets.story import BULLET, CODE, HEADING, TEXT, Paragraph

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def seat_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's initial, or its number when two names share an initial."""
    initials = tuple(n[:1].upper() for n in names)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(str(i + 1) for i in range(len(names)))


def screen_xy(hex_: Hex) -> tuple[int, int]:
    q, r = hex_
    return (4 * q + 2 * r, r)


KEPT_CURSORS = 400
"""Cursors whose board rows a board keeps for one view (every hex of a large island)."""
KEPT_LINES = 400
"""Painted lines a board keeps, by what they hold (a few for each hex row and cursor)."""


class HexBoard(Widget):
    """Draws an Island view; ``cursor`` marks the selected hex.

    The board is drawn a row at a time: a cursor step redraws the rows it changed
    (``show``), the rest of the board stays as it was painted; and the rows for a
    cursor, and each row drawn, are kept (a cursor goes back and forth over the same
    few hexes)."""

    DEFAULT_CSS = """
    HexBoard { width: 1fr; height: 1fr; content-align: center middle; }
    """

    class Picked(Message):
        """A hex of the board was clicked (tapped, on a phone): the cursor may go there."""

        def __init__(self, hex_: Hex) -> None:
            super().__init__()
            self.hex = hex_

    def __init__(self, view: IslandView, cursor: Hex | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view = view
        self.cursor = cursor
        self.choices: object = None
        self._rows = Rows(board_rows(view, cursor))
        self._lines: list[Strip | None] = []
        """The painted lines (None: a row to draw again), for ``_painted``."""
        self._painted: tuple[Size, VisualStyle] | None = None
        self._kept: dict[Hashable, Strip] = {}
        """Rows drawn, by line and what they hold, for ``_kept_for``."""
        self._kept_for: tuple[Size, VisualStyle] | None = None
        self._drawn: tuple[IslandView, object, dict[Hex | None, Rows]] | None = None
        """The board's rows by cursor, for a view and choices."""

    def show(self, view: IslandView, cursor: Hex | None, choices: object = None) -> None:
        self.view, self.cursor, self.choices = view, cursor, choices
        drawn = self._drawn
        if drawn is None or drawn[0] is not view or drawn[1] is not choices:
            drawn = self._drawn = (view, choices, {})
        by_cursor = drawn[2]
        if cursor not in by_cursor:
            if len(by_cursor) >= KEPT_CURSORS:
                by_cursor.clear()
            by_cursor[cursor] = Rows(board_rows(view, cursor, choices))
        before, after = self._rows, by_cursor[cursor]
        self._rows = after
        size = self.size
        top = self._top(after, size)
        reshaped = len(before.rows) != len(after.rows) or before.width != after.width
        if top is None or reshaped:
            # (a new shape: a board sized to its rows, a phone's, is laid out again)
            self.refresh(layout=reshaped and self._fits_rows())
            return
        # Same shape, so the centred board sits where it did: repaint only the rows
        # that changed (a cursor step changes one or two), not the whole board.
        changed = [
            top + row
            for row, (was, now) in enumerate(zip(before.rows, after.rows, strict=True))
            if was is not now and was != now
        ]
        for y in changed:
            self._lines[y] = None
        if changed:  # (the rows between two that changed stay as they were painted)
            super().refresh(Region(0, changed[0], size.width, changed[-1] + 1 - changed[0]))

    def _fits_rows(self) -> bool:
        """Whether the board is as tall or as wide as its rows (``auto``: a phone's)."""
        height, width = self.styles.height, self.styles.width
        return bool((height and height.is_auto) or (width and width.is_auto))

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The hex drawn at (``x``, ``y``) in the board (None: between two, or off the
        board's rows)."""
        cells = board_cells(self.view, self.cursor, self.choices)
        spots = [screen_xy(h) for h in cells]
        if not spots:
            return None
        rows = self._rows
        width, height = self.size
        row = y - (height - len(rows.rows)) // 2
        if not 0 <= row < len(rows.rows):
            return None
        r = min(yy for _, yy in spots) + row
        column = min(xx for xx, _ in spots) + x - (width - rows.width) // 2
        q, inside = divmod(column - 2 * r, 4)
        return (q, r) if inside < 3 else None

    def on_click(self, event: events.Click) -> None:
        picked = self.hex_at(event.x, event.y)
        if picked is not None:
            self.post_message(self.Picked(picked))

    def _top(self, rows: Rows, size: Size) -> int | None:
        """The line of the board's first row, when its rows can be drawn one by one:
        the whole board painted as it stands, and nothing selected on it."""
        width, height = size
        if (
            not rows.apart
            or len(rows.rows) > height
            or rows.width > width
            or self._painted != (size, self.visual_style)
            or self.text_selection is not None
        ):
            return None
        return (height - len(rows.rows)) // 2

    def refresh(self, *regions: Region, **how: bool) -> Self:
        if not regions:
            self._painted = None  # the whole board is painted again
        return super().refresh(*regions, **how)

    def render(self) -> Text:
        return draw_board(self.view, self.cursor, self.choices)

    def render_line(self, y: int) -> Strip:
        size = self.size
        width, height = size
        style = self.visual_style
        if self._painted != (size, style):
            # As a Widget paints its render: the board centred as one block.
            visual = visualize(self, self.render())
            self._lines = list(Visual.to_strips(self, visual, width, height, style))
            self._painted = (size, style)
            if self._kept_for != self._painted or len(self._kept) > KEPT_LINES:
                self._kept, self._kept_for = {}, self._painted
        if y >= len(self._lines):
            return Strip.blank(width, style.rich_style)
        line = self._lines[y]
        if line is None:
            rows = self._rows
            number = y - (height - len(rows.rows)) // 2
            row = rows.rows[number]
            key = (y, rows.width, row.plain, tuple(row.spans))
            line = self._kept.get(key)
            if line is None:
                line = self._kept[key] = self._row_line(size, style, rows, number)
            self._lines[y] = line
        return line

    def _row_line(self, size: Size, style: VisualStyle, rows: Rows, number: int) -> Strip:
        """Row ``number`` of the board, drawn as the whole board would draw it: the row
        on its own, then set where the centred block puts it."""
        row = rows.rows[number]
        # Below as many empty lines as rows above it, so that its text keeps its place
        # in the board's text (each cell's offset, for selecting with the mouse).
        alone = Text("\n" * number, no_wrap=True, overflow="crop")
        alone.append_text(row)
        drawn = Visual.to_strips(self, visualize(self, alone), row.cell_len, None, style)[-1]
        left = (size.width - rows.width) // 2
        pad = (style + VisualStyle(reverse=False)).rich_style
        return Strip.join(
            [Strip.blank(left, pad), drawn, Strip.blank(size.width - row.cell_len - left, pad)]
        )


class Rows:
    """The board's rows, and how wide the widest is."""

    def __init__(self, rows: list[Text]) -> None:
        self.rows = rows
        self.width = max((row.cell_len for row in rows), default=0)
        self.apart = bool(rows) and all(row.cell_len for row in rows)
        """There are rows, none empty: they can be drawn one by one."""


KEPT_NOTES = 200
"""Texts, heights and paints the cursor notes keep (far more than one turn shows)."""


class CursorNotes(Static):
    """The Mover's notes on the cursor (``say``), redrawn at every cursor step.

    A step shows one of a few texts (where the cursor is, what may be done there)
    again and again as the cursor goes back and forth, so each text is made ready
    once and kept: its visual, its wrapped height at this width, its lines painted at
    this size and style. As with ``SteadyText``, a new text asks for a layout only
    when its height differs from the last one's; at the same height only the lines
    that changed are painted again (the first lines, how the keys work, stay)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._said: str | None = None
        self._height: int | None = None
        self._visuals: dict[str, Content] = {}
        self._heights: dict[tuple[str, int], int] = {}
        self._painted: dict[Hashable, list[Strip]] = {}

    def say(self, notes: str) -> None:
        if notes == self._said:
            return  # nothing to repaint
        said, self._said = self._said, notes
        console = self.app.console
        _kept(self._visuals, notes, lambda: Content.from_rich_text(Text(notes), console=console))
        size = self.size  # (of the content region)
        width = size.width
        height = None
        if width > 0:
            height = _kept(
                self._heights, (notes, width), lambda: len(Text(notes).wrap(console, width))
            )
        same = height is not None and height == self._height
        self._height = height
        before = self._lines(said, size) if same and said in self._visuals else None
        if before is None:
            self.refresh(layout=not same)
            return
        after = self._lines(notes, size)
        changed = [y for y, (was, now) in enumerate(zip(before, after, strict=True)) if was != now]
        if changed:  # (one refresh, from the first line that changed to the last)
            self.refresh(Region(0, changed[0], width, changed[-1] + 1 - changed[0]))

    def render(self) -> VisualType:
        return super().render() if self._said is None else self._visuals[self._said]

    def _lines(self, notes: str, size: Size) -> list[Strip]:
        """``notes`` painted at ``size`` and this style, as a Widget paints its render."""
        style = self.visual_style
        return _kept(
            self._painted,
            (notes, size, style),
            lambda: list(Visual.to_strips(self, self._visuals[notes], *size, style)),
        )

    def render_line(self, y: int) -> Strip:
        notes = self._said
        if notes is None or notes not in self._visuals or self.text_selection is not None:
            return super().render_line(y)
        size = self.size
        lines = self._lines(notes, size)
        if y >= len(lines):
            return Strip.blank(size.width, self.visual_style.rich_style)
        return lines[y]


def _kept(kept: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``kept[key]``, made (``make()``) the first time it is asked for."""
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT_NOTES:
            kept.clear()
        found = kept[key] = make()
    return found


def board_rows(view: IslandView, cursor: Hex | None = None, choices: object = None) -> list[Text]:
    """The board as styled text, a line for each hex row (none: no tiles)."""
    cells = board_cells(view, cursor, choices)
    spots = {screen_xy(h): v for h, v in cells.items()}
    if not spots:
        return []
    left = min(x for x, _ in spots)
    ys = [y for _, y in spots]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        text = Text(no_wrap=True, overflow="crop")
        column = left
        for x, (token, style) in sorted((x, cell) for (x, yy), cell in spots.items() if yy == y):
            text.append(" " * (x - column))
            text.append(token, style)
            column = x + 3
        rows.append(text)
    return rows


def draw_board(view: IslandView, cursor: Hex | None = None, choices: object = None) -> Text:
    """The board as styled text, one hex row per line."""
    rows = board_rows(view, cursor, choices)
    if not rows:
        return Text("(no tiles)")
    text = Text(no_wrap=True, overflow="crop")
    for number, row in enumerate(rows):
        if number:
            text.append("\n")
        text.append_text(row)
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
