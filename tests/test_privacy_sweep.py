"""The privacy sweep: every registered game, played by its bots through the screens.

Every seat is a person (every other one with a PIN), so every curtain and every
private screen appears; the bots choose from ``view(state, seat)`` and their
actions go through ``app.flow.act`` (tests/screen_sweep.py). At each curtain,
each public screen and each seat's own screen, the rendered text must hold no
secret (``GameInfo.secrets_of``) of any other seat. A referee's console (the
Temptress's narrator, the Lantern's Barkeep: seats with no secrets of their own)
shows everything by design and is not scanned; the resolution reveals everything
by design. Each game is played at each of its tables (the default one, and one
per on/off option), made quick (tests/screen_sweep.py ``quick_plans``), at least
two games per game; the last with names and card texts full of markup, look-alike
letters and emoji (tests/test_hostile_corpus.py), shown as typed on every screen.
The public moments between people (the table, naming who is next, with the recap of
what happened since their last turn) are scanned like every public screen, and at
each one where the last move may be taken back, u takes it back once: the screens
that follow are scanned too. Nobody is curtained twice with nobody else's move between.

And per game: a seat's curtain with a PIN does not lift on Enter alone or on a
wrong PIN, says so, shows nothing private, and lifts with the right PIN.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.screen_sweep import (
    Keyboard,
    Moment,
    Table,
    drive,
    game_ids,
    pin_of,
    quick_plans,
    scan,
    tables,
)
from tests.test_hostile_corpus import MARKUP_NAMES, hostile_session
from tests.tui_helpers import make_app, screen_text
from tui.persistence import saves
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen

SIZE = (120, 40)
GAMES_PER_GAME = 2
WRONG_PIN = "That is not the PIN. Try again."
NO_PIN = "Type your PIN first, then press Enter."


def _plan(game_id: str) -> list[tuple[Table, int]]:
    plans = quick_plans(game_id, GAMES_PER_GAME)
    return [(plan.table, seed) for plan in plans for seed in plan.seeds]


@pytest.mark.long
@pytest.mark.parametrize("game_id", game_ids())
async def test_no_screen_shows_another_seats_secrets(tmp_path: Path, game_id: str):
    hits: list[str] = []
    scans = public = referee = curtains = pins = hand_overs = recaps = taken_back = 0
    plan = _plan(game_id)
    hostile_names: set[str] = set()
    for number, (table, seed) in enumerate(plan, start=1):
        # The last game: names and card texts full of markup, look-alikes and emoji.
        hostile = number == len(plan)
        session = hostile_session(table, seed, tmp_path) if hostile else table.session(seed)
        path = tmp_path / f"{table.label}-{seed}.json"
        app = make_app(tmp_path, opening=lambda app, s=session, p=path: app.start_flow(s, p))
        viewers: set[int] = set()
        deciders: set[int] = set()
        keyboard = Keyboard()
        label = f"{table.label} seed {seed}"

        async def visit(
            moment: Moment,
            app=app,
            label=label,
            viewers=viewers,
            deciders=deciders,
            keyboard=keyboard,
        ):
            nonlocal scans, public, referee
            prompt = moment.session.prompt
            if prompt is not None and prompt.private:
                deciders.update(prompt.seats)
            if moment.viewer is not None:
                viewers.add(moment.viewer)
            if isinstance(moment.screen, CurtainScreen):
                name = moment.screen.seat_name
                assert f"Pass the keyboard to {name}" in " ".join(screen_text(app).split())
                hostile_names.add(name)
                # One visit per person: no second curtain for whoever has the keyboard.
                needless = keyboard.needless(name, moment.session) and not moment.taken_back
                assert not needless, f"{label}: {name} curtained twice in a row"
            if isinstance(moment.screen, ResolutionScreen):
                return
            if moment.referee:
                referee += 1
                return
            found = scan(moment.session, screen_text(app), moment.viewer)
            scans += 1
            public += len(found.public)
            where = f"{label}, {type(moment.screen).__name__} (viewer {moment.viewer})"
            hits.extend(f"{where}: {hit}" for hit in found.hits)

        async with app.run_test(size=SIZE) as pilot:
            report = await drive(pilot, visit, take_backs=True)
            assert isinstance(app.screen, ResolutionScreen)
        curtains += report.curtains
        pins += report.pins
        hand_overs += report.hand_overs
        recaps += report.recaps
        taken_back += len(report.taken_back)
        final = app.flow.session
        assert final.outcome is not None
        assert saves.load(path).state == final.state
        # Every seat that had to decide in private saw its own screen.
        assert deciders and deciders <= viewers, (label, deciders, viewers)
    print(
        f"{game_id}: {len(_plan(game_id))} games, {scans} scans, {len(hits)} hits, "
        f"{public} secrets already public, {referee} referee screens, {curtains} curtains "
        f"({pins} with a PIN), {hand_overs} hand-overs with {recaps} lines of recap, "
        f"{taken_back} moves taken back"
    )
    assert curtains > 0 and pins > 0
    # The public moments and the take-backs were shown, and scanned like every screen.
    assert hand_overs > 0 and recaps > 0 and taken_back > 0
    assert hostile_names & set(MARKUP_NAMES), "no curtain showed a name full of markup"
    assert hits == [], f"{len(hits)} secrets shown in {scans} scans:\n" + "\n".join(hits[:20])


async def _pin_curtain(pilot) -> tuple[CurtainScreen, int]:
    """Play on until the curtain comes down for a seat with a PIN."""
    found: list[tuple[CurtainScreen, int]] = []

    async def visit(moment: Moment) -> bool:
        screen = moment.screen
        if isinstance(screen, CurtainScreen):
            seats = moment.session.seats
            seat = [plan.name for plan in seats].index(screen.seat_name)
            if seats[seat].pin_hash:
                found.append((screen, seat))
                return True
        return False

    await drive(pilot, visit)
    assert found, "no curtain for a seat with a PIN"
    return found[0]


@pytest.mark.parametrize("game_id", game_ids())
async def test_a_pin_curtain_lifts_only_for_its_pin(tmp_path: Path, game_id: str):
    session = tables(game_id)[0].session(1)
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=SIZE) as pilot:
        curtain, seat = await _pin_curtain(pilot)
        pin = pin_of(seat)
        assert pin is not None
        name = app.flow.session.seats[seat].name
        text = screen_text(app)
        assert f"Pass the keyboard to {name}" in text
        assert f"{name}: type your PIN and press Enter." in text
        assert WRONG_PIN not in text
        wrong = f"{(int(pin) + 1) % 10000:04d}"
        tries = (
            (["enter"], NO_PIN),
            (["x", "enter"], NO_PIN),
            ([*wrong, "enter"], WRONG_PIN),
            ([*pin[:3], "enter"], WRONG_PIN),
        )
        for keys, said in tries:
            await pilot.press(*keys)
            await pilot.pause()
            assert app.screen is curtain, f"{keys} lifted the curtain"
            text = screen_text(app)
            assert said in text
            assert curtain.query_one("#pin", Input).value == ""
            assert scan(app.flow.session, text, None).hits == []
        actions = len(app.flow.session.actions)
        await pilot.press(*pin, "enter")
        await pilot.pause()
        screen = app.screen
        assert not isinstance(screen, CurtainScreen)
        assert getattr(screen, "seat", None) == seat
        assert len(app.flow.session.actions) == actions


@pytest.mark.parametrize("game_id", game_ids())
def test_the_scan_finds_another_seats_secret_planted_on_a_screen(game_id: str):
    """The sweep can fail: another seat's secrets on the screen are hits, the
    viewer's own are not."""
    session = tables(game_id)[0].session(1)
    secrets_of = session.game.secrets_of
    viewer = next(s for s in range(len(session.seats)) if secrets_of(session.state, s))
    other = next(
        s for s in range(len(session.seats)) if s != viewer and secrets_of(session.state, s)
    )
    mine = secrets_of(session.state, viewer)
    theirs = [s for s in secrets_of(session.state, other) if s not in mine]
    planted = scan(session, "On the screen:\n" + "\n".join(theirs), viewer)
    assert planted.hits, f"{game_id}: none of {theirs} was found"
    own = scan(session, "\n".join(mine), viewer)
    assert own.hits == []
