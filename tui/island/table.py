"""Temptation Island's public table: board, card, stock, whose turn, the story.

The Mover plays here, with a cursor on the board: the keys move, place or
remove at the cursor, each live exactly when the Mover's choices hold that
move there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from rules.choices import Option, Pick
from rules.engine import Seat
from rules.island.board import Hex, are_adjacent, direction_name, step
from rules.island.state import Action, IslandView, MoveTo, PlaceTile, RemoveTile
from tui.island.render import CursorNotes, HexBoard, board_neighbourhood, seat_label
from tui.kit.table import TABLE_BINDINGS, TableScreen
from tui.port import Table
from tui.widgets.keybar import KeyBar

KINDS: tuple[tuple[str, type[MoveTo | PlaceTile | RemoveTile]], ...] = (
    ("move", MoveTo),
    ("place", PlaceTile),
    ("remove", RemoveTile),
)


class IslandTable(TableScreen):
    """The public table. The Mover plays here."""

    DEFAULT_CSS = """
    IslandTable #middle { height: 1fr; }
    IslandTable #board-box { width: 1fr; border: round $primary; }
    IslandTable #side { width: 34; padding: 0 1; }
    IslandTable #card { border: heavy $secondary; text-align: center; text-style: bold;
                        height: 3; }
    IslandTable.-narrow #middle { layout: vertical; height: auto; }
    IslandTable.-narrow #board-box { width: 100%; height: auto; overflow-x: auto; }
    IslandTable.-narrow #board { width: auto; min-width: 100%; height: auto; }
    IslandTable.-narrow #side { width: 100%; height: auto; }
    IslandTable.-narrow #card { border: none; height: 1; background: $secondary 30%; }
    IslandTable.-narrow #log { height: 1fr; min-height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "hex(3)", "Cursor", show=False),
        Binding("right", "hex(0)", "Cursor", show=False),
        Binding("up", "hex(2)", "Cursor", show=False),
        Binding("down", "hex(5)", "Cursor", show=False),
        Binding("w", "hex(2)", "Cursor", key_display="←↑→↓ weadzx"),
        Binding("e", "hex(1)", "Hex step", show=False),
        Binding("a", "hex(3)", "Hex step", show=False),
        Binding("d", "hex(0)", "Hex step", show=False),
        Binding("z", "hex(4)", "Hex step", show=False),
        Binding("x", "hex(5)", "Hex step", show=False),
        Binding("m", "move", "Move"),
        Binding("p", "place", "Place"),
        Binding("r", "remove", "Remove"),
        Binding("enter", "confirm", "OK"),
        *TABLE_BINDINGS,
    ]

    view: IslandView

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.mover_choices: Pick[Action] | None = None
        self.mover: Seat | None = None
        self.cursor: Hex | None = None
        self._options: tuple[object, dict[Hex, dict[str, Option[Action]]]] | None = None
        """The Mover's open options by target hex, and the choices they are of."""
        self._around: tuple[object, set[Hex]] | None = None
        """Where the cursor may go, and the view that says so."""

    def board(self) -> Iterable[Widget]:
        with Horizontal(id="middle"):
            with Vertical(id="board-box"):
                yield HexBoard(self.view, self.cursor, id="board")
            with Vertical(id="side"):
                yield Static(id="card")
                yield Static(id="info")
                yield self.now_line()
                yield CursorNotes(id="choice")
                yield self.refusal()

    def status(self, view: IslandView) -> str:
        return f"Temptation Island · Turn {view.turn} · Decider: {view.names[view.decider]}"

    def draw(self, view: IslandView) -> None:
        mover = self.deciding()
        if mover != self.mover or mover is None:
            self.cursor = view.pieces[mover] if mover is not None else None
        self.mover = mover
        self.mover_choices = self.choices()
        self.query_one("#card", Static).update(Text(f"“{view.judged}”"))
        info = Text(" · ").join(
            seat_label(view, s) + (" (bot)" if self.table.seats[s].bot else "") for s in range(3)
        )
        info.append(f"\nTiles in stock: {view.stock}")
        self.query_one("#info", Static).update(info)
        self._draw_cursor()

    def _draw_cursor(self) -> None:
        self.query_one("#choice", CursorNotes).say(self._cursor_notes())
        self.query_one(HexBoard).show(self.view, self.cursor, self.mover_choices)

    # --- what the cursor may do -------------------------------------------------

    def _here(self) -> dict[str, Option[Action]]:
        """The Mover's open options at the cursor, by kind (move, place, remove); not to
        be changed (the keys ask for it often, so it is worked out once per choices)."""
        choices = self.mover_choices
        if choices is None or self.cursor is None:
            return {}
        if self._options is None or self._options[0] is not choices:
            found: dict[Hex, dict[str, Option[Action]]] = {}
            for option in choices.opened:
                for word, kind in KINDS:
                    if isinstance(option.value, kind):
                        q, r = option.value.target
                        found.setdefault((q, r), {})[word] = option
            self._options = (choices, found)
        return self._options[1].get(self.cursor, {})

    def _may_visit(self, target: Hex) -> bool:
        if self._around is None or self._around[0] is not self.view:
            self._around = (self.view, board_neighbourhood(self.view))
        return target in self._around[1]

    def _cursor_notes(self) -> str:
        if self.mover is None or self.cursor is None or self.mover_choices is None:
            return ""
        here = self.view.pieces[self.mover]
        cursor = self.cursor
        lines = ["", "Arrows or w e a d z x: cursor.", "[·] free tile, + open space."]
        prompt = self.table.prompt
        ask, asked = self.mover_choices.ask, prompt.text if prompt else ""
        forced = ask[len(asked) :].strip() if ask.startswith(asked) else ""
        if forced:
            lines.append(forced)
        # Always the same two cursor lines, so a cursor step never changes the notes'
        # height (which would lay the whole screen out again).
        if cursor == here:
            lines.append("Cursor: your own tile.")
        elif not are_adjacent(here, cursor):
            lines.append("Cursor: not next to you.")
        else:
            lines.append(f"Cursor: {direction_name(here, cursor)} of you.")
        can = [f"{word} ({word[0]})" for word in self._here()]
        lines.append("Here you may: " + (", ".join(can) if can else "nothing"))
        return "\n".join(lines)

    # --- keys -------------------------------------------------------------------

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hex":
            return self.mover is not None
        if action in ("move", "place", "remove", "confirm"):
            if self.mover is None:
                return False
            here = self._here()
            if action == "confirm":
                return True if here else None
            return True if action in here else None
        return True

    def action_hex(self, direction: int) -> None:
        if self.cursor is None:
            return
        self._cursor_to(step(self.cursor, direction))

    @on(HexBoard.Picked)
    def _picked(self, message: HexBoard.Picked) -> None:
        """A click (a tap on a phone) on a hex takes the cursor there, as the keys do."""
        if self.cursor is not None and self.check_action("hex", (0,)):
            self._cursor_to(message.hex)

    def _cursor_to(self, target: Hex) -> None:
        if not self._may_visit(target) or target == self.cursor:
            return
        # Only the board, the cursor notes and (when what is legal changes) the keys
        # depend on the cursor: redraw just those, so a cursor step stays cheap.
        before = set(self._here())
        self.cursor = target
        self._draw_cursor()
        if set(self._here()) != before:
            # Restyle the key bar now, in this same update, rather than when the
            # bindings signal is handled (which would cost a second frame).
            if not self.query_one(KeyBar).restyle_now(self):
                self.refresh_bindings()

    def _take(self, word: str) -> None:
        option = self._here().get(word)
        if option is not None:
            self.send(option.value)

    def action_move(self) -> None:
        self._take("move")

    def action_place(self) -> None:
        self._take("place")

    def action_remove(self) -> None:
        self._take("remove")

    def action_confirm(self) -> None:
        here = self._here()
        if len(here) == 1:
            self.send(next(iter(here.values())).value)
        elif here:
            self.say("Both move and remove are possible here: press m or r.")
