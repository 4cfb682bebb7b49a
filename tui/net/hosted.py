"""What a host serves: the table port, plus who is connected (``tui.flow.GameFlow``
with joined seats; ``tests.net_helpers.HeadlessTable`` for tests and benches)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rules.engine import GameInfo, Prompt, Seat
from tui.port import SeatInfo


class Hosted(Protocol):
    """What the host serves: the table port, plus who is connected."""

    @property
    def game(self) -> GameInfo[Any, Any]: ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def prompt(self) -> Prompt | None: ...

    @property
    def changes(self) -> int: ...

    @property
    def notes_seen(self) -> dict[Seat, int]: ...

    @property
    def watchers(self) -> list[Callable[[], None]]:
        """Told whenever the table may have changed."""
        ...

    def view(self, seat: Seat | None) -> Any: ...

    def check(self, action: Any) -> str | None: ...

    def act(self, action: Any) -> str | None: ...

    def mark_read(self, seat: Seat) -> None: ...

    def last_mover(self) -> Seat | None: ...

    def take_back_refusal(self) -> str | None: ...

    def take_back(self) -> str | None: ...

    def set_away(self, seat: Seat, away: bool) -> None: ...

    def set_door(self, names: tuple[str, ...]) -> None:
        """The newcomers waiting at the tavern's door (the table shows them)."""
        ...

    def join_seat(self, seat: Seat) -> None:
        """A newcomer walked into ``seat`` from a terminal of their own."""
        ...

    def set_tavern(self, code: str) -> None:
        """The tavern's code, to show on the table."""
        ...

    def advance(self) -> None: ...
