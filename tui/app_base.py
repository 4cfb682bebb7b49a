"""What every Parlour app shares: themes, keys in the order typed, help, text-only toasts,
private screens kept out of screenshots, a private crash log, and a game's messages
routed to whatever shows its screens (``routes``).

``tui.app.ParlourApp`` (the lobby and hotseat play) and ``tui.net.join_app.JoinApp``
(a seat of a hosted game on its own terminal) build on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen

from rules.names import showable
from themes.colours import THEMES
from tui import messages
from tui.ascii_cards import AsciiSuits
from tui.crash_log import crash_line, write_crash_log
from tui.kit.base import ParlourScreen
from tui.kit.keys import CaughtUp, run_caught_up, typed_too_soon
from tui.persistence.folders import user_data_folder
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.widgets.palette import Palette
from tui.widgets.toosmall import MIN_HEIGHT, MIN_WIDTH, NARROW

ASCII_SUITS = AsciiSuits()


class TableApp(App[None]):
    """The parts of a Parlour app that do not depend on where the game is played."""

    TITLE = "Parlour"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]
    HORIZONTAL_BREAKPOINTS = [
        (0, NARROW),
        (MIN_WIDTH, "-wide"),
    ]
    """Every screen narrower than the table's smallest (a seat's own terminal on a phone:
    ``JoinApp``) has the ``-narrow`` class, which the screens' narrow layouts key on; from
    ``MIN_WIDTH`` up it has ``-wide`` instead, and the layouts are the table's own."""
    CSS = """
    .-narrow Toast { max-width: 100%; }
    """
    """A toast on a narrow terminal takes its width (half of 40 columns is a word a line)."""

    def __init__(
        self, data_dir: Path | None = None, theme: str = "parlour", ascii_cards: bool = False
    ) -> None:
        super().__init__()
        self.ascii_cards = ascii_cards
        """``--ascii``: suit letters for suit symbols on every screen (``tui.ascii_cards``)."""
        self.smallest: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT)
        """The smallest terminal its screens fit (below it they show the enlarge notice)."""
        self.data_dir = user_data_folder() if data_dir is None else data_dir
        """Where the crash log, the host's log and the SSH door's key go: the user's own
        data folder (``tui.persistence.folders.user_data_folder``), whatever ``--saves`` says; tests
        hand in their own. Its files are opened through ``tui.private_files``."""
        self.keys_from = 0.0
        """When the screen now showing was shown: older keys are dropped (tui.kit.keys)."""
        self.crash_log: Path | None = None
        """Where the last unexpected error was written (see ``_handle_exception``)."""
        self.crash_message: str | None = None
        """The one line to show for it once the terminal is restored."""
        self.farewell: str | None = None
        """A line for the command line after the app (a game quit unsaved)."""
        for colours in THEMES:
            self.register_theme(colours)
        self.theme = theme

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [*filters, ASCII_SUITS] if self.ascii_cards else filters

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app, as in Textual, but its traceback goes to a
        private log without local variables (one could hold a hand), and once the
        terminal is restored the command line shows one line naming that log
        (``crash_message``; ``tui.crash_log``)."""
        self._return_code = 1
        if self._exception is None:  # Pilot re-raises the first one in tests
            self._exception = error
            self._exception_event.set()
        self.crash_message = self.report_crash(error)  # the CLI prints it, once restored
        self._close_messages_no_wait()

    def report_crash(self, error: Exception) -> str:
        """Write ``error``'s private log; the one line for the command line."""
        self.crash_log = write_crash_log(self.data_dir, error)
        return crash_line(self.crash_log)

    def fail_with(self, error: Exception) -> None:
        """An unexpected error from outside the app's own message loop (the host's
        socket): handled as one inside it."""
        self._handle_exception(error)

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette (``tui.widgets.palette``: safe against key bursts)."""
        if self.use_command_palette and self.screen.id != "--command-palette":
            self.push_screen(Palette(id="--command-palette"))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast, always shown as text: its message may hold a name, a path or a
        refusal, and a bracket in any of them must not be read as markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    async def on_event(self, event: events.Event) -> None:
        if typed_too_soon(event, self.keys_from):
            return
        if isinstance(event, events.Paste):  # a paste may carry escapes: text only
            event.text = showable(event.text)
        await super().on_event(event)

    @on(CaughtUp)
    def _caught_up(self, message: CaughtUp) -> None:
        run_caught_up(self, message, self.keys_from)

    @on(messages.AskFirst)
    def _ask_first(self, message: messages.AskFirst) -> None:
        if message.made < self.keys_from:
            return  # (asked of a screen, or a question, that has gone since)
        self.push_screen(ConfirmScreen(message.question, message.title), message.answered)

    @on(messages.HelpWanted)
    def _help(self, message: messages.HelpWanted) -> None:
        phase = self.help_phase(message.phase)
        self.push_screen(HelpScreen(message.title, message.rules, phase, message.keys))

    def help_phase(self, phase: str) -> str:
        """What ``?`` says of the current phase (an app may add to the screen's words)."""
        return phase

    def routes(self) -> messages.Router | None:
        """Where a game's screens' messages go (None: no game here now)."""
        return None

    @on(messages.OpenPrivate)
    def _open_private(self, message: messages.OpenPrivate) -> None:
        router = self.routes()
        if router is not None:
            router.open_private(message.seat, message.name, message.doing)

    @on(messages.OpenForm)
    def _open_form(self, message: messages.OpenForm) -> None:
        router = self.routes()
        if router is not None:
            router.open_form(message.seat, message.name)

    @on(messages.CloseForm)
    def _close_form(self) -> None:
        router = self.routes()
        if router is not None:
            router.close_form()

    @on(messages.Hide)
    def _hide(self, message: messages.Hide) -> None:
        router = self.routes()
        if router is not None:
            router.hide(message.seat)

    @on(messages.NotesRead)
    def _notes_read(self, message: messages.NotesRead) -> None:
        router = self.routes()
        if router is not None:
            router.notes_read(message.seat)

    # --- the command palette ------------------------------------------------

    def _private_now(self) -> bool:
        screen = self.screen
        if isinstance(screen, CommandPalette) and len(self.screen_stack) > 1:
            screen = self.screen_stack[-2]
        return isinstance(screen, ParlourScreen) and screen.PRIVATE

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("Help", "Rules, the current phase and the keys", self.action_show_help)
        private = isinstance(screen, ParlourScreen) and screen.PRIVATE
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot" and private:
                continue  # a hand on disk: never from a curtain or a private screen
            yield command

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        if self._private_now():
            self.notify("No screenshots here: this screen is for one player's eyes only.")
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def action_show_help(self) -> None:
        screen = self.screen
        if isinstance(screen, ParlourScreen):
            screen.action_help()
