"""What happens to an unexpected error: a private log, and one line on the screen.

Textual's own crash report prints the traceback with every local variable on the
shared screen, and a local variable may be a hand or a clue. Parlour instead
writes the traceback without local variables to ``crash.log`` in its data folder,
readable by its owner only (0600), and tells the table in one line where it is.
"""

from __future__ import annotations

import os
import traceback
from datetime import UTC, datetime
from pathlib import Path

LOG_NAME = "crash.log"


def write_crash_log(folder: Path, error: BaseException) -> Path | None:
    """Append ``error``'s traceback (no local variables) to the log in ``folder``; the
    log's path, or None when it could not be written (a full disk, say)."""
    path = folder / LOG_NAME
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    text = f"--- {stamp}\n" + "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.fchmod(descriptor, 0o600)
            os.write(descriptor, text.encode("utf-8", "replace"))
        finally:
            os.close(descriptor)
    except OSError:
        return None
    return path


def crash_line(path: Path | None) -> str:
    """The one line the table sees."""
    if path is None:
        return "Parlour stopped on an unexpected error (the details could not be saved)."
    return f"Parlour stopped on an unexpected error; the details are in {path}"
