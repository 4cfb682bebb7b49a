"""Suite-wide setup: the long tests go first.

``make test`` runs the suite on two workers (pytest-xdist), which take tests in
collection order. A test that plays whole games through the screens takes tens of
seconds; collected last, one worker would still be running it long after the other
ran out of work. Tests marked ``long`` are collected first instead, so the two
workers finish together.
"""

from __future__ import annotations

import pytest

from tests.browser.cdp import find_browser


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: plays whole games through the screens (scheduled first)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say once, at the end, why the browser tests were skipped."""
    if find_browser() is None:
        terminalreporter.write_line(
            "browser tests skipped: no headless Chromium here; "
            "install it with: apt-get install chromium-headless-shell"
        )
