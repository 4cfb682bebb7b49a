"""What screens ask for, posted up to the app: screens never build the screen after them.

The app routes the shell's messages (the lobby's choices, a game to start,
help); the game flow (hotseat play) routes a game's: a seat's private screen
behind its curtain, a form over the table, hiding, notes read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from textual._time import get_time  # the clock Textual stamps each key with
from textual.message import Message

if TYPE_CHECKING:
    from rules.engine import Seat

# --- the shell ----------------------------------------------------------------


class ShowLobby(Message):
    """Back to the lobby."""


class ShowSetup(Message):
    """The setup form for a new game of ``game_id``."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        """The registered game to set up."""


class OpenServedTable(Message):
    """Ask a served parlour to open a table of ``game_id`` as its form was filled in
    (``entry``: a ``tui.setup_form.SetupEntry``); ``open``: free seats for anyone."""

    def __init__(self, game_id: str, entry: Any, open: bool) -> None:  # noqa: A002
        super().__init__()
        self.game_id = game_id
        self.entry = entry
        self.open = open


class ShowResume(Message):
    """The list of saved games."""


class StartDemo(Message):
    """Bots play ``game_id`` while everyone watches (``teach``: each step explained)."""

    def __init__(self, game_id: str, *, teach: bool = False) -> None:
        super().__init__()
        self.game_id = game_id
        """The registered game to demonstrate."""
        self.teach = teach


class StartGame(Message):
    """Play ``session``; ``path`` is its save file (None: not saved)."""

    def __init__(self, session: Any, path: Path | None, *, fresh: bool, opened: Any = None) -> None:
        super().__init__()
        self.session = session
        """The game to play (a ``rules.session.Session``)."""
        self.opened = opened
        """A resumed save as opened (``tui.persistence.saves.Opened``: notes read, its tail)."""
        self.path = path
        """Where every move is saved."""
        self.fresh = fresh
        """A new game (written at once), not a resumed one (its file stays as it is)."""


class PlayAgain(Message):
    """The same seats again, a new deal."""


class ExportStory(Message):
    """Write the story so far (public things only) beside the save."""


Answered: TypeAlias = Callable[[bool | None], None]
"""What is done with a yes-or-no question's answer (True: yes), the result of
``tui.screens.confirm.ConfirmScreen``, a ``Screen[bool]``."""


class AskFirst(Message):
    """Ask ``question`` (before a move that cannot be taken back, say) on the confirm
    screen; its answer goes to ``answered``."""

    def __init__(self, question: str, answered: Answered, title: str) -> None:
        super().__init__()
        self.question = question
        self.answered = answered
        self.title = title
        """The help screen's heading (the game's title)."""
        self.made = get_time()
        """When it was asked (the app drops it if the screen has been shown anew since)."""


class HelpWanted(Message):
    """Open the help screen: the rules, what the current moment asks, the keys."""

    def __init__(self, title: str, rules: str, phase: str, keys: tuple[tuple[str, str], ...]):
        super().__init__()
        self.title = title
        """The heading: the game's title, or Parlour."""
        self.rules = rules
        """The game's rules in Parlour's words (Markdown)."""
        self.phase = phase
        """What the moment asks, in a few sentences."""
        self.keys = keys
        """(key, what it does) for the keys of the screen asking."""


# --- a game at the table --------------------------------------------------------


class Router(Protocol):
    """What shows the screens a game's screens ask for: the hotseat flow, or a joined
    terminal's (``tui.net.joined``)."""

    def open_private(self, seat: Seat, name: str, doing: str) -> None: ...

    def open_form(self, seat: Seat | None, name: str) -> None: ...

    def close_form(self) -> None: ...

    def hide(self, seat: Seat) -> None: ...

    def notes_read(self, seat: Seat) -> None: ...


class OpenPrivate(Message):
    """A screen for ``seat``'s eyes only (``name``: a prompt kind or one of the game's
    screens); the hotseat flow shows the curtain first, saying ``doing``."""

    def __init__(self, seat: Seat, name: str, doing: str) -> None:
        super().__init__()
        self.seat = seat
        """Whose screen it is."""
        self.name = name
        """Which screen of the game's UI."""
        self.doing = doing
        """What the curtain tells the table the seat is about to do."""


class OpenForm(Message):
    """A public form over the table (``name``: one of the game's screens) for ``seat``."""

    def __init__(self, seat: Seat | None, name: str) -> None:
        super().__init__()
        self.seat = seat
        """Who fills the form in (None: anyone at the table)."""
        self.name = name
        """Which screen of the game's UI."""


class CloseForm(Message):
    """The form over the table is done (or given up): back to the table."""


class Hide(Message):
    """``seat`` is done looking for now: drop the curtain (or go back to the table)."""

    def __init__(self, seat: Seat) -> None:
        super().__init__()
        self.seat = seat
        """Whose private screen closes."""


class NotesRead(Message):
    """``seat`` has read the notes shown to them."""

    def __init__(self, seat: Seat) -> None:
        super().__init__()
        self.seat = seat
        """Whose notes they were."""


class Lingered(Message):
    """The table has finished showing what just happened (the dice, say): move on."""
