"""Temptress save files: written with tui.persistence.saves.write, replayed and checked by load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from attrs import evolve

from rules.pins import hash_pin
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.simulate import play_out
from rules.temptress.actions import ClaimFloor
from rules.temptress.game import TEMPTRESS
from tests import v2_saves
from tests.rules_support import edited
from tests.rules_support import save_refusal as refusal
from tests.temptress_helpers import NAMES, NARRATOR, config
from tui.persistence import saves

SEATS = (
    SeatPlan(NAMES[0], PERSON, hash_pin("4321")),
    *(SeatPlan(name, BOT) for name in NAMES[1:]),
    SeatPlan(NARRATOR, PERSON),
)


def play(seed: int = 17, actions: int | None = 120, person: bool = True) -> Session:
    """Bots play every seat (the narrator too) for ``actions`` actions (None: to the end)."""
    seats = SEATS if person else SEATS[:-1]
    session = Session.start(TEMPTRESS, config(5, person=person, round_limit=3), seed, seats)
    return play_out(session, 20_000 if actions is None else actions)


@pytest.fixture(scope="module")
def midgame() -> Session:
    session = play()
    assert session.prompt is not None
    return session


@pytest.fixture(scope="module")
def finished() -> Session:
    session = play(actions=None)
    assert session.outcome is not None
    return session


@pytest.fixture
def saved(tmp_path, midgame) -> Path:
    path = tmp_path / "temptress.json"
    v2_saves.write(midgame, path)
    return path


def test_a_saved_temptress_game_replays_to_the_same_state(saved, midgame):
    loaded = saves.load(saved)
    assert loaded.state == midgame.state
    assert loaded.actions == midgame.actions
    assert loaded == midgame
    assert loaded.game is TEMPTRESS
    data = json.loads(saved.read_text())
    assert data["game"] == "temptress" and data["seed"] == 17
    assert len(data["actions"]) == 120
    assert {a["type"] for a in data["actions"]} >= {
        "ClaimFloor",
        "Join",
        "PlayCards",
        "NarratorVerdict",
    }


def test_a_finished_temptress_game_loads_with_its_outcome(tmp_path, finished):
    path = tmp_path / "done.json"
    v2_saves.write(finished, path)
    loaded = saves.load(path)
    assert loaded == finished
    assert loaded.outcome == finished.outcome and loaded.prompt is None


def test_an_island_narrated_game_round_trips_too(tmp_path):
    session = play(seed=4, actions=200, person=False)
    path = tmp_path / "island.json"
    v2_saves.write(session, path)
    assert saves.load(path) == session


def test_a_loaded_game_plays_on_exactly_as_the_original(saved, midgame):
    loaded = saves.load(saved)
    for _ in range(20):
        seat = midgame.prompt.seats[0]
        action = midgame.bot_for(seat).choose(midgame.view(seat))
        assert loaded.bot_for(seat).choose(loaded.view(seat)) == action
        midgame, loaded = midgame.apply(action), loaded.apply(action)
    assert loaded == midgame


def test_an_edited_action_is_refused(saved, midgame):
    first = midgame.actions[0]
    assert isinstance(first, ClaimFloor)

    def change(data):
        assert data["actions"][0]["type"] == "ClaimFloor"
        data["actions"][0]["woman"] = 7

    assert refusal(edited(saved, change)) == (
        f"{saved}: action 1 does not replay (Aim your action at one of the four women.); "
        "the file was edited"
    )


def test_an_action_by_another_seat_is_refused(saved):
    def change(data):
        data["actions"][0]["seat"] = 2

    assert refusal(edited(saved, change)) == (
        f"{saved}: action 1 does not replay (It is not Cora's turn: Ada, the oldest, opens the "
        "floor (or declines).); the file was edited"
    )


def test_an_edited_card_in_a_played_action_is_refused(saved, midgame):
    index = next(i for i, a in enumerate(midgame.actions) if type(a).__name__ == "PlayCards")

    def change(data):
        data["actions"][index]["cards"][0] = {"rank": 14, "suit": "spades"}

    message = refusal(edited(saved, change))
    assert message.startswith(f"{saved}: action {index + 1} does not replay (")
    assert message.endswith("; the file was edited")


@pytest.mark.parametrize(("field", "value"), [("round", 9), ("sorceress", 9), ("pacts", ["x"])])
def test_an_edited_table_is_refused(saved, midgame, field, value):
    assert getattr(midgame.state, field) != value
    message = refusal(edited(saved, lambda data: data["state"].__setitem__(field, value)))
    assert message == f"{saved}: the saved table does not match its replayed moves; it was edited"


def test_an_edited_secret_hand_is_refused(saved):
    def change(data):
        data["state"]["suitors"][1]["hand"] = [{"rank": 14, "suit": "hearts"}]

    message = refusal(edited(saved, change))
    assert message == f"{saved}: the saved table does not match its replayed moves; it was edited"


def test_an_extra_action_after_the_end_is_refused(tmp_path, finished):
    path = tmp_path / "done.json"
    extra = ClaimFloor(0, 0)
    v2_saves.write(evolve(finished, actions=finished.actions + (extra,)), path)
    message = refusal(path)
    assert message == (
        f"{path}: action {len(finished.actions) + 1} does not replay "
        "(The game is over: no more moves.); the file was edited"
    )
