"""Public decisions in public (issue 30): what the seed makes public is decided at the
table in one moment for every person, and no person's curtain opens for a bot's action.

Three people (Ann, Bo, Cy) and two bots (Dot, Eve) at one keyboard, the island narrating.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from attrs import evolve

from rules.registry import get
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from rules.temptress.actions import ClaimFloor, Decline, Join
from rules.temptress.state import PromptKind
from tests.temptress_tui_helpers import footer
from tests.tui_helpers import handing_over, make_app, screen_text, settle
from tui.flow_joined import JoinedSeats
from tui.kit.moment import asked_here
from tui.port import SessionTable
from tui.screens.curtain import CurtainScreen
from tui.temptress.seat import ClueBook, PlayScreen
from tui.temptress.table import TemptressTable

SEATS = (
    SeatPlan("Ann"),
    SeatPlan("Bo"),
    SeatPlan("Cy"),
    SeatPlan("Dot", BOT),
    SeatPlan("Eve", BOT),
)
ANN, BO, CY, DOT, EVE = range(5)
BOTS = (DOT, EVE)


def session(oldest: int = ANN, seed: int = 3, seats: tuple[SeatPlan, ...] = SEATS) -> Session:
    game = get("temptress")
    config = evolve(bot_config(game, seats), oldest=oldest)
    return Session.start(game, config, seed, seats)


async def test_everyone_answers_join_or_stay_out_at_once_with_their_numbers(tmp_path: Path):
    start = session().apply(ClaimFloor(ANN, 0, "sings her a shanty on the shore"))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(start, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TemptressTable) and not handing_over(app)
        text = screen_text(app)
        assert "Everyone at once: press your number to change your answer, then Enter." in text
        assert "2 Bo: Stay out · 3 Cy: Stay out" in text
        assert "Now: everyone asked, at once · Bo, Cy" in text  # not Bo alone
        assert "1-9 Me" in footer(app) and "Answer all" in footer(app)
        await pilot.press("2")
        await settle(pilot)
        assert "2 Bo: Join in opposition · 3 Cy: Stay out" in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        assert "Ann is not asked now." in screen_text(app)
        assert app.screen.deciding() == BO  # k would open Bo's clue book: he pressed last
        await pilot.press("enter")
        await settle(pilot)
        state = app.flow.session.state
        assert BO in state.contest.participants and CY not in state.contest.participants
        story = [e.text for e in state.log]
        assert any(line.startswith("Bo joins in opposition") for line in story)
        assert "Cy stays out." in story


async def test_every_person_passes_the_floor_at_once_with_p(tmp_path: Path):
    start = session(seats=SEATS[:3]).apply(Decline(ANN))  # the floor is open to all now
    app = make_app(tmp_path, opening=lambda app: app.start_flow(start, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        flow = app.flow
        prompt = flow.session.prompt
        assert prompt.kind == PromptKind.FLOOR and {BO, CY} <= set(prompt.seats)
        text = screen_text(app)
        assert "p: everyone here passes." in text
        assert "Now: whoever speaks first · " in text
        assert "p Pass all" in footer(app) and "d Decline" not in footer(app)
        await pilot.press("3")
        await settle(pilot)
        assert "Cy has the floor" in screen_text(app)
        await pilot.press("p")
        await settle(pilot)
        story = [e.text for e in flow.session.state.log]
        assert "Bo lets the floor pass." in story and "Cy lets the floor pass." in story


async def test_a_round_with_three_people_and_two_bots_opens_no_curtain_for_a_bots_action(
    tmp_path: Path,
):
    """The bots claim the floor first; the people stay out of their actions together (Enter)
    and pass together (p): through the whole round no person's curtain opens, and the
    table never waits to hand the keyboard to a person, while a bot's action is under way."""
    start = session(oldest=DOT)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(start, None))
    bot_actions = 0
    moments = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        flow = app.flow
        for _ in range(400):
            state = flow.session.state
            if state.round > 1 or flow.session.prompt is None:
                break
            contest = state.contest
            if contest is not None and contest.actor in BOTS:
                bot_actions += contest.stage == "join"
                assert not isinstance(app.screen, CurtainScreen), screen_text(app)
                assert not handing_over(app), screen_text(app)
            screen = app.screen
            prompt = flow.session.prompt
            if isinstance(screen, TemptressTable) and not handing_over(app):
                if prompt.kind in (PromptKind.JOIN, PromptKind.VOTE):
                    moments += 1
                    await pilot.press("enter")  # everyone stays out, or abstains
                elif prompt.kind == PromptKind.FLOOR and "p Pass all" in footer(app):
                    await pilot.press("p")
                elif prompt.kind == PromptKind.FLOOR:
                    await pilot.press("d")
                else:
                    await pilot.pause()
            else:  # a person's own step at the round's end (spending): keep it
                await pilot.press("enter")
            await settle(pilot)
        assert flow.session.state.round == 2
    assert bot_actions >= 1 and moments >= 1


def test_a_seat_played_from_its_own_terminal_is_never_answered_for_at_this_keyboard():
    """A guest at a terminal of their own answers there: the bots here answer first, then
    only the people at this keyboard take part in the moment; the joined seat is never
    asked here, whatever keys this keyboard presses."""
    start = session().apply(ClaimFloor(ANN, 0, "sings her a shanty on the shore"))
    table = SessionTable(start)
    seating = JoinedSeats(table, frozenset({BO}), redraw=lambda: None, bots_first=True)
    prompt = start.prompt
    assert prompt.kind == PromptKind.JOIN and set(prompt.seats) == {BO, CY, DOT, EVE}
    assert seating.here(prompt) in BOTS  # the bots answer first, silently
    here = SimpleNamespace(seats=seating.seats, view=table.view)
    assert asked_here(here, prompt) == (CY,)  # Bo answers at his own terminal
    after = start
    for bot in BOTS:
        after = after.apply(Join(bot, False))
    assert seating.here(after.prompt) == CY


async def test_whoever_pressed_their_number_last_keeps_the_keyboard_for_their_curtain(
    tmp_path: Path,
):
    """Bo joins a bot's action with his number, then Enter: he already holds the keyboard,
    so his curtain to play comes at once, with no hand-over to him first."""
    start = session(oldest=DOT)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(start, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        flow = app.flow
        assert flow.session.prompt.kind == PromptKind.JOIN, screen_text(app)
        await pilot.press("2", "enter")
        await settle(pilot)
        contest = flow.session.state.contest
        assert contest.participants[-1] == BO and flow.session.prompt.seats == (BO,)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == "Bo"
        assert not handing_over(app)
        await pilot.press("enter")  # his starter clues wait in his clue book: first
        await settle(pilot)
        assert isinstance(app.screen, ClueBook) and "Your starter clues" in screen_text(app)
        assert "⏎ On to your move" in footer(app) and "Back to the table" not in footer(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen) and app.screen.seat == BO
