"""``parlour serve``: one long-running server in front of many tables.

The server holds every table of its data folder (``tui.serve.table.ServedTable``: a
hosted game with no keyboard, its journal and its codes in ``DATA/tables``) and one
Unix socket for all of them. Every terminal's first line says what it wants:

* ``AskTables``: the lobby's list (``wire.Tables``: the message of the day, every
  table with its game, seats, free seats and quiet time; never a code).
* ``NewTable``: a table started from the lobby's form, checked here as strictly as
  ``parlour new`` checks one (``tui.setup_form.check_setup``; the seed is always a
  secret one, the pack the game's own). The answer names each person's seat with its
  join code, the starter's first, for the starter to hand out.
* ``Join``: a code (any table's seat, rejoin, watch or tavern code), or from the
  lobby a table to watch or an open table's free seat by name. The connection is
  handed to that table's host (``Host.admit``), which plays it as ``parlour host``
  does.

Every byte is hostile until checked, as at a host's socket: a first line within
``FIRST_LINE_WAIT`` seconds, lines of at most ``CLIENT_LINE_LIMIT``, at most
``GREETING`` terminals not yet let in. Wrong codes are paced per guest (the doors
give each lobby terminal a pass naming its address, so a guesser in the lobby waits
alone). The owner's limits (``Limits``) bound the tables, the people's seats, and
how long a quiet table is kept. Each table event is a line in ``serve.log``, never a
code or a secret.

A restart (even after a kill -9) brings every table of the data folder back from its
journal, with its codes. A table where nothing happened for ``Limits.idle_days`` (a
finished one or an abandoned one) is moved to ``DATA/archive``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rules import registry
from tui.net import wire
from tui.net.codes import make_socket_folder
from tui.net.guest_lines import own_account, read_line, refuse, source_of
from tui.net.host import CLIENT_LINE_LIMIT, FIRST_LINE_WAIT, GREETING, OTHER_PROTOCOL, PUT_AWAY
from tui.net.pacing import BUSY, Pacing
from tui.net.seating import CLAIMED, WRONG_CODE, Entry, Seating
from tui.serve.limits import Limits
from tui.serve.table import ServedTable, people

TABLES = "tables"
ARCHIVE = "archive"
LOG_NAME = "serve.log"
META = ".meta"
"""Beside each table's journal: whether its free seats are open, and who started it."""
LARGEST_META = 4096
TABLES_EACH = 3
"""Unfinished tables one guest (one address) may have started at once. The owner's own
tools on the socket (no guest pass, the server's own account) are not capped: only the
owner's limits hold for them."""
GUESTS = 4096
"""Lobby passes kept at most (the oldest go first)."""
LIMITS = Limits()
EXPIRY_EVERY = 3600.0
"""Seconds between two looks for tables to archive."""

NO_SUCH_TABLE = "That code opens no table here. Check it with whoever gave it to you."
SAY_WHICH = "Say which table (a code, or a table from the lobby)."
GONE_TABLE = "That table is not here any more: look at the lobby again."
SEAT_TAKEN = "That seat was taken a moment ago: choose another."
NOT_OPEN = "That table's seats are taken by code only: ask its starter for yours."
TOO_MANY_TABLES = (
    "The parlour has as many tables as its owner allows ({0}): join one, or come back later."
)
TOO_MANY_SEATS = (
    "The parlour has room for {0} more people's seats (its owner allows {1}): start a "
    "smaller table, or join one."
)
YOUR_TABLES = f"You have {TABLES_EACH} tables waiting already: play those first."
UNKNOWN_GAME = "There is no game called {0!r} here."
NOT_PLAYABLE = "{0} cannot be played at a served table yet."
NEEDS_A_PERSON = "A table needs at least one person: the first person's seat is yours."
SEATS_MISMATCH = "Every seat needs a name and a kind."
SERVER_CROWDED = "The parlour has too many terminals knocking at once: try again in a moment."
COULD_NOT_OPEN = "The table could not be opened: {0}"


class Parlour:
    """The tables of ``data_dir``, behind one socket at ``socket``."""

    def __init__(
        self,
        data_dir: Path,
        socket: Path,
        limits: Limits = LIMITS,
        *,
        log: Callable[[str], None] = lambda line: None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        bot_delay: float = 0.8,
    ) -> None:
        self.data_dir = data_dir
        self.path = socket
        self.limits = limits
        self.log = log
        """Where the server notes each table event (never a code or a secret)."""
        self.clock = clock
        self.bot_delay = bot_delay
        self.pacing = Pacing(sleep)
        self.tables: dict[str, ServedTable] = {}
        self.starters: dict[str, str] = {}
        """Who started each table (its guest's source), for ``TABLES_EACH``."""
        self.guests: dict[str, str] = {}
        """Each lobby terminal's pass, and the source it stands for."""
        self.first_line_wait = FIRST_LINE_WAIT
        self.knocking = 0
        self.closed = False
        self._opening = asyncio.Lock()
        self._server: asyncio.Server | None = None
        self._expiry: asyncio.Task[None] | None = None

    @property
    def tables_dir(self) -> Path:
        return self.data_dir / TABLES

    # --- starting and stopping ---------------------------------------------------------

    async def start(self) -> None:
        """Bring back every table of the data folder, archive the quiet ones, and listen."""
        from tui.private_files import make_private_folder

        make_private_folder(self.tables_dir)
        await self.restore()
        make_socket_folder(self.path.parent)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(
                self._serve, path=str(self.path), limit=CLIENT_LINE_LIMIT
            )
        finally:
            os.umask(old)
        self._expiry = asyncio.get_running_loop().create_task(self._expire_now_and_then())

    async def restore(self) -> None:
        """Every table whose journal is in the data folder, as it was (its codes too);
        quiet ones are archived first. A journal that cannot be read is left where it is
        and logged."""
        from tui.persistence import saves

        await self.expire()
        for path in sorted(self.tables_dir.glob("*.json")):
            if path.stem in self.tables or path.stat().st_size == 0:
                continue
            try:
                opened = saves.open_save(path, lock=True)
            except saves.SaveError as exc:
                self.log(f"table {path.stem} could not be brought back: {exc}")
                continue
            meta = self._meta(path)
            table = self._table(path, bool(meta.get("open", True)))
            table.moved_at = path.stat().st_mtime
            try:
                await table.run(opened.session, opened)
            except Exception as exc:  # noqa: BLE001 (one broken table never stops the rest)
                self.log(f"table {path.stem} could not be brought back: {exc}")
                continue
            table.moved_at = path.stat().st_mtime
            self.tables[path.stem] = table
            starter = meta.get("starter")
            if isinstance(starter, str):
                self.starters[path.stem] = starter
            self.log(f"table {path.stem} is back ({len(opened.session.actions)} moves)")

    async def close(self) -> None:
        """Stop listening and end every table (each terminal is told; every move is on
        disk already)."""
        self.closed = True
        if self._expiry is not None:
            self._expiry.cancel()
        if self._server is not None:
            self._server.close()
            self._server = None
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
        for table in list(self.tables.values()):
            await table.stop()

    def _table(self, path: Path, open_seats: bool) -> ServedTable:
        name = path.stem

        def log(line: str) -> None:
            self.log(f"table {name}: {line}")

        return ServedTable(
            name, path, self.data_dir, self.path, log=log, clock=self.clock,
            bot_delay=self.bot_delay, open_seats=open_seats,
        )  # fmt: skip

    def _meta(self, path: Path) -> dict[str, Any]:
        from tui.private_files import read_private

        try:
            data = read_private(self.tables_dir, path.name + META)
            found = json.loads(data) if len(data) <= LARGEST_META else {}
        except (OSError, ValueError, RecursionError):
            return {}
        return found if isinstance(found, dict) else {}

    # --- expiry --------------------------------------------------------------------------

    async def _expire_now_and_then(self) -> None:
        while not self.closed:
            await asyncio.sleep(EXPIRY_EVERY)
            await self.expire()

    async def expire(self) -> list[str]:
        """Archive every table where nothing happened for ``Limits.idle_days``: its
        journal, its meta and its kept codes go to ``DATA/archive``. The names archived."""
        from tui.net.kept_codes import FOLDER, _name

        oldest = self.clock() - self.limits.idle_days * 86400
        archived = []
        for path in sorted(self.tables_dir.glob("*.json")):
            table = self.tables.get(path.stem)
            try:
                moved = table.moved_at if table is not None else path.stat().st_mtime
            except OSError:
                continue
            if moved > oldest:
                continue
            if table is not None:
                await table.stop(PUT_AWAY)
                del self.tables[path.stem]
            archive = self.data_dir / ARCHIVE
            archive.mkdir(mode=0o700, exist_ok=True)
            kept = self.data_dir / FOLDER / _name(path)
            for moving in (path, path.with_name(path.name + META), kept):
                with contextlib.suppress(OSError):
                    shutil.move(moving, archive / moving.name)
            with contextlib.suppress(OSError):
                path.with_name(f".{path.name}.lock").unlink()
            self.starters.pop(path.stem, None)
            archived.append(path.stem)
            self.log(f"table {path.stem} was archived (nothing happened for "
                     f"{self.limits.idle_days:g} days)")  # fmt: skip
        return archived

    # --- the lobby -------------------------------------------------------------------

    def rows(self) -> tuple[wire.TableRow, ...]:
        """Every running table, the most recently busy first."""
        running = [t for t in self.tables.values() if t.running and t.host is not None]
        running.sort(key=lambda t: -t.moved_at)
        return tuple(table.row() for table in running)

    def full(self, source: str = "") -> str:
        """Why no table can be started now ('' when one can)."""
        if len(self.tables) >= self.limits.tables:
            return TOO_MANY_TABLES.format(self.limits.tables)
        if source and self._started_by(source) >= TABLES_EACH:
            return YOUR_TABLES
        return ""

    def _started_by(self, source: str) -> int:
        return sum(
            1 for name, who in self.starters.items()
            if who == source and name in self.tables and not self.tables[name].over
        )  # fmt: skip

    def _seats_used(self) -> int:
        return sum(
            len(people(table.session))
            for table in self.tables.values()
            if table.session is not None and not table.over
        )

    async def guest_pass(self, source: str) -> str:
        """A pass for a lobby terminal a door let in from ``source`` (its address): what
        it asks is paced as that source's."""
        made = secrets.token_urlsafe(18)
        self.guests[made] = source
        while len(self.guests) > GUESTS:
            del self.guests[next(iter(self.guests))]
        return made

    def forget_guest(self, made: str) -> None:
        self.guests.pop(made, None)

    async def open_table(self, asked: wire.NewTable, source: str) -> wire.TableOpened | str:
        """Start the table ``asked`` describes; its codes, or why not (a sentence)."""
        async with self._opening:  # (one at a time: the limits are checked, then kept)
            return await self._open_table(asked, source)

    async def _open_table(self, asked: wire.NewTable, source: str) -> wire.TableOpened | str:
        from tui.games import playable
        from tui.persistence import saves
        from tui.setup_form import SetupEntry, check_setup

        refusal = self.full(source)
        if refusal:
            return refusal
        if asked.game not in registry.ids():
            return UNKNOWN_GAME.format(asked.game[:40])
        game = registry.get(asked.game)
        if not playable(game.id):
            return NOT_PLAYABLE.format(game.title)
        count = len(asked.names)
        if len(asked.kinds) != count or count > game.max_seats:
            return (
                SEATS_MISMATCH
                if len(asked.kinds) != count
                else (f"{game.title} takes {game.max_seats} players at most.")
            )
        entry = SetupEntry(
            names=asked.names, kinds=asked.kinds, pins=("",) * count, seed="",
            options=asked.options, texts=asked.texts,
        )  # fmt: skip
        problems, session = check_setup(game, entry)
        if session is None:
            return " ".join(problems)
        joined = people(session)
        if not joined:
            return NEEDS_A_PERSON
        room = self.limits.seats - self._seats_used()
        if len(joined) > room:
            return TOO_MANY_SEATS.format(max(0, room), self.limits.seats)
        try:
            path = saves.new_save_path(self.tables_dir, game.id)
        except saves.SaveError as exc:
            return COULD_NOT_OPEN.format(exc)
        self._write_meta(path, {"open": asked.open, "starter": source})
        table = self._table(path, asked.open)
        try:
            host = await table.run(session, None)
        except Exception as exc:  # noqa: BLE001 (the server goes on)
            self.log(f"table {path.stem} could not be opened: {type(exc).__name__}")
            await table.stop()
            for left in (path, path.with_name(path.name + META)):
                left.unlink(missing_ok=True)
            return COULD_NOT_OPEN.format("the server's log says why")
        self.tables[path.stem] = table
        self.starters[path.stem] = source
        while self._collides(table):  # (codes are random: another table may hold one)
            host.seating = Seating.deal(joined)
            host.keep(host.seating)
        bots = len(session.seats) - len(joined)
        self.log(f"table {path.stem}: opened, {game.title} for {len(joined)} "
                 f"{'person' if len(joined) == 1 else 'people'} and {bots} "
                 f"{'bot' if bots == 1 else 'bots'}")  # fmt: skip
        names = [plan.name for plan in session.seats]
        codes = tuple(wire.SeatCode(names[seat], host.seating.codes[seat]) for seat in joined)
        return wire.TableOpened(path.stem, codes, host.seating.watch_code)

    def _write_meta(self, path: Path, meta: dict[str, Any]) -> None:
        from tui.private_files import replace_private

        with contextlib.suppress(OSError):
            replace_private(self.tables_dir, path.name + META, json.dumps(meta).encode())

    def _collides(self, table: ServedTable) -> bool:
        assert table.host is not None
        seating = table.host.seating
        mine = [*seating.codes.values(), *seating.claims.values(), seating.watch_code]
        for other in self.tables.values():
            if other is table or other.host is None:
                continue
            if any(other.host.seating.entry(code).refusal != WRONG_CODE for code in mine):
                return True
        return False

    # --- codes -------------------------------------------------------------------------

    def find(self, code: str) -> tuple[ServedTable | None, Entry]:
        """The table ``code`` opens something at, and what (not paced: see ``knock``)."""
        for table in self.tables.values():
            if table.host is None or not table.running:
                continue
            entry = table.host.seating.entry(code)
            if entry.refusal != WRONG_CODE:
                return table, entry
        return None, Entry(refusal=NO_SUCH_TABLE)

    async def knock(self, code: str, source: str) -> Entry:
        """What ``code`` opens for a try from ``source`` (the doors ask this): a wrong one
        (or a claimed seat's join code) is logged without it and answered only after that
        source's wait; a right one resets it."""
        return (await self._knocked(code, source))[1]

    async def _knocked(self, code: str, source: str) -> tuple[ServedTable | None, Entry]:
        if self.pacing.busy(source):
            return None, Entry(refusal=BUSY)
        table, entry = self.find(code)
        if table is None or entry.refusal == CLAIMED:
            count = await self.pacing.slow_down(source)
            what = "a wrong code" if table is None else "the code of a seat already joined"
            self.log(f"{what} was tried ({count} in a row from {source})")
        else:
            self.pacing.right(source)
        return table, entry

    # --- one connection ----------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.knocking >= GREETING or self.closed:
            refuse(writer, SERVER_CROWDED)
            return
        self.knocking += 1
        joining = None
        try:
            joining = await self._first(reader, writer)
        except Exception as exc:  # noqa: BLE001 (one connection never stops the server)
            self.log(f"a connection ended on an unexpected error: {type(exc).__name__}")
            refuse(writer, "The parlour could not answer that.")
        finally:
            self.knocking -= 1
        if joining is not None:
            table, first, entry = joining
            await table.admit(reader, writer, first, entry)

    async def _first(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[ServedTable, wire.Join, Entry] | None:
        """Answer the first line; for a join let in, the table to hand it to (None when
        the connection was answered, or refused, here)."""
        try:
            first = await asyncio.wait_for(read_line(reader), self.first_line_wait)
        except TimeoutError:
            first = None
        if first is None:
            writer.transport.abort()
            return None
        if isinstance(first, str):
            refuse(writer, first)
            return None
        protocol = getattr(first, "protocol", None)
        if protocol != wire.PROTOCOL:
            refuse(writer, OTHER_PROTOCOL.format(wire.PROTOCOL))
            return None
        guest = getattr(first, "guest", "")
        source = self.guests.get(guest, "") or source_of(writer)
        starter = "" if not guest and own_account(source) else source  # ('': owner's tools)
        if isinstance(first, wire.AskTables):
            _answer(writer, wire.Tables(self.limits.motd, self.rows(), self.full(source)))
            return None
        if isinstance(first, wire.NewTable):
            opened = await self.open_table(first, starter)
            _answer(writer, wire.Refused(opened) if isinstance(opened, str) else opened)
            return None
        if not isinstance(first, wire.Join):
            refuse(writer, SAY_WHICH)
            return None
        table, entry = await self._joining(first, source)
        if table is None or table.host is None or entry.refusal:
            refuse(writer, entry.refusal or GONE_TABLE)
            return None
        return table, first, entry

    async def _joining(self, first: wire.Join, source: str) -> tuple[ServedTable | None, Entry]:
        """What a join opens: a code's table, or from the lobby a table to watch or an
        open table's free seat."""
        if first.code:
            return await self._knocked(first.code, source)
        table = self.tables.get(first.table)
        if table is None or table.host is None or not table.running:
            return None, Entry(refusal=GONE_TABLE if first.table else SAY_WHICH)
        if first.watch:
            return table, Entry(watch=True)
        if not table.open_seats:
            return None, Entry(refusal=NOT_OPEN)
        session = table.session
        assert session is not None
        for seat in table.free_seats():
            if session.seats[seat].name == first.name:
                return table, Entry(seat)
        return None, Entry(refusal=SEAT_TAKEN)


def _answer(writer: asyncio.StreamWriter, message: wire.Message) -> None:
    """Say ``message`` and close (a lobby's question has one answer)."""
    with contextlib.suppress(Exception):
        writer.write(wire.encode(message))
        writer.close()
