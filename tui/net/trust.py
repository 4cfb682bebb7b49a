"""``parlour join`` says a code only to the host it expects.

Before anything is sent: the socket's folder belongs to the host's user (this
user, unless ``--host-user`` names another account) and nobody else may change
it (a group may enter it, never write to it), and the socket belongs to that
user too; once connected, the program at the other end (``SO_PEERCRED``) runs as
that user. Otherwise another account on the machine could make the folder first
and collect every code typed into ``join``.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import socket
import stat
import struct
from pathlib import Path

OPEN_TO_OTHERS = stat.S_IWGRP | stat.S_IWOTH
PEER_CREDENTIALS = struct.Struct("3i")
"""``struct ucred``: the pid, uid and gid of the process at the other end."""

NOT_THE_HOSTS = (
    "{place} belongs to {owner}, not to {host}, so no code was sent "
    "(--host-user names the host's account)."
)
OPEN_FOLDER = "{folder} can be changed by users other than {host}, so no code was sent."
PEER_NOT_THE_HOSTS = (
    "The program at {path} runs as {owner}, not as {host}, so no code was sent "
    "(--host-user names the host's account)."
)


class HostNotTrusted(Exception):
    """The socket is not known to be the host's; the message is the sentence."""


def user_name(uid: int) -> str:
    """The account's name, or "user N" when it has none."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def socket_problem(path: Path, host_uid: int) -> str | None:
    """Why the socket at ``path`` is not known to be the host's (None: as far as the
    files say, it is). A folder or socket that is not there is no problem here: the
    connection fails and says so."""
    folder = path.parent
    try:
        found = os.stat(folder)
    except OSError:
        return None
    host = user_name(host_uid)
    if found.st_uid != host_uid:
        return NOT_THE_HOSTS.format(place=folder, owner=user_name(found.st_uid), host=host)
    if found.st_mode & OPEN_TO_OTHERS:
        return OPEN_FOLDER.format(folder=folder, host=host)
    try:
        listening = os.lstat(path)
    except OSError:
        return None
    if listening.st_uid != host_uid:
        return NOT_THE_HOSTS.format(place=path, owner=user_name(listening.st_uid), host=host)
    return None


def peer_uid(connection: socket.socket) -> int:
    """The account the program at the other end of a Unix socket runs as."""
    raw = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, PEER_CREDENTIALS.size)
    _pid, uid, _gid = PEER_CREDENTIALS.unpack(raw)
    return int(uid)


def peer_problem(connection: socket.socket, path: Path, host_uid: int) -> str | None:
    """Why the program at the other end of ``connection`` is not the host's (None: it
    runs as the host's user)."""
    uid = peer_uid(connection)
    if uid == host_uid:
        return None
    return PEER_NOT_THE_HOSTS.format(path=path, owner=user_name(uid), host=user_name(host_uid))


async def connect_to_host(path: Path, host_uid: int | None = None) -> socket.socket:
    """A connected socket to the host at ``path``, once it is known to run as
    ``host_uid`` (None: this user); nothing is sent. HostNotTrusted says why not; an
    OSError, that nobody listens there."""
    expected = os.getuid() if host_uid is None else host_uid
    problem = socket_problem(path, expected)
    if problem is not None:
        raise HostNotTrusted(problem)
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.setblocking(False)
        await asyncio.get_running_loop().sock_connect(connection, str(path))
        problem = peer_problem(connection, path, expected)
    except BaseException:
        connection.close()
        raise
    if problem is not None:
        connection.close()
        raise HostNotTrusted(problem)
    return connection
