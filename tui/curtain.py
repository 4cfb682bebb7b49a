"""The privacy curtain: an opaque full screen between players.

It names who should take the keyboard and shows nothing private. Only that
seat's confirmation (Enter, and the PIN when one is set) lifts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual import on
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from tui.base import ParlourScreen


class CurtainScreen(ParlourScreen):
    """ "Pass the keyboard to NAME": lifts on NAME's Enter (and PIN)."""

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen #curtain-box {
        width: 64; height: auto; border: double $primary; padding: 1 2;
        background: $surface;
    }
    CurtainScreen .curtain-title { text-style: bold; width: 100%; text-align: center; }
    CurtainScreen .curtain-line { width: 100%; text-align: center; margin-top: 1; }
    CurtainScreen #pin { width: 20; margin-top: 1; }
    CurtainScreen #pin-error { width: 100%; text-align: center; color: $error; }
    """

    BINDINGS = [
        Binding("enter", "lift", "Open the curtain", priority=True),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(
        self,
        name: str,
        doing: str,
        on_lift: Callable[[], None],
        pin_check: Callable[[str], bool] | None = None,
        help_title: str = "Parlour",
        rules: str = "",
        phase: str = "",
    ) -> None:
        super().__init__()
        self.seat_name = name
        self.doing = doing
        self._on_lift = on_lift
        self._pin_check = pin_check
        self._help = (help_title, rules, phase)

    def body(self) -> Iterable[Widget]:
        with Vertical(id="curtain-box"):
            yield Static(f"Pass the keyboard to {self.seat_name}", classes="curtain-title")
            yield Static(self.doing, classes="curtain-line")
            if self._pin_check is not None:
                yield Static(
                    f"{self.seat_name}: type your PIN and press Enter.", classes="curtain-line"
                )
                with Center():
                    yield Input(
                        placeholder="PIN", password=True, max_length=4, id="pin", restrict=r"[0-9]*"
                    )
                yield Label("", id="pin-error")
            else:
                yield Static(
                    f"Everyone else, look away. {self.seat_name}: press Enter when only "
                    "you can see the screen.",
                    classes="curtain-line",
                )

    def on_mount(self) -> None:
        super().on_mount()
        if self._pin_check is not None:
            self.query_one("#pin", Input).focus()

    def help_title(self) -> str:
        return self._help[0]

    def rules_text(self) -> str:
        return self._help[1]

    def phase_help(self) -> str:
        return (
            f"The curtain hides the table while the keyboard passes to {self.seat_name}. "
            + self._help[2]
        )

    @on(Input.Submitted, "#pin")
    def _pin_submitted(self) -> None:
        self.action_lift()

    def action_lift(self) -> None:
        if self._pin_check is not None:
            field = self.query_one("#pin", Input)
            if not self._pin_check(field.value):
                field.value = ""
                self.query_one("#pin-error", Label).update("That is not the PIN. Try again.")
                return
        self._on_lift()
