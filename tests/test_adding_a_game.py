"""A game added the way docs/developing.md's numbered list says: Noughts and Crosses
(tests/toy/), at most ten new files and one listing, plays at the engine, saves, teaches
and plays at the keyboard like the four real games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry
from rules.engine import IllegalAction
from rules.listing import Listing
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.teaching import captions_of, explained_step
from tests.tui_helpers import make_app, press, screen_text, settle, to_curtain, wait_until
from tui.kit.choice import ChoiceScreen
from tui.persistence import saves
from tui.persistence.journal import Journal

TOY = Listing(
    "toy",
    "Noughts and Crosses",
    "Three of your marks in a line win.",
    2,
    2,
    "exactly 2 players",
    "tests.toy.game:TOY",
    "tests.toy.captions:CAPTIONS",
    "tests.toy.ui:ToyUI",
)
"""The one registration the toy needs."""

TOY_FILES = Path(__file__).with_name("toy")


@pytest.fixture(autouse=True)
def listed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "LISTINGS", (*registry.LISTINGS, TOY))
    yield


def _start(kinds: tuple[str, str] = (BOT, BOT), seed: int = 7) -> Session:
    game = registry.get("toy")
    config = game.make_config(("Ann", "Bo"), {}, game.default_pack())
    return Session.start(game, config, seed, (SeatPlan("Ann", kinds[0]), SeatPlan("Bo", kinds[1])))


def _played(session: Session) -> Session:
    while session.prompt is not None:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    return session


def test_a_new_game_is_at_most_ten_files_and_one_listing():
    files = sorted(p.name for p in TOY_FILES.iterdir() if p.is_file())
    assert len(files) <= 10, files
    assert registry.ids()[-1] == "toy" and registry.listing("toy") is TOY


def test_the_toy_plays_to_its_end_and_says_who_won():
    ended = _played(_start())
    assert ended.prompt is None
    assert ended.view(None).log == (
        "Ann plays X and goes first.",
        "Ann marks square 1.",
        "Bo marks square 2.",
        "Ann marks square 3.",
        "Bo marks square 4.",
        "Ann marks square 5.",
        "Bo marks square 6.",
        "Ann marks square 7.",
        "Ann has three in a row and wins.",
    )
    assert ended.game.outcome(ended.state).winners == (0,)


def test_the_common_gatekeeping_refuses_with_one_wording():
    session = _start()
    game = session.game
    from tests.toy.state import Mark

    with pytest.raises(IllegalAction) as wrong_turn:
        game.apply(session.state, Mark(1, 4))
    assert wrong_turn.value.reason == "It is not Bo's turn: Ann: mark an empty square."
    with pytest.raises(IllegalAction) as stranger:
        game.apply(session.state, Mark(5, 4))
    assert stranger.value.reason == "That seat is not at this table."
    with pytest.raises(IllegalAction) as over:
        game.apply(_played(session).state, Mark(1, 8))
    assert over.value.reason == "The game is over: no more moves."


def test_the_toy_saves_and_loads_through_the_journal(tmp_path: Path):
    ended = _played(_start())
    path = tmp_path / "toy.json"
    Journal(path).save(ended, (0, 0))
    assert saves.load(path).state == ended.state


def test_the_toy_is_taught_from_its_story_file():
    ended = _played(_start())
    explained = explained_step(ended.game, None, ended.state)
    assert explained[1].caption == "Ann took square 1; a square once marked stays marked."
    captions = captions_of(ended.game)
    assert captions is not None
    assert all(captions.has_caption(kind) for kind in captions.event_kinds)


async def test_two_people_play_the_toy_at_one_keyboard(tmp_path: Path):
    session = _start((PERSON, PERSON))
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_curtain(pilot)
        await press(pilot, "enter")  # Ann lifts her curtain
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "Mark which square?" in screen_text(app)
        await press(pilot, "5", "enter")
        await wait_until(pilot, lambda: app.flow.session.prompt.seats == (1,))
        assert "Ann marks square 5." in app.flow.session.view(None).log
        await settle(pilot)
        assert "X" in screen_text(app)


def test_the_map_fits_two_screens_and_lists_how_to_add_a_game():
    """docs/developing.md: at most two 120x40 screens, and the steps this test followed."""
    text = (Path(__file__).parents[1] / "docs" / "developing.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= 80
    assert max(len(line) for line in lines) <= 120
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    steps = [line for line in section.splitlines() if line[:3].rstrip(". ").isdigit()]
    assert 1 <= len(steps) <= 10
    named = ("state.py", "told.py", "story.toml", "rules.md", "game.py", "captions.py", "ui.py")
    for name in named:
        assert name in section and (TOY_FILES / name).exists(), name
