"""Persuasion's private screens: every decision, and the cards a seat knows.

Each decision (the introductions, the mailing, a reception turn, the last
ring) is the seat's own choices, asked one question at a time, under the
seat's diary and cards: the rules say which cards may be mailed to whom,
which card actions may be used and on what, each closed option with the
rules' reason. ``l`` opens the cards the seat knows over the decision and
Enter comes back to it, mid-way as it was. The same list, with what is new
for the seat on top, is how its notes are delivered behind the curtain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.console import RenderableType
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.persuasion.state import PersuasionView
from tui.kit.choice import ChoiceScreen
from tui.kit.seat import SeatScreen
from tui.messages import CloseForm, OpenForm
from tui.persuasion.render import known_text, mine_text
from tui.widgets.notes import NotesPanel
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar

CARDS, NOTES = "cards", "notes"
"""The game's own screens, by name: the cards a seat knows (over its decision), and the
same with its new notes (delivered behind the curtain)."""


class PersuasionChoice(ChoiceScreen):
    """A decision: the diary and the seat's cards on top, the question, its options (the
    list scrolls; the header and the diary stay in view)."""

    DEFAULT_CSS = """
    PersuasionChoice #mine { max-height: 10; border-bottom: solid $panel; }
    PersuasionChoice #options { height: 1fr; max-height: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "known", "Cards you know"),
    ]
    KEPT = True

    @property
    def persuasion(self) -> PersuasionView:
        view: PersuasionView = self.view
        return view

    def progress(self) -> str:
        return f"Round {self.persuasion.round}"

    def mine(self) -> RenderableType:
        return mine_text(self.persuasion, self.seat)

    def action_known(self) -> None:
        self.post_message(OpenForm(self.seat, CARDS))


SCROLL_KEYS: list[BindingType] = [
    Binding("down", "scroll_known(1)", "Scroll", key_display="↑↓"),
    Binding("up", "scroll_known(-1)", "Scroll", show=False),
    Binding("pagedown", "page_known(1)", "Page", key_display="PgUp/PgDn"),
    Binding("pageup", "page_known(-1)", "Page", show=False),
]
"""The known cards' scroll keys, live (and in the Footer) when the list is longer than
the screen."""


class KnownCards(SeatScreen):
    """Every card the seat is aware of, player by player (their actions too, but at the
    Evening Ball), and the discards; new notes on top. Enter leaves (``back``)."""

    DEFAULT_CSS = """
    KnownCards #known { height: 1fr; }
    KnownCards #known-text { padding: 0 1; }
    """

    @property
    def persuasion(self) -> PersuasionView:
        view: PersuasionView = self.view
        return view

    def progress(self) -> str:
        return f"Round {self.persuasion.round}"

    def body(self) -> Iterable[Widget]:
        yield WhoBar(self.heading(), id="who")
        with VerticalScroll(id="known", can_focus=False):  # the screen's own keys scroll it
            if self.notes:
                yield NotesPanel(self.notes)
            yield Static(known_text(self.persuasion, self.seat), id="known-text")
        yield Refusal()

    def seat_body(self) -> Iterable[Widget]:
        return ()

    # Textual calls each class's own handler in turn (the size guard's too): no super().
    def on_mount(self) -> None:
        self.call_after_refresh(self.refresh_bindings)  # the scroll keys, once laid out

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.refresh_bindings)  # the list may fit now, or not

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("scroll_known", "page_known"):  # (greyed, not hidden: the bar keeps
            # its keys when the list comes to overflow, restyled rather than rebuilt)
            return True if self.query_one("#known", VerticalScroll).max_scroll_y > 0 else None
        return True

    def action_scroll_known(self, lines: int) -> None:
        known = self.query_one("#known", VerticalScroll)
        known.scroll_to(y=known.scroll_y + lines, animate=False)

    def action_page_known(self, pages: int) -> None:
        known = self.query_one("#known", VerticalScroll)
        step = max(1, known.scrollable_content_region.height - 1)
        known.scroll_to(y=known.scroll_y + pages * step, animate=False)

    def action_back(self) -> None:
        self.back()

    def back(self) -> None:
        """Where Enter goes."""
        raise NotImplementedError


class CardsYouKnow(KnownCards):
    """The known cards, opened over a decision: Enter goes back to it as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "back", "Back", priority=True),
        *SCROLL_KEYS,
    ]

    def back(self) -> None:
        self.post_message(CloseForm())


class NewsAndCards(KnownCards):
    """What is new for the seat (its notes), over the cards it knows: Enter is done."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "back", "Done", priority=True),
        *SCROLL_KEYS,
    ]

    def back(self) -> None:
        self.leave()
