"""Persuasion through its screens: four people play a season and nobody sees what they
should not; then the defects people met at 80x24, each with the test that catches it:
a player's own cards called by the player's name, card actions at the Evening Ball, a
long reception list pushing the header off the top, digits ignored, keys missing from
the Footer, text cut at 80x24."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from attrs import evolve
from textual import events
from textual.binding import Binding

from rules.persuasion.actions import DESCRIPTIONS
from rules.persuasion.state import ForcedDiscard, Introduce, Phase, Send
from rules.registry import get
from rules.session import BOT, PERSON, SeatPlan, Session
from tests.persuasion_helpers import at_reception, known_table
from tests.tui_helpers import (
    handing_over,
    make_app,
    press,
    screen_text,
    secret_leaks,
    settle,
    to_curtain,
)
from tui.flow_mode import DemoMode
from tui.kit.base import ParlourScreen
from tui.kit.seat import SeatScreen
from tui.kit.table import now_text
from tui.persuasion.seat import CardsYouKnow, KnownCards, NewsAndCards, PersuasionChoice
from tui.persuasion.table import PersuasionTable
from tui.screens.confirm import ConfirmScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen

GAME = get("persuasion")
NAMES = ("Ann", "Bo", "Cy", "Dee")
BOX = re.compile(r"[▊▎▔▁]")
"""The option list's frame, dropped when reading its labels off the screen."""
MAILED = re.compile(r"^\w+ sends their (ring to \w+!|seal and a card to \w+\.)$")
"""A public line of the mailing (rules/persuasion/mailing.py): a ring, or a letter."""


def _session(evening_ball: int, seed: int, names: tuple[str, ...] = NAMES) -> Session:
    seats = tuple(SeatPlan(n) for n in names)
    config = GAME.make_config(names, {"evening_ball": evening_ball}, GAME.default_pack())
    return Session.start(GAME, config, seed, seats)


def _at(state) -> Session:
    """A session of people at a hand-built table (the persuasion_helpers' tables)."""
    plans = tuple(SeatPlan(n) for n in state.config.names)
    return evolve(Session.start(GAME, state.config, 0, plans), state=state)


def _opening(session: Session):
    return lambda app: app.start_flow(session, None)


def _leaks(app, viewer: int | None) -> list[str]:
    return secret_leaks(app.flow.session, screen_text(app), viewer)


def _rows(app) -> list[str]:
    return [row.rstrip() for row in screen_text(app).rstrip("\n").split("\n")]


def _squash(text: str) -> str:
    return " ".join(BOX.sub(" ", text).split())


async def _open_choice(pilot) -> PersuasionChoice:
    """Lift curtains and read notes (Enter) until a decision shows."""
    for _ in range(20):
        await pilot.pause()
        if isinstance(pilot.app.screen, PersuasionChoice):
            return pilot.app.screen
        await pilot.press("enter")
    raise AssertionError(f"no decision; at {type(pilot.app.screen).__name__}")


def _card_actions(text: str) -> list[str]:
    """What a screen says of card actions: a description, or the word itself."""
    found = [d for d in DESCRIPTIONS.values() if d.lower() in text.lower()]
    return found + (["action"] if "action" in text.lower() else [])


# --- a whole season -------------------------------------------------------------------------


@pytest.mark.long
@pytest.mark.parametrize("evening_ball", [0, 1], ids=["persuasion", "evening-ball"])
async def test_four_people_play_a_whole_season_by_keyboard(tmp_path: Path, evening_ball: int):
    app = make_app(tmp_path, opening=_opening(_session(evening_ball, 5)))
    leaks: list[str] = []
    actions_said: list[str] = []
    seen: set[str] = set()
    kinds: set[str] = set()
    scanned: set[tuple[int, int]] = set()
    hand_overs = curtains = 0
    recaps: list[tuple[str, ...]] = []  # what each hand-over since a last turn recapped
    async with app.run_test(size=(80, 24)) as pilot:
        for step in range(900):
            await settle(pilot)
            screen = app.screen
            seen.add(type(screen).__name__)
            if isinstance(screen, ResolutionScreen):
                break
            moment = (id(screen), len(app.flow.session.actions))
            if moment not in scanned:
                scanned.add(moment)
                viewer = getattr(screen, "seat", None)
                leaks += _leaks(app, None if isinstance(screen, CurtainScreen) else viewer)
                if evening_ball and isinstance(screen, SeatScreen):
                    actions_said += _card_actions(screen_text(app))
            if handing_over(app):  # the public moment: the table, then Enter
                handing = app.flow.handing_over()
                name = NAMES[handing.seat]
                said = _squash(screen_text(app))
                assert f"{name} takes the keyboard next: Enter brings {name}'s curtain." in said
                since = "before your first turn" if handing.first else "since your last turn"
                assert f"{name}, {since}:" in said
                assert _squash(handing.recap[0] if handing.recap else "Nothing new") in said
                if not handing.first:
                    recaps.append(handing.recap)
                hand_overs += 1
                await press(pilot, "enter")
                assert isinstance(app.screen, CurtainScreen)
            elif isinstance(screen, CurtainScreen | KnownCards):
                curtains += isinstance(screen, CurtainScreen)
                await press(pilot, "enter")
            elif isinstance(screen, ConfirmScreen):  # a last ring
                assert "Deliver your last ring " in screen_text(app)
                await press(pilot, "y")
            elif isinstance(screen, PersuasionChoice):
                prompt = app.flow.session.prompt
                kinds.add(prompt.kind)
                if prompt.kind == Phase.RECEPTION:
                    await press(pilot, "home", *["down"] * (step % 3), "enter")
                else:
                    await press(pilot, "down" if step % 2 else "up", "enter")
            else:
                await settle(pilot)
        assert isinstance(app.screen, ResolutionScreen)
        await settle(pilot)
        assert "ConfirmScreen" in seen
        assert curtains == hand_overs > 0  # every curtain came after the table's moment
        assert any(MAILED.match(line) for recap in recaps for line in recap)
        assert leaks == []
        assert actions_said == []
        assert app.flow.session.outcome is not None
        text = screen_text(app)
        assert "Every diary and card, revealed" in text
        assert {"PersuasionChoice", "NewsAndCards"} <= seen
        assert {Phase.INTRO, Phase.MAIL, Phase.RECEPTION, Phase.FINAL} <= kinds


async def test_the_cards_you_know_open_over_a_decision_and_go_back_to_it_as_it_was(
    tmp_path: Path,
):
    app = make_app(tmp_path, opening=_opening(_session(0, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        seat = screen.seat
        await pilot.press("2", "enter")  # flip card 2 up; next: which to discard
        assert "Which of your other cards do you discard?" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, CardsYouKnow) and app.screen.seat == seat
        text = screen_text(app)
        assert _rows(app)[0] == f" {NAMES[seat]}, for your eyes only · Round 1"
        assert "Your cards: 6 cards, 6 known" in text
        assert "⏎ Back ↑↓ Scroll PgUp/PgDn Page" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert "Which of your other cards do you discard?" in screen_text(app)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == Introduce(seat, 1, 0)


async def test_new_notes_come_first_in_the_visit_and_enter_goes_on_to_the_step(tmp_path: Path):
    app = make_app(tmp_path, opening=_opening(_session(0, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert handing_over(app) and app.flow.handing_over().seat == 0  # the table first
        await to_curtain(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")  # Ann's curtain: her diary first, then her introduction
        await pilot.pause()
        assert isinstance(app.screen, NewsAndCards)
        rows = _rows(app)
        diary = app.flow.view(0).notes[0]
        assert rows[:3] == [" Ann, for your eyes only · Round 1", " New for you", f" • {diary}"]
        assert "⏎ Done" in rows[-1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PersuasionChoice) and app.screen.seat == 0  # one visit
        assert app.flow.unread(0) == ()


# --- the defects met at 80x24 -----------------------------------------------------------------

DEV = ("Ann", "Bo", "Cleo", "Dev")


async def test_a_players_own_cards_are_called_your_cards_not_by_their_name(tmp_path: Path):
    table = known_table(4, names=DEV)
    held = {0: (1, 2, 3), 1: (0,)}  # Dev holds nothing: he must discard one of anyone's cards
    app = make_app(tmp_path, opening=_opening(_at(at_reception(table, held, turns=(3,)))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        assert screen.seat == 3
        assert "You hold nothing: whose card do you discard?" in screen_text(app)
        await pilot.press("4", "enter")  # You (5 cards)
        await pilot.pause()
        text = screen_text(app)
        assert "Which of your cards do you discard?" in text
        assert "Dev's" not in text
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1] == ForcedDiscard(3, 3, 1)


async def test_a_card_is_named_on_the_screen_not_numbered_so_a_discard_renames_none(
    tmp_path: Path,
):
    """Cleo, holding nothing, discards Ann's first card; Bo, holding Ann's seal, is then
    offered the card he stamped, one place further up, under the very same name."""
    hands = {0: ("Well-Informed Aunt", "Stolen Glances", "Honest Income", "Curious Banker")}
    table = known_table(4, hands, names=DEV, faceup=("Honest Income",), stamps={
        "Curious Banker": (1,)
    })  # fmt: skip
    held = {0: (3,), 1: (0,), 3: (1,)}  # Cleo holds nothing: she discards first
    app = make_app(tmp_path, opening=_opening(_at(at_reception(table, held, turns=(2, 1)))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        assert screen.seat == 2
        await pilot.press("1", "enter")  # Ann (4 cards)
        await pilot.pause()
        await pilot.press("1", "enter")  # her first card, face down
        await settle(pilot)
        assert app.flow.session.actions[-1] == ForcedDiscard(2, 0, 0)
        screen = await _open_choice(pilot)
        assert screen.seat == 1
        text = _squash(screen_text(app))
        assert "Use a card of someone whose seal you hold, or pass:" in text
        assert "2. Ann's face-down card" in text
        assert "3. Ann's Honest Income: flip up one of Ann's cards" in text
        assert "4. Ann's Curious Banker: peek at one of Ann's cards" in text
        assert "Card " not in text and "card 3" not in text
        await pilot.press("4", "enter")
        await pilot.pause()
        text = _squash(screen_text(app))
        assert "Which of Ann's cards do you peek at?" in text
        assert "1. A face-down card 2. Honest Income (wealth; face up)" in text
        assert "3. Curious Banker (wealth) · not now: You already know that card" in text
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.flow.session.actions[-1].slot == 2  # (the Curious Banker's place now)


async def test_no_card_action_is_shown_to_a_seat_at_the_evening_ball(tmp_path: Path):
    for ball in (1, 0):
        session = _session(ball, 4)
        for seat in range(len(NAMES)):
            session = session.apply(Introduce(seat, 0, 1))
        for seat in (1, 2, 3):  # each sends the next a face-down card; Ann writes last
            session = session.apply(Send(seat, (seat + 1) % 4, 1))
        app = make_app(tmp_path, opening=_opening(session))
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_choice(pilot)
            texts = [screen_text(app)]
            await pilot.press("l")
            await pilot.pause()
            texts.append(screen_text(app))
            await pilot.press("enter", "1", "enter")  # back, to Bo: the ring, or a card
            await pilot.pause()
            texts.append(screen_text(app))
            await pilot.press("3", "enter")  # card 2; still Ann's visit: her news
            await pilot.pause()
            assert isinstance(app.screen, NewsAndCards)
            texts.append(screen_text(app))
            assert "Dee sends you a card: " in texts[-1]
            said = _card_actions("".join(texts))
            if ball:
                assert said == []
            else:  # the same screens out of the Evening Ball say what each card does
                assert "action: " in texts[-1] and set(said) & set(DESCRIPTIONS.values())


async def test_a_long_reception_list_scrolls_under_the_header_and_the_diary(tmp_path: Path):
    table = known_table(4, names=DEV)
    theirs = {n for hand in table.traits[1:] for n in hand}
    stamps = tuple(tuple(sorted({*s, 0})) if n in theirs else s for n, s in enumerate(table.stamps))
    state = at_reception(evolve(table, stamps=stamps), {0: (1, 2, 3), 1: (0,)}, turns=(0, 1))
    app = make_app(tmp_path, opening=_opening(_at(state)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        options = screen.view.choices.options
        assert len(options) == 16  # pass, and the fifteen cards of Bo, Cleo and Dev
        for keys in ([], ["end"], ["pageup"], ["end"]):
            await pilot.press(*keys)
            await pilot.pause()
            rows = _rows(app)
            assert rows[0] == " Ann, for your eyes only · Round 1"
            assert rows[1].startswith(" Your diary: you desire $ wealth and despise ♥ passion.")
            assert rows[2] == " You hold Bo's seal, Cleo's seal and Dev's seal."
            assert "⏎ Choose" in rows[-1]
        assert _squash(f"16. {options[-1].label}") in _squash(screen_text(app))


async def test_digits_pick_numbered_options_even_typed_just_before_enter(tmp_path: Path):
    app = make_app(tmp_path, opening=_opening(_session(0, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        await pilot.press("3")
        await pilot.pause()
        assert screen.query_one("#options").highlighted == 2
        # "5⏎" arriving in one read from the terminal: the digit comes first.
        app._driver.send_message(events.Key("5", "5"))
        app._driver.send_message(events.Key("enter", "\r"))
        await pilot.pause()
        flip = screen.view.choices.options[4]
        assert screen.question == flip.then
        await pilot.press("9", "enter")  # there is no ninth card: nothing moves
        await pilot.pause()
        assert app.flow.session.actions[-1] == Introduce(screen.seat, 4, 0)


def _footer_misses(app) -> list[str]:
    """The keys of the screen live now that its Footer (the last row) does not show under
    their own names with what they do (digits: shown together as 1-9)."""
    screen = app.screen
    footer = _rows(app)[-1]
    tokens = footer.split()
    ours = {  # the Parlour screens' own keys, not Textual's Tab and copy keys
        binding.action
        for cls in type(screen).__mro__
        if isinstance(cls, type) and issubclass(cls, ParlourScreen)
        for binding in cls.__dict__.get("BINDINGS", ())
        if isinstance(binding, Binding)
    }
    missing = []
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if active.node is not screen or not active.enabled or binding.action not in ours:
            continue
        own = app.get_key_display(Binding(key, ""))
        own = {"up": "↑↓", "down": "↑↓", "pageup": "PgUp/PgDn", "pagedown": "PgUp/PgDn"}.get(
            key, "1-9" if key.isdigit() else own
        )
        if own not in tokens or binding.description not in footer:
            missing.append(f"{type(screen).__name__}: {key} {binding.description}")
    return missing


async def test_every_key_of_every_screen_is_in_the_footer(tmp_path: Path):
    misses: list[str] = []
    shown: set[type] = set()

    def look() -> None:
        if not isinstance(app.screen, CurtainScreen):
            shown.add(type(app.screen))
            misses.extend(_footer_misses(app))

    app = make_app(tmp_path, opening=_opening(_session(0, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # the notes of each, then Ann's first question
            await pilot.pause()
            look()
            if isinstance(app.screen, PersuasionChoice):
                break
            await pilot.press("enter")
        await pilot.press("1", "enter")  # the second question: Back is live too
        await pilot.pause()
        look()
        await pilot.press("l")
        await pilot.pause()
        look()
    demo = make_app(tmp_path, bot_delay=1000.0)
    async with demo.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo.start_flow(_at_mailing(bots=True), None, mode=DemoMode)
        await pilot.pause()
        app = demo
        look()
        assert "space Pause" in _rows(demo)[-1] and "n Step" in _rows(demo)[-1]
    assert {NewsAndCards, PersuasionChoice, CardsYouKnow, PersuasionTable} <= shown
    assert misses == []


EIGHT = (
    "Araminta Fairfax", "Bartholomew Lyle", "Cordelia Wexford", "Desmond Ashcombe",
    "Evangeline Moore", "Fitzwilliam Gray", "Georgiana Hurst", "Horatio Pemberly",
)  # fmt: skip


def _crowded_mailing() -> Session:
    """Eight players with long names, two face-up cards each, stamps everywhere."""
    session = _session(0, 8, EIGHT)
    for seat in range(len(EIGHT)):
        session = session.apply(Introduce(seat, 0, 1))
    state = session.state
    faceup = list(state.faceup)
    stamps = list(state.stamps)
    for seat, hand in enumerate(state.traits):
        faceup[hand[1]] = True
        for other in range(len(EIGHT)):
            if other != seat:
                stamps[hand[2 + other % 3]] += (other,)
    stamps = [() if up else tuple(sorted(set(s))) for up, s in zip(faceup, stamps, strict=True)]
    return evolve(session, state=evolve(state, faceup=tuple(faceup), stamps=tuple(stamps)))


def _as_bots(session: Session) -> Session:
    return evolve(session, seats=tuple(evolve(p, kind=BOT) for p in session.seats))


async def test_eight_players_fit_the_table_at_80x24_and_a_crowded_one_scrolls(tmp_path: Path):
    seated = _session(0, 8, EIGHT)
    for seat in range(len(EIGHT)):
        seated = seated.apply(Introduce(seat, 0, 1))
    for session, scrolls in ((seated, False), (_crowded_mailing(), True)):
        app = make_app(tmp_path, bot_delay=1000.0, opening=_opening(_as_bots(session)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PersuasionTable)
            wanted = [p.name for p in app.flow.view(None).players] + [
                sight.card.title
                for player in app.flow.view(None).players
                for sight in player.cards
                if sight.faceup
            ]
            seen = ""
            for _ in range(8):
                text, rows = screen_text(app), _rows(app)
                seen += _squash(text)
                assert rows[0] == " Persuasion · Round 1 · Mailing"
                assert _squash(now_text(app.flow)) in _squash(text)
                assert rows[-1].startswith("↑↓ Scroll the players" if scrolls else "? Help")
                assert rows[-1].endswith("^p palette")
                await pilot.press("down")
                await pilot.pause()
            assert [w for w in wanted if _squash(w) not in seen] == []


async def test_nothing_is_cut_at_80x24_on_a_crowded_decision(tmp_path: Path):
    app = make_app(tmp_path, opening=_opening(_crowded_mailing()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_choice(pilot)
        await pilot.press("1", "enter")  # write to Bartholomew: the ring, or a card
        await pilot.pause()
        text = _squash(screen_text(app))
        rows = _rows(app)
        assert rows[0] == " Araminta Fairfax, for your eyes only · Round 1"
        for sight in screen.persuasion.players[0].cards:
            assert _squash(sight.card.title) in text
        assert _squash(screen.question.ask) in text
        for number, option in enumerate(screen.question.options, start=1):
            closed = f" · not now: {option.closed}" if option.closed else ""
            assert _squash(f"{number}. {option.label}{closed}") in text
        assert rows[-1].endswith("^p palette")


# --- snapshots ------------------------------------------------------------------------------


def _at_mailing(bots: bool) -> Session:
    seats = tuple(SeatPlan(n, BOT if bots else PERSON) for n in NAMES)
    config = GAME.make_config(NAMES, {}, GAME.default_pack())
    session = Session.start(GAME, config, 4, seats)
    for seat in range(len(NAMES)):
        session = session.apply(Introduce(seat, 0, 1))
    return session


def test_persuasion_table_snapshot(snap_compare):
    app = make_app(Path("saves"), bot_delay=1000.0, opening=_opening(_at_mailing(bots=True)))
    assert snap_compare(app, terminal_size=(80, 24))


def test_persuasion_mailing_snapshot(snap_compare):
    app = make_app(Path("saves"), opening=_opening(_at_mailing(bots=False)))

    async def run_before(pilot):
        await _open_choice(pilot)
        await pilot.press("1", "enter")  # to Bo: the ring, or a card he has not seen
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
