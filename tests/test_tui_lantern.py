"""A short tale through the Lantern's screens: three Bards and a person Barkeep."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from textual.widgets import OptionList, TextArea

from rules.lantern.state import Begin, Interrupt, Leave, Play, Rule, RuleInterruption
from rules.registry import get
from rules.session import SeatPlan, Session
from tests.tui_helpers import ManualTimer, handing_over, make_app, screen_text, settle
from tui.lantern.forms import BardsForm
from tui.lantern.referee import BarkeepConsole
from tui.lantern.seat import ClosingDesk, LanternChoice, TickList, WritingDesk
from tui.lantern.table import LanternTable
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen

GAME = get("lantern")
NAMES = ("Ann", "Bo", "Cy", "Kip")
ANN, BO, CY, KIP = range(4)
VERIFY, VERIFY_LOOSE_END, DENY = "1", "2", "3"
"""The console's first question on a play, by number."""
NOT_BROUGHT_IN = "8"
"""The last of the seed's reasons to deny a play."""
STANDS = "1"
"""The console's answer that an interruption stands."""


def _start_tale(*args) -> Session:
    """``Session.start``, then the Barkeep (the last seat) names Ann to begin the tale."""
    session = Session.start(*args)
    return session.apply(Begin(len(session.seats) - 1, ANN))


def _session() -> Session:
    config = GAME.make_config(NAMES, {"hand": 2, "words_min": 3, "benches": 3}, GAME.default_pack())
    return _start_tale(GAME, config, 3, tuple(SeatPlan(n) for n in NAMES))


async def _open(pilot, screen_type):
    """Hand the keyboard over at the table and lift whatever curtain is down until
    ``screen_type`` shows."""
    for _ in range(6):
        await pilot.pause()
        if isinstance(pilot.app.screen, screen_type):
            return pilot.app.screen
        if handing_over(pilot.app) or isinstance(pilot.app.screen, CurtainScreen):
            await pilot.press("enter")
    raise AssertionError(f"{screen_type.__name__} never showed; at {pilot.app.screen}")


async def _write(pilot, text: str, card: int | None, ties: bool = False) -> None:
    screen = await _open(pilot, WritingDesk)
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
        claimed = screen.query_one("#ties", TickList)
        for index in range(claimed.option_count):
            claimed.highlighted = index
            claimed.action_tick()
    screen.query_one(TextArea).insert(text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def _let_go(pilot, *seats: int) -> None:
    for _ in seats:
        await pilot.pause()
        assert isinstance(pilot.app.screen, LanternTable)
        await pilot.press("l")


async def _rule(pilot, *keys: str) -> None:
    await _open(pilot, BarkeepConsole)
    await pilot.press(*keys)
    await pilot.pause()


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
        await _open(pilot, BarkeepConsole)
        assert all(element[c] in screen_text(app) for c in state.hands[BO])
        await _rule(pilot, VERIFY_LOOSE_END, "enter")
        assert app.flow.session.state.table == (first,)
        # 2. Ann's next play forgets its card: denied, the card burns, two cards, Bo's turn.
        await _write(pilot, "Nothing much happened for a while, it seems.", second)
        await _let_go(pilot, BO, CY)
        await _rule(pilot, DENY, "enter", NOT_BROUGHT_IN, "enter")
        after = app.flow.session.state
        assert second in after.burned and len(after.hands[ANN]) == 2
        assert after.on_turn == BO
        # 3. Bo's play mentions one of Cy's cards: Cy interrupts successfully.
        bo_card = after.hands[BO][0]
        cy_card, cy_other = after.hands[CY]
        await _write(
            pilot, f"Then came {element[bo_card]}, and with it {element[cy_card]}.", bo_card
        )
        await pilot.pause()
        while app.flow.session.prompt.seats[0] != CY:
            assert app.flow.session.prompt.kind == "window"
            await _let_go(pilot, ANN)
        await pilot.press("i")
        screen = await _open(pilot, LanternChoice)
        assert f"Then came {element[bo_card]}" in screen_text(app)  # the play, to check
        hand = app.flow.session.state.hands[CY]
        screen.query_one(OptionList).highlighted = hand.index(cy_card)
        await pilot.press("enter")
        await _rule(pilot, VERIFY, "enter")  # the play is verified (no ties claimed)
        await _rule(pilot, STANDS, "enter")  # the interruption stands
        now = app.flow.session.state
        assert now.on_turn == CY and cy_card in now.burned
        assert len(now.hands[BO]) == 2  # one card played, one received
        # 4. Cy ties off the Loose End with her last card and wins.
        await _write(
            pilot,
            f"At last {element[cy_other]} settled {element[first]} for good.",
            cy_other,
            ties=True,
        )
        await _let_go(pilot, *[s for s in (ANN, BO) if app.flow.session.state.hands[s]])
        await _rule(pilot, VERIFY, "enter")
        assert "Which of the Loose Ends it claims are tied off?" in screen_text(app)
        await pilot.press("enter")  # the claimed tie starts ticked
        await pilot.pause()
        won = app.flow.session.state
        assert won.phase == "closing" and won.ale[CY] == 1 and won.table == ()
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        await pilot.press("w")
        closing = await _open(pilot, ClosingDesk)
        # The closing passage is written in a box as wide as the screen, not wider.
        assert closing.query_one(TextArea).region.right <= app.size.width
        closing.query_one(TextArea).insert("And the lantern was trimmed at last.")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "End the tale with this closing passage?" in screen_text(app)
        await pilot.press("n")  # not yet: back to the desk as it was
        await pilot.pause()
        assert app.screen is closing
        assert closing.query_one(TextArea).text == "And the lantern was trimmed at last."
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.pause()
        assert "Winners: Cy" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        story = (tmp_path / "tale-story.md").read_text()
        assert "## The tale" in story and "And the lantern was trimmed at last." in story
        assert "## Every hand, at the end" in story


async def test_the_turn_timer_puts_a_sleeping_bard_to_pass(tmp_path: Path):
    session = _session()
    config = evolve(session.state.config, sleep_seconds=1)
    session = _start_tale(GAME, config, 3, session.seats)
    timer = ManualTimer()
    app = make_app(tmp_path, turn_timer=timer, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.flow.session.state.on_turn == ANN
        assert [seconds for seconds, _ in timer.asked] == [1]
        timer.run_all()  # the second is up
        await settle(pilot)
        state = app.flow.session.state
        assert state.asleep[ANN] == 1
        assert len(state.hands[ANN]) == 3
        assert state.on_turn == BO
        assert "Ann has fallen asleep and so has passed." in app.flow.session.view(None).log


async def test_the_tale_so_far_exports_from_the_command_palette(tmp_path: Path):
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
        assert story.startswith("# Ye Olde Rusty Lantern (so far)\n")
        assert "Seed" not in story
        assert f"It began with {element}." in story
        hidden = session.state.hands[BO]
        assert not [c for c in hidden if session.state.elements[c] in story]


async def test_a_bard_waiting_at_the_bar_is_seated_on_the_bench_the_barkeep_picks(tmp_path):
    names = ("Ann", "Bo", "Cy", "Dot", "Kip")
    config = GAME.make_config(names, {"hand": 2, "benches": 3}, GAME.default_pack())
    assert config.seated == (True, True, True, False)
    session = _start_tale(GAME, config, 3, tuple(SeatPlan(n) for n in names))
    session = session.apply(Leave(BO))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await _open(pilot, WritingDesk)
        await pilot.press("ctrl+g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, BardsForm)
        labels = [line.label for line in form.lines]
        assert labels == [
            "Seat Bo on a free bench",
            "Seat Dot on a free bench",
            "Someone new walks in",
            "Ann leaves the tale (bench 1)",
            "Cy leaves the tale (bench 3)",
        ]
        form.query_one("#who", OptionList).highlighted = 1
        await pilot.press("enter")
        await pilot.pause()
        assert "Which bench for Dot?" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        state = app.flow.session.state
        assert state.benches[3] == 1  # Bo's old bench, the only free one
        assert len(state.hands[3]) == 2
        assert app.flow.session.actions[-1].seat == 4  # the Barkeep (Kip) seats Bards


# --- defects people met at 80x24, each on the screen as they met it -----------------------

SMALL = (80, 24)
LONG = (
    "The rain came down on the Rusty Lantern while the ferryman told of the far shore, "
    "of lanterns hung on posts of bone, of a toll paid in memories rather than coins, "
    "and of the one traveller who had paid twice and still could not remember why. "
) * 3


def _rows(app) -> list[str]:
    return screen_text(app).splitlines()


def _squashed(app) -> str:
    return " ".join(screen_text(app).split())


def _footer_problems(app) -> list[str]:
    """Every key the screen's bar shows, "KEY what it does", complete on its last row."""
    from tui.widgets.keybar import shown_keys

    footer = _rows(app)[-1]
    shown = [f"{app.get_key_display(b)} {b.description}" for b, _, _ in shown_keys(app.screen)]
    assert shown, "no keys"
    return [f"{type(app.screen).__name__}: {key!r}" for key in shown if key not in footer]


def _played(session: Session, text: str = LONG, times: int = 1) -> Session:
    """Ann's plays, let go by the others and verified by Kip (she keeps the turn)."""
    for _ in range(times):
        card = session.state.hands[ANN][0]
        session = session.apply(Play(ANN, text, card))
        for seat in (BO, CY):
            session = session.apply(Interrupt(seat))
        session = session.apply(Rule(KIP, True))
    return session


def _at_window(session: Session) -> Session:
    return session.apply(Play(ANN, LONG, session.state.hands[ANN][0]))


def _at_ruling(session: Session) -> Session:
    session = _at_window(session)
    for seat in (BO, CY):
        session = session.apply(Interrupt(seat))
    return session


def _start(tmp_path: Path, session: Session, **kwargs):
    return make_app(tmp_path, opening=lambda app: app.start_flow(session, None), **kwargs)


async def test_the_barkeep_denies_with_a_reason_picked_by_its_number(tmp_path: Path):
    """The old console had the reason typed as a number into a field, where ``?`` opened
    help instead of being typed; now the reasons are a numbered list."""
    app = _start(tmp_path, _at_ruling(_session()))
    async with app.run_test(size=SMALL) as pilot:
        await _rule(pilot, DENY, "enter")
        text = _squashed(app)
        assert "Deny it: why?" in text
        assert "1. It cannot be understood" in text
        assert "8. The card was named but the text did not bring it into the tale" in text
        assert not app.screen.query_one("#write").display  # no field to type a reason in
        await pilot.press(NOT_BROUGHT_IN, "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == Rule(KIP, False, "not_brought_in")


async def test_a_question_mark_types_into_the_barkeeps_new_elements_and_f1_opens_help(
    tmp_path: Path,
):
    from rules.lantern.state import PassTurn, Restock
    from tui.kit.base import ProseInput
    from tui.screens.help import HelpScreen

    session = _session()
    config = evolve(session.state.config, elements=session.state.config.elements[:7])
    session = _start_tale(GAME, config, 3, session.seats)
    session = session.apply(PassTurn(ANN)).apply(PassTurn(BO))
    assert session.prompt.kind == "dry"
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await _rule(pilot, "1", "enter")  # add story elements
        field = app.screen.query_one("#write", ProseInput)
        assert app.screen.focused is field
        played = len(app.flow.session.actions)
        await pilot.press("enter")  # nothing typed: not the end of the tale
        await pilot.pause()
        assert len(app.flow.session.actions) == played
        assert "Write something first, or go back with Escape." in _squashed(app)
        await pilot.press(*"a fox?; a moon")
        await pilot.pause()
        assert field.value == "a fox?; a moon"
        assert isinstance(app.screen, BarkeepConsole)
        assert "F1 Help" in _rows(app)[-1]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == Restock(KIP, ("a fox?", "a moon"))


def _lantern_bindings() -> dict[str, set[str]]:
    """Every key each Lantern screen binds (its classes' own bindings), by screen class."""
    from tests.screen_sweep import classes_for

    found: dict[str, set[str]] = {}
    for cls in classes_for("lantern"):
        keys = set()
        for klass in cls.__mro__:
            for binding in klass.__dict__.get("BINDINGS", ()):
                keys.update(k.strip() for k in binding.key.split(","))
        found[cls.__name__] = keys
    return found


def test_no_lantern_screen_binds_backspace_tmux_or_newline_keys():
    """Ctrl+H arrives as Backspace, Ctrl+B is tmux's prefix, Ctrl+J a newline."""
    found = _lantern_bindings()
    assert {"WritingDesk", "ClosingDesk", "BarkeepConsole", "LanternTable"} <= set(found)
    for name, keys in found.items():
        assert not keys & {"ctrl+h", "ctrl+b", "ctrl+j"}, name
    assert {"ctrl+o", "ctrl+r", "ctrl+g"} <= found["WritingDesk"]
    assert "ctrl+o" in found["ClosingDesk"]


async def test_ctrl_h_deletes_at_the_desk_ctrl_r_burns_and_passes_ctrl_o_hides(tmp_path):
    from rules.lantern.state import PassTurn

    session = _session()
    second = session.state.hands[ANN][1]
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        desk = await _open(pilot, WritingDesk)
        await pilot.press(*"abc", "ctrl+h")
        await pilot.pause()
        assert app.screen is desk  # the old desk hid on Ctrl+H
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert handing_over(app) and app.flow.handing_over().seat == ANN  # hidden: the table
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        desk = await _open(pilot, WritingDesk)
        desk.query_one("#hand", OptionList).highlighted = 1
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.flow.session.actions[-1] == PassTurn(ANN, second)


async def test_the_word_count_and_the_loose_end_suggestion_both_show_in_full(tmp_path):
    """The old desk's one count line hid the suggestion at 80x24."""
    session = _session()
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, WritingDesk)
        await pilot.press(*"Once upon a time", "ctrl+l")
        await pilot.pause()
        text = _squashed(app)
        assert (
            "4 words: within the guideline (3-150). Tab: the hand, the Loose Ends, the tale."
            in text
        )
        card = session.state.elements[session.state.hands[ANN][0]]
        assert f"Naming: {card} · Loose End: suggested (^L takes it back)" in text
        assert _footer_problems(app) == []


async def test_every_key_of_every_lantern_screen_fits_its_bar_at_80x24(tmp_path: Path):
    """The old console's bar ended in a stray "i": its last keys were cut off."""
    problems: list[str] = []
    app = _start(tmp_path, _at_window(_session()))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        problems += _footer_problems(app)
        await pilot.press("i")
        await _open(pilot, LanternChoice)
        problems += _footer_problems(app)
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("o")
        await _open(pilot, BarkeepConsole)
        problems += _footer_problems(app)
        await pilot.press("h")
        await _let_go(pilot, BO, CY)
        await pilot.pause()
        assert handing_over(app)  # the table, before the Barkeep's curtain
        problems += _footer_problems(app)
        await _rule(pilot, DENY, "enter")
        problems += _footer_problems(app)
        assert "esc Back" in _rows(app)[-1]
        await pilot.press("escape", VERIFY, "enter")
        await pilot.pause()
        assert handing_over(app)  # the table, before Ann's curtain
        problems += _footer_problems(app)
        await _open(pilot, WritingDesk)
        problems += _footer_problems(app)
        await pilot.press("tab")  # the hand
        await pilot.pause()
        problems += _footer_problems(app)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, BardsForm)
        problems += _footer_problems(app)
    single = _start_tale(
        GAME,
        GAME.make_config(NAMES, {"hand": 1, "words_min": 3}, GAME.default_pack()),
        3,
        _session().seats,
    )
    app = _start(tmp_path, _played(single))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await _open(pilot, ClosingDesk)
        problems += _footer_problems(app)
    assert problems == []


async def test_under_review_starts_a_line_of_its_own_before_the_tale_has_begun(tmp_path):
    session = _session()
    card = session.state.elements[session.state.hands[ANN][0]]
    app = _start(tmp_path, _at_window(session))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        rows = _rows(app)
        begun = next(i for i, row in enumerate(rows) if "The tale has not begun" in row)
        assert rows[begun].rstrip().endswith("who will start?")
        assert rows[begun + 1].strip() == ""
        assert rows[begun + 2].rstrip() == f" Under review: Ann, naming {card}"


async def test_a_paused_demo_says_it_is_paused(tmp_path: Path):
    app = make_app(tmp_path, bot_delay=0.05)
    async with app.run_test(size=SMALL) as pilot:
        app.start_demo("lantern", 4)
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert app.flow.paused
        assert "DEMO (paused)" in _squashed(app)
        await pilot.press("space")
        await pilot.pause()
        assert "DEMO (paused)" not in _squashed(app) and "DEMO" in _squashed(app)
        app.flow.stop()  # no bot moves after the test


async def test_a_long_hand_or_a_long_tale_leaves_the_header_on_top(tmp_path: Path):
    config = GAME.make_config(NAMES, {"hand": 12, "words_min": 3}, GAME.default_pack())
    session = _played(_start_tale(GAME, config, 3, _session().seats), times=4)
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, WritingDesk)
        rows = _rows(app)
        assert rows[0].startswith(" Ann, for your eyes only · 4 passages told")
        assert _footer_problems(app) == []
        await pilot.press(*"And so it went on.", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        rows = _rows(app)
        assert rows[0].startswith(" >Ann: 8 cards, 0 Ale · Bo: 12 cards, 0 Ale")
        assert rows[1].startswith(" Deck ")
        assert any(row.startswith(" Now: Bo · Bo, Cy: interrupt") for row in rows)
        assert _footer_problems(app) == []
        await pilot.press("o")
        await _open(pilot, BarkeepConsole)
        assert _rows(app)[0].startswith(" Kip, for your eyes only · the Barkeep's console")
        assert _footer_problems(app) == []


async def test_a_long_loose_end_shows_whole_at_the_desk_and_its_tick_is_a_mark(tmp_path):
    session = _session()
    far = tuple(
        f"{e}, come from the far side of the grey river" for e in GAME.default_pack().elements
    )
    config = evolve(session.state.config, elements=far)
    session = _start_tale(GAME, config, 3, session.seats)
    card = session.state.hands[ANN][0]
    session = session.apply(Play(ANN, "It began on the river.", card, loose_end=True))
    for seat in (BO, CY):
        session = session.apply(Interrupt(seat))
    session = session.apply(Rule(KIP, True, loose_end=True))
    loose = session.state.elements[card]
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        desk = await _open(pilot, WritingDesk)
        ties = desk.query_one("#ties", TickList)

        def shown() -> str:
            """The tick list's text as drawn (its rows, without the border)."""
            region = ties.content_region
            rows = _rows(app)[region.y : region.bottom]
            return " ".join(" ".join(r[region.x : region.right].split()) for r in rows).strip()

        assert shown() == f"[ ] {loose}" and "…" not in screen_text(app)
        await pilot.press("tab", "tab", "space")
        await pilot.pause()
        assert desk.focused is ties
        assert shown() == f"[✓] {loose}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.flow.session.actions[-1].ties == (card,)


async def test_a_long_tale_opens_at_its_latest_passage_at_the_table_and_the_desk(tmp_path):
    config = GAME.make_config(NAMES, {"hand": 12, "words_min": 3}, GAME.default_pack())
    session = _played(_start_tale(GAME, config, 3, _session().seats), times=6)
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, WritingDesk)
        story = app.screen.query_one("#story")
        assert story.max_scroll_y > 0 and story.scroll_y == story.max_scroll_y
        await pilot.press(*"And so it went on.", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LanternTable)
        tale = app.screen.query_one("#tale")
        assert tale.max_scroll_y > 0 and tale.scroll_y == tale.max_scroll_y
        assert "And so it went on." in screen_text(app)
        await pilot.press("up")  # the arrows scroll back through the tale
        await pilot.pause()
        assert tale.scroll_y == tale.max_scroll_y - 1


# --- who begins, and an interruption after another stands ---------------------------------


async def test_the_barkeeps_console_asks_who_begins_and_that_bard_writes_first(tmp_path):
    config = GAME.make_config(NAMES, {"hand": 2, "words_min": 3, "benches": 3}, GAME.default_pack())
    session = Session.start(GAME, config, 3, tuple(SeatPlan(n) for n in NAMES))
    assert session.prompt.kind == "opening" and session.prompt.seats == (KIP,)
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        now = " Now: Kip · Kip: choose the Bard who begins the tale."
        assert any(row.startswith(now) for row in _rows(app))
        await _open(pilot, BarkeepConsole)
        text = _squashed(app)
        assert "Which Bard begins the tale?" in text
        assert [row.strip("▊▎ ") for row in _rows(app)[-5:-2]] == ["1. Ann", "2. Bo", "3. Cy"]
        assert _footer_problems(app) == []
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.flow.session.actions == (Begin(KIP, BO),)
        assert "Kip chooses Bo to begin the tale." in app.flow.session.view(None).log
        desk = await _open(pilot, WritingDesk)
        assert desk.seat == BO


def _two_interrupt(session: Session, first: int, second: int) -> Session:
    """The Bard on turn plays a passage naming a card of ``first``'s and one of
    ``second``'s, who both interrupt with them; the play is verified and ``first``'s
    interruption stands (every vote or ruling in favour)."""
    state = session.state
    bard = state.on_turn
    mine, theirs, later = state.hands[bard][0], state.hands[first][0], state.hands[second][0]
    named = ", ".join(state.elements[c] for c in (mine, theirs, later))
    session = session.apply(Play(bard, f"Then came {named}, all at once.", mine))
    while session.prompt.kind == "window":
        seat = session.prompt.seats[0]
        card = {first: theirs, second: later}.get(seat)
        session = session.apply(Interrupt(seat, card))
    while session.prompt.kind == "ruling":
        session = session.apply(Rule(session.prompt.seats[0], True))
    while session.state.attempt.interruptions[0][0] == first:
        session = session.apply(RuleInterruption(session.prompt.seats[0], True))
    return session


async def test_the_barkeeps_console_rules_a_later_interruption_not_mentioned_or_too_late(
    tmp_path,
):
    session = _two_interrupt(_session(), BO, CY)
    assert session.prompt.kind == "interruptions" and session.state.on_turn == BO
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, BarkeepConsole)
        text = _squashed(app)
        assert "but Bo's interruption already stands: was it in the play?" in text
        assert [row.strip("▊▎ ") for row in _rows(app)[-4:-2]] == [
            "1. Not mentioned",
            "2. Too late: it was in the play, but Bo's interruption stands",
        ]
        assert "It stands" not in text
        assert _footer_problems(app) == []
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == RuleInterruption(KIP, False, too_late=True)


async def test_at_the_table_the_voters_rule_a_later_interruption_all_at_once(tmp_path):
    names = ("Ann", "Bo", "Cy", "Dot")
    config = GAME.make_config(names, {"barkeep_person": 0, "hand": 2}, GAME.default_pack())
    session = Session.start(GAME, config, 3, tuple(SeatPlan(n) for n in names))
    bard = session.state.on_turn
    first, second = [s for s in range(4) if s != bard][:2]
    session = _two_interrupt(session, first, second)
    voters = [s for s in range(4) if s not in (bard, second)]
    assert session.prompt.kind == "interruptions" and session.prompt.seats == tuple(voters)
    app = _start(tmp_path, session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        footer = _rows(app)[-1]
        assert "Answer all" in footer and "t Vote too late" not in footer
        assert "Everyone at once" in _squashed(app)
        assert _footer_problems(app) == []
        await pilot.press(str(voters[0] + 1))  # the first voter: "Not mentioned"
        await pilot.press("enter")
        await pilot.pause()
        assert list(app.flow.session.actions[-2:]) == [
            RuleInterruption(voters[0], False),
            RuleInterruption(voters[1], False, too_late=True),
        ]
