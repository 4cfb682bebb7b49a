"""Hotseat play: one keyboard, a curtain between people. The table port's first kind.

``GameFlow`` is the table the game's screens talk to. It hands actions to the
rules, saves after every applied one, then shows the screen the new prompt
calls for: the curtain before any private step, the public table for bots and
public decisions, the end of the game. Bots act on a timer at the table; a
demo can pause and step. Screens ask it for other screens with messages, which
the app passes on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen

from rules.engine import Prompt, Seat
from rules.session import Session
from tui.flow_end import GameEnd
from tui.flow_joined import JoinedSeats
from tui.flow_saving import SaveKeeper
from tui.games import game_ui
from tui.kit.table import TableScreen
from tui.persistence.journal import Journal
from tui.persistence.save_lock import SaveLock
from tui.persistence.saves import Opened
from tui.pin_guard import PinGuard
from tui.port import Demo, HandOver, SessionTable, Teaching
from tui.screens.curtain import CurtainScreen

BASE_STACK = 2
"""The app's default screen and the screen the flow switches; forms and help go above."""
NOTES_DOING = "There is something for you to read."
"""What a curtain says when it comes down for notes alone."""


class GameFlow(JoinedSeats, SessionTable, GameEnd, SaveKeeper):
    """One game at this keyboard: the session, where it is saved, what shows now."""

    def __init__(
        self,
        app: App[Any],
        session: Session[Any],
        save_path: Path | None,
        *,
        demo: bool = False,
        bot_delay: float = 0.8,
        dice_delay: float = 0.0,
        saves_dir: Path | None = None,
        pins: PinGuard | None = None,
        turn_timer: Callable[[float, Callable[[], None]], object] | None = None,
        opened: Opened | None = None,
        joined: frozenset[Seat] = frozenset(),
    ) -> None:
        super().__init__(session, pins)
        self.seat_joined(joined)
        self.app = app
        self.save_path = save_path
        self.is_demo = demo
        self.bot_delay = bot_delay
        self.dice_delay = dice_delay
        self.saves_dir = saves_dir
        self.turn_timer = turn_timer or app.set_timer
        """Calls back after so many seconds (the app's timer; a test's own)."""
        self.paused = False
        self.ui = game_ui(session.game.id)
        self.table_screen: TableScreen | None = None
        self.save_error = ""
        self._token = 0
        self._timer_moment: int | None = None
        self._recap_from: dict[Seat, int] = {}
        """How much of the public story each person had seen when their last visit ended."""
        self.journal = None if save_path is None else Journal(save_path)
        self.lock = None if opened is None else opened.lock
        """This window's hold on the save (one window per game), let go when it stops."""
        if self.lock is None and save_path is not None:  # a new game's freshly claimed file
            self.lock = SaveLock.take(save_path)
        read = None if opened is None else opened.read
        if opened is not None and opened.last_hash is not None:
            assert self.journal is not None
            self.journal.adopt(session.actions, opened.last_hash, read)
        if read is not None:  # a resumed journal: each seat's notes, read as far as it says
            self.notes_seen = dict(enumerate(read))
        if session.actions:  # a resumed game: what was there before has been seen
            for seat in range(len(session.seats)):
                if read is None:  # (a save from before journals: counted as read)
                    super().mark_read(seat)
                self._recap_from[seat] = len(self.view(None).log)
        self._handing: tuple[Seat, str, str] | None = None
        """The person the table waits for, and the screen and words of their curtain."""
        self._before: Any = None
        self.stopped = False
        self._looked: set[Seat] = set()
        """Who has lifted their curtain since the last move (no take-back after that)."""
        self._visiting: Seat | None = None

    @property
    def visiting(self) -> Seat | None:
        """The person the keyboard is with, behind a lifted curtain (one visit each)."""
        return self._visiting

    @visiting.setter
    def visiting(self, seat: Seat | None) -> None:
        left = self._visiting
        if left is not None and left != seat:  # their visit ends: the recap starts here
            self._recap_from[left] = len(self.view(None).log)
        self._visiting = seat

    def stop(self) -> None:
        """The table is left: bots and timers of this game do nothing more, and another
        window may open its save."""
        self._token += 1
        self.stopped = True
        if self.lock is not None:
            self.lock.release()
        for closer in self.closers:
            closer()
        self.closers.clear()

    # --- the port -----------------------------------------------------------

    @property
    def demo(self) -> Demo | None:
        return self if self.is_demo else None

    @property
    def teaching(self) -> Teaching | None:
        return None  # (a plain demo; tui.flow_teach.TeachFlow teaches)

    def confirm(self, action: Any) -> str | None:
        return self.ui.confirm(action, self.view(None), self.seats)

    def act(self, action: Any) -> str | None:
        if self.save_error:  # (a timer, say, while the table waits for the save)
            return self.save_error
        self._before = self.view(None)
        return super().act(action)

    def looked_since(self) -> frozenset[Seat]:
        return frozenset(self._looked)

    def applied(self) -> None:
        self._looked.clear()
        before, self._before = self._before, None
        if not self.save():
            self.show_save_failure()
            return
        if self._lingers(before):
            self.show_table()
            self._token += 1
            token = self._token
            screen = self.table_screen
            assert screen is not None
            screen.show_changes(lambda: self._advance_if(token))
        else:
            self.advance()

    def _lingers(self, before: Any) -> bool:
        """Whether the public table first shows what changed (say, fresh dice) before a
        person's curtain comes down."""
        prompt = self.prompt
        if before is None or prompt is None or not prompt.private or self.dice_delay <= 0:
            return False
        seat = self.here(prompt)
        if seat is None or self.seats[seat].bot or seat == self.visiting:
            return False  # (the person at the keyboard goes on: their screen shows it)
        return self.ui.lingers(before, self.view(None))

    def _advance_if(self, token: int) -> None:
        if token == self._token and not self.stopped:
            self.advance()

    # --- what shows next --------------------------------------------------

    def advance(self) -> None:
        if self.save_error:  # nobody plays on until the game is on disk
            self.show_save_failure()
            return
        self.tell_watchers()
        prompt = self.prompt
        self._handing = None
        if prompt is None:
            self._token += 1
            self.visiting = None
            self._show(self.resolution())
            return
        self._start_turn_timer()
        if self._visit_goes_on(prompt):
            return
        self.visiting = None
        seat = self.here(prompt)
        if seat is None:  # every seat asked plays from its own terminal: the table waits
            self.show_table()
            return
        if prompt.private and not self.seats[seat].bot:
            # This person's notes are read in this visit, behind the same curtain.
            self._hand_to(seat, prompt.kind, prompt.text)
            return
        pending = self.pending_notes()
        if pending is not None:
            self.deliver(*pending)
            return
        self.show_table()
        if self.seats[seat].bot:
            self._schedule_bot()

    def _hand_to(self, seat: Seat, name: str, doing: str) -> None:
        """The public moment: the table, with what happened since ``seat``'s last visit,
        until Enter brings their curtain (``hand_over``)."""
        self._handing = (seat, name, doing)
        self.show_table()

    def handing_over(self) -> HandOver | None:
        if self._handing is None:
            return None
        seat = self._handing[0]
        seen = self._recap_from.get(seat)
        log = self.view(None).log
        return HandOver(seat, tuple(log[seen or 0 :]), seen is None)

    def hand_over(self) -> None:
        if self._handing is not None:
            seat, name, doing = self._handing
            self._handing = None
            self.behind_curtain(seat, name, doing)

    def take_back(self) -> str | None:
        mover = self.last_mover()
        refusal = super().take_back()
        if refusal is None and self._handing is not None and self._handing[0] == mover:
            self.hand_over()  # the table was just seen: straight to the curtain
        return refusal

    def _show(self, screen: Screen[Any]) -> None:
        """Forms and help over the current screen close; ``screen`` replaces it."""
        while len(self.app.screen_stack) > BASE_STACK:
            self.app.pop_screen()
        self.app.switch_screen(screen)

    def show_table(self) -> None:
        self.visiting = None
        screen = self.table_screen
        if screen is None or self.app.screen is not screen:
            self.table_screen = self.ui.table_screen(self)
            self._show(self.table_screen)
        elif screen.is_mounted:  # (a table still being built draws itself once mounted)
            screen.refresh_view()

    def behind_curtain(self, seat: Seat, name: str, doing: str) -> None:
        """The curtain for ``seat``; lifting it shows the game's screen ``name``."""
        info = self.seats[seat]
        self.table_screen = None
        game = self.game
        self._show(
            CurtainScreen(
                info.name,
                doing,
                lambda: self._lift(seat, name),
                self.pin_door(seat) if info.pin else None,
                game.title,
                game.rules_text,
                game.phase_help(self.prompt),
                None if self.is_demo else self,
            )
        )

    def _visit_goes_on(self, prompt: Prompt) -> bool:
        """One visit per person: while the keyboard is with ``visiting``, their notes
        and then their next private step show without another curtain."""
        seat = self.visiting
        if seat is None:
            return False
        notes = self.ui.notes_screen
        if notes is not None and self.unread(seat):
            self._show(self.ui.screen(self, seat, notes))
            return True
        if prompt.private and self.here(prompt) == seat:
            self._show(self.ui.screen(self, seat, prompt.kind))
            return True
        return False

    def _lift(self, seat: Seat, name: str) -> None:
        prompt = self.prompt
        self.visiting = seat
        self._looked.add(seat)
        if prompt is None or (name == prompt.kind and seat not in prompt.seats):
            self.advance()  # the moment passed while the curtain was up
            return
        notes = self.ui.notes_screen
        if name == prompt.kind and notes is not None and self.unread(seat):
            name = notes  # what is new for this person first, then the step
        self._show(self.ui.screen(self, seat, name))

    # --- what screens ask for (through the app) -------------------------------

    def open_private(self, seat: Seat, name: str, doing: str) -> None:
        self.behind_curtain(seat, name, doing)

    def open_form(self, seat: Seat | None, name: str) -> None:
        self.app.push_screen(self.ui.screen(self, seat, name))

    def close_form(self) -> None:
        if len(self.app.screen_stack) > BASE_STACK:
            self.app.pop_screen()

    def hide(self, seat: Seat) -> None:
        self.visiting = None  # the person has stepped away: the next step is curtained
        self.advance()

    # --- notes --------------------------------------------------------------

    def pending_notes(self) -> tuple[Seat, tuple[str, ...]] | None:
        """A person with notes not yet shown to them (when the game delivers notes)."""
        if self.ui.notes_screen is None:
            return None
        for seat, info in enumerate(self.seats):
            if not info.at_keyboard:
                continue
            notes = self.unread(seat)
            if notes:
                return seat, notes
        return None

    def deliver(self, seat: Seat, notes: tuple[str, ...]) -> None:
        """The curtain, then the notes screen for ``seat``; leaving it marks them read."""
        name = self.ui.notes_screen
        assert name is not None
        self._hand_to(seat, name, NOTES_DOING)

    def notes_read(self, seat: Seat) -> None:
        self.mark_read(seat)
        self.advance()

    def mark_read(self, seat: Seat) -> None:
        before = self.notes_seen.get(seat)
        super().mark_read(seat)
        if self.notes_seen.get(seat) != before and not self.save():
            self.show_save_failure()  # (which notes were read survives a quit or a crash)

    # --- a turn timer (the Lantern's sleep) -----------------------------------

    def _start_turn_timer(self) -> None:
        moment = len(self.session.actions)
        if self._timer_moment == moment:
            return
        planned = self.ui.turn_timer(self.view(None))
        if planned is None:
            return
        self._timer_moment = moment
        seconds, action, note = planned
        self.turn_timer(seconds, lambda: self._time_is_up(moment, action, note))

    def _time_is_up(self, moment: int, action: Any, note: str) -> None:
        if self.stopped or len(self.session.actions) != moment:
            return
        if self.save_error:  # the table is stopped: the timer starts again once saved
            self._timer_moment = None
            return
        if self.act(action) is None:
            self.app.notify(note)

    # --- bots ------------------------------------------------------------

    def _schedule_bot(self) -> None:
        self._token += 1
        token = self._token
        self._later(self.bot_delay, lambda: self._bot_step(token))

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        if delay > 0:
            self.app.set_timer(delay, callback)
        else:
            self.app.call_later(callback)

    def _bot_step(self, token: int, forced: bool = False) -> None:
        if token != self._token or self.stopped:
            return
        table = self.table_screen
        if (self.paused and not forced) or self.app.screen is not table or not table.is_mounted:
            self._later(max(self.bot_delay, 0.1), lambda: self._bot_step(token))
            return
        prompt = self.prompt
        seat = None if prompt is None else self.here(prompt)
        if seat is None or not self.seats[seat].bot:
            return
        refusal = self.act(self.session.bot_for(seat).choose(self.view(seat)))
        if refusal is not None:
            self.app.notify(f"A bot tried an illegal move: {refusal}", severity="error")

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        return self.paused

    def step_once(self) -> None:
        """Demo: with the game paused, play exactly one bot action."""
        if self.paused:
            self._bot_step(self._token, forced=True)

    def next_game(self, seed: int) -> Session[Any]:
        """The same seats and setup, dealt again from ``seed``."""
        return Session.start(self.game, self.session.config, seed, self.session.seats)
