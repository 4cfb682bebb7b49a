"""What the hotseat table does later, by itself: a bot's move after a delay (made only
while the public table shows; a demo pauses the bots and steps them one move at a
time), the rest of a moment the table lingers on (fresh dice, say), and a turn
timer's action once time is up (the Lantern's sleep).

Only the newest plan runs: a new one, a step elsewhere (a demo going back) or the
end of the table cancels whatever was planned before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from tui.flow_joined import JoinedSeats
from tui.kit.ui import GameUI
from tui.port import SessionTable


class Later:
    """The table's plans for later, the bots' moves, and the demo's pause.

    Given the app (its timers and toasts), the bots' delay, the session holder and the
    seating (which bot is asked now), ``ready`` (whether the public table shows, so a
    bot may move) and ``act`` (the flow's, for a bot's move)."""

    def __init__(
        self,
        app: App[Any],
        delay: float,
        table: SessionTable,
        seating: JoinedSeats,
        *,
        ready: Callable[[], bool],
        act: Callable[[Any], str | None],
    ) -> None:
        self.app = app
        self.delay = delay
        self.table = table
        self.seating = seating
        self.ready = ready
        self.act = act
        self.paused = False
        self.stopped = False
        self._plan = 0

    def cancel(self) -> None:
        """Whatever was planned does nothing."""
        self._plan += 1

    def stop(self) -> None:
        """The table is left: nothing planned runs, now or later."""
        self.cancel()
        self.stopped = True

    def then(self, callback: Callable[[], None]) -> Callable[[], None]:
        """``callback``, to be called later: it runs only if nothing was planned since."""
        self.cancel()
        plan = self._plan

        def planned() -> None:
            if plan == self._plan and not self.stopped:
                callback()

        return planned

    def bot(self) -> None:
        """The bot asked now moves after the delay."""
        self.cancel()
        plan = self._plan
        self._after(self.delay, lambda: self._bot_step(plan))

    def _after(self, delay: float, callback: Callable[[], None]) -> None:
        if delay > 0:
            self.app.set_timer(delay, callback)
        else:
            self.app.call_later(callback)

    def _bot_step(self, plan: int, forced: bool = False) -> None:
        if plan != self._plan or self.stopped:
            return
        if (self.paused and not forced) or not self.ready():
            self._after(max(self.delay, 0.1), lambda: self._bot_step(plan))
            return
        self._bot_move()

    def _bot_move(self) -> None:
        """The bot asked now makes its move (nothing when no bot is asked here)."""
        prompt = self.table.prompt
        seat = None if prompt is None else self.seating.here(prompt)
        if seat is None or not self.seating.seats[seat].bot:
            return
        refusal = self.act(self.table.session.bot_for(seat).choose(self.table.view(seat)))
        if refusal is not None:
            self.app.notify(f"A bot tried an illegal move: {refusal}", severity="error")

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        return self.paused

    def step_once(self) -> None:
        """With the bots paused, the bot asked now moves at once."""
        if self.paused:
            self._bot_step(self._plan, forced=True)


class TurnTimer:
    """The turn timer the game's screens plan for a moment (``GameUI.turn_timer``): its
    action is made when time is up, unless the game has moved on.

    Given the app (its toasts), the timer (the app's, or a test's own), the session
    holder, the game's screens, ``act`` (the flow's) and ``held`` (whether the table is
    stopped until the game is on disk: the timer then starts again once it is)."""

    def __init__(
        self,
        app: App[Any],
        timer: Callable[[float, Callable[[], None]], object],
        table: SessionTable,
        ui: GameUI,
        *,
        act: Callable[[Any], str | None],
        held: Callable[[], bool],
    ) -> None:
        self.app = app
        self.timer = timer
        self.table = table
        self.ui = ui
        self.act = act
        self.held = held
        self.stopped = False
        self._moment: int | None = None

    def stop(self) -> None:
        """The table is left: a timer running does nothing when its time is up."""
        self.stopped = True

    def start(self) -> None:
        """The timer of the moment now, if the game has one and it is not running yet."""
        moment = len(self.table.session.actions)
        if self._moment == moment:
            return
        planned = self.ui.turn_timer(self.table.view(None))
        if planned is None:
            return
        self._moment = moment
        seconds, action, note = planned
        self.timer(seconds, lambda: self._time_is_up(moment, action, note))

    def _time_is_up(self, moment: int, action: Any, note: str) -> None:
        if self.stopped or len(self.table.session.actions) != moment:
            return
        if self.held():
            self._moment = None
            return
        if self.act(action) is None:
            self.app.notify(note)
