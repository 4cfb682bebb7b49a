"""What the ``parlour`` command line accepts (seconds, seeds, game counts) and how it
writes text it did not make (``shown``: no escape reaches the terminal)."""

from __future__ import annotations

import argparse
import math
import unicodedata

from rules.chance import SEED_DIGITS
from rules.names import UNSHOWABLE

KNOWN_SEED = "A seed you chose is no secret: anyone who knows it can work out every hand."
LONGEST_DELAY = 60.0
"""The longest pause between bot moves the table accepts, in seconds."""
MOST_GAMES = 1_000_000
"""The most games one ``parlour simulate`` plays (10,000 take about ten minutes)."""


def seconds(text: str) -> float:
    """A pause in seconds, from 0 to ``LONGEST_DELAY`` (``inf`` and ``nan`` are not)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= LONGEST_DELAY:  # also false for nan
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a number of seconds from 0 to {LONGEST_DELAY:g}"
        )
    return value


def player_name(text: str) -> str:
    """A person's name, as the setup form would take it."""
    from rules.names import plain_name
    from tui.setup_form import name_problem

    name = plain_name(text)
    problem = name_problem(name)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"the name {problem}")
    return name


def seed_number(text: str) -> int:
    """A seed: a whole number of at most ``SEED_DIGITS`` digits (0-9 only)."""
    from tui.setup_form import is_number

    if not is_number(text) or len(text) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a seed: a whole number of at most {SEED_DIGITS} digits"
        )
    return int(text)


def game_count(text: str) -> int:
    """How many games to simulate: a whole number from 1 to ``MOST_GAMES``."""
    from tui.setup_form import is_number

    if not is_number(text) or not 1 <= int(text) <= MOST_GAMES:
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a whole number of games from 1 to {MOST_GAMES:,}"
        )
    return int(text)


def seat_count(text: str) -> int:
    """How many seats a simulated table has: a whole number from 1 (the game says how
    many it seats)."""
    from tui.setup_form import is_number

    if not is_number(text) or not 1 <= int(text) <= 99:
        raise argparse.ArgumentTypeError(f"{shown(repr(text))} is not a number of seats")
    return int(text)


def seat_policy(text: str) -> tuple[int, str]:
    """``SEAT=POLICY`` for ``parlour simulate --policy``: the seat (by its number, the
    first seat is 1) and who decides for it (``rules.policies.POLICIES``). The seat is
    returned 0-based, as the rules count seats."""
    from rules.policies import POLICIES
    from tui.setup_form import is_number

    seat, sep, policy = text.partition("=")
    if not sep or not is_number(seat) or not 1 <= int(seat) <= 99 or policy not in POLICIES:
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not SEAT=random or SEAT=bot (SEAT: a seat's number, "
            "the first is 1)"
        )
    return int(seat) - 1, policy


def port_number(text: str) -> int:
    """A TCP port to listen on: 1024 to 65535 (a lower one needs root)."""
    from tui.setup_form import is_number

    if not is_number(text) or not 1024 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            f"{shown(repr(text))} is not a port number from 1024 to 65535"
        )
    return int(text)


def web_address(text: str) -> str:
    """An address for the browser door's links: an IP address or a host name."""
    import ipaddress
    import re

    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", text):
        raise argparse.ArgumentTypeError(f"{shown(repr(text))} is not an IP address or a host name")
    return text


def port_problem(port: int) -> str | None:
    """Why the table cannot listen on TCP ``port`` on every interface, IPv4 and IPv6
    (None: it can)."""
    import socket

    families = [(socket.AF_INET, "")]
    if socket.has_ipv6:
        families.append((socket.AF_INET6, "::"))
    for family, everywhere in families:
        try:
            probe = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue  # (this machine has no such network: nothing listens there)
        try:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind((everywhere, port))
        except OSError as exc:
            return f"port {port} cannot be opened ({exc.strerror or exc}): choose another"
        finally:
            probe.close()
    return None


def shown(text: str) -> str:
    """``text`` safe to write to a terminal: every character a terminal would act on
    or hide (an escape, a control, a zero-width or direction mark) is written as its
    code instead (``\\u001b``), so a name or a file cannot set the title or clear the
    screen. The command line writes nothing else it did not make itself."""
    return "".join(
        c if c == "\n" or unicodedata.category(c) not in UNSHOWABLE else f"\\u{ord(c):04x}"
        for c in text
    )
