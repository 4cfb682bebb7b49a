"""A screen of a game in progress: it talks to the table port and nothing else."""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.binding import Binding

from rules.engine import Seat
from tui.kit.base import ParlourScreen
from tui.messages import AskFirst
from tui.port import Table
from tui.widgets.hint import HintLine
from tui.widgets.refusal import Refusal

HINT = Binding("ctrl+t", "hint", "Hint", key_display="^T", priority=True)
"""Hide or show a coached game's hints (a control key: it works while typing too)."""
COACH_HELP = (
    " Coached game: at each of your decisions a hint under the heading says what it "
    "means and which pick is worth weighing (the bots' own pick, from what your screen "
    "shows); ^T hides the hints and shows them again. The deal is chosen to show the "
    "main rules early, and a coached game is practice: it is not saved."
)


class GameScreen(ParlourScreen):
    """Holds the table; ``?`` shows the game's rules and what the moment asks."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def help_title(self) -> str:
        return self.table.game.title

    def rules_text(self) -> str:
        return self.table.game.rules_text

    def phase_help(self) -> str:
        coached = COACH_HELP if self.table.coach is not None else ""
        return self.table.game.phase_help(self.table.prompt) + self.keys_help() + coached

    def keys_help(self) -> str:
        """What this kind of screen's keys do that the bar cannot say (after the game's
        words for the moment)."""
        return ""

    # --- a coached game's hint --------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":  # a coached game's key alone, while there is a hint here
            return not self.too_small and bool(self.hint_here())
        return super().check_action(action, parameters)

    def hint_seat(self) -> Seat | None:
        """The seat whose decision this screen's hint is about (None: no hint here)."""
        return None

    def hint_here(self) -> str:
        """The coached game's hint for this screen, shown or hidden ('' when none)."""
        coach, seat = self.table.coach, self.hint_seat()
        return coach.hint(seat) if coach is not None and seat is not None else ""

    @on(events.Mount)
    def _first_hint(self) -> None:
        self.show_hint()

    def show_hint(self) -> None:
        """The hint for ``hint_seat()`` (nothing when the hints are hidden)."""
        coach = self.table.coach
        text = self.hint_here() if coach is not None and coach.hints_shown else ""
        for line in self.query(HintLine):
            line.show(text)

    def action_hint(self) -> None:
        coach = self.table.coach
        if coach is not None:
            shown = coach.toggle_hints()
            self.show_hint()
            self.notify("Hints shown." if shown else "Hints hidden: ^T shows them again.")

    def say(self, message: str | None) -> None:
        """Show a refusal (or clear it)."""
        self.query_one(Refusal).show(message)

    def send(self, action: Any) -> str | None:
        """Hand ``action`` to the table; a refusal is shown (and returned). A move that
        cannot be taken back is asked about first (``Table.confirm``): then None, and
        the move is made once the person says yes."""
        question = self.table.confirm(action)
        if question is None:
            return self.send_now(action)

        def answered(yes: bool | None) -> None:
            if yes:
                self.send_now(action)

        self.post_message(AskFirst(question, answered, self.help_title()))
        return None

    def send_now(self, action: Any) -> str | None:
        refusal = self.table.act(action)
        if refusal is not None and self.is_attached and self.app.screen is self:
            self.say(refusal)
        return refusal
