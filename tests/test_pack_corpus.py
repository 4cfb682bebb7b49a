"""A corpus of malformed content packs, for every registered game.

Each game's default pack (``themes/GAME/default.toml``) is read as data and bent
out of shape one way at a time: a field removed, a value of the wrong kind, a
repeated card or entry, too few cards, blank or overlong text, an unknown or
misspelt key, broken TOML. Every mutant goes in by the road a player's own pack
takes (``GameInfo.load_pack(path)``, which ``parlour new --pack`` and the setup
screen use) and must come back as one PackError line, ``FILE: FIELD: fault``, in
plain words: no KeyError, TypeError or TOML parser error leaks, and no Python
type names. A game registered later joins by shipping its default pack there.

Persuasion names repeated and too few card titles ``cards.title[10]`` rather than
``cards[10].title`` (its own tests pin that spelling); both spellings count.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
import tomllib
import typing
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

from rules import registry
from rules.engine import IllegalAction
from rules.packs import PackError
from tests.tui_helpers import make_app, open_setup, screen_text
from tui.cli import main
from tui.screens.setup import SetupScreen

GAMES = registry.games()
Where = tuple[str | int, ...]

JARGON = re.compile(
    r"Error\b|Exception|Traceback|cattrs|NoneType|invalid value for type|"
    r"\b(tuple|dict|str|int|bool|float)\b"
)
LONG = "x" * 1000


def default_text(game_id: str) -> str:
    """The game's default pack file, as the player would copy it to start their own."""
    return resources.files(f"themes.{game_id}").joinpath("default.toml").read_text("utf-8")


def default_data(game_id: str) -> dict[str, Any]:
    return tomllib.loads(default_text(game_id))


# --- a small TOML writer for mutated data -------------------------------------------------


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON strings are TOML basic strings
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(value)


def is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def toml_text(data: dict[str, Any]) -> str:
    """Plain keys first, then each array of tables as ``[[key]]`` sections."""
    head, tables = [], []
    for key, value in data.items():
        if is_tables(value):
            for entry in value:
                tables += ["", f"[[{toml_key(key)}]]"]
                tables += [f"{toml_key(k)} = {toml_value(v)}" for k, v in entry.items()]
        else:
            head.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(head + tables) + "\n"


# --- paths into the data -------------------------------------------------------------------


def spell(path: Where) -> str:
    """``("cards", 3, "title")`` -> ``cards[3].title``."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def named(path: Where) -> str:
    """A pattern for a fault naming this field (either spelling of a list entry's field)."""
    spellings = [re.escape(spell(path))]
    if len(path) >= 3 and isinstance(path[-2], int):
        # cards[3].title may also be spelt cards.title[3]
        spellings.append(re.escape(f"{spell(path[:-2])}.{path[-1]}[{path[-2]}]"))
    return "(" + "|".join(spellings) + "):"


def at(data: Any, path: Where) -> Any:
    for step in path:
        data = data[step]
    return data


def slots(data: dict[str, Any], prefix: Where = ()) -> list[tuple[Where, Any]]:
    """Every key of the pack, and every key of the first entry of each array of tables."""
    found: list[tuple[Where, Any]] = []
    for key, value in data.items():
        found.append(((*prefix, key), value))
        if is_tables(value):
            found += slots(value[0], (*prefix, key, 0))
    return found


def kind_of(value: Any) -> str:
    if isinstance(value, str):
        return "text"
    if is_tables(value):
        return "tables"
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return "texts"
    return "other"


def required(game_id: str, path: Where) -> bool:
    """Whether the pack's attrs class gives this field no default."""
    kind: Any = type(GAMES[game_id].default_pack())
    needed = True
    for step in path:
        if isinstance(step, int):
            kind = typing.get_args(kind)[0]
        else:
            needed = attrs.fields_dict(kind)[step].default is attrs.NOTHING
            kind = typing.get_type_hints(kind)[step]
    return needed


# --- the corpus ---------------------------------------------------------------------------


@attrs.frozen
class Mutant:
    """One malformed pack: how to make it from the default data, and what must be named."""

    change: Callable[[dict[str, Any]], None]
    faults: tuple[str, ...]
    """Patterns: each must match the start of one fault in the refusal."""


def setter(path: Where, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        at(data, path[:-1])[path[-1]] = copy.deepcopy(value)

    return change


def remover(path: Where) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del at(data, path[:-1])[path[-1]]

    return change


def renamer(path: Where, new: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        table = at(data, path[:-1])
        table[new] = table.pop(path[-1])

    return change


def params(build: Callable[[str, dict[str, Any]], list[tuple[str, Mutant]]]):
    found = []
    for game_id in GAMES:
        for label, mutant in build(game_id, default_data(game_id)):
            found.append(pytest.param(game_id, mutant, id=f"{game_id}-{label}"))
    return found


def missing(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    return [
        (spell(path), Mutant(remover(path), (rf"{named(path)} required field missing",)))
        for path, _ in slots(data)
        if required(game_id, path)
    ]


def wrong_kinds(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    found = []
    for path, value in slots(data):
        kind = kind_of(value)
        if kind == "text":
            swaps = [
                ("a-number", 7, path),
                ("true", True, path),
                ("a-date", datetime.date(2024, 2, 14), path),
                ("a-list", [value], path),
                ("a-table", {"text": value}, path),
            ]
        elif kind == "texts":
            swaps = [
                ("one-text", value[0], path),
                ("a-number", 3, path),
                ("a-table", {"first": value[0]}, path),
                ("a-list-with-a-number", [value[0], 5, *value[1:]], (*path, 1)),
                ("a-list-with-a-list", [value[0], [value[0]], *value[1:]], (*path, 1)),
                ("a-list-of-numbers", list(range(len(value))), (*path, 0)),
            ]
        elif kind == "tables":
            swaps = [
                ("text", "cards", path),
                ("a-number", 3, path),
                ("a-single-table", value[0], path),
                ("a-list-with-a-text", [value[0], "cards", *value[1:]], (*path, 1)),
            ]
        else:
            swaps = [("text", "text", path)]
        for label, new, blamed in swaps:
            fault = rf"{named(blamed)} must be "
            found.append((f"{spell(path)}-as-{label}", Mutant(setter(path, new), (fault,))))
    return found


def repeats(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    """Cards (a top-level list of texts) and entries (an array of tables) must differ."""
    found = []
    for key, value in data.items():
        path = (key,)
        if kind_of(value) == "texts":
            copies = [
                ("an-exact-copy", value[0]),
                ("a-copy-in-other-case", f" {value[0].upper()} "),
            ]
            for label, card in copies:
                fault = rf"{named((key, len(value)))} "
                found.append((f"{key}-{label}", Mutant(setter(path, [*value, card]), (fault,))))
        elif kind_of(value) == "tables":
            n = len(value)
            fault = rf"({re.escape(key)}\[{n}\][.:]|{re.escape(key)}\.\w+\[{n}\]:)"
            found.append(
                (f"{key}-an-entry-copied", Mutant(setter(path, [*value, value[0]]), (fault,)))
            )
    return found


def blanks(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    found = []
    for path, value in slots(data):
        if kind_of(value) == "text" and required(game_id, path):
            for label, blank in (("empty", ""), ("only-spaces", "   ")):
                fault = rf"{named(path)} must not be empty"
                found.append((f"{spell(path)}-{label}", Mutant(setter(path, blank), (fault,))))
        elif kind_of(value) == "texts":
            fault = rf"({named((*path, 0))} must not be empty)"
            changed = ["", *value[1:]]
            found.append((f"{spell(path)}-an-empty-card", Mutant(setter(path, changed), (fault,))))
    return found


def overlong(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    """Card texts and the texts of list entries are shown on screen: 1,000 characters is
    too many for any of them. (The pack's own name and description are not limited.)"""
    found = []
    for path, value in slots(data):
        if kind_of(value) == "text" and len(path) > 1:
            found.append((spell(path), Mutant(setter(path, LONG), (named(path),))))
        elif kind_of(value) == "texts":
            faults = (rf"({named((*path, 0))}|{named(path)})",)
            found.append((spell(path), Mutant(setter(path, [LONG, *value[1:]]), faults)))
    return found


def unknown_keys(game_id: str, data: dict[str, Any]) -> list[tuple[str, Mutant]]:
    """A misspelt key is reported, never silently ignored (nor is a key no game reads)."""
    found = []
    for path, _ in slots(data):
        typo = f"{path[-1]}{path[-1][-1]}"
        where = re.escape(spell(path[:-1])) if len(path) > 1 else r"\(top level\)"
        faults = [rf"{where}: extra fields found \({typo}\)"]
        if required(game_id, path):  # the field it was meant as is missing, and guessed
            faults = [
                rf"{where}: extra fields found \({typo}\), did you mean {path[-1]}\?$",
                rf"{named(path)} required field missing",
            ]
        found.append((f"{spell(path)}-misspelt-{typo}", Mutant(renamer(path, typo), tuple(faults))))
    tables = [()] + [path for path, value in slots(data) if is_tables(value)]
    for table in tables:
        inner = (*table, 0) if table else ()
        where = re.escape(spell(inner)) if inner else r"\(top level\)"
        fault = rf"{where}: extra fields found \(colour\)"
        label = f"{spell(inner) or 'top-level'}-colour"
        found.append((label, Mutant(setter((*inner, "colour"), "red"), (fault,))))
    return found


def refusal(game_id: str, path: Path) -> list[str]:
    """The pack is refused with one plain line naming the file; its faults, in order."""
    with pytest.raises(PackError) as caught:
        GAMES[game_id].load_pack(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message and "\r" not in message
    assert not JARGON.search(message), message
    assert len(message) < len(str(path)) + 1000
    return message[len(f"{path}: ") :].split("; ")


def write(tmp_path: Path, data: dict[str, Any] | str | bytes, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    if isinstance(data, dict):
        data = toml_text(data)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def assert_refused_naming(game_id: str, tmp_path: Path, mutant: Mutant) -> None:
    data = default_data(game_id)
    mutant.change(data)
    faults = refusal(game_id, write(tmp_path, data))
    for pattern in mutant.faults:
        assert any(re.match(pattern, fault) for fault in faults), (pattern, faults)


# --- the default pack, written out, is the one the game loads ---------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_default_pack_file_loads_as_the_games_default_pack(game_id, tmp_path):
    game = GAMES[game_id]
    assert game.load_pack(str(write(tmp_path, default_text(game_id)))) == game.default_pack()
    rewritten = write(tmp_path, default_data(game_id), "rewritten.toml")
    assert tomllib.loads(rewritten.read_text("utf-8")) == default_data(game_id)
    assert game.load_pack(str(rewritten)) == game.default_pack()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pack_saved_with_a_byte_order_mark_loads(game_id, tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbf" + default_text(game_id).encode("utf-8"))
    assert GAMES[game_id].load_pack(str(path)) == GAMES[game_id].default_pack()


# --- malformed data -------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "mutant"), params(missing))
def test_a_pack_missing_a_field_is_refused_naming_it(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


@pytest.mark.parametrize(("game_id", "mutant"), params(wrong_kinds))
def test_a_value_of_the_wrong_kind_is_refused_naming_its_field(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


@pytest.mark.parametrize(("game_id", "mutant"), params(repeats))
def test_a_repeated_card_or_entry_is_refused_naming_it(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


@pytest.mark.parametrize(("game_id", "mutant"), params(blanks))
def test_blank_text_is_refused_naming_it(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


@pytest.mark.parametrize(("game_id", "mutant"), params(overlong))
def test_an_overlong_card_text_is_refused_naming_it(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


@pytest.mark.parametrize(("game_id", "mutant"), params(unknown_keys))
def test_an_unknown_or_misspelt_key_is_refused_naming_it(game_id, mutant, tmp_path):
    assert_refused_naming(game_id, tmp_path, mutant)


# --- too few cards ----------------------------------------------------------------------------


def list_params():
    found = []
    for game_id in GAMES:
        for path, value in slots(default_data(game_id)):
            if kind_of(value) in ("texts", "tables"):
                found.append(pytest.param(game_id, path, id=f"{game_id}-{spell(path)}"))
    return found


def accepted(game_id: str, path: Path) -> Any:
    try:
        return GAMES[game_id].load_pack(str(path))
    except PackError:
        return None


def starts(game_id: str, pack: Any, seats: int) -> bool:
    """Whether a table of ``seats`` with the setup screen's default options can start."""
    game = GAMES[game_id]
    options = {option.key: option.default for option in game.options}
    names = tuple(f"Player {seat + 1}" for seat in range(seats))
    try:
        game.new(game.make_config(names, options, pack), 1)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(("game_id", "path"), list_params())
def test_too_few_cards_are_refused_and_the_fewest_allowed_still_deal_every_table(
    game_id, path, tmp_path
):
    """The loader's minimum is found by trying; one fewer is refused naming the list, and a
    pack holding just the minimum starts every table the default pack starts."""
    game = GAMES[game_id]
    data = default_data(game_id)
    fewest, pack = None, None
    for count in range(len(at(data, path)) + 1):
        cut = copy.deepcopy(data)
        at(cut, path[:-1])[path[-1]] = at(cut, path)[:count]
        pack = accepted(game_id, write(tmp_path, cut))
        if pack is not None:
            fewest = count
            break
    assert fewest is not None and fewest >= 1, "an empty list is never a playable pack"
    cut = copy.deepcopy(data)
    at(cut, path[:-1])[path[-1]] = at(cut, path)[: fewest - 1]
    faults = refusal(game_id, write(tmp_path, cut))
    listed = rf"({named(path)}|{re.escape(spell(path))}\.\w+:)"
    assert any(re.match(listed, fault) for fault in faults), faults
    for seats in range(game.min_seats, game.max_seats + 1):
        if starts(game_id, game.default_pack(), seats):
            assert starts(game_id, pack, seats), f"{fewest} {spell(path)} at {seats} seats"


# --- broken files -------------------------------------------------------------------------


def first_line(lines: list[str], pattern: str, after: int = 0) -> int:
    return next(i for i in range(after, len(lines)) if re.match(pattern, lines[i]))


def unclosed(line: str) -> str:
    """The line with the closing quote of its (last) text taken away."""
    end = line.rstrip().rstrip(",")
    cut = end.rindex('"')
    return line[:cut] + line[cut + 1 :]


def syntax_corpus(game_id: str) -> list[tuple[str, bytes, int | None, str | None]]:
    """(label, file bytes, the line that must be named, the field that must be named)."""
    text = default_text(game_id)
    lines = text.splitlines()
    found = []

    def edited(index: int, *new: str) -> bytes:
        return "\n".join([*lines[:index], *new, *lines[index + 1 :]]).encode("utf-8") + b"\n"

    first = first_line(lines, r'[A-Za-z_]+ = ".*"\s*$')
    key = lines[first].split("=")[0].strip()
    found += [
        ("a-text-without-its-closing-quote", edited(first, unclosed(lines[first])), first + 1, key),
        ("a-text-without-quotes", edited(first, lines[first].replace('"', "")), first + 1, key),
        ("a-key-set-twice", edited(first, lines[first], lines[first]), first + 2, key),
        ("a-stray-bracket", edited(first, lines[first], "]"), first + 2, None),
        ("a-table-heading-left-open", edited(first, lines[first], "[[cards"), first + 2, None),
    ]
    raw = "\n".join(lines).encode("utf-8")
    quote = raw.index(b'"', raw.index(lines[first].encode("utf-8")))
    found.append(
        ("bytes-that-are-not-utf8", raw[: quote + 1] + b"\xff" + raw[quote + 1 :], first + 1, key)
    )
    found.append(("utf16-text", text.encode("utf-16"), 1, None))
    opened = [i for i, line in enumerate(lines) if re.match(r"[A-Za-z_]+ = \[\s*$", line)]
    if opened:
        item = first_line(lines, r'\s+".*",?\s*$', opened[0])
        listed = lines[opened[0]].split("=")[0].strip()
        found.append(
            (
                "a-card-without-its-closing-quote",
                edited(item, unclosed(lines[item])),
                item + 1,
                listed,
            )
        )
    headings = [i for i, line in enumerate(lines) if re.match(r"\[\[\w+\]\]\s*$", line)]
    if headings:
        table = lines[headings[0]].strip("[] ")
        entry = first_line(lines, r'[A-Za-z_]+ = ".*"\s*$', headings[0])
        inner = lines[entry].split("=")[0].strip()
        found.append(
            (
                "an-entry-text-without-its-closing-quote",
                edited(entry, unclosed(lines[entry])),
                entry + 1,
                f"{table}[0].{inner}",
            )
        )
    return found


def syntax_params():
    return [
        pytest.param(game_id, raw, line, field, id=f"{game_id}-{label}")
        for game_id in GAMES
        for label, raw, line, field in syntax_corpus(game_id)
    ]


@pytest.mark.parametrize(("game_id", "raw", "line", "field"), syntax_params())
def test_a_file_that_is_not_valid_toml_is_refused_naming_the_line_and_field(
    game_id, raw, line, field, tmp_path
):
    faults = refusal(game_id, write(tmp_path, raw))
    assert len(faults) == 1
    assert re.search(rf"\bline {line}\b", faults[0]), faults
    if field is not None:
        assert faults[0].startswith(f"{field}: "), faults
    assert "TOML" in faults[0] or "UTF-8" in faults[0]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "content",
    ["", "\n\n", "# my pack, to be written\n"],
    ids=["nothing", "blank-lines", "only-a-comment"],
)
def test_an_empty_pack_is_refused_naming_the_fields_it_needs(game_id, content, tmp_path):
    faults = refusal(game_id, write(tmp_path, content))
    needed = [path for path, _ in slots(default_data(game_id)) if len(path) == 1]
    for path in needed:
        if required(game_id, path):
            assert f"{spell(path)}: required field missing" in faults


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pack_that_is_a_folder_or_not_there_is_refused(game_id, tmp_path):
    folder = tmp_path / "pack.toml"
    folder.mkdir()
    assert refusal(game_id, folder) == ["cannot read the file (Is a directory)"]
    gone = tmp_path / "gone.toml"
    assert refusal(game_id, gone) == ["cannot read the file (No such file or directory)"]


# --- how the app reports it ---------------------------------------------------------------


def broken_pack(game_id: str, tmp_path: Path) -> tuple[Path, str]:
    """A pack with its first field missing, and the line the loader refuses it with."""
    data = default_data(game_id)
    data.pop(next(iter(data)))
    path = write(tmp_path, data, "bad.toml")
    with pytest.raises(PackError) as caught:
        GAMES[game_id].load_pack(str(path))
    return path, str(caught.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_parlour_new_refuses_a_bad_pack_with_its_one_line_and_exit_code_2(
    game_id, tmp_path, capsys
):
    path, message = broken_pack(game_id, tmp_path)
    players = ",".join(f"P{seat + 1}" for seat in range(GAMES[game_id].min_seats))
    argv = ["new", game_id, "--players", players, "--pack", str(path), "--saves", str(tmp_path)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"parlour: Card pack refused: {message}\n"


async def test_the_setup_screen_shows_why_a_pack_was_refused_and_stays(tmp_path):
    game_id = next(iter(GAMES))
    path, message = broken_pack(game_id, tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_setup(pilot, game_id)
        app.screen.query_one("#pack").value = str(path)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.flow is None
        errors = str(app.screen.query_one("#errors").content).splitlines()
        assert f"Card pack refused: {message}" in errors
        fault = message.rpartition(": ")[0].rpartition(": ")[2]
        assert f"{fault}: required field missing" in " ".join(screen_text(app).split())
