"""Setup: seats (name, person or bot, PIN), seed, the game's options, a pack.

The game's switches (options of 0 or 1, such as whether a person narrates) come
first, above the seats they shape; the other options follow the seats. The form's
first field takes the focus only once the form is drawn, so keys typed while it
opens (a second ``n`` from the lobby) are not taken as a name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from rules.chance import SEED_DIGITS
from rules.engine import GameInfo, OptionSpec
from rules.pins import PIN_WORK
from rules.session import BOT, PERSON
from tui.kit.base import HELP_BINDINGS, Field, ParlourScreen, ProseInput
from tui.kit.keys import after_keys
from tui.messages import OpenServedTable, ShowLobby, StartGame
from tui.persistence import saves
from tui.setup_form import SetupEntry, check_setup, is_number
from tui.widgets.refusal import Refusal
from tui.widgets.toggle import Toggle
from tui.widgets.whobar import WhoBar

SETUP_HELP = """\
Fill in one row per seat, in clockwise order: a name, whether a person or a
bot plays it (Space flips it), and an optional 4-digit PIN that the player must
type to lift their curtain. A PIN keeps other eyes off that seat's screen (three
wrong tries, then a growing wait); it is no lock on the save file, from which
someone who can read the saves folder could work it out, given time.

The seed decides every shuffle and roll: whoever knows it can work out every
hand, so leave it empty and Parlour draws a secret one, shown only when the game
ends (to deal the same game again). A seed you type is no secret.

Leave the pack empty for the default cards, or give the path of your own TOML
pack. Tab moves between fields; Enter or Ctrl+S starts the game. A switch of the
game (0 or 1, such as whether a person narrates) is the first field, above the
seats: it decides what the last seat is.

Names must look different on screen: "Bo" and "BO", or a "Bo" written with a
Cyrillic "о", count as the same name. A name is shown exactly as typed
(brackets included), but it cannot hold invisible or control characters.
"""

SERVED_HELP = """\
Name each seat and say whether a person or a bot plays it (Space flips it). The
first person's seat is yours; the others get codes to hand out once the table
opens. The seed is always a secret one, and the game's own cards are used. Open
free seats may be taken by anyone in the lobby; by code, only by whom you give a
code. Ctrl+S (or Enter) opens the table; Escape goes back to the lobby.
"""

SEED_NOTE = "Empty: secret. A typed seed is no secret."
OPENNESS = (("open", "open"), ("by code", "code"))
OPEN_NOTE = "Open: anyone in the lobby may take one. By code: only whom you give it."

DEFAULT_NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
KINDS = (("Person", PERSON), ("Bot", BOT))


def is_switch(option: OptionSpec) -> bool:
    """A game's option of 0 or 1: a switch of the game's mode, shown above the seats."""
    return (option.minimum, option.maximum) == (0, 1)


def default_name(seat: int) -> str:
    return DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"


class SetupScreen(ParlourScreen):
    """The form that starts a new game."""


    DEFAULT_CSS = """
    SetupScreen #title { height: 1; }
    SetupScreen #form { padding: 0 1; }
    SetupScreen .row { height: 3; }
    SetupScreen .row Label { width: 20; height: 3; content-align: left middle; }
    SetupScreen .row .name { width: 22; }
    SetupScreen .row .pin { width: 14; }
    SetupScreen .row .number { width: 9; }
    SetupScreen .row .wide { width: 1fr; }
    SetupScreen .row .note { width: 1fr; height: 3; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("escape", "back", "Back to lobby"),
        *HELP_BINDINGS,
    ]

    def __init__(
        self,
        game: GameInfo[Any, Any],
        saves_dir: Path,
        seed_source: Callable[[], int],
        pack_path: str | None = None,
        pin_work: int = PIN_WORK,
        served: bool = False,
    ) -> None:
        super().__init__()
        self.served = served
        """A served table's form (``parlour serve``'s lobby): no PINs, seed or pack (the
        server draws a secret seed and uses the game's own pack), whether its free seats are
        open; Ctrl+S asks the server to open it (``OpenServedTable``)."""
        self.game = game
        self.saves_dir = saves_dir
        self.seed_source = seed_source
        self.pin_work = pin_work
        self.pack_path = pack_path
        self.texts = game.text_options(game.default_pack())

    def body(self) -> Iterable[Widget]:
        game = self.game
        yield WhoBar(f"New game of {game.title}: who is playing?", id="title")
        with VerticalScroll(id="form"):
            yield from self.option_rows(o for o in game.options if is_switch(o))
            for seat in range(game.max_seats):
                with Horizontal(classes="row", id=f"row-{seat}"):
                    yield Label(f"Seat {seat + 1}")
                    yield Field(
                        default_name(seat),
                        placeholder="name",
                        classes="name",
                        id=f"name-{seat}",
                        max_length=16,
                    )
                    kind = BOT if seat == game.bot_seats - 1 else PERSON
                    yield Toggle(KINDS, kind, id=f"kind-{seat}")
                    if not self.served:
                        yield Field(
                            placeholder="PIN (opt.)",
                            password=True,
                            max_length=4,
                            restrict=r"[0-9]*",
                            classes="pin",
                            id=f"pin-{seat}",
                        )
            if game.min_seats != game.max_seats:
                with Horizontal(classes="row"):
                    yield Label("Players")
                    yield Field(
                        str(game.bot_seats), id="count", classes="number", restrict=r"[0-9]*"
                    )
                    yield Static(f"{game.min_seats} to {game.max_seats} seats.", classes="note")
            yield from self.served_rows() if self.served else self.local_rows()
        yield Refusal(id="errors")

    def served_rows(self) -> Iterable[Widget]:
        """What only a served table asks (``tui.serve``): whether its seats are open."""
        yield from self.option_rows(o for o in self.game.options if not is_switch(o))
        yield from self.text_rows()
        with Horizontal(classes="row"):
            yield Label("Free seats")
            yield Toggle(OPENNESS, "open", id="openness")
            yield Static(OPEN_NOTE, classes="note")

    def local_rows(self) -> Iterable[Widget]:
        """The seed, the options, the texts and the pack of a game at this keyboard."""
        with Horizontal(classes="row"):
            yield Label("Seed")
            yield Field(
                placeholder="secret",
                id="seed",
                classes="name",
                restrict=r"[0-9]*",
                max_length=SEED_DIGITS,
            )
            yield Static(SEED_NOTE, classes="note")
        yield from self.option_rows(o for o in self.game.options if not is_switch(o))
        yield from self.text_rows()
        with Horizontal(classes="row"):
            yield Label("Card pack")
            yield Field(
                self.pack_path or "",
                placeholder="empty: the default pack",
                id="pack",
                classes="wide",
            )

    def text_rows(self) -> Iterable[Widget]:
        for text in self.texts:
            with Horizontal(classes="row"):
                yield Label(text.label)
                yield ProseInput(
                    placeholder=text.default or "(optional)",
                    id=f"text-{text.key}",
                    classes="wide",
                    max_length=text.longest,
                )

    def option_rows(self, options: Iterable[OptionSpec]) -> Iterable[Widget]:
        for option in options:
            with Horizontal(classes="row"):
                yield Label(option.label)
                yield Field(
                    str(option.default),
                    id=f"option-{option.key}",
                    classes="number",
                    restrict=r"[0-9]*",
                )
                yield Static(
                    Text(f"{option.minimum}-{option.maximum}. {option.help}"), classes="note"
                )

    def first_field(self) -> Input:
        """The form's first field: the game's first switch, or the first seat's name."""
        switch = next((o for o in self.game.options if is_switch(o)), None)
        return self.query_one(f"#option-{switch.key}" if switch else "#name-0", Input)

    def on_mount(self) -> None:
        super().on_mount()
        if self.game.min_seats != self.game.max_seats:
            self._count_changed()
        # Once drawn: keys that came while the form opened go nowhere.
        self.call_after_refresh(self.take_focus, self.first_field())

    def phase_help(self) -> str:
        return SERVED_HELP if self.served else SETUP_HELP

    def refused(self, reason: str) -> None:
        """The server refused to open the table, and why."""
        self.query_one("#errors", Refusal).show(reason)

    def help_title(self) -> str:
        return f"Setting up {self.game.title}"

    def rules_text(self) -> str:
        return self.game.rules_text

    def _count(self) -> int:
        if self.game.min_seats == self.game.max_seats:
            return self.game.max_seats
        text = self.query_one("#count", Input).value.strip()
        return int(text) if is_number(text) else -1

    def entry(self) -> SetupEntry:
        count = self._count()
        seats = range(min(max(count, 0), self.game.max_seats))
        extra = max(0, count - self.game.max_seats)
        served = self.served
        return SetupEntry(
            names=tuple(self.query_one(f"#name-{s}", Input).value for s in seats) + ("",) * extra,
            kinds=tuple(self.query_one(f"#kind-{s}", Toggle).value for s in seats)
            + (PERSON,) * extra,
            pins=("",) * (len(seats) + extra) if served else
            tuple(self.query_one(f"#pin-{s}", Input).value for s in seats) + ("",) * extra,
            seed="" if served else self.query_one("#seed", Input).value,
            options=tuple(
                (o.key, self.query_one(f"#option-{o.key}", Input).value) for o in self.game.options
            ),
            pack="" if served else self.query_one("#pack", Input).value,
            texts=tuple((t.key, self.query_one(f"#text-{t.key}", Input).value) for t in self.texts),
        )

    @on(Input.Changed, "#count")
    def _count_changed(self) -> None:
        count = self._count()
        for seat in range(self.game.max_seats):
            self.query_one(f"#row-{seat}").display = seat < count

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @after_keys
    def action_start(self) -> None:
        problems, session = check_setup(self.game, self.entry(), self.seed_source, self.pin_work)
        errors = self.query_one("#errors", Refusal)
        if session is None:
            errors.show("\n".join(problems))
            return
        if self.served:
            errors.show("Opening the table...")
            is_open = self.query_one("#openness", Toggle).value == "open"
            self.post_message(OpenServedTable(self.game.id, self.entry(), is_open))
            return
        try:
            path = saves.new_save_path(self.saves_dir, self.game.id)
        except saves.SaveError as exc:
            errors.show(str(exc))
            return
        errors.show(None)
        self.post_message(StartGame(session, path, fresh=True))

    def action_back(self) -> None:
        self.post_message(ShowLobby())
