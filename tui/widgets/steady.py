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


def _look(content: object) -> object:
    """What ``content`` shows, for telling the same content from new (a Rich table,
    say, is new every time: None)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style), content.justify)
    if isinstance(content, Content):
        return (content.plain, tuple(content.spans))
    return None


class SteadyText(Static):
    """A Static for content that is replaced often, usually at the same height."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        shown = self.content
        look = _look(content)
        if content is shown or (
            look is not None and type(content) is type(shown) and look == _look(shown)
        ):
            return  # nothing to repaint
        width, height = self.content_size  # (as laid out: 0 wide before the first layout)
        super().update(content, layout=False)
        if not layout:
            return
        width_follows = self.styles.width is not None and self.styles.width.is_auto
        if width <= 0 or width_follows:
            self.refresh(layout=True)
        elif self.get_content_height(Size(width, 0), Size(width, 0), width) != height:
            # (a height held in by the styles may differ and change nothing: laid out
            # again all the same, which is only slower)
            self.refresh(layout=True)
