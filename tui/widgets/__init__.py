"""The widgets every Parlour screen is built from; each owns its CSS (``DEFAULT_CSS``)."""

from tui.widgets.cards import CardList, CardSelection
from tui.widgets.keybar import KeyBar
from tui.widgets.notes import NotesPanel
from tui.widgets.refusal import Refusal
from tui.widgets.story import Paragraph, StoryLog
from tui.widgets.toosmall import TooSmall
from tui.widgets.whobar import WhoBar

__all__ = [
    "CardList",
    "CardSelection",
    "KeyBar",
    "NotesPanel",
    "Paragraph",
    "Refusal",
    "StoryLog",
    "TooSmall",
    "WhoBar",
]
