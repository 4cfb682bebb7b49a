"""A long story, drawn a screen's worth at a time.

The end of a long game has thousands of story lines; drawn as one widget per
line (Markdown did) the end screen took seconds to appear. ``StoryLog`` keeps
the paragraphs as text, wraps them to its width (cheap: plain text), and draws
only the lines in view. Headings are bold, bullets hang, code keeps its
spaces. Text from people and packs is drawn as text, never read as markup.

PageDown moves one screen less one line, so the last line read stays in view.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

TEXT, HEADING, BULLET, INNER, STEP, CODE = "text", "heading", "bullet", "inner", "step", "code"
_LEADS = {
    TEXT: ("", ""),
    HEADING: ("", ""),
    BULLET: ("• ", "  "),
    INNER: ("  ◦ ", "    "),
    STEP: ("", "   "),
}


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a story: its text and kind (text, heading, bullet, an inner
    bullet, or code drawn as it is)."""

    text: str
    kind: str = TEXT


def to_markdown(paragraphs: Iterable[Paragraph]) -> str:
    """The paragraphs as Markdown, for a story written to a file."""
    out: list[str] = []
    code = False
    for paragraph in paragraphs:
        if paragraph.kind == CODE:
            if not code:
                out += ["", "```"]
                code = True
            out.append(paragraph.text)
            continue
        if code:
            out += ["```", ""]
            code = False
        if paragraph.kind == HEADING:
            out += ["", f"## {paragraph.text}", ""]
        elif paragraph.kind == BULLET:
            out.append(f"* {paragraph.text}")
        elif paragraph.kind == INNER:
            out.append(f"  * {paragraph.text}")
        elif paragraph.kind == STEP:
            out.append(paragraph.text)
        else:
            out += ["", paragraph.text, ""]
    if code:
        out.append("```")
    text = "\n".join(out).strip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text + "\n"


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` cells, at spaces where it can."""
    width = max(1, width)
    lines: list[str] = []
    line, used = "", 0
    for word in text.split():
        size = cell_len(word)
        while size > width:  # a word longer than the line: cut it
            room = width - used - (1 if line else 0)
            if room <= 0:
                lines.append(line)
                line, used = "", 0
                continue
            cut = _fit(word, room)
            line = f"{line} {word[:cut]}" if line else word[:cut]
            lines.append(line)
            line, used = "", 0
            word = word[cut:]
            size = cell_len(word)
        if not line:
            line, used = word, size
        elif used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
        else:
            lines.append(line)
            line, used = word, size
    lines.append(line)
    return lines


def _fit(word: str, room: int) -> int:
    """How many characters of ``word`` fit in ``room`` cells (at least one)."""
    count = 0
    for index in range(len(word)):
        if cell_len(word[: index + 1]) > room:
            break
        count = index + 1
    return max(1, count)


class StoryLog(ScrollView, can_focus=True):
    """Paragraphs of a story, wrapped to the width and drawn only where they show."""

    DEFAULT_CSS = """
    StoryLog { height: 1fr; padding: 0 1; background: $surface; scrollbar-gutter: stable; }
    StoryLog:focus { background-tint: $foreground 3%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "lines(1)", "Scroll", show=False),
        Binding("up,k", "lines(-1)", "Scroll", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("home", "edge(False)", "Top", show=False),
        Binding("end", "edge(True)", "End", show=False),
    ]

    def __init__(
        self, paragraphs: Sequence[Paragraph] = (), *, follow: bool = False, id: str | None = None
    ) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.paragraphs: tuple[Paragraph, ...] = tuple(paragraphs)
        self.follow = follow
        """Keep the newest line in view as lines come (a table's log, which never takes
        the focus: the table's keys are the game's)."""
        self.can_focus = not follow
        self._lines: list[tuple[str, str]] = []
        self._wrapped_for = -1

    # --- content ----------------------------------------------------------

    def show(self, paragraphs: Sequence[Paragraph]) -> None:
        """Replace the story; a following log scrolls to its end."""
        paragraphs = tuple(paragraphs)
        if paragraphs == self.paragraphs and self._wrapped_for == self._width():
            return
        self.paragraphs = paragraphs
        self._rewrap()
        if self.follow:
            self.scroll_end(animate=False, immediate=True)
            # ... and again once the new length is laid out (until then the end is the
            # old one: a story that grows between two layouts would stop short of it).
            self.call_after_refresh(self._follow_end)

    def _follow_end(self) -> None:
        if self.follow:
            self.scroll_end(animate=False, immediate=True)

    @property
    def lines(self) -> list[str]:
        """The wrapped lines, as drawn now (for tests and the export)."""
        return [text for text, _ in self._lines]

    def _width(self) -> int:
        """The width to wrap at: the content's, or before the first layout a guess it
        will not exceed (the screen's, less a scrollbar and padding)."""
        width = self.scrollable_content_region.width
        return width if width > 1 else max(1, self.app.size.width - 4)

    def _rewrap(self) -> None:
        width = self._width()
        lines: list[tuple[str, str]] = []
        for index, paragraph in enumerate(self.paragraphs):
            kind = paragraph.kind
            if kind == HEADING and index:
                lines.append(("", TEXT))
            if kind == CODE:
                lines.append((paragraph.text, CODE))
                continue
            first, rest = _LEADS.get(kind, ("", ""))
            wrapped = wrap(paragraph.text, width - cell_len(first))
            lines.append((first + wrapped[0], kind))
            lines += [(rest + line, kind) for line in wrapped[1:]]
        self._lines = lines
        self._wrapped_for = width
        widest = max((cell_len(text) for text, kind in lines if kind == CODE), default=0)
        size = Size(max(width, widest), len(lines))
        if size != self.virtual_size:
            # Only the scrollbars follow a longer story: the screen is laid out again when
            # one shows or goes (Textual's ``virtual_size`` would lay it out every line).
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if self._wrapped_for != self._width():
            self._rewrap()
        if self.follow:
            self.scroll_end(animate=False, immediate=True)

    def on_mount(self) -> None:
        self._rewrap()
        if self.follow:
            self.scroll_end(animate=False, immediate=True)

    # --- drawing ----------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.rich_style
        index = scroll_y + y
        if index >= len(self._lines):
            return Strip.blank(width, base)
        text, kind = self._lines[index]
        style = base + Style(bold=True) if kind == HEADING else base
        strip = Strip([Segment(text, style)], cell_len(text))
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    # --- keys -------------------------------------------------------------

    def action_lines(self, amount: int) -> None:
        self.scroll_to(y=self.scroll_y + amount, animate=False)

    def action_page(self, direction: int) -> None:
        step = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=self.scroll_y + direction * step, animate=False)

    def action_edge(self, end: bool) -> None:
        if end:
            self.scroll_end(animate=False)
        else:
            self.scroll_home(animate=False)


def from_markdown(text: str) -> list[Paragraph]:
    """The few Markdown forms Parlour's own texts use (headings, bullets, numbered
    steps, paragraphs, ``**bold**`` and ``*italic*`` marks) as paragraphs."""
    paragraphs: list[Paragraph] = []
    words: list[str] = []

    def flush() -> None:
        if words:
            paragraphs.append(Paragraph(_unmark(" ".join(words))))
            words.clear()

    for raw in text.splitlines():
        line = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if not line or line == "---":
            flush()
        elif line.startswith("#"):
            flush()
            paragraphs.append(Paragraph(_unmark(line.lstrip("#").strip()), HEADING))
        elif line[:2] in ("* ", "- "):
            flush()
            kind = INNER if indent >= 2 else BULLET
            paragraphs.append(Paragraph(_unmark(line[2:]), kind))
        elif line[:1].isdigit() and ". " in line[:4]:
            flush()
            paragraphs.append(Paragraph(_unmark(line), STEP))
        elif paragraphs and paragraphs[-1].kind in (BULLET, INNER, STEP) and indent and not words:
            last = paragraphs[-1]
            paragraphs[-1] = Paragraph(f"{last.text} {_unmark(line)}", last.kind)
        else:
            words.append(line)
    flush()
    return paragraphs


_MARKS = re.compile(r"\*\*(.+?)\*\*|\*(\S.*?)\*|`(.+?)`")


def _unmark(text: str) -> str:
    return _MARKS.sub(lambda m: next(g for g in m.groups() if g is not None), text)
