"""A seat's decision, one question at a time, straight from its view's choices.

The question's options are listed with their numbers; digits (``tui.kit.picks``:
two typed together from the tenth on) or the arrows move to one, Enter takes it. A
closed option is shown with the rules' reason and refused at once; one that leads
to another question asks it (Escape steps back; from the first question it hides);
a question that picks several options has a tick box for each (a digit or Space);
a question asked in words has a field. The answer goes to the rules only at
the end, built by the choices themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option as ListOption

from rules.choices import Option, Pick, Write
from rules.engine import Seat
from tui.kit.base import HELP_BINDINGS, ProseInput
from tui.kit.keys import after_keys
from tui.kit.picks import PICK_HELP, NumberTyped, PickList, PickTicks
from tui.kit.seat import HIDE_KEYS, SeatScreen
from tui.port import Table
from tui.widgets.cards import CardList, CardSelection
from tui.widgets.whobar import WhoBar

Question = Pick[Any] | Write[Any]
NEEDS_WORDS = "Write something first, or go back with Escape."


def option_text(number: int, option: Option[Any], cost_word: str) -> Text:
    """ "2. Court a woman", with its cost, and the reason when it is closed."""
    text = Text(f"{number}. {option.label}")
    if option.cost:
        text.append(f" · costs {option.cost} {cost_word}")
    if not option.open:
        text.append(f" · not now: {option.closed}")
        text.stylize("dim")
    return text


class ChoiceScreen(SeatScreen):
    """Asks the seat's choices (or ``question``), step by step, and sends the answer."""

    DEFAULT_CSS = """
    ChoiceScreen #mine-box { height: auto; }
    ChoiceScreen #mine { height: auto; max-height: 9; padding: 0 1; }
    ChoiceScreen.-narrow #mine-box { max-height: 45vh; }
    ChoiceScreen.-narrow #mine { max-height: 100vh; }
    ChoiceScreen.-narrow #options, ChoiceScreen.-narrow #several { max-height: 50vh; }
    ChoiceScreen.-narrow #context { height: 1fr; min-height: 3; max-height: 100%; }
    ChoiceScreen #ask { height: auto; padding: 0 1; text-style: bold; }
    ChoiceScreen #options, ChoiceScreen #several { height: auto; max-height: 70%; }
    ChoiceScreen .-unasked { display: none; }
    ChoiceScreen #write { margin: 0 1; }
    ChoiceScreen #context { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
    """

    # Enter reaches the list, the ticks or the field first (each answers it), in the
    # order keys came: an arrow or a digit typed just before it has moved the cursor.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "take", "Choose"),
        Binding("escape", "back", "Back"),
        *HIDE_KEYS,
        *HELP_BINDINGS,
    ]

    COST_WORD: ClassVar[str] = "chips"
    """What an option's cost is counted in."""
    KEPT: ClassVar[bool] = False
    """A seat's own terminal keeps this screen between its decisions and asks each new
    one on it (``ask_again``): set where the screen is the base's own shape (what the
    seat holds, the question, what it is about), each part drawn afresh from the view."""

    def __init__(
        self,
        table: Table,
        seat: Seat,
        question: Question | None = None,
        notes: tuple[str, ...] = (),
    ) -> None:
        super().__init__(table, seat, notes)
        first = question if question is not None else self.view.choices
        if first is None:
            raise ValueError(f"{self.name_here} has nothing to choose now")
        self.steps: list[Question] = [first]

    @property
    def question(self) -> Question:
        return self.steps[-1]

    # --- layout -----------------------------------------------------------------

    def seat_body(self) -> Iterable[Widget]:
        mine = self.mine()
        if mine is not None:
            # (on a phone's narrow terminal what the seat holds scrolls, above the question)
            box = VerticalScroll(id="mine-box")
            box.can_focus = False
            with box:
                yield Static(mine, id="mine")
        yield Static(id="ask")
        # Born with the classes the first question gives them (styled once, not twice).
        kind = _kind(self.question)
        yield PickList(id="options", classes=_unasked(kind != "one"))
        yield PickTicks[int](id="several", classes=_unasked(kind != "several"))
        yield ProseInput(id="write", classes=_unasked(kind != "write"))
        context = self.context()
        if context is not None:
            with VerticalScroll(id="context"):
                yield Static(context)

    def ask_again(self, fresh: ChoiceScreen) -> bool:
        """Ask ``fresh``'s decision here, as ``fresh`` would: this screen, already built,
        shown again for the seat's next decision (nothing mounted anew: it is restyled
        once as it comes back). False, and nothing changed, where ``fresh`` would be
        built otherwise (it delivers notes, or what the seat holds or the context comes
        or goes). An Enter still on its way for the question before is dropped."""
        mine, context = fresh.mine(), fresh.context()
        if (
            fresh.seat != self.seat
            or fresh.notes
            or self.notes
            or (mine is None) != (not self.query("#mine"))
            or (context is None) != (not self.query("#context"))
        ):
            return False
        self.table, self.steps = fresh.table, fresh.steps[:1]
        self.query_one(WhoBar).say(self.heading())
        if mine is not None:
            self.query_one("#mine", Static).update(mine)
            self.query_one("#mine-box", VerticalScroll).scroll_home(animate=False)
        if context is not None:
            box = self.query_one("#context", VerticalScroll)
            box.query_one(Static).update(context)
            box.scroll_home(animate=False)
        self.scroll_home(animate=False)
        self.query_one("#options", PickList).number = NumberTyped()
        self.query_one("#several", PickTicks).number = NumberTyped()
        self.say(None)
        self.show_hint()
        self._ask()
        self.keys_start()
        return True

    def mine(self) -> RenderableType | None:
        """What the seat holds, above the question (a game's screens fill this in)."""
        return None

    def context(self) -> RenderableType | None:
        """What the question is about, below it (the action under way, say)."""
        return None

    def keys_coming(self) -> None:
        self._ask()  # (before the mount: the key bar is built with the list's keys)

    def keys_help(self) -> str:
        return super().keys_help() + PICK_HELP

    def _ask(self) -> None:
        question = self.question
        single, several = self.query_one("#options", CardList), self.query_one("#several")
        field = self.query_one("#write", ProseInput)
        self.query_one("#ask", Static).update(Text(question.ask))
        # Classes, not inline styles: the too-small guard's CSS must still hide them.
        kind = _kind(question)
        single.set_class(kind != "one", "-unasked")
        several.set_class(kind != "several", "-unasked")
        field.set_class(kind != "write", "-unasked")
        if isinstance(question, Write):
            field.value = ""
            field.max_length = question.longest
            field.placeholder = question.hint or "Type here, then Enter"
            self.take_focus(field)
        elif question.several:
            assert isinstance(several, CardSelection)
            several.clear_options()
            several.add_options(
                [(option_text(n + 1, o, self.COST_WORD), n) for n, o in enumerate(question.options)]
            )
            several.highlighted = 0 if question.options else None
            self.take_focus(several)
        else:
            single.clear_options()
            single.add_options(
                [
                    ListOption(option_text(n + 1, o, self.COST_WORD), id=str(n))
                    for n, o in enumerate(question.options)
                ]
            )
            opened = [n for n, o in enumerate(question.options) if o.open]
            single.highlighted = opened[0] if opened else (0 if question.options else None)
            self.take_focus(single)
        self.refresh_bindings()

    # --- answering --------------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return len(self.steps) > 1
        return True

    @after_keys
    def action_take(self) -> None:
        question = self.question
        if isinstance(question, Write):
            text = self.query_one("#write", Input).value
            if question.needed and not text.strip():
                self.say(NEEDS_WORDS)
                return
            self._answer(question.answer(text))
            return
        if question.several:
            picked = list(self.query_one("#several", SelectionList).selected)
            refusal = question.refusal(picked)
            if refusal:
                self.say(refusal)
                return
            self._answer(question.answer(picked))
            return
        index = self.query_one("#options", OptionList).highlighted
        if index is None:
            return
        option = question.options[index]
        if not option.open:
            self.say(option.closed)
            return
        if option.then is not None:
            self.say(None)
            self.steps.append(option.then)
            self._ask()
            return
        self._answer(option.value)

    def _answer(self, action: Any) -> None:
        self.say(None)
        self.send(action)

    def action_back(self) -> None:
        if len(self.steps) > 1:
            self.steps.pop()
            self.say(None)
            self._ask()

    @on(OptionList.OptionSelected, "#options")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_take()

    @on(Input.Submitted, "#write")
    def _written(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_take()

    @on(CardSelection.Confirmed)
    def _confirmed(self, event: CardSelection.Confirmed) -> None:
        event.stop()
        self.action_take()


def _kind(question: Question) -> str:
    """ "one" (a list of single answers), "several" (ticks) or "write" (a field)."""
    if isinstance(question, Write):
        return "write"
    return "several" if question.several else "one"


def _unasked(unasked: bool) -> str:
    return "-unasked" if unasked else ""
