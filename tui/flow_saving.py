"""Saving a game at this keyboard, and what happens when a save cannot be written.

Every applied move is appended to the journal before the screen moves on. When
that fails (a full disk, a folder made read-only) the flow keeps the move but
stops the table on ``SaveFailedScreen`` until the game is on disk again: in
the same file once there is room, or in another folder from then on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.screen import Screen

from tui.app_base import TableApp
from tui.persistence.journal import Journal
from tui.persistence.save_lock import SaveLock
from tui.persistence.saves import Opened, SaveError, new_save_path
from tui.port import SessionTable
from tui.screens.save_failed import SaveFailedScreen


class SaveKeeper:
    """The save of one game: its journal, this window's lock on it, and the door the
    save-failed screen offers (``tui.screens.save_failed.SaveDoor``).

    Given the app (toasts, the screen now, quitting), the session holder, the save's
    path (None: not saved) and how it was opened (None: a new game's fresh file),
    ``go_on`` (the table moves on once the game is on disk again) and ``show`` (how the
    table is replaced by the save-failed screen)."""

    def __init__(
        self,
        app: TableApp,
        table: SessionTable,
        save_path: Path | None,
        opened: Opened | None,
        *,
        go_on: Callable[[], None],
        show: Callable[[Screen[Any]], None],
    ) -> None:
        self.app = app
        self.table = table
        self.save_path = save_path
        self.go_on = go_on
        self.show = show
        self.save_error = ""
        """Why the last save failed ('' once the game is on disk)."""
        self.journal = None if save_path is None else Journal(save_path)
        self.lock = None if opened is None else opened.lock
        """This window's hold on the save (one window per game), let go when it stops."""
        if self.lock is None and save_path is not None:  # a new game's freshly claimed file
            self.lock = SaveLock.take(save_path)
        if opened is not None and opened.last_hash is not None:
            assert self.journal is not None
            self.journal.adopt(table.session.actions, opened.last_hash, opened.read)

    def release(self) -> None:
        """The table is left: another window may open the save."""
        if self.lock is not None:
            self.lock.release()

    def _read_counts(self) -> tuple[int, ...]:
        seats = range(len(self.table.session.seats))
        return tuple(self.table.notes_seen.get(seat, 0) for seat in seats)

    def save(self) -> bool:
        """Make the game durable; False (and ``save_error`` says why) when it is not."""
        if self.journal is None:
            return True
        try:
            self.journal.save(self.table.session, self._read_counts())
        except OSError as exc:
            self.save_error = f"Could not save to {self.save_path}: {exc.strerror or exc}"
            return False
        self.save_error = ""
        return True

    def failed(self) -> bool:
        """The last save failed: the table waits until the game is on disk."""
        return bool(self.save_error)

    def unsaved_moves(self) -> int:
        on_disk = 0 if self.journal is None else self.journal.moves_on_disk
        return max(0, len(self.table.session.actions) - on_disk)

    def show_failure(self) -> None:
        """The table stops on the screen saying why (once: a second failure updates it)."""
        screen = self.app.screen
        if isinstance(screen, SaveFailedScreen):
            screen.show_problem("")
            return
        self.show(SaveFailedScreen(self))

    def retry_save(self) -> str | None:
        if not self.save():
            return self.save_error
        self.app.notify(f"Saved to {self.save_path}")
        self.go_on()
        return None

    def save_elsewhere(self, folder: str) -> str | None:
        """The whole game written to a new file in ``folder``, which this window then
        holds and appends to; the old file keeps the moves it had."""
        session = self.table.session
        try:
            path = new_save_path(Path(folder).expanduser(), session.game.id)
        except SaveError as exc:
            return str(exc)
        lock = SaveLock.take(path)  # (a name just claimed: nobody else holds it)
        journal = Journal(path)
        try:
            journal.save(session, self._read_counts())
        except OSError as exc:
            lock.release()
            path.unlink(missing_ok=True)
            return f"Could not save to {path}: {exc.strerror or exc}"
        self.release()
        self.lock, self.journal, self.save_path, self.save_error = lock, journal, path, ""
        self.app.notify(f"The game is saved in {path} from now on.")
        self.go_on()
        return None

    def quit_unsaved(self) -> None:
        """Quit although the game is not on disk (asked first): the command line says so
        and the app exits with 1."""
        if self.save_error:
            self.app.farewell = f"parlour: quit without saving: {self.save_error}"
        self.app.exit(return_code=1)
