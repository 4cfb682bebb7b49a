"""A joined seat's terminal under fast fingers and the host's timing (``JoinedFlow``).

A guest's keys arrive in bursts (one read of the terminal is many keys), and the host's
snapshots arrive whenever anyone moves: both may land while help, a form or the hide
curtain covers the seat's step. Whatever the order, the terminal keeps one public
table at its base, shows the screen the moment calls for once the covers are gone,
never shows another seat's secret, and never crashes.

Persuasion, three people, no PINs: Ann plays from her own terminal (a ``JoinApp``), Bo
and Cleo's moves are made at the headless host, so each of their snapshots comes
exactly where the test puts it.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.net_helpers import headless_host, until
from tests.screen_sweep import Table
from tests.tui_helpers import (
    burst,
    key_bar_rebuilds,
    press,
    screen_text,
    secret_leaks,
    settle,
)
from tui.kit.seat import SeatScreen
from tui.kit.table import TableScreen
from tui.messages import AskFirst
from tui.net.join_app import JoinApp
from tui.net.joined import BASE_STACK
from tui.persuasion.seat import CardsYouKnow, NewsAndCards, PersuasionChoice
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.widgets.keybar import BarKey, KeyBar
from tui.widgets.refusal import Refusal

ANN, BO, CLEO = 0, 1, 2
KEYS = ("h", "enter", "question_mark", "escape", "l", "1", "2", "down", "up", "tab", "space")
"""What a guest's fingers send: hide and lift, help and back, the cards they know,
picks and moves, confirming; Enter and digits may make Ann's move, as they would."""


class AnnsTerminal(JoinApp):
    """Ann's terminal, which ends its host with it (the host runs on the app's loop)."""

    host: Any = None

    def on_unmount(self) -> None:
        if self.host is not None:
            self.host.close()


def persuasion() -> Any:
    return Table("persuasion", 3, (), "default").session(7, pins=False)


@asynccontextmanager
async def anns_terminal(tmp_path: Path) -> AsyncIterator[tuple[AnnsTerminal, Any]]:
    """Ann's terminal at 100x30, joined to a headless host of the table: it and its pilot."""
    app = AnnsTerminal(tmp_path / "table.sock")
    async with app.run_test(size=(100, 30)) as pilot:
        app.host = await headless_host(persuasion(), tmp_path)
        app.join(app.host.codes[ANN])
        await until(lambda: app.joined is not None, pilot)
        yield app, pilot


async def caught_up(app: AnnsTerminal, pilot: Any) -> None:
    """Ann's terminal has the host's latest snapshot, and has shown it."""
    await until(lambda: app.joined.table.snapshot.seq == app.host.seq, pilot)
    await settle(pilot)


def others_move(app: AnnsTerminal) -> bool:
    """Bo or Cleo, if asked, makes their bot's move at the host; whether one did."""
    live = app.host.table.session
    prompt = live.prompt
    if prompt is None:
        return False
    for seat in prompt.seats:
        if seat != ANN:
            assert app.host.table.act(live.bot_for(seat).choose(live.view(seat))) is None
            return True
    return False


def ann_moves(app: AnnsTerminal) -> None:
    """Ann's bot's move, sent from her terminal as her step would send it."""
    live = app.host.table.session
    assert app.joined.table.act(live.bot_for(ANN).choose(live.view(ANN))) is None


async def leave_notes(app: AnnsTerminal, pilot: Any) -> None:
    for _ in range(5):
        await caught_up(app, pilot)
        if app.joined.showing[:1] != ("notes",):
            return
        assert isinstance(app.screen, SeatScreen)
        app.screen.leave()


async def to_anns_step_over_the_table(app: AnnsTerminal, pilot: Any) -> None:
    """Play on until Ann is asked for a step while her terminal already showed the table,
    and Bo or Cleo is asked too (a mailing: all choose at once)."""
    for _ in range(60):
        await leave_notes(app, pilot)
        prompt = app.host.table.session.prompt
        assert prompt is not None
        if ANN in prompt.seats and len(prompt.seats) > 1 and app.joined.table_screen:
            if isinstance(app.screen, PersuasionChoice):
                return
        if ANN in prompt.seats and not others_move(app):
            ann_moves(app)
        elif ANN not in prompt.seats:
            others_move(app)
    raise AssertionError("Ann was never asked with the table shown")


async def to_the_table_after_anns_mail(app: AnnsTerminal, pilot: Any) -> Any:
    """Play on to a mailing, where Ann mails first: her table, Bo and Cleo still writing."""
    for _ in range(60):
        await leave_notes(app, pilot)
        prompt = app.host.table.session.prompt
        if ANN in prompt.seats and len(prompt.seats) == 3:
            ann_moves(app)
            await leave_notes(app, pilot)
            break
        if not others_move(app):
            ann_moves(app)
    assert app.screen is app.joined.table_screen
    return app.screen


def check_screens(app: AnnsTerminal) -> None:
    """The terminal's screens are whole: the table (once shown) at the base, at most a
    step, a form and help over it, the flow's own screen where it says, and nothing of
    Bo's or Cleo's on the screen."""
    joined, stack = app.joined, app.screen_stack
    assert len(stack) <= BASE_STACK + 3, [type(s).__name__ for s in stack]
    if joined.table_screen is not None and joined.showing != ("end",):
        assert stack[BASE_STACK - 1] is joined.table_screen
    shown = stack[min(joined.depth, len(stack)) - 1]
    kind = joined.showing[:1]
    if kind == ("table",):
        assert shown is joined.table_screen
    elif kind == ("hidden",):
        assert isinstance(shown, CurtainScreen)
    elif kind in (("step",), ("notes",), ("own",)):
        assert isinstance(shown, SeatScreen)
    if kind == ("step",):  # the step shown is the one asked now, not one before it
        assert shown.view.choices == joined.table.view(ANN).choices
    assert secret_leaks(app.host.table.session, screen_text(app), ANN) == []


async def uncovered(app: AnnsTerminal, pilot: Any) -> None:
    """Help and forms closed, the curtain lifted, notes read: what the game shows."""
    for _ in range(8):
        await settle(pilot)
        if len(app.screen_stack) > app.joined.depth:
            app.pop_screen()
        elif app.joined.showing[:1] == ("hidden",):
            await press(pilot, "enter")
        elif app.joined.showing[:1] in (("notes",), ("own",)):
            assert isinstance(app.screen, SeatScreen)
            app.screen.leave()
        else:
            return


def calls_for_a_step(app: AnnsTerminal) -> bool:
    prompt = app.joined.table.prompt
    return prompt is not None and prompt.private and ANN in prompt.seats


async def test_the_cards_you_know_over_a_step_stay_while_others_move_and_enter_goes_back(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, table = app.screen, app.joined.table_screen
        await press(pilot, "l")  # the cards she knows, a form over her step
        assert isinstance(app.screen, CardsYouKnow)
        assert app.screen_stack[-2:-4:-1] == [step, table]
        assert others_move(app)  # Bo decides: a snapshot arrives under the form
        await caught_up(app, pilot)
        assert isinstance(app.screen, CardsYouKnow) and app.screen_stack[-2] is step
        await press(pilot, "question_mark")  # help over the form, and another snapshot
        assert isinstance(app.screen, HelpScreen)
        others_move(app)
        await caught_up(app, pilot)
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, CardsYouKnow)
        await press(pilot, "enter")  # the form's Back: her step, as she left it
        assert app.screen is step and app.screen_stack[BASE_STACK - 1] is table
        check_screens(app)
        await press(pilot, "l")
        form = app.screen
        form.back()
        form.back()  # (Back twice before either is handled: the step stays)
        await settle(pilot)
        assert app.screen is step and len(app.screen_stack) == BASE_STACK + 1


async def test_the_curtain_over_a_step_stays_down_while_others_move_and_lifts_to_the_step(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        await press(pilot, "h")
        assert isinstance(app.screen, CurtainScreen)
        others_move(app)
        await caught_up(app, pilot)
        assert isinstance(app.screen, CurtainScreen)  # nothing shows through a snapshot
        assert "Cards you know" not in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, PersuasionChoice)  # her step, as asked now
        check_screens(app)


async def test_a_step_that_comes_while_help_is_over_the_table_shows_over_the_table(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        for _ in range(60):  # until the table shows and Bo or Cleo is asked, not Ann
            await leave_notes(app, pilot)
            if app.screen is app.joined.table_screen and not calls_for_a_step(app):
                break
            if not others_move(app):
                ann_moves(app)
        table = app.screen
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        for _ in range(10):  # the others move until Ann is asked
            if calls_for_a_step(app):
                break
            assert others_move(app)
            await caught_up(app, pilot)
        assert isinstance(app.screen, PersuasionChoice)  # her step, the help gone with it
        assert app.screen_stack[BASE_STACK - 1 :] == [table, app.screen]
        check_screens(app)


async def test_bursts_of_keys_with_snapshots_in_their_midst_leave_whole_screens(
    tmp_path: Path,
):
    """Thirty bursts of eight keys, each with Bo's or Cleo's move landing among them;
    after each, the screens are whole, and with the covers gone they are what the
    moment calls for."""
    chance = random.Random(20261206)
    async with anns_terminal(tmp_path) as (app, pilot):
        for _ in range(30):
            await caught_up(app, pilot)
            if app.joined.table.prompt is None:
                break
            keys = [chance.choice(KEYS) for _ in range(8)]
            cut = chance.randrange(len(keys) + 1)
            burst(app, *keys[:cut])
            moved = others_move(app)
            burst(app, *keys[cut:])
            await caught_up(app, pilot)
            check_screens(app)
            await uncovered(app, pilot)
            check_screens(app)
            if calls_for_a_step(app):
                assert isinstance(app.screen, PersuasionChoice), keys
            elif app.joined.table.prompt is not None:
                assert isinstance(app.screen, TableScreen), keys
            if not moved and calls_for_a_step(app):
                ann_moves(app)  # nobody else is asked: Ann decides, so the game goes on
        assert app.is_running


async def test_help_read_over_the_table_stays_while_others_move_and_the_table_follows(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        table = await to_the_table_after_anns_mail(app, pilot)
        await press(pilot, "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        read = 0  # the moves made while she reads
        while others_move(app):
            await caught_up(app, pilot)
            if app.joined.showing != ("table",):
                break  # (her step or notes replace help: tested above)
            assert app.screen is help_screen  # still reading
            read += 1
        assert read >= 1
        await press(pilot, "escape")
        assert app.screen_stack[BASE_STACK - 1] is table
        check_screens(app)


async def test_a_table_kept_under_a_step_and_help_takes_a_phones_shape_after_a_resize(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        table = app.joined.table_screen
        await press(pilot, "question_mark")  # the table two below the top
        await pilot.resize_terminal(50, 30)
        await settle(pilot)
        await press(pilot, "escape")
        ann_moves(app)  # her step made: the table again, as a phone shows it
        await leave_notes(app, pilot)
        await until(lambda: app.screen is table, pilot)
        assert "-narrow" in table.classes and "-wide" not in table.classes
        text = " ".join(screen_text(app).split())
        assert " face down" in text and "Face down" not in text  # (the players as lines)
        check_screens(app)


async def test_after_anns_move_others_moves_repaint_her_table_without_rebuilding_its_keys(
    tmp_path: Path, monkeypatch: Any
):
    """u (take back) stays on her table's bar, greyed once the last move is not hers and
    saying why, so the bar is restyled in place, never built anew, as others move."""
    rebuilt = key_bar_rebuilds(monkeypatch)
    async with anns_terminal(tmp_path) as (app, pilot):
        table = await to_the_table_after_anns_mail(app, pilot)
        bar = table.query_one(KeyBar)
        assert not take_back_key(bar).has_class("-disabled")  # (hers was the last move)
        before = len(rebuilt)
        assert others_move(app)
        await caught_up(app, pilot)
        assert app.screen is table and take_back_key(bar).has_class("-disabled")
        assert len(rebuilt) == before  # restyled in place
        await press(pilot, "u")
        assert table.query_one(Refusal).said == (
            "Only your own last move can be taken back, and the last move was not yours."
        )


def take_back_key(bar: KeyBar) -> BarKey:
    return next(key for key in bar.query(BarKey) if key.key == "u")


async def test_a_step_and_the_notes_come_with_their_keys_built_once(
    tmp_path: Path, monkeypatch: Any
):
    """A step's list is asked and focused as its key bar is built, so the bar has the
    list's digits from the start; the notes' scroll keys are there from the start too
    (greyed while nothing overflows): neither bar is built a second time."""
    rebuilt = key_bar_rebuilds(monkeypatch)
    async with anns_terminal(tmp_path) as (app, pilot):
        seen: set[type] = set()
        for _ in range(40):
            await caught_up(app, pilot)
            screen = app.screen
            if isinstance(screen, PersuasionChoice | NewsAndCards):
                seen.add(type(screen))
                bar = screen.query_one(KeyBar)
                assert bar not in rebuilt, type(screen).__name__
                keys = {str(key.description) for key in bar.query(BarKey)}
                assert ("Pick" in keys) == isinstance(screen, PersuasionChoice)
            if {PersuasionChoice, NewsAndCards} <= seen:
                break
            if app.joined.showing[:1] == ("notes",):
                assert isinstance(screen, SeatScreen)
                screen.leave()
            elif not others_move(app):
                ann_moves(app)
        assert seen == {PersuasionChoice, NewsAndCards}


async def to_anns_next_step(app: AnnsTerminal, pilot: Any, after: Any) -> None:
    """Play on from Ann's step ``after`` (hers made) until she is asked again."""
    for _ in range(60):
        await leave_notes(app, pilot)
        if calls_for_a_step(app) and app.joined.showing[:1] == ("step",):
            if app.joined.showing != after:
                return
        if not others_move(app) and calls_for_a_step(app):
            ann_moves(app)
    raise AssertionError("Ann was never asked again")


async def test_anns_next_step_is_asked_on_her_last_steps_screen_as_a_new_one_would(
    tmp_path: Path,
):
    """Her step's screen is kept between her steps (building one is most of what a seat's
    terminal costs a served table): the next step shows on it exactly as on a new one,
    at its first question, its first open option under the cursor, nothing said."""
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, first = app.screen, app.joined.showing
        await press(pilot, "down")
        step.say("Not now: a word from the step before.")
        ann_moves(app)
        await to_anns_next_step(app, pilot, first)
        await settle(pilot)
        assert app.screen is step and len(app.screen_stack) == BASE_STACK + 1
        assert step.query_one(Refusal).said == "" and len(step.steps) == 1
        check_screens(app)
        kept = screen_text(app)
        app.switch_screen(PersuasionChoice(app.joined.table, ANN))  # a new one, to compare
        await settle(pilot)
        assert screen_text(app) == kept


async def test_anns_kept_step_is_not_taken_apart_when_the_table_shows_between(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, first = app.screen, app.joined.showing
        ann_moves(app)
        await leave_notes(app, pilot)
        await until(lambda: app.screen is app.joined.table_screen, pilot)
        assert step.is_attached and step not in app.screen_stack
        await to_anns_next_step(app, pilot, first)
        assert app.screen is step


async def test_an_enter_on_its_way_for_the_question_before_does_not_answer_the_next(
    tmp_path: Path,
):
    """An Enter's choice is made once the keys ahead of it are handled (``after_keys``):
    if Ann's next step is asked on her kept screen meanwhile, it was meant for the one
    before, and nothing is chosen."""
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, seq = app.screen, app.host.seq
        step.action_take()  # (on its way to the app)
        assert step.ask_again(PersuasionChoice(app.joined.table, ANN))
        await settle(pilot)
        assert app.host.seq == seq and app.screen is step and len(step.steps) == 1
        assert step.query_one(Refusal).said == ""
        await press(pilot, "enter")  # (an Enter pressed now answers it)
        await until(lambda: app.host.seq > seq or len(step.steps) > 1, pilot)


async def test_anns_kept_step_is_taken_apart_when_the_game_ends(tmp_path: Path):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step = app.screen
        ann_moves(app)
        for _ in range(400):
            await leave_notes(app, pilot)
            if app.host.table.session.prompt is None:
                break
            if not others_move(app) and calls_for_a_step(app):
                ann_moves(app)
        await until(lambda: app.joined.showing == ("end",), pilot)
        await until(lambda: not step.is_attached, pilot)
        assert app.joined.kept == {} and not app.is_screen_installed("kept-PersuasionChoice")


async def test_a_question_asked_first_of_the_step_before_is_not_asked_over_the_next(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, answers = app.screen, []
        step.post_message(AskFirst("Deliver your last ring?", answers.append, "Persuasion"))
        step.keys_start()  # (as the next step is asked on it)
        await settle(pilot)
        assert app.screen is step and answers == []
        step.post_message(AskFirst("Deliver your last ring?", answers.append, "Persuasion"))
        await until(lambda: isinstance(app.screen, ConfirmScreen), pilot)


async def test_anns_kept_step_takes_a_phones_shape_after_a_turn_while_the_table_showed(
    tmp_path: Path,
):
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step, first = app.screen, app.joined.showing
        assert "-wide" in step.classes
        ann_moves(app)
        await leave_notes(app, pilot)
        await until(lambda: app.screen is app.joined.table_screen, pilot)
        await pilot.resize_terminal(50, 30)
        await settle(pilot)
        await to_anns_next_step(app, pilot, first)
        await settle(pilot)
        assert app.screen is step
        assert "-narrow" in step.classes and "-wide" not in step.classes


async def test_a_guests_enter_bursts_across_her_next_step_choose_once_on_a_whole_screen(
    tmp_path: Path,
):
    """A hostile (or held) Enter key, a burst at a time, each with Ann's next step asked on
    her kept screen among them: every Enter acts on the question showing or is dropped,
    at most one move of hers a step reaches the host, and the kept screen is never on the
    stack twice."""
    async with anns_terminal(tmp_path) as (app, pilot):
        await to_anns_step_over_the_table(app, pilot)
        step = app.screen
        for _ in range(12):
            await leave_notes(app, pilot)
            before = anns_moves(app)
            burst(app, "enter", "enter", "2", "enter")
            others_move(app)  # (Bo's or Cleo's move lands among them)
            burst(app, "enter", "escape", "enter", "enter")
            await caught_up(app, pilot)
            assert anns_moves(app) - before <= 2  # one a step she was shown, at most
            assert app.screen_stack.count(step) <= 1
            check_screens(app)
            if app.host.table.session.prompt is None:
                break


def anns_moves(app: AnnsTerminal) -> int:
    return sum(action.seat == ANN for action in app.host.table.session.actions)
