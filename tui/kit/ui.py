"""What a game's screens offer the flow: which screen for which moment, and its words.

Each game's ``tui/<game>/ui.py`` is the one place that builds that game's
screens, by name: a prompt's kind ("play", "mail"), or a screen of its own
("clues", "narrator"). Screens ask for another screen by posting a message
with its name; they never import it.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from rules.engine import Seat
from tui.kit.table import TableScreen
from tui.port import SeatInfo, Table
from tui.widgets.story import Paragraph


class GameUI:
    """A game's screens for the flow; each game overrides what it needs."""

    notes_screen: str | None = None
    """The screen that shows a person their new notes (None: notes wait in the views)."""
    bots_answer_first = False
    """A public question asked of several seats goes to the bots first, so the people
    then answer together in one moment (``tui.kit.moment``)."""
    notes_wait_for_a_visit = False
    """Notes never bring a curtain down of their own: they show first when the person
    next lifts their curtain (a private step, or a private screen they open)."""

    def table_screen(self, table: Table) -> TableScreen:
        raise NotImplementedError

    def screen(self, table: Table, seat: Seat | None, name: str) -> Screen[None]:
        """The screen called ``name`` (a prompt's kind, or one of the game's own) for ``seat``."""
        raise NotImplementedError

    def reveal(self, view: Any, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
        """Every secret of a finished game, from the public view's ``reveal``."""
        return []

    def peek(self, view: Any) -> list[str]:
        """What one seat holds and knows, from its own view, for a teacher's peek
        (``parlour teach``); by default the private lines of its story."""
        return [f"Note: {note}" for note in view.notes] or ["Nothing private yet."]

    def public_story(self, view: Any) -> list[Paragraph]:
        """What a story written while the game runs shows besides the log (public only)."""
        return []

    def lingers(self, before: Any, after: Any) -> bool:
        """Whether the public table shows what changed between two public views (fresh
        dice, say) before a person's curtain comes down."""
        return False

    def confirm(self, action: Any, view: Any, seats: tuple[SeatInfo, ...]) -> str | None:
        """The question before ``action`` if it cannot be taken back (None: none); from
        the public view."""
        return None

    def turn_timer(self, view: Any) -> tuple[float, Any, str] | None:
        """(seconds, the action when time runs out, what to tell the table), from the
        public view; None when no timer runs."""
        return None
