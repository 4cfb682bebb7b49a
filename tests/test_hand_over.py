"""The public moment between two people (issue 13, point 2): the table shows first,
names who takes the keyboard next, and recaps what happened since their last turn;
Enter brings their curtain. A bot's move stays on the table until then."""

from __future__ import annotations

from pathlib import Path

from rules import registry
from rules.persuasion.state import Phase, Send
from rules.session import BOT, PERSON, SeatPlan, Session
from tests.tui_helpers import handing_over, make_app, press, screen_text, settle
from tui.kit.table import TableScreen
from tui.screens.curtain import CurtainScreen

NAMES = ("Ann", "Bo", "Cleo", "Dev")


def _start(game_id: str, kinds: tuple[str, ...], seed: int = 1) -> Session:
    game = registry.get(game_id)
    names = NAMES[: len(kinds)]
    config = game.make_config(names, {}, game.default_pack())
    return Session.start(game, config, seed, tuple(map(SeatPlan, names, kinds)))


def _said(app) -> str:
    return " ".join(screen_text(app).split())


def _bot_move(app) -> None:
    """The person asked decides as their seat's bot would, through the flow (the keys'
    path), so the screens follow."""
    session = app.flow.session
    seat = session.prompt.seats[0]
    assert app.flow.act(session.bot_for(seat).choose(session.view(seat))) is None


async def _visit(pilot) -> None:
    """The person asked takes the keyboard: Enter at the table, at their curtain, and on
    the news a visit shows first, until their step shows."""
    app = pilot.app
    await settle(pilot)
    for _ in range(5):
        asked = app.flow.session.prompt.seats[0]
        if not handing_over(app) and getattr(app.screen, "seat", None) == asked:
            return
        await press(pilot, "enter")  # hand over, lift, or done with the news
    raise AssertionError(f"{type(app.screen).__name__} shows, not the step of seat {asked}")


async def test_the_table_names_who_is_next_and_enter_brings_their_curtain(tmp_path: Path):
    session = _start("island", (PERSON, PERSON, PERSON))
    first = session.seats[session.prompt.seats[0]].name
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and handing_over(app)
        said = _said(app)
        assert f"{first} takes the keyboard next: Enter brings {first}'s curtain." in said
        assert f"{first}, before your first turn:" in said
        assert "The island opens: Ann, Bo, Cleo." in said
        assert "⏎ Hand over" in said
        await press(pilot, "enter")
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == first


async def test_a_recap_names_a_ring_proposal_in_an_all_person_persuasion_game(tmp_path: Path):
    session = _start("persuasion", (PERSON,) * 4)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(120, 40)) as pilot:
        flow = app.flow
        while flow.session.prompt.kind != Phase.MAIL:
            await _visit(pilot)
            _bot_move(app)
        # The first to mail sends their ring; everyone else mails as their bot would.
        mailer = flow.session.prompt.seats[0]
        to = (mailer + 1) % 4
        await _visit(pilot)
        assert flow.act(Send(mailer, to)) is None
        while flow.session.prompt.kind == Phase.MAIL:
            await _visit(pilot)
            _bot_move(app)
        await settle(pilot)
        if not handing_over(app):
            await press(pilot, "enter")  # the last to mail is done with their news
        assert handing_over(app)
        proposal = f"{NAMES[mailer]} sends their ring to {NAMES[to]}!"
        assert proposal in flow.session.view(None).log
        next_person = NAMES[flow.session.prompt.seats[0]]
        said = _said(app)
        assert f"{next_person}, since your last turn:" in said
        assert proposal in said
        assert f"{next_person} takes the keyboard next" in said


async def test_a_recap_starts_where_that_persons_last_visit_ended(tmp_path: Path):
    session = _start("island", (PERSON, PERSON, PERSON))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first, second = (NAMES[s] for s in session.prompt.seats)
        await press(pilot, "enter", "enter")  # the first person's curtain, lifted
        await press(pilot, "h")  # they hide their screen again
        said = _said(app)
        assert f"{first}, since your last turn: Nothing new at the table." in said
        await press(pilot, "enter", "enter", "enter")  # back, and they pick a card
        said = _said(app)
        assert f"{second}, before your first turn:" in said
        assert f"{first} has chosen a card." in said
        assert app.flow.handing_over().recap[-1] == f"{first} has chosen a card."


async def test_a_bots_move_stays_on_the_table_until_a_person_moves_on(tmp_path: Path):
    session = _start("island", (BOT, PERSON, PERSON))
    while True:  # on, through the engine, to a bot's move that a person's step follows
        seat = session.prompt.seats[0]
        after = session.apply(session.bot_for(seat).choose(session.view(seat)))
        if session.seats[seat].kind == BOT and after.prompt.private:
            break
        session = after
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        flow = app.flow
        assert flow.session.actions == after.actions  # the bot has moved
        for _ in range(20):  # however long the app runs, the table waits for Enter
            await settle(pilot)
        assert len(flow.session.actions) == len(after.actions) and handing_over(app)
        news = after.view(None).log[len(session.view(None).log) :]
        assert news and app.flow.handing_over().recap[-len(news) :] == news
        for line in news:
            assert line in _said(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, CurtainScreen)
