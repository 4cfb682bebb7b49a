"""A screen for one seat's eyes, shown only once that seat has lifted its curtain.

On top it names whose screen it is and how far the game has come; then what
is new for the seat (its notes, when the screen delivers them), the game's own
widgets, and a refusal line. The Hide key drops the curtain again at any
moment: ``h``, or Ctrl+O on a screen where letters are typed (terminals send
Ctrl+H as Backspace). Escape hides too, unless it steps back first (to the question
before, say): the key bar shows which ("esc Back", or "h / esc Hide").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, ClassVar

from textual.actions import parse
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget

from rules.engine import Seat
from tui.kit.base import HELP_BINDINGS
from tui.kit.game import HINT, GameScreen
from tui.messages import Hide, NotesRead
from tui.port import Table
from tui.widgets.hint import HintLine
from tui.widgets.notes import NotesPanel
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar

HIDE_KEY_SHOWN = {"h": "h", "ctrl+o": "^O"}
"""How the key bar shows each Hide key; " / esc" follows while Escape hides too."""
AND_ESCAPE = " / esc"
HIDE = Binding("h", "hide", "Hide", key_display="h" + AND_ESCAPE)
HIDE_WHILE_TYPING = Binding("ctrl+o", "hide", "Hide", key_display="^O" + AND_ESCAPE)
ESCAPE_HIDES = Binding("escape", "hide", "Hide", show=False)
"""Escape hides, after a screen's own Escape binding (Back) when that one is live."""
HIDE_KEYS: list[BindingType] = [HIDE, ESCAPE_HIDES]
"""Hide's keys, for a screen that lists its bindings (a class's bindings of a key
replace its bases' ones): the screen's own Escape binding comes before these."""
HIDE_KEYS_WHILE_TYPING: list[BindingType] = [HIDE_WHILE_TYPING, ESCAPE_HIDES]
ESCAPE_HELP = (
    " Escape steps back (to the question before, say) and, with nothing to step back "
    "from, hides your screen as the Hide key does."
)


def header(name: str, progress: str) -> str:
    """ "Ann, for your eyes only · Round 2": the first line of every private screen."""
    return f"{name}, for your eyes only · {progress}"


class SeatScreen(GameScreen):
    """One seat's private screen. Subclasses yield their widgets from ``seat_body()``
    and say how far the game has come in ``progress()``."""

    PRIVATE = True
    BINDINGS: ClassVar[list[BindingType]] = [*HIDE_KEYS, HINT, *HELP_BINDINGS]
    TYPING: ClassVar[bool] = False
    """Letters are typed here: Hide is Ctrl+O, not h."""

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        super().__init__(table)
        self.seat = seat
        self.notes = notes
        """The notes this visit delivers (reading them marks them read)."""

    @property
    def view(self) -> Any:
        return self.table.view(self.seat)

    @property
    def name_here(self) -> str:
        return self.table.seats[self.seat].name

    def progress(self) -> str:
        """ "Round 2", "Turn 5": how far the game has come."""
        raise NotImplementedError

    def heading(self) -> str:
        return header(self.name_here, self.progress())

    def body(self) -> Iterable[Widget]:
        yield WhoBar(self.heading(), id="who")
        yield HintLine()
        if self.notes:
            yield NotesPanel(self.notes)
        yield from self.seat_body()
        yield Refusal()

    def seat_body(self) -> Iterable[Widget]:
        raise NotImplementedError

    def hint_seat(self) -> Seat | None:
        return self.seat

    def keys_help(self) -> str:
        return ESCAPE_HELP

    def refresh_bindings(self) -> None:
        # Escape hides unless it steps back now: the bar shows Hide's key accordingly.
        shown = "" if self.escape_steps_back() else AND_ESCAPE
        keyed = self._bindings.key_to_bindings
        for key, plain in HIDE_KEY_SHOWN.items():
            keyed[key] = [
                replace(b, key_display=plain + shown) if b.action == "hide" else b
                for b in keyed.get(key, ())
            ]
        super().refresh_bindings()

    def escape_steps_back(self) -> bool:
        """Whether one of the screen's own Escape keys (Back) is live now."""
        for binding in self._bindings.key_to_bindings.get("escape", ()):
            _, name, parameters = parse(binding.action)
            if name != "hide" and self.check_action(name, parameters):
                return True
        return False

    def action_hide(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Done here: notes shown are read; the curtain comes down (or the table shows)."""
        if self.notes:
            self.post_message(NotesRead(self.seat))
        else:
            self.post_message(Hide(self.seat))


class TypingSeatScreen(SeatScreen, inherit_bindings=False):
    """A private screen with a text field: Hide is Ctrl+O, so h can be typed. (Textual's
    own screen keys, Tab and Shift+Tab among them, are kept.)"""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Screen.BINDINGS,
        *HIDE_KEYS_WHILE_TYPING,
        HINT,
        *HELP_BINDINGS,
    ]
    TYPING = True
