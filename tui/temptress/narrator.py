"""The narrator's console: every secret, the true clues, and a key for each power.

Shown only behind the narrator's own curtain. What the keys do depends on the
moment: after an action (award chips, a twist), on a tie (who prevails), on an
argument's stakes (accept or reject), or at the open floor (award a chip for
role-play, end the round).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, Static

from rules.engine import Seat
from rules.temptress.actions import (
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorVerdict,
)
from rules.temptress.clues import clue_text
from rules.temptress.state import TemptressView
from tui.base import ParlourScreen
from tui.game_screen import GameScreen
from tui.temptress.render import cards_line, contest_text

if TYPE_CHECKING:
    from tui.flow import GameFlow


class NarratorScreen(GameScreen):
    """The referee seat's console."""

    DEFAULT_CSS = """
    NarratorScreen #who { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    NarratorScreen #task { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    NarratorScreen #message { color: $error; padding: 0 1; height: auto; }
    NarratorScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("1", "pick(0)", "Suitor", key_display="1-5"),
        Binding("2", "pick(1)", "Suitor", show=False),
        Binding("3", "pick(2)", "Suitor", show=False),
        Binding("4", "pick(3)", "Suitor", show=False),
        Binding("5", "pick(4)", "Suitor", show=False),
        Binding("w", "twist", "Twist"),
        Binding("e", "end_round", "End round"),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("h", "hide", "Hide (curtain)"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow, seat: Seat) -> None:
        super().__init__(flow)
        self.seat = seat
        self.marked: set[int] = set()
        self.twist = False

    @property
    def view(self) -> TemptressView:
        return self.flow.session.view(self.seat)

    @property
    def mode(self) -> str:
        contest = self.view.contest
        stage = contest.stage if contest else ""
        prompt = self.flow.session.prompt
        if (
            prompt is not None
            and self.seat in prompt.seats
            and stage in ("tie", "verdict", "review")
        ):
            return stage
        return "floor" if self.view.stage == "floor" else "watch"

    def body(self) -> Iterable[Widget]:
        yield Static(f"{self.view.narrator_name}: the narrator's console (secret)", id="who")
        yield Static(id="task")
        yield Label("", id="message")
        with VerticalScroll():
            yield Static(self._secrets(), id="secrets")

    def on_mount(self) -> None:
        super().on_mount()
        self._show_task()

    def _secrets(self) -> Text:
        view = self.view
        secrets = view.secrets
        assert secrets is not None
        women = tuple(w.name for w in view.women)
        suitors = tuple(s.name for s in view.suitors)
        text = Text()
        text.append_text(contest_text(view))
        text.append("\nThe women\n", style="bold")
        for i, name in enumerate(women):
            role = "THE SORCERESS" if i == secrets.sorceress else "daughter"
            text.append(f"{i + 1}. {name}: {secrets.suits[i].value}, {role}. Pile: ")
            text.append_text(cards_line(secrets.piles[i]))
            text.append(f"\n   likes: {'; '.join(secrets.preferences[i])}\n")
        text.append("\nThe suitors\n", style="bold")
        for i, name in enumerate(suitors):
            tempted = " (the Tempted)" if secrets.matches[i] == secrets.sorceress else ""
            text.append(f"{i + 1}. {name}: match {women[secrets.matches[i]]}{tempted}. Hand: ")
            text.append_text(cards_line(secrets.hands[i]))
            text.append("\n")
            for clue in secrets.clues[i]:
                text.append(f"   • {clue_text(clue, women, suitors)}\n")
        text.append("\nDiscard pile: ")
        text.append_text(cards_line(secrets.discard))
        return text

    def _show_task(self) -> None:
        names = [s.name for s in self.view.suitors]
        mode = self.mode
        contest = self.view.contest
        if mode == "verdict":
            who = ", ".join(names[i] for i in sorted(self.marked)) or "nobody"
            line = (
                f"After the action: 1-5 mark suitors for a Rapport chip (now: {who}); "
                f"w twist ({'ON' if self.twist else 'off'}); Enter confirms."
            )
        elif mode == "tie" and contest is not None:
            options = ", ".join(f"{names.index(names[s]) + 1} {names[s]}" for s in contest.asked)
            line = f"A tie: who prevails? Press {options}."
        elif mode == "review" and contest is not None:
            who = ", ".join(names[i] for i in sorted(self.marked)) or "none"
            line = (
                f"Stakes: 1-5 mark a side's stake to reject (now: {who}); "
                "Enter confirms (nothing marked accepts both)."
            )
        elif mode == "floor":
            line = (
                "At the open floor: 1-5 award that suitor a chip for role-play; e ends the round."
            )
        else:
            line = "Nothing for the narrator to decide now. Press h to go back."
        self.query_one("#task", Static).update(line)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.mode
        if action == "twist":
            return mode == "verdict"
        if action == "end_round":
            return mode == "floor"
        if action in ("pick", "confirm"):
            return mode != "watch" and (action == "pick" or mode in ("verdict", "review"))
        return True

    def _act(self, action: object) -> None:
        refusal = self.flow.act(action)
        if refusal:
            self.query_one("#message", Label).update(refusal)

    def action_pick(self, index: int) -> None:
        mode = self.mode
        if index >= len(self.view.suitors):
            return
        if mode == "floor":
            self._act(NarratorAward(self.seat, index))
            if self.app.screen is self:
                self.query_one("#secrets", Static).update(self._secrets())
        elif mode == "tie":
            self._act(NarratorSettleTie(self.seat, index))
        else:
            self.marked ^= {index}
            self._show_task()

    def action_twist(self) -> None:
        self.twist = not self.twist
        self._show_task()

    def action_end_round(self) -> None:
        self._act(NarratorEndRound(self.seat))

    def action_confirm(self) -> None:
        if self.mode == "verdict":
            self._act(NarratorVerdict(self.seat, tuple(sorted(self.marked)), self.twist))
        elif self.mode == "review":
            self._act(NarratorReviewStakes(self.seat, tuple(sorted(self.marked))))

    def action_hide(self) -> None:
        self.flow.advance()
