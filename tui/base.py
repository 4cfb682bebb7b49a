"""The base every Parlour screen builds on: Footer, help key, too-small notice."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown instead of the layout when the terminal is below 80x24."""

    DEFAULT_CSS = """
    TooSmall {
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    """


class KeyBar(Footer):
    """Textual's Footer, except that when the same keys are shown and only some
    become enabled or disabled (say, a cursor step on the Island makes "Move"
    legal), those keys are restyled in place instead of the whole bar being
    rebuilt: a rebuild mounts every key again and costs tens of milliseconds."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        ready = self._bindings_ready and screen.app.app_focus and self.is_attached
        if ready and screen is self.screen and self._restyle(screen):
            return
        super().bindings_changed(screen)

    def restyle_now(self, screen: Screen[object]) -> bool:
        """Enable or disable the shown keys at once, in the same update as the
        change that caused it; False when the bar needs ``refresh_bindings``."""
        ready = self._bindings_ready and self.is_attached and screen is self.screen
        return bool(ready and self._restyle(screen))

    def _restyle(self, screen: Screen[object]) -> bool:
        """Enable or disable the shown keys in place; False when the keys themselves
        changed (or are grouped) and the bar must be rebuilt."""
        active = screen.active_bindings
        shown: dict[str, tuple[str, str, str, bool]] = {}
        for _, binding, enabled, _ in active.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return False
            shown.setdefault(
                binding.action,
                (binding.key, self.app.get_key_display(binding), binding.description, enabled),
            )
        plan = list(shown.values())
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette:
            key = palette.binding
            plan.append((key.key, self.app.get_key_display(key), key.description, palette.enabled))
        keys = list(self.query_children(FooterKey))
        if [(k.key, k.key_display, k.description) for k in keys] != [p[:3] for p in plan]:
            return False
        for key, (*_, enabled) in zip(keys, plan, strict=True):
            if key._disabled == enabled:
                key._disabled = not enabled
                key.set_class(not enabled, "-disabled")
        return True


class ParlourScreen(Screen[None]):
    """A full, opaque screen with the Footer and a size guard.

    Subclasses yield their widgets from ``body()``; ``phase_help()`` says what
    the ``?`` key explains.
    """

    DEFAULT_CSS = """
    ParlourScreen > TooSmall { display: none; }
    ParlourScreen.-too-small > * { display: none; }
    ParlourScreen.-too-small > TooSmall { display: block; }
    """

    BINDINGS = [Binding("question_mark", "help", "Help", key_display="?")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield from self.body()
        yield KeyBar(compact=True)

    def body(self) -> Iterable[Widget]:
        return ()

    def phase_help(self) -> str:
        return "Use the keys in the bar at the bottom."

    def help_title(self) -> str:
        return "Parlour"

    def rules_text(self) -> str:
        return ""

    def action_help(self) -> None:
        from tui.help import HelpScreen

        self.app.push_screen(
            HelpScreen(self.help_title(), self.rules_text(), self.phase_help(), self)
        )

    def on_mount(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        self._check_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            self.query_one(TooSmall).update(
                f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                f"It is {width}x{height} now. (Ctrl+Q quits; your game is saved.)"
            )
