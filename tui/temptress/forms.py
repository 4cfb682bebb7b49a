"""Public forms at the Temptress table: courting a woman, starting an argument, a promise.

Each is pushed over the table; it checks the action with the rules first, so
a refusal keeps the form open with the reason, and a legal action closes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual import on
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from rules.engine import Seat
from rules.temptress.actions import ClaimFloor, SetStake, StartArgument
from tui.base import ParlourScreen
from tui.game_screen import GameScreen

if TYPE_CHECKING:
    from tui.flow import GameFlow


class TableForm(GameScreen):
    """A small public form over the table; Escape goes back without acting."""

    DEFAULT_CSS = """
    TableForm { align: center middle; }
    TableForm #form-title { width: 70; text-style: bold; background: $panel; padding: 0 1; }
    TableForm OptionList { width: 70; height: auto; max-height: 8; }
    TableForm Input { width: 70; }
    TableForm #form-help { width: 70; color: $text-muted; }
    TableForm #message { width: 70; color: $error; }
    """

    BINDINGS = [
        Binding("ctrl+s", "submit", "Confirm", priority=True),
        Binding("escape", "back", "Back"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat

    def submit_action(self) -> Any:
        raise NotImplementedError

    def action_submit(self) -> None:
        action = self.submit_action()
        if action is None:
            return
        refusal = self.flow.check(action)
        if refusal:
            self.query_one("#message", Label).update(refusal)
            return
        self.app.pop_screen()
        self.flow.act(action)

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    def _done(self) -> None:
        self.action_submit()

    def action_back(self) -> None:
        self.app.pop_screen()


class CourtScreen(TableForm):
    """Claim the floor: aim at a woman and say what you do."""

    def body(self) -> Iterable[Widget]:
        view = self.flow.session.view(None)
        name = view.suitors[self.seat].name
        yield Static(f"{name} takes the floor: whom do you court?", id="form-title")
        yield OptionList(
            *(
                Option(f"{i + 1}. {w.name}: {w.personality}", id=str(i))
                for i, w in enumerate(view.women)
            ),
            id="women",
        )
        yield Input(
            placeholder="What do you do? (optional, one line)", id="description", max_length=120
        )
        yield Static("Arrows pick the woman; Ctrl+S (or Enter) confirms.", id="form-help")
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        women = self.query_one(OptionList)
        women.highlighted = 0
        self.query_one("#description", Input).focus()

    def submit_action(self) -> ClaimFloor:
        woman = self.query_one(OptionList).highlighted or 0
        return ClaimFloor(self.seat, woman, self.query_one("#description", Input).value)


class ArgueScreen(TableForm):
    """Start an argument: whom, and how many Rapport chips."""

    def body(self) -> Iterable[Widget]:
        view = self.flow.session.view(None)
        me = view.suitors[self.seat]
        yield Static(
            f"{me.name} starts an argument (you have {me.rapport} Rapport)", id="form-title"
        )
        yield OptionList(
            *(
                Option(f"{s.name} ({s.rapport} Rapport{', immune' if s.immune else ''})", id=str(i))
                for i, s in enumerate(view.suitors)
                if i != self.seat and not s.out
            ),
            id="opponents",
        )
        yield Input(
            "1", placeholder="Rapport chips to spend", id="chips", restrict=r"[0-9]*", max_length=2
        )
        yield Static(
            "They may pay the same to avoid it. Ctrl+S (or Enter) confirms.", id="form-help"
        )
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        opponents = self.query_one(OptionList)
        opponents.highlighted = 0
        opponents.focus()

    def submit_action(self) -> StartArgument | None:
        opponents = self.query_one(OptionList)
        if opponents.highlighted is None:
            return None
        opponent = int(str(opponents.get_option_at_index(opponents.highlighted).id))
        text = self.query_one("#chips", Input).value
        return StartArgument(self.seat, opponent, int(text) if text.isdigit() else 0)


class PromiseScreen(TableForm):
    """The promise you want from the other side if you win the argument."""

    def __init__(self, flow: GameFlow, seat: Seat, kind: str) -> None:
        super().__init__(flow, seat)
        self.kind = kind

    def body(self) -> Iterable[Widget]:
        name = self.flow.session.seats[self.seat].name
        yield Static(f"{name}: what must the other suitor promise you?", id="form-title")
        yield Input(
            placeholder="e.g. You will not oppose my next action", id="promise", max_length=120
        )
        yield Static(
            "It goes into the pact log if you win. Ctrl+S (or Enter) confirms.", id="form-help"
        )
        yield Label("", id="message")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Input).focus()

    def submit_action(self) -> SetStake:
        return SetStake(self.seat, self.kind, self.query_one(Input).value)
