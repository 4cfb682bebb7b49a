"""A line of text that changes often (a word count, a cursor's notes) and keeps its height.

``Static.update`` lays the whole screen out again, which costs tens of milliseconds
on a busy screen; for text whose height has not changed only the widget itself needs
repainting. ``SteadyText.show`` works out the wrapped height and asks for a layout
only when it differs from the last one, and repaints nothing for the same text.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class SteadyText(Static):
    """A Static for text that is replaced often, usually at the same height."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown_height: int | None = None
        self._shown: Text | None = None

    def show(self, text: Text) -> None:
        if text == self._shown:
            return  # nothing to repaint
        self._shown = text
        width = self.content_region.width
        height = len(text.wrap(self.app.console, width)) if width > 0 else None
        same = height is not None and height == self._shown_height
        self.update(text, layout=not same)
        self._shown_height = height
