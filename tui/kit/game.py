"""A screen of a game in progress: it talks to the table port and nothing else."""

from __future__ import annotations

from typing import Any

from tui.kit.base import ParlourScreen
from tui.messages import AskFirst
from tui.port import Table
from tui.widgets.refusal import Refusal


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
        return self.table.game.phase_help(self.table.prompt)

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
        self.post_message(AskFirst(question, lambda: self.send_now(action), self.help_title()))
        return None

    def send_now(self, action: Any) -> str | None:
        refusal = self.table.act(action)
        if refusal is not None and self.is_attached and self.app.screen is self:
            self.say(refusal)
        return refusal
