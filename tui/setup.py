"""Setup: seats (name, person or bot, PIN), seed, the game's options, a pack."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from rules import saves
from rules.engine import GameInfo
from rules.session import BOT, PERSON
from tui.base import ParlourScreen
from tui.setup_form import SetupEntry, check_setup

if TYPE_CHECKING:
    from tui.app import ParlourApp

SETUP_HELP = """\
Fill in one row per seat, in clockwise order: a name (all different), whether
a person or a bot plays it, and an optional 4-digit PIN that the player must
type to lift their curtain. The seed decides every shuffle and roll: the same
seed and the same moves always give the same game. Leave the pack empty for the
default cards, or give the path of your own TOML pack. Tab moves between
fields; Ctrl+S starts the game.
"""

DEFAULT_NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")


def default_name(seat: int) -> str:
    return DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"


class SetupScreen(ParlourScreen):
    """The form that starts a new game."""

    DEFAULT_CSS = """
    SetupScreen #title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    SetupScreen #form { padding: 0 1; }
    SetupScreen .row { height: 3; }
    SetupScreen .row Label { width: 14; height: 3; content-align: left middle; }
    SetupScreen .row .name { width: 22; }
    SetupScreen .row Select { width: 16; }
    SetupScreen .row .pin { width: 14; }
    SetupScreen .row .wide { width: 1fr; }
    SetupScreen #errors { color: $error; height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+r", "reseed", "New seed", priority=True),
        Binding("escape", "back", "Back to lobby"),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, game: GameInfo[Any]) -> None:
        super().__init__()
        self.game = game

    def body(self) -> Iterable[Widget]:
        app = cast("ParlourApp", self.app)
        game = self.game
        yield Static(f"New game of {game.title}: who is playing?", id="title")
        with VerticalScroll(id="form"):
            for seat in range(game.max_seats):
                with Horizontal(classes="row", id=f"row-{seat}"):
                    yield Label(f"Seat {seat + 1}")
                    yield Input(
                        default_name(seat),
                        placeholder="name",
                        classes="name",
                        id=f"name-{seat}",
                        max_length=16,
                    )
                    kind = BOT if seat == game.bot_seats - 1 else PERSON
                    yield Select(
                        [("Person", PERSON), ("Bot", BOT)],
                        value=kind,
                        allow_blank=False,
                        id=f"kind-{seat}",
                    )
                    yield Input(
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
                    yield Input(str(game.bot_seats), id="count", classes="pin", restrict=r"[0-9]*")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(
                    str(app.seed_source()),
                    id="seed",
                    classes="name",
                    restrict=r"[0-9]*",
                    max_length=9,
                )
            for option in game.options:
                with Horizontal(classes="row"):
                    yield Label(option.label[:13])
                    yield Input(
                        str(option.default),
                        id=f"option-{option.key}",
                        classes="pin",
                        restrict=r"[0-9]*",
                        tooltip=option.help,
                    )
                    yield Static(
                        f" {option.minimum}-{option.maximum}. {option.help}", classes="wide"
                    )
            for text in game.text_options(game.default_pack()):
                with Horizontal(classes="row"):
                    yield Label(text.label[:13])
                    yield Input(
                        placeholder=text.default or "(optional)",
                        id=f"text-{text.key}",
                        classes="wide",
                        max_length=text.longest,
                    )
            with Horizontal(classes="row"):
                yield Label("Card pack")
                yield Input(
                    app.pack_path or "",
                    placeholder="empty: the default pack",
                    id="pack",
                    classes="wide",
                )
        yield Static("", id="errors")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#name-0", Input).focus()
        if self.game.min_seats != self.game.max_seats:
            self._count_changed()

    def phase_help(self) -> str:
        return SETUP_HELP

    def help_title(self) -> str:
        return f"Setting up {self.game.title}"

    def rules_text(self) -> str:
        return self.game.rules_text

    def _count(self) -> int:
        if self.game.min_seats == self.game.max_seats:
            return self.game.max_seats
        text = self.query_one("#count", Input).value.strip()
        return int(text) if text.isdigit() else -1

    def entry(self) -> SetupEntry:
        count = self._count()
        seats = range(min(max(count, 0), self.game.max_seats))
        return SetupEntry(
            names=tuple(self.query_one(f"#name-{s}", Input).value for s in seats)
            + (("",) * max(0, count - self.game.max_seats)),
            kinds=tuple(str(self.query_one(f"#kind-{s}", Select).value) for s in seats)
            + ((PERSON,) * max(0, count - self.game.max_seats)),
            pins=tuple(self.query_one(f"#pin-{s}", Input).value for s in seats)
            + (("",) * max(0, count - self.game.max_seats)),
            seed=self.query_one("#seed", Input).value,
            options=tuple(
                (o.key, self.query_one(f"#option-{o.key}", Input).value) for o in self.game.options
            ),
            pack=self.query_one("#pack", Input).value,
            texts=tuple(
                (t.key, self.query_one(f"#text-{t.key}", Input).value)
                for t in self.game.text_options(self.game.default_pack())
            ),
        )

    @on(Input.Changed, "#count")
    def _count_changed(self) -> None:
        count = self._count()
        for seat in range(self.game.max_seats):
            self.query_one(f"#row-{seat}").display = seat < count

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        problems, session = check_setup(self.game, self.entry())
        errors = self.query_one("#errors", Static)
        if session is None:
            errors.update("\n".join(problems))
            return
        errors.update("")
        app = cast("ParlourApp", self.app)
        path = saves.new_save_path(app.saves_dir, self.game.id, session.seed)
        app.start_flow(session, path)

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(cast("ParlourApp", self.app).seed_source())

    def action_back(self) -> None:
        from tui.lobby import LobbyScreen

        self.app.switch_screen(LobbyScreen())
