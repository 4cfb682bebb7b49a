"""The Barkeep's console: every hand and the deck, the play under review, the rulings.

The console asks the Barkeep's choices one step at a time (``ChoiceScreen``): the
Bard who begins the tale, picked by number; a play is verified (its card made a
Loose End, if the Barkeep says so) and the Loose Ends it claims (all ticked to
begin with) unticked where the passage did not tie them off, or
denied with one of the seed's reasons, picked by its number; an interruption
stands or was not mentioned (once another stands: not mentioned, or too late); a
dry deck takes new elements (typed, separated by ``;``) or the tale ends. Between
turns the Barkeep may seat a Bard (or someone new who walks in, by name), find
the Bard on turn asleep, or hand the bar to someone else (typed by name, then
confirmed: the new Barkeep's seat keeps the bar from then on).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import evolve
from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.choices import Option, Pick
from rules.engine import Seat
from rules.lantern.choices import RulingChoices
from rules.lantern.state import Phase
from rules.lantern.view import LanternView
from tui.kit.base import ProseInput
from tui.kit.choice import ChoiceScreen, Question
from tui.lantern.render import NOT_BEGUN, attempt_text, secrets_text, told
from tui.port import Table
from tui.widgets.cards import CardList, CardSelection

NOTHING = "Nothing to rule on now: h goes back to the table."


def ruling_question(ruling: RulingChoices) -> Pick[Any]:
    """A ruling on a play as questions: verify (and perhaps make its card a Loose End),
    then tick the claimed Loose Ends truly tied off; or deny, with a reason by number."""
    claimed = bool(ruling.ties.options)
    loose = ruling.loose_end
    return Pick(
        ruling.ask,
        (
            evolve(ruling.verify, then=ruling.ties if claimed else None),
            Option(
                loose.value,
                f"{ruling.verify.label}; {loose.label[0].lower()}{loose.label[1:]}",
                closed=loose.closed,
                then=evolve(ruling.ties, template=loose.value) if claimed else None,
                key=loose.key,
            ),
            Option(None, "Deny it, with a reason", then=ruling.deny, key="deny"),
        ),
    )


def console_question(choices: Any) -> Question:
    """What the console asks: the Barkeep's choices, a ruling broken into steps."""
    if isinstance(choices, RulingChoices):
        return ruling_question(choices)
    if choices is None:
        return Pick(NOTHING, ())
    question: Question = choices
    return question


class BarkeepConsole(ChoiceScreen):
    """The Barkeep's console: the play under review and every hand on top, the ruling
    below, one question at a time."""

    DEFAULT_CSS = """
    BarkeepConsole #top { height: 1fr; }
    BarkeepConsole #review, BarkeepConsole #secrets { width: 1fr; padding: 0 1; }
    BarkeepConsole #secrets { border-left: solid $panel; }
    BarkeepConsole #question { height: auto; border-top: solid $panel; }
    BarkeepConsole #options, BarkeepConsole #several { max-height: 12; }
    BarkeepConsole.-narrow #top { layout: vertical; min-height: 8; }
    BarkeepConsole.-narrow #review, BarkeepConsole.-narrow #secrets { width: 100%; height: 1fr; }
    BarkeepConsole.-narrow #secrets { border-left: none; border-top: solid $panel; }
    BarkeepConsole.-narrow #options, BarkeepConsole.-narrow #several { max-height: 10; }
    """

    COST_WORD = "Ale"

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        view: LanternView = table.view(seat)
        super().__init__(table, seat, console_question(view.choices), notes)

    @property
    def lantern(self) -> LanternView:
        view: LanternView = self.view
        return view

    def progress(self) -> str:
        return f"the Barkeep's console · {told(self.lantern)}"

    def _ask(self) -> None:
        # The Loose Ends a play claims to tie off start ticked: Space unticks one the
        # passage did not really tie off, so a quick Enter refuses no claim.
        super()._ask()
        question = self.question
        if isinstance(question, Pick) and question.several and question.fills == "tied":
            self.query_one("#several", CardSelection).select_all()

    def seat_body(self) -> Iterable[Widget]:
        view = self.lantern
        attempt = view.attempt
        if attempt is not None:
            review = attempt_text(view, attempt)
        elif view.phase == Phase.OPENING:
            review = Text(NOT_BEGUN)
        else:
            review = Text("No play is under review.")
        with Horizontal(id="top"):
            with VerticalScroll(id="review"):
                yield Static(review)
            with VerticalScroll(id="secrets"):
                yield Static(secrets_text(view))
        with Vertical(id="question"):  # the ids the kit asks with
            yield Static(id="ask")
            yield CardList(id="options")
            yield CardSelection[int](id="several")
            yield ProseInput(id="write")
