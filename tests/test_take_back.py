"""Taking back one's own last move while nothing new has come out (issue 13, point 3)."""

from __future__ import annotations

from pathlib import Path

from rules import registry
from rules.session import PERSON, SeatPlan, Session
from rules.take_back import (
    BOT_MOVED,
    CHANCE,
    NOT_YOURS,
    NOTHING,
    RESUMED,
    take_back_refusal,
)
from rules.temptress.actions import Reroll
from tests.temptress_tui_helpers import footer
from tests.tui_helpers import handing_over, make_app, press, screen_text, settle, to_curtain
from tui.island.seat import IslandChoice
from tui.port import SessionTable
from tui.screens.curtain import CurtainScreen

NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli")


def _start(game_id: str, seed: int = 1, bots: int = 0) -> Session:
    game = registry.get(game_id)
    names = NAMES[: game.bot_seats]
    kinds = [PERSON] * (len(names) - bots) + ["bot"] * bots
    config = game.make_config(names, {}, game.default_pack())
    return Session.start(game, config, seed, tuple(map(SeatPlan, names, kinds)))


def _app(tmp_path: Path, session: Session):
    return make_app(tmp_path, opening=lambda app: app.start_flow(session, None))


async def _first_pick(pilot) -> str:
    """The first person's curtain, lifted, and the card under the cursor picked: their name."""
    await to_curtain(pilot)
    first = pilot.app.screen.seat_name
    await press(pilot, "enter")
    assert isinstance(pilot.app.screen, IslandChoice)
    await press(pilot, "enter")
    assert len(pilot.app.flow.session.actions) == 1
    return first


def _bot_move(session: Session) -> Session:
    seat = session.prompt.seats[0]
    return session.apply(session.bot_for(seat).choose(session.view(seat)))


def test_a_move_that_let_nothing_out_can_be_taken_back_and_the_replay_is_exact():
    start = _start("island")
    moved = _bot_move(start)
    mover = moved.actions[-1].seat
    assert take_back_refusal(start, moved, mover) is None
    table = SessionTable(start)
    assert table.act(moved.actions[-1]) is None
    assert table.take_back() is None
    assert table.session == start == Session.start(start.game, start.config, 1, start.seats)


def test_two_moves_in_a_row_only_the_last_is_taken_back_then_the_first_stands():
    """A second u right after a take-back finds no move it may go back on (the table keeps
    one step back), even though the state it returned to had one a moment before."""
    start = _start("persuasion")
    once = _bot_move(start)
    twice = _bot_move(once)
    table = SessionTable(start)
    assert table.act(once.actions[-1]) is None
    assert table.take_back_refusal() is None  # asked while ``once`` was the table's state
    assert table.act(twice.actions[-1]) is None
    assert table.take_back() is None
    assert table.session == once
    assert table.take_back_refusal() == RESUMED
    assert table.take_back() == RESUMED


def test_only_your_own_last_move_can_be_taken_back():
    start = _start("island")
    assert take_back_refusal(start, start, 0) == NOTHING
    moved = _bot_move(start)
    other = next(s for s in range(3) if s != moved.actions[-1].seat)
    name = moved.seats[moved.actions[-1].seat].name
    assert take_back_refusal(start, moved, other) == NOT_YOURS.format(name=name)


def test_a_bots_move_is_never_taken_back():
    session = _start("island", bots=3)
    moved = _bot_move(session)
    assert take_back_refusal(session, moved, moved.actions[-1].seat) == BOT_MOVED


def test_a_move_after_a_die_roll_stands_and_before_it_may_be_taken_back():
    session = _start("temptress")
    for _ in range(5000):  # the bots play on until somebody re-rolls a die
        before = session
        session = _bot_move(session)
        if isinstance(session.actions[-1], Reroll):
            break
    else:
        raise AssertionError("no re-roll in the bots' game")
    seat = session.actions[-1].seat
    assert take_back_refusal(before, session, seat) == CHANCE
    # Before the roll, the same person's choice of which die to re-roll is still open.
    assert before.prompt.seats[0] == seat and session.prompt != before.prompt


async def test_u_at_the_table_takes_back_the_move_just_made(tmp_path: Path):
    session = _start("island")
    app = _app(tmp_path, session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        first = await _first_pick(pilot)
        assert handing_over(app) and app.flow.handing_over().seat != NAMES.index(first)
        assert "u Take back" in footer(app)
        await press(pilot, "u")
        assert app.flow.session.actions == ()
        # The table was just seen: the mover's curtain comes straight down.
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == first
        assert f"{first}'s last move was taken back." in screen_text(app)


async def test_u_at_the_next_curtain_takes_back_the_move_just_made(tmp_path: Path):
    session = _start("island")
    app = _app(tmp_path, session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        first = await _first_pick(pilot)
        await to_curtain(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat_name != first
        assert "u Take back" in footer(app)
        await press(pilot, "u")
        assert app.flow.session.actions == ()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == first


async def test_once_the_next_person_has_looked_the_move_stands(tmp_path: Path):
    session = _start("island")
    app = _app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await _first_pick(pilot)
        await to_curtain(pilot)
        second = app.screen.seat_name
        await press(pilot, "enter", "h")  # the next looks, then hides again
        assert handing_over(app)
        assert "u Take back" in footer(app)  # shown, greyed: u says why
        await press(pilot, "u")
        assert len(app.flow.session.actions) == 1
        said = " ".join(screen_text(app).split())
        assert f"{second} has looked behind the curtain since: the move stands." in said


async def test_a_die_roll_greys_the_take_back_at_the_table(tmp_path: Path):
    session = _start("temptress")
    while True:  # through the engine, to a person's re-roll (a die is rolled)
        before = session
        session = _bot_move(session)
        if isinstance(session.actions[-1], Reroll):
            break
    app = make_app(tmp_path, opening=lambda app: app.start_flow(before, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        flow = app.flow
        assert flow.act(session.actions[-1]) is None
        assert flow.take_back_refusal() == CHANCE
        await settle(pilot)
        assert handing_over(app)
        await press(pilot, "u")
        assert flow.session.actions == session.actions  # the roll stands
        assert " ".join(CHANCE.split()) in " ".join(screen_text(app).split())


async def test_the_curtain_and_the_table_help_say_what_u_takes_back(tmp_path: Path):
    from tui.kit.table import HAND_OVER_HELP
    from tui.kit.take_back import TAKE_BACK_HELP

    session = _start("island")
    app = _app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert handing_over(app)
        assert app.screen.phase_help().endswith(HAND_OVER_HELP + TAKE_BACK_HELP)
        await to_curtain(pilot)
        assert app.screen.phase_help().endswith(TAKE_BACK_HELP)
        assert "u takes back the move just made" in TAKE_BACK_HELP
