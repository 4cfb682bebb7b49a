"""A guest's side of the host's socket, read as hostile: each line read within the
limit (a sentence for one that is no message, None for the end or a line over the
limit or cut off), who the guest is (for pacing wrong codes), and a refusal said as
the connection is closed."""

from __future__ import annotations

import asyncio
import contextlib
import os

from tui.net import wire
from tui.net.trust import peer_uid


def refuse(writer: asyncio.StreamWriter, reason: str) -> None:
    """Say ``reason`` to a connection that is not let in, and close it."""
    with contextlib.suppress(Exception):
        writer.write(wire.encode(wire.Refused(reason)))
        writer.close()


def account(uid: int) -> str:
    """How a source on a Unix socket is named: its account."""
    return f"account {uid}"


def own_account(source: str) -> bool:
    """Whether ``source`` is this process's own account (its own doors' seats, its
    owner's tools)."""
    return source == account(os.getuid())


def source_of(writer: asyncio.StreamWriter) -> str:
    """Who is knocking, for pacing wrong codes: the account at the socket's other end."""
    try:
        return account(peer_uid(writer.get_extra_info("socket")))
    except (OSError, AttributeError):
        return "an unknown account"


async def read_line(reader: asyncio.StreamReader) -> wire.Message | str | None:
    """The next message; a sentence for a line that is not one; None at the end."""
    try:
        line = await reader.readline()
    except (ValueError, asyncio.LimitOverrunError):
        return None  # a line over the limit: this connection is not a Parlour client
    except (ConnectionError, OSError):
        return None
    if not line:
        return None
    if not line.endswith(b"\n"):
        return None  # the connection closed halfway through a line
    try:
        return wire.decode(line)
    except wire.WireError as exc:
        return f"The host could not read that: {exc}"
