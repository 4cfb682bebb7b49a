"""Keys first: a seat house answering its guest's key gets the CPU before the houses that
repaint for other players' moves.

Under a parlour's load the slowest keys were not slow in their house (3-5 ms of work)
but waited 10-65 ms on the run queue: ready, while houses repainting for other players'
moves held both cores (``bench/README.md``). Linux gives an unprivileged process no way
to give some of its work a larger share of the CPU than its siblings' and take it back
again (a niceness only goes up; and each house leads a session of its own, so where
sessions are scheduling groups a niceness counts only within one; a short time slice,
``short_slices``, only starts a wake-up sooner). So the houses agree among themselves,
and with the door's process, on a board they share:

* The board (``KeyBoard``): a few pages of shared memory, a place each house (the lowest
  free among the zygote's children alive, ``free_place``), holding the house's process
  id. The door's process makes it (``shared_board``: an anonymous file whose size is
  sealed) and gives it to the zygote (``board_from``) before the zygote forks anything,
  so the door and every house see one board; where the system has no such files, the
  zygote's own board (``BOARD``) is the houses' alone.
* The door's process marks a house's place as a guest's bytes pass through it to that
  house (``coming``), before the house has even woken to read them, and nudges its own
  houses in a turn but that one. It holds no place (place 0 is never a house's), and it
  nudges only the process ids it started, never one it read on the board.
* A house marks its place when a guest's bytes arrive (``answering``) and, once that
  guest's terminal has been sent a frame (``answered``), keeps the mark ``ANSWER_TAIL``
  seconds more, while the door's process carries the frame on (a frame that answers no
  key, a repaint for another's move, marks nothing). A mark also lapses
  ``ANSWER_MOST`` seconds after the last byte, so a key that paints nothing holds no
  one up.
* A house's loop (``KeysFirstLoop``) shows on the board whether it is in a turn (running
  callbacks) or asleep, and before each turn it waits while another house is answering
  (not while it answers a key itself), looking every ``POLL`` seconds.
* A house whose mark goes up nudges the houses that are in the middle of a turn (a
  ``NUDGE`` signal: a screen coming in can take tens of milliseconds in one turn), at
  most once in ``WAIT_MOST`` seconds, even after the door's nudge for the same key (the
  houses that began a turn since are nudged too); a nudged house waits where it is, as
  before a turn, unless the turn began with its own guest's bytes ready.
* A house waits ``WAIT_MOST`` seconds at most for the keys being answered as it begins
  to wait, and as long again from each guest's bytes that come meanwhile (a wait spent on
  one key must not end just as the next comes: the houses that had waited for a player's
  decision went on together as the next guest's key came, and held the CPU from it), but
  ``WAIT_LONGEST`` in one wait, however many come, and ``SHARE_MOST`` of each ``WINDOW``
  in all (windows one after another, so at most twice that across the edge of two): a
  guest who types or moves the mouse without end slows the other houses' repaints by that
  much at most, never stops them. A wait ends as soon as bytes of the house's own guests
  are there to read (its own key goes first). A house with nothing to do sleeps as before
  (never polls).

Only the door and the houses share the board, and only the zygote's children are nudged
(a place holds its house's process id until the zygote has reaped it; ``NUDGE`` is a
signal whose default is to be ignored, so a process that never listens for it, or one
that took a reaped house's process id in the moment before its place was cleared, is not
harmed). Nothing a guest sends reaches the board but the fact that bytes came, and a
flood of bytes is one mark and one nudge. The door trusts nothing it reads there: a
house could write any place, and at worst makes a key wait as a guest's key would, within
the bounds above. A house clearing its own lapsed mark just as the door marks it again
can take the door's mark down; the house marks itself once it reads the key.

A house also asks Linux for a short time slice while it sleeps (``short_slices``): woken,
it starts at once (for its guest's key, or for anything else: which, it learns only once
it runs), and a turn its guest's bytes did not start takes the kernel's usual slice again.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import mmap
import os
import select
import selectors
import signal
import struct
import time
from collections.abc import Callable, Iterable
from typing import Any

from tui.net.short_slices import Slice

SLOTS = 1024
"""Places on the board. The zygote's children alive at once beyond this share its last
place (``free_place``): those houses do not put each other's keys first."""
ANSWER_MOST = 0.05
"""Seconds a house counts as answering its guest after the last byte came, at most."""
ANSWER_TAIL = 0.003
"""Seconds a house stays marked after its guest's frame went out (the door's process
carries it to the guest meanwhile)."""
WAIT_MOST = 0.01
"""Seconds a house waits, at most, for the keys being answered as it begins to wait, and
again from each guest's bytes that come while it waits."""
WAIT_LONGEST = 0.03
"""Seconds one wait lasts at most, however many keys come during it."""
POLL = 0.0005
"""Seconds between looks at the board while waiting."""
SHARE_MOST = 0.25
"""The part of any ``WINDOW`` a house spends waiting for others' keys, at most."""
WINDOW = 1.0
NUDGE = signal.SIGURG
"""The signal that asks a house in the middle of a turn to let a key go first (ignored
by default: a process that does not listen for it goes on unharmed)."""

_DEADLINE = struct.Struct("d")
_PID = struct.Struct("i")
_ON = b"\x01"
_MARKS, _DEADLINES, _TURNS, _PIDS = 0, SLOTS, SLOTS * 9, SLOTS * 10
BOARD_BYTES = SLOTS * 14
"""A mark a place, a deadline a place (8 bytes), a turn flag a place, a process id a place
(4 bytes)."""


class KeyBoard:
    """The shared board. Each place: answering or not, until when (on the machine's
    monotonic clock, which every process shares), in a turn or not, and its house's
    process id."""

    def __init__(
        self,
        memory: mmap.mmap | bytearray | None = None,
        clock: Callable[[], float] = time.monotonic,
        nudge: Callable[[int], None] | None = None,
    ) -> None:
        self.memory = mmap.mmap(-1, BOARD_BYTES) if memory is None else memory
        self.clock = clock
        self.nudge = _nudge if nudge is None else nudge
        """Nudges the process of this id (``NUDGE``)."""
        self.place = 0
        """This process's place (``take_place``)."""
        self._owners: dict[int, float] = {}
        """What this house answers now (the id of a guest's terminal each, not the
        terminal: a guest who hangs up is never kept here), and until when."""
        self._last_nudge = float("-inf")
        self._places: dict[int, int] = {}
        """Where ``place_of`` last found each process (checked on every use)."""
        self.guests: set[int] = set()
        """The descriptors this house's guests' bytes come on (a turn that starts with
        one of them ready is this house's own answer, and never waits for others)."""

    def take_place(self, place: int, pid: int | None = None) -> None:
        """This process (``pid``: this one's own by default) holds ``place`` (given by the
        zygote: ``free_place``)."""
        self.place = place % SLOTS
        self._set(False)
        self.turning(False)
        _PID.pack_into(self.memory, _PIDS + 4 * self.place, os.getpid() if pid is None else pid)

    def vacate(self, place: int, pid: int) -> None:
        """Process ``pid``, which held ``place``, has ended (the zygote reaped it): the
        place is cleared, unless another process holds it now."""
        place %= SLOTS
        if _PID.unpack_from(self.memory, _PIDS + 4 * place)[0] == pid:
            _PID.pack_into(self.memory, _PIDS + 4 * place, 0)
            self.memory[_MARKS + place] = self.memory[_TURNS + place] = 0

    # --- this house ----------------------------------------------------------------

    def answering(self, owner: object) -> None:
        """A guest's bytes came to ``owner`` (its terminal): mark this house, and nudge
        the houses in a turn if the mark has just gone up."""
        rising = not self.is_answering()  # (after the door's mark too: a second round,
        now = self.clock()  # for the houses that began a turn since the door's nudge)
        self._owners[id(owner)] = now + ANSWER_MOST
        self._set(True)
        if rising and now - self._last_nudge >= WAIT_MOST:
            self._last_nudge = now
            self.nudge_turning()

    def answered(self, owner: object) -> None:
        """``owner``'s guest has been sent a frame, or has gone. If the frame answered a
        key and no other guest of this house waits (a key that painted nothing has
        lapsed by then), the mark stays ``ANSWER_TAIL`` more, for the door to carry the
        frame on; a frame that answered no key changes nothing."""
        now = self.clock()
        if self._owners.pop(id(owner), None) is None:
            return
        self._owners = {key: until for key, until in self._owners.items() if until > now}
        if not self._owners:
            self._mark(self.place, now + ANSWER_TAIL)

    def is_answering(self) -> bool:
        return bool(self._owners) and self._deadline(self.place) > self.clock()

    def turning(self, on: bool) -> None:
        """This house's loop is in a turn (``on``), or asleep: then its mark, once lapsed,
        is taken down (the others look only at marks that are up)."""
        place = self.place
        self.memory[_TURNS + place] = 1 if on else 0
        if not on and self.memory[_MARKS + place] and self._deadline(place) <= self.clock():
            self._set(False)

    def _set(self, on: bool) -> None:
        self._mark(self.place, self.clock() + ANSWER_MOST if on else 0.0)
        if not on:
            self._owners = {}

    def _mark(self, place: int, until: float) -> None:
        """Mark ``place`` until ``until`` (0.0: take its mark down); the deadline first,
        so a house that sees the mark up never reads the one before."""
        _DEADLINE.pack_into(self.memory, _DEADLINES + 8 * place, until)
        self.memory[_MARKS + place] = 1 if until else 0

    # --- the door -------------------------------------------------------------------

    def coming(self, pid: int, houses: Iterable[int] = ()) -> None:
        """A guest's bytes have gone to the house of process ``pid`` (the door's process,
        which holds no place, says so as it passes them on): mark that house's place now,
        before it has even woken to read them (a mark up already is held on for them),
        and nudge those of ``houses`` (process ids: the door's own, never what the board
        says) that are in a turn, but that one, at most once in ``WAIT_MOST``. The house,
        once it reads them, answers as ever (``answering``); if it never does, the mark
        lapses."""
        place = self.place_of(pid)
        if place is None:
            return
        now = self.clock()
        if self._live(place, now):  # (this key's earlier bytes, or the house answering:
            held = max(self._deadline(place), now + ANSWER_MOST)  # held on for these too)
            self._mark(place, held)
            return
        self._mark(place, now + ANSWER_MOST)
        if now - self._last_nudge < WAIT_MOST:
            return
        self._last_nudge = now
        for other in houses:
            at = self.place_of(other) if other != pid else None
            if at is not None and at != place and self.memory[_TURNS + at]:
                self.nudge(other)

    def place_of(self, pid: int) -> int | None:
        """The place the house of process ``pid`` holds (None: none)."""
        place = self._places.get(pid)
        if place is not None and _PID.unpack_from(self.memory, _PIDS + 4 * place)[0] == pid:
            return place
        self._places.pop(pid, None)
        wanted, memory, end = _PID.pack(pid), self.memory, _PIDS + 4 * SLOTS
        at = memory.find(wanted, _PIDS, end) if pid > 0 else -1
        while at >= 0 and (at - _PIDS) % 4:  # (only whole entries count)
            at = memory.find(wanted, at + 1, end)
        if at < 0:
            return None
        if len(self._places) >= SLOTS:
            self._places.clear()
        place = self._places[pid] = (at - _PIDS) // 4
        return place

    # --- the others ----------------------------------------------------------------

    def others_answering(self) -> bool:
        """Whether another house is answering a key now."""
        now = self.clock()
        return any(self._deadline(place) > now for place in self.others_marked())

    def others_live(self) -> dict[int, float]:
        """The other houses answering a key now (their mark up and not lapsed): each
        one's place, and until when its mark holds (set again as its guest's bytes come,
        and as its answer goes out)."""
        now, live = self.clock(), {}
        for place in self.others_marked():
            until = self._deadline(place)
            if until > now:
                live[place] = until
        return live

    def others_marked(self) -> list[int]:
        """The places of the other houses whose mark is up (lapsed or not)."""
        return self._others(_MARKS)

    def others_turning(self) -> list[int]:
        """The places of the other houses in the middle of a turn."""
        return self._others(_TURNS)

    def nudge_turning(self) -> int:
        """Nudge every other house in the middle of a turn; how many were."""
        nudged = 0
        for place in self.others_turning():
            pid: int = _PID.unpack_from(self.memory, _PIDS + 4 * place)[0]
            if pid > 0:
                self.nudge(pid)
                nudged += 1
        return nudged

    def _others(self, flags: int) -> list[int]:
        """The places other than this one whose flag at ``flags`` is up."""
        memory, found = self.memory, []
        at = memory.find(_ON, flags, flags + SLOTS)
        while at >= 0:
            if at - flags != self.place:
                found.append(at - flags)
            at = memory.find(_ON, at + 1, flags + SLOTS)
        return found

    def _live(self, place: int, now: float) -> bool:
        """Whether the mark at ``place`` is up and has not lapsed."""
        return bool(self.memory[_MARKS + place]) and self._deadline(place) > now

    def _deadline(self, place: int) -> float:
        deadline: float = _DEADLINE.unpack_from(self.memory, _DEADLINES + 8 * place)[0]
        return deadline


def free_place(taken: Iterable[int]) -> int:
    """The lowest place not in ``taken`` (the places of the zygote's children alive);
    the last place when every one is."""
    taken = set(taken)
    return next((place for place in range(1, SLOTS) if place not in taken), SLOTS - 1)


def _nudge(pid: int) -> None:
    try:
        os.kill(pid, NUDGE)
    except OSError:  # (gone since: the zygote clears its place once it has reaped it)
        pass


class Patience:
    """How long a house waits for others' keys: ``WAIT_MOST`` from the keys it waits
    for, ``WAIT_LONGEST`` in one wait, ``SHARE_MOST`` of a ``WINDOW`` in all; never while
    its own guests' bytes wait to be read (``own_bytes``)."""

    def __init__(
        self,
        board: KeyBoard,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        own_bytes: Callable[[], bool] | None = None,
    ) -> None:
        self.board = board
        self.clock = clock
        self.sleep = sleep
        self.own_bytes = self._guests_ready if own_bytes is None else own_bytes
        """Whether bytes of this house's own guests are there to read."""
        self._window = (float("-inf"), 0.0)
        """(when the window began, seconds waited in it)."""
        self._waiting = False
        self.excused = False
        """Set for a turn that began with this house's own guest's bytes ready: nothing
        in it waits (its guest's key is this house's answer)."""

    def wait_for_others(self) -> float:
        """Wait while another house answers a key (not while this one does, nor in a turn
        that is ``excused``); the seconds waited. A nudge that comes during a wait adds
        nothing to it."""
        if self._waiting or self.excused:
            return 0.0
        self._waiting = True
        try:
            board = self.board
            if board.is_answering() or not board.others_answering():
                return 0.0
            return self._wait()
        finally:
            self._waiting = False

    def _wait(self) -> float:
        """Wait ``WAIT_MOST`` at most for the keys being answered now, and as long again
        from each guest's bytes that come meanwhile (a mark held later than at the last
        look), within ``WAIT_LONGEST`` and the window's share; not while this house's own
        guests' bytes are there to read."""
        board = self.board
        start = self.clock()
        began, waited = self._window
        if start - began >= WINDOW:
            began, waited = start, 0.0
        most = min(WAIT_LONGEST, SHARE_MOST * WINDOW - waited)
        until, now = start + WAIT_MOST, start
        seen = board.others_live()
        while seen and now < until and now - start < most and not self.own_bytes():
            self.sleep(POLL)
            now = self.clock()
            live = board.others_live()
            if any(held > seen.get(place, 0.0) for place, held in live.items()):
                until = now + WAIT_MOST  # (a guest's bytes came since: a wait of their own)
            seen = live
        self._window = (began, waited + now - start)
        return now - start

    def _guests_ready(self) -> bool:
        """Whether a descriptor of this house's guests has bytes to read (or has closed)."""
        guests = self.board.guests
        if not guests:
            return False
        poller = select.poll()
        for descriptor in guests:
            poller.register(descriptor, select.POLLIN)
        try:
            return bool(poller.poll(0))
        except OSError:
            return False


BOARD = KeyBoard()
"""The board of this zygote's houses (made as the zygote imports this module, so every
house it forks shares it; the door's board, ``shared_board``, takes its place where the
door's process gave the zygote one)."""


def shared_board() -> tuple[KeyBoard, int] | None:
    """A board the door's process makes and its zygote maps too (``board_from``): its
    descriptor goes to the zygote, whose houses inherit the mapping, so the door can mark
    a house as a guest's bytes pass through it (``KeyBoard.coming``). Its size is sealed:
    a house (every house holds the mapping's descriptor) can never shrink it under the
    door's process, which would then die touching it. None where the system has no
    sealed anonymous files (``os.memfd_create``: Linux) or will not make one."""
    make = getattr(os, "memfd_create", None)
    seals = getattr(fcntl, "F_SEAL_SHRINK", 0) | getattr(fcntl, "F_SEAL_GROW", 0)
    if make is None or not seals or not hasattr(fcntl, "F_ADD_SEALS"):
        return None
    try:
        descriptor = make("parlour-keys-first", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    except OSError:
        return None
    try:
        os.ftruncate(descriptor, BOARD_BYTES)
        fcntl.fcntl(descriptor, fcntl.F_ADD_SEALS, seals | fcntl.F_SEAL_SEAL)
        board = KeyBoard(mmap.mmap(descriptor, BOARD_BYTES))
    except OSError:
        os.close(descriptor)
        return None
    return board, descriptor


def board_from(descriptor: int) -> KeyBoard | None:
    """The door's board, from the descriptor it gave the zygote (``descriptor`` is
    closed here; the mapping keeps a descriptor of its own); None if it is not a sealed
    board's (the houses then share one of their own, and the door marks none of them)."""
    try:
        sealed = fcntl.fcntl(descriptor, getattr(fcntl, "F_GET_SEALS", -1))
        if os.fstat(descriptor).st_size != BOARD_BYTES or not sealed & fcntl.F_SEAL_SHRINK:
            return None
        return KeyBoard(mmap.mmap(descriptor, BOARD_BYTES))
    except (OSError, ValueError, AttributeError):
        return None
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)


NEXT_PLACE = 0
"""The place the zygote gives the child it forks next (``free_place``)."""


class TurnSelector(selectors.DefaultSelector):
    """A house loop's selector: the house is out of its turn while it sleeps here, and
    lets others' keys go first before the turn the wake-up starts, unless the turn
    starts with its own guest's bytes."""

    def __init__(self, patience: Patience, slice_: Slice | None = None) -> None:
        super().__init__()
        self.patience = patience
        self.slice = Slice() if slice_ is None else slice_

    def select(self, timeout: float | None = None) -> list[tuple[Any, int]]:
        patience = self.patience
        board = patience.board
        board.turning(False)
        patience.excused = False
        self.slice.short()  # (a key that wakes it starts at once)
        events: list[tuple[Any, int]] = super().select(timeout)
        guests = board.guests
        if any(key.fd in guests and mask & selectors.EVENT_READ for key, mask in events):
            patience.excused = True  # (until the next select: its guest's key first)
        else:
            self.slice.usual()
            patience.wait_for_others()
        board.turning(True)
        return events


class KeysFirstLoop(asyncio.SelectorEventLoop):
    """A house's event loop: others' keys first before each turn, and, once ``listen``
    has been called, when nudged in the middle of one."""

    def __init__(self, patience: Patience | None = None) -> None:
        self.patience = Patience(BOARD) if patience is None else patience
        self._before: Any = None
        """What ``NUDGE`` did before ``listen``."""
        super().__init__(selector=TurnSelector(self.patience))

    def listen(self) -> None:
        """Wait for others' keys whenever nudged (call from the main thread), until
        closed."""
        self._before = signal.signal(NUDGE, self._nudged)

    def _nudged(self, signum: int, frame: object) -> None:
        self.patience.wait_for_others()

    def close(self) -> None:
        super().close()
        self.patience.board.turning(False)
        if self._before is not None:
            signal.signal(NUDGE, self._before)
            self._before = None
