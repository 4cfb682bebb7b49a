"""Save files: they round-trip, replay, and refuse damage with one clear line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from attrs import evolve

from rules import registry
from rules.island import game as island
from rules.island.state import PlayResponse
from rules.pins import hash_pin
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.simulate import play_out
from tests import v2_saves
from tests.island_helpers import config
from tests.rules_support import edited
from tests.rules_support import save_refusal as refusal
from tui.persistence import saves
from tui.persistence.folders import default_folder

SEATS = (
    SeatPlan("Ann", PERSON, hash_pin("1234")),
    SeatPlan("Bo", BOT),
    SeatPlan("Cy", PERSON),
)


def play(seed: int = 11, actions: int | None = 25, tiles: int = 19) -> Session:
    """A session played by bots for ``actions`` actions (None: to the end)."""
    session = Session.start(island.ISLAND, config(tiles), seed, SEATS)
    return play_out(session, 20_000 if actions is None else actions)


@pytest.fixture(scope="module")
def midgame() -> Session:
    return play(actions=25)


@pytest.fixture(scope="module")
def finished() -> Session:
    session = play(actions=None)
    assert session.outcome is not None
    return session


@pytest.fixture
def saved(tmp_path, midgame) -> Path:
    path = tmp_path / "game.json"
    v2_saves.write(midgame, path)
    return path




# --- round trips -------------------------------------------------------------------


def test_a_saved_game_loads_back_exactly(saved, midgame):
    loaded = saves.load(saved)
    assert loaded.state == midgame.state
    assert loaded.actions == midgame.actions
    assert loaded.config == midgame.config
    assert loaded.seed == midgame.seed
    assert loaded.seats == SEATS
    assert loaded.game is island.ISLAND
    assert loaded == midgame


def test_a_finished_game_loads_back_with_its_outcome(tmp_path, finished):
    path = tmp_path / "done.json"
    v2_saves.write(finished, path)
    loaded = saves.load(path)
    assert loaded == finished
    assert loaded.outcome == finished.outcome
    assert loaded.prompt is None


def test_a_game_with_no_moves_yet_loads_back(tmp_path):
    session = play(actions=0, tiles=7)
    path = tmp_path / "new.json"
    v2_saves.write(session, path)
    assert saves.load(path) == session


def test_the_seed_and_the_actions_replay_the_saved_table(saved, midgame):
    data = json.loads(saved.read_text())
    assert data["format"] == "parlour-save"
    assert data["version"] == 2
    assert data["digest"] == saves.digest_of(data)
    assert data["game"] == "island"
    assert data["seed"] == 11
    assert len(data["actions"]) == 25
    state = island.new(midgame.config, data["seed"])
    for action in saves.load(saved).actions:
        state = island.apply(state, action)
    assert state == midgame.state


def test_a_loaded_game_plays_on_exactly_as_the_original(saved, midgame):
    loaded = saves.load(saved)
    for _ in range(10):
        seat = midgame.prompt.seats[0]
        action = midgame.bot_for(seat).choose(midgame.view(seat))
        assert loaded.bot_for(seat).choose(loaded.view(seat)) == action
        midgame, loaded = midgame.apply(action), loaded.apply(action)
    assert loaded == midgame


def test_pins_are_saved_as_hashes_and_still_match(saved):
    loaded = saves.load(saved)
    seat = json.loads(saved.read_text())["seats"][0]
    assert seat == {"name": "Ann", "kind": "person", "pin_hash": seat["pin_hash"]}
    assert re.fullmatch(r"scrypt\$16384\$[0-9a-f]{32}\$[0-9a-f]{64}", seat["pin_hash"])
    # Nowhere in the file but by chance inside a random salt or digest (hex runs).
    assert "1234" not in re.sub(r"[0-9a-f]{32,}", "", saved.read_text())
    assert loaded.seats[0].pin_matches("1234")
    assert not loaded.seats[0].pin_matches("4321")
    assert loaded.seats[1].is_bot


def test_writing_leaves_only_the_save_behind(tmp_path, midgame, finished):
    path = tmp_path / "deep" / "folder" / "game.json"
    v2_saves.write(midgame, path)
    v2_saves.write(finished, path)
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]
    assert saves.load(path) == finished


def test_the_resume_list_reads_a_summary_without_replaying(saved, midgame, tmp_path):
    summary = saves.summarise(saved)
    assert summary.path == saved
    assert summary.game_title == "Temptation Island"
    assert summary.seats == ("Ann", "Bo", "Cy")
    assert summary.turn == midgame.state.turn
    assert summary.finished is False
    (tmp_path / "broken.json").write_text("{")
    listed = {path.name: (found, problem) for found, path, problem in saves.list_saves(tmp_path)}
    assert listed["game.json"][1] == ""
    assert listed["broken.json"][0] is None
    assert "not complete JSON" in listed["broken.json"][1]


def test_new_save_paths_never_overwrite(tmp_path):
    first = saves.new_save_path(tmp_path, "island")
    assert first.parent == tmp_path
    assert re.fullmatch(r"island-\d{8}-\d{6}\.json", first.name)
    first.write_text("{}")
    second = saves.new_save_path(tmp_path, "island")
    assert second != first
    assert second.name == first.stem + "-2.json"


# --- refusals ----------------------------------------------------------------------


CUTS = {
    "after-1-byte": lambda n: 1,
    "after-10-bytes": lambda n: 10,
    "at-a-quarter": lambda n: n // 4,
    "at-half": lambda n: n // 2,
    "at-nine-tenths": lambda n: n * 9 // 10,
    "last-byte-lost": lambda n: n - 1,
}


@pytest.mark.parametrize("cut", CUTS.values(), ids=CUTS.keys())
def test_a_truncated_save_is_refused(saved, cut):
    text = saved.read_bytes()
    saved.write_bytes(text[: cut(len(text))])
    assert refusal(saved) == f"{saved} is damaged or cut short: it is not complete JSON"


def test_an_edited_card_in_an_action_is_refused(saved):
    def change(data):
        assert data["actions"][0]["type"] == "PlayResponse"
        data["actions"][0]["card"] = "A winning lottery ticket"

    assert refusal(edited(saved, change)) == (
        f"{saved}: action 1 does not replay ('A winning lottery ticket' is not in your hand.); "
        "the file was edited"
    )


def test_an_action_swapped_for_another_card_in_the_same_hand_is_refused(saved, midgame):
    first = midgame.actions[0]
    other = next(
        c
        for c in midgame.game.new(midgame.config, midgame.seed).hands[first.seat]
        if c != first.card
    )

    def change(data):
        data["actions"][0]["card"] = other

    message = refusal(edited(saved, change))
    assert message.endswith("it was edited") or message.endswith("the file was edited")


@pytest.mark.parametrize(
    ("field", "value"),
    [("stock", 0), ("turn", 99), ("decider", 0), ("judged", "Grumpy")],
)
def test_an_edited_table_is_refused(saved, midgame, field, value):
    assert getattr(midgame.state, field) != value
    message = refusal(edited(saved, lambda data: data["state"].__setitem__(field, value)))
    assert message == f"{saved}: the saved table does not match its replayed moves; it was edited"


def test_an_edited_hand_is_refused(saved):
    def change(data):
        data["state"]["hands"][0][0] = "A winning lottery ticket"

    message = refusal(edited(saved, change))
    assert message.endswith("does not match its replayed moves; it was edited")


@pytest.mark.parametrize("version", [0, 3, 99, "2", "1", None, True, 2.0])
def test_an_unknown_save_format_version_is_refused(saved, version):
    message = refusal(edited(saved, lambda data: data.__setitem__("version", version)))
    assert message == (
        f"{saved} was written by save format version {version!r}; "
        "this Parlour reads versions 1 and 2"
    )


def test_a_version_one_save_without_a_checksum_still_loads(saved, midgame):
    def change(data):
        data["version"] = 1
        del data["digest"]

    assert saves.load(edited(saved, change)) == midgame
    assert saves.summarise(saved).turn == midgame.turn


def test_a_version_one_save_is_still_checked_by_replay(saved):
    def change(data):
        data["version"] = 1
        del data["digest"]
        data["state"]["stock"] = 0

    assert refusal(edited(saved, change)) == (
        f"{saved}: the saved table does not match its replayed moves; it was edited"
    )


def test_a_version_one_save_with_a_checksum_is_refused(saved):
    message = refusal(edited(saved, lambda data: data.__setitem__("version", 1)))
    assert message == f"{saved} has fields no Parlour save has: digest"


CHECKSUM = "was changed or damaged after it was saved (its checksum does not match)"


def rename_first_seat(data):
    data["seats"][0]["name"] = "Anne"


UNSEEN_BY_REPLAY = {
    "saved-at": lambda data: data.__setitem__("saved_at", "2001-01-01T00:00:00"),
    "seat-name": rename_first_seat,
    "pin": lambda data: data["seats"][0].__setitem__("pin_hash", hash_pin("0000")),
    "digest": lambda data: data.__setitem__("digest", "0" * 64),
    "digest-in-capitals": lambda data: data.__setitem__("digest", data["digest"].upper()),
    "digest-not-text": lambda data: data.__setitem__("digest", 7),
}


@pytest.mark.parametrize("change", UNSEEN_BY_REPLAY.values(), ids=UNSEEN_BY_REPLAY.keys())
def test_a_change_the_replay_cannot_see_is_caught_by_the_checksum(saved, change):
    assert refusal(edited(saved, change)) == f"{saved} {CHECKSUM}"


def test_the_resume_list_shows_a_save_that_fails_its_checksum_as_damaged(saved):
    edited(saved, lambda data: data.__setitem__("saved_at", "2001-01-01T00:00:00"))
    [(summary, path, problem)] = saves.list_saves(saved.parent)
    assert (summary, path, problem) == (None, saved, f"{saved} {CHECKSUM}")


def redigested(path: Path, change) -> Path:
    """An edit made by someone who also recomputed the checksum."""

    def change_and_sign(data):
        change(data)
        data["digest"] = saves.digest_of(data)

    return edited(path, change_and_sign)


def test_a_checksummed_edit_of_the_turn_is_caught_by_replay(saved, midgame):
    message = refusal(redigested(saved, lambda data: data.__setitem__("turn", 99)))
    assert message == (
        f"{saved}: it says turn 99 but its moves replay to turn {midgame.turn}; it was edited"
    )


def test_a_checksummed_edit_of_the_finished_mark_is_caught_by_replay(saved):
    message = refusal(redigested(saved, lambda data: data.__setitem__("finished", True)))
    assert message == (
        f"{saved}: it says the game is finished but its moves replay otherwise; it was edited"
    )


def test_a_checksummed_rename_of_a_seat_is_a_sound_save(saved):
    assert saves.load(redigested(saved, rename_first_seat)).seats[0].name == "Anne"


def test_the_checksum_does_not_depend_on_layout(saved, midgame):
    data = json.loads(saved.read_text())
    saved.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=True))
    assert saves.load(saved) == midgame
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())  # a byte-order mark, as Notepad adds
    assert saves.load(saved) == midgame


def test_text_beyond_ascii_is_saved_as_utf8_and_checksummed(tmp_path):
    seats = (SeatPlan("Zoë", PERSON), SeatPlan("Bo", BOT), SeatPlan("Cy", PERSON))
    session = Session.start(island.ISLAND, config(19), 3, seats)
    path = tmp_path / "accents.json"
    v2_saves.write(session, path)
    assert "Zoë".encode() in path.read_bytes()
    assert saves.load(path) == session


def test_an_unknown_game_is_refused(saved):
    message = refusal(edited(saved, lambda data: data.__setitem__("game", "chess")))
    known = ", ".join(registry.ids())
    assert message == f"{saved}: no game called 'chess' (known: {known})"


@pytest.mark.parametrize("content", [b"", b"   \n\t "], ids=["empty", "blank"])
def test_an_empty_file_is_refused(tmp_path, content):
    path = tmp_path / "empty.json"
    path.write_bytes(content)
    assert refusal(path) == f"{path} is empty"


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "looks-like-a-save.json"
    folder.mkdir()
    assert refusal(folder) == f"{folder} is a folder, not a save file"


def test_a_missing_file_is_refused(tmp_path):
    path = tmp_path / "gone.json"
    assert refusal(path) == f"{path} does not exist"


@pytest.mark.parametrize(
    "content", [b"hello", b"{'format': 1}", b"\xff\xfe\x00", b"[1, 2"], ids=str
)
def test_text_that_is_not_json_is_refused(tmp_path, content):
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    assert refusal(path) == f"{path} is damaged or cut short: it is not complete JSON"


@pytest.mark.parametrize(
    "content", [b"[1, 2]", b'"parlour-save"', b'{"format": "other-game"}', b"{}"], ids=str
)
def test_json_that_is_not_a_parlour_save_is_refused(tmp_path, content):
    path = tmp_path / "other.json"
    path.write_bytes(content)
    assert refusal(path) == f"{path} is not a Parlour save file"


@pytest.mark.parametrize("field", ["state", "actions", "seed", "config", "seats"])
def test_a_save_missing_a_field_is_refused(saved, field):
    message = refusal(edited(saved, lambda data: data.pop(field)))
    assert message == f"{saved} is missing {field}"


def test_a_save_with_an_unknown_field_is_refused(saved):
    message = refusal(edited(saved, lambda data: data.__setitem__("cheat", True)))
    assert message == f"{saved} has fields no Parlour save has: cheat"


def test_a_seed_that_is_not_a_whole_number_is_refused(saved):
    message = refusal(edited(saved, lambda data: data.__setitem__("seed", "eleven")))
    assert message == f"{saved}: the seed is not a whole number"


def test_an_action_list_that_is_not_a_list_is_refused(saved):
    message = refusal(edited(saved, lambda data: data.__setitem__("actions", {})))
    assert message == f"{saved}: the action list is damaged"


def test_an_action_of_an_unknown_kind_is_refused(saved):
    message = refusal(edited(saved, lambda data: data["actions"][0].__setitem__("type", "Swim")))
    assert message == (
        f"{saved} is damaged: action 1 is of a kind Temptation Island does not have ('Swim')"
    )


def test_an_action_missing_a_field_is_refused_naming_the_action_and_field(saved):
    message = refusal(edited(saved, lambda data: data["actions"][2].pop("seat")))
    assert message == f"{saved} is damaged: in action 3, seat: required field missing"


def test_a_setup_for_another_game_is_refused_naming_the_game_and_a_few_fields(saved):
    def change(data):
        data["config"] = {"benches": 4, "bards": [], "seated": [], "elements": [], "hand": 7}

    message = refusal(edited(saved, change))
    assert message == (
        f"{saved} is damaged: in its Temptation Island setup, names: required field missing; "
        "adjectives: required field missing; nouns: required field missing; and 1 more"
    )


def test_a_field_of_the_wrong_type_is_refused_naming_the_field(saved):
    message = refusal(edited(saved, lambda data: data["state"].__setitem__("stock", "many")))
    assert message.startswith(f"{saved} is damaged: ")
    assert "stock" in message


def test_a_missing_state_field_is_refused_naming_the_field(saved):
    message = refusal(edited(saved, lambda data: data["state"].pop("stock")))
    assert message == f"{saved} is damaged: in the saved table, stock: required field missing"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"adjectives": []}, "The game needs at least one compatibility card."),
        ({"nouns": ["A", "B"]}, "The game needs at least 9 response cards."),
        ({"nouns": ["A"] * 20}, "Every response card must be different."),
        ({"tiles": 3}, "The tile count must be between 7 and 61."),
    ],
    ids=["no-adjectives", "two-nouns", "repeated-nouns", "three-tiles"],
)
def test_an_edited_setup_that_cannot_start_a_game_is_refused(saved, change, reason):
    message = refusal(edited(saved, lambda data: data["config"].update(change)))
    assert message == f"{saved}: its setup cannot start a game ({reason})"


def test_an_action_by_a_seat_that_is_not_at_the_table_is_refused(saved):
    message = refusal(edited(saved, lambda data: data["actions"][0].__setitem__("seat", 7)))
    assert message == (
        f"{saved}: action 1 does not replay (That seat is not at this table.); the file was edited"
    )


@pytest.mark.parametrize("count", [0, 2, 4])
def test_a_save_whose_seats_do_not_match_the_game_is_refused(saved, count):
    def change(data):
        data["seats"] = (data["seats"] * 2)[:count]

    message = refusal(edited(saved, change))
    assert message == f"{saved}: it lists {count} seats for a 3-seat game"


def test_a_save_is_not_changed_by_loading_it(saved):
    before = saved.read_bytes()
    saves.load(saved)
    assert saved.read_bytes() == before


def test_an_extra_action_after_the_end_is_refused(tmp_path, finished):
    path = tmp_path / "done.json"
    extra = PlayResponse(0, finished.state.hands[0][0])
    v2_saves.write(evolve(finished, actions=finished.actions + (extra,)), path)
    message = refusal(path)
    assert f"action {len(finished.actions) + 1} does not replay" in message
    assert "The game is over: no more moves." in message


# --- where saves go ----------------------------------------------------------------


def test_saves_go_to_the_local_saves_folder_when_it_exists(tmp_path):
    (tmp_path / "saves").mkdir()
    assert default_folder(tmp_path) == tmp_path / "saves"


def test_saves_go_to_the_user_data_folder_otherwise(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_folder(tmp_path) == tmp_path / "data" / "parlour" / "saves"
    (tmp_path / "saves").write_text("a file, not a folder")
    assert default_folder(tmp_path) == tmp_path / "data" / "parlour" / "saves"


def test_without_xdg_data_home_saves_go_under_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expected = tmp_path / "home" / ".local" / "share" / "parlour" / "saves"
    assert default_folder(tmp_path) == expected


def test_the_default_folder_is_looked_up_from_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    monkeypatch.chdir(tmp_path)
    assert default_folder() == tmp_path / "saves"


def test_a_save_written_move_by_move_reads_the_same_as_one_written_at_once(tmp_path):
    """The writer reuses the last save's action texts; that must never change the file."""
    played = play(seed=5, actions=30)
    other = play(seed=6, actions=10)
    steps = tmp_path / "steps.json"
    session = Session.start(played.game, played.config, played.seed, played.seats)
    for number, action in enumerate(played.actions):
        session = session.apply(action)
        v2_saves.write(session, steps)
        if number % 7 == 0:
            v2_saves.write(other, tmp_path / "other.json")  # another game in between
    stepped = json.loads(steps.read_text(encoding="utf-8"))
    assert stepped["actions"] == [
        json.loads(text) for text in v2_saves._ActionTexts().of(played)
    ]
    assert stepped["digest"] == saves.digest_of(stepped)
    assert saves.load(steps).actions == played.actions
    assert saves.load(tmp_path / "other.json").actions == other.actions
