"""Fixtures for the browser tests: skip them when there is no headless Chromium."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.browser.cdp import Browser, find_browser

SKIP_REASON = (
    "browser tests skipped: no headless Chromium (apt-get install chromium-headless-shell)"
)


@pytest.fixture
def browser_executable() -> str:
    """The headless Chromium to run; skips the test when there is none."""
    path = find_browser()
    if path is None:
        pytest.skip(SKIP_REASON)
    return path


@pytest.fixture
async def browser(browser_executable: str) -> AsyncIterator[Browser]:
    """A fresh headless Chromium, killed after the test (which fails if a listener of
    the browser's events broke meanwhile)."""
    async with Browser.launch(browser_executable) as launched:
        yield launched
        assert launched.connection.listener_errors == []
