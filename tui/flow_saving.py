"""Saving a game at this keyboard, and what happens when a save cannot be written.

Every applied move is appended to the journal before the screen moves on. When
that fails (a full disk, a folder made read-only) the flow keeps the move but
stops the table on ``SaveFailedScreen`` until the game is on disk again: in
the same file once there is room, or in another folder from then on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

from rules.session import Session
from tui.persistence.journal import Journal
from tui.persistence.save_lock import SaveLock
from tui.persistence.saves import SaveError, new_save_path
from tui.screens.save_failed import SaveFailedScreen


class SaveKeeper:
    """Mixed into the hotseat flow (``tui.flow.GameFlow``), which provides these."""

    app: App[Any]
    session: Session[Any]
    save_path: Path | None
    journal: Journal | None
    lock: SaveLock | None
    notes_seen: dict[int, int]
    save_error: str
    """Why the last save failed ('' once the game is on disk)."""

    if TYPE_CHECKING:  # (the flow's)

        def advance(self) -> None: ...

        def _show(self, screen: Screen[Any]) -> None: ...

        @property
        def visiting(self) -> int | None: ...

        @visiting.setter
        def visiting(self, seat: int | None) -> None: ...

    def _read_counts(self) -> tuple[int, ...]:
        return tuple(self.notes_seen.get(seat, 0) for seat in range(len(self.session.seats)))

    def save(self) -> bool:
        """Make the game durable; False (and ``save_error`` says why) when it is not."""
        if self.journal is None:
            return True
        try:
            self.journal.save(self.session, self._read_counts())
        except OSError as exc:
            self.save_error = f"Could not save to {self.save_path}: {exc.strerror or exc}"
            return False
        self.save_error = ""
        return True

    def unsaved_moves(self) -> int:
        on_disk = 0 if self.journal is None else self.journal.moves_on_disk
        return max(0, len(self.session.actions) - on_disk)

    def show_save_failure(self) -> None:
        """The table stops on the screen saying why (once: a second failure updates it)."""
        screen = self.app.screen
        if isinstance(screen, SaveFailedScreen):
            screen.show_problem("")
            return
        self.visiting = None  # whoever comes back to the keyboard, a curtain comes first
        self._show(SaveFailedScreen(self))

    def retry_save(self) -> str | None:
        if not self.save():
            return self.save_error
        self.app.notify(f"Saved to {self.save_path}")
        self.advance()
        return None

    def save_elsewhere(self, folder: str) -> str | None:
        """The whole game written to a new file in ``folder``, which this window then
        holds and appends to; the old file keeps the moves it had."""
        try:
            path = new_save_path(Path(folder).expanduser(), self.session.game.id)
        except SaveError as exc:
            return str(exc)
        lock = SaveLock.take(path)  # (a name just claimed: nobody else holds it)
        journal = Journal(path)
        try:
            journal.save(self.session, self._read_counts())
        except OSError as exc:
            lock.release()
            path.unlink(missing_ok=True)
            return f"Could not save to {path}: {exc.strerror or exc}"
        if self.lock is not None:
            self.lock.release()
        self.lock, self.journal, self.save_path, self.save_error = lock, journal, path, ""
        self.app.notify(f"The game is saved in {path} from now on.")
        self.advance()
        return None
