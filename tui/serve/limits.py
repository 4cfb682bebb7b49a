"""What a server's owner allows (``parlour serve --help`` says each)."""

from __future__ import annotations

from attrs import frozen


@frozen
class Limits:
    """The owner's limits, and the lobby's message of the day."""

    tables: int = 20
    """Tables at most (finished ones count until they are archived)."""
    seats: int = 80
    """People's seats at most, at every unfinished table together."""
    idle_days: float = 14.0
    """A table where nothing happened for this long is archived (finished or not)."""
    motd: str = ""
    """The message of the day, at the top of the lobby."""
