"""What a door (SSH or browser) lets guests into: one hosted table, or a server of
many tables with a lobby."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from tui.net.seating import Entry

CLOSING = "The parlour is closing: try again in a moment."
"""What a lobby's guest is told when the server's tables gave no pass (they are going)."""


class DoorHost(Protocol):
    """What a door lets guests into: a host (``tui.net.host.Host``), or a server of many
    tables (``tui.serve.parlour.Parlour``; from the doors' process of ``parlour serve``,
    its ``tui.serve.door_link.TablesLink``)."""

    @property
    def path(self) -> Path:
        """The socket a seat's child joins."""
        ...

    @property
    def closed(self) -> bool: ...

    async def knock(self, code: str, source: str) -> Entry:
        """What ``code`` opens for a try from ``source`` (paced when wrong)."""
        ...


@runtime_checkable
class Lobby(Protocol):
    """A door's host with a lobby: a guest may come in without a code, with a pass that
    names their source (``tui.serve.parlour.Parlour``, or its ``TablesLink``)."""

    async def guest_pass(self, source: str) -> str:
        """A pass naming ``source`` for a lobby terminal ('' when none can be given)."""
        ...

    def forget_guest(self, made: str) -> None: ...
