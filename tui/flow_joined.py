"""Who sits where at the hotseat table, and the seats played from terminals of their own
(``parlour host``): the table never curtains them and decides nothing for them, says
when one is away, and tells whoever watches (the host's socket) after every change."""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve

from rules.engine import Prompt, Seat
from tui.port import SeatInfo, SessionTable


class JoinedSeats:
    """The seats as the screens know them (``seats``), the joined ones marked; which
    seat is decided at this keyboard (``here``); the watchers and closers of the host.

    Given the session holder, the seats played elsewhere, and ``redraw``: what shows the
    table again when a joined seat comes or goes."""

    def __init__(
        self,
        table: SessionTable,
        joined: frozenset[Seat],
        redraw: Callable[[], None],
        bots_first: bool = False,
    ) -> None:
        self.table = table
        self.bots_first = bots_first
        """A public question asked of several goes to the bots first (``here``)."""
        self.joined = joined
        """The seats played from terminals of their own: the game waits for them and
        never curtains them here."""
        self.redraw = redraw
        self.away: set[Seat] = set(joined)
        """Joined seats whose terminal is not connected now."""
        self.watchers: list[Callable[[], None]] = []
        """Told whenever the table may have changed (the host sends the new views)."""
        self.closers: list[Callable[[], None]] = []
        """Told when the table is left (the host closes its socket)."""
        self.door: tuple[str, ...] = ()
        """Newcomers waiting at a hosted tavern's door, by name (``tui.net.host``)."""
        self.tavern_code = ""
        """The code a newcomer walks in by from a terminal of their own ('': none)."""

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        infos = self.table.seats
        if not self.joined:
            return infos
        return tuple(
            evolve(info, elsewhere=seat in self.joined, away=seat in self.away)
            for seat, info in enumerate(infos)
        )

    def here(self, prompt: Prompt) -> Seat | None:
        """The first seat asked that is decided at this keyboard (a person or a bot);
        None when every seat asked plays from a terminal of its own. Where the game says so
        (``bots_first``), a public question asked of several goes to the bots first: they
        answer silently, and then the people answer together at the table
        (``tui.kit.moment``)."""
        local = [seat for seat in prompt.seats if seat not in self.joined]
        if self.bots_first and not prompt.private and len(local) > 1:
            infos = self.table.seats
            bot = next((seat for seat in local if infos[seat].bot), None)
            if bot is not None:
                return bot
        return local[0] if local else None

    def set_away(self, seat: Seat, away: bool) -> None:
        """A joined seat's terminal connected (or dropped): the table says so."""
        if (seat in self.away) != away:
            if away:
                self.away.add(seat)
            else:
                self.away.discard(seat)
            self.tell_watchers()
            self.redraw()

    def set_door(self, names: tuple[str, ...]) -> None:
        """The newcomers at the door changed: the table shows them."""
        if names != self.door:
            self.door = names
            self.redraw()

    def set_tavern(self, code: str) -> None:
        """The code a newcomer walks in by: the table shows it."""
        if code != self.tavern_code:
            self.tavern_code = code
            self.redraw()

    def join_seat(self, seat: Seat) -> None:
        """A seat someone walked into from a terminal of their own: played there from now
        on (the table never curtains it nor decides for it)."""
        self.joined = self.joined | {seat}
        self.away.discard(seat)
        self.tell_watchers()
        self.redraw()

    def tell_watchers(self) -> None:
        for watcher in self.watchers:
            watcher()

    def close(self) -> None:
        """The table is left: every closer is told, once."""
        for closer in self.closers:
            closer()
        self.closers.clear()
