"""A guest's terminal at a served parlour (``parlour serve``): the lobby first, then a
seat or a watched table, and back to the lobby.

``LobbyApp`` is the join app (``tui.net.join_app.JoinApp``) opened on the lobby
(``tui.serve.lobby``): it asks the server for the tables, opens a table from the
lobby's form, and joins a seat by code, by an open table's free seat, or watches. A
game's end screen ("back to the lobby"), a refusal, or Ctrl+P then Lobby bring the
guest back to the lobby; when the server itself goes, the app ends as a joined
terminal does, with one line saying why.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import events, on, work
from textual.app import SystemCommand
from textual.screen import Screen

from tui import messages
from tui.net import wire
from tui.net.codes import shown_code
from tui.net.join_app import JoinApp, JoinScreen
from tui.net.remote import Connection
from tui.net.trust import HostNotTrusted
from tui.screens.setup import SetupScreen
from tui.serve.lobby import (
    CodesScreen,
    GamePickScreen,
    JoinWithCode,
    LobbyScreen,
    LookAgain,
    NewTableWanted,
    PickSeat,
    SeatPickScreen,
    TakeSeat,
    TypeCode,
    WatchTable,
)

LEFT_SEAT = "You left your seat: c, then your rejoin code {0}, takes you back to it."
UNREACHABLE = "The parlour cannot be reached ({0}): try again in a moment."
UNREADABLE = "The parlour's answer could not be read: look again with r."
BASE_STACK = 2
"""The app's default screen and the lobby (or what a table shows in its place)."""


class LobbyApp(JoinApp):
    """The join app, opened on a served parlour's lobby."""

    def __init__(self, socket: Path, *, guest: str = "", **kwargs: Any) -> None:
        super().__init__(socket, guest=guest, **kwargs)
        self.served = True
        self.playing = False
        """A seat or a watched table shows (not the lobby)."""

    @on(events.Mount)
    def _lobby_first(self, event: events.Mount) -> None:
        event.prevent_default()  # (the join app's own first screen is not shown)
        self.push_screen(LobbyScreen())
        self.look_again()

    # --- asking the server -------------------------------------------------------------

    async def _ask(self, question: wire.Message) -> wire.Message | str:
        """The server's one answer to ``question``, or a sentence saying why there is none."""
        try:
            connection = await Connection.open(self.socket, self.host_uid, question)
        except HostNotTrusted as exc:
            return str(exc)
        except OSError as exc:
            return UNREACHABLE.format(exc.strerror or exc)
        try:
            answer = await connection.receive()
        except wire.WireError:
            return UNREADABLE
        finally:
            connection.close()
        return answer if answer is not None else UNREACHABLE.format("it hung up")

    @work(exclusive=True, group="lobby")
    async def look_again(self) -> None:
        answer = await self._ask(wire.AskTables(wire.PROTOCOL, self.guest))
        screen = next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)
        if screen is None:  # (the guest has gone on to a table meanwhile)
            return
        if isinstance(answer, wire.Tables):
            screen.show_tables(answer)
        else:
            screen.say(answer if isinstance(answer, str) else UNREADABLE)

    @on(LookAgain)
    def _look_again(self) -> None:
        self.look_again()

    # --- where the lobby leads -----------------------------------------------------------

    @on(WatchTable)
    def _watch(self, message: WatchTable) -> None:
        self._join_table(message.table, "", watching=True)

    @on(TakeSeat)
    def _take_seat(self, message: TakeSeat) -> None:
        self._join_table(message.table, message.name, watching=False)

    def _join_table(self, table: str, name: str, watching: bool) -> None:
        self.table, self.watching, self.code, self.playing = table, watching, "", True
        self.join("", name)

    @on(JoinWithCode)
    def _join_with_code(self, message: JoinWithCode) -> None:
        self.table, self.watching, self.playing = "", False, True
        self.join(message.code)

    @on(PickSeat)
    def _pick_seat(self, message: PickSeat) -> None:
        self.push_screen(SeatPickScreen(message.row))

    @on(TypeCode)
    def _type_code(self) -> None:
        self.table, self.watching = "", False
        self.push_screen(JoinScreen(self.socket, False, lobby=True))

    @on(NewTableWanted)
    def _new_table(self, message: NewTableWanted) -> None:
        if not message.game:
            self.push_screen(GamePickScreen())
        else:
            from rules import registry

            game = registry.get(message.game)
            self.switch_screen(SetupScreen(game, Path("."), lambda: 0, pin_work=1, served=True))

    @on(messages.OpenServedTable)
    def _open_table(self, message: messages.OpenServedTable) -> None:
        entry = message.entry
        self.open_table(
            wire.NewTable(
                wire.PROTOCOL,
                message.game_id,
                entry.names,
                entry.kinds,
                entry.options,
                entry.texts,
                message.open,
                self.guest,
            )  # fmt: skip
        )

    @work(exclusive=True, group="lobby")
    async def open_table(self, asked: wire.NewTable) -> None:
        answer = await self._ask(asked)
        screen = self.screen
        if isinstance(answer, wire.TableOpened):
            from rules import registry

            self.switch_screen(CodesScreen(registry.listing(asked.game).title, answer))
            return
        reason = answer.reason if isinstance(answer, wire.Refused) else str(answer)
        if isinstance(screen, SetupScreen):
            screen.refused(reason)

    # --- back to the lobby ---------------------------------------------------------------

    @on(messages.ShowLobby)
    def _show_lobby(self, message: messages.ShowLobby) -> None:
        message.prevent_default()  # (the join app would end: here the lobby shows)
        self.leave_for_lobby()

    def leave_for_lobby(self) -> None:
        """Back to the lobby; a seat left there is told how to come back to it."""
        seated = self.playing and not self.watching and self.code
        self.back_to_lobby(LEFT_SEAT.format(shown_code(self.code)) if seated else "")

    def back_to_lobby(self, said: str) -> None:
        """Leave whatever shows (a table's connection too) for the lobby, saying ``said``."""
        self.workers.cancel_group(self, "join")
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self.joined = None
        self.table, self.watching, self.code, self.playing = "", False, "", False
        while len(self.screen_stack) > BASE_STACK:
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self.switch_screen(LobbyScreen(said))
        else:
            self.screen.say(said)
        self.look_again()

    def _back_to_join(self, said: str, tavern: str = "") -> None:
        """A refusal (or a drop) goes back to the lobby, saying why; a tavern's door asks
        the newcomer's name over it."""
        self.back_to_lobby(said)
        if tavern:
            self.push_screen(JoinScreen(self.socket, False, said, tavern, lobby=True))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if self.playing:
            yield SystemCommand(
                "Lobby", "Leave this table for the parlour's lobby", self.leave_for_lobby
            )
        yield from super().get_system_commands(screen)
