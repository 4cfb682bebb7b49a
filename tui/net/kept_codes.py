"""A hosted game's codes, kept private to the host's user, so that after a crash (or
a kill) ``parlour host --resume FILE`` takes the same codes: friends only reconnect.

The seating (``tui.net.seating``: join codes, claims with their rejoin codes, the
watch code) is written whole after every change to ``hosted/`` in the user's own
data folder, named after the save's full path, through ``tui.private_files`` (mode
0600, never through a link, never into a folder or file another user could have
made). A kept seating that does not fit the table (other seats, damage) is not used:
the host deals new codes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from rules.engine import Seat
from tui.net.seating import Seating
from tui.private_files import read_private, replace_private

FOLDER = "hosted"
LARGEST = 64 * 1024
"""A seating file is far smaller; a bigger one is not read."""


def _name(save_path: Path) -> str:
    digest = hashlib.sha256(str(save_path.resolve()).encode()).hexdigest()[:24]
    return f"{digest}.json"


def kept_seating(data_dir: Path, save_path: Path, joined: list[Seat]) -> Seating | None:
    """The seating kept for the game saved at ``save_path``, when there is a usable one."""
    try:
        data = read_private(data_dir / FOLDER, _name(save_path))
    except OSError:
        return None
    if len(data) > LARGEST:
        return None
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return Seating.from_data(parsed, joined)


def keeper(data_dir: Path, save_path: Path) -> Callable[[Seating], bool]:
    """Writes a seating down for the game saved at ``save_path``; whether it could."""

    def keep(seating: Seating) -> bool:
        try:
            data = json.dumps(seating.to_data()).encode()
            replace_private(data_dir / FOLDER, _name(save_path), data)
        except OSError:
            return False  # (the table goes on; only a crash would cost new codes)
        return True

    return keep
