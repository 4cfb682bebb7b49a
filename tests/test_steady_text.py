"""SteadyText: what changes often repaints only itself while its height holds.

The public table updates its lines after every move on every terminal that shows it
(issue 33); a Static's update lays the whole screen out again. These rules keep that
for when a line's height changes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui_helpers import settle
from tui.widgets.steady import SteadyText


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadyText(Text("Now: Ann"), id="now")


@asynccontextmanager
async def now_line() -> AsyncIterator[tuple[Any, SteadyText]]:
    """A 40x10 app with one SteadyText ("Now: Ann"), laid out: its pilot and the line."""
    app = OneLine()
    async with app.run_test(size=(40, 10)) as pilot:
        await settle(pilot)
        yield pilot, app.query_one("#now", SteadyText)


def layouts_asked(widget: SteadyText) -> list[bool]:
    """Each refresh the widget asks for from now on: whether it wanted a layout."""
    asked: list[bool] = []
    refresh = widget.refresh

    def spied(*regions: Any, **named: Any) -> Any:
        asked.append(bool(named.get("layout")))
        return refresh(*regions, **named)

    widget.refresh = spied  # type: ignore[method-assign]
    return asked


async def test_the_same_text_again_repaints_nothing():
    async with now_line() as (pilot, now):
        asked = layouts_asked(now)
        now.update(Text("Now: Ann"))
        assert asked == []


async def test_a_new_line_of_the_same_height_repaints_only_itself():
    async with now_line() as (pilot, now):
        asked = layouts_asked(now)
        now.update(Text("Now: Bo"))
        assert asked == [False]
        await settle(pilot)
        assert "Now: Bo" in str(now.render_line(0).text)


TALL = Text("Now: Cleo, whose turn it is, decides what to do next")
"""Two lines at 40 columns."""


async def laid_out_for(pilot: Any, now: SteadyText, text: Text) -> bool:
    """Show ``text`` on ``now`` and let it settle: whether the screen was laid out again."""
    asked = layouts_asked(now)
    now.update(text)
    await settle(pilot)
    return bool(asked) and asked[-1]


async def test_a_taller_text_lays_the_screen_out_again():
    async with now_line() as (pilot, now):
        assert await laid_out_for(pilot, now, TALL)
        assert now.size.height == 2


async def test_a_rich_table_is_measured_once_and_laid_out_only_when_it_grows():
    async with now_line() as (pilot, now):
        now.update(players("Ann"))
        await settle(pilot)
        asked = layouts_asked(now)
        now.update(players("Bo"))  # (a new table, as every move makes: the same height)
        assert asked == [False]
        now.update(players("Cleo", "Dev"))
        assert asked[-1] is True
        await settle(pilot)
        assert now.size.height == 3


def players(*names: str) -> Table:
    table = Table("Player", box=None)
    for name in names:
        table.add_row(name)
    return table


async def test_the_same_words_in_another_style_are_new_and_repainted():
    async with now_line() as (pilot, now):
        asked = layouts_asked(now)
        now.update(Text("Now: Ann", style="bold"))
        assert asked == [False]


async def test_a_line_of_fixed_height_is_never_laid_out_again():
    async with now_line() as (pilot, now):
        now.styles.height = 1
        await settle(pilot)
        asked = layouts_asked(now)
        now.update(Text("Now: Bo"))
        now.update(Text("Now: Cleo"))
        assert asked == [False, False]


async def test_the_same_rich_table_again_repaints_nothing():
    async with now_line() as (pilot, now):
        now.update(players("Ann", "Bo"))
        await settle(pilot)
        asked = layouts_asked(now)
        now.update(players("Ann", "Bo"))  # (a new Table object each move, drawn the same)
        assert asked == []
        now.update(players("Ann", "Cy"))
        assert asked == [False]


async def test_a_rich_table_is_drawn_as_textual_draws_it():
    async with now_line() as (pilot, now):
        now.update(players("Ann", "Bo"))  # (laid out already: drawn into text)
        await settle(pilot)
        assert isinstance(now.content, Text)
        drawn_lines = [strip.text for strip in now.render_lines(now.region.reset_offset)]
        now._show(players("Ann", "Bo"), True)  # the table itself, as Textual draws it
        await settle(pilot)
        assert not isinstance(now.content, Text)
        assert [s.text for s in now.render_lines(now.region.reset_offset)] == drawn_lines
        assert drawn_lines[:3] == [f"{line:<40}" for line in (" Player ", " Ann    ", " Bo     ")]


async def test_a_drawn_table_is_drawn_again_at_a_new_width():
    wide = Table("Player", "Face up", box=None, expand=True)
    wide.add_row("Ann", "Candid Countess")
    async with now_line() as (pilot, now):
        now.update(wide)
        await settle(pilot)
        assert isinstance(now.content, Text)
        assert max(len(line) for line in now.content.plain.split("\n")) == 40
        await pilot.resize_terminal(24, 10)
        await settle(pilot)
        assert isinstance(now.content, Text) and now.content_size.width == 24
        lines = now.content.plain.split("\n")
        assert max(len(line) for line in lines) == 24
        assert "Face up" in lines[0] and "Ann" in lines[1]


async def test_a_line_that_keeps_its_height_does_not_shrink_when_its_text_does():
    async with now_line() as (pilot, now):
        now.keeps_height = True
        await laid_out_for(pilot, now, TALL)
        assert now.size.height == 2
        asked = layouts_asked(now)
        now.update(Text("Now: Ann"))
        assert asked == [False]
        await settle(pilot)
        assert now.size.height == 2
        assert [s.text.rstrip() for s in now.render_lines(now.region.reset_offset)] == [
            "Now: Ann",
            "",
        ]


async def test_a_line_that_does_not_keep_its_height_shrinks():
    async with now_line() as (pilot, now):
        await laid_out_for(pilot, now, TALL)
        assert await laid_out_for(pilot, now, Text("Now: Ann"))
        assert now.size.height == 1


async def test_a_drawn_table_that_keeps_its_height_takes_its_own_height_at_a_new_width():
    wide = Table("Player", "Face up", box=None, expand=True)
    wide.add_row("Ann", "Candid Countess, Open-Handed Nabob")
    async with now_line() as (pilot, now):
        now.keeps_height = True
        now.update(wide)
        await settle(pilot)
        for columns in (20, 60, 40):
            await pilot.resize_terminal(columns, 10)
            await settle(pilot)
            assert isinstance(now.content, Text) and now.content_size.width == columns
            lines = now.content.plain.split("\n")
            assert now.size.height == len(lines), columns
            assert max(len(line) for line in lines) == columns


async def test_a_drawn_table_with_no_room_is_drawn_again_when_it_has_room():
    async with now_line() as (pilot, now):
        now.styles.padding = (0, 1)
        now.update(players("Ann", "Bo"))
        await settle(pilot)
        await pilot.resize_terminal(2, 10)
        await settle(pilot)
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        assert isinstance(now.content, Text) and "Ann" in now.content.plain
