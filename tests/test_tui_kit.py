"""The kit every game's screens stand on, tried the way a new player meets it.

Each test here is a defect people tripped over at 80x24: ``?`` typed into a
name, digits that did nothing in a numbered list, ticks told apart by colour
alone, keys acting under the "enlarge the terminal" notice, focus lost after a
resize, a screenshot of a private screen, a lobby that forgot the game, a second
``n`` typed as a name, PageDown skipping lines, a slow end screen, and a
finished game's save rewritten by opening it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input, OptionList

from rules import registry
from rules.island.state import PlayResponse
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.simulate import play_out
from tests import v2_saves
from tests.tui_helpers import handing_over, make_app, open_setup, screen_text, to_curtain
from tui.island.seat import IslandChoice
from tui.kit.base import ProseInput
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.resolution import ResolutionScreen
from tui.screens.setup import SetupScreen
from tui.widgets.cards import SELECTED, UNSELECTED, CardSelection
from tui.widgets.story import Paragraph, StoryLog

ISLAND = registry.get("island")


def island(*kinds: str, seed: int = 7) -> Session:
    names = ("Ann", "Bo", "Cleo")
    config = ISLAND.make_config(names, {}, ISLAND.default_pack())
    plans = tuple(SeatPlan(n, k) for n, k in zip(names, kinds or (PERSON,) * 3, strict=True))
    return Session.start(ISLAND, config, seed, plans)


def opening(session: Session, path: Path | None = None, fresh: bool = True):
    return lambda app: app.start_flow(session, path, fresh=fresh)


# --- help -----------------------------------------------------------------------


async def test_question_mark_in_a_name_field_opens_help_and_types_nothing(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "island")
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert name.value == "Ann"


async def test_question_mark_is_typed_where_free_text_goes_and_f1_opens_help(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = ProseInput(id="free")
        await app.screen.mount(field)
        field.focus()
        await pilot.pause()
        await pilot.press("W", "h", "o", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert field.value == "Who?"
        assert "F1 Help" in screen_text(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


# --- numbered options and ticks -------------------------------------------------


async def test_a_digit_moves_to_that_option_of_a_numbered_list(tmp_path: Path):
    session = island()
    app = make_app(tmp_path, opening=opening(session))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)  # the table hands the keyboard over: the curtain
        await pilot.press("enter")  # lift the first responder's curtain
        await pilot.pause()
        assert isinstance(app.screen, IslandChoice)
        options = app.screen.query_one("#options", OptionList)
        assert options.highlighted == 0
        await pilot.press("3")
        assert options.highlighted == 2
        await pilot.press("enter")
        await pilot.pause()
        seat = session.prompt.seats[0]
        assert app.flow.session.actions == (PlayResponse(seat, session.state.hands[seat][2]),)


class Picks(App[None]):
    def compose(self) -> ComposeResult:
        yield CardSelection[int](("Seven of hearts", 0), ("Two of clubs", 1), id="picks")


async def test_a_ticked_card_carries_a_tick_mark_not_only_a_colour():
    app = Picks()
    async with app.run_test(size=(40, 6)) as pilot:
        app.query_one(CardSelection).select(0)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert f"▐{SELECTED}▌ Seven of hearts" in lines[1], lines
        assert f"▐{UNSELECTED}▌ Two of clubs" in lines[2], lines


# --- too small ------------------------------------------------------------------


async def test_no_key_acts_under_the_enlarge_notice(tmp_path: Path):
    session = island()
    app = make_app(tmp_path, opening=opening(session))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert handing_over(app)  # the public table first: Enter there hands over
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert handing_over(app)
        assert "Please enlarge the terminal" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Please enlarge the terminal" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        hand = session.state.hands[session.prompt.seats[0]]
        assert not any(card in screen_text(app) for card in hand)


async def test_the_card_list_has_the_focus_again_after_a_small_terminal(tmp_path: Path):
    app = make_app(tmp_path, opening=opening(island()))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()
        options = app.screen.query_one("#options", OptionList)
        assert app.focused is options
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("down")
        assert options.highlighted == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.focused is options
        await pilot.press("down")
        assert options.highlighted == 1


# --- screenshots ----------------------------------------------------------------


async def test_no_screenshot_of_a_curtain_or_a_private_screen(tmp_path: Path, monkeypatch):
    app = make_app(tmp_path, opening=opening(island()))

    def taken(*args, **kwargs):
        raise AssertionError("a screenshot was taken")

    monkeypatch.setattr(app, "export_screenshot", taken)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)  # past the public table, to the first person's curtain
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert isinstance(app.screen, CurtainScreen) and "Screenshot" not in titles
        assert app.deliver_screenshot(path=str(tmp_path)) is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, IslandChoice)
        assert "Screenshot" not in [c.title for c in app.get_system_commands(app.screen)]
        assert app.deliver_screenshot(path=str(tmp_path)) is None


async def test_a_screenshot_of_the_lobby_is_fine(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Screenshot" in [c.title for c in app.get_system_commands(app.screen)]
        assert app.deliver_screenshot("lobby.svg", str(tmp_path)) is not None


# --- the lobby and setup ---------------------------------------------------------


async def test_the_lobby_remembers_the_game_picked_last(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "persuasion")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.screen.game_id == "persuasion"


async def test_keys_typed_while_setup_opens_are_not_a_name(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one(OptionList)
        games.highlighted = 1  # the Island
        # Two presses arrive together, as they do from a busy machine or over SSH.
        app.post_message(events.Key("n", "n"))
        app.post_message(events.Key("n", "n"))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#name-0", Input).value == "Ann"


# --- the end --------------------------------------------------------------------


async def test_page_down_moves_one_screen_less_one_line(tmp_path: Path):
    story = [Paragraph(f"Line {n} of the story.") for n in range(200)]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ResolutionScreen("A game", "", "Winners: Ann", story))
        await pilot.pause()
        before = [line.strip() for line in screen_text(app).splitlines()[1:-1] if line.strip()]
        await pilot.press("pagedown")
        await pilot.pause()
        after = [line.strip() for line in screen_text(app).splitlines()[1:-1] if line.strip()]
        assert after[0] == before[-1]
        number = int(before[-1].split()[1])
        assert after[1] == f"Line {number + 1} of the story."


async def test_the_end_of_a_long_game_draws_only_what_shows(tmp_path: Path):
    game = registry.get("temptress")
    names = ("Ann", "Bo", "Cleo", "Dev")
    config = game.make_config(names, {"round_limit": 10}, game.default_pack())
    session = play_out(Session.start(game, config, 3, tuple(SeatPlan(n, BOT) for n in names)), 9000)
    assert session.outcome is not None and len(session.view(None).log) > 300
    app = make_app(tmp_path, opening=opening(session, None, fresh=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        assert screen_text(app).splitlines()[0].strip().startswith("Winners: ")
        assert len(app.screen.query("*")) < 30  # one widget for the whole story
        assert len(app.screen.query_one(StoryLog).lines) > 300


async def test_opening_a_finished_game_leaves_its_save_as_it_was(tmp_path: Path):
    session = play_out(island(BOT, BOT, BOT), 600)
    assert session.outcome is not None
    path = tmp_path / "island-done.json"
    v2_saves.write(session, path)
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.resume(path) is None
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
    assert path.read_bytes() == before


# --- every game ----------------------------------------------------------------

FORBIDDEN_KEYS = {"ctrl+h": "Backspace", "ctrl+b": "tmux's prefix", "ctrl+j": "a newline"}


def test_no_screen_binds_a_key_terminals_or_tmux_take():
    from tests.screen_sweep import screen_classes

    found, keys = [], set()
    for cls in screen_classes():
        merged = cls._merged_bindings
        for bindings in merged.key_to_bindings.values() if merged else ():
            for binding in bindings:
                for key in binding.key.split(","):
                    keys.add(key)
                    if key in FORBIDDEN_KEYS:
                        found.append(f"{cls.__name__}: {key} ({FORBIDDEN_KEYS[key]})")
    assert {"ctrl+o", "question_mark", "f1", "h"} <= keys  # the scan sees the screens' keys
    assert found == []


@pytest.mark.parametrize("game_id", registry.ids())
async def test_every_games_setup_shows_its_labels_whole_at_80x24(tmp_path: Path, game_id: str):
    game = registry.get(game_id)
    texts = game.text_options(game.default_pack())
    labels = [o.label for o in game.options] + [t.label for t in texts]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, game_id)
        form = app.screen.query_one("#form")
        seen: set[str] = set()
        for _ in range(60):  # a line at a time, so every row shows whole at some point
            seen |= set(screen_text(app).splitlines())
            if form.scroll_y >= form.max_scroll_y:
                break
            form.scroll_relative(y=1, animate=False)
            await pilot.pause()
        missing = [label for label in labels if not any(f" {label} " in row for row in seen)]
        assert missing == []


@pytest.mark.parametrize("game_id", registry.ids())
async def test_every_games_demo_says_when_it_is_paused(tmp_path: Path, game_id: str):
    app = make_app(tmp_path, bot_delay=3600, opening=lambda app: app.start_demo(game_id, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "DEMO" in screen_text(app) and "(paused)" not in screen_text(app)
        await pilot.press("space")
        await pilot.pause()
        assert "DEMO (paused)" in screen_text(app)
