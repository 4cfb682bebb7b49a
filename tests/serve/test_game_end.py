"""The end of a served game: each guest's terminal shows it as a joined seat at a
hosted game does (the verdict, every secret, the story) and stays at the table; the
lobby lists the table as over until the server archives it, and a guest goes back to
the lobby from the end. Nothing a served guest reads tells them to run ``parlour
host``: a served table comes back when the parlour does, and its rejoin codes with it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual._context import active_app
from textual.pilot import Pilot

from rules import registry
from rules.persuasion.state import Introduce
from tests.net_helpers import WireClient, gone_as_if_killed, until, wire_strings
from tests.serve_helpers import Clock, open_table, serving, tables
from tests.tui_helpers import screen_text
from tui.net import wire
from tui.net.codes import shown_code
from tui.net.host import PUT_AWAY, SERVED_STOPPED
from tui.net.join_app import SERVED_AGAIN, SERVED_EXPORT, JoinApp
from tui.net.joined import SEED_SERVED
from tui.screens.resolution import ResolutionScreen
from tui.serve.limits import Limits
from tui.serve.lobby import LobbyScreen
from tui.serve.lobby_app import LobbyApp
from tui.serve.table import ServedTable

NAMES = ("Ann", "Bo", "Cy")
PEOPLE = ("person", "person", "person")
ANN_AND_BOTS = ("person", "bot", "bot")
EVENING_BALL = (("evening_ball", "1"),)
"""Persuasion's simple mode: the shortest game a table plays (some 35 moves)."""
HOSTING = "parlour host"


def persuasion_bot(seat: int) -> Any:
    return registry.get("persuasion").make_bot(seat, 11 + seat)


async def seated(socket: Path, opened: wire.TableOpened) -> list[WireClient]:
    """A guest in every person's seat of ``opened``, joined by its code."""
    guests = [WireClient(socket) for _ in opened.codes]
    for guest, seat in zip(guests, opened.codes, strict=True):
        assert isinstance(await guest.join(seat.code), wire.Welcome)
    return guests


async def the_end_shows_at(table: ServedTable) -> None:
    """Wait until the table's own app shows the end of its game and has handled all
    that came with it (laid out and drawn), with no error."""
    app = table.app
    await until(lambda: isinstance(app.screen, ResolutionScreen))
    assert await Pilot(app)._wait_for_screen(), app._exception


async def answer_after_the_end(guest: WireClient) -> wire.Message | None:
    """What the table answers ``guest``'s move made once the game is over."""
    assert guest.seat is not None
    guest.act(Introduce(guest.seat, 0, 1))
    while True:
        message = await guest.receive()
        if not isinstance(message, wire.Snapshot):
            return message


async def test_every_guest_sees_the_end_of_a_served_game_and_stays_at_the_table(
    tmp_path: Path,
):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, PEOPLE,
                                  options=EVENING_BALL)  # fmt: skip
        guests = await seated(parlour.path, opened)
        # Every move is a guest's, made over the wire: the last one too.
        await asyncio.gather(*(guest.play(persuasion_bot(n)) for n, guest in enumerate(guests)))
        table = parlour.tables[opened.table]
        await the_end_shows_at(table)
        for guest in guests:
            assert guest.snapshot.prompt.data is None
            assert guest.snapshot.view.data.outcome is not None
            assert isinstance(await answer_after_the_end(guest), wire.Refused)
            assert guest.ended is None
        (row,) = (await tables(parlour.path)).rows
        assert (row.table, row.over, row.here) == (opened.table, True, 3)
        assert table.running
        for guest in guests:
            assert not any(HOSTING in wire_strings(line) for line in guest.received)


async def test_a_guests_move_is_played_in_its_tables_app_as_at_a_hosted_game(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, PEOPLE)
        table = parlour.tables[opened.table]
        guests = await seated(parlour.path, opened)
        played_in: list[object] = []
        table.app.flow.watchers.append(lambda: played_in.append(active_app.get(None)))
        asked = guests[table.session.prompt.seats[0]]
        asked.act(persuasion_bot(asked.seat).choose(asked.snapshot.view.data))
        await until(lambda: len(table.session.actions) == 1)
        # (what the move sets going, the next screen or a bot's timer, is the app's own)
        assert played_in and set(played_in) == {table.app}


async def play_ann_to_the_end(app: JoinApp, pilot: Any) -> None:
    """Ann's moves, each chosen by her bot and sent through her terminal's own table,
    until the game is over."""
    bot, acted = persuasion_bot(0), -1

    def ann_asked() -> bool:
        table = app.joined.table if app.joined is not None else None
        if table is None:
            return False
        prompt = table.prompt
        return prompt is None or (0 in prompt.seats and table.snapshot.seq != acted)

    while True:
        await until(ann_asked, pilot)
        assert app.joined is not None
        table = app.joined.table
        if table.prompt is None:
            return
        acted = table.snapshot.seq
        assert table.act(bot.choose(table.view(0))) is None


async def test_a_guests_terminal_shows_the_end_then_the_lobby_lists_the_table_as_over(
    tmp_path: Path,
):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, ANN_AND_BOTS,
                                  options=EVENING_BALL)  # fmt: skip
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: "free: Ann" in screen_text(app), pilot)
            await pilot.press("enter")  # (Ann's is the one free seat)
            await play_ann_to_the_end(app, pilot)
            table = parlour.tables[opened.table]
            await the_end_shows_at(table)
            await until(lambda: isinstance(app.screen, ResolutionScreen), pilot)
            text = screen_text(app)
            assert "Winners:" in text and SEED_SERVED in text
            assert table.running and app.farewell is None
            said: list[str] = []
            notify = app.notify
            app.notify = lambda message, **more: (said.append(message), notify(message, **more))
            await pilot.press("e", "p")  # (no host's keyboard to ask at a served table)
            await until(lambda: said == [SERVED_EXPORT, SERVED_AGAIN], pilot)
            await pilot.press("l")
            await until(lambda: isinstance(app.screen, LobbyScreen), pilot)
            await until(lambda: "game over" in screen_text(app), pilot)
            assert "Persuasion · Ann, Bo, Cy" in screen_text(app)
            await pilot.press("ctrl+q")
            await until(lambda: app.return_code is not None, pilot)
        assert app.return_code == 0 and app.farewell is None


async def test_when_the_parlour_stops_a_guest_is_told_the_table_comes_back_with_it(
    tmp_path: Path,
):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, ANN_AND_BOTS)
        app = JoinApp(parlour.path, code=opened.codes[0].code)
        async with app.run_test() as pilot:
            await until(lambda: app.joined is not None, pilot)
            rejoin = parlour.tables[opened.table].host.seating.claims[0]
            await parlour.close()
            await until(lambda: app.farewell is not None, pilot)
    assert app.farewell == (
        f"parlour: {SERVED_STOPPED} The table comes back when the parlour does (its lobby "
        f"lists it), and your rejoin code {shown_code(rejoin)} still opens your seat."
    )
    assert app.return_code == 0


async def test_a_guest_whose_parlour_vanished_is_told_the_table_comes_back_with_it(
    tmp_path: Path,
):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, ANN_AND_BOTS)
        host = parlour.tables[opened.table].host
        app = JoinApp(parlour.path, code=opened.codes[0].code)
        async with app.run_test() as pilot:
            await until(lambda: app.joined is not None, pilot)
            gone_as_if_killed(parlour._server, parlour.path, host)  # the server is gone
            await until(lambda: app.farewell is not None, pilot)
    assert app.farewell.startswith(
        "parlour: The connection to the parlour was lost: it has stopped. The table comes "
        "back when the parlour does"
    )
    assert HOSTING not in app.farewell


async def test_a_table_put_away_tells_its_guests_so(tmp_path: Path):
    clock = Clock()
    async with serving(tmp_path, Limits(idle_days=1), clock=clock) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, ANN_AND_BOTS)
        app = JoinApp(parlour.path, code=opened.codes[0].code)
        async with app.run_test() as pilot:
            await until(lambda: app.joined is not None, pilot)
            clock.now += 86400
            assert await parlour.expire() == [opened.table]
            await until(lambda: app.farewell is not None, pilot)
    assert app.farewell == f"parlour: {PUT_AWAY}"


async def test_a_served_tables_own_screens_lay_out_and_draw_nothing(tmp_path: Path):
    """Nobody looks at a served table's own app (each guest's seat draws its own screens),
    so nothing on its screens takes room or is painted, move after move."""
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "persuasion", NAMES, PEOPLE)
        table = parlour.tables[opened.table]
        guests = await seated(parlour.path, opened)
        asked = guests[table.session.prompt.seats[0]]
        asked.act(persuasion_bot(asked.seat).choose(asked.snapshot.view.data))
        await until(lambda: len(table.session.actions) == 1)
        app = table.app
        assert await Pilot(app)._wait_for_screen(), app._exception
        widgets = list(app.screen.query("*"))
        assert widgets  # the table's screen is there, with the game's widgets
        assert [w for w in widgets if w.region.area] == []
