"""Every screen of every registered game at 20x5, 40x12, 80x24, 300x100 and 120x40.

For each game: the setup form (every seat a person, some with PINs), then a game
driven to the end by the bots (tests/screen_sweep.py) while every key a screen
offers is pressed once (and taken back when it acted), so forms, consoles and
pages that only keys open show too; and the game's demo (the public table,
paused). The lobby, its help and the resume list show once, in their own test.
Each screen class is shown at the five sizes when it first appears: no exception,
below 80x24 the enlarge notice and nothing else, from 80x24 up never the notice.
A game's run must show every ParlourScreen subclass in the tui package that
belongs to the shell or to that game (an abstract base counts when a subclass shows),
so a new game's screens join by themselves and a missed one fails. Once all have
shown, the bots finish the game off the screens and the resolution shows. The
privacy scan runs on every screen too (the keys reach pages the bot games of
test_privacy_sweep.py do not).
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from rules import registry
from rules.session import PERSON
from tests import v2_saves
from tests.faults import FaultyOs
from tests.net_helpers import hosting
from tests.screen_sweep import (
    SIZES,
    Moment,
    Table,
    check_size,
    classes_for,
    covered,
    drive,
    game_ids,
    game_package,
    is_abstract,
    kit_classes,
    pin_of,
    playout,
    quick_plans,
    render_sizes,
    scan,
    screen_classes,
    tables,
)
from tests.tui_helpers import make_app, open_setup, screen_text, settle, wait_until
from tui.messages import AskFirst
from tui.net.join_app import JoinApp, JoinScreen
from tui.net.seats_screen import SeatsLaterScreen, SeatsScreen
from tui.persistence import journal
from tui.persistence.journal import Journal
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.resolution import ResolutionScreen
from tui.screens.resume import ResumeScreen
from tui.screens.save_failed import SaveFailedScreen
from tui.screens.setup import SetupScreen
from tui.serve import lobby as served_lobby
from tui.widgets.toggle import Toggle

DRIVE = SIZES[-1]
ONE_SIDE_SMALL = ((79, 40), (300, 23))


def test_the_notice_check_itself():
    """The size check accepts the notice, cut short by a tiny terminal, and nothing else."""
    assert check_size("Please enlarge the terminal\n to at least", 20, 5) is None
    full = "Please enlarge the terminal to at least 80x24.\nIt is 40x12 now. (Ctrl+Q quits"
    assert check_size(full, 40, 12) is None
    assert check_size("Pass the keyboard to Ann", 40, 12) is not None
    assert check_size("Please enlarge the terminal to at least 80x24. Ann", 40, 12) is not None
    assert check_size("Please enlarge the terminal", 80, 24) is not None
    assert check_size("   ", 120, 40) is not None
    assert check_size("Pass the keyboard to Ann", 80, 24) is None
    assert (79, 24) not in SIZES and any(w < 80 or h < 24 for w, h in SIZES)


def test_every_screen_class_belongs_to_the_shell_or_one_game():
    everything = screen_classes()
    assert {LobbyScreen, SetupScreen, ResumeScreen, HelpScreen, ResolutionScreen} <= everything
    parts = [classes_for(None), kit_classes()] + [classes_for(g) for g in game_ids()]
    assert sum(len(p) for p in parts) == len(everything)
    assert frozenset().union(*parts) == everything
    for game_id in game_ids():
        assert classes_for(game_id), f"{game_id}: no screens in {game_package(game_id)}"
    for base in filter(is_abstract, everything):
        assert any(issubclass(c, base) and not is_abstract(c) for c in everything), base
    assert all(is_abstract(base) for base in kit_classes())


HOSTING = frozenset({SeatsScreen, SeatsLaterScreen, JoinScreen})
SERVED = frozenset(
    {served_lobby.LobbyScreen, served_lobby.GamePickScreen, served_lobby.SeatPickScreen,
     served_lobby.CodesScreen, served_lobby.ChoiceListScreen}
)  # fmt: skip
"""A served parlour's lobby screens: shown at every size by ``tests/serve/test_lobby.py``."""
SHELL_ONLY = (
    frozenset({LobbyScreen, ResumeScreen, ConfirmScreen, SaveFailedScreen}) | HOSTING | SERVED
)
"""Shell screens rendered once, by the shell tests: those that never show a game, the
question before a move that cannot be taken back (the drives act through the flow,
not the keys that would ask it), the table stopped by a save that failed, and a hosted
game's codes and a joined terminal's code screen."""


async def _sizes_of(pilot, screen_type: type) -> list[str]:
    """Once ``screen_type`` shows: what is wrong with it at each size."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, screen_type), pilot.app.screen
    return await render_sizes(pilot)


async def test_the_host_codes_and_the_join_screen_at_every_size(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=DRIVE) as pilot:
        host = await hosting(pilot, tables("island")[0].session(5, pins=False), tmp_path, [0, 1])
        problems = await _sizes_of(pilot, SeatsScreen)
        await pilot.press("enter")  # the game starts; the seats come back from the palette
        pilot.app.push_screen(SeatsLaterScreen(host, "Temptation Island", ()))
        problems += await _sizes_of(pilot, SeatsLaterScreen)
        await pilot.press("enter")
        joining = JoinApp(host.path)
        async with joining.run_test(size=DRIVE) as join_pilot:
            problems += await _sizes_of(join_pilot, JoinScreen)
    assert problems == []


async def test_the_lobby_its_help_and_the_resume_list_at_every_size(
    tmp_path: Path, monkeypatch
):
    for game_id in game_ids():
        table = tables(game_id)[0]
        v2_saves.write(table.session(5), tmp_path / f"{game_id}-five.json")
    (tmp_path / "broken-one.json").write_text("{ not json")
    rendered: set[type] = set()
    problems: list[str] = []
    app = make_app(tmp_path)
    async with app.run_test(size=DRIVE) as pilot:
        problems += await _sizes_of(pilot, LobbyScreen)
        await pilot.press("question_mark")
        problems += await _sizes_of(pilot, HelpScreen)
        await pilot.press("escape")
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        assert "(damaged) broken-one.json" in text
        for game_id in game_ids():
            assert registry.get(game_id).title in text
        problems += await _sizes_of(pilot, ResumeScreen)
        question = "Deliver your last ring to Bartholomew? The last rings settle the season."
        app.post_message(AskFirst(question, lambda answer: None, "Persuasion"))
        problems += await _sizes_of(pilot, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        rendered |= {LobbyScreen, HelpScreen, ResumeScreen, ConfirmScreen}
        # A move the disk has no room for: the table stops.
        game = tmp_path / "playing" / "island-stopped.json"
        Journal(game).save(tables("island")[0].session(0))
        assert app.resume(game) is None
        await pilot.pause()
        monkeypatch.setattr(journal, "os", FaultyOs(errno.ENOSPC, game.parent))
        seat = app.flow.prompt.seats[0]
        app.flow.act(app.flow.session.bot_for(seat).choose(app.flow.view(seat)))
        problems += await _sizes_of(pilot, SaveFailedScreen)
        rendered.add(SaveFailedScreen)
        # Too narrow alone, or too short alone, is too small as well.
        for width, height in ONE_SIDE_SMALL:
            await pilot.resize_terminal(width, height)
            problems += [p for p in [check_size(screen_text(app), width, height)] if p]
    assert problems == []
    assert SHELL_ONLY - HOSTING - SERVED <= rendered  # (the hosting screens: the test before)


async def _fill_setup(pilot, table: Table, seed: int) -> None:
    screen = pilot.app.screen
    game = table.game
    if game.min_seats != game.max_seats:
        screen.query_one("#count", Input).value = str(table.seats)
    for seat in range(table.seats):
        screen.query_one(f"#kind-{seat}", Toggle).value = PERSON
        screen.query_one(f"#pin-{seat}", Input).value = pin_of(seat) or ""
    for key, value in table.options:
        screen.query_one(f"#option-{key}", Input).value = str(value)
    screen.query_one("#seed", Input).value = str(seed)
    await pilot.pause()


async def _play(tmp_path: Path, table: Table, seed: int, rendered: set[type], required):
    """One game from its setup screen to the resolution, every screen at every size."""
    problems: list[str] = []
    leaks: list[str] = []
    app = make_app(tmp_path)

    async def show() -> None:
        if type(app.screen) not in rendered:
            rendered.add(type(app.screen))
            problems.extend(await render_sizes(pilot))

    async def visit(moment: Moment) -> None:
        await show()
        if not moment.referee and not isinstance(moment.screen, ResolutionScreen):
            leaks.extend(scan(moment.session, screen_text(app), moment.viewer).hits)

    def enough(_report) -> bool:
        """Every screen but the resolution has shown: the bots may finish off-screen."""
        return covered(rendered, required) | {ResolutionScreen} >= required

    async with app.run_test(size=DRIVE) as pilot:
        await open_setup(pilot, table.game_id)
        assert isinstance(app.screen, SetupScreen)
        await _fill_setup(pilot, table, seed)
        await show()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.flow is not None, screen_text(app)
        planned = table.session(seed)
        assert [(s.name, s.kind, bool(s.pin_hash)) for s in app.flow.session.seats] == [
            (s.name, s.kind, bool(s.pin_hash)) for s in planned.seats
        ]
        assert app.flow.session.state == planned.state
        expected = playout(table, seed).kinds
        report = await drive(pilot, visit, explore=True, enough=enough, expected=expected)
        assert isinstance(app.screen, ResolutionScreen)
    return problems, leaks, report


async def _demo(tmp_path: Path, game_id: str, rendered: set[type]) -> list[str]:
    """The game's demo from the lobby (d): the public table, paused, at every size
    (with every seat a person the table may never show: Persuasion has no public
    decisions), and one step (n)."""
    problems: list[str] = []
    app = make_app(tmp_path, bot_delay=0.05)
    async with app.run_test(size=DRIVE) as pilot:
        await pilot.pause()
        games = app.screen.query_one(OptionList)
        ids = [str(games.get_option_at_index(i).id) for i in range(games.option_count)]
        games.highlighted = ids.index(game_id)
        lobby_shown = app.keys_from
        await pilot.press("d")

        def table_shown() -> bool:  # (keys made before it showed are dropped)
            flow = app.flow
            return flow is not None and app.screen is flow.table_screen and (
                app.keys_from > lobby_shown
            )

        await wait_until(pilot, table_shown)
        await pilot.press("space")
        await wait_until(pilot, lambda: app.flow.paused)
        assert app.flow is not None and app.flow.demo and app.flow.paused
        assert app.screen is app.flow.table_screen, type(app.screen).__name__
        text = screen_text(app)
        assert "DEMO" in text
        assert scan(app.flow.session, text, None).hits == []
        rendered.add(type(app.screen))
        problems += await render_sizes(pilot)
        before = len(app.flow.session.actions)
        await pilot.press("n")  # one step
        await wait_until(pilot, lambda: len(app.flow.session.actions) > before)
        await settle(pilot)
        assert len(app.flow.session.actions) == before + 1
    return problems


@pytest.mark.long
@pytest.mark.parametrize("game_id", game_ids())
async def test_every_screen_of_the_game_at_every_size(tmp_path: Path, game_id: str):
    required = (classes_for(None) - SHELL_ONLY) | classes_for(game_id)
    rendered: set[type] = set()
    problems: list[str] = []
    leaks: list[str] = []
    played = []
    problems += await _demo(tmp_path / "demo", game_id, rendered)
    # The tables asking the most kinds of prompt first; stop once every screen has shown.
    seeded = [(plan.table, plan.seeds[0]) for plan in quick_plans(game_id, 2)]
    for table, seed in seeded:
        if covered(rendered, required) >= required:
            break
        found, leaked, report = await _play(
            tmp_path / table.label, table, seed, rendered, required
        )
        problems += found
        leaks += leaked
        played.append(
            (table.label, seed, report.actions, report.keys, report.kept, report.undone,
             report.hurried)
        )
    print(
        f"{game_id}: shown {sorted(c.__name__ for c in rendered)}; "
        f"games (table, seed, actions, keys, kept, undone, finished off-screen): {played}"
    )
    missing = sorted(c.__qualname__ for c in required - covered(rendered, required))
    assert missing == [], f"never shown: {missing} (played {played})"
    assert problems == []
    assert leaks == []
