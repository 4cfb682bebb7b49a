"""Where save files go unless ``--saves`` says otherwise.

Kept apart from ``rules.saves`` (which re-exports it) so that the lobby, which
shows this folder, starts without importing the save-file machinery.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_folder(cwd: Path | None = None) -> Path:
    """``./saves`` when it exists, else the user's data folder."""
    local = (cwd or Path.cwd()) / "saves"
    if local.is_dir():
        return local
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "parlour" / "saves"
