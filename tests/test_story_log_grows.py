"""A table's story grows by a line or two every move: the log follows its end without
the whole screen being laid out again (only its scrollbar changes), unless the
scrollbar shows or goes."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen

from tests.tui_helpers import settle
from tui.widgets.story import Paragraph, StoryLog


class Log(App[None]):
    def compose(self) -> ComposeResult:
        yield StoryLog(follow=True, id="log")


def lines(count: int) -> list[Paragraph]:
    return [Paragraph(f"Move {n}: someone did something.") for n in range(1, count + 1)]


def count_layouts(screen: Screen[Any]) -> list[int]:
    counted = [0]
    layout = screen._refresh_layout

    def spied(*args: Any, **named: Any) -> Any:
        counted[0] += 1
        return layout(*args, **named)

    screen._refresh_layout = spied  # type: ignore[method-assign]
    return counted


async def test_a_longer_story_follows_its_end_without_a_layout():
    app = Log()
    async with app.run_test(size=(40, 6)) as pilot:
        log = app.query_one(StoryLog)
        log.show(lines(10))  # (more than fits: the scrollbar shows)
        await settle(pilot)
        layouts = count_layouts(app.screen)
        log.show(lines(11))
        await settle(pilot)
        assert layouts == [0]
        assert log.virtual_size.height == 11 and log.scroll_y == log.max_scroll_y == 5
        shown = [s.text.strip() for s in log.render_lines(log.region.reset_offset)]
        assert shown[-1].startswith("Move 11: someone did")
        assert log.vertical_scrollbar.window_virtual_size == 11


async def test_the_story_outgrowing_its_log_brings_the_scrollbar_with_a_layout():
    app = Log()
    async with app.run_test(size=(40, 6)) as pilot:
        log = app.query_one(StoryLog)
        log.show(lines(3))
        await settle(pilot)
        assert not log.show_vertical_scrollbar
        layouts = count_layouts(app.screen)
        log.show(lines(9))
        await settle(pilot)
        assert layouts[0] >= 1 and log.show_vertical_scrollbar
        assert log.scroll_y == log.max_scroll_y == 3
