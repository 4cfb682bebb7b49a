"""The address a phone on the party's network uses to reach this machine.

``lan_address`` asks the kernel which of this machine's addresses it would send
from towards a private network (a UDP socket that is only connected, so nothing
is sent); failing that, an address of the host name that is not a loopback one;
failing that, 127.0.0.1 (this machine only). ``--web-address`` gives another.
"""

from __future__ import annotations

import ipaddress
import socket

PROBES = ("192.168.0.1", "10.0.0.1", "172.16.0.1")
"""Private addresses to ask the route towards (no packet is sent)."""
LOOPBACK = "127.0.0.1"


def _routed_address(probe: str) -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 9))
            return str(udp.getsockname()[0])
        except OSError:
            return None


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none."""
    for probe in PROBES:
        found = _routed_address(probe)
        if found is not None and _reachable(found):
            return found
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        named = []
    for *_, where in named:
        if _reachable(str(where[0])):
            return str(where[0])
    return LOOPBACK


def url_host(address: str) -> str:
    """``address`` as it goes in a link (an IPv6 address in brackets)."""
    try:
        if ipaddress.ip_address(address).version == 6:
            return f"[{address}]"
    except ValueError:
        pass
    return address
