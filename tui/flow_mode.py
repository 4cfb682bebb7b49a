"""How the one hotseat table is played: its mode, the strategy ``GameFlow`` is given.

``Mode`` is a game played at this keyboard; ``DemoMode`` the bots playing for
show, which people pause and step; ``tui.flow_teach.TeachMode`` a demo that
explains itself and steps back; ``tui.flow_coach.CoachMode`` a coached first game.
A mode is made from the table's ``Steering`` (``ModeMaker``), and the flow asks it
at its hooks: after every move, when a paused demo steps, what the table port's
teaching and coaching controls are, and whether the game is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from attrs import frozen

from rules.session import Session
from tui.flow_later import Later
from tui.kit.ui import GameUI
from tui.port import Coaching, SessionTable, Teaching


@frozen
class Steering:
    """What a mode is given of the table it plays."""

    table: SessionTable
    """The session holder."""
    ui: GameUI
    """The game's screens (a teacher's peek)."""
    go_to: Callable[[Session[Any]], None]
    """Pause, and make ``session`` the game now (a step back, or forward again)."""
    redraw: Callable[[], None]
    """Show the table again: what it shows has changed (a peek)."""


class Mode:
    """A game played at this keyboard: saved after every move, no demo controls."""

    demo: ClassVar[bool] = False
    """The bots play for show: the table port offers the demo's controls, no take-back."""
    saved: ClassVar[bool] = True
    """Every move is saved (a demo and a coached game are not)."""
    starts_paused: ClassVar[bool] = False
    """A demo that waits for its first step."""
    curtains: ClassVar[bool] = True
    """A curtain comes down before a person's private step (False: one person plays here
    against bots, so no other eyes are at the keyboard: their screen shows at once)."""

    def __init__(self, steering: Steering) -> None:
        self.steering = steering

    def moved(self) -> None:
        """After every move made (or taken back)."""

    def step_forward(self) -> bool:
        """A paused demo steps: True when the mode made the step itself (one it went
        back over); else a bot plays the next."""
        return False

    @property
    def teaching(self) -> Teaching | None:
        """The teaching controls (``parlour teach``), or None."""
        return None

    @property
    def coach(self) -> Coaching | None:
        """The hints of a coached game, or None."""
        return None

    def again(self) -> ModeMaker:
        """The mode of the next game with the same seats (Play again)."""
        return type(self)


class DemoMode(Mode):
    """The bots play while people watch: pause, and one step at a time; not saved."""

    demo = True
    saved = False


ModeMaker = Callable[[Steering], Mode]
"""How the flow makes its mode, once it has the table to steer (a mode's class)."""


class DemoControls:
    """The table port's ``Demo`` in a demo mode: the bots' pause, a step (the mode's own
    first: one gone back over), the mode's teaching. Given the bots' clock and the mode."""

    def __init__(self, later: Later, mode: Mode) -> None:
        self.later = later
        self.mode = mode

    @property
    def paused(self) -> bool:
        return self.later.paused

    def toggle_pause(self) -> bool:
        return self.later.toggle_pause()

    def step_once(self) -> None:
        """With the demo paused, one step: the mode's own, else exactly one bot action."""
        if self.later.paused and not self.mode.step_forward():
            self.later.step_once()

    @property
    def teaching(self) -> Teaching | None:
        return self.mode.teaching
