"""Keys that arrive together (a burst over SSH, a fast typist) act in the order typed,
on the screen they were typed at.

Textual runs a priority binding (Enter on most of Parlour's screens) the moment its
key reaches the app, while a key just ahead of it (Space ticking a card, a digit
going into the PIN box) still travels from the focused widget up to the app. An
action marked ``@after_keys`` therefore waits: it goes the same way, as a message,
behind those keys, and runs when they have been handled, so it reads what the screen
shows once they have.

And a key pressed before the current screen was shown was meant for another one
(an Enter for the table, arriving as a curtain comes down; a Space for the curtain,
arriving as the hand opens): the app drops it (``typed_too_soon``), and so an action
deferred before then (an Enter on the question before, as a seat's kept decision screen
asks its next one: ``tui.kit.choice.ChoiceScreen.ask_again``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from textual import events
from textual._time import get_time  # the clock Textual stamps each key with
from textual.message import Message
from textual.screen import Screen

F = TypeVar("F", bound=Callable[..., Any])


class CaughtUp(Message):
    """Every key ahead of this one has been handled: run the deferred action."""

    def __init__(self, screen: Screen[Any], run: Callable[[], object]) -> None:
        super().__init__()
        self.screen = screen
        self.run = run
        self.made = get_time()


def after_keys(action: F) -> F:
    """Run the screen action ``action`` behind the keys already on their way."""

    @functools.wraps(action)
    def deferred(screen: Screen[Any], *args: Any) -> None:
        target = screen.focused or screen
        message = CaughtUp(screen, lambda: action(screen, *args))
        # Sent by the app, so that it bubbles all the way up to it (a message stops
        # below its sender), whoever called the action.
        target.post_message(message.set_sender(screen.app))

    return deferred  # type: ignore[return-value]


def run_caught_up(app: Any, message: CaughtUp, shown_at: float) -> None:
    """The app's half: run the action if its screen is still the one showing, as it was
    shown when the action was made (``shown_at``: when it was shown, or asked anew)."""
    screen = message.screen
    if screen is app.screen and screen.is_attached and message.made >= shown_at:
        message.run()


def typed_too_soon(event: events.Event, shown_at: float) -> bool:
    """A key made before the screen now showing was shown."""
    return isinstance(event, events.Key) and event.time < shown_at
