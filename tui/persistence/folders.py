"""Where Parlour keeps its files: save files unless ``--saves`` says otherwise, and the
user's own data folder (logs, the SSH door's key), whatever ``--saves`` says.

Kept apart from ``tui.persistence.saves`` (which re-exports it) so that the lobby, which
shows this folder, starts without importing the save-file machinery.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

SHARED_SAVES = "--shared-saves"
"""The option that lets games be saved in a folder other users may change."""


def user_data_folder() -> Path:
    """The user's own data folder: ``$XDG_DATA_HOME/parlour``, else
    ``~/.local/share/parlour`` (a relative ``$XDG_DATA_HOME`` is ignored, as the XDG
    rules say: it would put the files wherever Parlour was started)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    home = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return home / "parlour"


def default_folder(cwd: Path | None = None) -> Path:
    """``./saves`` when it exists, else the user's data folder."""
    local = (cwd or Path.cwd()) / "saves"
    if local.is_dir():
        return local
    return user_data_folder() / "saves"


def saves_folder_problem(folder: Path) -> str | None:
    """Why games may not be saved in ``folder`` (None: they may). An existing folder must
    be this user's and writable by nobody else: anyone who may change it may swap a save
    or plant one. A folder not made yet will be made by this user."""
    try:
        found = os.stat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{folder}: {exc.strerror or exc}"
    if not stat.S_ISDIR(found.st_mode):
        return None  # (saving there fails with its own sentence)
    if found.st_uid != os.getuid():
        return (
            f"{folder} belongs to another user, so games are not saved there: choose a folder "
            f"of your own with --saves, or say {SHARED_SAVES} to save there all the same"
        )
    if found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return (
            f"{folder} can be changed by other users, so games are not saved there: choose a "
            f"folder of your own with --saves, or say {SHARED_SAVES} to save there all the same"
        )
    return None
