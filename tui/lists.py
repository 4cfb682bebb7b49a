"""Card lists whose cursor step repaints only the two options it touches.

Textual's OptionList (and SelectionList) repaints the whole list, border and
all, whenever the highlight moves. On a private screen that list is the hand:
a cursor step changes two lines but rewrote every line of the list. These
subclasses repaint just the option the cursor leaves and the one it reaches;
anything else (a scroll to keep the cursor in view, new options) still
repaints as before.
"""

from __future__ import annotations

from typing import Generic

from textual.reactive import reactive
from textual.widgets import OptionList, SelectionList
from textual.widgets.selection_list import SelectionType


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
    """An OptionList whose cursor step repaints two options, not the whole list."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        _repaint_options(self, old, new)


class CardSelection(SelectionList[SelectionType], Generic[SelectionType]):
    """A SelectionList whose cursor step repaints two options, not the whole list."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        _repaint_options(self, old, new)
