"""Bards come and go: a public form over the table (or the writing desk), between turns.

It lists what the choices offer: seating a Bard who waits at the bar on a
free bench (the seater the view names sends it: the Barkeep, or at a table
without one the Bard the rules say), and each seated Bard's leaving. A closed
option shows the rules' reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from attrs import evolve
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from rules.choices import Option, Pick
from rules.engine import Seat
from rules.lantern.choices import TurnChoices
from rules.lantern.view import LanternView
from tui.kit.base import HELP_BINDINGS
from tui.kit.choice import option_text
from tui.kit.form import FormScreen
from tui.port import Table
from tui.widgets.cards import CardList
from tui.widgets.refusal import Refusal

TITLE = "Bards come and go"
HELP = "Enter chooses (for a newcomer, then a bench); Escape goes back."


def between_pick(choices: Any) -> Pick[Any] | None:
    """The comings and goings a seat's choices offer (None: none)."""
    if isinstance(choices, TurnChoices):
        return choices.between
    return choices if isinstance(choices, Pick) else None


def comings(table: Table, view: LanternView) -> list[Option[Any]]:
    """The form's lines: seating (from the seater's choices: one line per Bard who may come,
    leading to the question of benches, or the closed option), then each seated Bard's
    leaving (from their own choices)."""
    found: list[Option[Any]] = []
    if view.seater is not None:
        pick = between_pick(table.view(view.seater).choices)
        seat = pick.keyed("seat") if pick is not None else None
        if seat is not None and seat.open and isinstance(seat.then, Pick):
            found += [evolve(o, label=f"Seat {o.label} on a free bench") for o in seat.then.options]
        elif seat is not None:
            found.append(seat)
    for bard, sight in enumerate(view.bards):
        if sight.bench is None:
            continue
        pick = between_pick(table.view(bard).choices)
        leave = pick.keyed("leave") if pick is not None else None
        if leave is not None:
            label = f"{sight.name} leaves the tale (bench {sight.bench + 1})"
            found.append(evolve(leave, label=label))
    return found


class BardsForm(FormScreen):
    """Seat a Bard on a free bench, or let one leave."""

    DEFAULT_CSS = """
    BardsForm #who, BardsForm #benches { height: auto; max-height: 10; }
    BardsForm #bench-ask { padding: 0 1; text-style: bold; }
    BardsForm #nobody { padding: 0 1; }
    BardsForm .-unasked { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "Confirm", priority=True),
        Binding("escape", "back", "Back"),
        *HELP_BINDINGS,
    ]

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        self.lines = comings(table, table.view(None))

    def body(self) -> Iterable[Widget]:
        yield Static(TITLE, id="form-title")
        yield Static(HELP, id="form-help")
        if not self.lines:
            yield Static("Nobody can come or go now.", id="nobody")
        yield CardList(
            *(
                ListOption(option_text(n + 1, line, "Ale"), id=str(n))
                for n, line in enumerate(self.lines)
            ),
            id="who",
        )
        yield Static(id="bench-ask")
        yield CardList(id="benches")
        yield Refusal()

    def on_mount(self) -> None:
        who = self.query_one("#who", CardList)
        who.highlighted = 0 if self.lines else None
        self._hide_benches()
        self.take_focus(who)

    # --- the line chosen ----------------------------------------------------------

    def _line(self) -> Option[Any] | None:
        index = self.query_one("#who", OptionList).highlighted
        return None if index is None or not self.lines else self.lines[index]

    def _benches(self) -> Pick[Any] | None:
        line = self._line()
        then = line.then if line is not None else None
        return then if isinstance(then, Pick) else None

    def _hide_benches(self) -> None:
        self.query_one("#bench-ask").add_class("-unasked")
        self.query_one("#benches").add_class("-unasked")

    def _show_benches(self, benches: Pick[Any]) -> None:
        ask = self.query_one("#bench-ask", Static)
        ask.update(Text(benches.ask))
        ask.remove_class("-unasked")
        listed = self.query_one("#benches", CardList)
        listed.clear_options()
        listed.add_options(
            [
                ListOption(option_text(n + 1, o, "Ale"), id=str(n))
                for n, o in enumerate(benches.options)
            ]
        )
        listed.highlighted = 0 if benches.options else None
        listed.remove_class("-unasked")
        self.take_focus(listed)

    @on(OptionList.OptionHighlighted, "#who")
    def _moved(self) -> None:
        self.say(None)
        self._hide_benches()

    def submit_action(self) -> Any:
        line = self._line()
        if line is None:
            return None
        if not line.open:
            self.say(line.closed)
            return None
        benches = self._benches()
        if benches is None:
            return line.value
        index = self.query_one("#benches", OptionList).highlighted
        if self.query_one("#benches").has_class("-unasked") or index is None:
            self._show_benches(benches)
            return None
        bench = benches.options[index]
        if not bench.open:
            self.say(bench.closed)
            return None
        return bench.value

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter on a list (after any key typed before it has moved the cursor)."""
        event.stop()
        self.action_submit()

    def action_back(self) -> None:
        if not self.query_one("#benches").has_class("-unasked"):
            self._hide_benches()
            self.take_focus(self.query_one("#who", CardList))
            return
        super().action_back()
