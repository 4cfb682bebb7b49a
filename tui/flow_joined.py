"""Seats played from terminals of their own (``parlour host``), mixed into the hotseat
flow: the table never curtains them and decides nothing for them, says when one is
away, and tells whoever watches (the host's socket) after every change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import evolve

from rules.engine import Prompt, Seat
from tui.port import SeatInfo

if TYPE_CHECKING:
    from textual.app import App

    from tui.kit.table import TableScreen


class JoinedSeats:
    """Mixed into ``tui.flow.GameFlow`` (before the table port, whose seats it marks)."""

    app: App[Any]
    table_screen: TableScreen | None
    stopped: bool

    def seat_joined(self, joined: frozenset[Seat]) -> None:
        self.joined = joined
        """The seats played from terminals of their own: the game waits for them and
        never curtains them here."""
        self.away: set[Seat] = set(joined)
        """Joined seats whose terminal is not connected now."""
        self.watchers: list[Callable[[], None]] = []
        """Told whenever the table may have changed (the host sends the new views)."""
        self.closers: list[Callable[[], None]] = []
        """Told when the table is left (the host closes its socket)."""

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        infos: tuple[SeatInfo, ...] = super().seats  # type: ignore[misc]
        if not self.joined:
            return infos
        return tuple(
            evolve(info, elsewhere=seat in self.joined, away=seat in self.away)
            for seat, info in enumerate(infos)
        )

    def here(self, prompt: Prompt) -> Seat | None:
        """The first seat asked that is decided at this keyboard (a person or a bot);
        None when every seat asked plays from a terminal of its own."""
        return next((seat for seat in prompt.seats if seat not in self.joined), None)

    def set_away(self, seat: Seat, away: bool) -> None:
        """A joined seat's terminal connected (or dropped): the table says so."""
        if (seat in self.away) != away:
            if away:
                self.away.add(seat)
            else:
                self.away.discard(seat)
            self.tell_watchers()
            screen = self.table_screen
            if self.stopped or screen is None or not self.app._running:  # (nor while it closes)
                return
            if self.app.screen is not screen:
                return
            if screen.is_mounted and screen.is_attached:  # (not while the app closes)
                screen.refresh_view()

    def tell_watchers(self) -> None:
        for watcher in self.watchers:
            watcher()
