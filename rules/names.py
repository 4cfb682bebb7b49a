"""Players' names: made plain, checked, and compared the way eyes compare them.

A name is typed by a person (the setup form, ``--players``) and then shown on
every curtain and screen, so it must read as exactly one thing:

* ``plain_name`` puts it in one normal form (NFKC: a full-width ``Ｂｏ`` is
  ``Bo``) with single spaces and no spaces at the ends;
* ``name_fault`` refuses characters a screen cannot show as themselves
  (controls such as a newline or a terminal escape, invisible format characters
  such as a zero-width space or a right-to-left override, private-use and
  unassigned code points), as a sentence;
* ``look_alike`` is what two names are compared by: case folded, and letters that
  look like Latin ones (Cyrillic ``о``, Greek ``Ο``...) folded to them, so that
  two seats never read the same on the screen.
"""

from __future__ import annotations

import unicodedata

UNSHOWABLE = {
    "Cc": "a control character (such as a newline or a terminal escape)",
    "Cf": "an invisible formatting character (such as a zero-width space)",
    "Zl": "a line break",
    "Zp": "a paragraph break",
    "Co": "a private-use character",
    "Cs": "a broken character",
    "Cn": "a character Unicode does not define",
}
"""Unicode categories a name may not hold, and how a player would call them."""

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic, lower case after case folding
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j",
        "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l",
        # Greek, lower case after case folding
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z",
        # digits and marks that pass for letters
        "0": "o", "1": "l", "|": "l", "ı": "i",
    }
)  # fmt: skip
"""Letters of other scripts (and digits) that a reader takes for Latin letters."""


def plain_name(raw: str) -> str:
    """The name in one normal form, with single spaces and none at the ends."""
    return " ".join(unicodedata.normalize("NFKC", raw).split())


def name_fault(name: str) -> str | None:
    """Why ``name`` (already ``plain_name``) cannot be shown as itself, or None."""
    for char in name:
        what = UNSHOWABLE.get(unicodedata.category(char))
        if what is not None:
            return f"holds {what}, which cannot be shown as it is"
    return None


JOINERS = frozenset("\u200c\u200d")
"""Zero-width (non-)joiners: invisible, but they hold emoji and some scripts together."""


def text_fault(text: str) -> str | None:
    """Why a pack's (or a save's) text cannot be shown as itself, or None: as for a
    name, except line breaks and the joiners that emoji and some scripts need."""
    if text.isprintable():  # every character refused below is unprintable: most texts
        return None  # are answered here at once (the resume list checks thousands)
    for char in text:
        what = UNSHOWABLE.get(unicodedata.category(char))
        if what is not None and char != "\n" and char not in JOINERS:
            return f"holds {what}, which cannot be shown as it is"
    return None


def showable(text: str) -> str:
    """``text`` without what ``text_fault`` refuses (a paste's escapes, say), its
    line breaks kept."""
    return "".join(
        c
        for c in text
        if c == "\n" or c in JOINERS or unicodedata.category(c) not in UNSHOWABLE
    )


def look_alike(name: str) -> str:
    """What ``name`` looks like: two names with the same look-alike read the same."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    return "".join(c for c in folded if not unicodedata.category(c).startswith(("C", "Z")))
