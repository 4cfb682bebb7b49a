"""The Footer every screen shows: its keys, restyled in place when only their state changes."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

LAST = ("hide", "help", "help_key", "quit")
"""Keys every screen has go at the end, after the screen's own."""


def shown_keys(screen: Screen[Any]) -> list[tuple[Binding, bool, str]]:
    """(binding, enabled, tooltip) for each action the bar shows, the screen's own first."""
    per_action: dict[str, tuple[Binding, bool, str]] = {}
    for _, binding, enabled, tooltip in screen.active_bindings.values():
        if binding.show:
            per_action.setdefault(binding.action, (binding, enabled, tooltip))
    return sorted(per_action.values(), key=lambda item: item[0].action in LAST)


class KeyBar(Footer):
    """Textual's Footer, except that when the same keys are shown and only some
    become enabled or disabled (say, a cursor step on the Island makes "Move"
    legal), those keys are restyled in place instead of the whole bar being
    rebuilt: a rebuild mounts every key again and costs tens of milliseconds."""

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        shown = shown_keys(self.screen)
        self.styles.grid_size_columns = len(shown)
        for binding, enabled, tooltip in shown:
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
        palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette:
            _, binding, enabled, tooltip = palette
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        ready = self._bindings_ready and screen.app.app_focus and self.is_attached
        if ready and screen is self.screen and self._restyle(screen):
            return
        super().bindings_changed(screen)

    def restyle_now(self, screen: Screen[Any]) -> bool:
        """Enable or disable the shown keys at once, in the same update as the
        change that caused it; False when the bar needs ``refresh_bindings``."""
        ready = self._bindings_ready and self.is_attached and screen is self.screen
        return bool(ready and self._restyle(screen))

    def _restyle(self, screen: Screen[Any]) -> bool:
        """Enable or disable the shown keys in place; False when the keys themselves
        changed (or are grouped) and the bar must be rebuilt."""
        active = screen.active_bindings
        plan = [
            (binding.key, self.app.get_key_display(binding), binding.description, enabled)
            for binding, enabled, _ in shown_keys(screen)
        ]
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette:
            command = palette.binding
            plan.append(
                (
                    command.key,
                    self.app.get_key_display(command),
                    command.description,
                    palette.enabled,
                )
            )
        keys = list(self.query_children(FooterKey))
        if [(k.key, k.key_display, k.description) for k in keys] != [p[:3] for p in plan]:
            return False
        for footer_key, (*_, enabled) in zip(keys, plan, strict=True):
            if footer_key._disabled == enabled:
                footer_key._disabled = not enabled
                footer_key.set_class(not enabled, "-disabled")
        return True
