"""What a joined terminal shows: its seat's screens, with no curtain, after every snapshot.

``JoinedFlow`` is the hotseat flow's counterpart for one seat on a terminal of
its own. After every snapshot from the host it shows what the moment calls for:
this seat's notes, its private step (the screen of the prompt's kind), or the
public table; a screen the person opened themselves (their clues, a console)
stays until they leave it or a step of theirs comes, and help read over the table
stays while others move. Hide (h) brings a curtain down over this terminal (someone
walks by); Enter lifts it. A spectator sees the public table only.

The public table, once shown, stays under the seat's own screens: a step, notes or a
curtain goes over it, and leaving it shows the table again as it is now (updated, not
built anew: a new table screen is every widget mounted, styled and laid out again).
A decision's screen that says so (``ChoiceScreen.KEPT``) is kept too, off the stack
between the seat's decisions, and asks the next one (at a served table a seat makes a
decision every few moves: building its screen each time was most of what the seat's
terminal cost the server).
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from rules.engine import Seat
from tui.games import game_ui
from tui.kit.choice import ChoiceScreen
from tui.kit.game import GameScreen
from tui.kit.table import TableScreen
from tui.net.remote import RemoteTable
from tui.screens.curtain import CurtainScreen
from tui.screens.help import HelpScreen
from tui.screens.resolution import ResolutionScreen, listed
from tui.widgets.story import BULLET, HEADING, Paragraph

KEPT = "kept-"
"""Installed as this and its class's name: a decision's screen kept between decisions."""
BASE_STACK = 2
"""The app's default screen and the screen the flow switches (the public table once it
has been shown); a seat's own screen goes over the table, and forms and help above."""
HIDDEN = "Your screen is hidden. Enter shows it again."
SEED_WITH_HOST = "The seed stays with the host: ask there to deal this game again."
SEED_SERVED = "The seed stays secret at the parlour: start the next game from its lobby."


class JoinedFlow:
    """The screens of one joined seat (or a spectator) over ``table``."""

    def __init__(self, app: App[Any], table: RemoteTable) -> None:
        self.app = app
        self.table = table
        self.ui = game_ui(table.game.id)
        self.table_screen: TableScreen | None = None
        self.depth = BASE_STACK
        """The screens under forms and help: up to the one the flow shows now."""
        self.kept: dict[str, Screen[Any]] = {}
        """The decisions' screens kept (``_decision``), by the names they are installed as."""
        self.showing: tuple[Any, ...] = ()
        """What shows now: ("table",), ("step", kind, choices), ("own", name), ("notes",),
        ("hidden",) or ("end",)."""

    @property
    def seat(self) -> Seat | None:
        return self.table.seat

    # --- after every snapshot ------------------------------------------------------

    def show_now(self) -> None:
        """Show what the latest snapshot calls for."""
        if self.showing[:1] == ("hidden",):
            return
        prompt, seat = self.table.prompt, self.seat
        if prompt is None:
            if self.showing != ("end",):
                self._show(self._resolution(), ("end",))
            return
        step = None
        if seat is not None and prompt.private and seat in prompt.seats:
            step = ("step", prompt.kind, self.table.view(seat).choices)
        if self.showing[:1] in (("own",), ("notes",)) and step is None:
            return  # a screen they opened stays until they leave it
        if step is not None and step == self.showing:
            return  # the same step, the same choices: the screen they are using stays
        notes = self.ui.notes_screen
        if seat is not None and notes is not None and self.table.unread(seat):
            if self.showing[:1] != ("step",) or step != self.showing:
                self._show(self.ui.screen(self.table, seat, notes), ("notes",))
                return
        if step is not None:
            assert seat is not None
            self._show(self._decision(self.ui.screen(self.table, seat, prompt.kind)), step)
            return
        self.show_table()

    def _decision(self, screen: Screen[Any]) -> Screen[Any]:
        """The screen for a decision: the one kept for the seat's decisions of this kind,
        asking this one in place of ``screen``; else ``screen``, kept from now on where
        it says so (one a kind, installed: taken off the stack, it is not dismantled)."""
        if not isinstance(screen, ChoiceScreen) or not screen.KEPT:
            return screen
        name = KEPT + type(screen).__name__
        if self.app.is_screen_installed(name):
            kept = self.app.get_screen(name)
            if isinstance(kept, ChoiceScreen) and kept.ask_again(screen):
                self.kept[name] = kept
                return kept
            if kept in self.app.screen_stack:
                return screen  # (built afresh this once: the kept one is still showing)
            self._let_go(name, kept, popped_now=False)  # (its place goes to this one)
        self.app.install_screen(screen, name)
        self.kept[name] = screen
        return screen

    def _let_go(self, name: str, kept: Screen[Any], popped_now: bool) -> None:
        """``kept`` is kept no more: taken apart (by Textual itself when it was taken
        off the stack just now: it does so once the screen is not installed)."""
        self.kept.pop(name, None)
        self.app.uninstall_screen(name)
        if not popped_now:
            kept.remove()

    def show_table(self) -> None:
        screen = self.table_screen
        if screen is not None and self._table_below():
            if self.showing == ("table",) and isinstance(self.app.screen, HelpScreen):
                screen.refresh_view()  # (help read over the table stays while others move)
                return
            self._close_above(BASE_STACK)
            self.showing, self.depth = ("table",), BASE_STACK
            if screen.is_mounted:
                screen.refresh_view()
            return
        self.table_screen = self.ui.table_screen(self.table)
        self._show(self.table_screen, ("table",))

    def refused(self, reason: str) -> None:
        """The host refused this seat's move: say why where they are looking."""
        screen = self.app.screen
        if isinstance(screen, GameScreen) and screen.is_mounted:
            screen.say(reason)
        else:
            self.app.notify(reason, severity="warning")

    def _show(self, screen: Screen[Any], showing: tuple[Any, ...]) -> None:
        """``screen`` on top: over the public table (kept) when the table is there and
        the screen is the seat's own for now; otherwise in place of what showed."""
        self.showing = showing
        if showing != ("end",) and not isinstance(screen, TableScreen) and self._table_below():
            self._close_above(self.depth)
            if self.depth > BASE_STACK and len(self.app.screen_stack) > BASE_STACK:
                # in place of the seat's screen (the table not shown between)
                self.app.switch_screen(screen)
            else:
                self.depth = BASE_STACK + 1
                self.app.push_screen(screen)
            return
        over = {name: kept in self.app.screen_stack for name, kept in self.kept.items()}
        self._close_above(BASE_STACK)
        if not isinstance(screen, TableScreen):
            self.table_screen = None
        self.depth = BASE_STACK
        self.app.switch_screen(screen)
        if showing == ("end",):  # no more decisions
            for name, popped_now in over.items():
                self._let_go(name, self.kept[name], popped_now)

    def _table_below(self) -> bool:
        """Whether the flow's own table is the screen at the base (under any other)."""
        stack = self.app.screen_stack
        return len(stack) >= BASE_STACK and stack[BASE_STACK - 1] is self.table_screen

    def _close_above(self, depth: int) -> None:
        while len(self.app.screen_stack) > depth:
            self.app.pop_screen()

    def _resolution(self) -> ResolutionScreen:
        view, seats = self.table.view(None), self.table.seats
        outcome = view.outcome
        verdict = "The game is over."
        if outcome is not None:
            names = [info.name for info in seats]
            verdict = (
                f"Winners: {listed(names[s] for s in outcome.winners)} · "
                f"Lost: {listed(names[s] for s in outcome.losers)}\n{outcome.reason}\n"
                + (SEED_SERVED if self.table.served else SEED_WITH_HOST)
            )
        story = [Paragraph("The story", HEADING)] + [Paragraph(x, BULLET) for x in view.log]
        document = self.ui.reveal(view, seats) + story
        game = self.table.game
        return ResolutionScreen(game.title, game.rules_text, verdict, document)

    # --- what the screens ask for (messages.Router) ---------------------------------------

    def open_private(self, seat: Seat, name: str, doing: str) -> None:
        if seat == self.seat:  # no curtain on your own terminal
            self._show(self.ui.screen(self.table, seat, name), ("own", name))

    def open_form(self, seat: Seat | None, name: str) -> None:
        if seat is None or seat == self.seat:
            self.app.push_screen(self.ui.screen(self.table, seat, name))

    def close_form(self) -> None:
        if len(self.app.screen_stack) > self.depth:
            self.app.pop_screen()

    def hide(self, seat: Seat) -> None:
        if seat != self.seat:
            return
        info = self.table.seats[seat]
        game = self.table.game
        curtain = CurtainScreen(
            info.name,
            HIDDEN,
            self._lift,
            None,
            game.title,
            game.rules_text,
            game.phase_help(self.table.prompt),
            None,
        )
        self._show(curtain, ("hidden",))

    def _lift(self) -> None:
        self.showing = ()
        self.show_now()

    def notes_read(self, seat: Seat) -> None:
        self.table.mark_read(seat)
        self.showing = ()
        self.show_now()
