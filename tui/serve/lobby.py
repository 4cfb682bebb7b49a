"""The screens of a served parlour's lobby (``parlour serve``), on a guest's terminal.

``LobbyScreen`` lists the tables (game, seats, free seats, who is here, how quiet);
from it a guest watches a table, takes an open table's free seat, types a code
(the join screen), or starts a table: a game (``GamePickScreen``), then its form
(the setup form, served: without PINs, seed or pack), then the codes to
hand out (``CodesScreen``), and then their own seat. Every screen posts what it
wants up to the app (``tui.serve.lobby_app.LobbyApp``), which asks the server.
Names and the message of the day come from people: shown as text, never markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules import registry
from rules.wording import listed
from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.messages import ShowLobby
from tui.net import wire
from tui.net.codes import shown_code
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar

LOBBY_HELP = (
    "This is the parlour's lobby: every table open here, with its game, its seats, how "
    "many people are at it now and how long since anything happened. A table waits for "
    "its people as long as it takes (days, if need be): come back with your rejoin code.\n\n"
    "Enter takes a free seat at the highlighted table when it is open to anyone, and "
    "watches it otherwise. w watches (the public table only), j picks which free seat "
    "to take, c types a code someone gave you (a seat's, a rejoin code or a watch code), "
    "n starts a new table (you take its first person's seat and get the codes to hand "
    "out), r looks again. Ctrl+P, then Lobby, brings you back here from a table."
)
CODES_HELP = (
    "Your table is open and its game has begun. Give each person the code of their "
    "seat (each code opens its seat once: whoever joins with it gets a rejoin code of "
    "their own). The watch code lets anyone watch. Enter takes your own seat; these "
    "codes are not shown again, so note them first."
)
PICK_HELP = "Pick the game the new table plays, then Enter. Escape goes back."
SEAT_HELP = "Pick the free seat you take, then Enter: you play under its name."
NO_TABLES = "No tables yet: n starts one."
LOOKING = "Looking at the tables..."


def quiet_words(seconds: int) -> str:
    """How long a table has been quiet, in a few words."""
    if seconds < 60:
        return "active now"
    if seconds < 3600:
        return f"quiet {seconds // 60} min"
    if seconds < 86400:
        return f"quiet {seconds // 3600} h"
    days = seconds // 86400
    return f"quiet {days} day{'s' if days != 1 else ''}"


def seat_range(least: int, most: int) -> str:
    return str(least) if least == most else f"{least} to {most}"


def row_line(row: wire.TableRow) -> str:
    """One table as the lobby lists it."""
    if row.over:
        state = "game over"
    elif not row.free:
        state = "every seat taken"
    else:
        free = f"free: {listed(list(row.free))}"
        state = free if row.open else f"{free} (by code)"
    return f"{row.title} · {', '.join(row.names)} · {state} · {row.here} here · " + (
        quiet_words(row.quiet)
    )


# --- what the lobby's screens ask for ------------------------------------------------


class LookAgain(Message):
    """Ask the server for the tables again."""


class WatchTable(Message):
    def __init__(self, table: str) -> None:
        super().__init__()
        self.table = table


class TakeSeat(Message):
    """Take the free seat called ``name`` at ``table``."""

    def __init__(self, table: str, name: str) -> None:
        super().__init__()
        self.table = table
        self.name = name


class PickSeat(Message):
    """Choose which of ``row``'s free seats to take."""

    def __init__(self, row: wire.TableRow) -> None:
        super().__init__()
        self.row = row


class TypeCode(Message):
    """Type a code."""


class NewTableWanted(Message):
    """Start a table: pick its game first (``game`` '' ) or fill in its form."""

    def __init__(self, game: str = "") -> None:
        super().__init__()
        self.game = game


class JoinWithCode(Message):
    """Join the seat ``code`` opens (the starter's own, once the codes are noted)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


# --- the screens --------------------------------------------------------------------


class LobbyScreen(ParlourScreen):
    """The tables of the parlour, and what a guest can do from here."""

    DEFAULT_CSS = """
    LobbyScreen #motd { height: auto; max-height: 4; padding: 0 1; color: $text-muted; }
    LobbyScreen #motd.-empty { display: none; }
    LobbyScreen OptionList { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", "Join or watch", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("j", "join", "Take a seat"),
        Binding("c", "code", "Code"),
        Binding("n", "new", "New table"),
        Binding("r", "look", "Look again"),
        *HELP_BINDINGS,
    ]

    def __init__(self, said: str = "") -> None:
        super().__init__()
        self.rows: tuple[wire.TableRow, ...] = ()
        self.motd = ""
        self.full = ""
        self.said = said
        self.answered = False
        """The server's list has come (before it, the lobby says it is looking)."""
        self.pending: wire.Tables | None = None
        """The server's answer, come before the screen was mounted."""

    def body(self) -> Iterable[Widget]:
        yield WhoBar("The parlour's tables", id="title")
        yield Static(Text(""), id="motd")
        yield OptionList(id="tables")
        yield Refusal()

    def on_mount(self) -> None:
        super().on_mount()
        if self.pending is not None:
            self._show(self.pending)
        elif not self.answered:
            self.say(self.said or LOOKING)
        self.take_focus(self.query_one(OptionList))

    def phase_help(self) -> str:
        return LOBBY_HELP

    def help_title(self) -> str:
        return "The lobby"

    def say(self, text: str) -> None:
        self.said = text
        self.query_one(Refusal).show(text)

    def show_tables(self, tables: wire.Tables) -> None:
        """The server's answer: its message of the day and its tables."""
        if not self.is_mounted:  # (its widgets are there once it is: ``on_mount``)
            self.pending = tables
        else:
            self._show(tables)

    def _show(self, tables: wire.Tables) -> None:
        self.pending = None
        self.rows, self.motd, self.full = tables.rows, tables.motd, tables.full
        self.answered = True
        self.query_one("#motd", Static).update(Text(tables.motd))
        self.query_one("#motd").set_class(not tables.motd, "-empty")
        listing = self.query_one(OptionList)
        before = listing.highlighted
        listing.clear_options()
        listing.add_options(Option(Content(row_line(row)), id=row.table) for row in tables.rows)
        if tables.rows:
            listing.highlighted = min(before or 0, len(tables.rows) - 1)
        self.say(
            self.said if self.said not in ("", LOOKING) else ("" if tables.rows else NO_TABLES)
        )
        self.refresh_bindings()

    def _row(self) -> wire.TableRow | None:
        listing = self.query_one(OptionList)
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.rows):
            return None
        return self.rows[index]

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        row = self._row() if self.is_mounted else None
        if action in ("enter", "watch"):
            return row is not None
        if action == "join":
            return row is not None and bool(row.free) and row.open and not row.over
        if action == "new":
            return not self.full
        return True

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        self.action_enter()

    def action_enter(self) -> None:
        row = self._row()
        if row is None:
            return
        if row.free and row.open and not row.over:
            self.action_join()
        else:
            self.action_watch()

    def action_watch(self) -> None:
        row = self._row()
        if row is not None:
            self.say("Watching...")
            self.post_message(WatchTable(row.table))

    def action_join(self) -> None:
        row = self._row()
        if row is None or not row.free or not row.open:
            return
        if len(row.free) == 1:
            self.say("Joining...")
            self.post_message(TakeSeat(row.table, row.free[0]))
        else:
            self.post_message(PickSeat(row))

    def action_code(self) -> None:
        self.post_message(TypeCode())

    def action_new(self) -> None:
        if self.full:
            self.say(self.full)
        else:
            self.post_message(NewTableWanted())

    def action_look(self) -> None:
        self.say(LOOKING)
        self.post_message(LookAgain())


class ChoiceListScreen(ParlourScreen):
    """Pick one line of a list (Enter), or go back (Escape)."""

    DEFAULT_CSS = """
    ChoiceListScreen OptionList { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", "Pick"),
        Binding("escape", "back", "Back to the lobby"),
        *HELP_BINDINGS,
    ]

    HELP = ""

    def __init__(self, title: str, lines: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def body(self) -> Iterable[Widget]:
        yield WhoBar(self.title_text, id="title")
        yield OptionList(*(Option(Content(text), id=key) for key, text in self.lines))

    def on_mount(self) -> None:
        super().on_mount()
        listing = self.query_one(OptionList)
        listing.highlighted = 0
        self.take_focus(listing)

    def phase_help(self) -> str:
        return self.HELP

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        self.action_pick()

    def action_pick(self) -> None:
        listing = self.query_one(OptionList)
        if listing.highlighted is not None:
            self.picked(self.lines[listing.highlighted][0])

    def picked(self, key: str) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        self.post_message(ShowLobby())


class GamePickScreen(ChoiceListScreen):
    """Which game the new table plays."""

    HELP = PICK_HELP

    def __init__(self) -> None:
        from tui.games import playable

        games = tuple(
            (found.id, f"{found.title}: {seat_range(found.min_seats, found.max_seats)} players")
            for found in registry.listings()
            if playable(found.id)
        )
        super().__init__("Start a table: which game?", games)

    def picked(self, key: str) -> None:
        self.post_message(NewTableWanted(key))


class SeatPickScreen(ChoiceListScreen):
    """Which free seat of an open table to take."""

    HELP = SEAT_HELP

    def __init__(self, row: wire.TableRow) -> None:
        super().__init__(
            f"{row.title}: which seat is yours?", tuple((name, name) for name in row.free)
        )
        self.table = row.table

    def picked(self, key: str) -> None:
        self.post_message(TakeSeat(self.table, key))


class CodesScreen(ParlourScreen):
    """The new table's codes, for the starter to hand out; Enter takes their seat."""

    PRIVATE = True

    DEFAULT_CSS = """
    CodesScreen #codes-box { height: auto; padding: 1 2; }
    CodesScreen .code-line { height: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "take", "Take my seat", priority=True),
        *HELP_BINDINGS,
    ]

    def __init__(self, title: str, opened: wire.TableOpened) -> None:
        super().__init__()
        self.title_text = title
        self.opened = opened

    def body(self) -> Iterable[Widget]:
        yours, *others = self.opened.codes
        yield WhoBar(f"{self.title_text} is open: hand out the codes", id="title")
        with Vertical(id="codes-box"):
            yield Static(Text(f"Your seat: {yours.name} (Enter takes it now)"), classes="code-line")
            for seat in others:
                line = f"{seat.name}: {shown_code(seat.code)}"
                yield Static(Text(line), classes="code-line")
            if not others:
                yield Static(Text("Every other seat is a bot."), classes="code-line")
            watch = f"Watch code (for anyone): {shown_code(self.opened.watch)}"
            yield Static(Text(watch), classes="code-line")
            yield Static(Text("Note them now: they are not shown again."), classes="code-line")

    def phase_help(self) -> str:
        return CODES_HELP

    def action_take(self) -> None:
        self.post_message(JoinWithCode(self.opened.codes[0].code))
