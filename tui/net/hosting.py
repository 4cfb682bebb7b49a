"""``parlour host``: the authoritative table, its public display, and the join codes.

The host's terminal is the public table (what a TV at a party would show), and
the keyboard for any seat played here behind the curtain. Before the game
starts it shows one join code per joined seat and who has joined; Enter starts
the game and the codes leave the screen for good. Until then no joined seat can
move. Only the host writes the save.
"""

from __future__ import annotations

import os
import socket as socket_module
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import Seat
from rules.saves import Opened
from rules.session import Session
from tui.app import ParlourApp
from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.net.codes import new_codes, shown_code
from tui.net.host import Host

LOG_NAME = "host.log"
CODES_HELP = (
    "Each friend joins their seat from a terminal of their own: `parlour join` on this "
    "machine (or through the SSH door, when the host opened one), then types the code "
    "next to their name. Seats played at this keyboard have no code: they play behind "
    "the curtain here. Enter starts the game; the codes then leave this screen for good, "
    "so note yours first. A seat that drops can join again with the same code; the game "
    "waits on its turn meanwhile."
)


class CodesScreen(ParlourScreen):
    """The join codes before the start, and who has joined; Enter starts."""

    PRIVATE = True  # no screenshot of the codes

    DEFAULT_CSS = """
    CodesScreen { align: center middle; }
    CodesScreen #codes-box { width: 72; height: auto; border: double $primary; padding: 1 2; }
    CodesScreen .codes-title { text-style: bold; width: 100%; text-align: center; }
    CodesScreen #codes { margin-top: 1; }
    CodesScreen .codes-line { margin-top: 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start the game", priority=True),
        *HELP_BINDINGS,
    ]

    def __init__(self, host: Host, title: str, doors: tuple[str, ...]) -> None:
        super().__init__()
        self.host = host
        self.title_text = title
        self.doors = doors
        """How friends reach the table (the socket; the SSH door)."""

    def body(self) -> Iterable[Widget]:
        with Vertical(id="codes-box"):
            yield Static(Text(f"Hosting {self.title_text}"), classes="codes-title")
            yield Static(id="codes")
            for door in self.doors:
                yield Static(Text(door), classes="codes-line")
            yield Static(
                Text("Enter starts the game; the codes then leave this screen."),
                classes="codes-line",
            )

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_codes()
        self.host.table.watchers.append(self.refresh_codes)

    def refresh_codes(self) -> None:
        if self.is_current:
            self.query_one("#codes", Static).update(Text("\n".join(self.lines())))

    def lines(self) -> list[str]:
        seats = self.host.table.seats
        lines = []
        for seat, info in enumerate(seats):
            code = self.host.codes.get(seat)
            if info.bot:
                lines.append(f"{info.name}: a bot")
            elif code is None:
                lines.append(f"{info.name}: plays at this keyboard")
            else:
                state = "not joined yet" if info.away else "joined"
                lines.append(f"{info.name}: {shown_code(code)} ({state})")
        return lines

    def phase_help(self) -> str:
        return CODES_HELP

    def help_title(self) -> str:
        return self.title_text

    def action_start(self) -> None:
        watchers = self.host.table.watchers
        if self.refresh_codes in watchers:
            watchers.remove(self.refresh_codes)
        self.host.begin()


def host_log(folder: Path) -> Any:
    """A function that adds a line to the host's log (mode 0600) in ``folder``."""

    def log(line: str) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / LOG_NAME, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as out:
                out.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
        except OSError:
            pass  # a log that cannot be written must not stop the table

    return log


def joined_seats(names: tuple[str, ...], bots: tuple[bool, ...], here: Iterable[str]) -> list[Seat]:
    """The people's seats not played at the host's keyboard."""
    at_host = {name.casefold() for name in here}
    return [
        seat
        for seat, (name, bot) in enumerate(zip(names, bots, strict=True))
        if not bot and name.casefold() not in at_host
    ]


def start_hosting(
    app: ParlourApp,
    session: Session[Any],
    path: Path,
    joined: list[Seat],
    socket: Path,
    *,
    group: str | None = None,
    opened: Opened | None = None,
    ssh_port: int | None = None,
    ssh_address: str = "",
) -> Host:
    """Host ``session`` from ``app``: the flow with ``joined`` seats, the socket (and the
    SSH door on ``ssh_port``), and the codes on screen until the host starts the game."""
    app.start_flow(
        session, path, fresh=opened is None, opened=opened, joined=frozenset(joined), begin=False
    )
    flow = app.flow
    assert flow is not None
    log = host_log(app.data_dir)
    host = Host(flow, new_codes(joined), socket, group=group, log=log, fail=app.fail_with)
    flow.closers.append(host.close)
    app.run_worker(host.start(), group="host")
    doors = [f"On this machine: parlour join (the socket is {socket})"]
    if ssh_port is not None:
        from tui.net.door import Door

        door = Door(host, app.data_dir, ssh_port, ssh_address)
        host.door = door
        flow.closers.append(door.close)
        app.run_worker(door.start(), group="host")
        doors.append(f"Over SSH: ssh -p {ssh_port} party@{socket_module.gethostname()}")
    app.switch_screen(CodesScreen(host, session.game.title, tuple(doors)))
    return host
