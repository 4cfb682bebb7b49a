"""The Lantern's public table: the status, the tale so far, who is asked what, the story.

Public decisions are taken here, by keys read from the choices of the person
asked: let a play go or interrupt it (the card is picked behind the curtain),
vote on a play, an interruption or a sleeper at a table without a Barkeep (an
interruption stands or was not mentioned; after another stands, it was not
mentioned or came too late: each key is live only when the choices offer its
option), write the ending, add elements to a dry deck or end the tale. Several
people asked to vote answer all at once, each with their own number, then Enter
(``tui.kit.moment``); one person alone votes with v (as told) or x, or j for the
vote on each part of the play, behind their curtain. c shows a Bard their own
hand behind their curtain at any moment (from there they may interrupt a play
still open to it). Anyone may open the Bards' comings and goings between turns,
and the Barkeep's console behind its curtain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.choices import Option, Pick, Write
from rules.lantern.state import Phase
from rules.lantern.view import LanternView
from tui.kit.table import TABLE_BINDINGS, TableScreen
from tui.lantern.render import hand_owners, status_text, tale_text
from tui.messages import OpenForm, OpenPrivate
from tui.port import Table

VOTES = {True: ("as_told", "verify", "stands", "send"), False: ("deny", "not_mentioned", "stay")}
"""The option a vote takes: on a play (as its teller told it, where the table judges its
parts), on an interruption, or on sending a sleeper Under The Table."""
TOO_LATE = "too_late"
"""The vote that an interruption was in the play but came after another that stands."""
ENDS = ("end", "close")
"""Ending a dry tale, or closing a suspended one."""


class LanternTable(TableScreen):
    """The tale and its status, for everyone at the table."""

    DEFAULT_CSS = """
    LanternTable #status { height: auto; max-height: 6; }
    LanternTable #tale { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "hand", "Hand"),
        Binding("i", "interrupt", "Interrupt"),
        Binding("j", "judge", "Judge parts"),
        Binding("l", "let_go", "Let it go"),
        Binding("v", "vote(True)", "Vote verify"),
        Binding("x", "vote(False)", "Vote deny"),
        Binding("t", "vote_late", "Vote too late"),
        Binding("w", "closing", "Write the ending"),
        Binding("a", "restock", "Add elements"),
        Binding("k", "end", "End the tale"),
        Binding("b", "bards", "Bards"),
        Binding("o", "barkeep", "Barkeep"),
        *TABLE_BINDINGS,
    ]

    ALL_AT_ONCE = frozenset({Phase.RULING, Phase.INTERRUPTIONS, Phase.SLEEPER})
    """At a table without a Barkeep, the Bards asked vote all at once (``tui.kit.moment``)."""

    view: LanternView

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.asked: Any = None
        """The choices of the person deciding here, as of the last redraw."""

    def board(self) -> Iterable[Widget]:
        with VerticalScroll(id="tale"):
            yield Static(id="tale-text")
        yield self.now_line()
        yield self.refusal()

    def status(self, view: LanternView) -> str:
        return status_text(view).plain

    def now(self, view: Any) -> str:
        """The Now line; at a hosted tale that takes walk-ins, the tavern's code, and who
        waits at its door."""
        lines = [super().now(view)]
        code = self.table.tavern_code()
        if code:
            lines.append(f"Walk in from a terminal of your own: parlour join, code {code}.")
        door = self.table.at_the_door()
        if door:
            how = (
                "b seats them on a bench"
                if self.table_allows("bards", ())
                else "whoever seats Bards seats them between turns"
            )
            lines.append(f"At the door: {', '.join(door)} ({how}).")
        return "\n".join(lines)

    def draw(self, view: LanternView) -> None:
        self.asked = self.choices()
        self.query_one("#tale-text", Static).update(tale_text(view))
        self.query_one("#tale", VerticalScroll).scroll_end(animate=False)  # once laid out

    # --- what the person asked may do -------------------------------------------

    def _option(self, *keys: str) -> Option[Any] | None:
        """The open or closed option named by one of ``keys`` in the choices of the
        person deciding here (None: there is none)."""
        choices = self.asked
        if not isinstance(choices, Pick):
            return None
        return next((o for key in keys if (o := choices.keyed(key)) is not None), None)

    def _take(self, *keys: str) -> None:
        option = self._option(*keys)
        if option is None:
            return
        if not option.open:
            self.say(option.closed)
            return
        self.send(option.value)

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A Bard may look at their own hand at any moment, even while the table waits
        # for the next person to take the keyboard; and so may a newcomer be seated (or
        # a Bard leave), or the Barkeep open their console to hand over the bar.
        if self.handing is not None and action in ("hand", "bards", "barkeep"):
            return self._hand_allowed() if action == "hand" else self.table_allows(action, ())
        return super().allowed(action, parameters)

    def _hand_allowed(self) -> bool:
        return self.table.demo is None and bool(hand_owners(self.table, self.view))

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        live = self.table.demo is None
        all_at_once = self._moment_kind() == "all"
        if action == "hand":
            return self._hand_allowed()
        if action in ("vote", "vote_late", "judge") and all_at_once:
            return False  # (everyone answers with their own number, then Enter)
        if action == "judge":
            return self._option("as_told") is not None
        if action == "interrupt":
            return self._option("interrupt") is not None
        if action == "let_go":
            return self._option("let_go") is not None
        if action == "vote":
            verify = bool(parameters[0]) if parameters else True
            return self._option(*VOTES[verify]) is not None
        if action == "vote_late":
            return self._option(TOO_LATE) is not None
        if action == "closing":
            return isinstance(self.asked, Write)
        if action == "restock":
            return self._option("restock") is not None
        if action == "end":
            return self._option(*ENDS) is not None
        if action == "bards":  # (the seater decides: at this keyboard, or at their own)
            seater = self.view.seater
            return live and seater is not None and not self.table.seats[seater].elsewhere
        if action == "barkeep":
            seat = self.view.barkeep_seat
            return live and seat is not None and self.table.seats[seat].at_keyboard
        return True

    # --- the keys ------------------------------------------------------------------

    def action_interrupt(self) -> None:
        seat = self.deciding()
        if seat is not None and self._option("interrupt") is not None:
            self.post_message(
                OpenPrivate(
                    seat, "interrupt", "Interrupt: name a card of yours the play mentioned."
                )
            )

    def action_hand(self) -> None:
        owners = hand_owners(self.table, self.view)
        if len(owners) == 1:
            name = self.view.names[owners[0]]
            self.post_message(OpenPrivate(owners[0], "hand", f"{name} looks at their own hand."))
        elif owners:
            self.post_message(OpenForm(None, "whose_hand"))

    def action_judge(self) -> None:
        seat = self.deciding()
        if seat is not None and self._option("as_told") is not None:
            self.post_message(
                OpenPrivate(seat, "vote", "Vote on the play, its Loose End and each tie-off.")
            )

    def action_let_go(self) -> None:
        self._take("let_go")

    def action_vote(self, verify: bool) -> None:
        self._take(*VOTES[verify])

    def action_vote_late(self) -> None:
        self._take(TOO_LATE)

    def action_closing(self) -> None:
        seat, prompt = self.deciding(), self.table.prompt
        if seat is not None and prompt is not None and isinstance(self.asked, Write):
            self.post_message(OpenPrivate(seat, "closing", prompt.text))

    def action_restock(self) -> None:
        seat = self.deciding()
        if seat is not None and self._option("restock") is not None:
            self.post_message(OpenPrivate(seat, "dry", "Add story elements to the deck."))

    def action_end(self) -> None:
        self._take(*ENDS)

    def action_bards(self) -> None:
        if self.view.seater is not None:
            self.post_message(OpenForm(self.deciding(), "bards"))

    def action_barkeep(self) -> None:
        seat = self.view.barkeep_seat
        if seat is not None:
            self.post_message(OpenPrivate(seat, "barkeep", "The Barkeep's console."))
