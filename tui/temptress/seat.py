"""A suitor's own screens, shown only once that suitor has lifted the curtain.

The card play: pick 1 to 3 cards (a card's number, or Space) and the excel
spends the rules open for them (``PlayChoices.spends``), each shown ON or off or
closed with the rules' reason; a closed spend is refused at once, and an ON
spend that the cards picked no longer allow goes off, saying why. A die may be
re-rolled first (r, then the die). Every other decision (raise, follow, draw from a
pile, a Faux Pas, the round-end spending and its refill pick, retiring at the
floor or at the end) is the suitor's choices asked one question at a time,
with the hand, Rapport and Faux Pas above it. The clue book lists every clue
held, with what is new on top. Escape steps back (from a die picked, a question
further) or hides, as h does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from attrs import evolve
from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, SelectionList, Static
from textual.widgets.option_list import Option as ListOption

from rules.cards import PlayingCard
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.temptress.playing import PlayChoices
from rules.temptress.state import ExcelSpend
from tui.kit.base import HELP_BINDINGS, ProseInput
from tui.kit.choice import ChoiceScreen, Question, option_text
from tui.kit.keys import after_keys
from tui.kit.picks import PickList, PickTicks
from tui.kit.seat import HIDE_KEYS, SeatScreen
from tui.port import Table
from tui.temptress.render import (
    COST_WORD,
    RoundPage,
    card_option,
    clue_book_text,
    contest_text,
    mine_text,
    spends_text,
    tally_text,
)
from tui.widgets.cards import CardList, CardSelection
from tui.widgets.notes import NotesPanel
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar

ENTER = (
    Binding("enter", "take", "Choose", priority=True),
    Binding("enter", "take_these", "Take these", priority=True),
)
"""Enter chooses; on a question that picks several options (the refill), "Take these".
(A class's bindings of a key replace its bases' ones: both are bound again here.)"""


class TemptressChoice(RoundPage, ChoiceScreen):
    """A suitor's decision, one question at a time: Rapport, Faux Pas and the hand above,
    the action under way below."""

    DEFAULT_CSS = """
    TemptressChoice #mine { border-bottom: solid $panel; }
    TemptressChoice #question { height: auto; }
    TemptressChoice #options, TemptressChoice #several { max-height: 14; }
    TemptressChoice #context { max-height: 10; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [*ENTER]
    COST_WORD = COST_WORD

    def mine(self) -> RenderableType:
        return mine_text(self.temptress, self.seat)

    def seat_body(self) -> Iterable[Widget]:
        yield Static(self.mine(), id="mine")
        # The kit shows and hides the question's widgets one by one (inline styles), so
        # they sit in a box of their own, which the too-small notice hides.
        with Vertical(id="question"):
            yield Static(id="ask")
            yield PickList(id="options")
            yield PickTicks[int](id="several")
            yield ProseInput(id="write")
        context = self.context()
        if context is not None:
            with VerticalScroll(id="context"):
                yield Static(context)

    def context(self) -> RenderableType | None:
        view = self.temptress
        return contest_text(view) if view.contest is not None else None

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        several = isinstance(self.question, Pick) and self.question.several
        if action == "take":  # (nothing to choose: no key)
            return not several and bool(getattr(self.question, "options", True))
        if action == "take_these":
            return several
        return super().allowed(action, parameters)

    @after_keys
    def action_take_these(self) -> None:
        self.action_take()


class SpendScreen(TemptressChoice):
    """The round end: spend all your Rapport on one thing (a refill picks its cards from
    the discard pile next), or keep it; the clue book below. The question says what it
    costs (all of it), so the options do not say it again."""

    DEFAULT_CSS = """
    SpendScreen #options { max-height: 15; }
    SpendScreen #context { height: 1fr; min-height: 2; }
    """

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        super().__init__(table, seat, notes=notes)
        first = self.steps[0]
        if isinstance(first, Pick):
            self.steps[0] = evolve(first, options=tuple(evolve(o, cost=0) for o in first.options))

    def context(self) -> RenderableType:
        return clue_book_text(self.temptress)


class RetireScreen(TemptressChoice):
    """Retire: name the sorceress (seven cards of one suit, shown to everyone), at the
    open floor or in the final retirements; the clue book below."""

    def context(self) -> RenderableType:
        return clue_book_text(self.temptress)


def retire_question(choices: Any) -> Question:
    """Whom to name when retiring from the floor, from the seat's choices."""
    option = choices.keyed("retire") if isinstance(choices, Pick) else None
    if option is not None and option.then is not None:
        question: Question = option.then
        return question
    return Pick("You cannot retire now: the floor is not open.", ())


# --- the card play ------------------------------------------------------------------------


class PlayScreen(RoundPage, SeatScreen):
    """Play 1 to 3 cards toward the target, with the excel spends they open; or re-roll
    a die first."""

    DEFAULT_CSS = """
    PlayScreen #mine { height: auto; padding: 0 1; border-bottom: solid $panel; }
    PlayScreen #ask, PlayScreen #spends, PlayScreen #tally { height: auto; padding: 0 1; }
    PlayScreen #ask { text-style: bold; }
    PlayScreen #cards, PlayScreen #dice { height: auto; max-height: 11; }
    PlayScreen #context { height: 1fr; min-height: 2; padding: 0 1; color: $text-muted; }
    PlayScreen .-unasked { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play", priority=True),
        Binding("enter", "reroll_die", "Re-roll it", priority=True),
        Binding("p", "spend('pair')", "Pair"),
        Binding("s", "spend('suit')", "Suit"),
        Binding("r", "reroll", "Re-roll"),
        Binding("escape", "back", "Back"),
        Binding("p", "why('pair')", "Why not", show=False),
        Binding("s", "why('suit')", "Why not", show=False),
        Binding("r", "why('reroll')", "Why not", show=False),
        *HIDE_KEYS,
        *HELP_BINDINGS,
    ]

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        super().__init__(table, seat, notes)
        choices = self.view.choices
        if not isinstance(choices, PlayChoices):
            raise ValueError(f"{self.name_here} has no cards to play now")
        self.choices = choices
        self.wanted: set[ExcelSpend] = set()
        """The spends switched ON."""
        self.picking_die = False

    def seat_body(self) -> Iterable[Widget]:
        view = self.temptress
        faceup = view.suitors[self.seat].faceup
        yield Static(mine_text(view, self.seat, hand=False), id="mine")
        yield Static(Text(self.choices.ask), id="ask")
        yield PickTicks[int](
            *(
                (Text(f"{n + 1}. ").append_text(card_option(card, card in faceup)), n)
                for n, card in enumerate(self.choices.hand)
            ),
            id="cards",
        )
        yield PickList(
            *(
                ListOption(option_text(n + 1, o, COST_WORD), id=str(n))
                for n, o in enumerate(self.choices.rerolls)
            ),
            id="dice",
        )
        yield Static(id="spends")
        yield Static(id="tally")
        with VerticalScroll(id="context"):
            yield Static(contest_text(view))

    def on_mount(self) -> None:
        cards = self.query_one("#cards", CardSelection)
        cards.highlighted = 0 if self.choices.hand else None
        self.query_one("#dice").add_class("-unasked")
        self.take_focus(cards)
        self._show_spends()

    # --- what is picked -----------------------------------------------------------

    def chosen(self) -> tuple[PlayingCard, ...]:
        hand = self.choices.hand
        return tuple(hand[i] for i in sorted(self.query_one("#cards", SelectionList).selected))

    def spends(self) -> dict[ExcelSpend, Option[ExcelSpend]]:
        """The pair and the suit spends for the cards picked, as the rules offer them."""
        return {option.value: option for option in self.choices.spends(self.chosen())}

    @on(SelectionList.SelectedChanged, "#cards")
    def _picked(self) -> None:
        """The cards changed: a spend they no longer allow goes off, saying why."""
        said = []
        for spend, option in self.spends().items():
            if spend in self.wanted and not option.open:
                self.wanted.discard(spend)
                said.append(f"{option.label} is off now: {option.closed}")
        self.say(" ".join(said) or None)
        self._show_spends()

    def _show_spends(self) -> None:
        chosen = self.chosen()
        wanted = frozenset(self.wanted)
        self.query_one("#spends", Static).update(spends_text(self.choices, chosen, wanted))
        self.query_one("#tally", Static).update(tally_text(self.choices, chosen, wanted))

    # --- keys ------------------------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        die = self.picking_die
        if action == "play":
            return not die
        if action in ("reroll_die", "back"):
            return die
        spends_live = not die
        if action == "spend":
            return spends_live
        if action == "reroll":
            return spends_live and any(o.open for o in self.choices.rerolls)
        if action == "why":
            if die:
                return False
            return parameters[0] == "reroll" and not any(o.open for o in self.choices.rerolls)
        return True

    def action_spend(self, name: str) -> None:
        spend = ExcelSpend(name)
        option = self.spends()[spend]
        if spend in self.wanted:
            self.wanted.discard(spend)
            self.say(None)
        elif not option.open:
            self.say(option.closed)
        else:
            others = self.wanted | {spend}
            costly = self.choices.spends_refusal(
                ExcelSpend.PAIR in others, ExcelSpend.SUIT in others
            )
            if costly:
                self.say(costly)
            else:
                self.wanted.add(spend)
                self.say(None)
        self._show_spends()

    def action_why(self, name: str) -> None:
        """Why a spend or a re-roll is not offered."""
        if name == "reroll":
            closed = [o.closed for o in self.choices.rerolls if not o.open]
            self.say(closed[0] if closed else None)
            return
        self.say(self.spends()[ExcelSpend(name)].closed or None)

    @after_keys
    def action_play(self) -> None:
        chosen = self.chosen()
        pair, suit = ExcelSpend.PAIR in self.wanted, ExcelSpend.SUIT in self.wanted
        refusal = self.choices.refusal(chosen, pair, suit)
        if refusal:
            self.say(refusal)
            return
        self.send(self.choices.action(chosen, pair, suit))

    def action_reroll(self) -> None:
        self._pick_die(True)

    def action_back(self) -> None:
        self._pick_die(False)

    def _pick_die(self, die: bool) -> None:
        self.picking_die = die
        cards, dice = self.query_one("#cards", CardSelection), self.query_one("#dice", CardList)
        cards.set_class(die, "-unasked")
        dice.set_class(not die, "-unasked")
        if die:
            opened = [n for n, o in enumerate(self.choices.rerolls) if o.open]
            dice.highlighted = opened[0] if opened else 0
            self.query_one("#ask", Static).update(Text("Re-roll which die? (Escape: back)"))
            self.take_focus(dice)
        else:
            self.query_one("#ask", Static).update(Text(self.choices.ask))
            self.take_focus(cards)
        self.say(None)
        self.refresh_bindings()

    @after_keys
    def action_reroll_die(self) -> None:
        index = self.query_one("#dice", OptionList).highlighted
        if index is None:
            return
        option = self.choices.rerolls[index]
        if not option.open:
            self.say(option.closed)
            return
        self.send(option.value)

    @on(OptionList.OptionSelected, "#dice")
    def _die_clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_reroll_die()


# --- the clue book ------------------------------------------------------------------------


class ClueBook(RoundPage, SeatScreen):
    """Every clue held, the cards drawn from which pile, the clues seen in arguments; what
    is new for the suitor on top. Enter (or Escape, or h: it hides) goes back."""

    DEFAULT_CSS = """
    ClueBook #book { height: 1fr; }
    ClueBook #book-mine { padding: 0 1; margin-bottom: 1; }
    ClueBook #book-text { padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Back to the table", priority=True),
        Binding("enter", "close('on')", "On to your move", priority=True),
    ]

    def body(self) -> Iterable[Widget]:
        yield WhoBar(self.heading(), id="who")
        with VerticalScroll(id="book"):
            if self.notes:
                yield NotesPanel(self.notes)
            yield Static(mine_text(self.temptress, self.seat), id="book-mine")
            yield Static(clue_book_text(self.temptress), id="book-text")
        yield Refusal()

    def seat_body(self) -> Sequence[Widget]:
        return ()

    def on_mount(self) -> None:
        self.take_focus(self.query_one("#book", VerticalScroll))

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":  # Enter names where it leads: the suitor's own move, or the table
            return bool(parameters) == self._moves_next()
        return super().allowed(action, parameters)

    def _moves_next(self) -> bool:
        """Whether this suitor's own move is asked next, in this same visit."""
        prompt = self.table.prompt
        return prompt is not None and prompt.private and prompt.seats[0] == self.seat

    def action_close(self, onward: str = "") -> None:
        self.leave()
