"""The Temptress's public table: the women, the suitors, the action under way, the story.

No hand is ever drawn here. Public decisions (claiming the floor, joining,
voting, answering an argument, stakes) are taken here by the suitor named in
the status line; private ones go behind the curtain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, Static

from rules.engine import Seat
from rules.temptress.actions import AnswerArgument, Decline, Join, SetStake, Vote
from rules.temptress.state import (
    PROMISE,
    SEE_HAND,
    SEE_MATCH_CLUES,
    SEE_SORCERESS_CLUES,
    TemptressView,
)
from tui.base import ParlourScreen
from tui.game_screen import GameScreen
from tui.temptress.render import contest_text, suitors_table, women_table

if TYPE_CHECKING:
    from tui.flow import GameFlow

_KIND_KEYS = {
    "floor": {"court", "argue", "retire", "decline"},
    "join": {"join", "stay"},
    "vote": {"yes", "no", "abstain"},
    "answer": {"avoid", "accept"},
    "stake": {"stake"},
}


class TemptressTable(GameScreen):
    """The public table. The suitor whose turn it is acts with the keys in the Footer."""

    DEFAULT_CSS = """
    TemptressTable #status { height: 1; background: $panel; padding: 0 1; text-style: bold; }
    TemptressTable #middle { height: 1fr; }
    TemptressTable #left { width: 1fr; padding: 0 1; }
    TemptressTable #right { width: 38; border-left: solid $primary; padding: 0 1; }
    TemptressTable #now { color: $secondary; text-style: bold; height: auto; }
    TemptressTable #message { color: $error; height: auto; }
    TemptressTable #log { height: 6; border-top: solid $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("c", "court", "Court a woman"),
        Binding("g", "argue", "Argue"),
        Binding("t", "retire", "Retire"),
        Binding("d", "decline", "Decline"),
        Binding("j", "join", "Join against"),
        Binding("s", "stay", "Stay out"),
        Binding("y", "yes", "Vote yes"),
        Binding("x", "no", "Vote no"),
        Binding("b", "abstain", "Abstain"),
        Binding("v", "avoid", "Avoid (pay)"),
        Binding("a", "accept", "Accept"),
        Binding("1", "stake(1)", "Stake", key_display="1-4"),
        Binding("2", "stake(2)", "Stake", show=False),
        Binding("3", "stake(3)", "Stake", show=False),
        Binding("4", "stake(4)", "Stake", show=False),
        Binding("k", "clues", "My clues"),
        Binding("o", "narrator", "Narrator"),
        Binding("space", "pause", "Pause"),
        Binding("n", "step", "Step"),
        *ParlourScreen.BINDINGS,
    ]

    def body(self) -> Iterable[Widget]:
        yield Static(id="status")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static(id="women")
                yield Static(id="suitors")
            with VerticalScroll(id="right"):
                yield Static(id="now")
                yield Label("", id="message")
                yield Static(id="contest")
        with VerticalScroll(id="log"):
            yield Static(id="log-text")

    def __init__(self, flow: GameFlow) -> None:
        super().__init__(flow)
        self.dice_key: tuple[int, tuple[int, ...]] | None = None
        self.dice_shown = 3

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    def _roll_dice(self, view: TemptressView) -> None:
        """A new target is revealed one die at a time (``dice_delay`` apart)."""
        contest = view.contest
        key = (len(contest.targets), contest.dice) if contest and contest.target else None
        if key is None or key == self.dice_key:
            return
        self.dice_key = key
        delay = getattr(self.app, "dice_delay", 0.0)
        if delay <= 0:
            return
        self.dice_shown = 0
        self.set_interval(delay, self._next_die, repeat=3)

    def _next_die(self) -> None:
        self.dice_shown += 1
        self.query_one("#contest", Static).update(contest_text(self.view, self.dice_shown))

    # --- drawing -------------------------------------------------------------

    @property
    def view(self) -> TemptressView:
        return self.flow.session.view(None)

    def _seat(self) -> Seat | None:
        """The person who decides now at this table (None: a bot, or nobody)."""
        prompt = self.flow.session.prompt
        if prompt is None or prompt.private:
            return None
        seat = prompt.seats[0]
        return None if self.flow.session.seats[seat].is_bot else seat

    def refresh_view(self) -> None:
        view = self.view
        prompt = self.flow.session.prompt
        limit = f"/{view.round_limit}" if view.round_limit else ""
        status = (
            f"The Temptress · Round {view.round}{limit} · Narrator: {view.narrator_name}"
            f" · Discard: {view.discard_size}"
        )
        if self.flow.demo:
            status += " · DEMO" + (" (paused)" if self.flow.paused else "")
        self.query_one("#status", Static).update(status)
        self.query_one("#women", Static).update(women_table(view))
        current = prompt.seats[0] if prompt else None
        self.query_one("#suitors", Static).update(suitors_table(view, current))
        now = ""
        if prompt is not None:
            seat = prompt.seats[0]
            who = self.flow.session.seats[seat].name
            bot = " (bot)" if self.flow.session.seats[seat].is_bot else ""
            now = f"Now: {who}{bot}\n{prompt.text}"
            if prompt.kind == "stake":
                now += (
                    "\n1 their match clues · 2 their sorceress clues · 3 their hand · 4 a promise"
                )
        self.query_one("#now", Static).update(now)
        self._roll_dice(view)
        self.query_one("#contest", Static).update(contest_text(view, self.dice_shown))
        self.query_one("#log-text", Static).update("\n".join(view.log[-40:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        self.refresh_bindings()

    def say(self, message: str | None) -> None:
        self.query_one("#message", Label).update(message or "")

    # --- which keys are live --------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        prompt = self.flow.session.prompt
        if action in ("pause", "step"):
            return self.flow.demo
        if action == "narrator":
            return self.flow.session.state.narrator_seat is not None and not self.flow.demo
        if action == "clues":
            return self._seat() is not None
        for kind, actions in _KIND_KEYS.items():
            if action in actions:
                return prompt is not None and prompt.kind == kind and self._seat() is not None
        return True

    # --- public decisions ------------------------------------------------------------

    def _act(self, action: object) -> None:
        self.say(self.flow.act(action))

    def action_court(self) -> None:
        from tui.temptress.forms import CourtScreen

        seat = self._seat()
        if seat is not None:
            self.app.push_screen(CourtScreen(self.flow, seat))

    def action_argue(self) -> None:
        from tui.temptress.forms import ArgueScreen

        seat = self._seat()
        if seat is not None:
            self.app.push_screen(ArgueScreen(self.flow, seat))

    def action_retire(self) -> None:
        from tui.temptress.private import RetireScreen

        seat = self._seat()
        if seat is not None:
            self.flow.behind_curtain(
                seat,
                "Retire: show your hand and name the sorceress.",
                lambda: RetireScreen(self.flow, seat, final=False),
            )

    def action_decline(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Decline(seat))

    def action_join(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Join(seat, True))

    def action_stay(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Join(seat, False))

    def _vote(self, choice: str) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(Vote(seat, choice))

    def action_yes(self) -> None:
        self._vote("yes")

    def action_no(self) -> None:
        self._vote("no")

    def action_abstain(self) -> None:
        self._vote("abstain")

    def action_avoid(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(AnswerArgument(seat, True))

    def action_accept(self) -> None:
        seat = self._seat()
        if seat is not None:
            self._act(AnswerArgument(seat, False))

    def action_stake(self, number: int) -> None:
        from tui.temptress.forms import PromiseScreen

        seat = self._seat()
        if seat is None:
            return
        kinds = {1: SEE_MATCH_CLUES, 2: SEE_SORCERESS_CLUES, 3: SEE_HAND}
        if number in kinds:
            self._act(SetStake(seat, kinds[number]))
        elif number == 4:
            self.app.push_screen(PromiseScreen(self.flow, seat, PROMISE))

    def action_clues(self) -> None:
        from tui.temptress.private import ClueBookScreen

        seat = self._seat()
        if seat is not None:
            self.flow.behind_curtain(
                seat, "Your clue book.", lambda: ClueBookScreen(self.flow, seat)
            )

    def action_narrator(self) -> None:
        from tui.temptress.narrator import NarratorScreen

        seat = self.flow.session.state.narrator_seat
        if seat is not None:
            self.flow.behind_curtain(
                seat, "The narrator's console.", lambda: NarratorScreen(self.flow, seat)
            )

    def action_pause(self) -> None:
        self.flow.toggle_pause()
        self.refresh_view()

    def action_step(self) -> None:
        self.flow.step_once()
