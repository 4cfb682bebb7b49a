"""Someone new walks into the Lantern from the Bards' comings and goings, at 80x24, and
the Barkeep hands the bar over from the console."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from rules.lantern.state import HandBar, Leave, Phase, WalkIn
from rules.session import SeatPlan
from tests.test_tui_lantern import (
    BO,
    CY,
    GAME,
    KIP,
    NAMES,
    SMALL,
    _footer_problems,
    _open,
    _squashed,
    _start,
    _start_tale,
)
from tests.tui_helpers import screen_text
from tui.lantern.forms import WALKS_IN, BardsForm
from tui.lantern.referee import BarkeepConsole
from tui.lantern.seat import WritingDesk
from tui.lantern.table import LanternTable
from tui.screens.confirm import ConfirmScreen

DORA = 4
"""The seat of the first newcomer to Ann, Bo, Cy and Kip the Barkeep."""


def _tavern():
    config = GAME.make_config(NAMES, {"hand": 2, "words_min": 3, "benches": 4}, GAME.default_pack())
    return _start_tale(GAME, config, 3, tuple(SeatPlan(n) for n in NAMES))


async def _type(pilot, text: str) -> None:
    field = pilot.app.screen.query_one("#newcomer", Input)
    field.value = ""
    await pilot.press(*text)
    await pilot.pause()


async def test_someone_new_walks_in_from_the_form_by_name_then_bench_then_confirmed(
    tmp_path: Path,
):
    app = _start(tmp_path, _tavern())
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, WritingDesk)
        await pilot.press("ctrl+g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, BardsForm)
        labels = [line.label for line in form.lines]
        assert WALKS_IN in labels
        problems = _footer_problems(app)
        form.query_one("#who", OptionList).highlighted = labels.index(WALKS_IN)
        await pilot.press("enter")
        await pilot.pause()
        assert "The newcomer's name" in screen_text(app)
        assert isinstance(app.focused, Input)
        problems += _footer_problems(app)
        await _type(pilot, "ann")
        await pilot.press("enter")
        await pilot.pause()
        assert "Ann already has a seat at this table: choose another name." in _squashed(app)
        assert isinstance(app.screen, BardsForm)
        await _type(pilot, "[b]Dora[/b]")  # a person's text: shown as typed, never markup
        await pilot.press("enter")
        await pilot.pause()
        assert "Which bench for [b]Dora[/b]?" in screen_text(app)
        assert "Bench 4" in screen_text(app)
        problems += _footer_problems(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "[b]Dora[/b] walks in and sits down on bench 4" in _squashed(app)
        await pilot.press("y")
        await pilot.pause()
        session = app.flow.session
        assert session.actions[-1] == WalkIn(KIP, "[b]Dora[/b]", 3)
        assert GAME.seat_names(session.state)[DORA] == "[b]Dora[/b]"
        assert session.state.benches[DORA] == 3 and len(session.state.hands[DORA]) == 2
        # The newcomer's hand is theirs alone: not on the screen the table sees now.
        hand = [session.state.elements[c] for c in session.state.hands[DORA]]
        if not isinstance(app.screen, WritingDesk) or app.screen.seat != DORA:
            assert not [e for e in hand if e in screen_text(app)]
    assert problems == []


async def test_the_barkeep_hands_the_bar_over_from_the_console(tmp_path: Path):
    suspended = _tavern().apply(Leave(BO)).apply(Leave(CY))  # the table waits on Kip
    app = _start(tmp_path, suspended)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        await pilot.press("o")
        console = await _open(pilot, BarkeepConsole)
        text = _squashed(app)
        assert "Hand the bar to someone else" in text
        options = [str(o.prompt) for o in console.query_one("#options", OptionList)._options]
        number = next(n for n, o in enumerate(options, 1) if "Hand the bar" in o)
        await pilot.press(str(number))
        await pilot.press("enter")
        await pilot.pause()
        assert "Who keeps the bar from now on?" in _squashed(app)
        await pilot.press(*"Olwen", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Hand the bar to Olwen?" in _squashed(app)
        await pilot.press("y")
        await pilot.pause()
        session = app.flow.session
        assert session.actions[-1] == HandBar(KIP, "Olwen")
        assert GAME.seat_names(session.state)[-1] == "Olwen"
        assert session.state.phase == Phase.SUSPENDED


async def test_a_newcomer_at_a_hosted_tables_door_is_seated_from_the_bards_form(tmp_path: Path):
    """Dora knocked with the tavern's code from her own terminal (``tui.net.host``): the
    table shows the code and who waits at the door, and the form seats her by her name."""
    app = _start(tmp_path, _tavern())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.flow.set_tavern("ABC-DEF")
        app.flow.set_door(("[i]Dora[/i]",))
        await pilot.pause()
        text = _squashed(app)
        assert "Walk in from a terminal of your own: parlour join, code ABC-DEF." in text
        assert "At the door: [i]Dora[/i] (b seats them on a bench)." in text
        await pilot.press("b")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, BardsForm)
        labels = [line.label for line in form.lines]
        door = "Seat [i]Dora[/i] (at the door) on a free bench"
        assert door in labels
        form.query_one("#who", OptionList).highlighted = labels.index(door)
        await pilot.press("enter")
        await pilot.pause()
        assert "Which bench for [i]Dora[/i]?" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.flow.session.actions[-1] == WalkIn(KIP, "[i]Dora[/i]", 3)


async def test_a_newcomers_first_curtain_and_hand_keep_every_other_seats_cards_private(
    tmp_path: Path,
):
    """Dora walks in at the keyboard; her first look at her hand (c, her name) comes behind
    her own curtain, which shows nobody's cards, and her hand screen shows hers alone."""
    from tests.test_tui_lantern_hand import until
    from tui.lantern.forms import WhoseHandForm
    from tui.lantern.seat import HandScreen
    from tui.screens.curtain import CurtainScreen

    session = _tavern().apply(WalkIn(KIP, "Dora", 3))
    state = session.state
    elements = state.elements
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LanternTable))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, WhoseHandForm))
        names = app.screen.names
        await pilot.press(*(["down"] * names.index("Dora")), "enter")
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        curtain = screen_text(app)
        assert "Dora looks at their own hand." in curtain
        assert not [elements[c] for hand in state.hands for c in hand if elements[c] in curtain]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandScreen))
        shown = screen_text(app)
        assert "Dora, for your eyes only" in shown
        assert all(elements[c] in shown for c in state.hands[DORA])
        others = [c for seat, hand in enumerate(state.hands) if seat != DORA for c in hand]
        assert not [elements[c] for c in others if elements[c] in shown]
