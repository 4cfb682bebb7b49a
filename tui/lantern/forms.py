"""Bards come and go: a public form over the table (or the writing desk), between turns.

It lists what the choices offer: seating a Bard who waits at the bar on a
free bench (the seater the view names sends it: the Barkeep, or at a table
without one the Bard the rules say), someone new walking in (their name typed
into a field, then a free bench), and each seated Bard's leaving. A closed
option shows the rules' reason; a refused name is said on the form.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from attrs import evolve
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from rules.choices import Option, Pick, Write
from rules.engine import Seat
from rules.lantern.choices import WALK_IN, TurnChoices
from rules.lantern.newcomers import LONGEST_NAME
from rules.lantern.view import LanternView
from tui.kit.base import HELP_BINDINGS, ProseInput
from tui.kit.choice import option_text
from tui.kit.form import FormScreen
from tui.kit.keys import after_keys
from tui.lantern.render import hand_owners
from tui.messages import OpenPrivate
from tui.port import Table
from tui.widgets.cards import CardList
from tui.widgets.refusal import Refusal

TITLE = "Bards come and go"
HELP = "Enter chooses (for a newcomer, then a bench); Escape goes back."
WALKS_IN = "Someone new walks in"
NAME_ASK = "The newcomer's name (as the table will call them), then Enter:"
KEYS_HELP = (
    " Comings and goings happen between turns. A Bard at the bar is seated on a free "
    "bench; a Bard who leaves gives their cards back to the deck. Someone who is not yet "
    "at the table may walk in and become a Bard while a bench is free: type the name they "
    "want to be called by (nobody else at the table may have it), choose their bench, and "
    "confirm. They get a seat of their own and a starting hand, which they first see "
    "behind their own curtain. A person Barkeep who has to go hands the bar over from "
    "their console (o at the table): they type the new Barkeep's name and confirm, and "
    "from then on the new Barkeep rules and sees every hand, and the old one takes no "
    "further part."
)


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
        walk_in = pick.keyed(WALK_IN) if pick is not None else None
        if walk_in is not None:
            found.append(evolve(walk_in, label=WALKS_IN))
            found += _at_the_door(table, walk_in)
    for sight in view.bards:
        if sight.bench is None:
            continue
        bard = sight.seat
        pick = between_pick(table.view(bard).choices)
        leave = pick.keyed("leave") if pick is not None else None
        if leave is not None:
            label = f"{sight.name} leaves the tale (bench {sight.bench + 1})"
            found.append(evolve(leave, label=label))
    return found


def _at_the_door(table: Table, walk_in: Option[Any]) -> list[Option[Any]]:
    """A line for each newcomer at a hosted table's door (from a terminal of their own):
    walking in under the name they gave, on the bench chosen next."""
    where = walk_in.then
    if not walk_in.open or not isinstance(where, Pick):
        return []
    lines = []
    for name in table.at_the_door():
        benches = tuple(
            Option(bench.then.answer(name), bench.label)
            for bench in where.options
            if isinstance(bench.then, Write)
        )
        label = f"Seat {name} (at the door) on a free bench"
        lines.append(Option(None, label, then=Pick(f"Which bench for {name}?", benches)))
    return lines


class BardsForm(FormScreen):
    """Seat a Bard on a free bench, let someone new walk in, or let a Bard leave."""

    DEFAULT_CSS = """
    BardsForm #who, BardsForm #benches { height: auto; max-height: 10; }
    BardsForm #bench-ask, BardsForm #name-ask { padding: 0 1; text-style: bold; }
    BardsForm #newcomer { margin: 0 1; }
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
        yield Static(Text(NAME_ASK), id="name-ask")
        yield ProseInput(id="newcomer", max_length=LONGEST_NAME * 2)
        yield Static(id="bench-ask")
        yield CardList(id="benches")
        yield Refusal()

    def on_mount(self) -> None:
        who = self.query_one("#who", CardList)
        who.highlighted = 0 if self.lines else None
        self._hide_benches()
        self._hide_name()
        self.take_focus(who)

    def keys_help(self) -> str:
        return KEYS_HELP

    # --- someone new: the name ------------------------------------------------------

    def _walking_in(self) -> bool:
        line = self._line()
        return line is not None and line.key == WALK_IN and line.open

    def _name_asked(self) -> bool:
        return not self.query_one("#newcomer").has_class("-unasked")

    def _hide_name(self) -> None:
        self.query_one("#name-ask").add_class("-unasked")
        self.query_one("#newcomer").add_class("-unasked")

    def _show_name(self) -> None:
        self.query_one("#name-ask").remove_class("-unasked")
        field = self.query_one("#newcomer", ProseInput)
        field.remove_class("-unasked")
        self.take_focus(field)

    def _newcomer(self) -> str:
        return self.query_one("#newcomer", Input).value

    def _name_refusal(self, benches: Pick[Any]) -> str:
        """The rules' word on the name typed, asked with the first free bench (a name is
        the last thing they check)."""
        first = benches.options[0].then if benches.options else None
        if not isinstance(first, Write):
            return ""
        return self.table.check(first.answer(self._newcomer())) or ""

    @on(Input.Submitted, "#newcomer")
    def _named(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

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
        named = self._newcomer().strip() if self._walking_in() else ""
        ask.update(Text(f"Which bench for {named}?" if named else benches.ask))
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
        self._hide_name()

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
        walking_in = line.key == WALK_IN
        if walking_in and not self._name_asked():
            self._show_name()
            return None
        if walking_in and self.query_one("#benches").has_class("-unasked"):
            refusal = self._name_refusal(benches)
            if refusal:
                self.say(refusal)
                return None
        index = self.query_one("#benches", OptionList).highlighted
        if self.query_one("#benches").has_class("-unasked") or index is None:
            self._show_benches(benches)
            return None
        bench = benches.options[index]
        if not bench.open:
            self.say(bench.closed)
            return None
        if walking_in and isinstance(bench.then, Write):
            return bench.then.answer(self._newcomer())
        return bench.value

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter on a list (after any key typed before it has moved the cursor)."""
        event.stop()
        self.action_submit()

    def action_back(self) -> None:
        self.say(None)
        if not self.query_one("#benches").has_class("-unasked"):
            self._hide_benches()
            if self._name_asked():
                self.take_focus(self.query_one("#newcomer", ProseInput))
            else:
                self.take_focus(self.query_one("#who", CardList))
            return
        if self._name_asked():
            self._hide_name()
            self.take_focus(self.query_one("#who", CardList))
            return
        super().action_back()


WHOSE_HAND = "Whose hand?"
WHOSE_HAND_HELP = (
    "Enter brings that Bard's curtain: their hand shows behind it, for their eyes only. "
    "The table sees only that they looked. Escape goes back."
)


class WhoseHandForm(FormScreen):
    """Which Bard at this keyboard looks at their own hand (behind their curtain)."""

    DEFAULT_CSS = """
    WhoseHandForm #owners { height: auto; max-height: 10; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Look", priority=True),
        Binding("escape", "back", "Back"),
        *HELP_BINDINGS,
    ]

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        view: LanternView = table.view(None)
        self.owners = hand_owners(table, view)
        self.names = [view.names[bard] for bard in self.owners]

    def body(self) -> Iterable[Widget]:
        yield Static(WHOSE_HAND, id="form-title")
        yield Static(WHOSE_HAND_HELP, id="form-help")
        yield CardList(
            *(ListOption(Text(f"{n + 1}. {who}"), id=str(n)) for n, who in enumerate(self.names)),
            id="owners",
        )
        yield Refusal()

    def on_mount(self) -> None:
        owners = self.query_one("#owners", CardList)
        owners.highlighted = 0 if self.owners else None
        self.take_focus(owners)

    def submit_action(self) -> Any:
        return None  # (looking is no move: nothing goes to the rules)

    @after_keys
    def action_submit(self) -> None:
        index = self.query_one("#owners", OptionList).highlighted
        if index is None or not self.owners:
            self.say("Nobody at this keyboard has a hand to look at.")
            return
        bard = self.owners[index]
        doing = f"{self.names[index]} looks at their own hand."
        self.post_message(OpenPrivate(bard, "hand", doing))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()
