"""The host's own keys: Ctrl+Q asks first while friends play from their terminals; a
code shows only when its seat's number is pressed; the seats come back from the
palette, where a seat can be freed for another terminal (it gets a new code)."""

from __future__ import annotations

from pathlib import Path

from tests.net_helpers import WireClient, hosting, island
from tests.tui_helpers import press, screen_text
from tui.net import host as host_module
from tui.net import wire
from tui.net.host_app import QUIT_QUESTION, RESUME, HostApp
from tui.net.seating import WRONG_CODE
from tui.net.seats_screen import HIDDEN_CODE, SeatsLaterScreen, SeatsScreen
from tui.screens.confirm import ConfirmScreen


def _host_app(tmp_path: Path) -> HostApp:
    return HostApp(tmp_path, data_dir=tmp_path.parent, bot_delay=0.0, dice_delay=0.0,
                   seed_source=lambda: 7)


async def _no_wait(seconds: float) -> None:
    return None


def _shown(code: str) -> str:
    return f"{code[:3]}-{code[3:]}"


async def test_a_code_shows_only_while_its_seats_number_is_pressed(tmp_path: Path):
    app = _host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        await press(pilot)
        assert isinstance(app.screen, SeatsScreen)
        codes = [_shown(host.codes[seat]) for seat in range(3)]
        text = screen_text(app)
        assert text.count(HIDDEN_CODE) == 3 and not any(code in text for code in codes)
        await press(pilot, "2")
        text = screen_text(app)
        assert codes[1] in text and codes[0] not in text and codes[2] not in text
        await press(pilot, "2")
        assert codes[1] not in screen_text(app)
        assert f"Watch code: {_shown(host.seating.watch_code)}" in screen_text(app)


async def test_quitting_asks_first_while_friends_are_joined(tmp_path: Path):
    app = _host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        friend = WireClient(host.path)
        await friend.join(host.codes[1])
        await press(pilot, "enter")  # the game starts
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == QUIT_QUESTION.format("Bo is", "a terminal")
        await press(pilot, "n")
        assert app.is_running and not host.closed
        await press(pilot, "ctrl+q")
        app.screen.action_yes()  # (y: the app ends, so no key waits for a repaint after it)
    while friend.ended is None:  # (told as the app shuts down)
        await friend.receive()
    assert friend.ended == host_module.HOST_LEFT
    save = tmp_path / "game.json"
    assert app.farewell == RESUME.format(save)


async def test_quitting_with_nobody_joined_does_not_ask(tmp_path: Path):
    app = _host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        await app.action_quit()
        assert not isinstance(app.screen, ConfirmScreen)
    assert app.return_code == 0 and app._exit_renderables == []


async def test_the_host_frees_a_seat_from_the_palettes_seats(tmp_path: Path):
    app = _host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await hosting(pilot, island(3), tmp_path, [0, 1, 2])
        host.pacing.sleep = _no_wait  # (the old rejoin code's refusal comes at once)
        friend = WireClient(host.path)
        await friend.join(host.codes[0])
        old = host.codes[0]
        await press(pilot, "enter")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Seats" in titles
        app.action_seats()
        await pilot.pause()
        assert isinstance(app.screen, SeatsLaterScreen)
        assert "1 Ann: joined; 1 frees the seat" in screen_text(app)
        await press(pilot, "1")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        while friend.ended is None:
            await friend.receive()
        assert friend.ended == host_module.FREED
        new = host.codes[0]
        assert new != old and _shown(new) in screen_text(app)
        assert await WireClient(host.path).join(friend.welcome.rejoin) == wire.Refused(WRONG_CODE)
        await press(pilot, "enter")
        assert not isinstance(app.screen, SeatsLaterScreen)
