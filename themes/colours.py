"""Parlour's colour themes, registered with Textual by the app (``--theme``)."""

from __future__ import annotations

from textual.theme import Theme

PARLOUR = Theme(
    name="parlour",
    primary="#C8557A",
    secondary="#E3A857",
    accent="#6CC4C0",
    foreground="#F3E9EE",
    background="#1D1821",
    surface="#29222F",
    panel="#3A2F42",
    success="#7BC67B",
    warning="#E3A857",
    error="#E5566B",
    dark=True,
)

CONTRAST = Theme(
    name="parlour-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FF66FF",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#202020",
    success="#00FF00",
    warning="#FFFF00",
    error="#FF4040",
    dark=True,
)

THEMES = (PARLOUR, CONTRAST)

SEAT_COLOURS = (
    "#FF7A7A",
    "#6CB8FF",
    "#FFD84D",
    "#8BE28B",
    "#D69CFF",
    "#FFA95E",
    "#5EE0D2",
    "#F08CC8",
)
"""One colour per seat; pieces also carry the seat's letter, so colour is never alone."""
