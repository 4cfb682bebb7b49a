"""``--ascii``: suit letters instead of suit symbols, for terminals without them.

Every command takes ``--ascii``. In an app it is a line filter (``AsciiSuits``) that
turns each suit symbol into its letter as the screen is drawn, so a card reads "KS"
and "10H" on every screen, in every log line and on every joined terminal that asked
for it. A letter is as wide as the symbol it replaces, so nothing moves. Commands that
print (``rules``, ``check``, ``simulate``) pass their text through ``ascii_text``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TextIO

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter


@cache
def suit_letters() -> dict[int, str]:
    """♣♦♥♠ to C D H S (Persuasion's passion mark is the heart, so it reads H there).
    Made on first use: the lobby shows no card."""
    from rules.cards import Suit

    return str.maketrans({suit.symbol: suit.letter for suit in Suit})


def ascii_text(text: str) -> str:
    """``text`` with every suit symbol replaced by its letter."""
    return text.translate(suit_letters())


class AsciiSuits(LineFilter):
    """The line filter that draws suit symbols as letters."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(ascii_text(text), style, control) for text, style, control in segments]


class AsciiStream:
    """A text stream that writes through to ``stream`` with suit letters."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(ascii_text(text))

    def flush(self) -> None:
        self.stream.flush()


@contextmanager
def ascii_printing() -> Iterator[None]:
    """While it lasts, what a printing command prints has suit letters."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = AsciiStream(out), AsciiStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
