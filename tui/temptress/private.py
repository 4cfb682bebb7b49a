"""Screens for one suitor's eyes, shown only after that suitor lifts the curtain.

Each shows the suitor's hand (face-up Faux Pas cards marked ^), their chips,
and the decision at hand. ``h`` drops the curtain again at any moment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from rules.cards import PlayingCard
from rules.engine import Seat
from rules.temptress.actions import (
    Decline,
    DrawFromPile,
    Follow,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SpendRapport,
)
from rules.temptress.clues import KIND_NAMES, clue_text
from rules.temptress.contest import PAIR_BONUS, has_pair, suit_bonus
from rules.temptress.state import (
    ARGUMENT,
    CLEAR,
    CLUE,
    HAND_LIMIT,
    KEEP,
    REFILL,
    TemptressView,
)
from tui.base import ParlourScreen
from tui.game_screen import GameScreen
from tui.lists import CardList, CardSelection
from tui.temptress.render import card_text, contest_text, hand_line

if TYPE_CHECKING:
    from tui.flow import GameFlow


class PrivateScreen(GameScreen):
    """A suitor's private screen: their name, hand and chips on top."""

    DEFAULT_CSS = """
    PrivateScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    PrivateScreen #mine { height: auto; padding: 0 1; border-bottom: solid $primary; }
    PrivateScreen #ask { height: auto; padding: 0 1; text-style: bold; }
    PrivateScreen #context { height: auto; padding: 0 1; color: $text-muted; }
    PrivateScreen OptionList, PrivateScreen SelectionList { height: auto; max-height: 12; }
    PrivateScreen #message { color: $error; padding: 0 1; height: auto; }
    PrivateScreen VerticalScroll { height: 1fr; }
    """

    BINDINGS = [
        Binding("h", "hide", "Hide"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat

    @property
    def view(self) -> TemptressView:
        return self.flow.session.view(self.seat)

    def header(self) -> Iterable[Widget]:
        view = self.view
        me = view.suitors[self.seat]
        yield Static(f"{me.name}, for your eyes only · Round {view.round}", id="who")
        mine = Text(f"Rapport {me.rapport} · Faux Pas {me.faux_pas}")
        if view.tempted:
            mine.append(" · you are the Tempted", style="bold")
        mine.append("\nHand: ")
        mine.append_text(hand_line(view.hand, me.faceup))
        yield Static(mine, id="mine")

    def action_hide(self) -> None:
        self.flow.advance()

    def refuse(self, reason: str | None) -> None:
        if reason:
            self.query_one("#message", Label).update(reason)


class PickScreen(PrivateScreen):
    """Pick one of a few choices; each choice is an action for the rules."""

    BINDINGS = [
        Binding("enter", "confirm", "Confirm", priority=True),
        *PrivateScreen.BINDINGS,
    ]

    def __init__(
        self,
        flow: GameFlow,
        seat: Seat,
        ask: str,
        choices: list[tuple[str, Any]],
        context: Text | str = "",
    ) -> None:
        super().__init__(flow, seat)
        self.ask = ask
        self.choices = choices
        self.context = context

    def body(self) -> Iterable[Widget]:
        yield from self.header()
        yield Static(self.ask, id="ask")
        yield CardList(*(Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)))
        yield Label("", id="message")
        with VerticalScroll():
            yield Static(self.context, id="context")

    def on_mount(self) -> None:
        super().on_mount()
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def action_confirm(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.refuse(self.flow.act(self.choices[index][1]))

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()


class PlayScreen(PrivateScreen):
    """Choose 1-3 cards toward the target, with the excel spends open to you."""

    BINDINGS = [
        Binding("enter", "play", "Play", priority=True),
        Binding("p", "toggle('pair')", "Pair"),
        Binding("s", "toggle('suit')", "Suit"),
        Binding("1", "reroll(0)", "Re-roll die", key_display="1-3"),
        Binding("2", "reroll(1)", "Re-roll die", show=False),
        Binding("3", "reroll(2)", "Re-roll die", show=False),
        *PrivateScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow, seat)
        self.spends = {"pair": False, "suit": False}

    def body(self) -> Iterable[Widget]:
        yield from self.header()
        contest = self.view.contest
        assert contest is not None
        budget = contest.budget_left(self.seat)
        yield Static(
            f"Choose up to {budget} card{'s' if budget != 1 else ''} (space toggles), then Enter.",
            id="ask",
        )
        yield CardSelection[int](
            *(
                (Text.assemble(card_text(card), f"  value {card.rank}"), index)
                for index, card in enumerate(self.view.hand)
            ),
            id="cards",
        )
        yield Static(id="tally")
        yield Label("", id="message")
        with VerticalScroll():
            yield Static(contest_text(self.view), id="context")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(SelectionList).focus()
        self._tally()

    def _chosen(self) -> tuple[PlayingCard, ...]:
        hand = self.view.hand
        return tuple(hand[i] for i in sorted(self.query_one(SelectionList).selected))

    @on(SelectionList.SelectedChanged)
    def _changed(self) -> None:
        self._tally()

    def _tally(self) -> None:
        view = self.view
        contest = view.contest
        assert contest is not None
        chosen = self._chosen()
        goal = contest.targets[-1]
        total = sum(c.rank for c in chosen)
        lines = [f"Your cards: {total} against a target of {goal}."]
        if contest.kind == ARGUMENT:
            lines.append("Arguments allow no Rapport spends.")
        else:
            lines += self._spend_lines(chosen)
        self.query_one("#tally", Static).update("\n".join(lines))

    def _spend_lines(self, chosen: tuple[PlayingCard, ...]) -> list[str]:
        view = self.view
        contest = view.contest
        assert contest is not None
        me = view.suitors[self.seat]
        shown = contest.cards_of(self.seat) + chosen
        bonus = suit_bonus(shown, chosen[-1]) if chosen else None
        lines = []
        states = {True: "ON", False: "off"}
        if contest.spent(self.seat, "pair"):
            lines.append(f"Pair +{PAIR_BONUS}: already spent in this action.")
        elif not has_pair(shown):
            lines.append(f"Pair +{PAIR_BONUS} (p): needs a pair among your cards in this action.")
        elif me.rapport < 1:
            lines.append(f"Pair +{PAIR_BONUS} (p): needs a Rapport chip.")
        else:
            lines.append(f"Pair +{PAIR_BONUS} (p): possible, {states[self.spends['pair']]}.")
        if contest.spent(self.seat, "suit"):
            lines.append("Suit (s): already spent in this action.")
        elif bonus is None:
            lines.append("Suit (s): needs all three of your cards in one suit.")
        elif me.rapport < 1:
            lines.append(f"Suit +{bonus} (s): needs a Rapport chip.")
        else:
            lines.append(f"Suit +{bonus} (s): possible, {states[self.spends['suit']]}.")
        if self.spends["pair"] and self.spends["suit"] and me.rapport < 2:
            lines.append("Both spends cost 2 Rapport; you have 1.")
        if contest.spent(self.seat, "reroll"):
            lines.append("Re-roll: already spent in this action.")
        elif me.rapport < 1:
            lines.append("Re-roll (1-3): needs a Rapport chip.")
        else:
            lines.append("Re-roll (1-3): re-roll that die for a chip, before you play.")
        return lines

    def action_toggle(self, spend: str) -> None:
        self.spends[spend] = not self.spends[spend]
        self._tally()

    def action_reroll(self, die: int) -> None:
        self.refuse(self.flow.act(Reroll(self.seat, die)))

    def action_play(self) -> None:
        action = PlayCards(
            self.seat,
            self._chosen(),
            pair_bonus=self.spends["pair"],
            suit_bonus=self.spends["suit"],
        )
        self.refuse(self.flow.act(action))


def raise_screen(flow: GameFlow, seat: Seat, follow: bool) -> PickScreen:
    view = flow.session.view(seat)
    contest = view.contest
    assert contest is not None
    budget = contest.budget_left(seat)
    if follow:
        ask = f"Your opponent raised. Follow with up to {budget} more card(s)?"
        choices: list[tuple[str, Any]] = [
            ("Follow: play toward the new target", Follow(seat, True)),
            ("Do not follow", Follow(seat, False)),
        ]
    else:
        ask = f"You may raise the stakes: a new 3d10 target, {budget} card(s) of budget left."
        choices = [
            ("Raise the stakes", RaiseStakes(seat, True)),
            ("Stop here", RaiseStakes(seat, False)),
        ]
    return PickScreen(flow, seat, ask, choices, contest_text(view))


def draw_screen(flow: GameFlow, seat: Seat) -> PickScreen:
    view = flow.session.view(seat)
    choices = [
        (
            f"{w.name} ({w.pile_size} card{'s' if w.pile_size != 1 else ''} left)",
            DrawFromPile(seat, i),
        )
        for i, w in enumerate(view.women)
        if w.pile_size
    ]
    return PickScreen(
        flow,
        seat,
        "A third success! Take the top card of a woman's pile:",
        choices,
        contest_text(view),
    )


def faux_pas_screen(flow: GameFlow, seat: Seat) -> PickScreen:
    view = flow.session.view(seat)
    me = view.suitors[seat]
    choices = [
        (card.label() + f" (value {card.rank})", RevealFauxPas(seat, card))
        for card in view.hand
        if card not in me.faceup
    ]
    return PickScreen(flow, seat, "A Faux Pas: which card lies face up for all to see?", choices)


class SpendScreen(PickScreen):
    """Round end: refill by choice, clear Faux Pas, a new clue, or keep the chips."""

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        view = flow.session.view(seat)
        me = view.suitors[seat]
        choices: list[tuple[str, Any]] = []
        need = HAND_LIMIT - len(view.hand)
        if need > 0 and view.discard:
            choices.append(
                (
                    f"Refill by choice: pick {min(need, len(view.discard))} from the discard pile",
                    "refill",
                )
            )
        if me.faux_pas:
            choices.append(("Clear every Faux Pas", SpendRapport(seat, CLEAR)))
        for kind in view.clue_kinds:
            choices.append(
                (f"A new clue: {KIND_NAMES[kind]}", SpendRapport(seat, CLUE, clue_kind=kind))
            )
        choices.append(("Keep your Rapport", SpendRapport(seat, KEEP)))
        ask = f"Round end: spend all {me.rapport} Rapport on one thing, or keep it."
        super().__init__(flow, seat, ask, choices, clue_book(view))

    def action_confirm(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and self.choices[index][1] == "refill":
            self.app.switch_screen(RefillScreen(self.flow, self.seat))
            return
        super().action_confirm()


class RefillScreen(PrivateScreen):
    """Choose the cards to take from the discard pile."""

    BINDINGS = [
        Binding("enter", "take", "Take these", priority=True),
        Binding("escape", "back", "Back"),
        *PrivateScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        yield from self.header()
        view = self.view
        need = min(HAND_LIMIT - len(view.hand), len(view.discard))
        yield Static(
            f"Choose exactly {need} card(s) from the discard pile (space toggles).", id="ask"
        )
        yield CardSelection[int](
            *(
                (Text.assemble(card_text(card), f"  value {card.rank}"), index)
                for index, card in enumerate(view.discard)
            ),
            id="discard",
        )
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(SelectionList).focus()

    def action_take(self) -> None:
        discard = self.view.discard
        cards = tuple(discard[i] for i in sorted(self.query_one(SelectionList).selected))
        self.refuse(self.flow.act(SpendRapport(self.seat, REFILL, cards=cards)))

    def action_back(self) -> None:
        self.app.switch_screen(SpendScreen(self.flow, self.seat))


class RetireScreen(PickScreen):
    """Retire: name the sorceress (your hand is shown to everyone)."""

    def __init__(self, flow: GameFlow, seat: Seat, final: bool) -> None:
        view = flow.session.view(seat)
        choices: list[tuple[str, Any]] = [
            (f"Retire and name {w.name} as the sorceress", Retire(seat, i))
            for i, w in enumerate(view.women)
        ]
        if final:
            choices.append(("Do not retire", Decline(seat)))
            ask = "Final retirements: retire now with seven cards of one suit, or not."
        else:
            ask = "Retire: your hand is shown, and you name the sorceress. Wrong means out."
        super().__init__(flow, seat, ask, choices, clue_book(view))


class ClueBookScreen(PrivateScreen):
    """Every clue held, what was drawn from which pile, clues seen in arguments."""

    BINDINGS = [
        Binding("enter,escape", "close", "Back to the table", key_display="⏎"),
        *PrivateScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        super().__init__(flow, seat)
        self.notes = notes

    def body(self) -> Iterable[Widget]:
        yield from self.header()
        text = Text()
        if self.notes:
            text.append("New for you\n", style="bold")
            for note in self.notes:
                text.append(f"• {note}\n")
            text.append("\n")
        text.append_text(clue_book(self.view))
        with VerticalScroll():
            yield Static(text, id="context")

    def action_close(self) -> None:
        if self.notes:
            self.flow.notes_read(self.seat)
        else:
            self.flow.advance()


def clue_book(view: TemptressView) -> Text:
    text = Text()
    text.append("Your clue book\n", style="bold")
    for line in view.clue_texts:
        text.append(f"• {line}\n")
    names = [w.name for w in view.women]
    if view.draws:
        text.append("Drawn from piles: ", style="bold")
        text.append(", ".join(f"{card.label()} from {names[w]}" for w, card in view.draws))
        text.append("\n")
    if view.seen:
        women, suitors = tuple(names), tuple(s.name for s in view.suitors)
        text.append("Seen in arguments\n", style="bold")
        for owner, clue in view.seen:
            text.append(f"• {suitors[owner]} holds: {clue_text(clue, women, suitors)}\n")
    return text
