"""The Temptress through its screens: three people and two bots, the island narrating."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from attrs import evolve
from textual.widgets import Input, SelectionList

from rules.cards import PlayingCard, Suit
from rules.choices import Pick
from rules.registry import get
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from tests.temptress_tui_helpers import footer, footer_problems, scan
from tests.tui_helpers import handing_over, make_app, open_setup, press, screen_text, settle
from tui.kit.moment import asked_here
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen
from tui.temptress.forms import ArgueForm, CourtForm, PromiseForm
from tui.temptress.referee import NarratorConsole
from tui.temptress.seat import ClueBook, PlayScreen, RetireScreen, SpendScreen, TemptressChoice
from tui.temptress.table import TemptressTable
from tui.widgets.toggle import Toggle

NAMES = ("Ann", "Bo", "Cy", "Dot", "Eve")
WRONG_PLURAL = re.compile(r"\b1 (cards|chips|Rapport chips)\b")


async def _setup(pilot) -> None:
    app = pilot.app
    await open_setup(pilot, "temptress")
    screen = app.screen
    for seat, name in enumerate(NAMES):
        screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one("#kind-3", Toggle).value = BOT
    screen.query_one("#kind-4", Toggle).value = BOT
    screen.query_one("#option-round_limit", Input).value = "1"
    screen.query_one("#seed", Input).value = "13"
    screen.query_one("#text-persona_1", Input).value = "A sea captain with a soft heart."
    await pilot.press("ctrl+s")
    await pilot.pause()


async def _pick_cards(pilot, count: int) -> None:
    """Select the ``count`` strongest cards with the keyboard (down, space)."""
    screen = pilot.app.screen
    hand = screen.choices.hand
    best = sorted(range(len(hand)), key=lambda i: -hand[i].rank)[:count]
    cards = screen.query_one(SelectionList)
    position = cards.highlighted or 0
    for index in sorted(best):
        await press(pilot, *(["down"] * (index - position)), "space")
        position = index


async def _table(pilot, plan: list[str], joined: list[bool], seen: set[str]) -> None:
    app = pilot.app
    prompt = app.flow.session.prompt
    if prompt is None or app.flow.session.seats[prompt.seats[0]].is_bot:
        await settle(pilot)
        return
    kind = prompt.kind
    # Several people at the floor: whoever does not speak waits, and p passes for all.
    decline = "p" if len(asked_here(app.flow, prompt)) > 1 else "d"
    if kind == "floor":
        move = plan.pop(0) if plan else "decline"
        if move == "court":
            await press(pilot, "c")
            await settle(pilot)
            if not isinstance(app.screen, CourtForm):  # closed (no cards left): it says why
                assert "no cards left" in screen_text(app)
                await press(pilot, decline)
                return
            seen.add("CourtForm")
            await press(pilot, "enter", *"I sing her a shanty", "enter")
        elif move == "argue":
            await press(pilot, "g")
            await settle(pilot)
            if not isinstance(app.screen, ArgueForm):  # closed (no Rapport yet): it says why
                assert app.screen.query_one("#message").has_class("-empty") is False
                plan.insert(1, "argue")
                await press(pilot, decline)
                return
            seen.add("ArgueForm")
            await press(pilot, "ctrl+s")
            await settle(pilot)
            if isinstance(app.screen, ArgueForm):  # refused: try later
                plan.insert(1, "argue")
                await press(pilot, "escape", decline)
        else:
            await press(pilot, decline)
    elif kind in ("join", "vote") and len(people := asked_here(app.flow, prompt)) > 1:
        seen.add("all at once")  # every person answers in one public moment
        if kind == "vote" or not joined:
            await press(pilot, str(people[0] + 1))  # the first answer: join, or vote yes
            joined.append(kind == "join")
        await press(pilot, "enter")
    elif kind == "join":
        await press(pilot, "s" if joined else "j")
        joined.append(True)
    elif kind == "vote":
        await press(pilot, "y")
    elif kind == "answer":
        await press(pilot, "a")
    elif kind == "stakes":
        await press(pilot, "3")


@pytest.mark.long
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
        problems: list[str] = []
        seen: set[str] = set()
        scanned: set[tuple[int, int]] = set()
        for _ in range(900):
            await settle(pilot)
            screen = app.screen
            seen.add(type(screen).__name__)
            moment = (id(screen), len(app.flow.session.actions))
            if moment not in scanned:
                scanned.add(moment)
                leaks += scan(app)
                problems += footer_problems(app)
                problems += [
                    f"{type(screen).__name__}: {m[0]!r}"
                    for m in WRONG_PLURAL.finditer(screen_text(app))
                ]
            if isinstance(screen, ResolutionScreen):
                break
            if handing_over(app) or isinstance(screen, CurtainScreen | ClueBook):
                await press(pilot, "enter")
            elif isinstance(screen, TemptressTable):
                await _table(pilot, plan, joined, seen)
            elif isinstance(screen, PlayScreen):
                contest = screen.view.contest
                await _pick_cards(pilot, 1 if contest.target > 1 else 2)
                await press(pilot, "enter")
            elif isinstance(screen, SpendScreen):
                question = screen.question
                if isinstance(question, Pick) and question.several:
                    await press(pilot, "escape")  # a refill's cards: back to the spending
                else:
                    await press(pilot, "end", "up", "enter")  # the last kind of clue
            elif isinstance(screen, RetireScreen):
                await press(pilot, "end", "enter")  # do not retire
            elif isinstance(screen, TemptressChoice):
                await press(pilot, "enter")
            elif isinstance(screen, CourtForm):  # refused (say, no cards left): decline
                await press(pilot, "escape", "d")
            elif isinstance(screen, PromiseForm):
                await press(pilot, *"Keep my secret", "enter")
            else:
                await settle(pilot)
        assert leaks == []
        assert problems == []
        assert isinstance(app.screen, ResolutionScreen)
        story = "\n".join(e.text for e in app.flow.session.state.log)
        for event in (
            "raises the stakes!",
            "joins in opposition",
            "to start an argument with",
            "Round 1 ends",
            "on a new clue.",
            "Final retirements, in seat order.",
        ):
            assert event in story, event
        assert {"PlayScreen", "SpendScreen", "RetireScreen", "TemptressTable"} <= seen
        assert {"CourtForm", "ArgueForm", "ClueBook", "TemptressChoice", "all at once"} <= seen
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
        for _ in range(20):  # the notes read, at the table at play
            await pilot.pause()
            if isinstance(app.screen, TemptressTable) and not handing_over(app):
                break
            await pilot.press("enter")
        assert app.flow.session.prompt.seats[0] == 0
        assert "t Retire" in footer(app)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Retire: show your seven cards and name the sorceress." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RetireScreen)
        await pilot.press(*(["down"] * state.sorceress), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # it cannot be taken back
        woman = state.women[state.sorceress].name
        assert f"Retire and name {woman} as the sorceress?" in " ".join(screen_text(app).split())
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        text = screen_text(app)
        assert "Winners: Ann" in text
        assert f"seven {Suit(suit).value}" in text
        await pilot.press("e")
        await pilot.pause()
        (written,) = tmp_path.glob("temptress-demo-*-story.md")
        assert re.fullmatch(r"temptress-demo-\d{8}-\d{6}-story\.md", written.name)
        story = written.read_text()
        assert story.startswith("# The Temptress\n\nWinners: Ann")
        assert "Seed 5: the same seats, options and seed deal this game again." in story
        assert "## Every secret, revealed" in story
        assert "## The story" in story


async def test_retiring_without_a_flush_is_refused_at_once_with_the_reason(tmp_path: Path):
    game = get("temptress")
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy", BOT))
    session = Session.start(game, bot_config(game, seats), 5, seats)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # the notes read, at the table at play
            await pilot.pause()
            if isinstance(app.screen, TemptressTable) and not handing_over(app):
                break
            await pilot.press("enter")
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RetireScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RetireScreen)
        assert "To retire you need seven cards, all of one suit." in screen_text(app)
        assert len(app.flow.session.actions) == 0
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TemptressTable)


async def test_a_person_narrator_awards_a_chip_from_the_console(tmp_path: Path):
    from rules.chance import loaded
    from rules.temptress.actions import ClaimFloor, Join, PlayCards

    game = get("temptress")
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy"), SeatPlan("Nora"))
    config = game.make_config(
        tuple(s.name for s in seats), {"narrator_person": 1}, game.default_pack()
    )
    session = Session.start(game, config, 9, seats)
    session = session.apply(ClaimFloor(0, 2, "She is shown the stars"))
    session = session.apply(Join(1, False)).apply(Join(2, False))
    state = session.state
    lowest = min(state.suitors[0].hand, key=lambda c: c.rank)
    assert session.prompt.kind == "play"
    session = evolve(session, state=evolve(session.state, chance=loaded(9, 9, 9)))
    assert session.state.contest.targets  # rolled when the last joiner answered
    session = session.apply(PlayCards(0, (lowest,)))
    assert session.prompt.kind == "verdict" and session.prompt.seats == (3,)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(120, 60)) as pilot:
        for _ in range(10):  # the narrator's notes first, then the verdict
            await pilot.pause()
            if isinstance(app.screen, NarratorConsole) and app.screen.verdict is not None:
                break
            if handing_over(app):
                assert "Nora takes the keyboard next" in screen_text(app)
                await pilot.press("enter")
            elif isinstance(app.screen, CurtainScreen):
                assert "Pass the keyboard to Nora" in screen_text(app)
                await pilot.press("enter")
            elif isinstance(app.screen, NarratorConsole):
                await pilot.press("h")
        assert isinstance(app.screen, NarratorConsole)
        await pilot.pause()
        text = screen_text(app)
        assert "THE SORCERESS" in text
        for suitor in session.state.suitors:
            assert suitor.hand[0].label() in text
        assert "w Tell Ann's miss as a success with a twist: off" in text
        await pilot.press("w")
        await pilot.pause()
        assert "w Tell Ann's miss as a success with a twist: ON" in screen_text(app)
        await pilot.press("w", "2", "space", "enter")
        await pilot.pause()
        assert app.flow.session.state.suitors[1].rapport == 1
        assert "The narrator awards Bo a Rapport chip." in app.flow.session.view(None).log
