"""``parlour teach`` in a real terminal of 80x24 with NO_COLOR set and ``--ascii``: the
lesson reads without colour (words and marks say everything) and no suit symbol is
ever written, only suit letters."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.pty_support import Terminal

CARD = re.compile(r"\b(10|[2-9JQKA])[CDHS]\b")
SUITS = [symbol.encode() for symbol in "♣♦♥♠"]


def _wait_for(term: Terminal, done, what: str, timeout: float = 30.0) -> None:
    """Read the program until ``done(text)`` holds (a condition; the deadline only
    stops a test that would otherwise hang)."""
    deadline = time.monotonic() + timeout
    while not done(term.text()):
        assert term.process.poll() is None, f"parlour exited:\n{term.text()}"
        assert time.monotonic() < deadline, f"no {what} on screen:\n{term.text()}"
        term.pump(0.05)


def test_teach_in_no_color_with_ascii_cards(tmp_path: Path):
    args = ["teach", "temptress", "--seed", "5", "--ascii", "--saves", str(tmp_path)]
    with Terminal(args, cwd=tmp_path, cols=80, rows=24, env={"NO_COLOR": "1"}) as term:
        _wait_for(term, lambda text: "TEACH step 0 (paused)" in text, "teaching table")
        step = 0
        while not CARD.search(term.text()):
            step += 1
            assert step < 60, f"no card in 60 steps:\n{term.text()}"
            term.press("n")
            _wait_for(term, lambda text, n=step: f"TEACH step {n} (paused)" in text, "step")
        assert "Next: " in term.text()
        term.press("v")
        _wait_for(term, lambda text: "THROUGH CUPID'S EYES: only Cupid sees this" in text, "peek")
        _wait_for(term, lambda text: re.search(r"• Hand: (\S+ )*" + CARD.pattern, text), "hand")
        assert all(symbol not in term.raw for symbol in SUITS)
