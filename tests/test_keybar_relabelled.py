"""The key bar relabels its keys in place when the same keys are shown with other words
(Escape steps back on a follow-up question, so Hide is shown as ``h`` alone): a rebuild
mounts every key again, and a seat's terminal at a served table pays it at every turn."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Static

from tests.tui_helpers import key_bar_rebuilds, make_app, screen_text, settle
from tui.kit.base import ParlourScreen
from tui.widgets.keybar import BarKey


class Labelled(ParlourScreen):
    """A screen whose one key of its own says, in the bar, what ``label`` says."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "thing", "Sweep", key_display="x")]

    def body(self):
        yield Static("The parlour is quiet.")

    def label(self, display: str, description: str) -> None:
        keyed = self._bindings.key_to_bindings
        keyed["x"] = [replace(b, key_display=display, description=description) for b in keyed["x"]]
        self.refresh_bindings()

    def action_thing(self) -> None:
        return None


def bar_line(app) -> str:
    return screen_text(app).splitlines()[-1]


async def labelled_shown(pilot) -> Labelled:
    """A new Labelled screen, pushed once the app has settled, and shown."""
    await settle(pilot)
    screen = Labelled()
    pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


async def test_the_same_keys_with_other_words_are_relabelled_in_place(tmp_path: Path, monkeypatch):
    rebuilt = key_bar_rebuilds(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await labelled_shown(pilot)
        keys = list(screen.query(BarKey))
        assert "x Sweep" in bar_line(app)
        screen.label("x / esc", "Sweep the floor")
        await settle(pilot)
        assert list(screen.query(BarKey)) == keys and rebuilt == []
        assert "x / esc Sweep the floor" in bar_line(app)
        screen.label("x", "Sweep")  # and back, as it was painted before
        await settle(pilot)
        assert "x Sweep" in bar_line(app) and "Sweep the floor" not in bar_line(app)
        assert list(screen.query(BarKey)) == keys and rebuilt == []


async def test_words_too_long_for_the_palettes_key_rebuild_the_bar_without_it(
    tmp_path: Path, monkeypatch
):
    rebuilt = key_bar_rebuilds(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await labelled_shown(pilot)
        assert "^p" in bar_line(app)
        screen.label("x", "Sweep " + "and dust " * 6)
        await settle(pilot)
        assert len(rebuilt) == 1 and "^p" not in bar_line(app)
        assert "Sweep and dust" in bar_line(app)
