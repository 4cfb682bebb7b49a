"""Content packs: the default Island pack, and malformed packs refused by file and field."""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from rules import registry
from rules.island import game as island
from rules.island.pack import IslandPack, default_pack, load_pack
from rules.packs import LARGEST_PACK, PackError, parse_pack
from rules.toml_faults import too_deep

ADJECTIVES = [f"Adjective {i}" for i in range(10)]
NOUNS = [f"Noun {i}" for i in range(20)]


def toml_list(cards) -> str:
    return "[" + ", ".join(f'"{c}"' for c in cards) + "]"


def pack_text(
    name: str = '"Tiny"',
    adjectives=None,
    nouns=None,
    extra: str = "",
    nouns_key: str = "nouns",
) -> str:
    adjectives = ADJECTIVES if adjectives is None else adjectives
    nouns = toml_list(NOUNS) if nouns is None else nouns
    return (
        f"name = {name}\n"
        'description = "A pack for tests."\n'
        f"adjectives = {toml_list(adjectives)}\n"
        f"{nouns_key} = {nouns}\n"
        f"{extra}"
    )


@pytest.fixture
def write_pack(tmp_path):
    def write(text: str | bytes, name: str = "mine.toml") -> Path:
        path = tmp_path / name
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        return path

    return write


def refusal(path: Path) -> str:
    with pytest.raises(PackError) as caught:
        load_pack(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    return message


# --- the default pack --------------------------------------------------------------


def test_the_default_pack_is_big_enough_for_a_long_game():
    pack = default_pack()
    assert len(pack.adjectives) >= 120
    assert len(pack.nouns) >= 360
    assert pack.name.strip()
    assert pack.description.strip()


def test_the_default_pack_has_no_repeated_card():
    pack = default_pack()
    for cards in (pack.adjectives, pack.nouns):
        keys = [card.strip().casefold() for card in cards]
        assert len(set(keys)) == len(keys)
    adjective_keys = {c.casefold() for c in pack.adjectives}
    assert not adjective_keys & {c.casefold() for c in pack.nouns}


def test_the_default_pack_has_no_blank_or_overlong_card():
    pack = default_pack()
    for card in (*pack.adjectives, *pack.nouns):
        assert card == card.strip() and card
        assert len(card) <= 48
    assert pack.problems() == []


def test_the_island_offers_the_default_pack():
    assert island.ISLAND.default_pack() == default_pack()


# --- a player's own pack -----------------------------------------------------------


def test_a_well_formed_pack_loads_and_starts_a_game(write_pack):
    pack = load_pack(str(write_pack(pack_text())))
    assert pack == IslandPack("Tiny", "A pack for tests.", tuple(ADJECTIVES), tuple(NOUNS))
    state = island.new(island.make_config(("Ann", "Bo", "Cy"), {}, pack), 1)
    assert set(sum(state.hands, ())) <= set(NOUNS)
    assert state.judged in ADJECTIVES


def test_the_island_loads_packs_by_path(write_pack):
    path = write_pack(pack_text())
    assert island.ISLAND.load_pack(str(path)) == load_pack(str(path))


def test_a_pack_that_is_not_toml_is_refused(write_pack):
    path = write_pack('name = "Tiny\n')
    assert refusal(path) == (
        f"{path}: name: not valid TOML at line 1, column 13: "
        "the line ends before the text's closing quote"
    )


def test_a_pack_missing_its_nouns_is_refused(write_pack):
    path = write_pack(pack_text(nouns_key="# no nouns"))
    assert refusal(path) == f"{path}: nouns: required field missing"


def test_nouns_that_are_not_a_list_are_refused(write_pack):
    path = write_pack(pack_text(nouns="3"))
    assert refusal(path) == f"{path}: nouns: must be a list of texts, found the number 3"


def test_an_extra_key_is_refused(write_pack):
    path = write_pack(pack_text(extra='flavour = "sweet"\n'))
    assert refusal(path) == f"{path}: (top level): extra fields found (flavour)"


def test_a_misspelt_key_is_refused_naming_both_fields(write_pack):
    path = write_pack(pack_text(nouns_key="nounz"))
    assert refusal(path) == (
        f"{path}: nouns: required field missing; "
        "(top level): extra fields found (nounz), did you mean nouns?"
    )


def test_a_repeated_card_is_refused(write_pack):
    path = write_pack(pack_text(nouns=toml_list([*NOUNS, "Noun 3"])))
    assert refusal(path) == f"{path}: nouns[20]: 'Noun 3' repeats nouns[3]"


def test_a_card_repeated_in_other_case_or_spacing_is_refused(write_pack):
    path = write_pack(pack_text(adjectives=[*ADJECTIVES, " adjective 0 "]))
    assert refusal(path) == f"{path}: adjectives[10]: ' adjective 0 ' repeats adjectives[0]"


def test_too_few_cards_are_refused(write_pack):
    path = write_pack(pack_text(nouns=toml_list(NOUNS[:2])))
    assert refusal(path) == f"{path}: nouns: needs at least 20 cards, found 2"
    path = write_pack(pack_text(adjectives=ADJECTIVES[:9]))
    assert refusal(path) == f"{path}: adjectives: needs at least 10 cards, found 9"


def test_an_empty_card_text_is_refused(write_pack):
    path = write_pack(pack_text(nouns=toml_list([*NOUNS, "   "])))
    assert refusal(path) == f"{path}: nouns[20]: must not be empty"


def test_an_overlong_card_is_refused(write_pack):
    path = write_pack(pack_text(nouns=toml_list([*NOUNS, "x" * 49])))
    assert refusal(path) == f"{path}: nouns[20]: '{'x' * 20}...' is longer than 48 characters"


def test_a_pack_without_a_name_is_refused(write_pack):
    path = write_pack(pack_text(name='"  "'))
    assert refusal(path) == f"{path}: name: must not be empty"


def test_every_fault_is_listed_at_once(write_pack):
    path = write_pack(pack_text(name='""', nouns=toml_list([*NOUNS[:5], ""])))
    assert refusal(path) == (
        f"{path}: name: must not be empty; nouns[5]: must not be empty; "
        "nouns: needs at least 20 cards, found 6"
    )


def test_a_pack_that_is_not_utf8_is_refused(write_pack):
    path = write_pack(b'name = "\xff\xfe"\n')
    assert refusal(path) == f"{path}: name: the file is not UTF-8 text at line 1 (save it as UTF-8)"


def test_a_missing_pack_file_is_refused(tmp_path):
    path = tmp_path / "nowhere.toml"
    assert refusal(path) == f"{path}: cannot read the file (No such file or directory)"


def test_a_pack_from_memory_names_its_source():
    with pytest.raises(PackError) as caught:
        parse_pack(b"nouns = 3", "themes/island/broken.toml", IslandPack)
    assert str(caught.value).startswith("themes/island/broken.toml: ")
    assert str(caught.value).endswith("; nouns: must be a list of texts, found the number 3")


@pytest.mark.parametrize(
    ("nouns", "fault"),
    [
        ('"abc"', "nouns: must be a list of texts, found the text 'abc'"),
        (
            "[1, 2]",
            "nouns[0]: must be text, found the number 1; "
            "nouns[1]: must be text, found the number 2",
        ),
    ],
    ids=["a bare string", "numbers"],
)
def test_card_lists_must_be_lists_of_text(nouns, fault):
    raw = (
        'name = "Mine"\ndescription = "x"\n'
        f'adjectives = ["Shy"]\nnouns = {nouns}\n'
    ).encode()
    with pytest.raises(PackError) as caught:
        parse_pack(raw, "mine.toml", IslandPack)
    assert str(caught.value) == f"mine.toml: {fault}"


# --- nesting, size and kind of file (issue 12, part 5) ------------------------------


DEEP = "lists or tables are nested too deeply"


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "[" * 100_000 + "]" * 100_000,
        "x = " + "{a=" * 5_000 + "1" + "}" * 5_000,
        "x" + ".a" * 100_000 + " = 1",
        "[x" + ".a" * 100_000 + "]",
    ],
    ids=["lists", "inline tables", "a dotted key", "a dotted heading"],
)
def test_a_pack_nested_too_deep_is_refused_in_one_line(text, write_pack):
    path = write_pack(pack_text(extra=text))
    assert refusal(path) == f"{path}: {DEEP} at line 5 (at most 32 levels)"


def test_nesting_up_to_32_levels_is_read_as_toml_and_33_is_refused(write_pack):
    path = write_pack(pack_text(extra="x = " + "[" * 32 + "]" * 32))
    assert refusal(path) == f"{path}: (top level): extra fields found (x)"
    path = write_pack(pack_text(extra="x = " + "[" * 33 + "]" * 33))
    assert refusal(path) == f"{path}: {DEEP} at line 5 (at most 32 levels)"


@pytest.mark.parametrize(
    "name",
    [
        '"' + "[{" * 100 + '"',
        "'" + "[{" * 100 + "'",
        '"""\n' + "[{." * 100 + '\\"""\n"""',
        "'''\n" + "[{." * 100 + "\n'''",
        '"Tiny" # ' + "[" * 100,
    ],
    ids=["a text", "a literal text", "a long text", "a long literal text", "a comment"],
)
def test_brackets_in_texts_and_comments_do_not_count_as_nesting(name, write_pack):
    path = write_pack(pack_text(name=name))
    assert load_pack(str(path)).name == tomllib.loads(f"name = {name}")["name"]


def test_nesting_the_scan_misses_is_still_refused_in_one_line(write_pack, monkeypatch):
    monkeypatch.setattr("rules.packs.DEEPEST_NESTING", 10**6)
    path = write_pack(pack_text(extra="x = " + "[" * 100_000 + "]" * 100_000))
    assert refusal(path) == f"{path}: {DEEP} (at most 1000000 levels)"


def test_a_pipe_is_refused_at_once_instead_of_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pack.toml"
    os.mkfifo(fifo)  # if the loader opened it as a file, this test would hang
    assert refusal(fifo) == f"{fifo}: not a regular file (a pack must be a .toml file)"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_without_reading_it():
    assert refusal(Path("/dev/zero")) == (
        "/dev/zero: not a regular file (a pack must be a .toml file)"
    )


@pytest.mark.parametrize(("size", "shown"), [(3_200_000, "3.2 MB"), (LARGEST_PACK + 1, "1.1 MB")])
def test_a_pack_over_1_mb_is_refused_by_its_size_before_it_is_read(size, shown, tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as file:
        file.truncate(size)  # sparse: nothing is written, nothing needs reading
    assert refusal(path) == f"{path}: {shown} is too big for a card pack (at most 1 MB)"


def test_a_pack_of_exactly_1_mb_is_read(write_pack):
    text = pack_text()
    path = write_pack(text + "#" * (LARGEST_PACK - len(text.encode())))
    assert path.stat().st_size == LARGEST_PACK
    assert load_pack(str(path)).name == "Tiny"


def test_a_pack_that_grows_while_it_is_read_is_refused_by_what_was_read(write_pack, monkeypatch):
    path = write_pack(pack_text())
    looked = os.fstat

    def look_then_grow(fd: int) -> os.stat_result:
        info = looked(fd)
        with path.open("ab") as file:
            file.write(b"#" * LARGEST_PACK)
        return info

    monkeypatch.setattr(os, "fstat", look_then_grow)
    assert refusal(path) == f"{path}: the file is too big for a card pack (at most 1 MB)"


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_bundled_packs_are_far_inside_the_limits(game_id):
    raw = resources.files(f"themes.{game_id}").joinpath("default.toml").read_bytes()
    assert len(raw) < LARGEST_PACK / 20
    assert too_deep(raw.decode(), 2) is None
