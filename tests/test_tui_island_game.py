"""A whole Temptation Island game through the screens, with a privacy scan (the public
table between two people, naming who takes the keyboard next, scanned too)."""

from __future__ import annotations

from pathlib import Path

from rules.island.state import MoveTo, Phase, PlaceTile
from tests.tui_helpers import (
    direction_key,
    handing_over,
    make_app,
    open_setup,
    screen_text,
    secret_leaks,
)
from tui.island.seat import IslandChoice
from tui.island.table import IslandTable
from tui.persistence import saves
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen

SEED = "7"


async def _type_names(pilot, names: tuple[str, ...]) -> None:
    for seat, name in enumerate(names):
        field = pilot.app.screen.query_one(f"#name-{seat}")
        field.value = ""
        field.focus()
        await pilot.press(*name)


async def test_two_people_and_a_bot_play_to_the_end_without_seeing_each_other(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, "island")
        await _type_names(pilot, ("Ann", "Bo", "Cleo"))
        seed = app.screen.query_one("#seed")
        seed.value = SEED
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = app.flow.session
        assert [s.name for s in session.seats] == ["Ann", "Bo", "Cleo"]
        assert [s.is_bot for s in session.seats] == [False, False, True]
        screens_seen: set[str] = set()
        hand_overs = 0
        for _ in range(600):
            screen = app.screen
            text = screen_text(app)
            screens_seen.add(type(screen).__name__)
            if isinstance(screen, ResolutionScreen):
                break
            if isinstance(screen, CurtainScreen):
                assert f"Pass the keyboard to {screen.seat_name}" in text
                assert secret_leaks(app.flow.session, text, None) == []
                await pilot.press("enter")
            elif isinstance(screen, IslandChoice):
                assert f"{session.seats[screen.seat].name}, for your eyes only · Turn " in text
                assert secret_leaks(app.flow.session, text, screen.seat) == []
                await pilot.press("enter")
            elif isinstance(screen, IslandTable) and handing_over(app):
                assert secret_leaks(app.flow.session, text, None) == []
                name = app.flow.session.seats[app.flow.handing_over().seat].name
                assert f"{name} takes the keyboard next" in " ".join(text.split())
                hand_overs += 1
                await pilot.press("enter")
            elif isinstance(screen, IslandTable):
                assert secret_leaks(app.flow.session, text, None) == []
                prompt = app.flow.session.prompt
                seats = app.flow.session.seats
                if prompt and prompt.kind == Phase.MOVE and not seats[prompt.seats[0]].is_bot:
                    seat = prompt.seats[0]
                    view = app.flow.view(seat)
                    action = view.choices.opened[-1].value  # a removal when there is one
                    key = "m" if isinstance(action, MoveTo) else "p"
                    key = key if isinstance(action, MoveTo | PlaceTile) else "r"
                    await pilot.press(direction_key(view.pieces[seat], action.target), key)
            await pilot.pause()
        assert isinstance(app.screen, ResolutionScreen)
        assert {"CurtainScreen", "IslandChoice", "IslandTable"} <= screens_seen
        assert hand_overs > 0
        final = app.flow.session
        outcome = final.outcome
        assert outcome is not None
        text = screen_text(app)
        names = ("Ann", "Bo", "Cleo")
        assert "Winners: " + " and ".join(names[s] for s in outcome.winners) in text
        saved = saves.load(app.flow.save_path)
        assert saved.state == final.state
        assert len(saved.actions) == len(final.actions)
