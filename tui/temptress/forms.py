"""Public forms over the Temptress table: courting a woman, starting an argument, a promise.

Each is built from the asking suitor's choices: the open floor's court and argue
options (whom, then what you do or how many chips), the stakes' promise. The
first list has the focus, so the arrows (or the digits) pick at once; Enter
goes on to the next field and confirms from the last one, Ctrl+S confirms from
anywhere. A closed option is listed with the rules' reason and refused at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from attrs import evolve
from rich.text import Text
from textual import on
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from rules.choices import Option, Pick, Write, plural
from rules.engine import Seat
from rules.temptress.choice_types import ChoiceKey
from rules.temptress.state import StakeKind
from rules.temptress.views import TemptressView
from tui.kit.base import ProseInput
from tui.kit.choice import option_text
from tui.kit.form import FormScreen
from tui.kit.picks import PickList
from tui.port import Table
from tui.temptress.render import pile_words
from tui.widgets.cards import CardList
from tui.widgets.refusal import Refusal

COST_WORD = "Rapport"


def floor_step(table: Table, seat: Seat, key: str) -> Pick[Any] | None:
    """The question behind the open floor's option ``key`` (whom to court, or to argue
    with) in ``seat``'s choices: None when it is not open to them now."""
    choices = table.view(seat).choices
    option = choices.keyed(key) if isinstance(choices, Pick) else None
    if option is None or not option.open or not isinstance(option.then, Pick):
        return None
    return option.then


def listed(
    options: Iterable[Option[Any]],
    more: Callable[[Option[Any]], str] | None = None,
    below: Callable[[Option[Any]], str] | None = None,
) -> list[ListOption]:
    """The options as numbered lines, closed ones with their reason; ``more`` adds to an
    option's line, ``below`` writes a second line under it."""
    lines = []
    for number, option in enumerate(options, 1):
        shown = evolve(option, label=f"{option.label} · {more(option)}") if more else option
        text = option_text(number, shown, COST_WORD)
        if below is not None:
            text.append(f"\n   {below(option)}", style="dim")
        lines.append(ListOption(text, id=str(number - 1)))
    return lines


class TemptressForm(FormScreen):
    """A form over the table: a title, the lists and fields, a line of help, a refusal."""

    DEFAULT_CSS = """
    TemptressForm CardList { height: auto; max-height: 14; }
    TemptressForm .ask { padding: 0 1; text-style: bold; }
    TemptressForm Input { width: 76; max-width: 100%; }
    TemptressForm .-unasked { display: none; }
    """

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        view: TemptressView = table.view(None)
        self.public = view

    @property
    def asker(self) -> str:
        return self.public.suitors[self.seat].name if self.seat is not None else ""

    def highlighted(self, widget: str, options: tuple[Option[Any], ...]) -> Option[Any] | None:
        index = self.query_one(widget, OptionList).highlighted
        return options[index] if index is not None and index < len(options) else None


class CourtForm(TemptressForm):
    """Claim the floor: the woman you court (all four, with what each is known for), and
    what you do, in a line (or nothing)."""

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        whom = floor_step(table, seat, ChoiceKey.COURT) if seat is not None else None
        self.whom = whom.options if whom is not None else ()
        self.ask = whom.ask if whom is not None else "Nobody may be courted now."

    def body(self) -> Iterable[Widget]:
        yield Static(Text(f"{self.asker} takes the floor. {self.ask}"), id="form-title")
        yield PickList(*listed(self.whom, self._pile, self._known_for), id="women")
        yield Static(classes="ask", id="describe-ask")
        yield ProseInput(id="description")
        yield Static(
            "↑↓ or 1-4: the woman · Enter: on to the line, then confirm · ^S: confirm",
            id="form-help",
        )
        yield Refusal()

    def _pile(self, option: Option[Any]) -> str:
        size = self.public.women[option.value.woman].pile_size
        return f"{pile_words(size)} in her pile" if size else "her pile is empty"

    def _known_for(self, option: Option[Any]) -> str:
        return self.public.women[option.value.woman].personality

    def on_mount(self) -> None:
        women = self.query_one("#women", CardList)
        women.highlighted = 0 if self.whom else None
        self._describe()
        self.take_focus(women)

    def _write(self) -> Write[Any] | None:
        option = self.highlighted("#women", self.whom)
        return option.then if option is not None and isinstance(option.then, Write) else None

    @on(OptionList.OptionHighlighted, "#women")
    def _describe(self) -> None:
        self.say(None)
        write = self._write()
        field = self.query_one("#description", Input)
        self.query_one("#describe-ask", Static).update(Text(write.ask if write else ""))
        if write is not None:
            field.max_length = write.longest
            field.placeholder = write.hint or "Type here"

    @on(OptionList.OptionSelected, "#women")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option = self.highlighted("#women", self.whom)
        if option is not None and not option.open:
            self.say(option.closed)
            return
        self.take_focus(self.query_one("#description", Input))

    @on(Input.Submitted, "#description")
    def _written(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def submit_action(self) -> Any:
        option = self.highlighted("#women", self.whom)
        if option is None:
            return None
        if not option.open:
            self.say(option.closed)
            return None
        write = self._write()
        text = self.query_one("#description", Input).value
        return write.answer(text) if write is not None else option.value


class ArgueForm(TemptressForm):
    """Start an argument: with whom (the closed ones say why), and for how many chips."""

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        whom = floor_step(table, seat, ChoiceKey.ARGUE) if seat is not None else None
        self.whom = whom.options if whom is not None else ()
        self.ask = whom.ask if whom is not None else "Nobody may be argued with now."
        self.chips: tuple[Option[Any], ...] = ()

    def body(self) -> Iterable[Widget]:
        rapport = self.public.suitors[self.seat].rapport if self.seat is not None else 0
        title = f"{self.asker} starts an argument (you have {plural(rapport, 'Rapport chip')})."
        yield Static(Text(title), id="form-title")
        yield Static(Text(self.ask), classes="ask")
        yield PickList(*listed(self.whom, self._standing), id="whom")
        yield Static(classes="ask", id="chips-ask")
        yield PickList(id="chips")
        yield Static(
            "↑↓ or digits: pick · Enter: on to the chips, then confirm · ^S: confirm",
            id="form-help",
        )
        yield Refusal()

    def _standing(self, option: Option[Any]) -> str:
        other = self.public.suitors[option.value.opponent]
        return f"{plural(other.rapport, 'Rapport chip')}, {plural(other.cards, 'card')}"

    def on_mount(self) -> None:
        whom = self.query_one("#whom", CardList)
        opened = [n for n, o in enumerate(self.whom) if o.open]
        whom.highlighted = opened[0] if opened else (0 if self.whom else None)
        self._offer_chips()
        self.take_focus(whom)

    @on(OptionList.OptionHighlighted, "#whom")
    def _offer_chips(self) -> None:
        self.say(None)
        option = self.highlighted("#whom", self.whom)
        then = option.then if option is not None and isinstance(option.then, Pick) else None
        self.chips = then.options if then is not None else ()
        ask = then.ask if then is not None else (option.closed if option is not None else "")
        self.query_one("#chips-ask", Static).update(Text(ask))
        chips = self.query_one("#chips", CardList)
        chips.clear_options()
        chips.add_options(listed(self.chips))
        chips.highlighted = 0 if self.chips else None
        chips.set_class(not self.chips, "-unasked")

    @on(OptionList.OptionSelected, "#whom")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option = self.highlighted("#whom", self.whom)
        if option is not None and not option.open:
            self.say(option.closed)
            return
        if self.chips:
            self.take_focus(self.query_one("#chips", CardList))

    @on(OptionList.OptionSelected, "#chips")
    def _counted(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    def submit_action(self) -> Any:
        option = self.highlighted("#whom", self.whom)
        if option is None:
            return None
        if not option.open:
            self.say(option.closed)
            return None
        chips = self.highlighted("#chips", self.chips)
        if chips is None:
            return None
        if not chips.open:
            self.say(chips.closed)
            return None
        return chips.value

    def action_back(self) -> None:
        if self.query_one("#chips", CardList).has_focus:
            self.take_focus(self.query_one("#whom", CardList))
            return
        super().action_back()


class PromiseForm(TemptressForm):
    """The promise you want from the other side if you win the argument."""

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table, seat)
        choices = table.view(seat).choices if seat is not None else None
        option = choices.keyed(StakeKind.PROMISE) if isinstance(choices, Pick) else None
        then = option.then if option is not None else None
        self.write: Write[Any] | None = then if isinstance(then, Write) else None

    def body(self) -> Iterable[Widget]:
        write = self.write
        ask = write.ask if write is not None else "No promise may be asked for now."
        yield Static(Text(f"{self.asker}: {ask}"), id="form-title")
        field = ProseInput(id="promise")
        if write is not None:
            field.max_length = write.longest
            field.placeholder = "e.g. You will not oppose my next action"
        yield field
        hint = write.hint if write is not None else ""
        yield Static(Text(f"{hint} Enter or Ctrl+S confirms; Escape goes back."), id="form-help")
        yield Refusal()

    def on_mount(self) -> None:
        self.take_focus(self.query_one("#promise", Input))

    @on(Input.Submitted, "#promise")
    def _written(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def submit_action(self) -> Any:
        if self.write is None:
            return None
        return self.write.answer(self.query_one("#promise", Input).value)
