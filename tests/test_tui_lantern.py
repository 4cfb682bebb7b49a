"""A short tale through the Lantern's screens: three Bards and a person Barkeep."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, SelectionList, TextArea

from rules.registry import get
from rules.session import SeatPlan, Session
from tests.tui_helpers import make_app, screen_text
from tui.curtain import CurtainScreen
from tui.lantern.screens import BarkeepScreen, InterruptScreen, LanternTable, WritingScreen
from tui.resolution import ResolutionScreen

GAME = get("lantern")
NAMES = ("Ann", "Bo", "Cy", "Kip")
ANN, BO, CY, KIP = range(4)


def _session() -> Session:
    config = GAME.make_config(NAMES, {"hand": 2, "words_min": 3, "benches": 3},
                              GAME.default_pack())
    return Session.start(GAME, config, 3, tuple(SeatPlan(n) for n in NAMES))


async def _open(pilot, screen_type):
    """Lift whatever curtain is down until ``screen_type`` shows."""
    for _ in range(6):
        await pilot.pause()
        if isinstance(pilot.app.screen, screen_type):
            return pilot.app.screen
        if isinstance(pilot.app.screen, CurtainScreen):
            await pilot.press("enter")
    raise AssertionError(f"{screen_type.__name__} never showed; at {pilot.app.screen}")


async def _write(pilot, text: str, card: int | None, ties: bool = False) -> None:
    screen = await _open(pilot, WritingScreen)
    state = pilot.app.flow.session.state
    await pilot.pause()
    shown = screen_text(pilot.app)
    for other, hand in enumerate(state.hands):
        if other != screen.seat:
            assert not [state.elements[c] for c in hand if state.elements[c] in shown]
    if card is not None:
        hand = state.hands[screen.seat]
        screen.query_one("#hand", OptionList).highlighted = hand.index(card)
    if ties:
        screen.query_one("#ties", SelectionList).select_all()
    screen.query_one(TextArea).insert(text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def _let_go(pilot, *seats: int) -> None:
    for _ in seats:
        await pilot.pause()
        assert isinstance(pilot.app.screen, LanternTable)
        await pilot.press("l")


async def test_a_short_tale_with_a_denial_a_loose_end_an_interruption_and_a_win(
    tmp_path: Path,
):
    session = _session()
    state = session.state
    element = state.elements
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, tmp_path / "tale.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        first, second = state.hands[ANN]
        # 1. Ann's play makes a Loose End.
        await _write(pilot, f"The tale begins with {element[first]} on the bar.", first)
        await _let_go(pilot, BO, CY)
        console = await _open(pilot, BarkeepScreen)
        await pilot.pause()
        assert all(element[c] in screen_text(app) for c in state.hands[BO])
        await pilot.press("ctrl+l", "ctrl+v")
        await pilot.pause()
        assert app.flow.session.state.table == (first,)
        # 2. Ann's next play forgets its card: denied, the card burns, two cards, Bo's turn.
        await _write(pilot, "Nothing much happened for a while, it seems.", second)
        await _let_go(pilot, BO, CY)
        console = await _open(pilot, BarkeepScreen)
        console.query_one("#entry").value = "8"
        await pilot.press("ctrl+d")
        await pilot.pause()
        after = app.flow.session.state
        assert second in after.burned and len(after.hands[ANN]) == 2
        assert after.on_turn == BO
        # 3. Bo's play mentions one of Cy's cards: Cy interrupts successfully.
        bo_card = after.hands[BO][0]
        cy_card, cy_other = after.hands[CY]
        await _write(pilot, f"Then came {element[bo_card]}, and with it {element[cy_card]}.",
                     bo_card)
        await pilot.pause()
        while app.flow.session.prompt.seats[0] != CY:
            assert app.flow.session.prompt.kind == "window"
            await _let_go(pilot, ANN)
        await pilot.press("i")
        screen = await _open(pilot, InterruptScreen)
        hand = app.flow.session.state.hands[CY]
        screen.query_one(OptionList).highlighted = hand.index(cy_card)
        await pilot.press("enter")
        await _open(pilot, BarkeepScreen)
        await pilot.press("ctrl+t", "ctrl+v")  # the play is verified (no ties claimed)
        await pilot.pause()
        await _open(pilot, BarkeepScreen)
        await pilot.press("ctrl+v")  # the interruption stands
        await pilot.pause()
        now = app.flow.session.state
        assert now.on_turn == CY and cy_card in now.burned
        assert len(now.hands[BO]) == 2  # one card played, one received
        # 4. Cy ties off the Loose End with her last card and wins.
        await _write(pilot, f"At last {element[cy_other]} settled {element[first]} for good.",
                     cy_other, ties=True)
        await _let_go(pilot, *[s for s in (ANN, BO) if app.flow.session.state.hands[s]])
        await _open(pilot, BarkeepScreen)
        await pilot.press("ctrl+v")
        await pilot.pause()
        won = app.flow.session.state
        assert won.phase == "closing" and won.ale[CY] == 1 and won.table == ()
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        await pilot.press("w")
        await _write(pilot, "And the lantern was trimmed at last.", None)
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.pause()
        assert "Winners: Cy" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        story = (tmp_path / "tale-story.md").read_text()
        assert "## The tale" in story and "And the lantern was trimmed at last." in story


async def test_the_turn_timer_puts_a_sleeping_bard_to_pass(tmp_path: Path):
    from attrs import evolve

    session = _session()
    config = evolve(session.state.config, sleep_seconds=1)
    session = Session.start(GAME, config, 3, session.seats)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.flow.session.state.on_turn == ANN
        await pilot.pause(1.4)
        state = app.flow.session.state
        assert state.asleep[ANN] == 1
        assert len(state.hands[ANN]) == 3
        assert state.on_turn == BO
        assert "Ann has fallen asleep and so has passed." in app.flow.session.view(None).log


async def test_the_tale_so_far_exports_from_the_command_palette(tmp_path: Path):
    from rules.lantern.state import Interrupt, Play, Rule

    session = _session()
    card = session.state.hands[ANN][0]
    element = session.state.elements[card]
    session = session.apply(Play(ANN, f"It began with {element}.", card))
    for seat in (BO, CY):
        session = session.apply(Interrupt(seat))
    session = session.apply(Rule(KIP, True))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, tmp_path / "t.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        commands = {c.title: c.callback for c in app.get_system_commands(app.screen)}
        commands["Export story"]()
        story = (tmp_path / "t-story.md").read_text()
        assert story.startswith("# Ye Olde Rusty Lantern, seed 3 (so far)")
        assert f"It began with {element}." in story
        hidden = session.state.hands[BO]
        assert not [c for c in hidden if session.state.elements[c] in story]


async def test_a_bard_waiting_at_the_bar_is_seated_on_the_bench_the_barkeep_picks(tmp_path):
    from rules.lantern.state import Leave

    names = ("Ann", "Bo", "Cy", "Dot", "Kip")
    config = GAME.make_config(names, {"hand": 2, "benches": 3}, GAME.default_pack())
    assert config.seated == (True, True, True, False)
    session = Session.start(GAME, config, 3, tuple(SeatPlan(n) for n in names))
    session = session.apply(Leave(BO))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await _open(pilot, WritingScreen)
        await pilot.press("ctrl+j")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = [str(options.get_option_at_index(i).id) for i in range(options.option_count)]
        options.highlighted = ids.index("3")  # Dot, waiting at the bar
        await pilot.press("enter")
        await pilot.pause()
        assert "Which bench for Dot?" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        state = app.flow.session.state
        assert state.benches[3] == 1  # Bo's old bench, the first free one
        assert len(state.hands[3]) == 2
