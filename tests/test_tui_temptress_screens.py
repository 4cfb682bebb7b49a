"""The Temptress's screens at 80x24, one defect people met each: the excel spends, the
court form, the dice and the curtain, the Footer, the table's columns and marker, plurals."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from rules.cards import PlayingCard, Suit
from rules.registry import get
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from rules.temptress.actions import ClaimFloor, Decline, Join, PlayCards, StartArgument
from tests.temptress_tui_helpers import footer, footer_problems, lines, with_suitor
from tests.tui_helpers import (
    ManualTimer,
    burst,
    handing_over,
    make_app,
    screen_text,
    settle,
    to_curtain,
)
from tui.screens.curtain import CurtainScreen
from tui.temptress.forms import ArgueForm, CourtForm
from tui.temptress.referee import NarratorConsole
from tui.temptress.seat import ClueBook, PlayScreen
from tui.temptress.table import TemptressTable

GAME = get("temptress")
SEATS = (
    SeatPlan("Ann"),
    SeatPlan("Bo"),
    SeatPlan("Cy"),
    SeatPlan("Dot", BOT),
    SeatPlan("Eve", BOT),
)
ANN, BO, CY = 0, 1, 2
"""At the open floor of ``_at_floor`` Bo is asked first."""
SIZE = (80, 24)
HEARTS, CLUBS, SPADES = Suit.HEARTS, Suit.CLUBS, Suit.SPADES
SEVENS = (PlayingCard(7, HEARTS), PlayingCard(7, CLUBS))
HAND = (*SEVENS, PlayingCard(2, HEARTS), PlayingCard(9, SPADES), PlayingCard(4, CLUBS))
NO_PAIR = "The cards you played in this action hold no pair."


def _start(seats=SEATS, options=None, seed: int = 3) -> Session:
    config = (
        bot_config(GAME, seats)
        if options is None
        else GAME.make_config(tuple(s.name for s in seats), options, GAME.default_pack())
    )
    return Session.start(GAME, config, seed, seats)


def _at_floor(seed: int = 3) -> Session:
    """The floor open to everyone once Ann, the oldest, let it pass: Bo is asked first."""
    session = _start(seed=seed)
    session = session.apply(Decline(ANN))
    assert session.prompt.kind == "floor" and session.prompt.seats[0] == BO
    return session


def _app(tmp_path: Path, session: Session, **kwargs):
    kwargs.setdefault("bot_delay", 1000.0)
    return make_app(tmp_path, opening=lambda app: app.start_flow(session, None), **kwargs)


async def _lift(pilot, screen_type) -> None:
    """Hand the keyboard over at the table, lift the curtains (and read the notes) until
    ``screen_type`` shows (the table: at play, not handing over)."""
    for _ in range(30):
        await pilot.pause()
        await pilot.pause()
        if handing_over(pilot.app):
            await pilot.press("enter")
        elif isinstance(pilot.app.screen, screen_type):
            return
        elif isinstance(pilot.app.screen, CurtainScreen | ClueBook):
            await pilot.press("enter")
    raise AssertionError(f"{screen_type.__name__} never showed: {type(pilot.app.screen)}")


# --- the excel spends -----------------------------------------------------------------


def _playing() -> Session:
    """Bo courts, nobody joins: Bo plays toward the target with a pair of sevens in hand
    and two Rapport chips."""
    session = _at_floor()
    session = session.apply(ClaimFloor(BO, 1, "She is serenaded"))
    while session.prompt.kind == "join":
        session = session.apply(Join(session.prompt.seats[0], False))
    assert session.prompt.kind == "play" and session.prompt.seats == (BO,)
    return with_suitor(session, BO, hand=HAND, rapport=2)


def _keys(app, *labels: str) -> bool:
    """Whether the Footer shows each of ``labels`` whole (and every other key it shows)."""
    return all(label in footer(app) for label in labels) and footer_problems(app) == []


def _spend_line(app, word: str) -> str:
    return next(line.strip() for line in lines(app) if line.strip().startswith(word + " +"))


async def _tick(pilot, *numbers: int) -> None:
    """Tick (or untick) the cards by their numbers: a digit picks as the bar says."""
    for number in numbers:
        await pilot.press(str(number))
    await pilot.pause()


async def test_the_pair_spend_shows_on_or_off_and_a_closed_one_is_refused_at_once(
    tmp_path: Path,
):
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        assert _keys(app, "⏎ Play", "p Pair", "s Suit", "r Re-roll", "h / esc Hide")
        assert "Pair +3 (p) · Suit +3 (s): pick your cards first; each costs 1 Rapport" in (
            screen_text(app)
        )
        await _tick(pilot, 1)  # one seven: no pair yet
        assert _spend_line(app, "Pair") == f"Pair +3 (p): not now: {NO_PAIR}"
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.query_one("#message").content.plain == NO_PAIR
        assert app.screen.wanted == set()
        await _tick(pilot, 2)  # the second seven
        assert _spend_line(app, "Pair") == "Pair +3 (p): off · costs 1 Rapport"
        await pilot.press("p")
        await pilot.pause()
        assert _spend_line(app, "Pair") == "Pair +3 (p): ON · costs 1 Rapport"
        assert "Playing 7♥ 7♣: 14 + 3 from spends = 17, toward" in screen_text(app)
        await pilot.press("p")  # and off again
        await pilot.pause()
        assert _spend_line(app, "Pair") == "Pair +3 (p): off · costs 1 Rapport"
        await pilot.press("p", "enter")
        await pilot.pause()
        played = app.flow.session.actions[-1]
        assert played == PlayCards(BO, SEVENS, pair_bonus=True, suit_bonus=False)
        assert app.flow.session.state.suitors[BO].rapport <= 2 - 1 + 3  # paid, then gained


async def test_an_on_spend_the_cards_no_longer_allow_goes_off_saying_why(tmp_path: Path):
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        await _tick(pilot, 1, 2)
        await pilot.press("p")
        await pilot.pause()
        assert _spend_line(app, "Pair") == "Pair +3 (p): ON · costs 1 Rapport"
        await _tick(pilot, 2)  # the second seven goes back to the hand
        assert f"Pair +3 is off now: {NO_PAIR}" in screen_text(app)
        assert _spend_line(app, "Pair") == f"Pair +3 (p): not now: {NO_PAIR}"
        await pilot.press("enter")  # played without the spend, not refused again
        await pilot.pause()
        assert app.flow.session.actions[-1] == PlayCards(BO, SEVENS[:1])


async def test_spends_in_an_argument_only_help_reach_the_target_and_say_why_not(
    tmp_path: Path,
):
    session = with_suitor(_at_floor(seed=10), BO, rapport=2, hand=HAND)  # a target of 17
    session = session.apply(StartArgument(BO, CY, 1))
    while session.prompt.kind != "play":
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    assert session.prompt.seats == (BO,) and session.state.contest.targets == (17,)
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        assert _keys(app, "p Pair", "s Suit", "r Re-roll")  # Bo started it: Bo may re-roll
        await _tick(pilot, 1, 2)  # the sevens: 14, and the pair's +3 reaches 17
        assert _spend_line(app, "Pair") == "Pair +3 (p): off · costs 1 Rapport"
        await _tick(pilot, 4)  # and the nine: 23 reaches 17 alone
        reason = "Your cards reach 17 alone: no Rapport to inflate it."
        assert _spend_line(app, "Pair") == f"Pair +3 (p): not now: {reason}"
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.query_one("#message").content.plain == reason


# --- the court form ---------------------------------------------------------------------


async def test_the_court_form_lists_all_four_women_and_the_arrows_pick_at_once(
    tmp_path: Path,
):
    session = _at_floor()
    women = session.state.women
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CourtForm)
        text = screen_text(app)
        for number, woman in enumerate(women, 1):
            assert f"{number}. {woman.name} · 4 cards in her pile" in text
            assert woman.personality in text
        await pilot.press("down", "down")
        await pilot.pause()
        assert app.screen.query_one("#women", OptionList).highlighted == 2
        assert f"What do you do to court {women[2].name}?" in screen_text(app)
        await pilot.press("enter", *"A song", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == ClaimFloor(BO, 2, "A song")
        assert isinstance(app.screen, TemptressTable)


async def test_the_court_form_takes_a_digit_and_confirms_without_a_line(tmp_path: Path):
    app = _app(tmp_path, _at_floor())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("c", "4", "ctrl+s")
        await pilot.pause()
        assert app.flow.session.actions[-1] == ClaimFloor(BO, 3, "")


# --- the dice and the curtain -------------------------------------------------------------


async def test_the_curtain_comes_only_after_the_third_die_shows(tmp_path: Path):
    """Bo courts; Ann, a person, is the last to say whether she joins: the target is
    rolled and Bo plays next, behind the curtain. The dice show one by one on the table,
    then the table hands the keyboard to Bo, and Enter brings his curtain."""
    session = _at_floor().apply(ClaimFloor(BO, 1, ""))
    while session.prompt.seats[0] != ANN:
        session = session.apply(Join(session.prompt.seats[0], False))
    dice = ManualTimer()
    app = _app(tmp_path, session, dice_delay=0.2, dice_timer=dice)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("s")
        frames: list[str] = []
        for _ in range(20):  # a frame per die, the time to read the last, then the curtain
            await settle(pilot)
            if handing_over(app) or isinstance(app.screen, CurtainScreen):
                break
            rows = [line.strip() for line in lines(app)]
            target = next((row for row in rows if row.startswith("Target 1:")), "")
            told = any(row.startswith("Target: the dice show") for row in rows)
            told |= any(f"toward {app.flow.session.state.contest.targets[-1]}" in r for r in rows)
            frames.append(f"{target} (told in the story)" if told else target)
            assert [seconds for seconds, _ in dice.asked] in ([0.2], [0.4]), dice.asked
            dice.run_all()  # the next die shows
        assert handing_over(app) and app.flow.handing_over().seat == BO
        assert "Bo takes the keyboard next: Enter brings Bo's curtain." in screen_text(app)
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == "Bo"
        contest = app.flow.session.view(None).contest
        a, b, c = contest.dice
        total = contest.targets[-1]
        die_by_die = [
            "Target 1: ? + ? + ? = ...",
            f"Target 1: {a} + ? + ? = ...",
            f"Target 1: {a} + {b} + ? = ...",
            f"Target 1: {a} + {b} + {c} = {total} (told in the story)",
        ]
        assert frames == die_by_die


# --- the Footer ---------------------------------------------------------------------------


async def test_the_footer_shows_the_live_keys_whole_with_the_narrator_key(tmp_path: Path):
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy"), SeatPlan("Nora"))
    session = _start(seats, {"narrator_person": 1}, seed=9)
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not handing_over(app)  # the starter clues wait in the clue book: no curtain
        assert "New in the clue book of: Ann, Bo, Cy" in screen_text(app)
        shown = footer(app)
        for label in ("c Court", "t Retire", "d Decline", "k Clues", "o Narrator", "? Help"):
            assert label in shown
        for label in ("Join", "Vote", "Stake", "Accept", "Pause"):
            assert label not in shown  # not asked now
        assert "g Argue" in shown  # greyed: no Rapport to argue with yet
        assert not app.screen.active_bindings["g"].enabled
        assert footer_problems(app) == []
        await pilot.press("g")  # greyed, and it says why
        await pilot.pause()
        assert "An argument costs at least one Rapport chip, and you have none." in (
            screen_text(app)
        )
        await pilot.press("o")
        await pilot.pause()
        assert "The narrator's console." in screen_text(app)
        await _lift(pilot, NarratorConsole)
        assert footer_problems(app) == []
        assert "e End round" in footer(app)
        assert "Award a Rapport chip to whom?" in screen_text(app)


# --- the table's columns, its marker, plurals ---------------------------------------------


async def test_the_tables_columns_fit_and_the_marker_keeps_them_in_line(tmp_path: Path):
    """Bo is asked: the marker is on his row, in a column of its own."""
    session = _at_floor()
    session = with_suitor(session, 2, faux_pas=2, faceup=session.state.suitors[2].hand[:2])
    faceup = " ".join(card.label() for card in session.state.suitors[2].faceup)
    state = session.state
    piles = list(state.women)
    from attrs import evolve

    piles[1] = evolve(piles[1], pile=piles[1].pile[:1])
    session = evolve(session, state=evolve(state, women=tuple(piles)))
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        rows = lines(app)
        assert "#  Woman      Pile" in rows[1]
        assert "Suitor  Rapport  Faux Pas  Cards  Face up" in rows[1]
        assert "1 card " in rows[3] and "1 cards" not in screen_text(app)
        names = [s.name for s in session.state.suitors]
        suitor_rows = [next(r for r in rows[2:8] if f" {n} " in r) for n in names]
        starts = {row.index(f" {name} ") for row, name in zip(suitor_rows, names, strict=True)}
        assert len(starts) == 1  # the marker row's name sits where every other name does
        assert ">" in suitor_rows[BO] and ">" not in suitor_rows[ANN]
        assert faceup in suitor_rows[2]


async def test_one_chip_and_one_card_are_said_in_the_singular(tmp_path: Path):
    session = with_suitor(_at_floor(), BO, rapport=1)
    session = with_suitor(session, ANN, rapport=1, hand=session.state.suitors[ANN].hand[:1])
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ArgueForm)
        text = screen_text(app)
        assert "Bo starts an argument (you have 1 Rapport chip)." in text
        assert "1. Ann · 1 Rapport chip, 1 card" in text
        assert "1. 1 Rapport chip · costs 1 Rapport" in text
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == StartArgument(BO, ANN, 1)
        assert "v Avoid it for 1 Rapport chip" in screen_text(app)


# --- Enter says what it does ---------------------------------------------------------------


def _spending() -> Session:
    """Every suitor lets the floor pass; Cy, with two chips and five cards, spends first."""
    session = with_suitor(_at_floor(), CY, rapport=2)
    session = with_suitor(session, CY, hand=session.state.suitors[CY].hand[:5])
    while session.prompt.kind == "floor":
        session = session.apply(Decline(session.prompt.seats[0]))
    assert session.prompt.kind == "spend" and session.prompt.seats == (CY,)
    return session


async def test_the_spending_chooses_and_the_refill_takes_its_cards(tmp_path: Path):
    from rules.temptress.actions import SpendRapport
    from rules.temptress.state import SpendChoice
    from tui.temptress.seat import SpendScreen

    session = _spending()
    discard = session.state.discard
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, SpendScreen)
        assert _keys(app, "⏎ Choose")
        text = screen_text(app)
        assert "Spend all 2 Rapport chips on one thing, or keep them:" in text
        assert "1. Refill: pick 1 from the discard pile" in text
        assert "11. Keep your Rapport" in text  # every option shows at 80x24
        await pilot.press("1", "enter")
        await pilot.pause()
        assert _keys(app, "⏎ Take these", "esc Back")
        assert "Choose 1 card from the discard pile:" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Choose exactly one." in screen_text(app)
        await pilot.press("space", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == SpendRapport(
            CY, SpendChoice.REFILL, cards=discard[:1]
        )


# --- the narrator's console --------------------------------------------------------------


def _narrated_until(kind: str) -> Session:
    """A game with Nora narrating, played by the bots until she is asked ``kind`` (the
    first seed from 1 on whose game asks it)."""
    names = ("Ann", "Bo", "Cy", "Nora")
    for seed in range(1, 100):
        session = _start(tuple(SeatPlan(n) for n in names), {"narrator_person": 1}, seed=seed)
        while session.prompt is not None:
            if session.prompt.kind == kind:
                return session
            seat = session.prompt.seats[0]
            session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    raise AssertionError(f"no bot game from seeds 1-99 asks the narrator for {kind}")


async def test_the_narrator_pages_the_secrets_and_rejects_a_stake(tmp_path: Path):
    from rules.temptress.actions import NarratorReviewStakes

    session = _narrated_until("review")
    first = session.state.contest.participants[0]
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, NarratorConsole)
        while app.screen.notes:  # the narrator's notes first: read, then the review
            await pilot.press("h")
            await _lift(pilot, NarratorConsole)
        assert _keys(app, "PgDn Secrets", "⏎ Confirm")
        assert "The suitors" not in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert "The suitors" in screen_text(app)
        await pilot.press("space", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == NarratorReviewStakes(3, (first,))


async def test_the_narrator_may_count_an_inflated_argument_total_as_its_target(tmp_path: Path):
    from rules.temptress.actions import NarratorTrim

    session = _narrated_until("trim")
    side = session.view(3).choices.options[0]
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, NarratorConsole)
        while app.screen.notes:
            await pilot.press("h")
            await _lift(pilot, NarratorConsole)
        assert "beyond a target" in screen_text(app)
        assert f"1. {side.label}" in screen_text(app)
        await pilot.press("space", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == NarratorTrim(3, (side.value,))


async def test_the_narrator_writes_a_line_from_the_console_and_it_is_told_as_text(
    tmp_path: Path,
):
    """At the open floor Nora opens her console (o), presses t, writes a line with
    brackets in it and Enter: the line goes to the table at once, told word for word."""
    from rules.temptress.actions import NarratorTells

    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy"), SeatPlan("Nora"))
    session = _start(seats, {"narrator_person": 1}, seed=9)
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, TemptressTable)
        await pilot.press("o")
        await _lift(pilot, NarratorConsole)
        while app.screen.notes:
            await pilot.press("h")
            await pilot.press("o")
            await _lift(pilot, NarratorConsole)
        text = screen_text(app)
        assert "likes:" in text  # every woman's preferences, and below every clue
        assert _keys(app, "t Say", "e End round")
        await pilot.press("t")
        await pilot.pause()
        assert "Your line to the table:" in screen_text(app)
        assert _keys(app, "esc Back")
        await pilot.press(*"[b]Thunder[/b] rolls over the bay.")
        await pilot.press("enter")
        await settle(pilot)
        told = "[b]Thunder[/b] rolls over the bay."
        assert app.flow.session.actions[-1] == NarratorTells(3, told)
        assert app.flow.session.state.log[-1].text == f"The narrator tells the table: {told}"
        await _lift(pilot, TemptressTable)
        assert f"The narrator tells the table: {told}" in " ".join(screen_text(app).split())


async def test_a_line_written_at_the_verdict_goes_with_the_ruling(tmp_path: Path):
    from rules.temptress.actions import NarratorVerdict

    session = _narrated_until("verdict")
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, NarratorConsole)
        while app.screen.notes:
            await pilot.press("h")
            await _lift(pilot, NarratorConsole)
        assert _keys(app, "t Say", "⏎ Confirm")
        await pilot.press("t")
        await pilot.pause()
        assert "Your line, told with your ruling:" in screen_text(app)
        await pilot.press(*"She blushes.", "enter")
        await pilot.pause()
        assert "t Your line, told with your ruling: She blushes." in screen_text(app)
        assert app.flow.session.actions == session.actions  # kept, not told yet
        await pilot.press("enter")  # no chips: the verdict, with the line
        await pilot.pause()
        assert app.flow.session.actions[-1] == NarratorVerdict(3, line="She blushes.")


# --- re-rolls: a die picked by its number, the fresh die on the table ----------------------


async def test_a_die_is_re_rolled_by_its_number_and_lingers_on_the_table(tmp_path: Path):
    from rules.temptress.actions import Reroll
    from tui.temptress.ui import TemptressUI

    session = _playing()
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        assert "Re-roll a die first (r): costs 1 Rapport" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        assert "Re-roll which die? (Escape: back)" in text
        dice = session.state.contest.dice
        assert f"2. Re-roll the second die ({dice[1]}) · costs 1 Rapport" in text
        assert _keys(app, "⏎ Re-roll it", "esc Back")
        await pilot.press("escape")  # back to the cards, as they were
        await pilot.pause()
        assert _keys(app, "⏎ Play")
        await pilot.press("r", "2", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == Reroll(BO, 1)
    ui, before = TemptressUI(), session.view(None)
    after = app.flow.session.view(None)
    assert ui.lingers(before, after) == (before.contest.dice != after.contest.dice)
    assert not ui.lingers(after, after)
    assert ui.lingers(_at_floor().view(None), before)  # a first target


# --- keys that arrive together (issue 12) ---------------------------------------------


async def test_space_then_a_cursor_key_together_tick_the_card_the_space_was_on(tmp_path):
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        burst(app, "space", "down", "down")
        await pilot.pause()
        assert app.screen.chosen() == SEVENS[:1]


async def test_space_then_enter_together_play_the_card_the_screen_shows_ticked(tmp_path):
    app = _app(tmp_path, _playing())
    async with app.run_test(size=SIZE) as pilot:
        await _lift(pilot, PlayScreen)
        burst(app, "space", "enter")
        await settle(pilot)
        assert app.flow.session.actions[-1] == PlayCards(BO, SEVENS[:1])


async def test_keys_sent_with_the_enter_that_lifts_a_curtain_are_not_played_unseen(tmp_path):
    session = _playing()
    app = _app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert handing_over(app)
        burst(app, "enter", "enter", "space", "enter")  # the hand-over's Enter, and more
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)  # still down: those keys came too soon
        assert app.flow.session.actions == session.actions
        burst(app, "enter", "space", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert screen.chosen() == ()
        assert app.flow.session.actions == session.actions
        assert "Play at least one card" not in screen_text(app)
        burst(app, "space", "enter")  # now Bo can see the hand
        await settle(pilot)
        assert app.flow.session.actions[-1] == PlayCards(BO, SEVENS[:1])
