"""Temptation Island's screens: the public table (and Mover), responding, judging."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from rules.engine import Seat
from rules.island.board import Hex, are_adjacent, direction_name, step
from rules.island.state import (
    MOVE,
    IslandView,
    MoveTo,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)
from themes.colours import SEAT_COLOURS
from tui.base import KeyBar, ParlourScreen
from tui.game_screen import GameScreen
from tui.island.board import HexBoard, board_neighbourhood, seat_letters
from tui.lists import CardList

if TYPE_CHECKING:
    from tui.flow import GameFlow


class IslandScreen(GameScreen):
    """Shared by the Island's screens."""


def seat_label(view: IslandView, seat: Seat) -> str:
    letter = seat_letters(view.names)[seat]
    return f"[{SEAT_COLOURS[seat]}]{letter}[/] {view.names[seat]}"


class IslandTable(IslandScreen):
    """The public table: board, card, stock, whose turn, log. The Mover plays here."""

    DEFAULT_CSS = """
    IslandTable #status { height: 1; background: $panel; padding: 0 1; text-style: bold; }
    IslandTable #middle { height: 1fr; }
    IslandTable #board-box { width: 1fr; border: round $primary; }
    IslandTable #side { width: 34; padding: 0 1; }
    IslandTable #card { border: heavy $secondary; text-align: center; text-style: bold;
                        height: 3; }
    IslandTable #log { height: 6; border-top: solid $panel; padding: 0 1; }
    IslandTable #message { color: $error; height: auto; }
    """

    BINDINGS = [
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
        Binding("space", "pause", "Pause"),
        Binding("n", "step", "Step"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow) -> None:
        super().__init__(flow)
        self.view: IslandView = flow.session.view(None)
        self.cursor: Hex | None = self._home()

    def body(self) -> Iterable[Widget]:
        yield Static(id="status")
        with Horizontal(id="middle"):
            with Vertical(id="board-box"):
                yield HexBoard(self.view, self.cursor, id="board")
            with Vertical(id="side"):
                yield Static(id="card")
                yield Static(id="info")
                yield Static(id="choice")
                yield Label("", id="message")
        with VerticalScroll(id="log"):
            yield Static(id="log-text")

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    # --- state --------------------------------------------------------------

    def _person_mover(self) -> Seat | None:
        prompt = self.flow.session.prompt
        if prompt is None or prompt.kind != MOVE:
            return None
        seat = prompt.seats[0]
        return None if self.flow.session.seats[seat].is_bot else seat

    def _home(self) -> Hex | None:
        seat = self._person_mover()
        return self.view.pieces[seat] if seat is not None else None

    def refresh_view(self) -> None:
        previous_mover = self.view.mover if self.view.phase == MOVE else None
        self.view = self.flow.session.view(None)
        mover = self._person_mover()
        if mover is None:
            self.cursor = None
        elif self.cursor is None or previous_mover != mover:
            self.cursor = self.view.pieces[mover]
        self.query_one("#message", Label).update("")
        self._redraw()
        self.refresh_bindings()

    def _redraw(self) -> None:
        view = self.view
        prompt = self.flow.session.prompt
        names = view.names
        status = f"Temptation Island · Turn {view.turn} · Decider: {names[view.decider]}"
        if self.flow.demo:
            status += " · DEMO" + (" (paused)" if self.flow.paused else "")
        self.query_one("#status", Static).update(status)
        self.query_one("#card", Static).update(f"“{view.judged}”")
        lines = [
            " · ".join(
                seat_label(view, s) + (" (bot)" if self._is_bot(s) else "") for s in range(3)
            )
        ]
        lines.append(f"Tiles in stock: {view.stock}")
        if prompt is not None:
            seat = prompt.seats[0]
            who = names[seat] + (" (bot)" if self._is_bot(seat) else "")
            lines.append(f"Now: {who}")
            lines.append(prompt.text)
        self.query_one("#info", Static).update("\n".join(lines))
        self.query_one("#choice", Static).update(self._choice_text())
        self.query_one(HexBoard).show(view, self.cursor)
        self.query_one("#log-text", Static).update("\n".join(view.log[-30:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def _is_bot(self, seat: Seat) -> bool:
        return self.flow.session.seats[seat].is_bot

    def _choice_text(self) -> str:
        seat = self._person_mover()
        if seat is None or self.cursor is None or self.view.options is None:
            return ""
        options = self.view.options
        here = self.view.pieces[seat]
        cursor = self.cursor
        lines = ["", "Arrows or w e a d z x: cursor.", "[·] free tile, + open space."]
        if options.forced:
            lines.append(options.forced)
        # Always the same two cursor lines, so a cursor step never changes the
        # notes' height (which would lay the whole screen out again).
        if cursor == here:
            lines.append("Cursor: your own tile.")
        elif not are_adjacent(here, cursor):
            lines.append("Cursor: not next to you.")
        else:
            lines.append(f"Cursor: {direction_name(here, cursor)} of you.")
        can = [word for word, allowed in self._legal_here() if allowed]
        lines.append("Here you may: " + (", ".join(can) if can else "nothing"))
        return "\n".join(lines)

    def _legal_here(self) -> tuple[tuple[str, bool], ...]:
        options = self.view.options
        cursor = self.cursor
        if options is None or cursor is None:
            return (("move (m)", False), ("place (p)", False), ("remove (r)", False))
        return (
            ("move (m)", cursor in options.moves),
            ("place (p)", cursor in options.places),
            ("remove (r)", cursor in options.removes),
        )

    # --- keys ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mover = self._person_mover()
        if action == "hex":
            return mover is not None
        if action in ("move", "place", "remove", "confirm"):
            if mover is None:
                return False
            legal = dict(
                zip(("move", "place", "remove"), (ok for _, ok in self._legal_here()), strict=False)
            )
            if action == "confirm":
                return True if any(legal.values()) else None
            return True if legal[action] else None
        if action in ("pause", "step"):
            return self.flow.demo
        return True

    def action_hex(self, direction: int) -> None:
        if self.cursor is None:
            return
        target = step(self.cursor, direction)
        if target not in board_neighbourhood(self.view):
            return
        # Only the board, the cursor notes and (when what is legal changes) the keys
        # depend on the cursor: redraw just those, so a cursor step stays cheap.
        legal = self._legal_here()
        self.cursor = target
        self.query_one(HexBoard).show(self.view, target)
        self.query_one("#choice", Static).update(self._choice_text())
        if self._legal_here() != legal:
            # Restyle the key bar now, in this same update, rather than when the
            # bindings signal is handled (which would cost a second frame).
            if not self.query_one(KeyBar).restyle_now(self):
                self.refresh_bindings()

    def _send(self, kind: type[MoveTo | PlaceTile | RemoveTile]) -> None:
        seat = self._person_mover()
        if seat is None or self.cursor is None:
            return
        refusal = self.flow.act(kind(seat, self.cursor))
        if refusal:
            self.query_one("#message", Label).update(refusal)

    def action_move(self) -> None:
        self._send(MoveTo)

    def action_place(self) -> None:
        self._send(PlaceTile)

    def action_remove(self) -> None:
        self._send(RemoveTile)

    def action_confirm(self) -> None:
        legal = [
            kind
            for kind, (_, ok) in zip(
                (MoveTo, PlaceTile, RemoveTile), self._legal_here(), strict=False
            )
            if ok
        ]
        if len(legal) == 1:
            self._send(legal[0])
        elif legal:
            self.query_one("#message", Label).update(
                "Both move and remove are possible here: press m or r."
            )

    def action_pause(self) -> None:
        self.flow.toggle_pause()
        self._redraw()

    def action_step(self) -> None:
        self.flow.step_once()


class PrivateIslandScreen(IslandScreen):
    """A screen for one seat's eyes, shown only after that seat lifts the curtain."""

    DEFAULT_CSS = """
    PrivateIslandScreen { align: center top; }
    PrivateIslandScreen #who { height: 3; content-align: center middle; text-style: bold;
                               background: $panel; width: 100%; }
    PrivateIslandScreen #card { border: heavy $secondary; text-align: center; text-style: bold;
                                width: 60; height: 3; margin: 1 0; }
    PrivateIslandScreen #ask { width: 60; }
    PrivateIslandScreen OptionList { width: 60; height: auto; max-height: 10; }
    PrivateIslandScreen #message { color: $error; width: 60; }
    """

    BINDINGS = [
        Binding("1", "pick(0)", "Choose", key_display="1-3"),
        Binding("2", "pick(1)", "Choose", show=False),
        Binding("3", "pick(2)", "Choose", show=False),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("h", "hide", "Hide (curtain)"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat
        self.view: IslandView = flow.session.view(seat)

    def ask(self) -> str:
        raise NotImplementedError

    def choices(self) -> tuple[str, ...]:
        raise NotImplementedError

    def body(self) -> Iterable[Widget]:
        view = self.view
        yield Static(
            f"{view.names[self.seat]}, this screen is for you alone · Turn {view.turn}", id="who"
        )
        yield Static(f"“{view.judged}”", id="card")
        yield Static(self.ask(), id="ask")
        yield CardList(
            *(Option(f"{i + 1}. {text}", id=str(i)) for i, text in enumerate(self.choices())),
            id="choices",
        )
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0

    def action_pick(self, index: int) -> None:
        if index < len(self.choices()):
            self.query_one(OptionList).highlighted = index

    def action_confirm(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.choose(index)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        raise NotImplementedError

    def refuse(self, reason: str | None) -> None:
        if reason:
            self.query_one("#message", Label).update(reason)

    def action_hide(self) -> None:
        self.flow.show_curtain(self.seat)


class RespondScreen(PrivateIslandScreen):
    """A responder picks one of three cards in secret."""

    def ask(self) -> str:
        decider = self.view.names[self.view.decider]
        return f"Pick the response card that {decider} will like best for this card:"

    def choices(self) -> tuple[str, ...]:
        return self.view.hand

    def choose(self, index: int) -> None:
        self.refuse(self.flow.act(PlayResponse(self.seat, self.view.hand[index])))


class DecideScreen(PrivateIslandScreen):
    """The Decider picks one of two cards shown without names."""

    BINDINGS = [
        Binding("1", "pick(0)", "Choose", key_display="1-2"),
        Binding("2", "pick(1)", "Choose", show=False),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("h", "hide", "Hide (curtain)"),
        *ParlourScreen.BINDINGS,
    ]

    def ask(self) -> str:
        return "Two cards, owners hidden, in random order. Which fits best?"

    def choices(self) -> tuple[str, ...]:
        return self.view.shown

    def choose(self, index: int) -> None:
        self.refuse(self.flow.act(PickResponse(self.seat, index)))
