"""No dead ends (issue 30, point 4), as newcomers met them playing The Temptress (three
people and two bots) at 80x24: a key that cannot act is greyed and says why, Escape
leaves every private screen and every form, no stray key opens the next person's
curtain or takes back another person's move from it, digits pick in lists of any
length, the action under way shows whole, and the narrator choice leads the setup."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from textual.widgets import Input, OptionList

from rules.session import Session
from rules.temptress.actions import Decline, SpendRapport
from rules.temptress.state import Play, SpendChoice
from tests.temptress_helpers import cards
from tests.temptress_tui_helpers import footer, lines, with_suitor
from tests.test_tui_temptress_screens import (
    ANN,
    BO,
    CY,
    HAND,
    SEVENS,
    SIZE,
    _app,
    _at_floor,
    _lift,
    _playing,
    _spending,
)
from tests.tui_helpers import handing_over, make_app, open_setup, settle
from tui.kit.form import FormScreen
from tui.kit.picks import NumberTyped
from tui.screens.curtain import CurtainScreen
from tui.screens.setup import SetupScreen
from tui.temptress.forms import CourtForm
from tui.temptress.seat import ClueBook, PlayScreen, SpendScreen
from tui.temptress.table import TemptressTable

NO_FLUSH = "To retire you need seven cards, all of one suit."
DOT, EVE = 3, 4


def _rows(app) -> list[str]:
    """The screen's rows, without the edges of boxes and lists."""
    return [row.strip().strip("▊▎").strip() for row in lines(app)]


def _live(app, key: str) -> bool | None:
    """Whether the key bar's ``key`` is live (True), greyed (False) or not shown (None)."""
    active = app.screen.active_bindings.get(key)
    return None if active is None or not active.binding.show else active.enabled


# --- 1. a key that cannot act is greyed, and says why ---------------------------------


async def test_retire_greyed_with_reason_when_no_flush(tmp_path: Path):
    """Bo holds two cards (everyone sees it): Retire is greyed, and t says why at once,
    on the table, with no curtain. With seven cards of mixed suits it stays live (the
    suit is Bo's secret): behind his curtain each woman says why."""
    session = with_suitor(_at_floor(), BO, hand=SEVENS)
    choices = session.view(BO).choices
    assert (choices.keyed("retire").closed, choices.keyed("retire").then) == (NO_FLUSH, None)
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        assert "t Retire" in footer(app)
        assert _live(app, "t") is False
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TemptressTable)
        assert NO_FLUSH in _rows(app)
    assert _at_floor().view(BO).choices.keyed("retire").open  # seven cards: still live


# --- 2. Escape leaves every private screen and every form -----------------------------


async def test_escape_leaves_the_clue_book(tmp_path: Path):
    app = _app(tmp_path, _at_floor())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == "Bo"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ClueBook)
        assert "h / esc Hide" in footer(app) and "⏎ Back to the table" in footer(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TemptressTable)
        assert not handing_over(app)


async def test_escape_steps_back_a_question_then_hides(tmp_path: Path):
    session = _spending()
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, SpendScreen)
        assert "h / esc Hide" in footer(app)
        await pilot.press("1", "enter")  # the refill: which cards, a question further
        await pilot.pause()
        assert "Choose 1 card from the discard pile:" in _rows(app)
        assert "esc Back" in footer(app) and "h Hide" in footer(app)
        assert "h / esc" not in footer(app)
        await pilot.press("escape")  # back to the first question
        await pilot.pause()
        assert "Spend all 2 Rapport chips on one thing, or keep them:" in _rows(app)
        assert "h / esc Hide" in footer(app)
        await pilot.press("escape")  # and from there, away: the curtain is Cy's again
        await settle(pilot)
        assert handing_over(app)
        assert "Cy takes the keyboard next: Enter brings Cy's curtain." in _rows(app)
        assert app.flow.session.actions == session.actions


async def test_escape_closes_a_form_over_the_table(tmp_path: Path):
    app = _app(tmp_path, _at_floor())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CourtForm)
        assert "esc Back" in footer(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TemptressTable)
        assert not isinstance(app.screen, FormScreen)


# --- 3. no stray key opens the next person's curtain ----------------------------------


async def test_stray_key_never_opens_the_next_persons_curtain(tmp_path: Path):
    """While the table hands the keyboard over, the game's keys do nothing. At play, a
    key opens only the private screen of the person the table asks: that curtain is theirs
    alone, so u there never takes back the move of the person before (Bo's, just made),
    and Escape goes back to the table."""
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert handing_over(app)  # Bo's cards next: the table waits for Bo's Enter
        for key in ("k", "o", "t", "c", "g", "m"):
            await pilot.press(key)
            await pilot.pause()
            assert handing_over(app), key
        assert "Bo takes the keyboard next: Enter brings Bo's curtain." in _rows(app)

    app = _app(tmp_path, _at_floor())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _lift(pilot, TemptressTable)
        assert app.flow.act(Decline(BO)) is None  # Bo lets the floor pass
        await settle(pilot)
        assert app.flow.take_back_refusal() is None  # Bo himself still may, at the table
        asked = app.screen.deciding()
        assert asked not in (None, BO)
        name = app.flow.seats[asked].name
        await pilot.press("k")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat_name == name
        assert "u Take back" not in footer(app)
        assert "esc Back to the table" in footer(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.flow.session.actions[-1] == Decline(BO)  # Bo's move stands
        assert app.screen is curtain
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TemptressTable)
        assert app.flow.session.actions[-1] == Decline(BO)


# --- 4. digits pick, in lists of any length --------------------------------------------


async def test_digits_pick_the_eleventh_spend(tmp_path: Path):
    """The spending lists 11 options: 0 is the tenth, 1 then 1 the eleventh."""
    app = _app(tmp_path, _spending())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, SpendScreen)
        options = app.screen.query_one("#options", OptionList)
        tenth = app.screen.question.options[9].label
        assert f"10. {tenth}" in _rows(app)
        assert "11. Keep your Rapport" in _rows(app)
        assert footer(app).startswith("⏎ Choose 1-11 Pick ? Help h / esc Hide")
        await pilot.press("0")
        assert options.highlighted == 9
        await pilot.press("1", "1")
        assert options.highlighted == 10
        await pilot.press("enter")
        await settle(pilot)
        assert app.flow.session.actions[-1] == SpendRapport(CY, SpendChoice.KEEP)


async def test_a_cards_number_ticks_it_as_the_bar_says(tmp_path: Path):
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        assert footer(app).startswith("⏎ Play 1-9 Pick")
        await pilot.press("2", "4")
        await pilot.pause()
        assert app.screen.chosen() == (HAND[1], HAND[3])
        await pilot.press("2")  # again: back to the hand
        await pilot.pause()
        assert app.screen.chosen() == (HAND[3],)


# --- 5. the action under way shows whole at 80x24 --------------------------------------


def _raised(session: Session, seats: tuple[int, ...]) -> Session:
    """Bo's court, opposed by ``seats``: every one of them played toward target 1, Cy
    raised, and Cy and Ann played toward target 2; Bo plays next."""
    hands = {
        CY: ("10S", "8S 9D"),
        ANN: ("3S 7S", "3H"),
        DOT: ("4C 6C",),
        EVE: ("2D 8D",),
    }

    def play(seat: int, target: int, held: str) -> Play:
        return Play(seat, target, cards(held), 0, sum(c.rank for c in cards(held)))

    plays = [play(s, 1, hands[s][0]) for s in seats]
    plays.append(play(BO, 1, "5C 5D"))
    plays += [play(s, 2, hands[s][1]) for s in seats if len(hands[s]) > 1]
    state = session.state
    contest = evolve(
        state.contest,
        participants=(BO, *seats),
        target=2,
        dice=(2, 6, 4),
        targets=(10, 12),
        plays=tuple(plays),
        raiser=CY,
        followers=(BO, CY, ANN),
        to_play=(BO,),
    )
    return evolve(session, state=evolve(state, contest=contest))


async def test_raised_action_rows_fit_80x24(tmp_path: Path):
    session = _raised(_playing(), (CY, ANN))
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = _rows(app)
        panel = [
            "Bo courts Seraphine, opposed by Cy, Ann: She is serenaded",
            "Target 2: 2 + 6 + 4 = 12",
            "Cy: T1 10♠ = 10 (reached) · T2 8♠ 9♦ = 17 (reached)",
            "Ann: T1 3♠ 7♠ = 10 (reached) · T2 3♥ = 3 (missed)",
            "Bo: T1 5♣ 5♦ = 10 (reached)",
        ]
        start = rows.index(panel[0])
        assert rows[start : start + len(panel)] == panel
        assert "m More" not in footer(app)


async def test_every_row_of_a_crowded_action_is_reached_with_m(tmp_path: Path):
    session = _raised(_playing(), (CY, ANN, DOT, EVE))
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert "m More" in footer(app)
        seen: set[str] = set()
        for _ in range(3):
            seen |= set(_rows(app))
            await pilot.press("m")
            await pilot.pause()
        for row in (
            "Cy: T1 10♠ = 10 (reached) · T2 8♠ 9♦ = 17 (reached)",
            "Ann: T1 3♠ 7♠ = 10 (reached) · T2 3♥ = 3 (missed)",
            "Dot: T1 4♣ 6♣ = 10 (reached)",
            "Eve: T1 2♦ 8♦ = 10 (reached)",
            "Bo: T1 5♣ 5♦ = 10 (reached)",
        ):
            assert any(r.startswith(row) for r in seen), row


# --- 6. the narrator choice leads the setup -------------------------------------------


async def test_narrator_choice_is_first_on_setup(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, "temptress")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        rows = [row.split("▊")[0].strip() for row in lines(app)]
        assert rows[1:6] == ["", "Person narrates", "", "", "Seat 1"]
        note = " ".join(row.split("▎")[-1].strip() for row in lines(app)[1:3])
        assert note == "0-1. 1: the last seat is a person narrator; 0: the island narrates."
        assert app.screen.focused is app.screen.query_one("#option-narrator_person", Input)
        await pilot.press("tab")
        assert app.screen.focused is app.screen.query_one("#name-0", Input)


def test_a_number_typed_digit_by_digit_reaches_every_option():
    """(the option a digit picks, the one it picks instead of), by index."""
    typed = NumberTyped()
    assert typed.digit("1", 11, 0.0) == (0, None)
    assert typed.digit("1", 11, 0.5) == (10, 0)  # 1 then 1: the eleventh, not the first
    assert typed.digit("1", 11, 0.6) == (0, None)  # no option 111: the first again
    assert typed.digit("0", 11, 5.0) == (9, None)  # 0 alone: the tenth
    assert typed.digit("2", 11, 5.1) == (1, None)  # no option 22
    assert typed.digit("1", 11, 9.0) == (0, None)
    assert typed.digit("1", 11, 10.5) == (0, None)  # a second later: a number of its own
    assert typed.digit("7", 5, 20.0) == (None, None)
    assert typed.digit("0", 9, 30.0) == (None, None)
