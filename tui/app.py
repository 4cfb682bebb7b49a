"""The Parlour app: themes, the shell's screens, and one game flow at a time.

Screens never build the screen after them: they post a message
(``tui.messages``) and the app shows what it asks for. The lobby is
registered by name and kept, so it remembers the game picked last.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen

from rules.chance import secret_seed
from rules.names import showable
from rules.session import PIN_WORK
from themes.colours import THEMES
from tui import messages
from tui.crash_log import crash_line, write_crash_log
from tui.kit.base import ParlourScreen
from tui.kit.keys import CaughtUp, run_caught_up, typed_too_soon
from tui.pin_guard import PinGuard
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.resume import ResumeScreen
from tui.widgets.palette import Palette

if TYPE_CHECKING:
    from rules.saves import Opened
    from rules.session import Session
    from tui.flow import GameFlow

# The games' rules, their screens and the game flow are imported when a game starts,
# so the lobby's first frame does not wait for them.

LOBBY = "lobby"


class ParlourApp(App[None]):
    """One shared screen, many players, one game at a time."""

    TITLE = "Parlour"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        saves_dir: Path,
        *,
        theme: str = "parlour",
        pack_path: str | None = None,
        bot_delay: float = 0.8,
        dice_delay: float = 0.25,
        seed_source: Callable[[], int] = secret_seed,
        clock: Callable[[], float] = time.monotonic,
        pin_work: int = PIN_WORK,
        opening: Callable[[ParlourApp], object] | None = None,
        turn_timer: Callable[[float, Callable[[], None]], object] | None = None,
        dice_timer: Callable[[float, Callable[[], None]], object] | None = None,
    ) -> None:
        super().__init__()
        self.turn_timer = turn_timer
        """How a game's turn timer waits (None: a Textual timer, by the wall clock; tests
        hand in one they run themselves)."""
        self.dice_timer = dice_timer
        """How the table waits between fresh dice (``dice_delay`` apart), the same way."""
        self.saves_dir = saves_dir
        self.pack_path = pack_path
        self.bot_delay = bot_delay
        self.dice_delay = dice_delay
        self.seed_source = seed_source
        self.pins = PinGuard(clock)
        self.pin_work = pin_work
        """What a PIN set in the setup form costs to hash (tests set it low)."""
        self.keys_from = 0.0
        """When the screen now showing was shown: older keys are dropped (tui.kit.keys)."""
        self.opening = opening
        self.flow: GameFlow | None = None
        self.crash_log: Path | None = None
        """Where the last unexpected error was written (see ``_handle_exception``)."""
        self.crash_message: str | None = None
        """The one line to show for it once the terminal is restored."""
        self.farewell: str | None = None
        """A line for the command line after the app (a game quit unsaved)."""
        for colours in THEMES:
            self.register_theme(colours)
        self.theme = theme

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app, as in Textual, but its traceback goes to a
        private log without local variables (one could hold a hand), and once the
        terminal is restored the command line shows one line naming that log
        (``crash_message``; ``tui.crash_log``)."""
        self._return_code = 1
        if self._exception is None:  # Pilot re-raises the first one in tests
            self._exception = error
            self._exception_event.set()
        self.crash_log = write_crash_log(self.saves_dir.parent, error)
        self.crash_message = crash_line(self.crash_log)  # the CLI prints it, once restored
        self._close_messages_no_wait()

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

    def on_mount(self) -> None:
        self.install_screen(LobbyScreen(self.saves_dir), LOBBY)
        self.push_screen(LOBBY)
        if self.opening is not None:
            self.opening(self)

    # --- the shell ----------------------------------------------------------

    def on_unmount(self) -> None:
        if self.flow is not None:  # the window closes: its game's save is free for another
            self.flow.stop()

    def _stop_flow(self) -> None:
        if self.flow is not None:
            self.flow.stop()
            self.flow = None

    @on(messages.ShowLobby)
    def show_lobby(self) -> None:
        self._stop_flow()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(LOBBY)

    @on(messages.ShowSetup)
    def show_setup(self, message: messages.ShowSetup) -> None:
        from rules import registry
        from tui.screens.setup import SetupScreen

        game = registry.get(message.game_id)
        self.switch_screen(
            SetupScreen(game, self.saves_dir, self.seed_source, self.pack_path, self.pin_work)
        )

    @on(messages.ShowResume)
    def show_resume(self) -> None:
        self.switch_screen(ResumeScreen(self.saves_dir))

    async def on_event(self, event: events.Event) -> None:
        if typed_too_soon(event, self.keys_from):
            return
        if isinstance(event, events.Paste):  # a paste may carry escapes: text only
            event.text = showable(event.text)
        await super().on_event(event)

    @on(CaughtUp)
    def _caught_up(self, message: CaughtUp) -> None:
        run_caught_up(self, message)

    @on(messages.StartGame)
    def _start_game(self, message: messages.StartGame) -> None:
        self.start_flow(message.session, message.path, fresh=message.fresh, opened=message.opened)

    @on(messages.StartDemo)
    def _start_demo(self, message: messages.StartDemo) -> None:
        self.start_demo(message.game_id)

    @on(messages.PlayAgain)
    def play_again(self) -> None:
        from rules import saves

        flow = self.flow
        if flow is None:
            return
        session = flow.next_game(self.seed_source())
        path = None
        if flow.save_path is not None:
            try:
                path = saves.new_save_path(flow.save_path.parent, session.game.id)
            except saves.SaveError as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
        self.start_flow(session, path, demo=flow.is_demo)

    @on(messages.ExportStory)
    def action_export_story(self) -> None:
        if self.flow is None:
            self.notify("No game to export here.")
        else:
            self.flow.export_story()

    @on(messages.AskFirst)
    def _ask_first(self, message: messages.AskFirst) -> None:
        self.push_screen(ConfirmScreen(message.question, message.then, message.title))

    async def action_quit(self) -> None:
        """Ctrl+Q: quit (every move is on disk), unless the game could not be saved:
        then the screen that says so asks first."""
        flow = self.flow
        if flow is None or not flow.save_error:
            await super().action_quit()
        elif not isinstance(self.screen, ConfirmScreen):
            flow.show_save_failure()
            self.screen.action_quit_unsaved()  # type: ignore[attr-defined]

    @on(messages.QuitUnsaved)
    def _quit_unsaved(self) -> None:
        flow = self.flow
        if flow is not None and flow.save_error:
            self.farewell = f"parlour: quit without saving: {flow.save_error}"
        self.exit(return_code=1)

    @on(messages.HelpWanted)
    def _help(self, message: messages.HelpWanted) -> None:
        self.push_screen(HelpScreen(message.title, message.rules, message.phase, message.keys))

    # --- a game's own screens go to its flow ---------------------------------

    @on(messages.OpenPrivate)
    def _open_private(self, message: messages.OpenPrivate) -> None:
        if self.flow is not None:
            self.flow.open_private(message.seat, message.name, message.doing)

    @on(messages.OpenForm)
    def _open_form(self, message: messages.OpenForm) -> None:
        if self.flow is not None:
            self.flow.open_form(message.seat, message.name)

    @on(messages.CloseForm)
    def _close_form(self) -> None:
        if self.flow is not None:
            self.flow.close_form()

    @on(messages.Hide)
    def _hide(self, message: messages.Hide) -> None:
        if self.flow is not None:
            self.flow.hide(message.seat)

    @on(messages.NotesRead)
    def _notes_read(self, message: messages.NotesRead) -> None:
        if self.flow is not None:
            self.flow.notes_read(message.seat)

    # --- starting games ---------------------------------------------------

    def start_flow(
        self,
        session: Session[Any],
        path: Path | None,
        *,
        demo: bool = False,
        fresh: bool = True,
        opened: Opened | None = None,
    ) -> None:
        """Play ``session`` at this keyboard; a fresh game is written at once (a resumed
        one keeps its file, date and all, until the next move)."""
        from tui.flow import GameFlow

        self._stop_flow()
        self.flow = GameFlow(
            self,
            session,
            path,
            demo=demo,
            bot_delay=self.bot_delay,
            dice_delay=self.dice_delay,
            saves_dir=self.saves_dir,
            pins=self.pins,
            turn_timer=self.turn_timer,
            opened=opened,
        )
        if opened is not None and opened.note:
            self.notify(opened.note, severity="warning", timeout=10)
        if fresh:
            self.flow.save()
        self.flow.advance()

    def start_demo(self, game_id: str, seed: int | None = None) -> None:
        from rules import registry
        from rules.packs import PackError
        from rules.session import BOT, SeatPlan, Session
        from rules.simulate import bot_config
        from tui.setup_form import bot_names

        game = registry.get(game_id)
        names = bot_names(game.bot_seats, ())
        seats = tuple(SeatPlan(n, BOT) for n in names)
        pack = None
        if self.pack_path:
            try:
                pack = game.load_pack(self.pack_path)
            except PackError as exc:  # a pack for another game, say: the game's own cards
                self.notify(f"Card pack refused: {exc}. The demo uses {game.title}'s own cards.")
        config = bot_config(game, seats, pack=pack)
        seed = self.seed_source() if seed is None else seed
        self.start_flow(Session.start(game, config, seed, seats), None, demo=True)

    def resume(self, path: Path) -> str | None:
        """Carry on a saved game; returns the reason when the file is refused."""
        from rules import saves

        try:
            opened = saves.open_save(path, lock=True)
        except saves.SaveError as exc:
            return str(exc)
        self.start_flow(opened.session, path, fresh=False, opened=opened)
        return None

    # --- the command palette ------------------------------------------------

    def _private_now(self) -> bool:
        screen = self.screen
        if isinstance(screen, CommandPalette) and len(self.screen_stack) > 1:
            screen = self.screen_stack[-2]
        return isinstance(screen, ParlourScreen) and screen.PRIVATE

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(
            "Save game", "Write the current game to its save file now", self.action_save_game
        )
        yield SystemCommand("Help", "Rules, the current phase and the keys", self.action_show_help)
        if self.flow is not None:
            yield SystemCommand(
                "Export story",
                "Write the story so far (public things only) beside the save",
                self.action_export_story,
            )
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

    def action_save_game(self) -> None:
        if self.flow is None or self.flow.save_path is None:
            self.notify("No game to save here (demos are not saved).")
        elif self.flow.save():
            self.notify(f"Saved to {self.flow.save_path}")

    def action_show_help(self) -> None:
        screen = self.screen
        if isinstance(screen, ParlourScreen):
            screen.action_help()
