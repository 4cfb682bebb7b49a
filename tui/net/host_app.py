"""The host's app (``parlour host``): the lobby's app, with what a host adds.

* Ctrl+Q asks first while seats are played from terminals of their own: quitting
  ends the game for them (every move is saved, and ``parlour host --resume`` brings
  it back with the same codes).
* The command palette's Seats (Ctrl+P) shows the seats again: who has joined, the
  watch code, a seat's code, freeing a seat (``tui.net.seats_screen``).
* However the app ends (quit, an unexpected error, SIGTERM, SIGHUP or SIGINT), every
  joined terminal is told before the host goes, and each door waits for its children
  to end (each restores its friend's terminal, or its page, and says why the game
  ended) before it closes.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterable
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from tui.app import ParlourApp
from tui.net.host import Host
from tui.screens.confirm import ConfirmScreen

QUIT_QUESTION = (
    "{0} playing from {1} of their own. Quitting ends the game for them; every "
    "move is saved, and `parlour host --resume` brings it back with the same codes. Quit?"
)

RESUME = (
    "parlour: the game is saved in {0}; `parlour host --resume {0}` hosts it again, "
    "with the same codes."
)


class HostApp(ParlourApp):
    """``ParlourApp`` hosting one game (``host`` is set by ``start_hosting``)."""

    def __init__(self, *args: Any, signals: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host: Host | None = None
        self.doors: tuple[str, ...] = ()
        """How friends reach the table (the socket; the SSH door), for the seats screen."""
        self.signals = signals
        """End the app cleanly on SIGTERM and SIGHUP (the command line's app)."""

    def on_mount(self) -> None:
        if self.signals:  # a kill (or Ctrl+C sent from elsewhere) ends the table as a quit
            # does: everyone is told
            loop = asyncio.get_running_loop()
            for ending in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
                loop.add_signal_handler(ending, self.exit)

    def joined_names(self) -> list[str]:
        host = self.host
        if host is None or host.closed:
            return []
        seats = host.table.seats
        return [seats[seat].name for seat in host.joined_now()]

    async def action_quit(self) -> None:
        names = self.joined_names()
        if not names:
            await super().action_quit()
            return
        if isinstance(self.screen, ConfirmScreen):
            return
        from rules.wording import listed

        one = len(names) == 1
        who = f"{listed(names)} {'is' if one else 'are'}"
        where = "a terminal" if one else "terminals"
        question = QUIT_QUESTION.format(who, where)
        self.push_screen(ConfirmScreen(question, "Quit"), self._quit_answered)

    async def _quit_answered(self, yes: bool | None) -> None:
        """The host's answer: yes quits (the lobby app's quit: every move is on disk)."""
        if yes:
            await super().action_quit()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        host = self.host
        if host is not None and host.started and not host.closed:
            yield SystemCommand(
                "Seats",
                "Who has joined, a seat's code, the watch code; free a seat",
                self.action_seats,
            )
        yield from super().get_system_commands(screen)

    def action_seats(self) -> None:
        from tui.net.seats_screen import SeatsLaterScreen

        host = self.host
        if host is not None and not isinstance(self.screen, SeatsLaterScreen):
            title = host.table.game.title
            self.push_screen(SeatsLaterScreen(host, title, self.doors))

    async def _on_unmount(self) -> None:
        """Before the flow stops (``ParlourApp.on_unmount``, after this): every joined
        terminal is told, and the door's children end by themselves."""
        host = self.host
        if host is None:
            return
        flow = self.flow
        if flow is not None and flow.save_path is not None and flow.prompt is not None:
            self.farewell = self.farewell or RESUME.format(flow.save_path)
        host.close()
        doors = [door for door in (host.door, host.web_door) if door is not None]
        if doors:
            await asyncio.gather(*(door.close_gracefully() for door in doors))
