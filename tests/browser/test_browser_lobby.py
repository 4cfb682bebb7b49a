"""A served parlour's browser door in headless Chromium: its form says an empty code
opens the lobby, and Join pressed with no code opens the lobby on the page (the form
does not insist on a code). Every wait is for a condition; deadlines are failure
limits."""

from __future__ import annotations

from pathlib import Path

from tests.browser.cdp import Browser, latest_size
from tests.browser.test_browser_seats import DESKTOP, SeatPage
from tests.serve_helpers import browser_door, open_table, serving


async def test_join_pressed_with_no_code_on_a_servers_form_opens_the_lobby(
    tmp_path: Path, browser: Browser
):
    async with serving(tmp_path) as parlour, browser_door(parlour) as door:
        await open_table(parlour.path, "island", ("Ann", "Bo", "Cy"), ("person", "bot", "bot"))
        page = await browser.new_page(DESKTOP.width, DESKTOP.height, scale=DESKTOP.scale)
        await page.goto(door.url)
        said = await page.evaluate("document.querySelector('main').textContent")
        assert "Leave the code empty" in said
        await page.evaluate("document.getElementById('join').click()")
        lobby = SeatPage(page, 0)
        await page.wait_until(lambda: latest_size(page), what="the page's size")
        await page.wait_until(lambda: lobby.shows("The parlour's tables"), what="the lobby")
        await page.wait_until(
            lambda: lobby.shows("Temptation Island · Ann, Bo, Cy · free: Ann"),
            what="the table in the lobby",
        )
        assert len(parlour.guests) == 1 and len(door.pages) == 1
