"""The line between the server's doors and its tables (``tui.serve.door_link``): a door
in another process asks what a code opens and for lobby passes, and every answer is
the tables' own; a wrong message on the line is dropped, never believed."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.net_helpers import until
from tests.serve_helpers import no_wait, open_table, serving
from tui.net.pacing import Pacing
from tui.net.seating import Entry
from tui.serve import door_link, doors
from tui.serve.door_link import LONGEST, TablesLink, answer_doors
from tui.serve.parlour import NO_SUCH_TABLE, Parlour

PEOPLE = ("person", "person", "person")


async def ends() -> tuple[
    asyncio.StreamReader, asyncio.StreamWriter, asyncio.StreamReader, asyncio.StreamWriter
]:
    """Both ends of a doors' line: the tables' reader and writer, then the doors'."""
    doors_end, tables_end = socket.socketpair()
    reader, writer = await asyncio.open_unix_connection(sock=tables_end, limit=LONGEST)
    doors_reader, doors_writer = await asyncio.open_unix_connection(sock=doors_end, limit=LONGEST)
    return reader, writer, doors_reader, doors_writer


@asynccontextmanager
async def linked(parlour: Parlour, said: list[str] | None = None) -> AsyncIterator[TablesLink]:
    """A doors' link to ``parlour`` over a socket pair, as the doors' process has."""
    tables_reader, tables_writer, doors_reader, doors_writer = await ends()
    heard = said if said is not None else []
    answering = asyncio.ensure_future(
        answer_doors(parlour, tables_reader, tables_writer, heard.append)
    )
    link = TablesLink(parlour.path, doors_reader, doors_writer)
    try:
        yield link
    finally:
        link.close()
        tables_writer.close()
        answering.cancel()


@asynccontextmanager
async def forged_tables() -> AsyncIterator[
    tuple[TablesLink, asyncio.StreamReader, asyncio.StreamWriter]
]:
    """A doors' link whose other end the test writes by hand."""
    reader, writer, doors_reader, doors_writer = await ends()
    link = TablesLink(Path("/nowhere"), doors_reader, doors_writer)
    try:
        yield link, reader, writer
    finally:
        link.close()
        writer.close()


async def test_a_code_knocked_at_a_door_opens_what_it_opens_at_the_tables(tmp_path: Path):
    async with serving(tmp_path) as parlour, linked(parlour) as link:
        opened = await open_table(parlour.path, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE)
        assert await link.knock(opened.codes[1].code, "ssh 192.0.2.7") == Entry(seat=1)
        assert await link.knock(opened.watch, "ssh 192.0.2.7") == Entry(watch=True)
        assert await link.knock("ZZZ-ZZZ", "ssh 192.0.2.7") == Entry(refusal=NO_SUCH_TABLE)
        assert link.path == parlour.path


async def test_a_wrong_code_from_a_door_is_paced_and_logged_as_that_guests(tmp_path: Path):
    log: list[str] = []
    async with serving(tmp_path, log=log) as parlour, linked(parlour) as link:
        for _ in range(2):
            await link.knock("ZZZ-ZZZ", "ssh 192.0.2.66")
        assert parlour.pacing.wrong == {"ssh 192.0.2.66": 2}
        assert log[-1] == "a wrong code was tried (2 in a row from ssh 192.0.2.66)"


async def test_a_right_code_is_answered_while_another_guests_wrong_one_waits(tmp_path: Path):
    released = asyncio.Event()

    async def held(seconds: float) -> None:
        await released.wait()

    async with serving(tmp_path) as parlour, linked(parlour) as link:
        parlour.pacing = Pacing(held)
        opened = await open_table(parlour.path, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE)
        wrong = asyncio.ensure_future(link.knock("ZZZ-ZZZ", "ssh 192.0.2.66"))
        right = await link.knock(opened.codes[0].code, "ssh 192.0.2.1")
        assert right == Entry(seat=0) and not wrong.done()
        released.set()
        assert await wrong == Entry(refusal=NO_SUCH_TABLE)


async def test_a_code_longer_than_any_is_cut_and_answered_as_wrong(tmp_path: Path):
    log: list[str] = []
    async with serving(tmp_path, log=log) as parlour, linked(parlour) as link:
        await open_table(parlour.path, "persuasion", ("Ann", "Bo", "Cy"), PEOPLE)
        assert await link.knock("A" * 100_000, "ssh 192.0.2.66") == Entry(refusal=NO_SUCH_TABLE)
        assert parlour.pacing.wrong == {"ssh 192.0.2.66": 1}


async def test_a_lobby_pass_asked_at_a_door_names_its_guest_at_the_tables(tmp_path: Path):
    async with serving(tmp_path) as parlour, linked(parlour) as link:
        made = await link.guest_pass("ssh 192.0.2.7")
        assert parlour.guests == {made: "ssh 192.0.2.7"}
        link.forget_guest(made)
        await link.knock("ZZZ-ZZZ", "ssh 192.0.2.7")  # (the line keeps its order)
        assert parlour.guests == {}


async def test_a_doors_line_goes_to_the_servers_log(tmp_path: Path):
    said: list[str] = []
    async with serving(tmp_path) as parlour, linked(parlour, said) as link:
        link.say("the parlour is open: ssh -p 2222 party@here")
        await until(lambda: said == ["the parlour is open: ssh -p 2222 party@here"])


async def test_the_doors_let_nobody_in_once_the_tables_say_they_are_closing():
    async with forged_tables() as (link, reader, writer):
        door_link.closing(writer)
        await until(lambda: link.closed)
        assert await link.knock("ABC-DEF", "ssh 192.0.2.7") == Entry(refusal=door_link.CLOSING)
        assert await link.guest_pass("ssh 192.0.2.7") == ""


async def test_a_question_waiting_when_the_tables_go_is_answered_as_closing():
    async with forged_tables() as (link, reader, writer):
        knocking = asyncio.ensure_future(link.knock("ABC-DEF", "ssh 192.0.2.7"))
        passing = asyncio.ensure_future(link.guest_pass("ssh 192.0.2.7"))
        assert json.loads(await reader.readline())["code"] == "ABC-DEF"
        writer.close()
        assert await knocking == Entry(refusal=door_link.CLOSING)
        assert await passing == ""
        assert link.closed and link.ended.is_set()


async def test_an_answer_the_doors_cannot_read_opens_nothing():
    async with forged_tables() as (link, reader, writer):
        forged = [
            {"seat": "0", "watch": False, "tavern": False, "refusal": "", "rejoin": False},
            {"seat": -1, "watch": False, "tavern": False, "refusal": "", "rejoin": False},
            {"seat": True, "watch": False, "tavern": False, "refusal": "", "rejoin": False},
            {"seat": None, "watch": 1, "tavern": False, "refusal": "", "rejoin": False},
            {"seat": None, "watch": True, "tavern": False, "rejoin": False},
            [0],
        ]
        for entry in forged:
            knocking = asyncio.ensure_future(link.knock("ABC-DEF", "ssh 192.0.2.7"))
            number = json.loads(await reader.readline())["knock"]
            writer.write(json.dumps({"knocked": number, "entry": entry}).encode() + b"\n")
            assert await knocking == Entry(refusal=door_link.CLOSING), entry


async def test_lines_the_tables_cannot_read_are_dropped_and_the_line_goes_on(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        reader, writer, doors_reader, doors_writer = await ends()
        said: list[str] = []
        answering = asyncio.ensure_future(answer_doors(parlour, reader, writer, said.append))
        for wrong in (b"not json", b"[1, 2]", b'{"knock": "1", "code": "A"}',
                      b'{"knock": true, "code": "A"}', b'{"pass": 1.5}', b"{" * 5000,
                      b'{"forget": 7}', b'{"said": ["a"]}'):  # fmt: skip
            doors_writer.write(wrong + b"\n")
        doors_writer.write(b'{"pass": 9, "source": "ssh 192.0.2.7"}\n')
        answer = json.loads(await doors_reader.readline())
        assert answer["passed"] == 9 and parlour.guests == {answer["pass"]: "ssh 192.0.2.7"}
        assert said == []
        doors_writer.close()
        await answering
        writer.close()


async def test_a_line_longer_than_the_longest_ends_the_doors_line(tmp_path: Path):
    async with serving(tmp_path) as parlour:
        reader, writer, doors_reader, doors_writer = await ends()
        answering = asyncio.ensure_future(answer_doors(parlour, reader, writer, print))
        doors_writer.write(b'{"said": "' + b"x" * LONGEST + b'"}\n{"pass": 1, "source": "a"}\n')
        await answering
        assert await doors_reader.read() == b""  # (no answer: the line is over)
        assert parlour.guests == {}
        doors_writer.close()


async def test_a_knock_the_tables_fail_to_answer_is_answered_as_closing(tmp_path: Path):
    async def broken(code: str, source: str) -> Entry:
        raise RuntimeError("a table's seating could not be read")

    async with serving(tmp_path) as parlour, linked(parlour) as link:
        parlour.knock = broken  # type: ignore[method-assign]
        assert await link.knock("ABC-DEF", "ssh 192.0.2.7") == Entry(refusal=door_link.CLOSING)
        assert not link.closed  # (the next question is still answered)
        assert await link.guest_pass("ssh 192.0.2.7") in parlour.guests


async def test_tables_that_stop_answering_end_the_doors_line(tmp_path: Path):
    def broken(line: str) -> None:
        raise OSError("the server's terminal is gone")

    async with serving(tmp_path) as parlour:
        reader, writer, doors_reader, doors_writer = await ends()
        link = TablesLink(parlour.path, doors_reader, doors_writer)
        answering = asyncio.ensure_future(answer_doors(parlour, reader, writer, broken))
        link.say("the parlour is open")
        with contextlib.suppress(OSError):
            await answering
        await link.ended.wait()
        assert await link.knock("ABC-DEF", "ssh 192.0.2.7") == Entry(refusal=door_link.CLOSING)
        link.close()


async def test_a_pass_made_for_a_door_that_went_is_forgotten(tmp_path: Path):
    async with forged_tables() as (link, reader, writer):
        passing = asyncio.ensure_future(link.guest_pass("ssh 192.0.2.7"))
        asked = json.loads(await reader.readline())
        passing.cancel()  # (the guest left while the pass was being made)
        with contextlib.suppress(asyncio.CancelledError):
            await passing
        writer.write(json.dumps({"passed": asked["pass"], "pass": "P4SS"}).encode() + b"\n")
        assert json.loads(await reader.readline()) == {"forget": "P4SS"}


HELD = OSError(errno.EADDRINUSE, "Address already in use")


@pytest.mark.parametrize(
    ("errors", "tried", "opened"),
    [
        ([HELD, HELD], 3, True),  # (held a moment: opened at the third try)
        ([HELD] * doors.OPENING_TRIES, doors.OPENING_TRIES, False),  # (held for good)
        ([OSError(errno.EACCES, "Permission denied")], 1, False),  # (not ours to wait for)
    ],
)
async def test_the_doors_try_a_port_still_held_again_and_give_up_in_the_end(
    errors: list[OSError], tried: int, opened: bool
):
    tries: list[int] = []

    async def start() -> None:
        tries.append(1)
        if len(tries) <= len(errors):
            raise errors[len(tries) - 1]

    if opened:
        await doors._opening(start, no_wait)
    else:
        with pytest.raises(OSError):
            await doors._opening(start, no_wait)
    assert len(tries) == tried
