"""A new screen is styled once, as it comes in, and its key bar is built once.

Textual gives a new screen its breakpoint class (``-narrow`` or ``-wide``) only once
it has been styled without it, styles every widget of it again when it is first
shown, and its Footer mounts every key a second time once the screen first says
its keys changed: three passes over every widget where one does. On a served
parlour that is CPU every seat's repaint after a move waits behind (issue 33), so
each pass is held to account here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Static

from tests.tui_helpers import key_bar_rebuilds, make_app, screen_text, settle
from tui.kit.base import ParlourScreen
from tui.widgets.keybar import KeyBar


class Plain(ParlourScreen[None]):
    """A screen with a line of text and one key of its own."""

    BINDINGS = [Binding("x", "nothing", "Nothing")]

    def body(self) -> Iterable[Widget]:
        yield Static("A plain screen.")

    def action_nothing(self) -> None:
        return None


def restyled(app: Any) -> list[DOMNode]:
    """Every node the app restyles, with all below it, from now on."""
    nodes: list[DOMNode] = []
    update_styles = app.update_styles

    def spied(node: DOMNode, animate: bool = True) -> None:
        nodes.append(node)
        update_styles(node, animate=animate)

    app.update_styles = spied
    return nodes


async def plain_shown(pilot: Any) -> Plain:
    """A new Plain screen, pushed on the app under ``pilot`` once it has settled."""
    await settle(pilot)
    screen = Plain()
    pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


async def test_a_new_screen_has_its_width_class_before_it_is_styled(tmp_path: Path):
    for size, width_class in (((100, 30), "-wide"), ((50, 30), "-narrow")):
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = Plain()
            assert width_class in screen.classes  # (made, not yet mounted)
            assert {"-wide", "-narrow"} - {width_class} & screen.classes == set()


async def test_a_new_screen_is_not_styled_again_once_mounted(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        nodes = restyled(app)
        screen = await plain_shown(pilot)
        assert app.screen is screen and "A plain screen." in screen_text(app)
        assert screen not in nodes  # (neither for its width class nor on being shown)


async def test_a_screen_shown_again_is_styled_again(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        kept = Plain()
        app.install_screen(kept, "kept")  # (kept while other screens come and go)
        app.push_screen("kept")
        await settle(pilot)
        app.switch_screen(Plain())
        await settle(pilot)
        nodes = restyled(app)
        app.switch_screen("kept")
        await settle(pilot)
        assert app.screen is kept
        assert kept in nodes  # (while it was away, what it looks for may have changed)


async def test_a_new_screens_key_bar_is_built_once(tmp_path: Path, monkeypatch: Any):
    built = key_bar_rebuilds(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await plain_shown(pilot)
        bar = screen.query_one(KeyBar)
        assert "Nothing" in " ".join(str(key.description) for key in bar.children)
        assert bar not in built


async def test_a_screen_resized_is_laid_out_again_in_its_new_shape(tmp_path: Path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await plain_shown(pilot)
        await pilot.resize_terminal(50, 30)
        await settle(pilot)
        assert "-narrow" in screen.classes and "-wide" not in screen.classes
        assert screen.size == (50, 30)
        text = " ".join(screen_text(app).split())
        assert "Please enlarge the terminal to at least 80x24. It is 50x30 now." in text
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert "-wide" in screen.classes and "A plain screen." in screen_text(app)


async def test_a_screen_two_below_the_top_takes_its_new_width_class_when_shown_again(
    tmp_path: Path,
):
    """Textual tells a resize to the top screen and the one just under it; a screen
    deeper (a joined seat's table, under a step and help) learns it when shown again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        deep = await plain_shown(pilot)
        await plain_shown(pilot)
        await plain_shown(pilot)
        await pilot.resize_terminal(50, 30)
        await settle(pilot)
        assert "-wide" in deep.classes  # (not told yet)
        app.pop_screen()
        app.pop_screen()
        await settle(pilot)
        assert app.screen is deep
        assert "-narrow" in deep.classes and "-wide" not in deep.classes
