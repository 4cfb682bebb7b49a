"""The Footer every screen shows: its keys, restyled in place when only their state changes."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.css.styles import RulesMap
from textual.dom import DOMNode
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

LAST = ("hide", "help", "help_key", "quit")
"""Keys every screen has go at the end, after the screen's own."""


def shown_keys(
    screen: Screen[Any], active: dict[str, ActiveBinding] | None = None
) -> list[tuple[Binding, bool, str]]:
    """(binding, enabled, tooltip) for each action the bar shows, the screen's own first
    (``active``: the screen's active bindings, when they are at hand)."""
    per_action: dict[str, tuple[Binding, bool, str]] = {}
    active = screen.active_bindings if active is None else active
    for _, binding, enabled, tooltip in active.values():
        if binding.show:
            per_action.setdefault(binding.action, (binding, enabled, tooltip))
    return sorted(per_action.values(), key=lambda item: item[0].action in LAST)


class KeyBar(Footer):
    """Textual's Footer, except that when the same keys are shown and only some
    become enabled or disabled (say, a cursor step on the Island makes "Move"
    legal), or are shown with other words (the digits of a longer list), those keys
    are restyled or relabelled in place instead of the whole bar being rebuilt: a
    rebuild mounts every key again and costs tens of milliseconds.

    And a key restyled to a look it has had before takes that look's styles and
    paint again (``BarKey``): working the styles out through the stylesheet and
    painting the key again cost about a millisecond a key, and a cursor step on the
    Island can switch two keys back and forth, step after step."""

    _bindings_ready = reactive(True, repaint=False)
    """The bar shows its screen's keys from its first compose. (Textual's Footer waits
    for the screen's first word that its keys changed, then mounts every key again:
    tens of milliseconds a new screen. A focus that brings other keys still rebuilds
    it; the same keys are restyled.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rebuilding = False
        """A rebuild is on its way (Textual's Footer asks for one per change)."""
        self._basis: tuple[object, int] | None = None
        """The stylesheet's rules and the count of its updates (a theme, say) that the
        keys' looks were worked out with."""

    def on_mount(self) -> None:
        # Keys the screen makes live as it mounts (a coached game's hint) show once it
        # has: restyled in place when they are the same, else one rebuild then.
        self.call_after_refresh(self.bindings_changed, self.screen)

    def compose(self) -> ComposeResult:
        shown = shown_keys(self.screen)
        self.styles.grid_size_columns = len(shown)
        # Born with the compact class the binding below would add: adding it after the
        # mount restyles the key a second time (a millisecond a key, every rebuild).
        compact = "-compact" if self.compact else ""
        for binding, enabled, tooltip in shown:
            yield BarKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes=compact,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
        palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette:
            _, binding, enabled, tooltip = palette
            yield BarKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # Unlike Textual's Footer, the bar follows the keys while the app is unfocused
        # too: a browser's page starts unfocused (Textual's web driver), and a screen
        # made then would keep an empty bar until the page is focused again.
        ready = self._bindings_ready and self.is_attached
        if ready and screen is self.screen and self._restyle(screen):
            return
        self._bindings_ready = True
        if not self.is_attached or screen is not self.screen:
            return
        if not self._rebuilding:  # one rebuild, after the refresh, shows every change till then
            self._rebuilding = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuilding = False
        await self.recompose()

    def relabels(self) -> bool:
        """Whether the same keys, some shown with other words ("1-4" become "1-6", say),
        are relabelled in place (else the bar is rebuilt)."""
        return True

    def restyle_now(self, screen: Screen[Any]) -> bool:
        """Enable or disable the shown keys at once, in the same update as the
        change that caused it; False when the bar needs ``refresh_bindings``."""
        ready = self._bindings_ready and self.is_attached and screen is self.screen
        return bool(ready and self._restyle(screen))

    def _restyle(self, screen: Screen[Any]) -> bool:
        """Enable or disable the shown keys in place, and relabel them where the same
        keys are shown with other words (``relabels``); False when the keys themselves
        changed (or are grouped) and the bar must be rebuilt."""
        active = screen.active_bindings
        plan = [
            (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
            )
            for binding, enabled, _ in shown_keys(screen, active)
        ]
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette:
            command = palette.binding
            plan.append(
                (
                    command.key,
                    self.app.get_key_display(command),
                    command.description,
                    command.action,
                    palette.enabled,
                )
            )
        keys = [key for key in self.children if isinstance(key, FooterKey)]
        if [(k.key, k.key_display, k.description) for k in keys] != [p[:3] for p in plan]:
            same_keys = [(k.key, k.action) for k in keys] == [(p[0], p[3]) for p in plan]
            if not same_keys or not self.relabels():
                return False
            for key, (_, display, description, *_) in zip(keys, plan, strict=True):
                if (key.key_display, key.description) != (display, description):
                    key.key_display, key.description = display, description
                    key.refresh(layout=True)
        switched = [
            (key, enabled)
            for key, (*_, enabled) in zip(keys, plan, strict=True)
            if key._disabled == enabled
        ]
        if switched:
            stylesheet = self.app.stylesheet
            basis = (stylesheet.rules_map, self.app._css_update_count)
            if self._basis is None or self._basis[0] is not basis[0] or self._basis[1] != basis[1]:
                self._basis = basis  # new rules or variables: every look is worked out again
                for key in keys:
                    if isinstance(key, BarKey):
                        key.looks.clear()
            above = tuple(node.classes for node in self.ancestors_with_self)
            for key, enabled in switched:
                if isinstance(key, BarKey):
                    key.switch(enabled, above)
                else:
                    key._disabled = not enabled
                    key.set_class(not enabled, "-disabled")
        return True


class BarKey(FooterKey):
    """A FooterKey that keeps its looks: switched to enabled or disabled (``switch``)
    as it has been before, it takes the styles the stylesheet gave it then, and
    paints as it did then.

    A look is kept for the key's classes and those of each node above it; the
    stylesheet's rules also look at pseudo classes (hover, focus...) and Textual
    restyles a node and all below it when one of those changes, so the key forgets
    its looks whenever the stylesheet restyles it (``notify_style_update``) other
    than for ``switch``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.looks: dict[Hashable, Look] = {}
        self.look: Look | None = None
        """The look the key has now (None: restyled since by the stylesheet)."""
        self._switching = False

    def switch(self, enabled: bool, above: Hashable) -> None:
        """``set_class(not enabled, "-disabled")``, with the styles it had the last time
        its classes and those ``above`` it were as they are now."""
        self._disabled = not enabled
        self.set_class(not enabled, "-disabled", update=False)
        state = (self.classes, above)
        look = self.looks.get(state)
        self._switching = True
        try:
            if look is None:
                self.update_node_styles()
                look = self.looks[state] = Look.of(self)
            else:
                look.give(self)
        finally:
            self._switching = False
        self.look = look

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.look = None
        if not self._switching:
            self.looks.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        look = self.look
        if look is None:
            return super().render_lines(crop)
        key = (
            self.size, crop, tuple(self.get_line_filters()), self.background_colors,
            self.key_display, self.description,
        )  # fmt: skip
        lines = look.painted.get(key)
        if lines is None:
            lines = look.painted[key] = super().render_lines(crop)
        return lines


class Look:
    """What the stylesheet gave a key (its rules, its component classes' styles, what
    its rules look for), and the key as painted with them (by size and crop)."""

    def __init__(self, rules: RulesMap, components: dict[str, Any], flags: tuple[bool, ...]):
        self.rules, self.components, self.flags = rules, components, flags
        self.painted: dict[Hashable, list[Strip]] = {}

    @classmethod
    def of(cls, node: DOMNode) -> Look:
        return cls(node.styles.base.get_rules(), dict(node._component_styles), _flags(node))

    def give(self, node: DOMNode) -> None:
        (
            node._has_hover_style,
            node._has_focus_within,
            node._has_order_style,
            node._has_odd_or_even,
        ) = self.flags
        node._component_styles.clear()
        node._component_styles.update(self.components)
        # As ``Stylesheet.replace_rules``, setting only the rules that differ.
        base, rules = node.styles.base, self.rules
        was = base.get_rules()
        changed = [name for name in was.keys() | rules.keys() if was.get(name) != rules.get(name)]
        for name in changed:
            setattr(base, name, rules.get(name))  # (which refreshes the node)
        node.notify_style_update()
        if not changed:
            node.refresh()


def _flags(node: DOMNode) -> tuple[bool, ...]:
    return (
        node._has_hover_style,
        node._has_focus_within,
        node._has_order_style,
        node._has_odd_or_even,
    )
