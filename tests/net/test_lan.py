"""The address the browser door's links name: the machine's own on the local network
(the route towards a private network), never a loopback or unspecified one unless
there is no other; an IPv6 address goes in brackets."""

from __future__ import annotations

import socket

from tui.net import lan
from tui.net.lan import LOOPBACK, lan_address, url_host


def test_the_link_names_the_address_routed_towards_the_local_network(monkeypatch):
    monkeypatch.setattr(lan, "_routed_address", lambda probe: "192.168.1.20")
    assert lan_address() == "192.168.1.20"


def test_a_loopback_route_is_passed_over_for_the_host_names_address(monkeypatch):
    monkeypatch.setattr(lan, "_routed_address", lambda probe: "127.0.0.1")
    named = [(0, 0, 0, "", ("127.0.1.1", 0)), (0, 0, 0, "", ("10.1.2.3", 0))]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args: named)
    assert lan_address() == "10.1.2.3"


def test_with_no_network_the_link_names_this_machine_only(monkeypatch):
    monkeypatch.setattr(lan, "_routed_address", lambda probe: None)

    def no_name(*args):
        raise OSError("no such host")

    monkeypatch.setattr(socket, "getaddrinfo", no_name)
    assert lan_address() == LOOPBACK


def test_an_ipv6_address_goes_in_brackets_in_a_link():
    assert url_host("fe80::1") == "[fe80::1]" and url_host("10.0.0.5") == "10.0.0.5"
    assert url_host("party.local") == "party.local"
