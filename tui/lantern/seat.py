"""A Bard's own screens: the writing desk, the card an interruption names, the ending.

At the writing desk the Bard types the next passage (the word count is the
rules' own, against the guideline), names a card of the hand and ticks the
Loose Ends the passage ties off, or passes (burning the named card, if they
like). Letters are typed there, so every key is a Ctrl key: Ctrl+O hides.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static, TextArea
from textual.widgets.option_list import Option as ListOption

from rules.choices import Write
from rules.engine import Seat
from rules.lantern.choices import TurnChoices
from rules.lantern.telling import word_count
from rules.lantern.view import LanternView
from tui.kit.base import HELP_BINDINGS
from tui.kit.choice import ChoiceScreen
from tui.kit.keys import after_keys
from tui.kit.seat import HIDE_KEYS, HIDE_WHILE_TYPING, SeatScreen, TypingSeatScreen
from tui.lantern.render import attempt_text, tale_text, told
from tui.messages import OpenForm
from tui.port import Table
from tui.widgets.cards import CardList
from tui.widgets.steady import SteadyText


def count_line(text: str, words: tuple[int, int] | None) -> str:
    """ "12 words: 28 short of the guideline (40-150)."""
    count = word_count(text)
    said = f"{count} word" + ("" if count == 1 else "s")
    if words is None:
        return said + "."
    low, high = words
    if count < low:
        return f"{said}: {low - count} short of the guideline ({low}-{high})."
    if count > high:
        return f"{said}: {count - high} over the guideline ({low}-{high})."
    return f"{said}: within the guideline ({low}-{high})."


class HandList(CardList):
    """A list at the writing desk, where Ctrl+S tells: Enter chooses nothing here, and its
    digits are named in the list's label, not in the key bar (the desk's eight keys fill
    it at 80 columns)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "jump(0)", "Pick", show=False)  # the kit shows 1-9 on the first digit
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return False
        return super().check_action(action, parameters)


class TickList(HandList):
    """Options ticked with Space, each line marked "[✓]" or "[ ]" in its text, so a long
    one wraps rather than being cut (a SelectionList keeps each option to one line)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("space", "tick", "Tick", show=False)]

    def __init__(self, labels: tuple[str, ...], *, id: str) -> None:  # noqa: A002
        self.labels = labels
        self.ticked: set[int] = set()
        super().__init__(*(self._prompt(n) for n in range(len(labels))), id=id)

    def _prompt(self, index: int) -> Text:
        mark = "✓" if index in self.ticked else " "
        return Text(f"[{mark}] {self.labels[index]}")

    def action_tick(self) -> None:
        index = self.highlighted
        if index is None:
            return
        self.ticked ^= {index}
        self.replace_option_prompt_at_index(index, self._prompt(index))

    @on(OptionList.OptionSelected)
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_tick()


class ProseDesk(TypingSeatScreen):
    """A Bard writing: the tale so far on top, the prose field, its word count."""

    DEFAULT_CSS = """
    ProseDesk #story { height: 25%; padding: 0 1; border-bottom: solid $panel; }
    ProseDesk #prose { height: 1fr; width: 1fr; }
    ProseDesk #count, ProseDesk #suggest, ProseDesk #ask { height: auto; padding: 0 1; }
    ProseDesk #ask { text-style: bold; }
    ProseDesk.-narrow #story { height: 5; }
    ProseDesk.-narrow #prose { width: 100%; min-height: 4; }
    """

    @property
    def lantern(self) -> LanternView:
        view: LanternView = self.view
        return view

    def progress(self) -> str:
        return told(self.lantern)

    def tale(self) -> Iterable[Widget]:
        """The tale so far, above the desk."""
        with VerticalScroll(id="story"):
            yield Static(tale_text(self.lantern), id="story-text")

    def words(self) -> tuple[int, int] | None:
        """The guideline the count is held against (None: there is none)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        # Textual calls each class's on_mount in turn (the subclass's first): no super().
        self.query_one("#story", VerticalScroll).scroll_end(animate=False)  # once laid out
        self.take_focus(self.query_one("#prose", TextArea))
        self.recount()

    @property
    def text(self) -> str:
        return self.query_one("#prose", TextArea).text

    @on(TextArea.Changed, "#prose")
    def _typed(self) -> None:
        self.recount()

    def recount(self) -> None:
        line = count_line(self.text, self.words()) + self.count_hint()
        self.query_one("#count", SteadyText).update(Text(line))

    def count_hint(self) -> str:
        """What follows the word count (how to reach the rest of the desk)."""
        return ""


class WritingDesk(ProseDesk):
    """The Bard on turn: a passage naming a card, the Loose Ends it ties off, or a pass."""

    DEFAULT_CSS = """
    WritingDesk #desk { height: 1fr; }
    WritingDesk #prose { width: 3fr; }
    WritingDesk #side { width: 2fr; min-width: 34; max-width: 48; height: 1fr; }
    WritingDesk .label { height: auto; padding: 0 1; text-style: bold; }
    WritingDesk #hand { height: auto; max-height: 9; }
    WritingDesk #ties { height: auto; max-height: 7; }
    WritingDesk.-narrow #desk { layout: vertical; overflow-y: auto; }
    WritingDesk.-narrow #side { width: 100%; min-width: 0; max-width: 100%; height: auto; }
    WritingDesk.-narrow #hand { max-height: 6; }
    WritingDesk.-narrow #ties { max-height: 5; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "tell", "Tell", priority=True),
        Binding("ctrl+l", "loose_end", "Suggest", priority=True),
        Binding("ctrl+n", "pass_turn", "Pass", priority=True),
        Binding("ctrl+r", "burn", "Burn", priority=True),
        Binding("ctrl+g", "bards", "Bards", priority=True),
        HIDE_WHILE_TYPING,
        *HELP_BINDINGS,
    ]

    def __init__(
        self,
        table: Table,
        seat: Seat,
        notes: tuple[str, ...] = (),
        *,
        naming: dict[Seat, int] | None = None,
    ) -> None:
        super().__init__(table, seat, notes)
        choices = self.lantern.choices
        if not isinstance(choices, TurnChoices):
            raise ValueError(f"It is not {self.name_here}'s turn to write")
        self.turn: TurnChoices = choices
        self.naming: dict[Seat, int] = {} if naming is None else naming
        """The card this Bard's desk named last (kept by the game's screens between visits)."""
        self.loose_end = False
        """The Bard suggests the named card becomes a Loose End."""

    def words(self) -> tuple[int, int] | None:
        return self.turn.words

    def count_hint(self) -> str:
        return " Tab: the hand, the Loose Ends, the tale."

    def seat_body(self) -> Iterable[Widget]:
        turn = self.turn
        yield from self.tale()
        with Horizontal(id="desk"):
            yield TextArea(id="prose")
            with Vertical(id="side"):
                hand = "Name a card (Tab here, 1-9):" if turn.cards.options else "No cards left."
                yield Static(hand, classes="label")
                yield HandList(
                    *(
                        ListOption(Text(o.label), id=str(n))
                        for n, o in enumerate(turn.cards.options)
                    ),
                    id="hand",
                )
                ties = "Ties off (Space ticks):" if turn.ties.options else "No Loose Ends to tie."
                yield Static(ties, classes="label")
                yield TickList(tuple(o.label for o in turn.ties.options), id="ties")
        yield SteadyText(id="count")
        yield SteadyText(id="suggest")

    def on_mount(self) -> None:
        hand = self.query_one("#hand", HandList)
        hand.display = bool(self.turn.cards.options)
        self.query_one("#ties").display = bool(self.turn.ties.options)
        if self.turn.cards.options:
            cards = [option.value for option in self.turn.cards.options]
            named = self.naming.get(self.seat)
            hand.highlighted = cards.index(named) if named in cards else 0

    @on(OptionList.OptionHighlighted, "#hand")
    def _named(self) -> None:
        card = self.card()
        if card is not None:
            self.naming[self.seat] = card
        self.recount()

    def naming_words(self) -> str:
        """ "Naming: a wandering monk": the card the passage names, in words."""
        index = self.query_one("#hand", OptionList).highlighted
        options = self.turn.cards.options
        if not options or index is None:
            return "No card to name"
        return f"Naming: {options[index].label}"

    # --- what the play names ------------------------------------------------------

    def card(self) -> Any:
        """The card highlighted in the hand (None: the hand is empty)."""
        options = self.turn.cards.options
        index = self.query_one("#hand", OptionList).highlighted
        if not options or index is None:
            return None
        return options[index].value

    def recount(self) -> None:
        super().recount()
        # The card the passage names is the one under the hand's cursor, said in words
        # here too, so a hand renumbered since the last look never names another card.
        naming = self.naming_words()
        if not self.turn.loose_end.open:
            loose = "none without a card"
        elif self.loose_end:
            loose = "suggested (^L takes it back)"
        else:
            loose = "not suggested (^L suggests it)"
        self.query_one("#suggest", SteadyText).update(Text(f"{naming} · Loose End: {loose}"))

    # --- keys ------------------------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "burn":
            return bool(self.turn.cards.options)
        if action == "bards":
            return self.turn.between is not None
        return True

    @after_keys
    def action_tell(self) -> None:
        ties = self.turn.ties
        picked = sorted(self.query_one("#ties", TickList).ticked)
        refusal = ties.refusal(picked)
        if refusal:
            self.say(refusal)
            return
        claimed = [ties.options[n].value for n in picked]
        self.send(self.turn.action(self.text, self.card(), claimed, self.loose_end))

    @after_keys
    def action_loose_end(self) -> None:
        option = self.turn.loose_end
        if not option.open:
            self.say(option.closed)
            return
        self.say(None)
        self.loose_end = not self.loose_end
        self.recount()

    @after_keys
    def action_pass_turn(self) -> None:
        option = self.turn.passes.keyed("pass")
        if option is not None:
            self.send(option.value)

    @after_keys
    def action_burn(self) -> None:
        card = self.card()
        option = next(
            (o for o in self.turn.passes.options if getattr(o.value, "burn", None) == card),
            None,
        )
        if card is None or option is None:
            self.say("Name a card of your hand to burn.")
            return
        self.send(option.value)

    def action_bards(self) -> None:
        if self.turn.between is not None:
            self.post_message(OpenForm(self.seat, "bards"))


class ClosingDesk(ProseDesk):
    """The winner's closing passage (or none): the tale ends with it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "finish", "End the tale", priority=True),
        HIDE_WHILE_TYPING,
        *HELP_BINDINGS,
    ]

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        super().__init__(table, seat, notes)
        choices = self.lantern.choices
        if not isinstance(choices, Write):
            raise ValueError(f"{self.name_here} has no closing passage to write")
        self.closing: Write[Any] = choices

    def words(self) -> tuple[int, int] | None:
        return None

    def seat_body(self) -> Iterable[Widget]:
        yield from self.tale()
        ask = self.closing.ask + (f" {self.closing.hint}" if self.closing.hint else "")
        yield Static(Text(ask + " Ctrl+S ends the tale."), id="ask")
        yield TextArea(id="prose")
        yield SteadyText(id="count")

    @after_keys
    def action_finish(self) -> None:
        self.send(self.closing.answer(self.text))


class HandScreen(SeatScreen):
    """A Bard's own hand, behind their curtain, whenever they like: the table learns only
    that they looked. When a play is open to interruption, i interrupts it with the card
    under the cursor; Escape (or h) goes back to the table."""

    DEFAULT_CSS = """
    HandScreen #hand-ask { height: auto; padding: 0 1; text-style: bold; }
    HandScreen #own-hand { height: auto; max-height: 12; }
    HandScreen #open-play { height: 1fr; padding: 0 1; border-top: solid $panel; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "interrupt", "Interrupt"),
        *HIDE_KEYS,
        *HELP_BINDINGS,
    ]

    @property
    def lantern(self) -> LanternView:
        view: LanternView = self.view
        return view

    def progress(self) -> str:
        return f"your hand · {told(self.lantern)}"

    def cards(self) -> list[tuple[int, str]]:
        view = self.lantern
        names = dict(view.elements_named)
        return [(card, names.get(card, "?")) for card in view.hand]

    def seat_body(self) -> Iterable[Widget]:
        view = self.lantern
        cards = self.cards()
        if not cards:
            ask = "Your hand is empty."
        elif view.interruption is not None:
            ask = f"Your hand ({len(cards)}): i interrupts the play below with the card picked."
        else:
            ask = f"Your hand ({len(cards)}):"
        yield Static(Text(ask), id="hand-ask")
        yield CardList(
            *(
                ListOption(Text(f"{n + 1}. {label}"), id=str(n))
                for n, (_, label) in enumerate(cards)
            ),
            id="own-hand",
        )
        attempt = view.open_play
        if attempt is not None:
            with VerticalScroll(id="open-play"):
                yield Static(attempt_text(view, attempt))

    def on_mount(self) -> None:
        listed = self.query_one("#own-hand", CardList)
        listed.highlighted = 0 if self.cards() else None
        self.take_focus(listed)

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "interrupt":
            return self.lantern.interruption is not None
        return True

    @after_keys
    def action_interrupt(self) -> None:
        question = self.lantern.interruption
        index = self.query_one("#own-hand", OptionList).highlighted
        if question is None or index is None:
            return
        card = self.cards()[index][0]
        option = next((o for o in question.options if getattr(o.value, "card", None) == card), None)
        if option is None:
            self.say("That card cannot interrupt this play.")
            return
        self.send(option.value)

    @on(OptionList.OptionSelected, "#own-hand")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # (Enter picks nothing here: i interrupts, Escape goes back)


class LanternChoice(ChoiceScreen):
    """A Bard's question behind the curtain: the card an interruption names (the play is
    shown below it), or what to do with a dry deck at a table without a Barkeep."""

    DEFAULT_CSS = """
    LanternChoice #context { height: 1fr; max-height: 100%; border-top: solid $panel; }
    """

    COST_WORD = "Ale"

    @property
    def lantern(self) -> LanternView:
        view: LanternView = self.view
        return view

    def progress(self) -> str:
        return told(self.lantern)

    def context(self) -> RenderableType | None:
        attempt = self.lantern.attempt
        return None if attempt is None else attempt_text(self.lantern, attempt)
