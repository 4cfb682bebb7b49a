"""The Parlour app: themes, the shell's screens, and one game flow at a time.

Screens never build the screen after them: they post a message
(``tui.messages``) and the app shows what it asks for. The lobby is
registered by name and kept, so it remembers the game picked last.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import SystemCommand
from textual.screen import Screen

from rules.pins import PIN_WORK
from tui import messages
from tui.app_base import TableApp
from tui.pin_guard import PinGuard
from tui.screens.confirm import ConfirmScreen
from tui.screens.lobby import LobbyScreen

if TYPE_CHECKING:
    from rules.session import Session
    from tui.flow import GameFlow
    from tui.flow_mode import ModeMaker
    from tui.persistence.saves import Opened

# The games' rules, their screens and the game flow are imported when a game starts,
# so the lobby's first frame does not wait for them.

LOBBY = "lobby"
HOSTED_AGAIN = "A hosted game is played once: host the next one with parlour host (new codes)."


def fresh_seed() -> int:
    """A secret seed for a new game (``rules.chance.secret_seed``, loaded with the
    first game rather than before the lobby's first frame)."""
    from rules.chance import secret_seed

    return secret_seed()


class ParlourApp(TableApp):
    """One shared screen, many players, one game at a time."""

    def __init__(
        self,
        saves_dir: Path,
        *,
        theme: str = "parlour",
        pack_path: str | None = None,
        bot_delay: float = 0.8,
        dice_delay: float = 0.25,
        seed_source: Callable[[], int] = fresh_seed,
        clock: Callable[[], float] = time.monotonic,
        pin_work: int = PIN_WORK,
        opening: Callable[[ParlourApp], object] | None = None,
        ascii_cards: bool = False,
        turn_timer: Callable[[float, Callable[[], None]], object] | None = None,
        dice_timer: Callable[[float, Callable[[], None]], object] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        super().__init__(data_dir, theme, ascii_cards)
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
        self.opening = opening
        self.flow: GameFlow | None = None

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
        from tui.screens.resume import ResumeScreen  # saves are read when the list opens

        self.switch_screen(ResumeScreen(self.saves_dir))

    @on(messages.StartGame)
    def _start_game(self, message: messages.StartGame) -> None:
        self.start_flow(message.session, message.path, fresh=message.fresh, opened=message.opened)

    @on(messages.StartDemo)
    def _start_demo(self, message: messages.StartDemo) -> None:
        self.start_demo(message.game_id, teach=message.teach)

    @on(messages.PlayAgain)
    def play_again(self) -> None:
        from tui.persistence import saves

        flow = self.flow
        if flow is None:
            return
        if flow.seating.joined:  # the joined terminals hold this game's codes, not the next one's
            self.notify(HOSTED_AGAIN, timeout=10)
            return
        session = flow.end.next_game(self.seed_source())
        path = None
        if flow.save_path is not None:
            try:
                path = saves.new_save_path(flow.save_path.parent, session.game.id)
            except saves.SaveError as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
        self.start_flow(session, path, mode=flow.mode.again())

    @on(messages.ExportStory)
    def action_export_story(self) -> None:
        if self.flow is None:
            self.notify("No game to export here.")
        else:
            self.flow.export_story()

    async def action_quit(self) -> None:
        """Ctrl+Q: quit (every move is on disk), unless the game could not be saved:
        then the screen that says so asks first."""
        flow = self.flow
        if flow is None or not flow.save_error:
            await super().action_quit()
        elif not isinstance(self.screen, ConfirmScreen):
            from tui.screens.save_failed import SaveFailedScreen

            flow.show_save_failure()
            screen = self.screen
            if isinstance(screen, SaveFailedScreen):  # (it is: the failure shows at once)
                screen.action_quit_unsaved()

    def routes(self) -> messages.Router | None:
        return self.flow

    # --- starting games ---------------------------------------------------

    def start_flow(
        self,
        session: Session[Any],
        path: Path | None,
        *,
        mode: ModeMaker | None = None,
        fresh: bool = True,
        opened: Opened | None = None,
        joined: frozenset[int] = frozenset(),
        begin: bool = True,
    ) -> None:
        """Play ``session`` at this keyboard; a fresh game is written at once (a resumed
        one keeps its file, date and all, until the next move). ``mode``: how it is
        played (``tui.flow_mode``; None: a game); ``joined``: the seats played from
        terminals of their own (``parlour host``); ``begin``: show the game now (a host
        first shows the join codes)."""
        from tui.flow import GameFlow
        from tui.flow_mode import Mode

        self._stop_flow()
        self.flow = GameFlow(
            self,
            session,
            path,
            mode=Mode if mode is None else mode,
            bot_delay=self.bot_delay,
            dice_delay=self.dice_delay,
            saves_dir=self.saves_dir,
            pins=self.pins,
            turn_timer=self.turn_timer,
            opened=opened,
            joined=joined,
        )
        if opened is not None and opened.note:
            self.notify(opened.note, severity="warning", timeout=10)
        if fresh:
            self.flow.save()
        if begin:
            self.flow.advance()

    def start_demo(self, game_id: str, seed: int | None = None, *, teach: bool = False) -> None:
        from rules import registry
        from rules.packs import PackError
        from rules.session import BOT, SeatPlan, Session
        from rules.simulate import bot_config
        from tui.flow_mode import DemoMode
        from tui.flow_teach import TeachMode
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
        mode = TeachMode if teach else DemoMode
        self.start_flow(Session.start(game, config, seed, seats), None, mode=mode)

    def start_coached(self, game_id: str, name: str) -> None:
        """A coached first game: ``name`` against bots on the game's coached deal, not saved."""
        from rules import registry
        from rules.coaching import coached_deal, coached_session
        from tui.flow_coach import CoachMode
        from tui.setup_form import bot_names

        game = registry.get(game_id)
        deal = coached_deal(game)
        names = list(bot_names(deal.seats - 1, (name,)))
        names.insert(deal.person, name)
        self.start_flow(coached_session(game, names), None, mode=CoachMode)

    def resume(self, path: Path) -> str | None:
        """Carry on a saved game; returns the reason when the file is refused."""
        from tui.persistence import saves

        try:
            opened = saves.open_save(path, lock=True)
        except saves.SaveError as exc:
            return str(exc)
        self.start_flow(opened.session, path, fresh=False, opened=opened)
        return None

    # --- the command palette ------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(
            "Save game", "Write the current game to its save file now", self.action_save_game
        )
        if self.flow is not None:
            yield SystemCommand(
                "Export story",
                "Write the story so far (public things only) beside the save",
                self.action_export_story,
            )
        yield from super().get_system_commands(screen)

    def action_save_game(self) -> None:
        if self.flow is None or self.flow.save_path is None:
            self.notify("No game to save here (demos are not saved).")
        elif self.flow.save():
            self.notify(f"Saved to {self.flow.save_path}")
