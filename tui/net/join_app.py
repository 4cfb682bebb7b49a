"""``parlour join``: one seat of a hosted game on a terminal of its own.

The app asks for the join code (it never comes on the command line, where
``ps`` would show it; the SSH door hands it over in the child's environment),
joins the host's socket, and shows the seat's screens through a remote table
port (``tui.net.remote.RemoteTable``) routed by ``tui.net.joined.JoinedFlow``.
The host answers the first join with the seat's rejoin code: the join code opens
the seat no more, and this terminal keeps the rejoin code (shown in a toast and in
``?``) to get back in. When the connection drops it joins again at once; when the
host has gone (or ended the game, or freed the seat) the app ends: the terminal is
restored and one line says why and how to come back (to a served table, ``parlour
serve``: when the parlour runs again, in its words).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from tui import messages
from tui.app_base import TableApp
from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen
from tui.kit.keys import after_keys
from tui.net import wire
from tui.net.codes import ALPHABET, CODE_LENGTH, shown_code, tidy
from tui.net.host import FREED, NAME_NEEDED, PUT_AWAY, SERVED_STOPPED, TAKEN_OVER
from tui.net.joined import JoinedFlow
from tui.net.remote import Connection, RemoteTable
from tui.net.trust import HostNotTrusted
from tui.widgets.toosmall import SEAT_MIN_HEIGHT, SEAT_MIN_WIDTH

JOIN_HELP = (
    "The host of the game gave each player a join code. Type yours and press Enter: "
    "this terminal becomes your seat, and shows only what your seat may know. "
    "Wrong codes are slowed down. If the connection drops, Enter joins again. A hosted "
    "Lantern tale shows a tavern code on its table: type it, then the name you would be "
    "called by, and wait at the door until the table seats you on a free bench."
)
NAME_ASK = "That is the tavern's door: type the name you would be called by, then Enter."
LOBBY_CODE_HELP = (
    "Type the code you were given: a seat's join code, your rejoin code, or a table's "
    "watch code, then Enter. Escape goes back to the lobby."
)
WATCH_HELP = "This terminal watches the public table of a hosted game; it cannot act."
GONE = "The connection to the host was lost. Enter joins again."
REJOIN = (
    "This seat is yours now: its join code no longer opens it. If this terminal drops, "
    "join again with your rejoin code {0}."
)
ENDED = "parlour: {0} {1}"
COME_BACK = "When the game is hosted again (parlour host --resume), join with your rejoin code {0}."
WATCH_AGAIN = "When the game is hosted again, watch it again the same way."
SERVED_BACK = (
    "The table comes back when the parlour does (its lobby lists it), and your rejoin "
    "code {0} still opens your seat."
)
SERVED_WATCH_AGAIN = "The table comes back when the parlour does: watch it from its lobby."
LOST = "The connection to the host was lost: the host has stopped."
SERVED_LOST = "The connection to the parlour was lost: it has stopped."
REMOTE_CRASH = "parlour: this terminal stopped on an unexpected error; tell the host."
NO_SCREENSHOT = "No screenshots from a joined terminal: it writes nothing on the host's machine."
AGAIN = "The host deals the next game: join it with its new code."
EXPORT = "The story is written at the host's keyboard (e on its end screen): ask there."
SERVED_AGAIN = "This table has played its game: start the next one from the parlour's lobby."
SERVED_EXPORT = "A served table writes no story file: its whole story is on this screen."


class JoinScreen(ParlourScreen):
    """Type the join code (or, watching, just Enter)."""

    PRIVATE = True

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen #join-box { width: 64; max-width: 100%; height: auto; border: double $primary;
                           padding: 1 2; }
    JoinScreen.-narrow #join-box { padding: 1 1; }
    JoinScreen .join-line { width: 100%; text-align: center; margin-top: 1; }
    JoinScreen #code { width: 20; margin-top: 1; }
    JoinScreen #newcomer { width: 30; margin-top: 1; }
    JoinScreen #join-said { width: 100%; text-align: center; color: $warning; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", priority=True),
        Binding("escape", "back", "Back to the lobby"),
        *HELP_BINDINGS,
    ]

    def __init__(
        self, socket: Path, watching: bool, said: str = "", code: str = "", lobby: bool = False
    ) -> None:
        super().__init__()
        self.socket = socket
        self.watching = watching
        self.said = said
        self.code = code
        self.lobby = lobby
        """Typed from a served parlour's lobby (``tui.serve``): Escape goes back to it."""
        """A tavern's code the host took: the newcomer's name is asked for next."""

    def body(self) -> Iterable[Widget]:
        with Vertical(id="join-box"):
            title = "Watch a hosted game" if self.watching else "Join a hosted game"
            yield Static(Text(title), classes="join-line")
            if self.code:
                yield Static(Text(NAME_ASK), classes="join-line")
                with Center():
                    yield Field(placeholder="your name", max_length=24, id="newcomer")
            elif not self.watching:
                yield Static(Text("Type your join code and press Enter."), classes="join-line")
                with Center():
                    yield Field(
                        placeholder="code",
                        password=True,
                        max_length=CODE_LENGTH + 2,
                        id="code",
                        restrict=f"[{ALPHABET}{ALPHABET.lower()} -]*",
                    )
            else:
                yield Static(Text("Press Enter to watch."), classes="join-line")
            yield Label(Text(self.said), id="join-said")

    def on_mount(self) -> None:
        super().on_mount()
        if self.code:
            self.take_focus(self.query_one("#newcomer", Input))
        elif not self.watching:
            self.take_focus(self.query_one("#code", Input))

    def phase_help(self) -> str:
        if self.lobby:
            return LOBBY_CODE_HELP
        return WATCH_HELP if self.watching else JOIN_HELP

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.lobby if action == "back" else True

    def action_back(self) -> None:
        self.post_message(messages.ShowLobby())

    @after_keys
    def action_join(self) -> None:
        app = self.app
        assert isinstance(app, JoinApp)
        if self.code:  # a newcomer at the tavern's door: their name
            self.say("Knocking...")
            app.join(self.code, self.query_one("#newcomer", Input).value)
            return
        code = "" if self.watching else self.query_one("#code", Input).value
        self.say("Joining...")
        app.join(code)

    def say(self, text: str) -> None:
        self.said = text
        for label in self.query("#join-said").results(Label):  # (none yet: made with it)
            label.update(Text(text))


class JoinApp(TableApp):
    """A terminal of its own for one seat of a hosted game (or a spectator)."""

    def __init__(
        self,
        socket: Path,
        *,
        watching: bool = False,
        code: str = "",
        theme: str = "parlour",
        ascii_cards: bool = False,
        host_uid: int | None = None,
        remote: bool = False,
        guest: str = "",
    ) -> None:
        super().__init__(None, theme, ascii_cards)  # (the user's own data folder)
        self.remote = remote
        """A terminal that is not the host user's own (the SSH door's): it writes no file,
        not even a crash log, on the host's machine."""
        self.socket = socket
        self.host_uid = host_uid
        """The account the host must run as (None: this user's; ``--host-user``)."""
        self.watching = watching
        if not watching:  # a seat's own terminal may be a phone held upright
            self.smallest = (SEAT_MIN_WIDTH, SEAT_MIN_HEIGHT)
        self.code = tidy(code)
        """The code that joined, then the seat's rejoin code (kept to join again)."""
        self.joined: JoinedFlow | None = None
        self.connection: Connection | None = None
        self.guest = guest
        """A server's lobby pass (``tui.serve``): what this terminal asks is paced as
        its guest's."""
        self.table = ""
        """From a server's lobby: the table joined without a code (to watch it, or its
        free seat ``name``)."""
        self.served = False
        """The table joined is a server's (``parlour serve``, as its welcome said): it
        comes back when the parlour does, never with ``parlour host --resume``."""

    def on_mount(self) -> None:
        self.push_screen(JoinScreen(self.socket, self.watching))
        if self.code or self.watching:
            self.join(self.code)

    def routes(self) -> messages.Router | None:
        return self.joined

    @work(exclusive=True, group="join")
    async def join(self, code: str, name: str = "") -> None:
        """Join the host with ``code`` (a tavern's code: with the newcomer's ``name``) and
        show the seat until the connection ends; after a drop, join again once at once
        with the rejoin code."""
        code = tidy(code) or self.code
        again = False
        while True:
            named = "" if again else name
            where = "" if code else self.table
            hello = wire.Join(wire.PROTOCOL, code, self.watching, named, where, self.guest)
            try:
                connection = await Connection.open(self.socket, self.host_uid, hello)
            except HostNotTrusted as exc:  # (nothing was sent)
                self._back_to_join(str(exc))
                return
            except OSError as exc:
                if again:  # the host has gone
                    self._ended(SERVED_LOST if self.served else LOST)
                else:
                    self._back_to_join(
                        f"No game is hosted at {self.socket} ({exc.strerror or exc})."
                    )
                return
            self.connection = connection
            try:
                dropped = await self._play(connection, code, named)
            finally:
                connection.close()
                self.connection = None
            if not dropped or again:
                if dropped:
                    self._ended(SERVED_LOST if self.served else LOST)
                return
            again, code = True, self.code

    async def _play(self, connection: Connection, code: str, name: str = "") -> bool:
        """Play the seat over ``connection`` (its join said already); whether it dropped
        (rather than ended). At a tavern's door, wait there until the table seats this
        newcomer."""
        first = await connection.receive()
        while isinstance(first, wire.AtTheDoor):
            self._back_to_join(first.said, code)
            first = await connection.receive()
        if isinstance(first, wire.Refused):
            self._back_to_join(first.reason, code if first.reason == NAME_NEEDED or name else "")
            return False
        if isinstance(first, wire.Goodbye):
            self._ended(first.reason)
            return False
        snapshot = await connection.receive()
        if not isinstance(first, wire.Welcome) or not isinstance(snapshot, wire.Snapshot):
            self._back_to_join(GONE)
            return False
        if first.rejoin and first.rejoin != code:
            self.notify(REJOIN.format(shown_code(first.rejoin)), timeout=20)
        self.code = first.rejoin or code
        self.served = self.served or first.served
        table = RemoteTable(first, snapshot)
        table.send_line = connection.send
        self.joined = JoinedFlow(self, table)
        self.joined.show_now()
        while True:
            try:
                message = await connection.receive()
            except wire.WireError as exc:
                self.notify(f"The host sent a line this terminal cannot read: {exc}")
                continue
            if message is None or isinstance(message, wire.Goodbye):
                table.send_line = None
                self.joined = None
                if message is None:
                    return True
                self._ended(message.reason)
                return False
            if isinstance(message, wire.Snapshot):
                table.update(message)
                self.joined.show_now()
            elif isinstance(message, wire.Refused):
                self.joined.refused(message.reason)

    def _ended(self, why: str) -> None:
        """The host has gone (or ended the game, or freed the seat): end the app, the
        terminal restored, with one line saying why and how to come back."""
        if why in (FREED, TAKEN_OVER, PUT_AWAY):
            self.farewell = f"parlour: {why}"
        else:
            self.farewell = ENDED.format(why, self._come_back(why))
        self.exit(return_code=0)

    def _come_back(self, why: str) -> str:
        """How to come back: to a hosted game when it is hosted again; to a served table
        (its welcome said so, or, at a tavern's door, its goodbye) when the parlour is."""
        code = shown_code(self.code)
        if self.served or why == SERVED_STOPPED:
            return SERVED_WATCH_AGAIN if self.watching else SERVED_BACK.format(code)
        return WATCH_AGAIN if self.watching else COME_BACK.format(code)

    def report_crash(self, error: Exception) -> str:
        """A remote terminal's crash writes no log on the host's machine."""
        return REMOTE_CRASH if self.remote else super().report_crash(error)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        self.notify(NO_SCREENSHOT)
        return None

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command

    def help_phase(self, phase: str) -> str:
        """Help on a seat's own terminal also says how to get back in after a drop."""
        if self.joined is not None and self.joined.seat is not None and self.code:
            phase += "\n\n" + REJOIN.format(shown_code(self.code))
        return phase

    def _back_to_join(self, said: str, tavern: str = "") -> None:
        """The join screen says ``said``; with a ``tavern`` code the host took, it asks
        the newcomer's name."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        screen = self.screen
        if isinstance(screen, JoinScreen) and len(self.screen_stack) == 2:
            if screen.code == tavern:
                screen.say(said)
                return
        if len(self.screen_stack) < 2:
            self.push_screen(JoinScreen(self.socket, self.watching, said, tavern))
        else:
            self.switch_screen(JoinScreen(self.socket, self.watching, said, tavern))

    def on_unmount(self) -> None:
        if self.connection is not None:
            self.connection.close()

    @on(messages.PlayAgain)
    def play_again(self) -> None:
        self.notify(SERVED_AGAIN if self.served else AGAIN)

    @on(messages.ExportStory)
    def export_story(self) -> None:
        self.notify(SERVED_EXPORT if self.served else EXPORT)

    @on(messages.ShowLobby)
    def show_lobby(self) -> None:
        self.exit()
