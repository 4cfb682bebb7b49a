"""The Temptress through its screens: three people and two bots, the island narrating."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from textual.widgets import Input, Select, SelectionList

from rules.cards import PlayingCard, Suit
from rules.registry import get
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from tests.temptress_tui_helpers import scan
from tests.tui_helpers import make_app, open_setup, screen_text
from tui.curtain import CurtainScreen
from tui.resolution import ResolutionScreen
from tui.temptress.forms import ArgueScreen, CourtScreen
from tui.temptress.private import (
    ClueBookScreen,
    PickScreen,
    PlayScreen,
    RefillScreen,
    RetireScreen,
    SpendScreen,
)
from tui.temptress.table import TemptressTable

NAMES = ("Ann", "Bo", "Cy", "Dot", "Eve")


async def _setup(pilot) -> None:
    app = pilot.app
    await open_setup(pilot, "temptress")
    screen = app.screen
    for seat, name in enumerate(NAMES):
        screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one("#kind-3", Select).value = BOT
    screen.query_one("#kind-4", Select).value = BOT
    screen.query_one("#option-round_limit", Input).value = "1"
    screen.query_one("#seed", Input).value = "11"
    screen.query_one("#text-persona_1", Input).value = "A sea captain with a soft heart."
    await pilot.press("ctrl+s")
    await pilot.pause()


async def _pick_cards(pilot, count: int) -> None:
    """Select the ``count`` strongest cards with the keyboard (down, space)."""
    screen = pilot.app.screen
    hand = screen.view.hand
    best = sorted(range(len(hand)), key=lambda i: -hand[i].rank)[:count]
    cards = screen.query_one(SelectionList)
    position = cards.highlighted or 0
    for index in sorted(best):
        await pilot.press(*(["down"] * (index - position)), "space")
        position = index


async def _last_option(pilot, back: int = 0) -> None:
    await pilot.press("end", *(["up"] * back), "enter")


async def _table(pilot, plan: list[str], joined: list[bool]) -> None:
    app = pilot.app
    prompt = app.flow.session.prompt
    if prompt is None or app.flow.session.seats[prompt.seats[0]].is_bot:
        await pilot.pause(0.02)
        return
    kind = prompt.kind
    if kind == "floor":
        move = plan.pop(0) if plan else "decline"
        if move == "court":
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, CourtScreen)
            await pilot.press(*"I sing her a shanty", "enter")
        elif move == "argue":
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, ArgueScreen)
            await pilot.press("ctrl+s")
            await pilot.pause()
            if isinstance(app.screen, ArgueScreen):  # refused: no Rapport yet; try later
                plan.insert(1, "argue")
                await pilot.press("escape", "d")
        else:
            await pilot.press("d")
    elif kind == "join":
        await pilot.press("s" if joined else "j")
        joined.append(True)
    elif kind == "vote":
        await pilot.press("y")
    elif kind == "answer":
        await pilot.press("a")
    elif kind == "stake":
        await pilot.press("3")


async def test_three_people_and_two_bots_play_a_temptress_game_through_the_screens(
    tmp_path: Path,
):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _setup(pilot)
        session = app.flow.session
        assert [s.is_bot for s in session.seats] == [False, False, False, True, True]
        assert session.state.config.round_limit == 1
        plan = ["court", "court", "argue", "court", "court", "court", "argue"]
        joined: list[bool] = []
        leaks: list[str] = []
        seen: set[str] = set()
        scanned: set[tuple[int, int]] = set()
        for _ in range(900):
            await pilot.pause()
            screen = app.screen
            seen.add(type(screen).__name__)
            moment = (id(screen), len(app.flow.session.actions))
            if moment not in scanned:
                scanned.add(moment)
                leaks += scan(app)
            if isinstance(screen, ResolutionScreen):
                break
            if isinstance(screen, CurtainScreen | ClueBookScreen):
                await pilot.press("enter")
            elif isinstance(screen, TemptressTable):
                await _table(pilot, plan, joined)
            elif isinstance(screen, PlayScreen):
                contest = screen.view.contest
                await _pick_cards(pilot, 1 if contest.target > 1 else 2)
                await pilot.press("enter")
            elif isinstance(screen, SpendScreen):
                await _last_option(pilot, back=1)
            elif isinstance(screen, RetireScreen):
                await _last_option(pilot)
            elif isinstance(screen, RefillScreen):
                await pilot.press("escape")
            elif isinstance(screen, PickScreen):
                await pilot.press("enter")
            elif isinstance(screen, CourtScreen):  # refused (say, no cards left): decline
                await pilot.press("escape", "d")
            else:
                await pilot.pause(0.02)
        assert leaks == []
        assert isinstance(app.screen, ResolutionScreen)
        story = "\n".join(e.text for e in app.flow.session.state.log)
        for event in (
            "raises the stakes!",
            "joins in opposition.",
            "to start an argument with",
            "Round 1 ends",
            "on a new clue.",
            "Final retirements, in seat order.",
        ):
            assert event in story, event
        assert {"PlayScreen", "SpendScreen", "RetireScreen", "TemptressTable"} <= seen
        assert "Every secret, revealed" in screen_text(app)


async def test_a_suitor_retires_from_the_table_behind_the_curtain(tmp_path: Path):
    game = get("temptress")
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy", BOT))
    state = game.new(bot_config(game, seats), 5)
    match = state.suitors[0].match
    suit = state.women[match].suit
    flush = tuple(PlayingCard(rank, suit) for rank in range(2, 9))
    others = tuple(c for c in state.discard + state.suitors[0].hand if c.suit != suit)
    suitors = list(state.suitors)
    suitors[0] = evolve(suitors[0], hand=flush)
    state = evolve(state, suitors=tuple(suitors), discard=others)
    session = evolve(Session.start(game, bot_config(game, seats), 5, seats), state=state)
    assert match != state.sorceress, "at this seed seat 0 must not be the Tempted"
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, TemptressTable):
                break
            await pilot.press("enter")
        assert app.flow.session.prompt.seats[0] == 0
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RetireScreen)
        await pilot.press(*(["down"] * state.sorceress), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        text = screen_text(app)
        assert "Winners: Ann" in text
        assert f"seven {Suit(suit).value}" in text
        await pilot.press("e")
        await pilot.pause()
        story = (tmp_path / "temptress-demo-seed5-story.md").read_text()
        assert story.startswith("# The Temptress, seed 5\n\nWinners: Ann")
        assert "## Every secret, revealed" in story
        assert "## The story" in story


async def test_a_person_narrator_awards_a_chip_from_the_console(tmp_path: Path):
    from rules.chance import loaded
    from rules.temptress.actions import ClaimFloor, Join, PlayCards
    from tui.temptress.narrator import NarratorScreen

    game = get("temptress")
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy"), SeatPlan("Nora"))
    config = game.make_config(
        tuple(s.name for s in seats), {"narrator_person": 1}, game.default_pack()
    )
    session = Session.start(game, config, 9, seats)
    session = session.apply(ClaimFloor(0, 2, "She is shown the stars"))
    session = session.apply(Join(1, False)).apply(Join(2, False))
    state = session.state
    session = evolve(session, state=state)
    lowest = min(state.suitors[0].hand, key=lambda c: c.rank)
    assert session.prompt.kind == "play"
    session = evolve(session, state=evolve(session.state, chance=loaded(9, 9, 9)))
    assert session.state.contest.targets  # rolled when the last joiner answered
    session = session.apply(PlayCards(0, (lowest,)))
    assert session.prompt.kind == "verdict" and session.prompt.seats == (3,)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Nora" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NarratorScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "THE SORCERESS" in text
        for suitor in session.state.suitors:
            assert suitor.hand[0].label() in text
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.flow.session.state.suitors[1].rapport == 1
        assert "The narrator awards Bo a Rapport chip." in app.flow.session.view(None).log
