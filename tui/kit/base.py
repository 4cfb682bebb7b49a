"""The base every Parlour screen builds on: the key bar, help, and the too-small guard.

Below the app's smallest size (``TableApp.smallest``: 80x24, or 40x20 on a seat's own
terminal) a screen hides its layout behind a notice that takes the focus,
and no key of the screen acts (the app's Ctrl+Q and Ctrl+P still do); back to
a size that fits, the focus returns where it was. ``?`` asks the app for help
unless the focused field takes free text (a story, a promise): there ``?`` is
typed, and F1 opens help instead (the key bar shows whichever works).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import ClassVar, TypeVar

from rich.cells import cell_len
from textual import events, on
from textual._context import NoActiveAppError
from textual._time import get_time  # the clock Textual stamps each key with
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from tui.messages import HelpWanted
from tui.widgets.keybar import LAST, KeyBar, shown_keys
from tui.widgets.toosmall import MIN_HEIGHT, MIN_WIDTH, TooSmall

Result = TypeVar("Result")
"""What a screen answers when it is dismissed (a question's ``bool``); most answer nothing."""

HELP_BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?", priority=True),
    Binding("f1", "help_key", "Help", key_display="F1"),
]


class ProseInput(Input):
    """A one-line field for free text, where ``?`` is typed rather than opening help."""


class Field(Input):
    """A one-line field for a name, a number or a PIN: ``?`` opens help instead."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character is not None and self.restrict and not re.fullmatch(self.restrict, character):
            return False  # a letter the field would refuse is a key (u at a PIN curtain)
        return character != "?" and super().check_consume_key(key, character)


PALETTE_CELLS = 12
"""The command palette's key at the key bar's right end ("▏^p palette ")."""


def columns_for(widths: list[int], room: int) -> int:
    """How many columns of keys (of these widths, a cell between two) fit in ``room``
    cells, the keys laid out row after row: each column as wide as its widest key."""
    for columns in range(len(widths), 1, -1):
        wide = [max(widths[c::columns]) for c in range(columns)]
        if sum(wide) + columns - 1 <= room:
            return columns
    return 1


class FittingKeyBar(KeyBar):
    """The key bar, which leaves the command palette's key out when the screen's own keys
    need its room (^p still opens the palette): no key of the screen is ever cut. On a
    narrow terminal (a phone: below ``MIN_WIDTH``) whose width the keys overrun, it
    takes as many rows as they need, in columns."""

    DEFAULT_CSS = """
    FittingKeyBar.-rows { layout: grid; grid-columns: auto; grid-gutter: 0 1; height: auto; }
    FittingKeyBar.-rows FooterKey { margin-right: 0; }
    """

    def _widths(self) -> list[int]:
        return [
            cell_len(self.app.get_key_display(binding)) + 1 + cell_len(binding.description)
            for binding, _, _ in shown_keys(self.screen)
        ]

    def _room(self) -> int:
        """The bar's columns: the terminal's, or on a narrow screen that scrolls the
        bar's own (narrower still)."""
        room = self.app.size.width
        return room if room >= MIN_WIDTH else min(room, self.size.width or room)

    def fits(self) -> bool:
        """Whether the screen's keys leave room for the palette's key."""
        widths, room = self._widths(), self._room()
        return sum(widths) + max(0, len(widths) - 1) + PALETTE_CELLS <= room

    def columns(self) -> int:
        """How many columns the keys take: all of them in one row unless the terminal is
        narrow and they overrun it (``columns_for``), or the bar (a screen that scrolls
        takes its scroll bar's columns from the bar too)."""
        if self.app.size.width >= MIN_WIDTH:
            return 0
        widths, room = self._widths(), self._room()
        if not widths or sum(widths) + len(widths) - 1 <= room:
            return 0  # (one row, as Textual's Footer lays it out)
        return columns_for(widths, room)

    def _plan(self) -> tuple[bool, int]:
        return self.fits(), self.columns()

    def relabels(self) -> bool:
        # (in place while the palette's key and the rows stay as they are)
        rows = self.styles.grid_size_columns if self.has_class("-rows") else 0
        return self._plan() == (self.show_command_palette, rows)

    def compose(self) -> ComposeResult:
        screen = self.screen
        if isinstance(screen, ParlourScreen) and not self.is_mounted:  # (the first build)
            screen.keys_coming()
        fits, columns = self._plan()
        self.set_reactive(KeyBar.show_command_palette, fits)
        yield from super().compose()
        self.set_class(bool(columns), "-rows")
        if columns:
            self.styles.grid_size_columns = columns

    def on_resize(self) -> None:
        fits, columns = self._plan()
        rows = self.has_class("-rows")
        grid = self.styles.grid_size_columns if rows else 0
        if fits != self.show_command_palette or columns != grid:
            self.call_later(self.recompose)


def takes_prose(widget: Widget | None) -> bool:
    """Whether ``?`` is typed into ``widget`` (free text) rather than opening help."""
    # TextArea is loaded by the screens that write prose: until then, no widget is one.
    text_area = sys.modules.get("textual.widgets._text_area")
    return (text_area is not None and isinstance(widget, text_area.TextArea)) or (
        isinstance(widget, Input) and not isinstance(widget, Field)
    )


class ParlourScreen(Screen[Result]):
    """A full, opaque screen with the key bar and a size guard.

    Subclasses yield their widgets from ``body()``, say which of their actions
    are live now in ``allowed()`` (not ``check_action``, which also applies the
    size guard), and say what ``?`` explains in ``phase_help()``. A screen that
    answers (a yes-or-no question: ``ParlourScreen[bool]``) dismisses with it.
    """

    DEFAULT_CSS = """
    ParlourScreen > TooSmall { display: none; }
    ParlourScreen.-too-small > * { display: none; }
    ParlourScreen.-too-small > TooSmall { display: block; }
    """

    BINDINGS = HELP_BINDINGS

    PRIVATE: ClassVar[bool] = False
    """It shows what only one seat may see (or hides the table for it): no screenshots."""

    too_small = False
    _focus_before: Widget | None = None

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name, id, classes)
        self._take_breakpoint_classes(update=False)

    def _take_breakpoint_classes(self, update: bool) -> None:
        """The app's breakpoint classes for its size (``-narrow`` or ``-wide``). A new
        screen starts with them: Textual gives them as the screen comes in, once every
        widget of it has been styled without them, and so styles every widget again."""
        try:
            app = self.app
        except NoActiveAppError:
            return  # (made outside an app: it takes them as it comes in, from Textual)
        classes: dict[str, bool] = {}
        for dimension, screen_points, app_points in (
            (app.size.width, self.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
            (app.size.height, self.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
        ):
            points = (app_points if screen_points is None else screen_points) or []
            reached = self._get_breakpoint_classes(dimension, points)  # (as Textual's own)
            classes |= {name: name in reached for _, name in points}
        self.update_classes(classes, update=update, animate=False)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield from self.body()
        yield FittingKeyBar(compact=True)

    def body(self) -> Iterable[Widget]:
        raise NotImplementedError

    def keys_coming(self) -> None:
        """Called once, as the key bar is first built, when the screen's own widgets (its
        direct children; not yet what they compose) are in place: a screen whose keys
        depend on a widget it focuses focuses it now, so the bar is built with those keys
        rather than built again when the focus comes."""

    # --- which keys act -------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether ``action`` is live now (None: shown greyed out)."""
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:
            return False
        if action == "help":
            return not takes_prose(self.focused)
        if action == "help_key":
            return takes_prose(self.focused)
        return self.allowed(action, parameters)

    # --- help -----------------------------------------------------------------

    def phase_help(self) -> str:
        return "Use the keys in the bar at the bottom."

    def help_title(self) -> str:
        return "Parlour"

    def rules_text(self) -> str:
        return ""

    def keys(self) -> tuple[tuple[str, str], ...]:
        """(key, what it does) for this screen's keys, as the key bar shows them."""
        found: dict[str, tuple[str, str]] = {}
        for bindings in self._bindings.key_to_bindings.values():
            for binding in bindings:
                if binding.show and binding.description and binding.action not in found:
                    key = binding.key_display or self.app.get_key_display(binding)
                    found[binding.action] = (key, binding.description)
        if "help" in found:
            found["help"] = ("? (F1 while typing)", found["help"][1])
            found.pop("help_key", None)
        ordered = sorted(found.items(), key=lambda item: item[0] in LAST)
        return tuple(entry for _, entry in ordered)

    def action_help(self) -> None:
        self.post_message(
            HelpWanted(self.help_title(), self.rules_text(), self.phase_help(), self.keys())
        )

    def action_help_key(self) -> None:
        self.action_help()

    # --- the size guard, and a phone's narrow layouts ---------------------------

    def narrow(self) -> bool:
        """Whether the terminal is narrower than a table (a seat's own on a phone): the
        screen has the ``-narrow`` class (``TableApp.HORIZONTAL_BREAKPOINTS``), and what
        it draws in code (a table's columns) takes the narrow shape too."""
        return self.app.size.width < MIN_WIDTH

    def take_focus(self, widget: Widget) -> None:
        """Focus ``widget`` now, or once the terminal is big enough again."""
        if self.too_small:
            self._focus_before = widget
        elif widget.is_attached and widget.focusable:
            self.set_focus(widget)  # (at once: the key bar may be reading the keys now)
        else:
            widget.focus()

    def on_mount(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    @on(events.ScreenResume)
    def _note_shown(self, event: events.ScreenResume) -> None:
        self.keys_start()
        if self.stack_updates == 0:  # (before Textual's own handler, Screen's: it counts)
            # Just mounted, every widget styled as it came: Textual would style them all
            # again (a screen coming back after another needs it; a new one does not).
            event.refresh_styles = False

    def keys_start(self) -> None:
        """Keys made before now were meant for another screen, or another question
        (``tui.kit.keys``)."""
        self.app.keys_from = get_time()  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        smallest: tuple[int, int] = getattr(self.app, "smallest", (MIN_WIDTH, MIN_HEIGHT))
        small = width < smallest[0] or height < smallest[1]
        notice = self.query_one(TooSmall)
        if small:
            notice.show_size(width, height, smallest)
        if small == self.too_small:
            return
        self.too_small = small
        self.set_class(small, "-too-small")
        notice.can_focus = small
        if small:
            self._focus_before = self.focused
            notice.focus()
        else:
            before = getattr(self, "_focus_before", None)
            self._focus_before = None
            if before is not None and before.is_attached and before.can_focus:
                before.focus()
            else:
                self.set_focus(None)
        self.refresh_bindings()
