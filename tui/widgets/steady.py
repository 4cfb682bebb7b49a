"""A Static that changes often (a word count, the player whose turn it is, a table of
players) and usually keeps its height.

``Static.update`` lays the whole screen out again: every widget of it measured and
placed, tens of milliseconds on a busy screen, after every move on every terminal
that shows the table. ``SteadyText.update`` repaints nothing when given what it shows
already, and when its new content takes as many lines as the old at the width it was
laid out at, it repaints only itself: the screen is laid out again only when its height
changes (or before it has been laid out, or when its width follows its content).

A Rich renderable (Persuasion's table of players, say) is drawn once, into text, at the
width the line is laid out at: Textual would draw it twice each time (once to measure
its height, once to paint it), and drawn it can be told from the same table drawn
before, which then repaints nothing. It is drawn again when that width changes.

Made with ``keeps_height``, it never gets shorter at the width it is shown at: content
that takes fewer lines is drawn at the top of the height it has (a line saying whose
turn it is, wrapped to two lines one move and one the next, would otherwise move
everything below it up and down, and lay the screen out again, at every move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.console import RenderableType
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.visual import Visual, VisualType
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.app import App


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


def drawn(app: App[Any], renderable: RenderableType, width: int) -> Text:
    """``renderable`` drawn at ``width`` as Textual would paint it, as lines of text."""
    console = app.console
    options = app.console_options.update(highlight=False).update_width(width)
    lines = Segment.split_and_crop_lines(
        console.render(renderable, options), width, include_new_lines=False, pad=False
    )
    text = Text(end="", no_wrap=True, overflow="crop")
    for number, line in enumerate(lines):
        if number:
            text.append("\n")
        for segment in line:
            if not segment.control:
                text.append(segment.text, segment.style)
    return text


class SteadyText(Static):
    """A Static for content that is replaced often, usually at the same height."""

    def __init__(self, *args: Any, keeps_height: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keeps_height = keeps_height
        self._tallest = (0, 0)
        """(width, the most lines content has taken at it) for ``keeps_height``."""
        self._source: object = None
        """The Rich renderable shown (drawn as text), to draw again at a new width."""
        self._drawn_at = 0
        """The width it was drawn at (0: shown as it is, Textual draws it)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._source is not None and self._drawn_at and width != self._drawn_at:
            # (laid out at a new width before on_resize draws it again: measured as it
            # will be drawn there, not as the old drawing would wrap)
            source = cast(RenderableType, self._source)
            height = drawn(self.app, source, width).plain.count("\n") + 1
        else:
            height = super().get_content_height(container, viewport, width)
        if not self.keeps_height:
            return height
        at, tallest = self._tallest
        if at != width or height > tallest:
            self._tallest = (width, height)
            return height
        return tallest

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        width = self.content_size.width
        rich = _look(content) is None and not isinstance(content, Visual)
        if rich and width > 0 and not self._width_follows():
            self._source, self._drawn_at = content, width
            content = drawn(self.app, cast(RenderableType, content), width)
        else:
            self._source, self._drawn_at = None, 0
        self._show(content, layout)

    def _width_follows(self) -> bool:
        return self.styles.width is not None and self.styles.width.is_auto

    def on_resize(self) -> None:
        width = self.content_size.width
        if width <= 0:
            return  # (drawn again once it has a width)
        if self._source is not None and self._drawn_at and width != self._drawn_at:
            self._drawn_at = width
            self._show(drawn(self.app, cast(RenderableType, self._source), width), True)

    def _show(self, content: VisualType, layout: bool) -> None:
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
        if width <= 0 or self._width_follows():
            self.refresh(layout=True)
        elif self.get_content_height(Size(width, 0), Size(width, 0), width) != height:
            # (a height held in by the styles may differ and change nothing: laid out
            # again all the same, which is only slower)
            self.refresh(layout=True)
