"""``parlour join``: one seat of a hosted game on a terminal of its own.

The app asks for the join code (it never comes on the command line, where
``ps`` would show it; the SSH door hands it over in the child's environment),
joins the host's socket, and shows the seat's screens through a remote table
port (``tui.net.remote.RemoteTable``) routed by ``tui.net.joined.JoinedFlow``.
When the host goes, the screen says so and Enter joins again with the same code.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from rules.folders import default_folder
from tui import messages
from tui.app_base import TableApp
from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen
from tui.kit.keys import after_keys
from tui.net import wire
from tui.net.codes import ALPHABET, CODE_LENGTH, tidy
from tui.net.joined import JoinedFlow
from tui.net.remote import Connection, RemoteTable

JOIN_HELP = (
    "The host of the game gave each player a join code. Type yours and press Enter: "
    "this terminal becomes your seat, and shows only what your seat may know. "
    "Wrong codes are slowed down. If the connection drops, Enter joins again."
)
WATCH_HELP = "This terminal watches the public table of a hosted game; it cannot act."
GONE = "The connection to the host was lost. Enter joins again."
AGAIN = "The host deals the next game: join it with its new code."
EXPORT = "The story is written at the host's keyboard (e on its end screen): ask there."


class JoinScreen(ParlourScreen):
    """Type the join code (or, watching, just Enter)."""

    PRIVATE = True

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen #join-box { width: 64; height: auto; border: double $primary; padding: 1 2; }
    JoinScreen .join-line { width: 100%; text-align: center; margin-top: 1; }
    JoinScreen #code { width: 20; margin-top: 1; }
    JoinScreen #join-said { width: 100%; text-align: center; color: $warning; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", priority=True),
        *HELP_BINDINGS,
    ]

    def __init__(self, socket: Path, watching: bool, said: str = "") -> None:
        super().__init__()
        self.socket = socket
        self.watching = watching
        self.said = said

    def body(self) -> Iterable[Widget]:
        with Vertical(id="join-box"):
            title = "Watch a hosted game" if self.watching else "Join a hosted game"
            yield Static(Text(title), classes="join-line")
            if not self.watching:
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
        if not self.watching:
            self.take_focus(self.query_one("#code", Input))

    def phase_help(self) -> str:
        return WATCH_HELP if self.watching else JOIN_HELP

    @after_keys
    def action_join(self) -> None:
        code = "" if self.watching else self.query_one("#code", Input).value
        self.say("Joining...")
        app = self.app
        assert isinstance(app, JoinApp)
        app.join(code)

    def say(self, text: str) -> None:
        self.query_one("#join-said", Label).update(Text(text))


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
    ) -> None:
        super().__init__(default_folder().parent, theme, ascii_cards)
        self.socket = socket
        self.watching = watching
        self.code = tidy(code)
        """The code that joined (kept to join again after a drop; never shown)."""
        self.joined: JoinedFlow | None = None
        self.connection: Connection | None = None

    def on_mount(self) -> None:
        self.push_screen(JoinScreen(self.socket, self.watching))
        if self.code or self.watching:
            self.join(self.code)

    def routes(self) -> messages.Router | None:
        return self.joined

    @work(exclusive=True, group="join")
    async def join(self, code: str) -> None:
        """Join the host with ``code`` and show the seat until the connection ends."""
        code = tidy(code) or self.code
        try:
            connection = await Connection.open(self.socket)
        except OSError as exc:
            self._back_to_join(f"No game is hosted at {self.socket} ({exc.strerror or exc}).")
            return
        self.connection = connection
        try:
            await self._play(connection, code)
        finally:
            connection.close()
            self.connection = None

    async def _play(self, connection: Connection, code: str) -> None:
        first = await connection.join(code, self.watching)
        if isinstance(first, wire.Refused):
            self._back_to_join(first.reason)
            return
        snapshot = await connection.receive()
        if not isinstance(first, wire.Welcome) or not isinstance(snapshot, wire.Snapshot):
            self._back_to_join(GONE)
            return
        self.code = code
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
                self._back_to_join(GONE if message is None else message.reason)
                return
            if isinstance(message, wire.Snapshot):
                table.update(message)
                self.joined.show_now()
            elif isinstance(message, wire.Refused):
                self.joined.refused(message.reason)

    def _back_to_join(self, said: str) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        screen = self.screen
        if isinstance(screen, JoinScreen) and len(self.screen_stack) == 2:
            screen.say(said)
            return
        if len(self.screen_stack) < 2:
            self.push_screen(JoinScreen(self.socket, self.watching, said))
        else:
            self.switch_screen(JoinScreen(self.socket, self.watching, said))

    def on_unmount(self) -> None:
        if self.connection is not None:
            self.connection.close()

    @on(messages.PlayAgain)
    def play_again(self) -> None:
        self.notify(AGAIN)

    @on(messages.ExportStory)
    def export_story(self) -> None:
        self.notify(EXPORT)

    @on(messages.ShowLobby)
    def show_lobby(self) -> None:
        self.exit()
