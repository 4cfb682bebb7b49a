"""The host's seats: the join codes before the start, and freeing a seat later.

The host's terminal is the public table, so a join code is never shown to
everybody at once: each seat's code is hidden until the host presses its number
(while its person looks, and the others look away), and hidden again on the next
press or once the seat has joined. A seat is claimed by the terminal that joins
it (its code then opens nothing: ``tui.net.seating``), so reading a code off this
screen helps nobody once its person has joined; if somebody else got there first,
the host sees the seat joined while its person is still waiting, and frees it.
Freeing a seat (its number, on a joined seat, then y) closes its terminal and
deals it a new code. The watch code is for anyone: it lets them watch the public
table through the SSH door or the browser door. With the browser door open, a QR code
beside the seats holds the watch link, or, while a seat's code shows, that seat's
link with its code in it: a phone that scans it opens the seat. Before the start,
Enter starts the game; later this screen comes from the command palette (Ctrl+P,
Seats) and Enter goes back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tui.kit.base import HELP_BINDINGS, ParlourScreen
from tui.messages import AskFirst
from tui.net.codes import shown_code
from tui.net.host import Host
from tui.net.qr import qr_text, scannable

HIDDEN_CODE = "•••-•••"
SEATS_HELP = (
    "Each friend joins their seat from a terminal of their own: `parlour join` on this "
    "machine, or through the SSH door when the host opened one, then types the code of "
    "their seat. A code is hidden until you press its seat's number, so show each "
    "person their own while the others look away. The first terminal to join a seat "
    "keeps it: after that its code opens nothing, and that terminal alone gets back in "
    "after a drop (with the rejoin code it was shown). If a seat shows joined while its "
    "person is still waiting, or a friend lost their terminal and their rejoin code, "
    "press the seat's number to free it: its terminal is closed and it gets a new code. "
    "The watch code lets anyone watch the public table over SSH or in a browser. With the "
    "browser door open, the QR code beside the seats opens the watch page; while a seat's "
    "code shows, it opens that seat instead, so only that person should scan it. Seats "
    "played at this keyboard have no code: they play behind the curtain here."
)
START_LINE = (
    "Enter starts the game; the codes then leave this screen (Ctrl+P, Seats, brings it back)."
)
BACK_LINE = "Enter goes back to the table."


class SeatsScreen(ParlourScreen):
    """The joined seats, their codes one at a time, the watch code; free a seat."""

    PRIVATE = True  # no screenshot of the codes

    DEFAULT_CSS = """
    SeatsScreen { align: center middle; }
    SeatsScreen #seats-box { width: 76; height: auto; border: double $primary; padding: 1 2; }
    SeatsScreen .seats-title { text-style: bold; width: 100%; text-align: center; }
    SeatsScreen #seats { margin-top: 1; }
    SeatsScreen .seats-line { margin-top: 1; color: $text-muted; }
    SeatsScreen #seats-box.-with-qr { width: 78; padding: 0 1; }
    SeatsScreen #seats-box.-with-qr .seats-line { margin-top: 0; }
    SeatsScreen #seats-text { width: 1fr; height: auto; }
    SeatsScreen #seats-with-qr { height: auto; }
    SeatsScreen #qr-side { width: 31; height: auto; padding-left: 2; }
    SeatsScreen #qr-caption { width: 100%; text-align: center; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Start the game", priority=True),
        *(
            Binding(str(n), f"seat({n - 1})", "Show or free", show=n == 1, key_display="1-9")
            for n in range(1, 10)
        ),
        *HELP_BINDINGS,
    ]

    def __init__(self, host: Host, title: str, doors: tuple[str, ...]) -> None:
        super().__init__()
        self.host = host
        self.title_text = title
        self.doors = doors
        """How friends reach the table (the socket; the SSH door)."""
        self.showing: int | None = None
        """The seat whose code shows now."""

    def body(self) -> Iterable[Widget]:
        line = BACK_LINE if self.host.started else START_LINE
        watch = f"Watch code: {shown_code(self.host.seating.watch_code)}"
        text = [
            Static(Text("\n".join(self.lines())), id="seats"),
            *(Static(Text(door), classes="seats-line") for door in self.doors),
            Static(Text(watch), classes="seats-line"),
            Static(Text(line), classes="seats-line"),
        ]
        title = Static(Text(f"Hosting {self.title_text}"), classes="seats-title")
        if self.host.web_door is None:
            yield Vertical(title, *text, id="seats-box")
            return
        caption, link = self.scanned()
        qr = Vertical(
            Static(qr_text(scannable(link)), id="qr"),
            Static(Text(caption), id="qr-caption"),
            id="qr-side",
        )
        yield Vertical(
            title,
            Horizontal(Vertical(*text, id="seats-text"), qr, id="seats-with-qr"),
            id="seats-box",
            classes="-with-qr",
        )

    def scanned(self) -> tuple[str, str]:
        """What the QR code opens now: the shown seat's link, else the watch link."""
        door = self.host.web_door
        seating = self.host.seating
        seat = self.showing
        if seat is not None and seat in seating.codes and not seating.claimed(seat):
            name = self.host.table.seats[seat].name
            return f"Scan: {name}'s seat", door.link(seating.codes[seat])
        return "Scan to watch", door.link(seating.watch_code)

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_codes()
        self.host.table.watchers.append(self.refresh_codes)

    def on_unmount(self) -> None:
        if self.refresh_codes in self.host.table.watchers:
            self.host.table.watchers.remove(self.refresh_codes)

    def refresh_codes(self) -> None:
        if self.is_current:
            for seats in self.query("#seats").results(Static):  # (none yet: made with them)
                seats.update(Text("\n".join(self.lines())))
            if self.host.web_door is not None:
                caption, link = self.scanned()
                for qr in self.query("#qr").results(Static):
                    qr.update(qr_text(scannable(link)))
                for said in self.query("#qr-caption").results(Static):
                    said.update(Text(caption))

    def lines(self) -> list[str]:
        seats = self.host.table.seats
        seating = self.host.seating
        lines = []
        for seat, info in enumerate(seats):
            number = f"{seat + 1} " if seat < 9 else "  "
            if info.bot:
                lines.append(f"{number}{info.name}: a bot")
            elif seat not in seating.codes:
                lines.append(f"{number}{info.name}: plays at this keyboard")
            elif seating.claimed(seat):
                state = "away (its terminal dropped)" if info.away else "joined"
                lines.append(f"{number}{info.name}: {state}; {seat + 1} frees the seat")
            else:
                code = seating.codes[seat] if seat == self.showing else None
                shown = HIDDEN_CODE if code is None else shown_code(code)
                lines.append(f"{number}{info.name}: {shown} (not joined yet)")
        return lines

    def phase_help(self) -> str:
        return SEATS_HELP

    def help_title(self) -> str:
        return self.title_text

    def action_seat(self, seat: int) -> None:
        seating = self.host.seating
        if seat not in seating.codes:
            return
        if not seating.claimed(seat):
            self.showing = None if self.showing == seat else seat
            self.refresh_codes()
            return
        name = self.host.table.seats[seat].name
        question = (
            f"Free {name}'s seat? The terminal playing it is closed, and the seat gets a "
            "new code for its person to join with."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.free(seat)

        self.post_message(AskFirst(question, answered, self.title_text))

    def free(self, seat: int) -> None:
        self.host.free(seat)
        self.showing = seat  # (its new code, for its person's eyes)
        self.refresh_codes()

    def action_done(self) -> None:
        self.showing = None
        if self.host.started:
            self.app.pop_screen()
        else:
            self.host.begin()


class SeatsLaterScreen(SeatsScreen):
    """The same, once the game has started (from the palette): Enter or Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Back to the table", priority=True),
        Binding("escape", "done", "Back", show=False),
    ]
