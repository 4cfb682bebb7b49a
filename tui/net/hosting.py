"""``parlour host``: the authoritative table, its public display, and the join codes.

The host's terminal is the public table (what a TV at a party would show), and
the keyboard for any seat played here behind the curtain. Before the game
starts it shows the seats (``tui.net.seats_screen``: each code hidden until its
number is pressed, who has joined, the watch code); Enter starts the game. Until
then no joined seat can move. Only the host writes the save.
"""

from __future__ import annotations

import socket as socket_module
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rules.engine import Seat
from rules.session import Session
from tui.app import ParlourApp
from tui.net.host import Host
from tui.net.kept_codes import keeper, kept_seating
from tui.net.seating import Seating
from tui.net.seats_screen import SeatsScreen
from tui.persistence.saves import Opened

LOG_NAME = "host.log"


def host_log(folder: Path) -> Any:
    """A function that adds a line to the host's log (mode 0600) in ``folder``: through
    ``tui.private_files``, so never through a link or into someone else's file (a log
    that cannot be written must not stop the table: the line is dropped)."""
    from tui.private_files import append_private

    def log(line: str) -> None:
        append_private(folder, LOG_NAME, f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")

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
    web_port: int | None = None,
    web_address: str | None = None,
    web_bind: str = "",
) -> Host:
    """Host ``session`` from ``app``: the flow with ``joined`` seats, the socket (the SSH
    door on ``ssh_port``, the browser's on ``web_port``, its links naming ``web_address``
    or the machine's LAN address), and the codes on screen until the host starts the
    game."""
    app.start_flow(
        session, path, fresh=opened is None, opened=opened, joined=frozenset(joined), begin=False
    )
    flow = app.flow
    assert flow is not None
    log = host_log(app.data_dir)
    keep = keeper(app.data_dir, path)
    seating = None if opened is None else kept_seating(app.data_dir, path, joined)
    if seating is None:
        seating = Seating.deal(joined)
    keep(seating)
    host = Host(flow, seating, socket, group=group, log=log, fail=app.fail_with, keep=keep)
    flow.seating.closers.append(host.close)
    app.run_worker(host.start(), group="host")
    doors = [f"On this machine: parlour join (the socket is {socket})"]
    if ssh_port is not None:
        from tui.net.door import Door

        door = Door(host, app.data_dir, ssh_port, ssh_address)
        host.door = door
        flow.seating.closers.append(door.close)
        app.run_worker(door.start(), group="host")
        doors.append(f"Over SSH: ssh -p {ssh_port} party@{socket_module.gethostname()}")
    if web_port is not None:
        from tui.net.lan import lan_address
        from tui.net.web_door import WebDoor

        def door_failed(why: str) -> None:
            app.farewell = f"parlour: {why}: choose another with --web"
            app.exit(return_code=1)

        address = web_address or lan_address()
        web = WebDoor(host, web_port, address, bind=web_bind, failed=door_failed)
        host.web_door = web
        flow.seating.closers.append(web.close)
        app.run_worker(web.start(), group="host")
        doors.append(f"In a browser: {web.url} (or scan a QR code)")
    from tui.net.host_app import HostApp

    if isinstance(app, HostApp):
        app.host, app.doors = host, tuple(doors)
    app.switch_screen(SeatsScreen(host, session.game.title, tuple(doors)))
    return host
