"""Driving the Temptress through its screens, and the privacy scan."""

from __future__ import annotations

from attrs import evolve

from rules.session import Session
from tests.tui_helpers import screen_text
from tui.kit.form import FormScreen
from tui.kit.seat import SeatScreen
from tui.screens.curtain import CurtainScreen
from tui.temptress.referee import NarratorConsole
from tui.temptress.table import TemptressTable
from tui.widgets.keybar import shown_keys

LOG_LINES = 6
"""The story log (under its rule) and the Footer at the bottom of the table: played
cards are public there."""


def leaks(app, text: str, viewer: int | None) -> list[str]:
    """Other suitors' secrets on the screen: not those the viewer shares, nor what the
    rules let them see (a hand won in an argument is in their own view), nor what is
    public now (``tests.screen_sweep.scan``)."""
    from tests.screen_sweep import scan

    return scan(app.flow.session, text, viewer).hits


def _public_story(app, row: str) -> bool:
    """Whether ``row`` is (a wrapped part of) a public line of the story: a card once
    played in public may be back in someone's hand by now, and the recap before a
    hand-over still tells of it."""
    words = row.strip(" •▌▇▂").strip()
    return bool(words) and any(
        e.seats is None and words in e.text for e in app.flow.session.state.log
    )


def scan(app) -> list[str]:
    """The privacy check for whatever screen is showing now."""
    screen = app.screen
    text = screen_text(app)
    if isinstance(screen, TemptressTable):
        rows = text.splitlines()[:-LOG_LINES]
        return leaks(app, "\n".join(r for r in rows if not _public_story(app, r)), None)
    if isinstance(screen, CurtainScreen | FormScreen):
        return leaks(app, text, None)
    if isinstance(screen, NarratorConsole):
        return []
    if isinstance(screen, SeatScreen):
        return leaks(app, text, screen.seat)
    return []


def lines(app) -> list[str]:
    """The screen's rows, as the terminal shows them."""
    return screen_text(app).splitlines()


def footer(app) -> str:
    """The Footer: the last row."""
    return lines(app)[-1]


def footer_problems(app) -> list[str]:
    """Keys the screen shows that the Footer does not show whole."""
    shown = footer(app)
    return [
        f"{type(app.screen).__name__}: {label!r} not in {shown!r}"
        for binding, _, _ in shown_keys(app.screen)
        if (label := f"{app.get_key_display(binding)} {binding.description}") not in shown
    ]


def with_suitor(session: Session, seat: int, **changes) -> Session:
    """``session`` with one suitor changed (a test sets a hand, Rapport, face-up cards)."""
    state = session.state
    suitors = list(state.suitors)
    suitors[seat] = evolve(suitors[seat], **changes)
    return evolve(session, state=evolve(state, suitors=tuple(suitors)))
