"""How many lobby terminals a door of a served parlour (``tui.serve``) lets in: they
need no code, so each door holds at most ``LOBBY_SESSIONS`` of them, ``LOBBY_EACH``
from one address. The bounds are the SSH door's own (``tui.net.door``), read from it
when asked, so both doors keep the same ones; this module says why one more is
refused, for the browser door's form.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui.net import door

LOBBY_FULL = "The lobby has as many guests as it takes ({0}): try again when someone leaves."
YOURS_OPEN = "You have {0} lobby pages open already: use one of those, or close one first."


def lobby_refusal(held: Iterable[str], source: str) -> str:
    """Why the door may not open one more lobby terminal for ``source``, given the
    sources of the lobby terminals it holds ("" when it may)."""
    sources = list(held)
    if len(sources) >= door.LOBBY_SESSIONS:
        return LOBBY_FULL.format(door.LOBBY_SESSIONS)
    if sources.count(source) >= door.LOBBY_EACH:
        return YOURS_OPEN.format(door.LOBBY_EACH)
    return ""
