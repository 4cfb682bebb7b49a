"""Saves as a journal (issue 14, section 1): a header line and a line per move, each
chained to the one before; appended and made durable move by move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import registry
from rules.convert import CONVERTER, action_union
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from tests import v2_saves
from tui.persistence import saves
from tui.persistence.journal import Journal, canonical, chained, read_journal
from tui.persistence.saves import SaveError

NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli")
MOVES = 40


def _game(game_id: str, moves: int = MOVES, seed: int = 5, kind: str = BOT) -> list[Session]:
    """A game's sessions, move by move, each decided by the seat's bot (the first has no
    move yet); ``kind``: who the seats say they are."""
    game = registry.get(game_id)
    seats = tuple(SeatPlan(name, kind) for name in NAMES[: game.bot_seats])
    session = Session.start(game, bot_config(game, seats), seed, seats)
    played = [session]
    while session.prompt is not None and len(played) <= moves:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        played.append(session)
    return played


def _journal(
    tmp_path: Path, game_id: str = "island", moves: int = MOVES
) -> tuple[Path, list[Session]]:
    path = tmp_path / f"{game_id}.json"
    played = _game(game_id, moves)
    journal = Journal(path)
    for session in played:
        journal.save(session)
    return path, played


@pytest.mark.parametrize("game_id", registry.ids())
def test_each_move_adds_one_line_of_under_a_kilobyte(tmp_path: Path, game_id: str):
    path = tmp_path / "game.json"
    journal = Journal(path)
    played = _game(game_id)
    journal.save(played[0])
    for session in played[1:]:
        before = path.stat().st_size
        journal.save(session)
        grown = path.read_bytes()[before:]
        assert grown.count(b"\n") == 1 and grown.endswith(b"\n")
        assert len(grown) <= 1024
    loaded = saves.load(path)
    assert loaded.actions == played[-1].actions and loaded.state == played[-1].state


def test_the_first_line_names_the_game_and_no_line_holds_the_table(tmp_path: Path):
    path, played = _journal(tmp_path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header = lines[0]
    assert header["format"] == "parlour-journal" and header["game"] == "island"
    assert header["seed"] == 5 and [s["name"] for s in header["seats"]] == ["Ann", "Bo", "Cleo"]
    assert [line["n"] for line in lines[1:]] == list(range(1, len(played)))
    assert all("state" not in line for line in lines)


def test_a_line_cut_short_anywhere_in_the_last_three_is_left_out_with_a_note(tmp_path: Path):
    path, played = _journal(tmp_path, moves=6)  # (short: every cut is replayed)
    raw = path.read_bytes()
    ends = [i + 1 for i, byte in enumerate(raw) if byte == ord("\n")]
    for cut in range(ends[-4], len(raw)):
        path.write_bytes(raw[:cut])
        session, note = saves.load_noted(path)
        whole = sum(1 for end in ends if end <= cut) - 1  # complete move lines
        assert session.actions == played[whole].actions, cut
        if cut in ends:
            assert note is None
        else:
            assert note == (
                f"{path}: its last move was cut off while it was being saved (Parlour was "
                "stopped mid-write); that move was never confirmed, so it is left out"
            )


def test_a_changed_byte_in_any_line_is_refused_naming_the_line(tmp_path: Path):
    path, _ = _journal(tmp_path)
    raw = path.read_bytes()
    lines = raw.split(b"\n")[:-1]
    start = 0
    for number, line in enumerate(lines, start=1):
        for offset in (2, len(line) // 2, len(line) - 3):
            damaged = bytearray(raw)
            damaged[start + offset] ^= 0x01
            path.write_bytes(bytes(damaged))
            with pytest.raises(SaveError) as refused:
                saves.load(path)
            said = str(refused.value)
            assert said.startswith(str(path)), said
            # (a changed first line may no longer look like a journal: refused as JSON)
            assert number == 1 or f"line {number} " in said + " ", said
        start += len(line) + 1


def test_two_lines_swapped_are_refused(tmp_path: Path):
    path, _ = _journal(tmp_path)
    lines = path.read_bytes().split(b"\n")
    lines[3], lines[4] = lines[4], lines[3]
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match="line 4 does not follow from the lines before it"):
        saves.load(path)


def test_the_header_of_another_game_is_refused(tmp_path: Path):
    path, _ = _journal(tmp_path)
    other, _ = _journal(tmp_path, "lantern")
    lines = path.read_bytes().split(b"\n")
    lines[0] = other.read_bytes().split(b"\n")[0]
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match="line 2 does not follow from the lines before it"):
        saves.load(path)


def test_a_move_taken_back_rewrites_the_journal_without_it(tmp_path: Path):
    path, played = _journal(tmp_path)
    journal = Journal(path)
    journal.save(played[-1])
    journal.save(played[-2])  # the last move taken back
    assert saves.load(path).actions == played[-2].actions
    assert len(path.read_text().splitlines()) == len(played[-2].actions) + 1
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_version_two_save_loads_and_its_next_move_makes_it_a_journal(tmp_path: Path):
    played = _game("island")
    path = tmp_path / "old.json"
    v2_saves.write(played[-2], path)  # the format before journals
    assert json.loads(path.read_text())["version"] == 2
    resumed = saves.load(path)
    assert resumed.state == played[-2].state
    Journal(path).save(played[-1])
    assert read_journal(path).header["format"] == "parlour-journal"
    assert saves.load(path).actions == played[-1].actions


def test_how_many_notes_each_seat_has_read_is_kept(tmp_path: Path):
    path, played = _journal(tmp_path)
    journal = Journal(path)
    journal.save(played[-1], (3, 0, 2))
    assert read_journal(path).read == (3, 0, 2)
    journal.save(played[-1], (3, 1, 2))
    assert read_journal(path).read == (3, 1, 2)
    assert saves.load(path).actions == played[-1].actions


def test_the_resume_list_reads_a_journal_by_its_first_and_last_lines(tmp_path: Path):
    path, played = _journal(tmp_path)
    summary = saves.summarise(path)
    assert summary.seats == ("Ann", "Bo", "Cleo")
    assert summary.turn == played[-1].turn and summary.finished == (played[-1].outcome is not None)


async def test_notes_not_yet_read_are_still_unread_after_a_resume(tmp_path: Path):
    from rules.session import PERSON
    from tests.tui_helpers import make_app, screen_text, settle

    game = registry.get("temptress")
    names = NAMES[: game.bot_seats]
    seats = tuple(SeatPlan(name, PERSON) for name in names)
    session = Session.start(game, bot_config(game, seats), 5, seats)
    path = tmp_path / "temptress.json"
    starter = "Your starter clues are in your clue book."
    app = make_app(tmp_path, opening=lambda app: app.start_flow(session, path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert starter in app.flow.unread(0) and starter in app.flow.unread(1)
        app.flow.mark_read(0)  # Ann reads hers; then the table is left
    opened = saves.open_save(path)
    assert opened.read is not None and opened.read[0] > 0 and opened.read[1] == 0
    again = make_app(
        tmp_path,
        opening=lambda app: app.start_flow(opened.session, path, fresh=False, opened=opened),
    )
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert again.flow.unread(0) == ()
        assert starter in again.flow.unread(1)
        # The table says his notes are still waiting for him, in his clue book.
        assert again.flow.handing_over() is None
        assert "New in the clue book of: Bo," in screen_text(again)


async def test_every_move_of_a_game_at_the_keyboard_is_one_line_of_its_journal(tmp_path: Path):
    from rules.session import PERSON
    from tests.tui_helpers import make_app, settle

    played = _game("island", moves=5, kind=PERSON)
    path = tmp_path / "island.json"
    app = make_app(tmp_path, opening=lambda app: app.start_flow(played[0], path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for session in played[1:]:
            before = path.read_bytes()
            assert app.flow.act(session.actions[-1]) is None
            after = path.read_bytes()
            assert after.startswith(before) and after[len(before) :].count(b"\n") == 1
    assert saves.load(path).actions == played[-1].actions



def _with_one_move(path: Path, edition: int, action: object) -> None:
    """Rewrite the journal at ``path`` (a game with no move yet) as begun under rules
    ``edition``, with ``action`` as its one move, the chain made whole again."""
    game = registry.get("temptress")
    header = json.loads(path.read_bytes().splitlines()[0])
    del header["hash"]
    header["rules"] = edition
    header["hash"] = chained("", header)
    move = {
        "n": 1,
        "action": CONVERTER.unstructure(action, unstructure_as=action_union(game.action_types)),
        "turn": 1,
        "finished": False,
        "at": header["begun_at"],
    }
    move["hash"] = chained(header["hash"], move)
    path.write_text("".join(canonical(r) + "\n" for r in (header, move)))


def test_a_game_begun_under_an_earlier_edition_of_the_rules_is_named_so(tmp_path: Path):
    from rules.temptress.actions import ClaimFloor

    path = tmp_path / "temptress.json"
    start = _game("temptress", 0)[0]
    Journal(path).save(start)
    assert json.loads(path.read_bytes().splitlines()[0])["rules"] == 2
    not_yet = ClaimFloor(4, 0)  # the oldest (seat 1) opens the floor, in every edition
    _with_one_move(path, 1, not_yet)
    with pytest.raises(SaveError) as older:
        saves.load(path)
    assert str(older.value) == (
        f"{path}: this game was begun under an earlier edition of The Temptress's rules, "
        "and its moves no longer replay under this Parlour's; it cannot be resumed (start "
        "a new game)"
    )
    _with_one_move(path, 2, not_yet)
    with pytest.raises(SaveError) as edited:
        saves.load(path)
    assert str(edited.value).endswith("; the file was edited")


def _walked_in() -> list[Session]:
    """A Lantern tale (Barkeep Kip; Ann and Bo on two of four benches) where Dora walks in,
    then the Bard on turn passes."""
    from rules.lantern.state import PassTurn, WalkIn

    game = registry.get("lantern")
    seats = (SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Kip"))
    config = game.make_config(("Ann", "Bo", "Kip"), {"benches": 4}, game.default_pack())
    session = Session.start(game, config, 3, seats)
    while session.view(None).seater is None:  # (the Barkeep first chooses who begins)
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    barkeep = len(seats) - 1
    played = [session, session.apply(WalkIn(barkeep, "Dora", 3))]
    turn = played[-1].prompt.seats[0]
    played.append(played[-1].apply(PassTurn(turn)))
    return played


def test_a_seat_added_by_a_move_comes_back_with_the_saved_game(tmp_path: Path):
    """Journaled move by move (the header lists the setup's seats) or rewritten after the
    walk-in (the header lists them all): Dora's seat comes back either way."""
    played = _walked_in()
    assert [p.name for p in played[-1].seats] == ["Ann", "Bo", "Kip", "Dora"]
    by_moves, rewritten = tmp_path / "moves.json", tmp_path / "rewritten.json"
    journal = Journal(by_moves)
    for session in played:
        journal.save(session)
    Journal(rewritten).save(played[-1])
    for path in (by_moves, rewritten):
        loaded = saves.load(path)
        assert loaded.seats == played[-1].seats and loaded.state == played[-1].state


def test_a_saved_seat_list_that_its_moves_do_not_seat_is_refused(tmp_path: Path):
    played = _walked_in()
    path = tmp_path / "edited.json"
    Journal(path).save(played[-1])
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["seats"][3]["name"] = "Eve"
    del header["hash"]
    header["hash"] = chained("", header)
    moves = [json.loads(line) for line in lines[1:]]
    last = header["hash"]
    for move in moves:
        del move["hash"]
        last = move["hash"] = chained(last, move)
    path.write_text("".join(canonical(r) + "\n" for r in (header, *moves)))
    with pytest.raises(SaveError, match="its seats do not match those its moves seat"):
        saves.load(path)
