"""The privacy curtain: an opaque full screen between players.

It names who should take the keyboard and shows nothing private. Only that
seat's confirmation (Enter, and the PIN when one is set) lifts it; under the
"enlarge the terminal" notice nothing does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen


class CurtainScreen(ParlourScreen):
    """ "Pass the keyboard to NAME": lifts on NAME's Enter (and PIN)."""

    PRIVATE = True

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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "lift", "Open the curtain", priority=True),
        *HELP_BINDINGS,
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
        name = self.seat_name
        with Vertical(id="curtain-box"):
            yield Static(Text(f"Pass the keyboard to {name}"), classes="curtain-title")
            yield Static(Text(self.doing), classes="curtain-line")
            if self._pin_check is not None:
                yield Static(
                    Text(f"{name}: type your PIN and press Enter."), classes="curtain-line"
                )
                with Center():
                    yield Field(
                        placeholder="PIN", password=True, max_length=4, id="pin", restrict=r"[0-9]*"
                    )
                yield Label("", id="pin-error")
            else:
                yield Static(
                    Text(
                        f"Everyone else, look away. {name}: press Enter when only "
                        "you can see the screen."
                    ),
                    classes="curtain-line",
                )

    def on_mount(self) -> None:
        super().on_mount()
        if self._pin_check is not None:
            self.take_focus(self.query_one("#pin", Input))

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
        if self.too_small:
            return
        if self._pin_check is not None:
            field = self.query_one("#pin", Input)
            if not self._pin_check(field.value):
                field.value = ""
                self.query_one("#pin-error", Label).update("That is not the PIN. Try again.")
                return
        self._on_lift()
