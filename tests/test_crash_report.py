"""An unexpected error shows no secret (issue 12, part 4).

Textual's crash report prints the traceback with every local variable on the
shared screen. Parlour writes the traceback, without local variables, to a log
only its owner can read, shows one line naming it, and exits with code 1.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette

from tests.tui_helpers import make_app
from tui.cli import finish
from tui.crash_log import crash_line, write_crash_log
from tui.screens.lobby import LobbyScreen

SECRET = "Q♠ J♠ 7♦, the hand nobody may see"


def _broken(self) -> None:
    hand = SECRET  # a local variable, as a hand would be on a play screen
    raise RuntimeError(f"something broke ({len(hand)} cards)")


async def test_an_unexpected_error_goes_to_a_private_log_without_local_variables(
    tmp_path: Path, monkeypatch, capsys
):
    monkeypatch.setattr(LobbyScreen, "action_new", _broken)
    app = make_app(tmp_path / "saves")
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
    log = tmp_path / "crash.log"
    assert app.crash_log == log
    text = log.read_text()
    assert "RuntimeError: something broke (33 cards)" in text
    assert SECRET not in text
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert capsys.readouterr().err == ""  # no traceback, no locals on the shared screen
    assert app.return_code == 1
    assert finish(app) == 1  # what parlour does once the terminal is restored
    line = f"Parlour stopped on an unexpected error; the details are in {log}\n"
    assert capsys.readouterr().err == line
    assert app.return_code == 1


def test_a_log_that_cannot_be_written_still_gives_one_line(tmp_path: Path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert write_crash_log(blocked, RuntimeError("x")) is None
    assert crash_line(None) == (
        "Parlour stopped on an unexpected error (the details could not be saved)."
    )


def test_the_log_grows_one_report_at_a_time(tmp_path: Path):
    for n in range(2):
        try:
            raise ValueError(f"report {n}")
        except ValueError as error:
            write_crash_log(tmp_path, error)
    text = (tmp_path / "crash.log").read_text()
    assert text.count("--- ") == 2
    assert text.index("ValueError: report 0") < text.index("ValueError: report 1")


async def test_ctrl_p_and_page_keys_in_one_burst_leave_the_palette_open(tmp_path: Path):
    """Keys sent together, as over SSH: Textual's own palette ended the app (KeyError)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("ctrl+p", "pagedown", "pagedown", "pageup", "end", "home"):
            app._driver.send_message(events.Key(key, None))
        await pilot.pause()
        await pilot.press("pagedown")  # laid out by now: the page keys move again
        assert isinstance(app.screen, CommandPalette)
        assert app.return_code is None
