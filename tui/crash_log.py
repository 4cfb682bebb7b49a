"""What happens to an unexpected error: a private log, and one line on the screen.

Textual's own crash report prints the traceback with every local variable on the
shared screen, and a local variable may be a hand or a clue. Parlour instead
writes the traceback without local variables to ``crash.log`` in the user's own
data folder, readable by its owner only (0600, through ``tui.private_files``: never
through a link, never into someone else's file), and tells the table in one line
where it is.
"""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from pathlib import Path

from tui.private_files import append_private

LOG_NAME = "crash.log"


def write_crash_log(folder: Path, error: BaseException) -> Path | None:
    """Append ``error``'s traceback (no local variables) to the log in ``folder``; the
    log's path, or None when it could not be written (a full disk, a planted link)."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    text = f"--- {stamp}\n" + "".join(traceback.format_exception(error))
    return append_private(folder, LOG_NAME, text)


def crash_line(path: Path | None) -> str:
    """The one line the table sees."""
    if path is None:
        return "Parlour stopped on an unexpected error (the details could not be saved)."
    return f"Parlour stopped on an unexpected error; the details are in {path}"
