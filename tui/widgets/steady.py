"""A Static that changes often (a word count, the player whose turn it is, a table of
players) and usually keeps its height.

``Static.update`` lays the whole screen out again: every widget of it measured and
placed, tens of milliseconds on a busy screen, after every move on every terminal
that shows the table. ``SteadyText.update`` repaints nothing when given what it shows
already, and when its new content takes as many lines as the old at the width it was
laid out at, it repaints only itself: the screen is laid out again only when its height
changes (or before it has been laid out, or when its width follows its content).
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.visual import VisualType
from textual.widgets import Static

COMPARABLE = (str, Text, Content)
"""Contents compared by value (anything else, a Rich table say, is new every time)."""


class SteadyText(Static):
    """A Static for content that is replaced often, usually at the same height."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        shown = self.content
        if content is shown or (
            isinstance(content, COMPARABLE) and type(content) is type(shown) and content == shown
        ):
            return  # nothing to repaint
        width = self.content_size.width
        laid_out_at, height = self._content_height_cache  # (measured at the last layout)
        super().update(content, layout=False)
        if not layout:
            return
        width_follows = self.styles.width is not None and self.styles.width.is_auto
        if width <= 0 or laid_out_at != width or width_follows:
            self.refresh(layout=True)
        elif self.get_content_height(Size(width, 0), Size(width, 0), width) != height:
            self.refresh(layout=True)  # (measured once: the paint and the layout reuse it)
