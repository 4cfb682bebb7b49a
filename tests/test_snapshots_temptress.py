"""Snapshots of the Temptress's key screens at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from rules.cards import PlayingCard
from rules.registry import get
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from rules.temptress.actions import ClaimFloor, Decline, Join, PlayCards, Retire
from tests.tui_helpers import make_app, to_curtain

SIZES = [(80, 24), (120, 40)]
GAME = get("temptress")
SEATS = (
    SeatPlan("Ann"),
    SeatPlan("Bo"),
    SeatPlan("Cy"),
    SeatPlan("Dot", BOT),
    SeatPlan("Eve", BOT),
)
SHOWN_FOLDER = Path("saves")


def _start(seed: int = 3) -> Session:
    return Session.start(GAME, bot_config(GAME, SEATS), seed, SEATS)


def _app(session: Session, delay: float = 1000.0):
    return make_app(
        SHOWN_FOLDER, bot_delay=delay, opening=lambda app: app.start_flow(session, None)
    )


def _at_floor() -> Session:
    session = _start()
    return session.apply(Decline(session.prompt.seats[0]))


def _claimed_by(seat: int) -> Session:
    session = _at_floor()
    session = session.apply(ClaimFloor(seat, 1, "She is serenaded from a rowing boat"))
    while session.prompt.kind == "join":
        session = session.apply(Join(session.prompt.seats[0], False))
    return session


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_table_snapshot(snap_compare, size):
    assert snap_compare(_app(_at_floor()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_action_with_a_target_snapshot(snap_compare, size):
    assert snap_compare(_app(_claimed_by(3)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_card_choice_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(_app(_claimed_by(1)), terminal_size=size, run_before=run_before)


def _at_spending() -> Session:
    session = _at_floor()
    state = session.state
    suitors = list(state.suitors)
    suitors[2] = evolve(suitors[2], rapport=2)
    session = evolve(session, state=evolve(state, suitors=tuple(suitors)))
    while session.prompt.kind == "floor":
        session = session.apply(Decline(session.prompt.seats[0]))
    assert session.prompt.kind == "spend"
    return session


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_round_end_spending_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(_app(_at_spending()), terminal_size=size, run_before=run_before)


def _finished() -> Session:
    session = _at_floor()
    state = session.state
    seat = next(s for s in range(5) if state.suitors[s].match != state.sorceress)
    suit = state.women[state.suitors[seat].match].suit
    flush = tuple(PlayingCard(rank, suit) for rank in range(2, 9))
    suitors = list(state.suitors)
    suitors[seat] = evolve(suitors[seat], hand=flush)
    state = evolve(state, suitors=tuple(suitors), last_actor=None, declined=())
    session = evolve(session, state=state)
    return session.apply(Retire(seat, state.sorceress))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_resolution_snapshot(snap_compare, size):
    assert snap_compare(_app(_finished()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_court_form_snapshot(snap_compare, size):
    async def run_before(pilot):
        await pilot.press("c", "down")
        await pilot.pause()

    assert snap_compare(_app(_at_floor()), terminal_size=size, run_before=run_before)


def _narrated() -> Session:
    """A person narrates (Nora): Ann's action missed, and the verdict is Nora's."""
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy"), SeatPlan("Nora"))
    config = GAME.make_config(
        tuple(s.name for s in seats), {"narrator_person": 1}, GAME.default_pack()
    )
    session = Session.start(GAME, config, 9, seats)
    session = session.apply(ClaimFloor(0, 2, "She is shown the stars"))
    session = session.apply(Join(1, False)).apply(Join(2, False))
    lowest = min(session.state.suitors[0].hand, key=lambda c: c.rank)
    session = session.apply(PlayCards(0, (lowest,)))
    assert session.prompt.kind == "verdict"
    return session


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_temptress_narrator_console_snapshot(snap_compare, size):
    async def run_before(pilot):
        await to_curtain(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(_app(_narrated()), terminal_size=size, run_before=run_before)
