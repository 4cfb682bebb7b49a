"""A guest's terminal at a served parlour: the lobby lists the tables and the message
of the day; from it a guest starts a table (and is shown its codes, then seated),
takes an open table's free seat, watches one, or types a code; leaving a seat brings
them back to the lobby, told how to come back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.net_helpers import until
from tests.serve_helpers import open_table, serving
from tests.tui_helpers import screen_text, settle
from tui import messages
from tui.net.codes import shown_code
from tui.screens.setup import SetupScreen
from tui.serve.limits import Limits
from tui.serve.lobby import CodesScreen, GamePickScreen, LobbyScreen, SeatPickScreen
from tui.serve.lobby_app import LobbyApp

ISLAND = ("Ann", "Bo", "Cy")
PEOPLE_AND_BOT = ("person", "person", "bot")


async def shows(pilot: Any, words: str) -> None:
    try:
        await until(lambda: words in screen_text(pilot.app), pilot)
    except AssertionError:
        raise AssertionError(f"{pilot.app.screen_stack}\n{screen_text(pilot.app)}") from None


async def test_the_lobby_lists_the_tables_under_the_message_of_the_day(tmp_path: Path):
    async with serving(tmp_path, Limits(motd="[b]Welcome[/b], friends")) as parlour:
        await open_table(parlour.path, "island", ISLAND, PEOPLE_AND_BOT)
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "Temptation Island · Ann, Bo, Cy · free: Ann and Bo")
            text = screen_text(app)
            assert "[b]Welcome[/b], friends" in text  # (a person's words: never markup)
            assert "0 here · active now" in text


async def test_a_table_started_from_the_lobby_shows_its_codes_then_seats_the_starter(
    tmp_path: Path,
):
    async with serving(tmp_path) as parlour:
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "No tables yet: n starts one.")
            await pilot.press("n")
            await shows(pilot, "Start a table: which game?")
            await pilot.press("down", "enter")  # Temptation Island
            await until(lambda: isinstance(app.screen, SetupScreen), pilot)
            await settle(pilot)
            await pilot.press("ctrl+s")
            await until(lambda: isinstance(app.screen, CodesScreen), pilot)
            (table,) = parlour.tables.values()
            codes = table.host.seating.codes
            text = screen_text(app)
            assert "Your seat: Ann (Enter takes it now)" in text
            assert f"Bo: {shown_code(codes[1])}" in text
            assert shown_code(codes[0]) not in text  # (the starter's own: taken at once)
            await pilot.press("enter")
            await until(lambda: table.host.joined_now() == [0], pilot)
            await shows(pilot, "Turn 1")
            assert table.session.seats[2].is_bot


async def test_a_guest_takes_an_open_tables_free_seat_from_the_lobby(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ISLAND, ("person", "bot", "bot"))
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "free: Ann")
            await pilot.press("enter")  # (one free seat: Enter takes it)
            await until(lambda: parlour.tables[opened.table].host.joined_now() == [0], pilot)
            await shows(pilot, "Turn 1")


async def test_a_guest_watches_a_table_and_sees_no_hand(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ISLAND, PEOPLE_AND_BOT)
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "free: Ann and Bo")
            await pilot.press("w")
            table = parlour.tables[opened.table]
            await until(lambda: len(table.host.clients) == 1, pilot)
            await until(lambda: "for your eyes only" not in screen_text(app)
                        and "Temptation Island" in screen_text(app), pilot)  # fmt: skip
            assert table.host.clients[0].seat is None
            assert not table.host.seating.claimed(0) and not table.host.seating.claimed(1)


async def test_a_code_typed_in_the_lobby_joins_its_seat(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ISLAND, PEOPLE_AND_BOT, open=False)
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "(by code)")
            await pilot.press("c")
            await shows(pilot, "Type your join code and press Enter.")
            await pilot.press(*opened.codes[1].code.lower(), "enter")
            await until(lambda: parlour.tables[opened.table].host.joined_now() == [1], pilot)
            await shows(pilot, "Turn 1")


async def test_leaving_a_seat_for_the_lobby_says_how_to_come_back(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        opened = await open_table(parlour.path, "island", ISLAND, ("person", "bot", "bot"))
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "free: Ann")
            await pilot.press("enter")
            table = parlour.tables[opened.table]
            await until(lambda: table.host.joined_now() == [0], pilot)
            rejoin = table.host.seating.claims[0]
            app.post_message(messages.ShowLobby())
            await until(lambda: isinstance(app.screen, LobbyScreen), pilot)
            await shows(pilot, f"c, then your rejoin code {shown_code(rejoin)}")
            await until(lambda: table.host.joined_now() == [], pilot)
            await shows(pilot, "every seat taken")


async def test_a_full_parlour_greys_out_a_new_table_and_says_why(tmp_path: Path):
    async with serving(tmp_path, Limits(tables=1)) as parlour:
        await open_table(parlour.path, "island", ISLAND, PEOPLE_AND_BOT)
        app = LobbyApp(parlour.path)
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "free: Ann and Bo")
            assert app.screen.check_action("new", ()) is False
            await pilot.press("n")
            assert isinstance(app.screen, LobbyScreen)


async def test_every_lobby_screen_fits_every_size(tmp_path: Path):
    from tests.screen_sweep import render_sizes

    async with serving(tmp_path, Limits(motd="Thursday is Lantern night")) as parlour:
        await open_table(parlour.path, "island", ISLAND, PEOPLE_AND_BOT)
        app = LobbyApp(parlour.path)
        problems: list[str] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "free: Ann and Bo")
            problems += await render_sizes(pilot)  # the lobby
            await pilot.press("j")
            await until(lambda: isinstance(app.screen, SeatPickScreen), pilot)
            problems += await render_sizes(pilot)
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen), pilot)
            await pilot.press("n")
            await until(lambda: isinstance(app.screen, GamePickScreen), pilot)
            problems += await render_sizes(pilot)
            await pilot.press("down", "enter")
            await until(lambda: isinstance(app.screen, SetupScreen), pilot)
            problems += await render_sizes(pilot)
            await settle(pilot)
            await pilot.press("ctrl+s")
            await until(lambda: isinstance(app.screen, CodesScreen), pilot)
            problems += await render_sizes(pilot)
        assert problems == [], problems
