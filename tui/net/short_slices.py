"""Short slices: a process asks Linux to start its work sooner when it wakes, not to
get more CPU.

Linux's fair scheduler (EEVDF, since 6.6) gives each process a slice, and among the
processes owed CPU runs the one whose slice ends first; since 6.12 a process may choose
its own slice length (``sched_setattr``'s ``sched_runtime``, 0.1 to 100 ms; the kernel's
own is about 1.4 ms on two cores). A process woken with a short slice is run before
(and in place of) one busy with a longer slice, but its share of the CPU over time is
what it was: a niceness, not a slice, decides that. Any process may ask this for itself,
shorter or longer and back, with no privilege.

That is what a guest's key needs: a few milliseconds of work that should start at once,
while the houses repainting for other players' moves can wait a moment. The process of
a door (``parlour host``'s, or ``parlour serve``'s doors' process: each key's way in and
each frame's way out) asks for ``SHORT`` for good; a seat house asks for it while it
sleeps (so a key that wakes it starts at once) and for the kernel's own again for a
turn that its guest's bytes did not start (``keys_first.TurnSelector``). Where the call
is unknown (another system, another architecture) or refused, asking does nothing; an
older kernel takes it and ignores it.
"""

from __future__ import annotations

import ctypes
import os
import platform
import struct
import sys
from collections.abc import Callable

SHORT = 0.0003
"""Seconds: the slice asked for where a wake-up should start at once (a key's whole
work is 3-5 ms; a slice only says how soon it starts and how often it is looked at)."""

_SETATTR = {"x86_64": 314, "aarch64": 274, "arm64": 274}
"""``sched_setattr``'s call number on the architectures known here."""
_KEEP_POLICY = 0x08
_ATTR = struct.Struct("IIQiIQQQ")
"""``struct sched_attr`` as of Linux 3.14: size, policy, flags, nice, priority, runtime,
deadline, period."""


def _setattr_call() -> Callable[[int], bool] | None:
    number = _SETATTR.get(platform.machine()) if sys.platform == "linux" else None
    if number is None:
        return None
    try:
        syscall = ctypes.CDLL(None, use_errno=True).syscall
    except (OSError, AttributeError):
        return None

    def ask(runtime_ns: int) -> bool:
        """This thread's slice (0: the kernel's own); its policy and niceness kept."""
        try:
            nice = os.getpriority(os.PRIO_PROCESS, 0)
        except OSError:
            return False
        attr = ctypes.create_string_buffer(
            _ATTR.pack(_ATTR.size, 0, _KEEP_POLICY, nice, 0, runtime_ns, 0, 0), _ATTR.size
        )
        return syscall(ctypes.c_long(number), ctypes.c_int(0), attr, ctypes.c_uint(0)) == 0

    return ask


class Slice:
    """This thread's slice, asked for only when it changes."""

    def __init__(self, ask: Callable[[int], bool] | None = None) -> None:
        self._ask = _setattr_call() if ask is None else ask
        self.asked: float | None = None
        """The slice last asked for, in seconds (None: the kernel's own)."""

    def short(self) -> None:
        """Ask for ``SHORT``: a wake-up starts at once."""
        self._set(SHORT)

    def usual(self) -> None:
        """Ask for the kernel's own slice again."""
        self._set(None)

    def reset(self) -> None:
        """Ask for the kernel's own slice, whatever this thread had (a slice is passed
        on to a process's children: the door's short one to its zygote)."""
        self.asked = SHORT
        self._set(None)

    def _set(self, seconds: float | None) -> None:
        if seconds == self.asked or self._ask is None:
            return
        self.asked = seconds
        if not self._ask(0 if seconds is None else round(seconds * 1e9)):
            self._ask = None  # (refused once, refused for good: never asked again)
