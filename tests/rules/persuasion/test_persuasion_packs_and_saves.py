"""Persuasion's trait card pack, malformed packs refused by file and field, and saves.

The default pack holds the ruled deck: 54 cards, 18 per symbol (14 with one
symbol, 3 with two, 1 with three), the ruled number of cards per action, and
each symbol with a similar mix of actions. A pack with an unknown action or
symbol, a missing field or too few cards is refused with a PackError naming
the file and the field. A saved season (``tui.persistence.saves.write``) loads by
replaying its actions to the very same state.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from rules.packs import PackError
from rules.persuasion import game
from rules.persuasion.game import PERSUASION
from rules.persuasion.pack import default_pack, load_pack
from rules.persuasion.state import DIARIES, CardAction, Diary, Send, Symbol, TraitCard
from rules.pins import hash_pin
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.simulate import play_out
from tests import v2_saves
from tests.persuasion_helpers import NAMES, config
from tests.rules_support import edited
from tui.persistence import saves
from tui.persistence.saves import SaveError

RULED_ACTIONS = {
    "peek_author": 9,
    "peek_bystander": 6,
    "show_author": 6,
    "flip_author": 6,
    "take_author": 6,
    "give_author": 6,
    "discard_author": 6,
    "discard_bystander": 3,
    "take_discard": 3,
    "swap_author": 3,
}


# --- the default pack -------------------------------------------------------------------


def test_the_default_pack_has_54_trait_cards_with_unique_titles():
    pack = default_pack()
    assert len(pack.cards) == 54
    titles = [c.title.casefold() for c in pack.cards]
    assert len(set(titles)) == 54
    assert pack.name == "A Season in Town"
    assert all(c.title.strip() and c.flavour.strip() for c in pack.cards)


def test_each_symbol_is_on_18_cards_14_single_3_double_and_1_triple():
    cards = default_pack().cards
    for card in cards:
        assert len(set(card.symbols)) == 1, card.title
    shapes = Counter((c.symbols[0], len(c.symbols)) for c in cards)
    for symbol in Symbol:
        assert shapes[symbol, 1] == 14
        assert shapes[symbol, 2] == 3
        assert shapes[symbol, 3] == 1
    assert Counter(s for c in cards for s in c.symbols) == {s: 23 for s in Symbol}


def test_the_actions_are_spread_as_ruled_with_a_similar_mix_per_symbol():
    cards = default_pack().cards
    assert Counter(c.action for c in cards) == RULED_ACTIONS
    assert set(RULED_ACTIONS) == set(CardAction)
    for action, count in RULED_ACTIONS.items():
        per_symbol = [sum(c.action == action and c.symbols[0] == s for c in cards) for s in Symbol]
        assert sum(per_symbol) == count
        assert max(per_symbol) - min(per_symbol) <= 1, (action, per_symbol)


def test_the_ten_diaries_are_as_printed():
    assert Counter(DIARIES) == {
        Diary(Symbol.WEALTH, Symbol.PASSION): 2,
        Diary(Symbol.WEALTH, Symbol.STANDING): 2,
        Diary(Symbol.STANDING, Symbol.PASSION): 2,
        Diary(Symbol.STANDING, Symbol.WEALTH): 2,
        Diary(Symbol.PASSION, Symbol.WEALTH): 1,
        Diary(Symbol.PASSION, Symbol.STANDING): 1,
    }


def test_a_table_is_dealt_from_the_packs_cards():
    pack = default_pack()
    cfg = game.make_config(NAMES[:3], {"evening_ball": 1}, pack)
    assert cfg.cards == tuple(
        TraitCard(c.title, c.flavour, c.symbols, c.action) for c in pack.cards
    )
    assert cfg.evening_ball and cfg.hand == 6
    assert PERSUASION.default_pack() == pack


# --- malformed packs --------------------------------------------------------------------------


def default_data() -> dict:
    raw = resources.files("themes.persuasion").joinpath("default.toml").read_bytes()
    return tomllib.loads(raw.decode())


def toml_text(data: dict) -> str:
    """The pack as TOML (JSON strings and lists are TOML too)."""
    lines = [f"{key} = {json.dumps(value)}" for key, value in data.items() if key != "cards"]
    for card in data.get("cards", ()):
        lines.append("[[cards]]")
        lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in card.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture
def write_pack(tmp_path):
    def write(change) -> Path:
        data = copy.deepcopy(default_data())
        change(data)
        path = tmp_path / "mine.toml"
        path.write_text(toml_text(data), encoding="utf-8")
        return path

    return write


def refusal(path: Path) -> str:
    with pytest.raises(PackError) as caught:
        load_pack(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message


def test_the_default_pack_written_out_loads_again(write_pack):
    path = write_pack(lambda data: None)
    assert load_pack(str(path)) == default_pack()
    assert PERSUASION.load_pack(str(path)) == default_pack()


def test_a_pack_with_an_unknown_action_is_refused(write_pack):
    path = write_pack(lambda data: data["cards"][3].update(action="elope"))
    assert refusal(path) == (
        f"{path}: cards[3].action: unknown action 'elope' (use one of peek_author, "
        "peek_bystander, show_author, flip_author, take_author, give_author, discard_author, "
        "discard_bystander, take_discard, swap_author)"
    )


def test_a_pack_with_an_unknown_symbol_is_refused(write_pack):
    path = write_pack(lambda data: data["cards"][5].update(symbols=["wealth", "beauty"]))
    assert refusal(path) == (
        f"{path}: cards[5].symbols: unknown symbol 'beauty' (use wealth, standing, passion)"
    )


@pytest.mark.parametrize("symbols", [[], ["passion"] * 4])
def test_a_card_needs_one_to_three_symbols(write_pack, symbols):
    path = write_pack(lambda data: data["cards"][7].update(symbols=symbols))
    assert refusal(path) == (
        f"{path}: cards[7].symbols: one to three symbols, found {len(symbols)}"
    )


@pytest.mark.parametrize("field", ["title", "flavour", "symbols", "action"])
def test_a_card_missing_a_field_is_refused(write_pack, field):
    path = write_pack(lambda data: data["cards"][2].pop(field))
    assert refusal(path) == f"{path}: cards[2].{field}: required field missing"


def test_a_pack_without_cards_is_refused(write_pack):
    path = write_pack(lambda data: data.pop("cards"))
    assert refusal(path) == f"{path}: cards: required field missing"


def test_a_pack_with_too_few_cards_for_eight_players_is_refused(write_pack):
    path = write_pack(lambda data: data.update(cards=data["cards"][:47]))
    assert refusal(path) == f"{path}: cards.title: needs at least 48 cards, found 47"


def test_a_pack_with_a_repeated_title_is_refused(write_pack):
    path = write_pack(lambda data: data["cards"][10].update(title="Curious Banker"))
    assert refusal(path) == f"{path}: cards.title[10]: 'Curious Banker' repeats cards.title[1]"


def test_a_card_with_an_extra_field_is_refused(write_pack):
    path = write_pack(lambda data: data["cards"][0].update(charm="high"))
    assert refusal(path) == f"{path}: cards[0]: extra fields found (charm)"


def test_every_fault_of_a_pack_is_listed_at_once(write_pack):
    def change(data):
        data["cards"][1].update(action="elope")
        data["cards"][4].update(symbols=["beauty"])

    path = write_pack(change)
    message = refusal(path)
    assert message.startswith(f"{path}: cards[1].action: unknown action 'elope'")
    assert "; cards[4].symbols: unknown symbol 'beauty'" in message


# --- saves ----------------------------------------------------------------------------------

SEATS = (
    SeatPlan(NAMES[0], PERSON, hash_pin("2468")),
    *(SeatPlan(name, BOT) for name in NAMES[1:5]),
)


def play(seed: int = 11, actions: int | None = 40, evening_ball: bool = False) -> Session:
    """Bots play every seat (a person's too) for ``actions`` actions (None: to the end)."""
    session = Session.start(PERSUASION, config(5, evening_ball=evening_ball), seed, SEATS)
    return play_out(session, 20_000 if actions is None else actions)


@pytest.fixture(scope="module")
def midgame() -> Session:
    session = play()
    assert session.prompt is not None and session.state.round >= 2
    return session


@pytest.fixture
def saved(tmp_path, midgame) -> Path:
    path = tmp_path / "persuasion.json"
    v2_saves.write(midgame, path)
    return path


def test_a_saved_season_replays_to_the_same_state(saved, midgame):
    loaded = saves.load(saved)
    assert loaded.state == midgame.state
    assert loaded == midgame
    assert loaded.game is PERSUASION
    data = json.loads(saved.read_text())
    assert data["game"] == "persuasion" and data["seed"] == 11
    assert len(data["actions"]) == 40
    assert {a["type"] for a in data["actions"]} == {
        "Introduce",
        "Send",
        "UseCard",
        "ForcedDiscard",
        "Pass",
    }


@pytest.mark.parametrize("evening_ball", [False, True])
def test_a_finished_season_loads_with_its_outcome(tmp_path, evening_ball):
    finished = play(seed=12, actions=None, evening_ball=evening_ball)
    assert finished.outcome is not None
    path = tmp_path / "done.json"
    v2_saves.write(finished, path)
    loaded = saves.load(path)
    assert loaded == finished and loaded.outcome == finished.outcome
    assert loaded.config.evening_ball is evening_ball


def test_a_loaded_season_plays_on_exactly_as_the_original(saved, midgame):
    loaded = saves.load(saved)
    for _ in range(15):
        if midgame.prompt is None:
            break
        seat = midgame.prompt.seats[0]
        action = midgame.bot_for(seat).choose(midgame.view(seat))
        assert loaded.bot_for(seat).choose(loaded.view(seat)) == action
        midgame, loaded = midgame.apply(action), loaded.apply(action)
    assert loaded == midgame


def test_an_edited_mailing_is_refused(saved, midgame):
    index = next(i for i, a in enumerate(midgame.actions) if isinstance(a, Send))

    def change(data):
        data["actions"][index]["to"] = data["actions"][index]["seat"]

    with pytest.raises(SaveError) as caught:
        saves.load(edited(saved, change))
    assert str(caught.value) == (
        f"{saved}: action {index + 1} does not replay (Send to another player at the "
        "table.); the file was edited"
    )


def test_an_edited_stamp_is_refused(saved, midgame):
    def change(data):
        data["state"]["stamps"][0] = [0, 1, 2, 3, 4]

    assert midgame.state.stamps[0] != (0, 1, 2, 3, 4)
    with pytest.raises(SaveError) as caught:
        saves.load(edited(saved, change))
    assert str(caught.value) == (
        f"{saved}: the saved table does not match its replayed moves; it was edited"
    )
