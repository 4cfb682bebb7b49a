"""A seat's own terminal (``parlour join``) on a phone held upright: 40 columns by 30 rows.

A joined seat's terminal wants 40x20 at least (below it, the enlarge notice), while a
watcher's terminal and the host's table still want 80x24. At 40x30 every screen a
joined seat reaches, in every game, shows in full: each game is played to its end
from every seat's own terminal at once (``tests.seat_sweep.play_joined``), every key a
screen offers pressed once, and each screen's rendered text is read for anything cut
off (``tests.seat_sweep.cut``). Taps arrive as clicks: a click picks an option, presses
a key of the key bar, and on the Island takes the board's cursor to a hex.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from rules.island.state import MoveTo, Phase, PlaceTile, RemoveTile
from tests.net_helpers import headless_host, hosting, until
from tests.screen_sweep import game_ids, playout, quick_plans, tables
from tests.seat_sweep import PHONE, Seen, active, cut, play_joined
from tests.tui_helpers import make_app, resize, screen_text, settle
from tui.island.render import HexBoard, screen_xy
from tui.island.seat import IslandChoice
from tui.island.table import IslandTable
from tui.kit.base import FittingKeyBar
from tui.kit.seat import SeatScreen
from tui.kit.table import TableScreen
from tui.net.join_app import JoinApp, JoinScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.screens.resolution import ResolutionScreen
from tui.temptress.table import STAKES
from tui.widgets.keybar import BarKey
from tui.widgets.toosmall import TooSmall, notice

ANN, BO = 0, 1
SEAT_NOTICE = "at least 40x20"
TABLE_NOTICE = "at least 80x24"


def _words(app: Any) -> str:
    """The words on the screen, in reading order (a box's sides left out)."""
    return " ".join(word for word in screen_text(app).split() if word not in ("║", "│"))


async def _sized(pilot: Any, width: int, height: int) -> None:
    """The terminal resized, once the screen has checked the new size (the app passes a
    resize on to the screen a moment later): the notice says it, or is gone."""
    app = pilot.app
    low_width, low_height = app.smallest
    small = width < low_width or height < low_height

    def checked() -> bool:
        screen = app.screen
        if screen.too_small != small:
            return False
        return not small or f"It is {width}x{height}" in str(screen.query_one(TooSmall).content)

    await resize(pilot, width, height)
    await until(checked, pilot)
    await settle(pilot)


def _island() -> Any:
    return quick_plans("island", 1)[0].table.session(4, pins=False)


# --- how small a terminal may be ---------------------------------------------------------


async def test_a_seats_terminal_wants_40x20_and_shows_its_screens_from_there(tmp_path: Path):
    host = await headless_host(_island(), tmp_path)
    try:
        app = JoinApp(host.path)
        async with app.run_test(size=PHONE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, JoinScreen) and app.smallest == (40, 20)
            for size in ((39, 30), (40, 19), (20, 10)):
                await _sized(pilot, *size)
                assert _words(app).startswith(" ".join(notice(*size, (40, 20)).split())[:60])
                assert SEAT_NOTICE in _words(app)
            for size in ((40, 20), PHONE):
                await _sized(pilot, *size)
                assert "Please enlarge" not in _words(app)
                assert "Type your join code" in _words(app)
            app.join(host.codes[ANN])
            await until(lambda: app.joined is not None, pilot)
            await settle(pilot)
            assert isinstance(app.screen, IslandChoice)
            await _sized(pilot, 39, 30)
            assert SEAT_NOTICE in _words(app)
            await _sized(pilot, 40, 20)
            assert "Please enlarge" not in _words(app)
            assert "Ann, for your eyes only" in _words(app)
    finally:
        host.close()


async def test_a_watchers_terminal_and_the_hosts_table_still_want_80x24(tmp_path: Path):
    host_app = make_app(tmp_path)
    async with host_app.run_test(size=(80, 24)) as host_pilot:
        host = await hosting(host_pilot, _island(), tmp_path, [ANN])
        host.begin()
        watching = JoinApp(host.path, watching=True)
        async with watching.run_test(size=(79, 24)) as pilot:
            await until(lambda: isinstance(watching.screen, IslandTable), pilot)
            assert watching.smallest == (80, 24)
            assert TABLE_NOTICE in _words(watching)
            await _sized(pilot, 80, 23)
            assert TABLE_NOTICE in _words(watching)
            await _sized(pilot, 80, 24)
            assert "Please enlarge" not in _words(watching) and "Now:" in _words(watching)
        with active(host_app):
            assert host_app.smallest == (80, 24)
            await _sized(host_pilot, 79, 24)
            assert TABLE_NOTICE in _words(host_app)
            await _sized(host_pilot, 80, 24)
            assert "Please enlarge" not in _words(host_app)


async def test_the_join_prompts_fit_40x30_the_code_then_at_a_tavern_a_name(tmp_path: Path):
    from tests.test_tui_lantern_newcomers import _tavern
    from tui.net.codes import shown_code
    from tui.net.host import NAME_NEEDED
    from tui.net.join_app import NAME_ASK

    host = await headless_host(_tavern(), tmp_path)
    try:
        app = JoinApp(host.path)
        async with app.run_test(size=PHONE) as pilot:
            await settle(pilot)
            assert cut(app) == [] and "Type your join code and press Enter." in _words(app)
            await pilot.press(*shown_code(host.seating.tavern_code), "enter")
            await until(lambda: getattr(app.screen, "said", "") == NAME_NEEDED, pilot)
            await settle(pilot)
            assert cut(app) == []
            assert " ".join(NAME_ASK.split()) in _words(app) and NAME_NEEDED in _words(app)
            await pilot.press(*"Dora", "enter")
            await until(lambda: "Dora" in getattr(app.screen, "said", ""), pilot)
            await settle(pilot)
            assert cut(app) == [] and "Dora" in _words(app)
    finally:
        host.close()


async def test_a_table_drawn_wide_takes_the_narrow_shape_when_the_terminal_narrows(
    tmp_path: Path,
):
    session = tables("temptress")[0].session(3, pins=False)
    session = session.apply(session.bot_for(0).choose(session.view(0)))  # (past the clues)
    host = await headless_host(session, tmp_path)
    try:
        app = JoinApp(host.path, code=host.codes[BO])
        async with app.run_test(size=(80, 24)) as pilot:
            await _joined(host, pilot, app)
            while app.joined.showing[:1] == ("notes",):
                app.screen.leave()
                await settle(pilot)
            assert isinstance(app.screen, TableScreen) and not app.screen.has_class("-narrow")
            assert "Rapport" in _words(app) and "Faux Pas" in _words(app)
            await _sized(pilot, *PHONE)
            await until(lambda: app.screen.has_class("-narrow"), pilot)
            assert "Rap FP Hand" in _words(app) and cut(app) == []
            await _sized(pilot, 80, 24)
            await until(lambda: not app.screen.has_class("-narrow"), pilot)
            assert "Rapport" in _words(app) and "Faux Pas" in _words(app)
    finally:
        host.close()


# --- every screen a joined seat reaches, at 40x30 -------------------------------------------

MIN_MOVES = 20
"""Moves made from the terminals at least, before the bots may finish the game."""
QUIET_MOVES = 10
"""Moves without a kind of decision not shown yet, after which the bots hurry on."""
PLANS = [
    pytest.param(game_id, table.label, id=f"{game_id}-{table.label}")
    for game_id in game_ids()
    for table in tables(game_id)
    if table.label == "default"
]
"""Each game's default table, made quick to play (``tests.screen_sweep.quick_plans``);
the tables with an option turned the other way are left to the 80x24 sweeps (their
screens are the same screens: the suite's time is kept for what differs)."""


@pytest.mark.long
@pytest.mark.parametrize(("game_id", "label"), PLANS)
async def test_every_screen_of_every_seats_own_terminal_fits_40x30(
    tmp_path: Path, game_id: str, label: str
):
    plan = next(p for p in quick_plans(game_id, 1) if p.table.label == label)
    seed = plan.seeds[0]
    wanted = {str(kind) for kind in playout(plan.table, seed).kinds}
    problems: list[str] = []
    seen_kinds: set[str] = set()
    asked: set[tuple[int, str]] = set()
    stepped: set[tuple[int, str]] = set()
    new_at = [0]
    """When (after how many moves) a kind of decision last showed for the first time."""

    async def visit(seen: Seen) -> None:
        app, screen, seat = seen.terminal.app, seen.screen, seen.terminal.seat
        prompt = seen.session.prompt
        where = f"seat {seat}, {type(screen).__name__}, {prompt and prompt.kind} {seen.key!r}"
        problems.extend(f"{where}: {problem}" for problem in cut(app))
        text = _words(app)
        if isinstance(screen, TableScreen):  # whose turn, and what they are asked
            if prompt is not None and "Now:" not in text:
                problems.append(f"{where}: no Now line")
        elif isinstance(screen, SeatScreen):
            if f"{seen.session.seats[seat].name}, for your eyes only" not in text:
                problems.append(f"{where}: no heading naming the seat")
        if prompt is None:
            return
        if str(prompt.kind) not in seen_kinds:
            seen_kinds.add(str(prompt.kind))
            new_at[0] = len(seen.session.actions)
        if prompt.private and seat in prompt.seats:
            asked.add((seat, str(prompt.kind)))
            if isinstance(screen, SeatScreen) and not seen.key:
                stepped.add((seat, str(prompt.kind)))

    def enough(live: Any) -> bool:
        """Every kind of decision the bots' own game asks has shown: the bots finish."""
        return seen_kinds >= wanted and len(live.actions) >= MIN_MOVES

    def hurry(live: Any) -> bool:
        """Nothing new for a while: the bots play on until a kind not shown yet comes."""
        new = live.prompt is not None and str(live.prompt.kind) not in seen_kinds
        return not new and len(live.actions) - new_at[0] >= QUIET_MOVES

    session = plan.table.session(seed, pins=False)
    shown = await play_joined(session, tmp_path, visit, enough=enough, hurry=hurry)
    assert problems == []
    assert asked <= stepped, "a private decision never showed on its seat's terminal"
    classes = {cls for _, cls in shown}
    assert {ResolutionScreen, HelpScreen, CurtainScreen} <= classes
    assert any(issubclass(cls, TableScreen) for cls in classes)


# --- taps --------------------------------------------------------------------------------------


async def _joined(host: Any, pilot: Any, app: JoinApp) -> None:
    await until(lambda: app.joined is not None, pilot)
    await settle(pilot)


def _bar_key(app: Any, description: str) -> BarKey:
    bar = app.screen.query_one(FittingKeyBar)
    return next(k for k in bar.query(BarKey) if k.description == description)


async def test_a_tap_picks_an_option_and_a_tap_on_the_key_bar_presses_its_key(tmp_path: Path):
    session = _island()
    seat = session.prompt.seats[0]  # (asked in secret: a response card)
    host = await headless_host(session, tmp_path)
    try:
        app = JoinApp(host.path, code=host.codes[seat])
        async with app.run_test(size=PHONE) as pilot:
            await _joined(host, pilot, app)
            assert isinstance(app.screen, IslandChoice)
            await until(lambda: bool(app.screen.query(BarKey)), pilot)
            hide = _bar_key(app, "Hide")
            await pilot.click(hide)
            await until(lambda: isinstance(app.screen, CurtainScreen), pilot)
            await until(lambda: bool(app.screen.query(BarKey)), pilot)
            await pilot.click(_bar_key(app, "Open the curtain"))
            await until(lambda: isinstance(app.screen, IslandChoice), pilot)
            await settle(pilot)
            options = app.screen.query_one("#options", OptionList)
            before = len(host.table.session.actions)
            await pilot.click(options, offset=(4, 2))  # the second option's line
            await until(lambda: len(host.table.session.actions) > before, pilot)
            played = host.table.session.actions[-1]
            assert played.seat == seat
            assert played.card == session.view(seat).choices.options[1].value.card
    finally:
        host.close()


async def test_on_the_island_a_tap_on_a_hex_takes_the_cursor_there_and_a_key_acts(tmp_path: Path):
    session = _island()
    game = session
    while game.prompt is not None and game.prompt.kind != Phase.MOVE:
        seat = game.prompt.seats[0]
        game = game.apply(game.bot_for(seat).choose(game.view(seat)))
    mover = game.prompt.seats[0]
    view = game.view(mover)
    action = view.choices.opened[0].value  # (a move, a place or a removal, by its key)
    target = action.target
    key = {MoveTo: "Move", PlaceTile: "Place", RemoveTile: "Remove"}[type(action)]
    host = await headless_host(game, tmp_path)
    try:
        app = JoinApp(host.path, code=host.codes[mover])
        async with app.run_test(size=PHONE) as pilot:
            await _joined(host, pilot, app)
            assert isinstance(app.screen, IslandTable) and app.screen.has_class("-narrow")
            board = app.screen.query_one(HexBoard)
            width, height = board.size
            cells = [screen_xy(h) for h in [*view.tiles, target]]
            left = min(x for x, _ in cells)
            top = min(y for _, y in cells)
            x, y = screen_xy(target)
            rows = board._rows
            offset = (
                x - left + (width - rows.width) // 2 + 1,
                y - top + (height - len(rows.rows)) // 2,
            )
            assert board.hex_at(*offset) == target
            await pilot.click(board, offset=offset)
            await until(lambda: app.screen.cursor == target, pilot)
            assert f"{key.lower()} ({key[0].lower()})" in _words(app)
            before = len(host.table.session.actions)
            await until(lambda: bool(app.screen.query(BarKey)), pilot)
            await pilot.click(_bar_key(app, key))
            await until(lambda: len(host.table.session.actions) > before, pilot)
            assert host.table.session.actions[-1] == action
    finally:
        host.close()


async def test_in_the_temptress_a_tap_on_a_stake_in_the_now_line_sets_it(tmp_path: Path):
    session = tables("temptress")[0].session(3, pins=False)
    for _ in range(500):  # the bots play on to an argument's stakes
        if session.prompt.kind == "stakes":
            break
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    seat = session.prompt.seats[0]
    stake = session.view(seat).choices.keyed(STAKES[1])  # the second: 2 on the keys
    assert stake.open and stake.then is None
    host = await headless_host(session, tmp_path)
    try:
        app = JoinApp(host.path, code=host.codes[seat])
        async with app.run_test(size=PHONE) as pilot:
            await _joined(host, pilot, app)
            while app.joined.showing[:1] == ("notes",):
                app.screen.leave()
                await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            lines = screen_text(app).splitlines()
            word = f"2 {stake.label.split()[0]}"
            y = next(n for n, line in enumerate(lines) if word in line)
            before = len(host.table.session.actions)
            await pilot.click(offset=(lines[y].index(word) + 2, y))
            await until(lambda: len(host.table.session.actions) > before, pilot)
            assert host.table.session.actions[-1] == stake.value
    finally:
        host.close()
