"""A small public form pushed over the table (courting a woman, seating a Bard).

It checks the action with the rules first, so a refusal keeps the form open
with the reason; a legal action goes to the table (whose next screen replaces
the form). Escape goes back without acting.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from rules.engine import Seat
from tui.kit.base import HELP_BINDINGS
from tui.kit.game import HINT, GameScreen
from tui.kit.keys import after_keys
from tui.messages import CloseForm
from tui.port import Table
from tui.widgets.hint import HintLine


class FormScreen(GameScreen):
    """A public form over the table for ``seat`` (None: anyone at the table)."""

    DEFAULT_CSS = """
    FormScreen { align: center middle; }
    FormScreen > * { width: 76; max-width: 100%; }
    FormScreen #form-title { background: $panel; text-style: bold; padding: 0 1; }
    FormScreen #form-help { color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "Confirm", priority=True),
        Binding("escape", "back", "Back"),
        HINT,
        *HELP_BINDINGS,
    ]

    def __init__(self, table: Table, seat: Seat | None) -> None:
        super().__init__(table)
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield HintLine()  # (a coached game's: above the form)
        yield from super().compose()

    def hint_seat(self) -> Seat | None:
        return self.seat

    def submit_action(self) -> Any:
        """The action the form's fields make now (None: nothing to send yet)."""
        raise NotImplementedError

    @after_keys
    def action_submit(self) -> None:
        action = self.submit_action()
        if action is None:
            return
        refusal = self.table.check(action)
        if refusal:
            self.say(refusal)
            return
        self.send(action)

    def action_back(self) -> None:
        self.post_message(CloseForm())
