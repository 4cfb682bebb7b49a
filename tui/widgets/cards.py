"""Card lists: numbered options that digits pick, and a selection whose marks are text.

Textual's OptionList (and SelectionList) repaints the whole list, border and
all, whenever the highlight moves. On a private screen that list is the hand:
a cursor step changes two lines but rewrote every line of the list. These
subclasses repaint just the option the cursor leaves and the one it reaches;
anything else (a scroll to keep the cursor in view, new options) still
repaints as before.

Digits 1-9 move the cursor to that option (the lists number their options).
A selected card carries a tick and an unselected one an empty box, so the
selection never rests on colour alone (NO_COLOR makes the screen grey).
"""

from __future__ import annotations

from typing import ClassVar, Generic

from rich.segment import Segment
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList
from textual.widgets.selection_list import SelectionType

DIGITS: list[BindingType] = [
    Binding(str(n), f"jump({n - 1})", "Pick", key_display="1-9", show=n == 1) for n in range(1, 10)
]
SELECTED, UNSELECTED = "✓", " "


def _repaint_options(widget: OptionList, *indexes: int | None) -> None:
    heights, lines = widget._heights, widget._index_to_line
    for index in indexes:
        if index is None:
            continue
        if index not in lines:
            widget.refresh()
            return
        widget.refresh_lines(lines[index], heights[index])


class CardList(OptionList):
    """An OptionList whose cursor step repaints two options, not the whole list; Enter
    takes the option under the cursor (``OptionSelected``), after any key typed before."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *DIGITS,
        Binding("enter", "select", "Choose", key_display="⏎"),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]
        super().watch_highlighted(new)
        _repaint_options(self, old, new)

    def action_jump(self, index: int) -> None:
        if index < self.option_count:
            self.highlighted = index


class CardSelection(SelectionList[SelectionType], Generic[SelectionType]):
    """A SelectionList whose cursor step repaints two options, not the whole list,
    and whose ticks are characters as well as colours. Space ticks; Enter confirms the
    ticks (``Confirmed``) rather than ticking."""

    class Confirmed(Message):
        """Enter: the ticks are the answer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *DIGITS,
        Binding("enter", "confirm", "Choose", key_display="⏎"),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]
        super().watch_highlighted(new)
        _repaint_options(self, old, new)

    def action_jump(self, index: int) -> None:
        if index < self.option_count:
            self.highlighted = index

    def action_select(self) -> None:
        """Space (or a click): tick or untick the card under the cursor now. Textual
        ticks it when a message about the key is handled, by which time a key right
        behind it (a burst over SSH) may have moved the cursor."""
        self._toggle_highlighted_selection()

    def action_confirm(self) -> None:
        self.post_message(self.Confirmed())

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        index = self.scroll_offset.y + y
        if len(segments) < 3 or not 0 <= index < self.option_count:
            return strip
        value = self.get_option_at_index(index).value
        mark = SELECTED if value in self._selected else UNSELECTED
        text, style, control = segments[1]
        segments[1] = Segment(mark * len(text), style, control)
        return Strip(segments, strip.cell_length)
