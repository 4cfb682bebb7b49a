"""A served parlour faces guests: every line on its socket is hostile until checked,
a table from the lobby's form is checked as strictly as ``parlour new`` checks one,
the owner's limits hold, wrong codes are paced per guest, and the log never holds a
code."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.net_helpers import WireClient
from tests.serve_helpers import ask, new_table, open_table, serving, tables
from tui.net import wire
from tui.serve import parlour as parlour_module
from tui.serve.limits import Limits

ISLAND = ("Ann", "Bo", "Cy")
PEOPLE = ("person", "person", "person")


async def test_the_owners_table_limit_refuses_a_new_table_in_one_sentence(tmp_path: Path):
    async with serving(tmp_path, Limits(tables=1)) as parlour:
        await open_table(parlour.path, "island", ISLAND, PEOPLE)
        refused = await ask(parlour.path, new_table("island", ISLAND, PEOPLE))
        assert refused == wire.Refused(
            "The parlour has as many tables as its owner allows (1): join one, or come back later."
        )
        assert (await tables(parlour.path)).full == refused.reason


async def test_the_owners_seat_limit_counts_people_not_bots(tmp_path: Path):
    async with serving(tmp_path, Limits(seats=4)) as parlour:
        await open_table(parlour.path, "island", ISLAND, ("person", "person", "bot"))
        await open_table(parlour.path, "island", ISLAND, ("person", "bot", "bot"))
        refused = await ask(parlour.path, new_table("island", ISLAND, ("person", "person", "bot")))
        assert refused == wire.Refused(
            "The parlour has room for 1 more people's seats (its owner allows 4): start a "
            "smaller table, or join one."
        )


async def test_one_guest_starts_at_most_three_waiting_tables(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        made = await parlour.guest_pass("ssh 192.0.2.7")
        other = await parlour.guest_pass("ssh 192.0.2.8")
        for _ in range(3):
            await open_table(parlour.path, "island", ISLAND, PEOPLE, guest=made)
        refused = await ask(parlour.path, new_table("island", ISLAND, PEOPLE, guest=made))
        assert refused == wire.Refused("You have 3 tables waiting already: play those first.")
        await open_table(parlour.path, "island", ISLAND, PEOPLE, guest=other)


async def test_the_owners_own_tools_are_held_to_the_owners_limits_only(tmp_path: Path):
    async with serving(tmp_path, Limits(tables=5)) as parlour:
        for _ in range(5):  # (no guest pass: the server's own account, on its socket)
            await open_table(parlour.path, "island", ISLAND, PEOPLE)
        refused = await ask(parlour.path, new_table("island", ISLAND, PEOPLE))
        assert refused == wire.Refused(parlour.full())
        assert "5" in parlour.full()


async def test_a_table_from_the_form_is_checked_as_strictly_as_parlour_new(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        cases = {
            new_table("chess", ISLAND, PEOPLE): "There is no game called 'chess' here.",
            new_table("island", ISLAND, ("person",)): "Every seat needs a name and a kind.",
            new_table("island", ISLAND * 4, PEOPLE * 4):
                "Temptation Island takes 3 players at most.",
            new_table("island", ("Ann", "Bo", "A\x1b[2J"), PEOPLE):
                "Seat 3's name holds a control character (such as a newline or a terminal "
                "escape), which cannot be shown as it is.",
            new_table("island", ISLAND, ("bot", "bot", "bot")):
                "A table needs at least one person: the first person's seat is yours.",
            new_table("island", ISLAND, ("person", "person", "alien")):
                "Seat 3 must be a person or a bot.",
        }  # fmt: skip
        for asked, sentence in cases.items():
            assert await ask(parlour.path, asked) == wire.Refused(sentence), asked
        assert parlour.tables == {}


async def test_a_lobby_join_names_a_table_that_is_there(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        for join, sentence in (
            (wire.Join(wire.PROTOCOL, table="nowhere", watch=True), parlour_module.GONE_TABLE),
            (wire.Join(wire.PROTOCOL, watch=True), parlour_module.SAY_WHICH),
            (wire.Join(wire.PROTOCOL), parlour_module.SAY_WHICH),
        ):
            assert await ask(parlour.path, join) == wire.Refused(sentence)


async def test_wrong_codes_are_paced_per_guest_and_logged_without_the_code(tmp_path: Path):
    log: list[str] = []
    async with serving(tmp_path, log=log) as parlour:
        opened = await open_table(parlour.path, "island", ISLAND, PEOPLE)
        waits: list[float] = []

        async def wait(seconds: float) -> None:
            waits.append(seconds)

        parlour.pacing.sleep = wait
        guesser = await parlour.guest_pass("ssh 192.0.2.66")
        for guess in ("AAAAAA", "BBBBBB"):
            reply = await ask(parlour.path, wire.Join(wire.PROTOCOL, guess, guest=guesser))
            assert reply == wire.Refused(parlour_module.NO_SUCH_TABLE)
        honest = await parlour.guest_pass("ssh 192.0.2.1")
        client = WireClient(parlour.path)
        await client.connect()
        client.send(wire.Join(wire.PROTOCOL, opened.codes[1].code, guest=honest))
        assert isinstance(await client.receive(), wire.Welcome)
        client.close()
        assert waits == [1.0, 2.0]
        assert "a wrong code was tried (2 in a row from ssh 192.0.2.66)" in log
        every = "\n".join(log)
        assert not any(seat.code in every for seat in opened.codes)
        assert opened.watch not in every


HOSTILE = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([
        b"[" * 5000,
        b'{"type":"NewTable","protocol":2,"game":"island","names":' + b"9" * 5000 + b"}",
        b'{"type":"AskTables","protocol":2,"guest":' + b"[" * 3000 + b"}",
        b'{"type":"NewTable","protocol":2,"game":"island","names":["a"],"kinds":[]}',
        b'{"type":"Join","protocol":2,"table":"../../etc","watch":true}',
        b'{"type":"Tables","motd":"x","rows":[]}',
        b'{"type":"AskTables","protocol":3}',
    ]),
    st.builds(
        lambda game, names, kinds, options: wire.encode(wire.NewTable(
            wire.PROTOCOL, game, tuple(names), tuple(kinds), tuple(options)
        )),
        st.sampled_from(["island", "persuasion", "lantern", "temptress", "", "x" * 300]),
        st.lists(st.text(max_size=30), max_size=12),
        st.lists(st.sampled_from(["person", "bot", "", "PERSON"]), max_size=12),
        st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12)), max_size=4),
    ),
)  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(HOSTILE, min_size=1, max_size=3))
def test_any_line_on_the_servers_socket_is_refused_and_the_server_goes_on(lines: list[bytes]):
    async def attack() -> None:
        log: list[str] = []
        with tempfile.TemporaryDirectory() as folder:
            async with serving(Path(folder), Limits(tables=3), log=log) as parlour:
                for line in lines:
                    client = WireClient(parlour.path)
                    await client.connect()
                    client.send_raw(line.replace(b"\n", b" ") + b"\n")
                    answer = await client.receive()
                    assert answer is None or isinstance(
                        answer, (wire.Refused, wire.TableOpened, wire.Tables, wire.Welcome)
                    )
                    client.close()
                listed = await tables(parlour.path)  # (the server still answers)
                assert len(listed.rows) <= 3
                assert not [line for line in log if "unexpected" in line or "could not" in line]

    asyncio.run(attack())


async def test_tables_asked_for_at_once_keep_the_owners_limit(tmp_path: Path):
    async with serving(tmp_path, Limits(tables=1)) as parlour:
        asked = [ask(parlour.path, new_table("island", ISLAND, PEOPLE)) for _ in range(3)]
        answers = await asyncio.gather(*asked)
        assert sum(isinstance(answer, wire.TableOpened) for answer in answers) == 1
        assert len(parlour.tables) == 1
        assert len(list(parlour.tables_dir.glob("*.json"))) == 1
        assert parlour.knocking == 0  # (every connection counted out once)


async def test_a_silent_peer_is_closed_and_the_next_guest_is_answered(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        parlour.first_line_wait = 0  # (says nothing in time: no wall clock waited on here)
        silent = WireClient(parlour.path)
        await silent.connect()
        assert await silent.receive() is None  # closed, unanswered
        half = WireClient(parlour.path)
        await half.connect()
        half.send_raw(b'{"type":"AskTables"')  # half a line, then nothing
        assert await half.receive() is None
        parlour.first_line_wait = 5.0
        assert isinstance(await ask(parlour.path, wire.AskTables(wire.PROTOCOL)), wire.Tables)
        assert parlour.knocking == 0


def test_a_data_or_socket_folder_others_may_change_is_refused(tmp_path: Path, capsys):
    from tui.cli import main

    planted = tmp_path / "planted"
    planted.mkdir()
    planted.chmod(0o777)  # (as another user's folder in /tmp would be)
    socket = tmp_path / "run" / "s.sock"
    assert main(["serve", "--data", str(planted), "--socket", str(socket)]) == 2
    assert "can be changed by other users" in capsys.readouterr().err
    assert main(["serve", "--data", str(tmp_path / "d"), "--socket", str(planted / "s.sock")]) == 2
    assert "can be changed by other users" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()  # (refused before anything was made)
