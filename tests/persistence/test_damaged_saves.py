"""Damaged saves: every kind of damage is refused with one clear line, never a traceback.

The corpus is made here, in temporary folders, from a real save of every
registered game (a short seeded bot game): the file cut short at every tenth
byte, single bits flipped all over it (inside the checksum, the seed, the time
and the turn too), fields edited, removed, added or of the wrong kind, huge
numbers, JSON nested far too deep, bytes that are not UTF-8, each save
relabelled as every other game, unknown format versions, empty and blank
files, a folder named like a save and a file its reader may not open.

Every damaged file is refused by ``saves.load`` with one line naming the file
and saying why, by ``parlour check`` with one ``refused:`` line, and by
``parlour resume FILE`` before the app is built. The reasons are checked
against the catalogue of refusal sentences below, so a new or garbled kind of
message is noticed; the last-resort "cannot read" line never appears.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from rules.session import Session
from rules.simulate import bot_config, bot_table, play_out
from tests import v2_saves
from tests.rules_support import save_refusal as load_refusal
from tests.tui_helpers import make_app, screen_text
from tui import cli
from tui.persistence import saves
from tui.persistence.journal import TAIL
from tui.persistence.saves import SaveError
from tui.screens.resume import ResumeScreen

SEED = 5
ACTIONS = 45
NOBODY = 65534
CUT_EVERY = 10
"""A truncation at every tenth byte of every game's save."""
CLI_EVERY = 25
"""Truncations are many: every 25th also goes through ``parlour check`` and ``resume``."""
SPREAD = 40
"""Flipped bits at this many positions spread over each file, besides the plain fields."""

KNOWN = ", ".join(registry.ids())

# Every refusal sentence saves.py can give, most specific first. The last-resort
# "is damaged in a way Parlour cannot read" is deliberately absent: no corpus
# file may need it.
REASONS: dict[str, str] = {
    "empty": r"{path} is empty",
    "folder": r"{path} is a folder, not a save file",
    "unreadable": r"{path} cannot be read \(Permission denied\)",
    "no_file": r"{path} does not exist",
    "not_json": r"{path} is damaged or cut short: it is not complete JSON",
    "too_deep": r"{path} is damaged: it is nested far too deeply to be a save",
    "long_number": r"{path} is damaged: it holds a number far too long to read",
    "repeated": r"{path} is damaged: it gives the field '[^']+' twice",
    "not_save": r"{path} is not a Parlour save file",
    "version": (
        r"{path} was written by save format version [^;]+; this Parlour reads versions 1 and 2"
    ),
    "missing": r"{path} is missing [a-z_]+(, [a-z_]+)*",
    "extra": r"{path} has fields no Parlour save has: .+",
    "game_name": r"{path}: the name of its game is damaged",
    "saved_at": r"{path}: the time it was saved is damaged",
    "turn": r"{path}: its turn number is damaged",
    "finished": r"{path}: its finished mark is damaged \(it should be true or false\)",
    "seed": r"{path}: the seed is not a whole number",
    "seats": r"{path}: the list of seats is damaged",
    "seat": r"{path}: seat \d+ is damaged",
    "config": r"{path}: the game's setup is damaged",
    "actions": r"{path}: the action list is damaged",
    "state": r"{path}: the saved table is damaged",
    "no_game": r"{path}: no game called '.+' \(known: " + re.escape(KNOWN) + r"\)",
    "value_kind": r"{path} is damaged: in [^,]+, a value is not what belongs there",
    "action_kind": r"{path} is damaged: action \d+ is of a kind .+ does not have \(.+\)",
    "shape": (
        r"{path} is damaged: in (the seats|its [A-Za-z ]+ setup|action \d+|the saved table), .+"
    ),
    "setup": r"{path}: its setup cannot start a game \(.+\)",
    "setup_damaged": r"{path}: its setup is damaged and cannot start a game",
    "seat_count": r"{path}: it lists \d+ seats for a \d+-seat game",
    "replay": r"{path}: action \d+ does not replay \(.+\); the file was edited",
    "broken_action": r"{path}: action \d+ is damaged and cannot replay",
    "table": r"{path}: the saved table does not match its replayed moves; it was edited",
    "checksum": (
        r"{path} was changed or damaged after it was saved \(its checksum does not match\)"
    ),
    "said_turn": (
        r"{path}: it says (turn|round|passage) \d+ but its moves replay to \1 \d+; it was edited"
    ),
    "text": r"{path}: a text in it holds .+, which cannot be shown as it is; it was edited",
    "said_finished": (
        r"{path}: it says the game is (finished|still going) but its moves replay otherwise; "
        r"it was edited"
    ),
}
REPLAYED = frozenset({"replay", "broken_action", "table"})
"""What the replay says about a change to the moves or the table."""
SETUP_ONWARDS = REPLAYED | {"shape", "setup", "setup_damaged", "seat_count", "checksum"}
"""What may refuse a change to the setup: it is checked by starting the game and replaying."""


def reason_of(message: str, path: Path) -> str | None:
    """The catalogue entry this refusal is, or None."""
    for reason, pattern in REASONS.items():
        if re.fullmatch(pattern.replace("{path}", re.escape(str(path))), message):
            return reason
    return None


# --- the real saves the corpus is made from -----------------------------------------


@dataclass(frozen=True)
class Original:
    game: str
    session: Session
    raw: bytes
    data: dict[str, Any]


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> dict[str, Original]:
    folder = tmp_path_factory.mktemp("originals")
    found = {}
    for game_id, game in registry.games().items():
        seats = bot_table(game)
        session = play_out(Session.start(game, bot_config(game, seats), SEED, seats), ACTIONS)
        assert len(session.actions) >= 30, f"{game_id} ended too soon to make a corpus from"
        path = folder / f"{game_id}.json"
        v2_saves.write(session, path)
        assert saves.load(path) == session
        raw = path.read_bytes()
        found[game_id] = Original(game_id, session, raw, json.loads(raw))
    return found


def unchecked_by_the_list(path: Path) -> bool:
    """Damage the resume list cannot see: an edit whose checksum was recomputed (only
    the replay tells), or one past the first fields of a save longer than the list
    reads (``tui.persistence.journal.TAIL``): both are refused when the game is opened."""
    return path.stem.endswith("-signed") or path.stat().st_size > TAIL


def dumped(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


def signed(data: dict[str, Any]) -> dict[str, Any]:
    """The data with its checksum recomputed, as a careful editor would."""
    return {**data, "digest": saves.digest_of(data)}


def changed(original: Original, change: Callable[[dict[str, Any]], Any], sign=False) -> bytes:
    data = json.loads(original.raw)
    change(data)
    return dumped(signed(data) if sign else data)


def put(*keys_and_value: Any) -> Callable[[dict[str, Any]], None]:
    """A change setting data[k1][k2]... to the last argument."""
    *keys, value = keys_and_value

    def change(data: dict[str, Any]) -> None:
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


def flipped(raw: bytes, position: int, bit: int) -> bytes:
    return raw[:position] + bytes([raw[position] ^ (1 << bit)]) + raw[position + 1 :]


def value_span(original: Original, field: str) -> range:
    """Where a top-level scalar field's value sits in the file (quotes included)."""
    raw = original.raw
    key = f'"{field}":'.encode()
    start = (raw.rfind(key) if field == "digest" else raw.find(key)) + len(key)
    if raw[start : start + 1] == b'"':
        end = raw.index(b'"', start + 1) + 1
    else:
        end = min(i for i in (raw.find(b",", start), raw.find(b"}", start)) if i > 0)
    assert json.loads(raw[start:end]) == original.data[field], field
    return range(start, end)


# --- the corpus --------------------------------------------------------------------


@dataclass(frozen=True)
class Damaged:
    """One damaged file: what it holds and which refusals may say so."""

    name: str
    content: bytes
    expect: frozenset[str] | str
    """Catalogue reasons allowed, or the exact message with ``{path}``."""


def expecting(*reasons: str) -> frozenset[str]:
    assert set(reasons) <= REASONS.keys()
    return frozenset(reasons)


def flips(original: Original) -> list[Damaged]:
    """Single flipped bits: spread over the whole file, and all over its plain fields."""
    raw = original.raw
    found = []
    for index in range(SPREAD):
        position = round(index * (len(raw) - 1) / (SPREAD - 1))
        found.append(Damaged(f"spread-{position}", flipped(raw, position, index % 8), ANYTHING))
    plain = {
        "format": expecting("not_json", "not_save"),
        "version": expecting("not_json", "version"),
        "game": expecting("not_json", "no_game"),
        "saved_at": expecting("not_json", "saved_at", "checksum"),
        "turn": expecting("not_json", "turn", "checksum"),
        "finished": expecting("not_json", "finished"),
        "seed": expecting("not_json", "seed", *REPLAYED),
        "digest": expecting("not_json", "checksum"),
    }
    for field, expect in plain.items():
        span = value_span(original, field)
        positions = list(span)
        if field in ("format", "digest"):  # long and alike: both quotes and some between
            positions = [span[0], *span[1:-1:4], span[-1]]
        for index, position in enumerate(positions):
            bit = (index + len(found)) % 8
            damaged = flipped(raw, position, bit)
            found.append(Damaged(f"{field}-{position}-bit{bit}", damaged, expect))
    return found


ANYTHING = frozenset(REASONS) - {"empty", "folder", "unreadable"}


def edits(original: Original) -> list[Damaged]:
    """Fields edited by hand (most not re-checksummed), removed, added, or nonsense."""
    data = original.data
    session = original.session
    exact = "{path}"
    found = [
        Damaged("turn", changed(original, put("turn", data["turn"] + 1)), expecting("checksum")),
        Damaged(
            "turn-signed",
            changed(original, put("turn", data["turn"] + 1), sign=True),
            f"{exact}: it says {session.game.turn_word} {data['turn'] + 1} but its moves "
            f"replay to {session.game.turn_word} {session.turn}; it was edited",
        ),
        Damaged(
            "finished",
            changed(original, put("finished", not data["finished"])),
            expecting("checksum"),
        ),
        Damaged(
            "finished-signed",
            changed(original, put("finished", not data["finished"]), sign=True),
            f"{exact}: it says the game is {'still going' if data['finished'] else 'finished'} "
            "but its moves replay otherwise; it was edited",
        ),
        Damaged(
            "saved-at",
            changed(original, put("saved_at", "1999-12-31T23:59:59")),
            f"{exact} was changed or damaged after it was saved (its checksum does not match)",
        ),
        Damaged("seed", changed(original, put("seed", data["seed"] + 1)), REPLAYED),
        Damaged("seed-signed", changed(original, put("seed", data["seed"] + 1), True), REPLAYED),
        Damaged(
            "seat-name",
            changed(original, put("seats", 0, "name", "Mallory")),
            expecting("checksum"),
        ),
        Damaged(
            "card-in-the-table",
            changed(original, edit_a_card),
            f"{exact}: the saved table does not match its replayed moves; it was edited",
        ),
        Damaged(
            "card-in-the-table-signed",
            changed(original, edit_a_card, sign=True),
            f"{exact}: the saved table does not match its replayed moves; it was edited",
        ),
        Damaged("added-field", changed(original, put("cheat", True)),
                f"{exact} has fields no Parlour save has: cheat"),
        Damaged("bom-and-edit",
                b"\xef\xbb\xbf" + changed(original, put("turn", data["turn"] + 1)),
                expecting("checksum")),
        Damaged("repeated-field", b'{"turn":0,' + original.raw[1:],
                f"{exact} is damaged: it gives the field 'turn' twice"),
        Damaged("trailing-bytes", original.raw + b"x", expecting("not_json")),
        Damaged("two-saves", original.raw + original.raw, expecting("not_json")),
        Damaged("utf-16", original.raw.decode().encode("utf-16"), expecting("not_json")),
        Damaged("nul-bytes", b"\x00" * 100, expecting("not_json")),
        Damaged("not-utf-8", original.raw.replace(b'"saved_at":"', b'"saved_at":"\xff', 1),
                expecting("not_json")),
        Damaged("lone-utf-8-lead", original.raw[:-2] + b"\xc3" + original.raw[-2:],
                expecting("not_json")),
        Damaged("a-list", b"[1, 2]", expecting("not_save")),
        Damaged("null", b"null", expecting("not_save")),
        Damaged("an-object", b"{}", expecting("not_save")),
    ]
    for key, value in data["config"].items():  # one config value of each kind
        if isinstance(value, int) and not isinstance(value, bool):
            for sign in (False, True):
                found.append(Damaged(
                    f"config-{key}{'-signed' if sign else ''}",
                    changed(original, put("config", key, value + 1), sign),
                    expecting("setup", "setup_damaged", "seat_count", *REPLAYED),
                ))
            break
    first = data["actions"][0]
    for key, value in first.items():  # every field of the first action
        if key == "type":
            continue
        edited = (not value if isinstance(value, bool) else value + 1 if isinstance(value, int)
                  else value + " (edited)" if isinstance(value, str) else [*value, 1])
        found.append(Damaged(
            f"action-{key}",
            changed(original, put("actions", 0, key, edited)),
            expecting("shape", "checksum", *REPLAYED),
        ))
    for field in sorted(data):
        expect = (
            expecting("not_save") if field == "format"
            else f"{exact} was written by save format version None; "
            "this Parlour reads versions 1 and 2" if field == "version"
            else f"{exact} is missing {field}"
        )
        found.append(Damaged(f"removed-{field}", changed(original, lambda d, f=field: d.pop(f)),
                             expect))
    return found


def edit_a_card(data: dict[str, Any]) -> None:
    """A card in someone's hand, changed in the saved table (not in the moves)."""
    state = data["state"]
    game = data["game"]
    if game == "temptress":
        card = state["suitors"][0]["hand"][0]
        card["rank"] = 12 if card["rank"] != 12 else 11
    elif game == "island":
        state["hands"][0][0] = "A winning lottery ticket"
    elif game == "persuasion":
        state["traits"][0][0] = state["box"][0]
    elif game == "lantern":
        state["hands"][0][0] = state["deck"][0]
    else:
        raise AssertionError(f"say where a card sits in {game}'s saved table")


def wrong_kinds(original: Original) -> list[Damaged]:
    """Values of the wrong JSON type, nulls, huge numbers, deep nesting, raw bytes."""
    exact = "{path}"
    raw = original.raw
    data = original.data

    def raw_value(field: str, text: bytes) -> bytes:
        span = value_span(original, field)
        return raw[: span.start] + text + raw[span.stop :]

    found = [
        Damaged("seats-5", changed(original, put("seats", 5)),
                f"{exact}: the list of seats is damaged"),
        Damaged("seats-null-seat", changed(original, put("seats", [None] * len(data["seats"]))),
                f"{exact}: the list of seats is damaged"),
        Damaged("seat-name-5", changed(original, put("seats", 1, "name", 5)),
                f"{exact}: seat 2 is damaged"),
        Damaged("seat-kind", changed(original, put("seats", 0, "kind", "robot")),
                f"{exact}: seat 1 is damaged"),
        Damaged("actions-object", changed(original, put("actions", {"x": 1})),
                f"{exact}: the action list is damaged"),
        Damaged("actions-null", changed(original, put("actions", 0, None)),
                f"{exact}: the action list is damaged"),
        Damaged("config-list", changed(original, put("config", [])),
                f"{exact}: the game's setup is damaged"),
        Damaged("config-null", changed(original, put("config", None)),
                f"{exact}: the game's setup is damaged"),
        Damaged("state-text", changed(original, put("state", "the table")),
                f"{exact}: the saved table is damaged"),
        Damaged("game-5", changed(original, put("game", 5)),
                f"{exact}: the name of its game is damaged"),
        Damaged("game-null", changed(original, put("game", None)),
                f"{exact}: the name of its game is damaged"),
        Damaged("game-unknown", changed(original, put("game", "chess\n[/b]")),
                f"{exact}: no game called 'chess\\n[/b]' (known: {KNOWN})"),
        Damaged("saved-at-5", changed(original, put("saved_at", 5)),
                f"{exact}: the time it was saved is damaged"),
        Damaged("saved-at-words", changed(original, put("saved_at", "last Tuesday")),
                f"{exact}: the time it was saved is damaged"),
        Damaged("turn-text", changed(original, put("turn", "12")),
                f"{exact}: its turn number is damaged"),
        Damaged("turn-negative", changed(original, put("turn", -1)),
                f"{exact}: its turn number is damaged"),
        Damaged("turn-1e400", raw_value("turn", b"1e400"), f"{exact}: its turn number is damaged"),
        Damaged("turn-huge", changed(original, put("turn", 10**100)), expecting("checksum")),
        Damaged("finished-1", changed(original, put("finished", 1)),
                f"{exact}: its finished mark is damaged (it should be true or false)"),
        Damaged("seed-1e400", raw_value("seed", b"1e400"),
                f"{exact}: the seed is not a whole number"),
        Damaged("seed-nan", raw_value("seed", b"NaN"), f"{exact}: the seed is not a whole number"),
        Damaged("seed-true", changed(original, put("seed", True)),
                f"{exact}: the seed is not a whole number"),
        Damaged("seed-text", changed(original, put("seed", "5")),
                f"{exact}: the seed is not a whole number"),
        Damaged("seed-5000-digits", raw_value("seed", b"9" * 5000),
                f"{exact} is damaged: it holds a number far too long to read"),
        Damaged("seed-1000-digits", changed(original, put("seed", 10**999)), REPLAYED),
        Damaged("action-seat-huge", changed(original, put("actions", 0, "seat", 10**30)),
                expecting("replay")),
        Damaged("deep-state",
                b'{"format":"parlour-save","state":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                f"{exact} is damaged: it is nested far too deeply to be a save"),
        Damaged("deep-config", changed(original, put("config", nested(200))),
                f"{exact} is damaged: it is nested far too deeply to be a save"),
        Damaged("deep-and-cut", b'{"state":' + b"[" * 100_000,
                f"{exact} is damaged: it is nested far too deeply to be a save"),
        Damaged("version-1e400", raw_value("version", b"1e400"), expecting("version")),
    ]
    for key, value in data["state"].items():  # every field of the table set to null
        if value is not None:
            found.append(Damaged(f"state-{key}-null", changed(original, put("state", key, None)),
                                 expecting("shape", "table", "checksum")))
    for key, value in data["config"].items():
        if value is not None:
            found.append(Damaged(f"config-{key}-null", changed(original, put("config", key, None)),
                                 SETUP_ONWARDS))
    return found


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def swapped_ids(originals: dict[str, Original]) -> list[Damaged]:
    """Each game's save relabelled as every other game, with and without a new checksum."""
    found = []
    for original in originals.values():
        for other in registry.games():
            if other == original.game:
                continue
            for sign in (False, True):
                found.append(Damaged(
                    f"{original.game}-as-{other}{'-signed' if sign else ''}",
                    changed(original, put("game", other), sign),
                    # The checksum is checked last: it is the replay that refuses these.
                    expecting("shape", "setup", "setup_damaged", "seat_count", *REPLAYED),
                ))
    return found


def versions(original: Original) -> list[Damaged]:
    shown = {0: "0", 3: "3", "1": "'1'", None: "None", 99: "99", True: "True", 2.5: "2.5"}
    found = [(version, text) for version, text in shown.items()] + [([2], "[…]"), ({}, "{…}")]
    return [
        Damaged(
            f"version-{text}",
            changed(original, put("version", version)),
            f"{{path}} was written by save format version {text}; "
            "this Parlour reads versions 1 and 2",
        )
        for version, text in found
    ]


def empties() -> list[Damaged]:
    return [
        Damaged("empty", b"", "{path} is empty"),
        Damaged("blank", b" \n\t\r\n  ", "{path} is empty"),
    ]


# --- checking one file everywhere ----------------------------------------------------


@pytest.fixture
def no_app(monkeypatch):
    """`parlour resume FILE` must refuse before it builds the app."""
    import tui.app

    class NeverBuilt:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise AssertionError("the app was built for a save that should be refused")

    monkeypatch.setattr(tui.app, "ParlourApp", NeverBuilt)


def cli_refusal(command: str, path: Path) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``parlour COMMAND path``, run in-process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([command, str(path)])
    return code, out.getvalue(), err.getvalue()


def refused_everywhere(path: Path, with_cli: bool = True) -> str:
    """Refused by load, `parlour check` and `parlour resume`, one line each; the reason."""
    message = load_refusal(path)
    if with_cli:
        assert cli_refusal("check", path) == (1, "", f"refused: {message}\n")
        assert cli_refusal("resume", path) == (1, "", f"parlour: refused: {message}\n")
    return message


def assert_refused(folder: Path, corpus: Iterable[Damaged], with_cli: bool = True) -> int:
    """Write each file, check it everywhere, and check its reason; how many were checked."""
    count = 0
    for number, damaged in enumerate(corpus):
        path = folder / f"{number:04d}-{damaged.name}.json"
        path.write_bytes(damaged.content)
        message = refused_everywhere(path, with_cli)
        if isinstance(damaged.expect, str):
            assert message == damaged.expect.replace("{path}", str(path)), damaged.name
        else:
            reason = reason_of(message, path)
            assert reason in damaged.expect, f"{damaged.name}: {message}"
        path.unlink()
        count += 1
    return count


# --- the rules -----------------------------------------------------------------------


def test_the_corpus_is_made_from_a_real_save_of_every_game(originals):
    assert set(originals) == set(registry.games())
    for original in originals.values():
        assert original.data["version"] == saves.VERSION == 2
        assert original.data["digest"] == saves.digest_of(original.data)


def test_a_save_cut_short_anywhere_is_refused(originals, tmp_path, no_app):
    count = 0
    for original in originals.values():
        path = tmp_path / f"{original.game}-cut.json"
        for cut in range(0, len(original.raw), CUT_EVERY):
            path.unlink(missing_ok=True)  # a new file each time: rewriting one in place is slow
            path.write_bytes(original.raw[:cut])
            with_cli = cut % (CUT_EVERY * CLI_EVERY) == 0
            message = refused_everywhere(path, with_cli)
            reason = "is empty" if cut == 0 else "is damaged or cut short: it is not complete JSON"
            assert message == f"{path} {reason}"
            count += 1
    assert count >= 10_000


def test_a_flipped_bit_anywhere_is_refused(originals, tmp_path, no_app):
    count = sum(assert_refused(tmp_path, flips(o)) for o in originals.values())
    assert count >= 300


def test_a_flip_only_the_checksum_can_see_is_refused_by_the_checksum(originals, tmp_path):
    """A flip in the time, the turn or the checksum that leaves them readable."""
    path = tmp_path / "flipped.json"
    seen = 0
    for original in originals.values():
        for damaged in flips(original):
            field = damaged.name.rsplit("-", 2)[0]
            if field not in ("saved_at", "turn", "digest"):
                continue
            try:
                value = json.loads(damaged.content)[field]
            except (ValueError, KeyError):
                continue
            if (field == "saved_at" and not is_time(value)) or (
                field == "turn" and (type(value) is not int or value < 0)
            ):
                continue
            path.unlink(missing_ok=True)
            path.write_bytes(damaged.content)
            assert load_refusal(path) == (
                f"{path} was changed or damaged after it was saved (its checksum does not match)"
            ), damaged.name
            seen += 1
    assert seen >= 50


def is_time(value: Any) -> bool:
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def test_an_edited_field_is_refused_with_its_reason(originals, tmp_path, no_app):
    count = sum(assert_refused(tmp_path, edits(o)) for o in originals.values())
    assert count >= 100


def test_a_value_of_the_wrong_kind_is_refused_with_its_reason(originals, tmp_path, no_app):
    count = sum(assert_refused(tmp_path, wrong_kinds(o)) for o in originals.values())
    assert count >= 150


def test_a_save_relabelled_as_another_game_is_refused_by_its_replay(originals, tmp_path, no_app):
    corpus = swapped_ids(originals)
    games = len(registry.games())
    assert len(corpus) == games * (games - 1) * 2
    assert_refused(tmp_path, corpus)


def test_an_unknown_format_version_is_refused(originals, tmp_path, no_app):
    assert sum(assert_refused(tmp_path, versions(o)) for o in originals.values()) >= 30


def test_an_empty_or_blank_file_is_refused(tmp_path, no_app):
    assert_refused(tmp_path, empties())


def test_a_folder_named_like_a_save_is_refused(tmp_path, no_app):
    folder = tmp_path / "x.json"
    folder.mkdir()
    assert refused_everywhere(folder) == f"{folder} is a folder, not a save file"


def test_a_byte_order_mark_alone_is_not_damage(originals, tmp_path):
    for original in originals.values():
        path = tmp_path / f"{original.game}-bom.json"
        path.write_bytes(b"\xef\xbb\xbf" + original.raw)
        assert saves.load(path) == original.session


# --- a file its reader may not open --------------------------------------------------


def _unreadable_corpus(original: Original) -> tuple[Path, Path]:
    """A folder anyone may enter holding a sound save nobody but root may read."""
    folder = Path(tempfile.mkdtemp(prefix="parlour-unreadable-"))
    folder.chmod(0o755)
    path = folder / "locked.json"
    path.write_bytes(original.raw)
    path.chmod(0)
    return folder, path


def _refusals_as_reader(path: Path) -> dict[str, Any]:
    """What a reader of ``path`` sees, as plain data (run as that reader)."""
    try:
        path.open("rb").close()
        probe = "opened"
    except PermissionError:
        probe = "PermissionError"
    try:
        saves.load(path)
        load = "accepted"
    except SaveError as exc:
        load = str(exc)
    listed = [[s is None, str(p), problem] for s, p, problem in saves.list_saves(path.parent)]
    return {
        "uid": os.geteuid(),
        "probe": probe,
        "load": load,
        "check": list(cli_refusal("check", path)),
        "resume": list(cli_refusal("resume", path)),
        "listed": listed,
    }


def _as_nobody(work: Callable[[], dict[str, Any]], timeout: float = 60) -> dict[str, Any]:
    """Run ``work`` in a forked copy of this process that has become ``nobody``.

    Root reads any file, so root cannot see the refusal; and ``nobody`` cannot
    start this venv's interpreter here (it lives under /root), so the real code
    runs in a fork that drops its privileges instead of in a new process.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            result = work()
        except BaseException:
            result = {"crash": traceback.format_exc()}
        try:
            with os.fdopen(write_end, "w") as pipe:
                json.dump(result, pipe)
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        ready, _, _ = select.select([pipe], [], [], timeout)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise AssertionError("the unprivileged check did not finish")
        text = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(text)


def test_a_save_its_reader_may_not_open_is_refused(originals, no_app):
    folder, path = _unreadable_corpus(originals["island"])
    try:
        if os.geteuid() == 0:
            seen = _as_nobody(lambda: _refusals_as_reader(path))
        else:
            seen = _refusals_as_reader(path)
    finally:
        shutil.rmtree(folder)
    assert "crash" not in seen, seen.get("crash")
    assert seen["uid"] != 0
    assert seen["probe"] == "PermissionError", "the file was readable: the check proves nothing"
    message = f"{path} cannot be read (Permission denied)"
    assert seen["load"] == message
    assert seen["check"] == [1, "", f"refused: {message}\n"]
    assert seen["resume"] == [1, "", f"parlour: refused: {message}\n"]
    assert seen["listed"] == [[True, str(path), message]]


def _nobody() -> None:
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def test_the_parlour_command_refuses_a_save_its_reader_may_not_open(originals):
    parlour = Path(sys.executable).with_name("parlour")
    folder, path = _unreadable_corpus(originals["island"])
    try:
        try:
            done = subprocess.run(
                [str(parlour), "check", str(path)],
                capture_output=True,
                text=True,
                timeout=60,
                preexec_fn=_nobody if os.geteuid() == 0 else None,  # noqa: PLW1509
            )
        except PermissionError as exc:
            pytest.skip(
                f"the user nobody cannot start {parlour} here ({exc.strerror}; its interpreter "
                f"is {Path(sys.executable).resolve()}); "
                "test_a_save_its_reader_may_not_open_is_refused checks the same code "
                "as nobody in a forked process"
            )
    finally:
        shutil.rmtree(folder)
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"refused: {path} cannot be read (Permission denied)\n"


# --- the real command, and the resume list -------------------------------------------


def one_of_each_kind(originals: dict[str, Original]) -> list[Damaged]:
    island = originals["island"]
    year = value_span(island, "saved_at")[1]  # "2026..." -> "3026...": a readable time
    checksum = "{path} was changed or damaged after it was saved (its checksum does not match)"

    corpus = {d.name: d for d in (*edits(island), *wrong_kinds(island), *versions(island))}
    corpus |= {d.name: d for d in swapped_ids(originals)}
    return [
        Damaged("cut-short", island.raw[: len(island.raw) // 2], expecting("not_json")),
        Damaged("saved-at-flipped", flipped(island.raw, year, 0), checksum),
        *(corpus[name] for name in ONE_OF_EACH),
        *empties(),
    ]


ONE_OF_EACH = (
    "turn",
    "card-in-the-table",
    "island-as-temptress",
    "island-as-temptress-signed",
    "version-3",
    "seats-5",
    "seed-1e400",
    "seed-5000-digits",
    "deep-state",
    "game-unknown",
    "not-utf-8",
    "repeated-field",
)


def test_the_parlour_command_refuses_each_kind_without_a_traceback(originals, tmp_path):
    parlour = Path(sys.executable).with_name("parlour")
    paths = []
    kinds = ("cut-short", "saved-at-flipped", "turn", "island-as-temptress-signed", "version-3",
             "seats-5", "deep-state", "not-utf-8", "empty")
    for damaged in (d for d in one_of_each_kind(originals) if d.name in kinds):
        path = tmp_path / f"{damaged.name}.json"
        path.write_bytes(damaged.content)
        paths.append(path)
    assert len(paths) == len(kinds)
    (tmp_path / "x.json").mkdir()
    paths.append(tmp_path / "x.json")
    running = [
        (path, subprocess.Popen([str(parlour), "check", str(path)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True))
        for path in paths
    ]
    for path, process in running:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 1, (path.name, err)
        assert "Traceback" not in err
        assert out == ""
        assert err == f"refused: {load_refusal(path)}\n"


def _plain(prompt: Any) -> str:
    return getattr(prompt, "plain", None) or str(prompt)


async def test_the_resume_list_shows_each_damaged_save_as_one_line_and_refuses_it(
    originals, tmp_path
):
    folder = tmp_path / "saves"
    folder.mkdir()
    good = folder / "good.json"
    good.write_bytes(originals["island"].raw)
    damaged = {}
    for number, item in enumerate(one_of_each_kind(originals)):
        path = folder / f"{number:02d}-{item.name}.json"
        path.write_bytes(item.content)
        damaged[path] = load_refusal(path)
    marked_up = folder / "[b]odd [@click=app.quit]name.json"
    marked_up.write_bytes(originals["island"].raw[:100])
    damaged[marked_up] = load_refusal(marked_up)
    (folder / "x.json").mkdir()
    damaged[folder / "x.json"] = load_refusal(folder / "x.json")
    session = originals["island"].session
    app = make_app(folder)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        options = app.screen.query_one("#saves")
        shown = {
            Path(str(options.get_option_at_index(i).id)): _plain(
                options.get_option_at_index(i).prompt
            )
            for i in range(options.option_count)
        }
        assert set(shown) == {good, *damaged}
        names = ", ".join(s.name for s in session.seats)
        assert shown[good].startswith(f"Temptation Island · {names} · finished · ")
        assert f"Temptation Island · {names} · finished · " in screen_text(app)
        listed = {path: (summary, problem) for summary, path, problem in saves.list_saves(folder)}
        for path in damaged:  # the list's own reason (it checks the checksum, not the moves)
            summary, problem = listed[path]
            if summary is not None:  # relabelled and re-checksummed: only its replay tells
                assert unchecked_by_the_list(path)
                assert shown[path].startswith(f"{summary.game_title} · {names} · ")
                continue
            reason = problem.removeprefix(str(path)).lstrip(": ")
            assert shown[path] == f"(damaged) {path.name}: {reason}"
            assert "\n" not in shown[path] and reason_of(problem, path), problem
        assert shown[marked_up].startswith("(damaged) [b]odd [@click=app.quit]name.json: ")
        order = list(shown)
        for path, message in damaged.items():
            options.highlighted = order.index(path)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            assert app.flow is None
            shown_message = _plain(app.screen.query_one("#message").content)
            assert shown_message == message.replace(str(path), path.name)
        options.highlighted = order.index(good)
        await pilot.press("enter")
        await pilot.pause()
        assert app.flow is not None
        assert app.flow.save_path == good


def test_the_resume_list_gives_every_damaged_save_its_problem_and_never_fails(
    originals, tmp_path
):
    corpus = [d for o in originals.values() for d in (*edits(o), *wrong_kinds(o), *flips(o)[::3])]
    corpus += swapped_ids(originals) + versions(originals["island"]) + empties()
    for number, item in enumerate(corpus):
        (tmp_path / f"{number:04d}-{item.name}.json").write_bytes(item.content)
    (tmp_path / "x.json").mkdir()
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere")
    listed = saves.list_saves(tmp_path)
    assert len(listed) == len(corpus) + 2
    for summary, path, problem in listed:
        if summary is not None:  # the list does not replay: only a re-checksummed edit passes
            assert unchecked_by_the_list(path) and problem == "", path.name
            with pytest.raises(SaveError):
                saves.open_save(path)  # and opening it says why
            continue
        assert "\n" not in problem and problem.startswith(str(path)), problem
        assert reason_of(problem, path) is not None, problem
