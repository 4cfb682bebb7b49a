"""Persuasion through its screens: four people, nobody sees what they should not."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.registry import get
from rules.session import SeatPlan, Session
from tests.tui_helpers import make_app, screen_text, secret_leaks
from tui.curtain import CurtainScreen
from tui.persuasion.screens import (
    FinalScreen,
    IntroScreen,
    KnownCardsScreen,
    MailScreen,
    ReceptionScreen,
)
from tui.resolution import ResolutionScreen

GAME = get("persuasion")
NAMES = ("Ann", "Bo", "Cy", "Dee")


def _session(evening_ball: int, seed: int) -> Session:
    seats = tuple(SeatPlan(n) for n in NAMES)
    config = GAME.make_config(NAMES, {"evening_ball": evening_ball}, GAME.default_pack())
    return Session.start(GAME, config, seed, seats)


def _leaks(app, viewer: int | None) -> list[str]:
    return secret_leaks(app.flow.session, screen_text(app), viewer)


@pytest.mark.parametrize("evening_ball", [0, 1], ids=["persuasion", "evening-ball"])
async def test_four_people_play_a_whole_season_by_keyboard(tmp_path: Path, evening_ball: int):
    app = make_app(tmp_path, opening=lambda app: app.start_flow(_session(evening_ball, 5), None))
    leaks: list[str] = []
    seen: set[str] = set()
    scanned: set[tuple[int, int]] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for step in range(700):
            await pilot.pause()
            screen = app.screen
            seen.add(type(screen).__name__)
            if isinstance(screen, ResolutionScreen):
                break
            moment = (id(screen), len(app.flow.session.actions))
            if moment not in scanned:
                scanned.add(moment)
                viewer = getattr(screen, "seat", None)
                leaks += _leaks(app, None if isinstance(screen, CurtainScreen) else viewer)
            if isinstance(screen, CurtainScreen | KnownCardsScreen):
                await pilot.press("enter")
            elif isinstance(screen, ReceptionScreen):
                await pilot.press("home", "enter")
            elif isinstance(screen, IntroScreen | MailScreen | FinalScreen):
                await pilot.press("down" if step % 2 else "up", "enter")
            else:
                await pilot.pause(0.02)
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.pause()
        assert leaks == []
        outcome = app.flow.session.outcome
        assert outcome is not None
        text = screen_text(app)
        assert "Every diary and card, revealed" in text
        assert {"IntroScreen", "MailScreen", "KnownCardsScreen", "FinalScreen"} <= seen


async def test_looking_again_at_known_cards_returns_to_the_decision(tmp_path: Path):
    session = _session(0, 3)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await pilot.pause()
            if isinstance(app.screen, IntroScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, IntroScreen)
        seat = app.screen.seat
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, KnownCardsScreen)
        assert f"{NAMES[seat]}: the cards you know" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, IntroScreen)
        assert app.screen.seat == seat


def _at_mailing(bots: bool) -> Session:
    from rules.persuasion.state import Introduce
    from rules.session import BOT

    seats = tuple(SeatPlan(n, BOT if bots else "person") for n in NAMES)
    config = GAME.make_config(NAMES, {}, GAME.default_pack())
    session = Session.start(GAME, config, 4, seats)
    for seat in range(len(NAMES)):
        session = session.apply(Introduce(seat, 0, 1))
    return session


def test_persuasion_table_snapshot(snap_compare):
    app = make_app(
        Path("saves"),
        bot_delay=1000.0,
        opening=lambda app: app.start_flow(_at_mailing(bots=True), None),
    )
    assert snap_compare(app, terminal_size=(80, 24))


def test_persuasion_mailing_snapshot(snap_compare):
    session = _at_mailing(bots=False)
    app = make_app(Path("saves"), opening=lambda app: app.start_flow(session, None))

    async def run_before(pilot):
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
