"""Runs one game at the table: asks the prompt which screen comes next.

The flow is the only place that hands actions to the rules. After every
applied action it saves the session, then shows the screen the new prompt
calls for: the curtain before any private step, the public table for bots and
public decisions, the resolution at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual.screen import Screen

from tui.curtain import CurtainScreen

if TYPE_CHECKING:
    from rules.engine import Prompt, Seat
    from rules.session import Session
    from tui.app import ParlourApp

# The lobby imports this module (``playable``), so the rules and the save machinery
# are imported where a game first needs them, not here.


class GameUI(Protocol):
    """What a game's screens provide to the flow."""

    def table_screen(self, flow: GameFlow) -> Screen[None]:
        """The public table; it must offer ``refresh_view()`` (redraw from the public view)."""
        ...

    def private_screen(self, flow: GameFlow, seat: Seat, prompt: Prompt) -> Screen[None]: ...

    def reveal(self, session: Session) -> str: ...


class NotesUI(Protocol):
    """Optional: a game whose private events are delivered to each person as notes."""

    def note_screen(self, flow: GameFlow, seat: Seat, notes: tuple[str, ...]) -> Screen[None]: ...


_UIS = {
    "island": ("tui.island.ui", "IslandUI"),
    "temptress": ("tui.temptress.ui", "TemptressUI"),
    "persuasion": ("tui.persuasion.ui", "PersuasionUI"),
    "lantern": ("tui.lantern.ui", "LanternUI"),
}
"""Each game's screens, imported only when that game is played (the lobby imports none)."""


def game_ui(game_id: str) -> GameUI:
    module, name = _UIS[game_id]
    return getattr(import_module(module), name)()


def playable(game_id: str) -> bool:
    """Whether the app has screens for this game yet (the lobby lists only these)."""
    return game_id in _UIS


class GameFlow:
    """One game in the app: the session, where it is saved, and whose turn shows."""

    def __init__(
        self,
        app: ParlourApp,
        session: Session,
        save_path: Path | None,
        *,
        demo: bool = False,
        bot_delay: float = 0.8,
    ) -> None:
        self.app = app
        self.session = session
        self.save_path = save_path
        self.demo = demo
        self.bot_delay = bot_delay
        self.paused = False
        self.ui = game_ui(session.game.id)
        self.table: Screen[None] | None = None
        self.save_error = ""
        self._bot_token = 0
        self._timer_moment: int | None = None
        fresh = not session.actions
        self.mail_seen = {
            seat: 0 if fresh else len(self.mail(seat)) for seat in range(len(session.seats))
        }

    # --- acting ---------------------------------------------------------

    def act(self, action: Any) -> str | None:
        """Apply an action; returns the rules' refusal, or None when applied."""
        from rules.engine import IllegalAction

        before = self.session.state
        try:
            self.session = self.session.apply(action)
        except IllegalAction as exc:
            return exc.reason
        self.save()
        linger = self._linger(before)
        if linger > 0:
            self.show_table()
            self._bot_token += 1
            token = self._bot_token
            self._later(linger, lambda: self._advance_if(token))
        else:
            self.advance()
        return None

    def _linger(self, before: Any) -> float:
        """How long the public table stays up to show something new (say, fresh dice)
        before the curtain comes down for a person's private step."""
        prompt = self.session.prompt
        seconds = getattr(self.ui, "linger", None)
        if prompt is None or not prompt.private or seconds is None:
            return 0.0
        if self.session.seats[prompt.seats[0]].is_bot:
            return 0.0
        return float(seconds(before, self.session.state, getattr(self.app, "dice_delay", 0.0)))

    def _advance_if(self, token: int) -> None:
        if token == self._bot_token:
            self.advance()

    def check(self, action: Any) -> str | None:
        """The rules' refusal of ``action``, without applying it (None: it is legal)."""
        from rules.engine import IllegalAction

        try:
            self.session.game.apply(self.session.state, action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def save(self) -> bool:
        from rules import saves

        if self.save_path is None:
            return True
        try:
            saves.write(self.session, self.save_path)
        except OSError as exc:
            self.save_error = f"Could not save to {self.save_path}: {exc.strerror or exc}"
            self.app.notify(self.save_error, severity="error", timeout=8)
            return False
        self.save_error = ""
        return True

    # --- what shows next --------------------------------------------------

    def advance(self) -> None:
        prompt = self.session.prompt
        if prompt is None:
            from tui.resolution import ResolutionScreen

            self._bot_token += 1
            self.app.switch_screen(ResolutionScreen(self))
            return
        self._start_turn_timer()
        pending = self.pending_mail()
        if pending is not None:
            self.deliver(*pending)
            return
        seat = prompt.seats[0]
        if self.session.seats[seat].is_bot:
            self.show_table()
            self._schedule_bot()
        elif prompt.private:
            self.show_curtain(seat)
        else:
            self.show_table()

    # --- a turn timer (the Lantern's sleep) ------------------------------------

    def _start_turn_timer(self) -> None:
        """Games whose UI offers ``turn_timer`` (seconds, action, what to tell the table)
        get that action applied when time runs out."""
        timer = getattr(self.ui, "turn_timer", None)
        if timer is None:
            return
        planned = timer(self.session)
        moment = len(self.session.actions)
        if planned is None or self._timer_moment == moment:
            return
        self._timer_moment = moment
        seconds, action, note = planned
        self.app.set_timer(seconds, lambda: self._time_is_up(moment, action, note))

    def _time_is_up(self, moment: int, action: Any, note: str) -> None:
        if len(self.session.actions) != moment:
            return
        if self.act(action) is None:
            self.app.notify(note)

    # --- private notes ------------------------------------------------------

    def mail(self, seat: Seat) -> tuple[str, ...]:
        """Private events addressed to ``seat`` (a referee copied in does not count)."""
        events = getattr(self.session.state, "log", ())
        return tuple(e.text for e in events if e.seats and e.seats[0] == seat)

    def pending_mail(self) -> tuple[Seat, tuple[str, ...]] | None:
        if not hasattr(self.ui, "note_screen"):
            return None
        for seat, plan in enumerate(self.session.seats):
            if plan.is_bot:
                continue
            letters = self.mail(seat)
            if len(letters) > self.mail_seen.get(seat, 0):
                return seat, letters[self.mail_seen.get(seat, 0) :]
        return None

    def deliver(self, seat: Seat, notes: tuple[str, ...]) -> None:
        """Curtain, then the notes for ``seat``; reading them marks them seen."""
        ui: NotesUI = self.ui  # type: ignore[assignment]
        self.behind_curtain(
            seat, "There is something for you to read.", lambda: ui.note_screen(self, seat, notes)
        )

    def notes_read(self, seat: Seat) -> None:
        self.mail_seen[seat] = len(self.mail(seat))
        self.advance()

    def show_table(self) -> None:
        if self.table is None or self.app.screen is not self.table:
            self.table = self.ui.table_screen(self)
            self.app.switch_screen(self.table)
        else:
            self.table.refresh_view()  # type: ignore[attr-defined]

    def show_curtain(self, seat: Seat) -> None:
        prompt = self.session.prompt
        assert prompt is not None
        self.behind_curtain(seat, prompt.text, None)

    def behind_curtain(
        self, seat: Seat, doing: str, opens: Callable[[], Screen[None]] | None
    ) -> None:
        """The curtain for ``seat``; lifting it shows ``opens()`` (default: the prompt's screen)."""
        plan = self.session.seats[seat]
        self.table = None
        game = self.session.game
        lift = partial(self.lift_curtain, seat) if opens is None else partial(self._open, opens)
        self.app.switch_screen(
            CurtainScreen(
                plan.name,
                doing,
                lift,
                plan.pin_matches if plan.pin_hash else None,
                game.title,
                game.rules_text,
                game.phase_help(self.session.prompt),
            )
        )

    def _open(self, opens: Callable[[], Screen[None]]) -> None:
        self.app.switch_screen(opens())

    def lift_curtain(self, seat: Seat) -> None:
        prompt = self.session.prompt
        if prompt is None or seat not in prompt.seats:
            self.advance()
            return
        self.app.switch_screen(self.ui.private_screen(self, seat, prompt))

    # --- bots ------------------------------------------------------------

    def _schedule_bot(self) -> None:
        self._bot_token += 1
        token = self._bot_token
        self._later(self.bot_delay, partial(self._bot_step, token))

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        if delay > 0:
            self.app.set_timer(delay, callback)
        else:
            self.app.call_later(callback)

    def _bot_step(self, token: int, forced: bool = False) -> None:
        if token != self._bot_token:
            return
        if (self.paused and not forced) or self.app.screen is not self.table:
            self._later(max(self.bot_delay, 0.1), partial(self._bot_step, token))
            return
        prompt = self.session.prompt
        if prompt is None:
            return
        seat = prompt.seats[0]
        if not self.session.seats[seat].is_bot:
            return
        action = self.session.bot_for(seat).choose(self.session.view(seat))
        refusal = self.act(action)
        if refusal is not None:
            self.app.notify(f"A bot tried an illegal move: {refusal}", severity="error")

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        return self.paused

    def step_once(self) -> None:
        """Demo: with the game paused, play exactly one bot action."""
        if self.paused:
            self._bot_step(self._bot_token, forced=True)

    def export_story(self, text: str | None = None) -> Path | None:
        """Write the story (the tale so far while a game runs: public things only) as
        Markdown next to the save, or into the saves folder."""
        session = self.session
        if text is None:
            tale = getattr(self.ui, "public_story", None)
            story = "\n".join(f"* {line}" for line in session.view(None).log)
            text = (
                f"# {session.game.title}, seed {session.seed} (so far)\n\n"
                + (tale(session) + "\n\n" if tale else "")
                + "## The story so far\n\n"
                + story
                + "\n"
            )
        if self.save_path is not None:
            folder, stem = self.save_path.parent, self.save_path.stem
        else:
            folder = self.app.saves_dir
            stem = f"{session.game.id}-demo-seed{session.seed}"
        path = folder / f"{stem}-story.md"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.app.notify(f"Could not write {path}: {exc.strerror or exc}", severity="error")
            return None
        self.app.notify(f"Story written to {path}")
        return path

    def play_again(self) -> None:
        from rules import saves
        from rules.session import Session
        from tui.app import new_seed

        seed = new_seed()
        session = Session.start(self.session.game, self.session.config, seed, self.session.seats)
        path = None
        if self.save_path is not None:
            path = saves.new_save_path(self.save_path.parent, session.game.id, seed)
        self.app.start_flow(session, path, demo=self.demo)
