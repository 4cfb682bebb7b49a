"""The privacy curtain: an opaque full screen between players.

It names who should take the keyboard and shows nothing private. Only that
seat's confirmation (Enter, and the PIN when one is set) lifts it; under the
"enlarge the terminal" notice nothing does.

A curtain that a key pressed at the public table asked for (``asked``: a clue book,
a console, retiring) is that person's alone: Escape goes back to the table, and u
there takes back only their own move, never the move of the person before them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual._context import NoActiveAppError
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from rules.engine import Seat
from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen
from tui.kit.keys import after_keys
from tui.kit.table import TableScreen
from tui.kit.take_back import TAKE_BACK, TAKE_BACK_HELP, TakeBack
from tui.messages import Hide
from tui.pin_guard import PinDoor
from tui.port import Table

READY = "Type your PIN and press Enter."
ASKED_HELP = (
    "This curtain came at a key pressed at the table: Escape goes back to the table, and "
    "u takes back only this person's own last move. "
)
VISIT_HELP = (
    "Once it is lifted, whatever is for you (notes to read, your next steps) follows "
    "without another curtain, until the table shows or you hide your screen. "
)
PIN_HELP = (
    "A PIN keeps other eyes off this seat's screen: only the one who set it lifts "
    "the curtain. Three wrong tries are free; after that each try waits, 15 seconds "
    "and then twice as long each time. A PIN is no lock on the save file: someone "
    "who can read the saves folder could work it out, given time. "
)


class CurtainScreen(TakeBack, ParlourScreen):
    """ "Pass the keyboard to NAME": lifts on NAME's Enter (and PIN)."""

    PRIVATE = True

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen #curtain-box {
        width: 64; max-width: 100%; height: auto; border: double $primary; padding: 1 2;
        background: $surface;
    }
    CurtainScreen.-narrow #curtain-box { padding: 1 1; }
    CurtainScreen .curtain-title { text-style: bold; width: 100%; text-align: center; }
    CurtainScreen .curtain-line { width: 100%; text-align: center; margin-top: 1; }
    CurtainScreen #pin { width: 20; margin-top: 1; }
    CurtainScreen #pin-error { width: 100%; text-align: center; color: $error; }
    CurtainScreen #said { width: 100%; text-align: center; color: $warning; display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "lift", "Open the curtain", priority=True),
        Binding("escape", "back", "Back to the table"),
        *TAKE_BACK,
        *HELP_BINDINGS,
    ]

    def __init__(
        self,
        name: str,
        doing: str,
        on_lift: Callable[[], None],
        pin: PinDoor | None = None,
        help_title: str = "Parlour",
        rules: str = "",
        phase: str = "",
        table: Table | None = None,
    ) -> None:
        super().__init__()
        self.seat_name = name
        self.doing = doing
        self._on_lift = on_lift
        self._pin = pin
        self._help = (help_title, rules, phase)
        self._table = table
        """The table, for taking back the move just made (None: no take-back here)."""
        self.asked = self._asked_by_table(name)
        """The seat whose private screen a key at the public table asked for (None: the
        curtain came for the next step, after a move)."""

    def _asked_by_table(self, name: str) -> Seat | None:
        """The seat named ``name`` when the public table under this curtain has just
        asked for that person's private screen (``TableScreen.asking``)."""
        try:
            under = self.app.screen
        except NoActiveAppError:  # (a curtain made outside any app: nothing under it)
            return None
        if not isinstance(under, TableScreen) or under.asking is None:
            return None
        return under.asking if under.table.seats[under.asking].name == name else None

    def body(self) -> Iterable[Widget]:
        name = self.seat_name
        with Vertical(id="curtain-box"):
            yield Static(Text(f"Pass the keyboard to {name}"), classes="curtain-title")
            yield Static(Text(self.doing), classes="curtain-line")
            if self._pin is not None:
                yield Static(
                    Text(f"{name}: type your PIN and press Enter."), classes="curtain-line"
                )
                with Center():
                    yield Field(
                        placeholder="PIN", password=True, max_length=4, id="pin", restrict=r"[0-9]*"
                    )
                yield Label(Text(self._pin.waiting()), id="pin-error")
            else:
                yield Static(
                    Text(
                        f"Everyone else, look away. {name}: press Enter when only "
                        "you can see the screen."
                    ),
                    classes="curtain-line",
                )
            yield Label("", id="said")

    def on_mount(self) -> None:
        super().on_mount()
        if self._pin is not None:
            self.take_focus(self.query_one("#pin", Input))
            self.set_interval(1.0, self.show_wait)

    def show_wait(self) -> None:
        """Count a running wait down; once it is over, say the PIN may be tried."""
        if self._pin is None:
            return
        label = self.query_one("#pin-error", Label)
        waiting = self._pin.waiting()
        if waiting:
            label.update(Text(waiting))
        elif "next try" in str(label.content):
            label.update(Text(READY))

    def on_mouse_up(self) -> None:
        # A click anywhere on the curtain must not take the keys away from the PIN.
        if self._pin is not None:
            self.query_one("#pin", Input).focus()

    def help_title(self) -> str:
        return self._help[0]

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.asked is not None
        if action in self.TAKE_BACK_ACTIONS:
            table = self._table
            if self.asked is not None and table is not None and table.last_mover() != self.asked:
                return False  # another person's move: never from this person's curtain
            return self.take_back_allowed(action)
        return True

    def action_back(self) -> None:
        """Back to the table, the curtain still down (Escape, on a curtain asked for)."""
        if self.asked is not None:
            self.post_message(Hide(self.asked))

    def take_back_table(self) -> Table | None:
        return self._table

    def tell(self, message: str | None) -> None:
        said = self.query_one("#said", Label)
        said.update(Text(message or ""))
        said.display = bool(message)

    def announce(self, message: str) -> None:
        self.app.notify(message)

    def rules_text(self) -> str:
        return self._help[1]

    def phase_help(self) -> str:
        pin = PIN_HELP if self._pin is not None else ""
        return (
            f"The curtain hides the table while the keyboard passes to {self.seat_name}. "
            + VISIT_HELP
            + (ASKED_HELP if self.asked is not None else "")
            + pin
            + self._help[2]
            + (TAKE_BACK_HELP if self._table is not None else "")
        )

    @on(Input.Submitted, "#pin")
    def _pin_submitted(self) -> None:
        self.action_lift()

    @after_keys
    def action_lift(self) -> None:
        if self.too_small:
            return
        if self._pin is not None:
            field = self.query_one("#pin", Input)
            answer = self._pin.attempt(field.value)
            field.value = ""
            if not answer.lifted:
                self.query_one("#pin-error", Label).update(Text(answer.message))
                return
        self._on_lift()
