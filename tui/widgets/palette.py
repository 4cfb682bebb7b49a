"""Textual's command palette, safe against keys that arrive before its list is drawn.

Over SSH, or from a hasty hand, Ctrl+P and PageDown can arrive together: the
palette's list then has its commands but not yet the lines they are drawn on, and
Textual's page move looks a line up that is not there (a KeyError that ends the
app). Here a move the list cannot make yet is dropped: the list is not on screen
to move through.
"""

from __future__ import annotations

from textual.command import CommandList, CommandPalette


class Palette(CommandPalette):
    """The command palette, ignoring cursor keys that come before its list is laid out."""

    def _action_command_list(self, action: str) -> None:
        commands = self.query(CommandList)
        if commands and not commands.first()._lines:
            return  # not drawn yet: nothing to move through
        try:
            super()._action_command_list(action)
        except (KeyError, IndexError):
            return  # the list changed under the key (commands still arriving)
