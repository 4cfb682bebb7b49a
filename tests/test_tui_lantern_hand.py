"""Issue 31, point 4: a Bard's own hand behind their curtain, a way back from every
private screen, and the card a passage names said in words through renumbering."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from textual.widgets import OptionList

from rules.lantern.state import Play
from tests.test_tui_lantern import ANN, BO, _open, _session
from tests.tui_helpers import handing_over, make_app, screen_text, settle
from tui.lantern.forms import WhoseHandForm
from tui.lantern.seat import HandScreen, LanternChoice, WritingDesk
from tui.lantern.table import LanternTable
from tui.screens.curtain import CurtainScreen


async def until(pilot, condition) -> None:
    """Settle until ``condition`` holds (a condition, never the clock)."""
    for _ in range(30):
        await settle(pilot)
        if condition():
            return
    raise AssertionError(f"never came true; at {pilot.app.screen}")


def _start(tmp_path: Path, session):
    return make_app(tmp_path, opening=lambda app: app.start_flow(session, tmp_path / "t.json"))


async def test_c_shows_a_bard_their_own_hand_and_the_table_learns_only_that_they_looked(
    tmp_path: Path,
):
    session = _session()
    state = session.state
    elements = state.elements
    app = _start(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LanternTable))
        assert handing_over(app)  # waiting for Ann to take the keyboard
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, WhoseHandForm))
        await pilot.press("down", "enter")  # Bo
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        curtain = screen_text(app)
        assert "Bo looks at their own hand." in curtain
        assert not [elements[c] for hand in state.hands for c in hand if elements[c] in curtain]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandScreen))
        shown = screen_text(app)
        assert all(elements[c] in shown for c in state.hands[BO])
        others = [c for seat, hand in enumerate(state.hands) if seat != BO for c in hand]
        assert not [elements[c] for c in others if elements[c] in shown]
        assert "Bo, for your eyes only" in shown
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LanternTable))
        assert app.flow.session.actions == session.actions  # looking is no move
        assert app.flow.session.state.log == state.log  # and tells the story nothing


async def test_escape_goes_back_from_the_interruption_and_its_list_can_let_the_play_go(
    tmp_path: Path,
):
    session = _session()
    card = session.state.hands[ANN][0]
    session = session.apply(Play(ANN, "A long enough passage.", card))
    asked = session.prompt.seats[0]
    app = _start(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LanternTable))
        await pilot.press("i")
        screen = await _open(pilot, LanternChoice)
        labels = [
            str(screen.query_one(OptionList).get_option_at_index(n).prompt)
            for n in range(screen.query_one(OptionList).option_count)
        ]
        assert labels[-1].endswith("Let it go")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LanternTable))
        assert app.flow.session.prompt.seats[0] == asked  # nothing was answered
        await pilot.press("i")
        screen = await _open(pilot, LanternChoice)
        screen.query_one(OptionList).highlighted = len(labels) - 1
        await pilot.press("enter")
        await until(pilot, lambda: app.flow.session.prompt.seats[0] != asked)


async def test_the_desk_names_its_card_in_words_and_keeps_it_through_renumbering(
    tmp_path: Path,
):
    session = _session()
    first, second = session.state.hands[ANN]
    elements = session.state.elements
    app = _start(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        desk = await _open(pilot, WritingDesk)
        assert f"Naming: {elements[first]}" in screen_text(app)
        desk.query_one("#hand", OptionList).highlighted = 1
        await pilot.pause()
        assert f"Naming: {elements[second]}" in screen_text(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: not isinstance(app.screen, WritingDesk))
        # The hand is renumbered meanwhile (the card named is now the first).
        state = app.flow.session.state
        renumbered = evolve(state, hands=((second, first), *state.hands[1:]))
        app.flow.session = evolve(app.flow.session, state=renumbered)
        desk = await _open(pilot, WritingDesk)
        assert desk.query_one("#hand", OptionList).highlighted == 0
        assert f"Naming: {elements[second]}" in screen_text(app)
        assert desk.card() == second
