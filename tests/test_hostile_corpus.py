"""A generated corpus of hostile text: markup, terminal escapes, control and format
characters, look-alike letters, emoji and combining marks, and megabyte strings.

As names it goes through the setup check (``check_setup``, what the form and
``parlour new`` use) and ``parlour check``; as card text through every game's pack
loader. Each is either refused, every refusal a sentence with nothing in it a
terminal would act on, or accepted and then holds nothing a screen cannot show as
itself. The accepted kinds are played through every screen of every game in
``tests/test_hostile_text.py`` (markup names, and a pack whose every card carries
a hostile prefix).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import registry
from rules.names import JOINERS, UNSHOWABLE, look_alike
from rules.packs import PackError
from rules.session import BOT, PERSON, SeatPlan, Session
from tests import v2_saves
from tests.test_pack_corpus import default_data, toml_text
from tui.cli import main
from tui.setup_form import LONGEST_NAME, SetupEntry, check_setup

PIECES = (
    "[/]", "[b]", "[/b]", "[red on blue]", "[@click=app.quit]", "\\[", "]", "[link=x]",
    "\x1b[2J", "\x1b]0;owned\x07", "\x1b[31m", "\x07", "\x00", "\r", "\n", "\t", "\x9b",
    "\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\u00ad",
    "а", "о", "Α", "Ｂ", "ﬁ", "a\u0301", "🎉", "👩\u200d👩\u200d👧", "\ue000", "\U000e0001",
    "Ann", "Bo", " ", "  ",
)  # fmt: skip
"""Fragments a mischievous (or unlucky) guest might type or paste."""

FIXTURES = HealthCheck.function_scoped_fixture
"""tmp_path is shared by the examples: each writes its file afresh."""
hostile = st.lists(
    st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), min_size=1, max_size=5
).map("".join)
MEGABYTE = "[b]" + "x\u202e" * 500_000


def unshowable(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on or hide."""
    return [
        c for c in text if unicodedata.category(c) in UNSHOWABLE and c not in JOINERS | {"\n"}
    ]


def is_sentence(text: str) -> bool:
    return text[:1].isupper() and text.endswith(".") and "\n" not in text


# --- names ---------------------------------------------------------------------------


def _setup(names: list[str]) -> tuple[list[str], Session | None]:
    game = registry.get("island")
    return check_setup(game, SetupEntry(tuple(names), (PERSON,) * 3, ("",) * 3, "7"))


@settings(max_examples=100, deadline=None)
@given(names=st.lists(hostile, min_size=3, max_size=3))
def test_a_hostile_name_is_refused_in_sentences_or_taken_plain(names):
    problems, session = _setup(names)
    for problem in problems:
        assert is_sentence(problem), problem
        assert unshowable(problem) == [], problem
    if session is None:
        assert problems
        return
    taken = [seat.name for seat in session.seats]
    for name in taken:
        assert unshowable(name) == [] and "\n" not in name
        assert name == name.strip() and "  " not in name and 0 < len(name) <= LONGEST_NAME
    assert len({look_alike(name) for name in taken}) == 3


def test_a_megabyte_name_is_refused_in_one_short_sentence():
    for name in (MEGABYTE, "x" * 1_000_000):
        problems, session = _setup(["Ann", name, "Cleo"])
        assert session is None
        assert problems == [f"Seat 2's name is too long ({LONGEST_NAME} characters at most)."]


@settings(max_examples=40, deadline=None, suppress_health_check=[FIXTURES])
@given(name=hostile)
def test_parlour_check_writes_no_escape_whatever_a_saved_name_holds(name, tmp_path, capsys):
    game = registry.get("island")
    names = ("Ann", name, "Cleo")
    config = game.make_config(names, {}, game.default_pack())
    session = Session.start(game, config, 3, tuple(SeatPlan(n, BOT) for n in names))
    path = tmp_path / "game.json"
    try:
        v2_saves.write(session, path)
    except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8 at all
        return
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert unshowable(out + err) == []
    assert (code, bool(out), bool(err)) in ((0, True, False), (1, False, True))
    assert code == 1 or not unshowable(name)


# --- card texts ----------------------------------------------------------------------


def _text_slots(data: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(data, str):
        return [path]
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _text_slots(value, (*path, key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in _text_slots(value, (*path, i))]
    return []


def _replace(data: Any, path: tuple, text: str) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = text


@pytest.mark.parametrize("game_id", list(registry.games()))
@settings(max_examples=40, deadline=None, suppress_health_check=[FIXTURES])
@given(text=hostile, where=st.integers(0))
def test_hostile_card_text_is_refused_in_one_line_or_taken_showable(
    game_id, text, where, tmp_path: Path
):
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        text = text.encode("utf-8", "replace").decode("utf-8")  # a file holds no surrogate
    data = default_data(game_id)
    spots = _text_slots(data)
    _replace(data, spots[where % len(spots)], text)
    path = tmp_path / "mine.toml"
    path.write_text(toml_text(data).replace("\x7f", "\\u007f"), encoding="utf-8")
    try:
        pack = registry.get(game_id).load_pack(str(path))
    except PackError as refused:
        message = str(refused)
        assert message.startswith(f"{path}: ") and "\n" not in message
        assert unshowable(message) == [], message
        return
    assert unshowable(toml_text(_plain(pack))) == []


def _plain(pack: Any) -> dict[str, Any]:
    return attrs.asdict(pack, value_serializer=_listed)


def _listed(_: Any, __: Any, value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize("game_id", list(registry.games()))
def test_a_megabyte_card_text_is_refused_in_one_short_line(game_id, tmp_path: Path):
    data = default_data(game_id)
    _replace(data, _text_slots(data)[-1], MEGABYTE)
    path = tmp_path / "mine.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    with pytest.raises(PackError) as refused:
        registry.get(game_id).load_pack(str(path))
    assert str(refused.value).endswith("is too big for a card pack (at most 1 MB)")


SHORT_PIECES = ("[/]", "[b]", "а", "🎉", "a\u0301", "\\[", "]", "[@]")
"""Hostile pieces a pack may hold (short enough for every card's length limit)."""
RULE_NAMES = frozenset({"symbols", "action", "interests"})
"""Fields that name a rule, not text: Persuasion's (a symbol, a card action) and the
Temptress's interests (word stems the island matches approaches with, letters only)."""


def hostile_pack(folder: Path, game_id: str) -> Path:
    """The game's default pack with a hostile piece in front of every text."""
    data = default_data(game_id)
    for number, spot in enumerate(_text_slots(data)):
        if RULE_NAMES.isdisjoint(step for step in spot if isinstance(step, str)):
            text = data
            for step in spot:
                text = text[step]
            _replace(data, spot, SHORT_PIECES[number % len(SHORT_PIECES)] + text)
    path = folder / f"hostile-{game_id}.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("game_id", list(registry.games()))
def test_a_pack_of_markup_look_alikes_and_emoji_is_taken_as_it_is(game_id, tmp_path: Path):
    pack = registry.get(game_id).load_pack(str(hostile_pack(tmp_path, game_id)))
    assert "[/]" in toml_text(_plain(pack))


MARKUP_NAMES = ("[/]", "[b]Bo", "Cy[red]", "D[/i]ev", "E[@click=app.quit]", "F\\[x]")
"""Names that Rich or Textual markup would read as tags, actions or escapes."""
MORE_NAMES = ("Gus", "Hal", "Ivy", "Jo")


def hostile_session(table: Any, seed: int, folder: Path) -> Session:
    """``table``'s game (tests/screen_sweep.py) with markup names and a pack of hostile
    card texts (``hostile_pack``): the privacy sweep plays one such game per game."""
    game = table.game
    pack = game.load_pack(str(hostile_pack(folder, game.id)))
    names = MARKUP_NAMES + MORE_NAMES
    seats = tuple(
        attrs.evolve(plan, name=names[seat]) for seat, plan in enumerate(table.plans())
    )
    config = game.make_config(tuple(s.name for s in seats), dict(table.options), pack)
    return Session.start(game, config, seed, seats)
