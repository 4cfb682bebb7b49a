"""Persuasion's screens: the public table, and the private decisions step by step.

Every private decision is a short series of picks (a card, a player, a target)
made with the arrow keys and Enter on one screen behind the curtain; Escape
steps back. The result goes to the rules only at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from rules.engine import Seat
from rules.persuasion.actions import DESCRIPTIONS, NEEDS
from rules.persuasion.state import (
    CardSight,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionView,
    Send,
    UseCard,
)
from tui.base import ParlourScreen
from tui.game_screen import GameScreen
from tui.lists import CardList

if TYPE_CHECKING:
    from tui.flow import GameFlow

MARKS = {"wealth": "$", "standing": "^", "passion": "*"}
"""Symbols also get a mark, so colour never carries them alone."""
STYLES = {"wealth": "#E3C567", "standing": "#8FB8FF", "passion": "#FF7A9A"}


def symbols_text(symbols: Iterable[str]) -> Text:
    text = Text()
    for symbol in symbols:
        text.append(f"{MARKS[symbol]}{symbol} ", style=STYLES[symbol])
    return text


def sight_text(sight: CardSight) -> Text:
    if sight.card is None:
        return Text("face down" + (" (stamped)" if sight.stamped else ""), style="dim")
    text = Text(f"{sight.card.title}: ", style="bold")
    text.append_text(symbols_text(sight.card.symbols))
    if sight.faceup:
        text.append("(face up)", style="italic")
    return text


def players_table(view: PersuasionView) -> Table:
    table = Table(box=None, expand=True, pad_edge=False, header_style="bold")
    table.add_column("", width=1)
    table.add_column("Player", no_wrap=True)
    table.add_column("Face down (stamps)", no_wrap=True)
    table.add_column("Face up", ratio=1)
    table.add_column("Holds", no_wrap=True)
    names = [p.name for p in view.players]
    for index, player in enumerate(view.players):
        up = Text()
        for sight in player.cards:
            if sight.faceup and sight.card is not None:
                up.append(f"{sight.card.title} ")
                up.append_text(symbols_text(sight.card.symbols))
        down = Text(
            " ".join(
                "#" + "".join(names[s][:1] for s in c.stampers)
                for c in player.cards
                if not c.faceup
            )
        )
        holds = ", ".join(names[o] for o in player.holds) or ("sent" if player.mailed else "")
        marker = "H" if index == view.hostex else ""
        table.add_row(marker, player.name, down, up, holds)
    return table


class PersuasionTable(GameScreen):
    """The public table: face-up cards, face-down counts, seals held, hostex, discards."""

    DEFAULT_CSS = """
    PersuasionTable #status { height: 1; background: $panel; padding: 0 1; text-style: bold; }
    PersuasionTable #players { height: auto; padding: 0 1; }
    PersuasionTable #now { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    PersuasionTable #log { height: 1fr; border-top: solid $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("space", "pause", "Pause"),
        Binding("n", "step", "Step"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        yield Static(id="status")
        yield Static(id="players")
        yield Static(id="now")
        with VerticalScroll(id="log"):
            yield Static(id="log-text")

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    def refresh_view(self) -> None:
        view: PersuasionView = self.flow.session.view(None)
        mode = " · Evening Ball" if view.evening_ball else ""
        status = (
            f"Persuasion{mode} · Round {view.round} · {view.phase} · "
            f"Discards: {len(view.discards)} · H hostex · #AB stamps"
        )
        if self.flow.demo:
            status += " · DEMO" + (" (paused)" if self.flow.paused else "")
        self.query_one("#status", Static).update(status)
        self.query_one("#players", Static).update(players_table(view))
        prompt = self.flow.session.prompt
        now = ""
        if prompt is not None:
            who = self.flow.session.seats[prompt.seats[0]]
            now = f"Now: {who.name}{' (bot)' if who.is_bot else ''} · {prompt.text}"
        if view.exchanged:
            names = [p.name for p in view.players]
            now += "\nEngaged: " + "; ".join(f"{names[a]} & {names[b]}" for a, b in view.exchanged)
        self.query_one("#now", Static).update(now)
        self.query_one("#log-text", Static).update("\n".join(view.log[-40:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pause", "step"):
            return self.flow.demo
        return True

    def action_pause(self) -> None:
        self.flow.toggle_pause()
        self.refresh_view()

    def action_step(self) -> None:
        self.flow.step_once()


Step = tuple[str, list[tuple[Text | str, Any]]]
"""A question and its options (label, value)."""


class PickSteps(GameScreen):
    """A private decision made as a series of picks; ``finish`` turns them into an action."""

    DEFAULT_CSS = """
    PickSteps #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    PickSteps #mine { height: auto; padding: 0 1; border-bottom: solid $primary; }
    PickSteps #ask { height: auto; padding: 0 1; text-style: bold; }
    PickSteps OptionList { height: auto; max-height: 14; }
    PickSteps #message { color: $error; padding: 0 1; height: auto; }
    """

    BINDINGS = [
        Binding("enter", "pick", "Choose", priority=True),
        Binding("escape", "back", "Step back"),
        Binding("l", "known", "Cards I know"),
        Binding("h", "hide", "Hide"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat
        self.picks: list[Any] = []

    @property
    def view(self) -> PersuasionView:
        return self.flow.session.view(self.seat)

    def step(self) -> Step | None:
        """The next question, or None when every pick is made."""
        raise NotImplementedError

    def finish(self) -> Any:
        raise NotImplementedError

    def body(self) -> Iterable[Widget]:
        view = self.view
        me = view.players[self.seat]
        diary = view.diary
        yield Static(f"{me.name}, for your eyes only · Round {view.round}", id="who")
        mine = Text()
        if diary is not None:
            mine.append(
                f"Your diary: you desire {MARKS[diary.desired]}{diary.desired}, "
                f"you despise {MARKS[diary.despised]}{diary.despised}.\n"
            )
        mine.append("Your cards: ")
        for sight in me.cards:
            mine.append(f"\n {sight.slot + 1}. ")
            mine.append_text(sight_text(sight))
        yield Static(mine, id="mine")
        yield Static(id="ask")
        yield CardList(id="options")
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self._show()

    def _show(self) -> None:
        step = self.step()
        if step is None:
            self.query_one("#message", Label).update(self.flow.act(self.finish()) or "")
            if self.app.screen is self:
                self.picks.pop()
                self._show()
            return
        question, options = step
        self.query_one("#ask", Static).update(question)
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options([Option(label) for label, _ in options])
        self._values = [value for _, value in options]
        listing.highlighted = 0 if options else None
        listing.focus()

    def action_pick(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is None:
            return
        self.query_one("#message", Label).update("")
        self.picks.append(self._values[index])
        self._show()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

    def action_back(self) -> None:
        if self.picks:
            self.picks.pop()
            self._show()

    def action_hide(self) -> None:
        self.flow.advance()

    def action_known(self) -> None:
        flow, seat, kind = self.flow, self.seat, type(self)
        self.app.switch_screen(KnownCardsScreen(flow, seat, back=lambda: kind(flow, seat)))

    # --- helpers for the steps ------------------------------------------------

    def card_options(self, player: Seat, keep: Callable[[CardSight], bool] = lambda s: True):
        cards = self.view.players[player].cards
        return [(Text.assemble(f"{s.slot + 1}. ", sight_text(s)), s.slot) for s in cards if keep(s)]

    def player_options(self, skip: Iterable[Seat] = ()):
        skipped = set(skip)
        return [(p.name, i) for i, p in enumerate(self.view.players) if i not in skipped]


class IntroScreen(PickSteps):
    def step(self) -> Step | None:
        if not self.picks:
            return "Introductions: which card do you flip face up?", self.card_options(self.seat)
        if len(self.picks) == 1:
            flip = self.picks[0]
            options = self.card_options(self.seat, lambda s: s.slot != flip)
            return "And which card do you discard (with your stamp)?", options
        return None

    def finish(self) -> Introduce:
        return Introduce(self.seat, self.picks[0], self.picks[1])


class MailScreen(PickSteps):
    def step(self) -> Step | None:
        if not self.picks:
            return "Mailing: to whom do you send?", self.player_options(skip=(self.seat,))
        if len(self.picks) == 1:
            to = self.picks[0]
            options: list[tuple[Text | str, Any]] = [("Your ring: a proposal", None)]
            options += self.card_options(self.seat, lambda s: not s.faceup and to not in s.stampers)
            return "Send your ring, or your seal with a card they have not seen:", options
        return None

    def finish(self) -> Send:
        return Send(self.seat, self.picks[0], self.picks[1])


class FinalScreen(PickSteps):
    def step(self) -> Step | None:
        if not self.picks:
            options: list[tuple[Text | str, Any]] = [("To the discards", None)]
            options += self.player_options(skip=(self.seat,))
            return "Your last chance: where does your ring go?", options
        return None

    def finish(self) -> FinalRing:
        return FinalRing(self.seat, self.picks[0])


class ReceptionScreen(PickSteps):
    """Use a card's action (or pass); holding nothing, discard one of anyone's cards."""

    def step(self) -> Step | None:
        view = self.view
        holds = view.players[self.seat].holds
        if not holds:
            return self._forced_step()
        if not self.picks:
            options: list[tuple[Text | str, Any]] = [("Pass: use no card", "pass")]
            for owner in holds:
                for sight in view.players[owner].cards:
                    if sight.card is not None:
                        label = Text.assemble(
                            f"{view.players[owner].name}'s ",
                            sight_text(sight),
                            " -> ",
                            DESCRIPTIONS[sight.card.action],
                        )
                        options.append((label, (owner, sight.slot, sight.card.action)))
            return "Whose card's action do you use?", options
        if self.picks[0] == "pass":
            return None
        owner, _, kind = self.picks[0]
        needs = NEEDS[kind]
        answers = self.picks[1:]
        if len(answers) == len(needs):
            return None
        need = needs[len(answers)]
        if need == "player":
            return "Which bystander?", self.player_options(skip=(self.seat, owner))
        if need == "target":
            player = answers[0] if needs[0] == "player" else owner
            return f"Which of {view.players[player].name}'s cards?", self.card_options(player)
        if need == "mine":
            return "Which of your cards?", self.card_options(self.seat)
        options = [(Text.assemble(f"{s.slot + 1}. ", sight_text(s)), s.slot) for s in view.discards]
        return "Which card from the discards?", options

    def _forced_step(self) -> Step | None:
        if not self.picks:
            return (
                "You hold nothing: whose card do you discard (yours too)?",
                self.player_options(),
            )
        if len(self.picks) == 1:
            player = self.picks[0]
            return (
                f"Which of {self.view.players[player].name}'s cards?",
                self.card_options(player),
            )
        return None

    def finish(self) -> Any:
        if not self.view.players[self.seat].holds:
            return ForcedDiscard(self.seat, self.picks[0], self.picks[1])
        if self.picks[0] == "pass":
            return Pass(self.seat)
        owner, slot, kind = self.picks[0]
        values = dict(zip(NEEDS[kind], self.picks[1:], strict=True))
        return UseCard(self.seat, owner, slot, **values)


class KnownCardsScreen(GameScreen):
    """Every card this seat is aware of, and any new private notes."""

    DEFAULT_CSS = """
    KnownCardsScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    KnownCardsScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("enter,escape", "close", "Back", key_display="⏎"),
        Binding("h", "close", "Hide"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(
        self,
        flow: GameFlow,
        seat: Seat,
        notes: tuple[str, ...] = (),
        back: Callable[[], GameScreen] | None = None,
    ) -> None:
        super().__init__(flow)
        self.seat = seat
        self.notes = notes
        self.back = back

    def body(self) -> Iterable[Widget]:
        view: PersuasionView = self.flow.session.view(self.seat)
        yield Static(f"{view.players[self.seat].name}: the cards you know", id="who")
        text = Text()
        if self.notes:
            text.append("New for you\n", style="bold")
            for note in self.notes:
                text.append(f"• {note}\n")
            text.append("\n")
        if view.diary is not None:
            text.append(
                f"Your diary: desire {view.diary.desired}, despise {view.diary.despised}\n\n"
            )
        for player in view.players:
            known = [s for s in player.cards if s.card is not None]
            text.append(f"{player.name}: ", style="bold")
            text.append(f"{len(player.cards)} cards, {len(known)} known\n")
            for sight in known:
                text.append("  ")
                text.append_text(sight_text(sight))
                assert sight.card is not None
                text.append(f" ({DESCRIPTIONS[sight.card.action]})\n", style="dim")
        known = [s for s in view.discards if s.card is not None]
        text.append(f"Discards: {len(view.discards)} cards, {len(known)} known\n", style="bold")
        for sight in known:
            text.append("  ")
            text.append_text(sight_text(sight))
            text.append("\n")
        with VerticalScroll():
            yield Static(text)

    def action_close(self) -> None:
        if self.back is not None:
            self.app.switch_screen(self.back())
        elif self.notes:
            self.flow.notes_read(self.seat)
        else:
            self.flow.advance()
