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
    SECRETS,
    take_back_refusal,
    without_last,
)
from rules.temptress.actions import Reroll
from tests.temptress_tui_helpers import footer
from tests.tui_helpers import make_app, press, screen_text, settle
from tui.island.seat import IslandChoice
from tui.screens.curtain import CurtainScreen

NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli")


def _start(game_id: str, seed: int = 1, bots: int = 0) -> Session:
    game = registry.get(game_id)
    names = NAMES[: game.bot_seats]
    kinds = [PERSON] * (len(names) - bots) + ["bot"] * bots
    config = game.make_config(names, {}, game.default_pack())
    return Session.start(game, config, seed, tuple(map(SeatPlan, names, kinds)))


def _bot_move(session: Session) -> Session:
    seat = session.prompt.seats[0]
    return session.apply(session.bot_for(seat).choose(session.view(seat)))


def test_a_move_that_let_nothing_out_can_be_taken_back_and_the_replay_is_exact():
    start = _start("island")
    moved = _bot_move(start)
    mover = moved.actions[-1].seat
    assert take_back_refusal(start, moved, mover) is None
    assert without_last(moved) == start


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


async def test_u_at_the_next_curtain_takes_back_the_move_just_made(tmp_path: Path):
    session = _start("island")
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        first = app.screen.seat_name
        await press(pilot, "enter")
        assert isinstance(app.screen, IslandChoice)
        await press(pilot, "enter")  # the card under the cursor
        assert len(app.flow.session.actions) == 1
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat_name != first
        assert "u Take back" in footer(app)
        await press(pilot, "u")
        assert app.flow.session.actions == ()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == first
        assert f"{first}'s last move was taken back." in screen_text(app)


async def test_once_the_next_person_has_looked_the_move_stands(tmp_path: Path):
    session = _start("island")
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")  # the first person picks a card
        second = app.screen.seat_name
        await press(pilot, "enter", "h")  # the next looks, then hides again
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "u")
        assert len(app.flow.session.actions) == 1
        said = " ".join(screen_text(app).split())
        assert f"{second} has looked behind the curtain since: the move stands." in said


def test_the_help_at_the_table_and_the_curtain_says_what_u_takes_back():
    from tui.kit.take_back import TAKE_BACK_HELP

    assert TAKE_BACK_HELP == (
        " u takes back the move just made, by the person who made it, while nothing new "
        "has come out since: no roll, shuffle or draw, no other hand changed, and nobody "
        "else has looked behind their curtain."
    )


def test_a_move_that_changed_another_seats_secrets_stands():
    session = _start("persuasion")
    game = session.game
    for _ in range(2000):  # the bots play on until a move changes someone else's secrets
        before, session = session, _bot_move(session)
        seat = session.actions[-1].seat
        others = [s for s in range(len(session.seats)) if s != seat]
        if any(
            game.secrets_of(before.state, s) != game.secrets_of(session.state, s) for s in others
        ):
            break
    else:
        raise AssertionError("no move reached another seat's secrets")
    assert take_back_refusal(before, session, seat) in (SECRETS, CHANCE)


def test_a_resumed_game_keeps_the_moves_made_before():
    from tui.port import SessionTable

    moved = _bot_move(_start("island"))
    table = SessionTable(moved)
    assert table.take_back_refusal() == RESUMED
    assert RESUMED == "A move made before this game was resumed stands."
    assert table.take_back() == RESUMED and table.session == moved
