"""What the browser door serves: its own pages and scripts (``tui/net/web/``) and, from
the textual-serve wheel, the terminal's script, its style sheet and the font. The
join form (``join_page``) is worded for the door's host: a table's asks for a code; a
server's (``tui.serve``) says an empty code opens its lobby.

Only the files named in ``FILES`` are served, each read once; nothing on the pages
points outside the door (no font host, no script host), so a phone on a party's
network with no way out draws its seat all the same. The pages' security headers
(``HEADERS``) keep them so: scripts, styles, fonts and sockets from the door only,
no referrer (a link may carry a code), never cached.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib.resources import files
from string import Template
from typing import NamedTuple


class Served(NamedTuple):
    """One file the door serves: where it comes from and its type."""

    package: str
    path: str
    content_type: str


OWN = "tui.net"
TERMINAL = "textual_serve"

FILES: dict[str, Served] = {
    "parlour.css": Served(OWN, "web/parlour.css", "text/css"),
    "join.js": Served(OWN, "web/join.js", "text/javascript"),
    "seat.js": Served(OWN, "web/seat.js", "text/javascript"),
    "textual.js": Served(TERMINAL, "static/js/textual.js", "text/javascript"),
    "xterm.css": Served(TERMINAL, "static/css/xterm.css", "text/css"),
    "RobotoMono.ttf": Served(TERMINAL, "static/fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
}
"""The static files, by the name under ``/static/``."""

JOIN_PAGE = Served(OWN, "web/index.html", "text/html")
"""The join form, a template (``join_page`` fills it in)."""
SEAT_PAGE = Served(OWN, "web/seat.html", "text/html")

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "font-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
"""Headers on every answer of the door."""


@cache
def content(served: Served) -> bytes:
    """The bytes of a served file (read once)."""
    return (files(served.package) / served.path).read_bytes()


TABLE_FORM = {
    "title": "join a seat",
    "ask": (
        "Type the join code the host gave you, or the table's watch code to watch. "
        "Coming back? Type the rejoin code your seat showed you."
    ),
    "label": "Join code",
    "required": " required",
}
"""The join form's words at a table's door (a code is needed)."""
LOBBY_FORM = {
    "title": "the parlour",
    "ask": (
        "Type a join code (or a table's watch code) to go straight to that table. Leave "
        "the code empty and press Join for the lobby: the tables to join or watch, and a "
        "form to start one. Coming back? Type the rejoin code your seat showed you."
    ),
    "label": "Join code (leave it empty for the lobby)",
    "required": "",
}
"""The join form's words at a server's door, where an empty code opens the lobby."""


@cache
def join_page(lobby: bool) -> bytes:
    """The join form: a server's (``lobby``) or a table's."""
    words = LOBBY_FORM if lobby else TABLE_FORM
    filled = {name: escape(text, quote=False) for name, text in words.items()}
    return Template(content(JOIN_PAGE).decode("utf-8")).substitute(filled).encode("utf-8")
