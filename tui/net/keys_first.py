"""Keys first: a seat house answering its guest's key gets the CPU before the houses that
repaint for other players' moves.

Under a parlour's load the slowest keys were not slow in their house (3-5 ms of work)
but waited 10-65 ms on the run queue: ready, while houses repainting for other players'
moves held both cores (``bench/README.md``). Linux gives an unprivileged process no way
to put some of its work before its siblings' and take it back again (a niceness only
goes up; and each house leads a session of its own, so where sessions are scheduling
groups a niceness counts only within one). So the houses agree among themselves, on a
board they share:

* The zygote makes the board (``KeyBoard``) before it forks anything: a few pages of
  shared memory that every house inherits, a place each (numbered as forked).
* A house marks its place when a guest's bytes arrive (``answering``) and clears it
  once that guest's terminal has been sent a frame (``answered``); a mark also lapses
  ``ANSWER_MOST`` seconds after the last byte, so a key that paints nothing holds no
  one up.
* Before each turn of its loop that has work ready (``KeysFirstLoop``), a house that is
  not answering a key waits while another house is, looking every ``POLL`` seconds, at
  most ``WAIT_MOST`` seconds a turn and ``SHARE_MOST`` of each ``WINDOW`` in all (windows
  one after another, so at most twice that across the edge of two): a guest who types
  without end slows the other houses' repaints by that much at most, never stops them.
  A house with nothing to do sleeps as before (never polls); a key of its own that comes
  while it waits waits with it, ``WAIT_MOST`` at most.

A turn already under way is not cut short: a key still waits for the turns the other
houses are in the middle of (most are short; a screen coming in can take tens of
milliseconds). Only houses share the board; nothing a guest sends reaches it but the
fact that bytes came.
"""

from __future__ import annotations

import asyncio
import mmap
import struct
import time
from collections.abc import Callable

SLOTS = 1024
"""Places on the board: houses alive at once beyond this share places (harmlessly:
two houses in one place only put each other's keys first less often)."""
ANSWER_MOST = 0.05
"""Seconds a house counts as answering its guest after the last byte came, at most."""
WAIT_MOST = 0.01
"""Seconds a turn of a house's loop waits for other houses' keys, at most."""
POLL = 0.0005
"""Seconds between looks at the board while waiting."""
SHARE_MOST = 0.25
"""The part of any ``WINDOW`` a house spends waiting for others' keys, at most."""
WINDOW = 1.0
_DEADLINE = struct.Struct("d")
_MARKED = b"\x01"


class KeyBoard:
    """The shared board: a byte a place (answering or not) and, after them, a deadline a
    place (on the machine's monotonic clock, which every process shares)."""

    def __init__(
        self,
        memory: mmap.mmap | bytearray | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.memory = mmap.mmap(-1, SLOTS * 9) if memory is None else memory
        self.clock = clock
        self.place = 0
        """This process's place (``take_place``)."""
        self._owners: dict[int, float] = {}
        """What this house answers now (the id of a guest's terminal each, not the
        terminal: a guest who hangs up is never kept here), and until when."""

    def take_place(self, number: int) -> None:
        """This process is the ``number``-th forked: its place on the board."""
        self.place = number % SLOTS
        self._set(False)

    # --- this house ----------------------------------------------------------------

    def answering(self, owner: object) -> None:
        """A guest's bytes came to ``owner`` (its terminal): mark this house."""
        self._owners[id(owner)] = self.clock() + ANSWER_MOST
        self._set(True)

    def answered(self, owner: object) -> None:
        """``owner``'s guest has been sent a frame, or has gone: unmark the house once no
        other guest of it waits (a key that painted nothing has lapsed by then)."""
        now = self.clock()
        self._owners.pop(id(owner), None)
        self._owners = {key: until for key, until in self._owners.items() if until > now}
        if not self._owners:
            self._set(False)

    def is_answering(self) -> bool:
        return bool(self._owners) and self._deadline(self.place) > self.clock()

    def _set(self, on: bool) -> None:
        deadline = self.clock() + ANSWER_MOST if on else 0.0
        _DEADLINE.pack_into(self.memory, SLOTS + 8 * self.place, deadline)
        self.memory[self.place] = 1 if on else 0
        if not on:
            self._owners = {}

    # --- the others ----------------------------------------------------------------

    def others_answering(self) -> bool:
        """Whether another house is answering a key now."""
        memory, now = self.memory, self.clock()
        at = memory.find(_MARKED, 0, SLOTS)
        while at >= 0:
            if at != self.place and self._deadline(at) > now:
                return True
            at = memory.find(_MARKED, at + 1, SLOTS)
        return False

    def _deadline(self, place: int) -> float:
        deadline: float = _DEADLINE.unpack_from(self.memory, SLOTS + 8 * place)[0]
        return deadline


class Patience:
    """How long a house waits for others' keys: ``WAIT_MOST`` a turn, ``SHARE_MOST`` of a
    ``WINDOW`` in all."""

    def __init__(
        self,
        board: KeyBoard,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.board = board
        self.clock = clock
        self.sleep = sleep
        self._window = (float("-inf"), 0.0)
        """(when the window began, seconds waited in it)."""

    def wait_for_others(self) -> float:
        """Wait while another house answers a key (not while this one does); the seconds
        waited."""
        board = self.board
        if board.is_answering() or not board.others_answering():
            return 0.0
        start = self.clock()
        began, waited = self._window
        if start - began >= WINDOW:
            began, waited = start, 0.0
        most = min(WAIT_MOST, SHARE_MOST * WINDOW - waited)
        now = start
        while now - start < most and board.others_answering():
            self.sleep(POLL)
            now = self.clock()
        self._window = (began, waited + now - start)
        return now - start


BOARD = KeyBoard()
"""The board of this zygote's houses (made as the zygote imports this module, so every
house it forks shares it)."""
FORKED = 0
"""Processes the zygote has forked: a house's number is the count as it was forked."""


class KeysFirstLoop(asyncio.SelectorEventLoop):
    """A house's event loop: before a turn with work ready, other houses' keys first."""

    def __init__(self, patience: Patience | None = None) -> None:
        super().__init__()
        self.patience = Patience(BOARD) if patience is None else patience

    def _run_once(self) -> None:
        if self._ready:  # type: ignore[attr-defined]
            self.patience.wait_for_others()
        super()._run_once()  # type: ignore[misc]
