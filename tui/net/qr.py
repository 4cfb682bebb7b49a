"""QR codes drawn in a terminal, for phones to scan a seat's link off the table.

``segno`` makes the code; each terminal row draws two rows of modules with half
blocks, dark on light whatever the theme (a scanner wants dark modules on a light
ground, with a quiet border of light around them). A link is given in capitals
(``HTTP://10.0.0.5:8765/J/ABC234``): QR codes hold capitals, digits and ``:/.-``
in fewer modules, and the scheme, the host and the door's paths are the same in
any case.
"""

from __future__ import annotations

import segno
from rich.style import Style
from rich.text import Text

BORDER = 2
"""Light modules around the code."""
DARK_ON_LIGHT = Style(color="black", bgcolor="white")
HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""A cell's character by whether its upper and lower module are dark."""


def modules(data: str) -> list[list[bool]]:
    """The code's modules (True: dark), with the light border around them."""
    code = segno.make(data, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=BORDER)]


def qr_lines(data: str) -> list[str]:
    """The code as lines of half blocks (dark drawn, light blank)."""
    rows = modules(data)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(HALVES[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def qr_text(data: str) -> Text:
    """The code, ready to show: dark on light in any theme."""
    return Text("\n".join(qr_lines(data)), style=DARK_ON_LIGHT, no_wrap=True, end="")


def scannable(link: str) -> str:
    """``link`` in capitals, for a smaller code (see the module's note)."""
    return link.upper()
