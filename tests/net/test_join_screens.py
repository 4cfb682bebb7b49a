"""A joined seat's own terminal (``parlour join``), driven with Pilot beside its host.

A mixed table: Ann joins from a terminal of her own, Bo plays behind the curtain at
the host's keyboard, Cleo is a bot. Ann's terminal shows her seat's screens with no
curtain and never another seat's secret; the host's display never shows Ann's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.island.state import MoveTo, Phase, PlaceTile
from rules.session import Session
from rules.simulate import play_out
from tests.net_helpers import gone_as_if_killed, hosting, island, until, with_bots
from tests.screen_sweep import check_size, game_ids, tables
from tests.tui_helpers import (
    direction_key,
    handing_over,
    make_app,
    press,
    screen_text,
    secret_leaks,
    settle,
)
from tui.island.seat import IslandChoice
from tui.island.table import IslandTable
from tui.kit.table import TableScreen
from tui.net.join_app import REJOIN, REMOTE_CRASH, JoinApp, JoinScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen

ANN, BO, CLEO = 0, 1, 2


def _move_keys(view, seat: int) -> tuple[str, str]:
    """The keys for the seat's last open move (a removal when there is one)."""
    action = view.choices.opened[-1].value
    key = "m" if isinstance(action, MoveTo) else "p"
    key = key if isinstance(action, MoveTo | PlaceTile) else "r"
    return direction_key(view.pieces[seat], action.target), key


async def test_a_joined_seat_plays_its_own_screens_at_a_mixed_table(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        session = island(4, people=2)
        host = await hosting(host_pilot, session, tmp_path, [ANN])
        assert host.codes.keys() == {ANN}
        join_app = JoinApp(host.path, code=host.codes[ANN])
        async with join_app.run_test(size=(100, 30)) as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            await settle(host_pilot)
            assert "1 Ann: joined; 1 frees the seat" in screen_text(host_app)
            await host_pilot.press("enter")  # the host starts the game
            await settle(host_pilot)
            assert host.codes[ANN] not in screen_text(host_app).replace("-", "")
            seen: set[str] = set()
            shown: list[IslandTable] = []  # every public table Ann's terminal showed
            hidden = 0  # her steps hidden and shown again
            for _ in range(400):
                await settle(host_pilot)
                await settle(pilot)
                flow = host_app.flow
                assert flow is not None
                live = flow.session
                if isinstance(host_app.screen, ResolutionScreen):
                    await until(lambda: isinstance(join_app.screen, ResolutionScreen), pilot)
                    break
                # The host's display: Bo's curtain and screens, the public table.
                host_text = screen_text(host_app)
                viewer = BO if isinstance(host_app.screen, IslandChoice) else None
                assert secret_leaks(live, host_text, viewer) == []
                # Ann's terminal: her screens, no curtain, never another's secret.
                text = screen_text(join_app)
                assert not isinstance(join_app.screen, CurtainScreen)
                assert secret_leaks(live, text, ANN) == []
                seen.add(type(join_app.screen).__name__)
                if isinstance(join_app.screen, IslandTable) and join_app.screen not in shown:
                    shown.append(join_app.screen)
                if isinstance(join_app.screen, IslandTable):  # the story follows to its end
                    last = join_app.joined.table.view(None).log[-1]
                    assert " ".join(last.split()) in " ".join(text.split())
                before = len(live.actions)
                prompt = live.prompt
                asked = None if prompt is None else prompt.seats[0]
                if asked == ANN and isinstance(join_app.screen, IslandChoice):
                    assert "Ann, for your eyes only" in text
                    if shown:  # her screen over the table kept below it; help over both
                        assert join_app.screen_stack[-2] is shown[0]
                        await press(pilot, "question_mark")
                        await press(pilot, "escape")
                        assert isinstance(join_app.screen, IslandChoice)
                        await press(pilot, "h")  # hidden: the curtain over her step
                        assert isinstance(join_app.screen, CurtainScreen)
                        hidden += 1
                        assert join_app.screen_stack[-2] is shown[0]
                        await press(pilot, "enter")
                        assert isinstance(join_app.screen, IslandChoice)
                    await pilot.press("enter")
                elif asked == ANN and prompt.kind == Phase.MOVE:
                    assert isinstance(join_app.screen, IslandTable)
                    await pilot.press(*_move_keys(join_app.joined.table.view(ANN), ANN))
                elif asked == BO and prompt.kind == Phase.MOVE and not handing_over(host_app):
                    await host_pilot.press(*_move_keys(flow.view(BO), BO))
                    continue
                elif asked == BO:
                    await host_pilot.press("enter")  # the hand-over, the curtain, the card
                    continue
                else:
                    continue
                await until(lambda b=before: len(host_app.flow.session.actions) > b, pilot)
            assert isinstance(join_app.screen, ResolutionScreen)
            assert {"IslandChoice", "IslandTable"} <= seen
            assert len(shown) == 1  # one table, kept under her own screens, never built anew
            assert hidden >= 1


async def test_a_wrong_code_is_refused_on_the_join_screen(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test() as host_pilot:
        host = await hosting(host_pilot, island(4, people=2), tmp_path, [ANN])

        async def no_wait(seconds: float) -> None:
            return None

        host.pacing.sleep = no_wait
        join_app = JoinApp(host.path)
        async with join_app.run_test() as pilot:
            await settle(pilot)
            assert isinstance(join_app.screen, JoinScreen)
            await pilot.press(*"ZZZ-ZZZ", "enter")
            await until(lambda: "opens no seat" in screen_text(join_app), pilot)
            assert join_app.joined is None


async def test_a_dropped_terminal_joins_again_by_itself_with_its_rejoin_code(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test() as host_pilot:
        host = await hosting(host_pilot, island(4, people=2), tmp_path, [ANN])
        join_app = JoinApp(host.path, code=host.codes[ANN])
        async with join_app.run_test() as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            rejoin = host.seating.claims[ANN]
            assert join_app.code == rejoin
            toast = REJOIN.format(f"{rejoin[:3]}-{rejoin[3:]}")
            assert [n.message for n in join_app._notifications] == [toast]
            mine = join_app.joined.table.view(ANN)
            first = host.clients[0]
            first.abort()  # the connection drops (the host let a slow reader go, say)
            await until(lambda: host.clients and host.clients[0] is not first, pilot)
            await until(lambda: join_app.joined is not None, pilot)
            assert join_app.joined.table.view(ANN) == mine
            assert not host.table.seats[ANN].away
            await press(pilot, "question_mark")
            assert join_app.screen._phase.endswith("\n\n" + toast)


async def test_when_the_host_ends_a_joined_terminal_ends_saying_how_to_come_back(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test() as host_pilot:
        host = await hosting(host_pilot, island(4, people=2), tmp_path, [ANN])
        join_app = JoinApp(host.path, code=host.codes[ANN])
        async with join_app.run_test() as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            rejoin = host.seating.claims[ANN]
            host.close()
            await until(lambda: join_app.farewell is not None, pilot)
        assert join_app.farewell == (
            "parlour: The host has ended the game. When the game is hosted again "
            f"(parlour host --resume), join with your rejoin code {rejoin[:3]}-{rejoin[3:]}."
        )
        assert join_app.return_code == 0


async def test_a_joined_terminal_whose_host_vanished_ends_after_one_try_again(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test() as host_pilot:
        host = await hosting(host_pilot, island(4, people=2), tmp_path, [ANN])
        join_app = JoinApp(host.path, code=host.codes[ANN])
        async with join_app.run_test() as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            gone_as_if_killed(host._server, host.path, host)  # the host is gone
            await until(lambda: join_app.farewell is not None, pilot)
        assert join_app.farewell.startswith(
            "parlour: The connection to the host was lost: the host has stopped. When the game"
        )


async def test_a_joined_terminal_takes_no_screenshot(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test() as host_pilot:
        host = await hosting(host_pilot, island(4, people=3), tmp_path, [ANN, BO, CLEO])
        host.begin()
        watching = JoinApp(host.path, watching=True, remote=True)
        async with watching.run_test() as pilot:
            await until(lambda: isinstance(watching.screen, IslandTable), pilot)
            titles = [c.title for c in watching.get_system_commands(watching.screen)]
            assert "Screenshot" not in titles and "Help" in titles
            assert watching.deliver_screenshot(path=str(tmp_path)) is None
            assert list(tmp_path.glob("*.svg")) == []
            assert watching.report_crash(RuntimeError("x")) == REMOTE_CRASH
            assert watching.crash_log is None


async def test_a_watching_terminal_shows_the_public_table_and_acts_on_nothing(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        host = await hosting(host_pilot, island(4, people=3), tmp_path, [ANN, BO, CLEO])
        host.begin()
        watching = JoinApp(host.path, watching=True)
        async with watching.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(watching.screen, IslandTable), pilot)
            await settle(pilot)
            text = screen_text(watching)
            assert secret_leaks(host.table.session, text, None) == []
            assert "Now: Ann" in text
            for key in ("m Move", "p Place", "r Remove", "u Take back"):
                assert key not in text


async def test_the_end_screens_keys_on_a_joined_terminal_say_where_they_act(tmp_path: Path):
    from tui.net.join_app import AGAIN, EXPORT

    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        start = island(4, people=1)
        session = Session.start(start.game, start.config, 918273645546372819, start.seats)
        host = await hosting(host_pilot, play_out(session, 500), tmp_path, [ANN])
        host.begin()
        join_app = JoinApp(host.path, code=host.codes[ANN])
        async with join_app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(join_app.screen, ResolutionScreen), pilot)
            text = screen_text(join_app)
            assert "The seed stays with the host" in text
            assert str(session.seed) not in text
            await press(pilot, "e")
            await press(pilot, "p")
            shown = [n.message for n in join_app._notifications]
            assert shown[1:] == [EXPORT, AGAIN]  # (after the rejoin code's)


@pytest.mark.parametrize("game_id", game_ids())
async def test_a_joined_seats_screens_fit_80x24_with_every_key_in_the_bar(
    tmp_path: Path, game_id: str
):
    session = with_bots(tables(game_id)[0].session(3, pins=False), people=1)
    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(80, 24)) as host_pilot:
        host = await hosting(host_pilot, session, tmp_path, [0])
        host.begin()
        join_app = JoinApp(host.path, code=host.codes[0])
        async with join_app.run_test(size=(80, 24)) as pilot:
            await until(lambda: join_app.joined is not None, pilot)
            shown: set[str] = set()
            for _ in range(30):  # the seat's first screens, Enter on each, up to its table
                await settle(pilot)
                screen = join_app.screen
                shown.add(type(screen).__name__)
                assert "^q Quit" in screen_text(join_app).splitlines()[-1], type(screen)
                assert check_size(screen_text(join_app), 80, 24) is None
                if isinstance(screen, TableScreen):
                    break
                await press(pilot, "enter")
            assert shown
