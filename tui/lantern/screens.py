"""Ye Olde Rusty Lantern's screens: the tale, the writing desk, interruptions, the Barkeep.

The public table reads like the story so far, with a status line of card
counts, Ale, Loose Ends and whose turn. Writing happens behind the curtain in
a text editor with a live word count; the Barkeep's console (a person) sees
every hand and rules with a key and a reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, SelectionList, Static, TextArea
from textual.widgets.option_list import Option

from rules.engine import Seat
from rules.lantern.state import (
    DENY_REASONS,
    PERSON,
    Closing,
    Interrupt,
    LanternView,
    PassTurn,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
)
from tui.base import ParlourScreen
from tui.game_screen import GameScreen
from tui.lists import CardList, CardSelection

if TYPE_CHECKING:
    from tui.flow import GameFlow


def status_text(view: LanternView) -> Text:
    text = Text()
    for index, bard in enumerate(view.bards):
        if bard.bench is None:
            continue
        mark = ">" if index == view.turn else " "
        text.append(
            f"{mark}{bard.name}: {bard.cards} cards, {bard.ale} Ale  ",
            style="bold" if index == view.turn else "",
        )
    text.append(f"\nDeck {view.deck} · burned {view.burned} · Loose Ends: ")
    text.append(", ".join(view.table) or "none", style="italic")
    return text


def tale_text(view: LanternView) -> Text:
    names = dict(view.elements_named)
    text = Text()
    if not view.tale:
        text.append("The tale has not begun. The fire is lit; who will start?", style="dim")
    for passage in view.tale:
        bard = view.bards[passage.bard].name
        card = f" · {names.get(passage.card, '?')}" if passage.card is not None else ""
        text.append(f"{bard}{card}\n", style="bold")
        text.append(passage.text + "\n\n")
    attempt = view.attempt
    if attempt is not None:
        card = names.get(attempt.card, "") if attempt.card is not None else "no card"
        text.append(f"Under review: {view.bards[attempt.bard].name} ({card})\n", style="bold")
        text.append(attempt.text + "\n", style="italic")
        for seat, claimed in attempt.interruptions:
            text.append(f"Interrupted by {view.bards[seat].name}: {names.get(claimed, '?')}\n")
    return text


class LanternTable(GameScreen):
    """The public tale and status; public decisions by the Bard named in the status."""

    DEFAULT_CSS = """
    LanternTable #status { height: auto; background: $panel; padding: 0 1; }
    LanternTable #tale { height: 1fr; padding: 0 1; }
    LanternTable #now { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    LanternTable #message { height: auto; padding: 0 1; color: $error; }
    """

    BINDINGS = [
        Binding("i", "interrupt", "Interrupt"),
        Binding("l", "let_go", "Let it go"),
        Binding("v", "vote(True)", "Vote verify"),
        Binding("x", "vote(False)", "Vote deny"),
        Binding("w", "closing", "Write the ending"),
        Binding("k", "end_dry", "End the tale"),
        Binding("b", "bards", "Bards come and go"),
        Binding("o", "barkeep", "Barkeep"),
        Binding("space", "pause", "Pause"),
        Binding("n", "step", "Step"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        yield Static(id="status")
        with VerticalScroll(id="tale"):
            yield Static(id="tale-text")
        yield Static(id="now")
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    def refresh_view(self) -> None:
        view: LanternView = self.flow.session.view(None)
        self.query_one("#status", Static).update(status_text(view))
        self.query_one("#tale-text", Static).update(tale_text(view))
        self.query_one("#tale", VerticalScroll).scroll_end(animate=False)
        prompt = self.flow.session.prompt
        now = ""
        if prompt is not None:
            seat = prompt.seats[0]
            plan = self.flow.session.seats[seat]
            now = f"Now: {plan.name}{' (bot)' if plan.is_bot else ''} · {prompt.text}"
        if self.flow.demo:
            now += "  [DEMO: seats are demo Bards and a demo Barkeep]"
        self.query_one("#now", Static).update(now)
        self.refresh_bindings()

    def _seat(self) -> Seat | None:
        prompt = self.flow.session.prompt
        if prompt is None or prompt.private:
            return None
        seat = prompt.seats[0]
        return None if self.flow.session.seats[seat].is_bot else seat

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        prompt = self.flow.session.prompt
        kind = prompt.kind if prompt else ""
        if action in ("pause", "step"):
            return self.flow.demo
        if action == "barkeep":
            return self.flow.session.state.config.barkeep == PERSON and not self.flow.demo
        if action == "bards":
            return kind in ("turn", "suspended") and not self.flow.demo
        live = {
            "interrupt": kind == "window",
            "let_go": kind == "window",
            "vote": kind in ("ruling", "interruptions"),
            "closing": kind == "closing",
            "end_dry": kind == "dry",
        }
        if action in live:
            return live[action] and self._seat() is not None
        return True

    def _act(self, action: object) -> None:
        self.query_one("#message", Label).update(self.flow.act(action) or "")

    def action_interrupt(self) -> None:
        seat = self._seat()
        if seat is not None:
            self.flow.behind_curtain(
                seat,
                "Interrupt: name a card of yours the play mentioned.",
                lambda: InterruptScreen(self.flow, seat),
            )

    def action_let_go(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Interrupt(seat, None))

    def action_vote(self, verify: bool) -> None:
        seat = self._seat()
        prompt = self.flow.session.prompt
        if seat is None or prompt is None:
            return
        if prompt.kind == "ruling":
            self._act(Rule(seat, verify))
        else:
            self._act(RuleInterruption(seat, verify))

    def action_closing(self) -> None:
        seat = self._seat()
        if seat is not None:
            self.app.switch_screen(WritingScreen(self.flow, seat, closing=True))

    def action_end_dry(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Restock(seat))

    def action_bards(self) -> None:
        self.app.push_screen(BardsScreen(self.flow))

    def action_barkeep(self) -> None:
        seat = len(self.flow.session.state.config.bards)
        self.flow.behind_curtain(
            seat, "The Barkeep's console.", lambda: BarkeepScreen(self.flow, seat)
        )

    def action_pause(self) -> None:
        self.flow.toggle_pause()
        self.refresh_view()

    def action_step(self) -> None:
        self.flow.step_once()


class WritingScreen(GameScreen):
    """The writing desk: prose with a live word count, the hand, the Loose Ends to claim."""

    DEFAULT_CSS = """
    WritingScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    WritingScreen TextArea { height: 1fr; }
    WritingScreen #side { width: 36; }
    WritingScreen #count { height: 1; padding: 0 1; }
    WritingScreen OptionList, WritingScreen SelectionList { height: auto; max-height: 9; }
    WritingScreen #message { color: $error; height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("ctrl+s", "play", "Tell", priority=True),
        Binding("ctrl+l", "loose", "Loose End", priority=True),
        Binding("ctrl+n", "pass_turn", "Pass", priority=True),
        Binding("ctrl+b", "burn_pass", "Burn+pass", priority=True),
        Binding("ctrl+h", "hide", "Hide", priority=True),
        Binding("ctrl+j", "bards", "Bards", priority=True),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat, closing: bool = False) -> None:
        super().__init__(flow)
        self.seat = seat
        self.closing = closing
        self.loose_end = False

    @property
    def view(self) -> LanternView:
        return self.flow.session.view(self.seat)

    def body(self) -> Iterable[Widget]:
        view = self.view
        names = dict(view.elements_named)
        title = "the closing passage" if self.closing else "the next part of the tale"
        yield Static(f"{view.bards[self.seat].name}: write {title} (for your eyes only)", id="who")
        with Horizontal():
            with Vertical():
                yield TextArea(id="prose")
                yield Static(id="count")
            with Vertical(id="side"):
                if not self.closing:
                    yield Static("Name a card:")
                    yield CardList(*(Option(names[c], id=str(c)) for c in view.hand), id="hand")
                    yield Static("Tie off Loose Ends (space):")
                    yield CardSelection[int](*((names[c], c) for c in view.table_ids), id="ties")
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(TextArea).focus()
        if not self.closing and self.view.hand:
            self.query_one("#hand", OptionList).highlighted = 0
        self._count()

    @on(TextArea.Changed)
    def _count(self) -> None:
        low, high = self.view.words
        words = len(self.query_one(TextArea).text.split())
        fits = "within" if low <= words <= high else "outside"
        loose = " · suggesting its card as a Loose End" if self.loose_end else ""
        self.query_one("#count", Static).update(
            f"{words} words ({fits} the guideline of {low}-{high}){loose}"
        )

    def _card(self) -> int | None:
        if self.closing or not self.view.hand:
            return None
        hand = self.query_one("#hand", OptionList)
        if hand.highlighted is None:
            return None
        return int(str(hand.get_option_at_index(hand.highlighted).id))

    def _say(self, message: str | None) -> None:
        self.query_one("#message", Label).update(message or "")

    def action_play(self) -> None:
        text = self.query_one(TextArea).text
        if self.closing:
            self._say(self.flow.act(Closing(self.seat, text)))
            return
        ties = tuple(self.query_one("#ties", SelectionList).selected)
        self._say(self.flow.act(Play(self.seat, text, self._card(), ties, self.loose_end)))

    def action_loose(self) -> None:
        self.loose_end = not self.loose_end
        self._count()

    def action_pass_turn(self) -> None:
        if not self.closing:
            self._say(self.flow.act(PassTurn(self.seat)))

    def action_bards(self) -> None:
        if not self.closing:
            self.app.push_screen(BardsScreen(self.flow))

    def action_burn_pass(self) -> None:
        card = self._card()
        if not self.closing and card is not None:
            self._say(self.flow.act(PassTurn(self.seat, card)))

    def action_hide(self) -> None:
        self.flow.advance()


class InterruptScreen(GameScreen):
    """Name the card from your hand that the play mentioned."""

    DEFAULT_CSS = """
    InterruptScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    InterruptScreen #play { height: auto; max-height: 10; padding: 0 1; }
    InterruptScreen OptionList { height: auto; max-height: 10; }
    InterruptScreen #message { color: $error; height: auto; }
    """

    BINDINGS = [
        Binding("enter", "pick", "Interrupt", priority=True),
        Binding("escape", "back", "Let it go"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat

    def body(self) -> Iterable[Widget]:
        view: LanternView = self.flow.session.view(self.seat)
        names = dict(view.elements_named)
        yield Static(f"{view.bards[self.seat].name}: which of your cards did it mention?", id="who")
        yield Static(view.attempt.text if view.attempt else "", id="play")
        yield CardList(*(Option(names[c], id=str(c)) for c in view.hand))
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).highlighted = 0
        self.query_one(OptionList).focus()

    def action_pick(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        card = int(str(options.get_option_at_index(options.highlighted).id))
        self.query_one("#message", Label).update(self.flow.act(Interrupt(self.seat, card)) or "")

    def action_back(self) -> None:
        self.flow.act(Interrupt(self.seat, None))


class BarkeepScreen(GameScreen):
    """The Barkeep's console: every hand, the deck, the play, and a key for each ruling."""

    DEFAULT_CSS = """
    BarkeepScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    BarkeepScreen #task { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    BarkeepScreen VerticalScroll { height: 1fr; padding: 0 1; }
    BarkeepScreen Input { height: 3; }
    BarkeepScreen #message { color: $error; height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("ctrl+v", "verify", "Verify", priority=True),
        Binding("ctrl+l", "loose", "Loose End", priority=True),
        Binding("ctrl+t", "tie_all", "Tie claimed", priority=True),
        Binding("ctrl+d", "deny", "Deny (reason 1-8)", priority=True),
        Binding("ctrl+e", "end", "End the tale", priority=True),
        Binding("ctrl+h", "hide", "Hide", priority=True),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat
        self.loose_end = False
        self.tie = True

    @property
    def view(self) -> LanternView:
        return self.flow.session.view(self.seat)

    def body(self) -> Iterable[Widget]:
        yield Static(f"{self.view.barkeep_name}: the Barkeep's console (secret)", id="who")
        yield Static(id="task")
        yield Input(placeholder="deny reason 1-8 / new elements separated by ;", id="entry")
        yield Label("", id="message")
        with VerticalScroll():
            yield Static(self._secrets())

    def on_mount(self) -> None:
        super().on_mount()
        self._show_task()
        self.query_one(Input).focus()

    def _secrets(self) -> Text:
        view = self.view
        names = dict(view.elements_named)
        text = Text()
        attempt = view.attempt
        if attempt is not None:
            card = names.get(attempt.card, "") if attempt.card is not None else "no card"
            text.append(f"Under review: {view.bards[attempt.bard].name} ({card})\n", style="bold")
            text.append(attempt.text + "\n", style="italic")
            if attempt.ties:
                text.append(
                    "Claims to tie off: " + ", ".join(names[t] for t in attempt.ties) + "\n"
                )
            if attempt.loose_end:
                text.append("The Bard suggests the card becomes a Loose End.\n")
            for seat, claimed in attempt.interruptions:
                text.append(f"Interrupted by {view.bards[seat].name}: {names[claimed]}\n")
        text.append("\nHands\n", style="bold")
        for index, hand in enumerate(view.hands):
            text.append(f"{view.bards[index].name}: " + ", ".join(names[c] for c in hand) + "\n")
        text.append(
            f"Deck ({len(view.deck_cards)}): "
            + ", ".join(names[c] for c in view.deck_cards[:40])
            + "\n"
        )
        return text

    def _show_task(self) -> None:
        phase = self.view.phase
        reasons = " ".join(f"{i + 1}:{key}" for i, key in enumerate(DENY_REASONS))
        if phase == "ruling":
            line = (
                f"Rule on the play: ctrl+v verify (Loose End {'ON' if self.loose_end else 'off'}"
                f", ctrl+l; tie claimed {'ON' if self.tie else 'off'}, ctrl+t), or type a "
                f"reason number and ctrl+d to deny. {reasons}"
            )
        elif phase == "interruptions":
            line = "Rule on the interruption: ctrl+v it stands, ctrl+d it was not mentioned."
        elif phase == "dry":
            line = "The deck is dry: type new elements (separated by ;) and ctrl+v, or ctrl+e."
        else:
            line = "Nothing to rule on now. ctrl+h goes back."
        self.query_one("#task", Static).update(line)

    def _act(self, action: object) -> None:
        self.query_one("#message", Label).update(self.flow.act(action) or "")

    def action_verify(self) -> None:
        view = self.view
        if view.phase == "ruling" and view.attempt is not None:
            tied = view.attempt.ties if self.tie else ()
            self._act(Rule(self.seat, True, loose_end=self.loose_end, tied=tied))
        elif view.phase == "interruptions":
            self._act(RuleInterruption(self.seat, True))
        elif view.phase == "dry":
            entry = self.query_one(Input).value
            self._act(Restock(self.seat, tuple(e.strip() for e in entry.split(";"))))

    def action_deny(self) -> None:
        view = self.view
        if view.phase == "interruptions":
            self._act(RuleInterruption(self.seat, False))
            return
        entry = self.query_one(Input).value.strip()
        keys = list(DENY_REASONS)
        if not entry.isdigit() or not 1 <= int(entry) <= len(keys):
            self.query_one("#message", Label).update(
                f"Type the number of a reason (1-{len(keys)}) first."
            )
            return
        self._act(Rule(self.seat, False, keys[int(entry) - 1]))

    def action_loose(self) -> None:
        self.loose_end = not self.loose_end
        self._show_task()

    def action_tie_all(self) -> None:
        self.tie = not self.tie
        self._show_task()

    def action_end(self) -> None:
        if self.view.phase == "dry":
            self._act(Restock(self.seat))

    def action_hide(self) -> None:
        self.flow.advance()


class BardsScreen(GameScreen):
    """Bards come and go between turns: seat one on a free bench, or let one leave."""

    joining: int | None = None

    DEFAULT_CSS = """
    BardsScreen { align: center middle; }
    BardsScreen OptionList { width: 60; height: auto; max-height: 12; }
    BardsScreen #message { color: $error; width: 60; }
    """

    BINDINGS = [
        Binding("enter", "pick", "Seat or release", priority=True),
        Binding("escape", "back", "Back"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        view: LanternView = self.flow.session.view(None)
        options = []
        for index, bard in enumerate(view.bards):
            if bard.gone:
                continue
            where = f"on bench {bard.bench + 1}: leave" if bard.bench is not None else "away: seat"
            options.append(Option(f"{bard.name} ({where})", id=str(index)))
        yield OptionList(*options)
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).highlighted = 0
        self.query_one(OptionList).focus()

    def action_pick(self) -> None:
        from rules.lantern.state import Leave

        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        choice = str(options.get_option_at_index(options.highlighted).id)
        view: LanternView = self.flow.session.view(None)
        state = self.flow.session.state
        if choice.startswith("bench-"):
            assert self.joining is not None
            barkeep = (
                len(state.config.bards)
                if view.barkeep == PERSON
                else (view.turn if view.turn is not None else self.joining)
            )
            self._try(SeatBard(barkeep, self.joining, int(choice[6:])))
            return
        bard = int(choice)
        if view.bards[bard].bench is not None:
            self._try(Leave(bard))
            return
        taken = {b.bench for b in view.bards if b.bench is not None}
        free = [n for n in range(view.benches) if n not in taken]
        if not free:
            self.query_one("#message", Label).update("Every bench is taken.")
            return
        self.joining = bard
        options.clear_options()
        options.add_options([Option(f"Bench {n + 1}", id=f"bench-{n}") for n in free])
        options.highlighted = 0
        self.query_one("#message", Label).update(
            f"Which bench for {view.bards[bard].name}? (the Barkeep chooses)"
        )

    def _try(self, action: object) -> None:
        refusal = self.flow.check(action)
        if refusal:
            self.query_one("#message", Label).update(refusal)
            return
        self.app.pop_screen()
        self.flow.act(action)

    def action_back(self) -> None:
        self.app.pop_screen()
