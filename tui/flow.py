"""Hotseat play: one keyboard, a curtain between people. The table port's first kind.

``GameFlow`` is the table the game's screens talk to. It hands actions to the
rules, saves after every applied one, then shows the screen the new prompt
calls for: the curtain before any private step, the public table for bots and
public decisions, the end of the game. Screens ask it for other screens with
messages, which the app passes on.

It is composed of parts with one job each, given what they need: the session
(``port.SessionTable``), who sits where (``flow_joined.JoinedSeats``), the keyboard
between people (``flow_moment.PublicMoment``), the save (``flow_saving.SaveKeeper``),
the end (``flow_end.GameEnd``), what happens later by itself (``flow_later.Later``);
and it plays in a mode (``flow_mode``: a game, a demo, teach, coach), its strategy.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import evolve
from textual.screen import Screen

from rules.engine import GameInfo, Prompt, Seat
from rules.session import Session
from tui.app_base import TableApp
from tui.flow_end import GameEnd
from tui.flow_joined import JoinedSeats
from tui.flow_later import Later, TurnTimer
from tui.flow_mode import DemoControls, Mode, ModeMaker, Steering
from tui.flow_moment import PublicMoment
from tui.flow_saving import SaveKeeper
from tui.games import game_ui
from tui.kit.table import TableScreen
from tui.persistence.saves import Opened
from tui.pin_guard import PinDoor, PinGuard
from tui.port import Coaching, Demo, HandOver, SeatInfo, SessionTable
from tui.screens.curtain import CurtainScreen

BASE_STACK = 2
"""The app's default screen and the screen the flow switches; forms and help go above."""
NOTES_DOING = "There is something for you to read."
"""What a curtain says when it comes down for notes alone."""


class GameFlow:
    """One game at this keyboard: the table port over its parts, and what shows now."""

    def __init__(
        self,
        app: TableApp,
        session: Session[Any],
        save_path: Path | None,
        *,
        mode: ModeMaker = Mode,
        bot_delay: float = 0.8,
        dice_delay: float = 0.0,
        saves_dir: Path | None = None,
        pins: PinGuard | None = None,
        turn_timer: Callable[[float, Callable[[], None]], object] | None = None,
        opened: Opened | None = None,
        joined: frozenset[Seat] = frozenset(),
    ) -> None:
        self.app = app
        self.ui = game_ui(session.game.id)
        self.dice_delay = dice_delay
        self.table_screen: TableScreen | None = None
        self.stopped = False
        self._before: Any = None
        """The public view before the move being made (does the table linger on it?)."""
        self.table = SessionTable(session, pins, changed=self._moved)
        self.seating = JoinedSeats(
            self.table, joined, redraw=self._redraw_table, bots_first=self.ui.bots_answer_first
        )
        self.moment = PublicMoment(self.table)
        self.mode = mode(Steering(self.table, self.ui, self._go_to, self.show_table))
        saved = save_path if self.mode.saved else None
        self.saving = SaveKeeper(
            app, self.table, saved, opened, go_on=self.advance, show=self._show
        )
        self.end = GameEnd(app, self.ui, self.table, self.seating, saves_dir)
        self.later = Later(
            app, bot_delay, self.table, self.seating, ready=self._table_shows, act=self.act
        )
        self.later.paused = self.mode.starts_paused
        self._demo = DemoControls(self.later, self.mode)
        timer = turn_timer or app.set_timer
        self.turn_timer = TurnTimer(
            app, timer, self.table, self.ui, act=self.act, held=self.saving.failed
        )
        read = None if opened is None else opened.read
        if read is not None:  # a resumed journal: each seat's notes, read as far as it says
            self.table.notes_seen = dict(enumerate(read))
        if session.actions:  # a resumed game: what was there before has been seen
            for seat in range(len(session.seats)):
                if read is None:  # (a save from before journals: counted as read)
                    self.table.mark_read(seat)
                self.moment.caught_up(seat)

    # --- what the app and the host ask of the game --------------------------------

    @property
    def session(self) -> Session[Any]:
        return self.table.session

    @session.setter
    def session(self, session: Session[Any]) -> None:
        self.table.session = session

    @property
    def save_path(self) -> Path | None:
        return self.saving.save_path

    @property
    def save_error(self) -> str:
        return self.saving.save_error

    def save(self) -> bool:
        """Make the game durable; False (and ``save_error`` says why) when it is not."""
        return self.saving.save()

    def show_save_failure(self) -> None:
        """The table stops on the screen saying why the game is not on disk."""
        self.moment.visiting = None  # whoever comes back to the keyboard, a curtain comes first
        self.saving.show_failure()

    def export_story(self) -> Path | None:
        return self.end.export_story(self.saving.save_path)

    @property
    def changes(self) -> int:
        return self.table.changes

    @property
    def notes_seen(self) -> dict[Seat, int]:
        return self.table.notes_seen

    @property
    def watchers(self) -> list[Callable[[], None]]:
        return self.seating.watchers

    def set_away(self, seat: Seat, away: bool) -> None:
        self.seating.set_away(seat, away)

    def stop(self) -> None:
        """The table is left: bots and timers of this game do nothing more, and another
        window may open its save."""
        self.stopped = True
        self.later.stop()
        self.turn_timer.stop()
        self.saving.release()
        self.seating.close()

    # --- the port -----------------------------------------------------------

    @property
    def game(self) -> GameInfo[Any, Any]:
        return self.table.game

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.seating.seats

    @property
    def prompt(self) -> Prompt | None:
        return self.table.prompt

    def view(self, seat: Seat | None) -> Any:
        return self.table.view(seat)

    def check(self, action: Any) -> str | None:
        return self.table.check(action)

    def confirm(self, action: Any) -> str | None:
        return self.ui.confirm(action, self.view(None), self.seats)

    def act(self, action: Any) -> str | None:
        if self.saving.save_error:  # (a timer, say, while the table waits for the save)
            return self.saving.save_error
        self._before = self.view(None)
        prompt = self.prompt
        refusal = self.table.act(action)
        if refusal is None and prompt is not None:
            self._keyboard_after(prompt, getattr(action, "seat", None))
        return refusal

    def _keyboard_after(self, prompt: Prompt, seat: Seat | None) -> None:
        """Who holds the keyboard after a move (``PublicMoment.at_table``)."""
        if prompt.private:
            self.moment.at_table = None  # a visit: the curtain's person leaves it
        elif seat is not None and self.seats[seat].at_keyboard and not self.seats[seat].bot:
            screen = self.table_screen
            answers: frozenset[str] = getattr(screen, "ALL_AT_ONCE", frozenset())
            # In a moment everyone answers at once, whoever pressed their number last
            # holds the keyboard (the Enter that gave every answer may be anyone's).
            speaker = None if screen is None else screen.moment.speaker
            if prompt.kind not in answers or speaker == seat:
                self.moment.at_table = seat

    def take_back_refusal(self) -> str | None:
        return self.table.take_back_refusal()

    def last_mover(self) -> Seat | None:
        return self.table.last_mover()

    def take_back(self) -> str | None:
        mover = self.last_mover()
        refusal = self.table.take_back()
        if refusal is None and mover is not None and self.moment.waiting_for == mover:
            self.hand_over()  # the table was just seen: straight to the curtain
        return refusal

    @property
    def own_terminal(self) -> bool:
        return False

    def at_the_door(self) -> tuple[str, ...]:
        return self.seating.door

    def tavern_code(self) -> str:
        return self.seating.tavern_code

    def set_door(self, names: tuple[str, ...]) -> None:
        """(The host:) the newcomers at its tavern's door."""
        self.seating.set_door(names)

    def join_seat(self, seat: Seat) -> None:
        """(The host:) a newcomer walked into ``seat`` from a terminal of their own."""
        self.seating.join_seat(seat)

    def set_tavern(self, code: str) -> None:
        """(The host:) the code its tavern's door opens with."""
        self.seating.set_tavern(code)

    def handing_over(self) -> HandOver | None:
        handing = self.moment.handing_over()
        if handing is None or self.mode.curtains:
            return handing
        return evolve(handing, curtained=False)

    def hand_over(self) -> None:
        turn = self.moment.hand_over()
        if turn is not None:
            self.behind_curtain(*turn)

    def pin_door(self, seat: Seat) -> PinDoor:
        return self.table.pin_door(seat)

    def unread(self, seat: Seat) -> tuple[str, ...]:
        return self.table.unread(seat)

    def mark_read(self, seat: Seat) -> None:
        before = self.table.notes_seen.get(seat)
        self.table.mark_read(seat)
        if self.table.notes_seen.get(seat) != before and not self.saving.save():
            self.show_save_failure()  # (which notes were read survives a quit or a crash)

    @property
    def demo(self) -> Demo | None:
        return self._demo if self.mode.demo else None

    @property
    def coach(self) -> Coaching | None:
        return self.mode.coach

    @property
    def paused(self) -> bool:
        """The bots wait (a demo paused)."""
        return self.later.paused

    def _go_to(self, session: Session[Any]) -> None:
        """A demo's step back (or forward again): the table pauses at ``session``."""
        self.later.paused = True
        self.later.cancel()  # a bot step planned for the step left behind does nothing
        self.table.session = session
        self.table.changes += 1
        self.advance()

    # --- after a move ---------------------------------------------------------

    def _moved(self) -> None:
        """A move was made (or taken back): saved first, then what comes next."""
        self.mode.moved()
        before, self._before = self._before, None
        if not self.saving.save():
            self.show_save_failure()
            return
        if self._lingers(before):
            self.show_table()
            screen = self.table_screen
            assert screen is not None
            screen.show_changes(self.later.then(self.advance))
        else:
            self.advance()

    def _lingers(self, before: Any) -> bool:
        """Whether the public table first shows what changed (say, fresh dice) before a
        person's curtain comes down."""
        prompt = self.prompt
        if before is None or prompt is None or not prompt.private or self.dice_delay <= 0:
            return False
        seat = self.seating.here(prompt)
        if seat is None or self.seats[seat].bot or seat == self.moment.visiting:
            return False  # (the person at the keyboard goes on: their screen shows it)
        return self.ui.lingers(before, self.view(None))

    # --- what shows next --------------------------------------------------

    def advance(self) -> None:
        if self.saving.save_error:  # nobody plays on until the game is on disk
            self.show_save_failure()
            return
        self.seating.tell_watchers()
        prompt = self.prompt
        self.moment.moved_on()
        if prompt is None:
            self.later.cancel()
            self.moment.visiting = None
            self._show(self.end.resolution())
            return
        self.turn_timer.start()
        if self._visit_goes_on(prompt):
            return
        self.moment.visiting = None
        seat = self.seating.here(prompt)
        if seat is None:  # every seat asked plays from its own terminal: the table waits
            self.show_table()
            return
        if prompt.private and not self.seats[seat].bot:
            if seat == self.moment.at_table:  # they hold the keyboard: their curtain at once
                self.moment.at_table = None
                self.behind_curtain(seat, prompt.kind, prompt.text)
                return
            # This person's notes are read in this visit, behind the same curtain.
            self._hand_to(seat, prompt.kind, prompt.text)
            return
        reader = self._pending_notes()
        if reader is not None:
            notes = self.ui.notes_screen
            assert notes is not None
            self._hand_to(reader, notes, NOTES_DOING)
            return
        self.show_table()
        if self.seats[seat].bot:
            self.later.bot()

    def _hand_to(self, seat: Seat, name: str, doing: str) -> None:
        """The public moment: the table, with what happened since ``seat``'s last visit,
        until Enter brings their curtain (``hand_over``)."""
        self.moment.wait_for(seat, name, doing)
        self.show_table()

    def _pending_notes(self) -> Seat | None:
        """A person with notes not yet shown to them (when the game delivers notes)."""
        if self.ui.notes_screen is None or self.ui.notes_wait_for_a_visit:
            return None
        for seat, info in enumerate(self.seats):
            if info.at_keyboard and self.unread(seat):
                return seat
        return None

    def _show(self, screen: Screen[Any]) -> None:
        """Forms and help over the current screen close; ``screen`` replaces it."""
        while len(self.app.screen_stack) > BASE_STACK:
            self.app.pop_screen()
        self.app.switch_screen(screen)

    def show_table(self) -> None:
        self.moment.visiting = None
        screen = self.table_screen
        if screen is None or self.app.screen is not screen:
            self.table_screen = self.ui.table_screen(self)
            self._show(self.table_screen)
        elif screen.is_mounted:  # (a table still being built draws itself once mounted)
            screen.refresh_view()

    def _table_shows(self) -> bool:
        """Whether the public table is on screen (and drawn), so a bot may move."""
        table = self.table_screen
        return table is not None and self.app.screen is table and table.is_mounted

    def _redraw_table(self) -> None:
        """A joined seat came or went: the table, when it shows, says so."""
        screen = self.table_screen
        if self.stopped or screen is None or not self.app._running:  # (nor while it closes)
            return
        if self.app.screen is not screen:
            return
        if screen.is_mounted and screen.is_attached:  # (not while the app closes)
            screen.refresh_view()

    def behind_curtain(self, seat: Seat, name: str, doing: str) -> None:
        """The curtain for ``seat``; lifting it shows the game's screen ``name`` (at once,
        in a mode without curtains: a solo learner)."""
        if not self.mode.curtains:
            self._lift(seat, name)
            return
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
                None if self.mode.demo else self,
            )
        )

    def _visit_goes_on(self, prompt: Prompt) -> bool:
        """One visit per person: while the keyboard is with ``visiting``, their notes
        and then their next private step show without another curtain."""
        seat = self.moment.visiting
        if seat is None:
            return False
        notes = self.ui.notes_screen
        if notes is not None and self.unread(seat):
            self._show(self.ui.screen(self, seat, notes))
            return True
        if prompt.private and self.seating.here(prompt) == seat:
            self._show(self.ui.screen(self, seat, prompt.kind))
            return True
        return False

    def _lift(self, seat: Seat, name: str) -> None:
        prompt = self.prompt
        self.moment.visiting = seat
        self.table.looked.add(seat)
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
        self.moment.visiting = None  # the person has stepped away: the next step is curtained
        self.advance()

    def notes_read(self, seat: Seat) -> None:
        self.mark_read(seat)
        self.advance()
