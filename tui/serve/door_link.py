"""The line between ``parlour serve``'s two processes: its doors and its tables.

The doors (SSH, browser) run in a process of their own (``tui.serve.doors``), so a
guest's key is read and passed on to its seat's house without waiting behind a move
at some other table. What a door asks of the tables goes over one socket pair the
server made for it (nothing else holds it): newline-ended JSON objects, each request
numbered and answered with the same number.

* ``{"knock": N, "code": ..., "source": ...}``: what a code opens (``Parlour.knock``,
  paced there as for any door); the answer ``{"knocked": N, "entry": {...}}``.
* ``{"pass": N, "source": ...}``: a lobby terminal's pass (``Parlour.guest_pass``);
  the answer ``{"passed": N, "pass": ...}``. The door waits for it before the seat
  starts, so the tables know the pass before its terminal first speaks.
* ``{"forget": PASS}``: the pass's terminal is gone.
* ``{"said": LINE}``: a line for the server's log (the doors opened, or one closed).

The tables say ``{"closing": true}`` when the server is closing, and the end of the
line means the same. The line is the server's own, but every message is still read
as if it could be wrong: a line that is not such an object is dropped, one over
``LONGEST`` ends the line (as the tables' end does), and a request is answered only
once. A question the tables fail to answer is answered as if they were closing, and
tables that stop answering end the line, so no door waits on them for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.net.door_host import CLOSING
from tui.net.seating import Entry

if TYPE_CHECKING:  # (the doors' process never imports the tables)
    from tui.serve.parlour import Parlour

LONGEST = 64 * 1024
"""Bytes at most in one message."""
LONGEST_CODE = 200
"""Characters of a typed code passed on (codes are much shorter: a longer one is wrong
whatever it is, and is paced as wrong)."""


def _say(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):
        writer.write(json.dumps(message).encode() + b"\n")


async def _messages(reader: asyncio.StreamReader) -> Any:
    """Each object the other end says, until the line ends."""
    while True:
        try:
            line = await reader.readline()
        except (ValueError, asyncio.LimitOverrunError, ConnectionError, OSError):
            return  # (a line over the limit: nothing after it can be trusted to start a line)
        if not line.endswith(b"\n"):
            return
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(message, dict):
            yield message


def _text(message: dict[str, Any], key: str) -> str:
    value = message.get(key, "")
    return value if isinstance(value, str) else ""


def _number(message: dict[str, Any], key: str) -> int | None:
    value = message.get(key)
    return value if type(value) is int else None


def _entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "seat": entry.seat, "watch": entry.watch, "tavern": entry.tavern,
        "refusal": entry.refusal, "rejoin": entry.rejoin,
    }  # fmt: skip


def _entry(data: Any) -> Entry:
    """The entry the tables answered (nothing opened, should it not read as one)."""
    if not isinstance(data, dict):
        return Entry(refusal=CLOSING)
    seat, refusal = data.get("seat"), data.get("refusal")
    flags = {name: data.get(name) for name in ("watch", "tavern", "rejoin")}
    if (
        (seat is not None and (type(seat) is not int or seat < 0))
        or not all(type(flag) is bool for flag in flags.values())
        or not isinstance(refusal, str)
    ):
        return Entry(refusal=CLOSING)
    return Entry(
        seat=seat, watch=flags["watch"] is True, tavern=flags["tavern"] is True,
        refusal=refusal, rejoin=flags["rejoin"] is True,
    )  # fmt: skip


# --- the doors' side --------------------------------------------------------------------


class TablesLink:
    """What a door lets guests into (``tui.net.door_host.DoorHost`` and ``Lobby``), when
    the tables are in another process: each question goes over the line."""

    def __init__(
        self, path: Path, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.path = path
        """The tables' socket, which a seat's child joins."""
        self.closed = False
        self._writer = writer
        self._asked: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._next = 0
        self._given_up: set[int] = set()
        """Questions whose door went before their answer came."""
        self.ended = asyncio.Event()
        """Set once the tables are closing or the line is gone."""
        self._listening = asyncio.get_running_loop().create_task(self._listen(reader))

    async def _listen(self, reader: asyncio.StreamReader) -> None:
        try:
            async for message in _messages(reader):
                if message.get("closing") is True:
                    self.closed = True
                    self.ended.set()
                number = _number(message, "knocked")
                if number is None:
                    number = _number(message, "passed")
                asked = self._asked.pop(number, None) if number is not None else None
                if asked is not None and not asked.done():
                    asked.set_result(message)
                elif number in self._given_up:  # (its door went: a pass made is forgotten)
                    self._given_up.discard(number)
                    self.forget_guest(_text(message, "pass"))
        finally:
            self.closed = True
            self.ended.set()
            for asked in self._asked.values():
                if not asked.done():
                    asked.set_result({})
            self._asked.clear()
            self._given_up.clear()

    async def _ask(self, message: dict[str, Any], key: str) -> dict[str, Any]:
        if self.closed:
            return {}
        self._next += 1
        number = self._next
        asked = asyncio.get_running_loop().create_future()
        self._asked[number] = asked
        _say(self._writer, {key: number, **message})
        try:
            return await asked
        except asyncio.CancelledError:
            if self._asked.pop(number, None) is not None:  # (still to be answered)
                self._given_up.add(number)
            raise

    async def knock(self, code: str, source: str) -> Entry:
        """What ``code`` opens for a try from ``source`` (paced by the tables)."""
        answer = await self._ask({"code": code[:LONGEST_CODE], "source": source}, "knock")
        return _entry(answer.get("entry"))

    async def guest_pass(self, source: str) -> str:
        """A pass for a lobby terminal from ``source`` ('' when the tables are gone or
        closing: the doors then turn the terminal away with ``CLOSING``)."""
        return _text(await self._ask({"source": source}, "pass"), "pass")

    def forget_guest(self, made: str) -> None:
        if made and not self.closed:
            _say(self._writer, {"forget": made})

    def say(self, line: str) -> None:
        """A line for the server's log."""
        _say(self._writer, {"said": line})

    def close(self) -> None:
        self._listening.cancel()
        with contextlib.suppress(Exception):
            self._writer.close()


# --- the tables' side -------------------------------------------------------------------


async def answer_doors(
    parlour: Parlour,
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    said: Callable[[str], None],
) -> None:
    """Answer the doors' questions until their line ends; each line they say goes to
    ``said``."""
    waiting: set[asyncio.Task[None]] = set()

    async def knocked(number: int, code: str, source: str) -> None:
        try:
            entry = await parlour.knock(code[:LONGEST_CODE], source)
        except Exception:  # noqa: BLE001 (answered, so the guest is not left waiting)
            entry = Entry(refusal=CLOSING)
        _say(writer, {"knocked": number, "entry": _entry_data(entry)})

    try:
        async for message in _messages(reader):
            knock, passing = _number(message, "knock"), _number(message, "pass")
            if knock is not None:
                task = asyncio.get_running_loop().create_task(
                    knocked(knock, _text(message, "code"), _text(message, "source"))
                )
                waiting.add(task)
                task.add_done_callback(waiting.discard)
            elif passing is not None:
                made = "" if parlour.closed else await parlour.guest_pass(_text(message, "source"))
                _say(writer, {"passed": passing, "pass": made})
            elif "forget" in message:
                parlour.forget_guest(_text(message, "forget"))
            elif _text(message, "said"):
                said(_text(message, "said"))
    finally:
        for task in waiting:
            task.cancel()
        with contextlib.suppress(Exception):
            writer.close()  # (answers end here: the doors hear the line end)


def closing(writer: asyncio.StreamWriter) -> None:
    """Tell the doors the server is closing (they let nobody new in)."""
    _say(writer, {"closing": True})
