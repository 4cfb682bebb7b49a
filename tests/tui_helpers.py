"""Helpers for driving the app with Pilot and reading what is on the screen."""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path

from rich.console import Console
from textual.drivers.headless_driver import HeadlessDriver
from textual.events import Key, Resize
from textual.geometry import Size
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from rules.island.board import DIRECTIONS
from tui.app import ParlourApp

HEX_KEYS = "dewazx"  # direction index -> key, as bound on the Island table


def make_app(saves_dir: Path, **kwargs: object) -> ParlourApp:
    """The app as the tests build it: bots act at once, the seed is fixed, PINs are
    cheap (tests/test_pins.py holds the real cost to account), and its data folder (the
    crash log, the host's log and key) is the saves folder's parent, never the home's."""
    kwargs.setdefault("data_dir", saves_dir.parent)
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("dice_delay", 0.0)
    kwargs.setdefault("seed_source", lambda: 7)
    kwargs.setdefault("pin_work", 2)  # PINs cheap to hash: the drives lift many curtains
    return ParlourApp(saves_dir, **kwargs)  # type: ignore[arg-type]


def screen_text(app: ParlourApp) -> str:
    """Exactly the characters the terminal shows now (colour dropped)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    console.print(update)
    return console.export_text()


def direction_key(origin: tuple[int, int], target: tuple[int, int]) -> str:
    return HEX_KEYS[DIRECTIONS.index((target[0] - origin[0], target[1] - origin[1]))]


async def open_setup(pilot, game_id: str) -> None:
    """From the lobby, highlight ``game_id`` and press n (New game)."""
    from textual.widgets import OptionList

    games = pilot.app.screen.query_one(OptionList)
    ids = [str(games.get_option_at_index(i).id) for i in range(games.option_count)]
    games.highlighted = ids.index(game_id)
    await pilot.press("n")
    await pilot.pause()


def secret_leaks(session, text: str, viewer: int | None) -> list[str]:
    """Other seats' secrets (``GameInfo.secrets_of``) in ``text``, a screen ``viewer``
    may see (None: anyone). A secret the viewer holds too is not a leak."""
    game, state = session.game, session.state
    own = set(game.secrets_of(state, viewer)) if viewer is not None else set()
    return [
        f"{session.seats[seat].name}: {secret}"
        for seat in range(len(session.seats))
        if seat != viewer
        for secret in game.secrets_of(state, seat)
        if secret and secret not in own and secret in text
    ]


SETTLE_ROUNDS = 200
"""More rounds than any screen change takes (a push, its mount, its focus, a refresh)."""
QUIET_ROUNDS = 4
"""Rounds without a change that mean the app is done (``settle``)."""


async def settle(pilot) -> None:
    """Wait until the app has handled everything that was queued, and everything that
    handling queued, then lay the screen out: a condition, not a clock.

    ``pilot.pause()`` also waits for the process to look idle, at least 20 ms by the
    wall clock each time; a drive through a whole game pauses thousands of times, so
    the long drives settle this way instead. Each round waits for every node of the
    current screen (and the app) to reach a marker put at the end of its queue. The
    app has settled after ``QUIET_ROUNDS`` rounds in a row that changed nothing: the
    same screen and nodes, the same number of actions played (a bot's move queues the
    next). A key goes app, screen, widget, and what it posts bubbles back up: each
    hop is a round."""
    app = pilot.app
    seen = None
    quiet = 0
    for _ in range(SETTLE_ROUNDS):
        screen = app.screen
        flow = getattr(app, "flow", None)
        actions = -1 if flow is None else len(flow.session.actions)
        now = (id(screen), len(app.screen_stack), actions, *map(id, screen.walk_children()))
        quiet = quiet + 1 if now == seen else 0
        if quiet == QUIET_ROUNDS:
            return
        seen = now
        await pilot._wait_for_screen()
        app.screen._on_timer_update()
    raise AssertionError(f"the app was still busy after {SETTLE_ROUNDS} rounds")


async def resize(pilot, width: int, height: int) -> None:
    """``pilot.resize_terminal``, settled (``settle``) rather than paused."""
    size = Size(width, height)
    app = pilot.app
    if isinstance(app._driver, HeadlessDriver):
        app._driver._size = size
    app.post_message(Resize(size, size))
    await settle(pilot)


def key_event(app, key: str, sender: bool = True) -> Key:
    """The Key event for ``key`` as ``pilot.press`` builds it (``sender``: sent by the
    app), or as the terminal driver posts it (not ``sender``)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = Key(key, char)
    if sender:
        event.set_sender(app)
    return event


async def press(pilot, *keys: str) -> None:
    """``pilot.press``, settled (``settle``) after each key rather than paused: the same
    key events, posted to the app as the driver posts them."""
    app = pilot.app
    for key in keys:
        await app._post_message(key_event(app, key))
        await settle(pilot)


def burst(app, *keys: str) -> None:
    """Keys sent at once, as they arrive over SSH: nothing waits between them."""
    for key in keys:
        app._driver.send_message(key_event(app, key, sender=False))


def handing_over(app) -> bool:
    """Whether the table shows the public moment before a person's curtain."""
    flow = getattr(app, "flow", None)
    return flow is not None and app.screen is flow.table_screen and flow.handing_over() is not None


async def to_curtain(pilot) -> None:
    """At the table's public moment (``handing_over``), press Enter: the next person's
    curtain comes down. Anywhere else it does nothing."""
    await settle(pilot)
    if handing_over(pilot.app):
        await press(pilot, "enter")
        assert not handing_over(pilot.app), "Enter did not hand the keyboard over"


class ManualTimer:
    """A turn timer the test runs itself (``ParlourApp(turn_timer=...)``): it keeps what
    was asked for, and nothing runs until ``run_all``: no test waits on the clock."""

    def __init__(self) -> None:
        self.asked: list[tuple[float, object]] = []

    def __call__(self, seconds: float, callback) -> None:
        self.asked.append((seconds, callback))

    def run_all(self) -> None:
        """Every timer asked for so far runs out now."""
        asked, self.asked = self.asked, []
        for _, callback in asked:
            callback()


async def wait_until(pilot, done, rounds: int = 20000) -> None:
    """Let the app work, a queue at a time (as ``settle`` does), until ``done()`` holds:
    a condition, not a clock, so a loaded machine only makes it slower. Bots at a
    zero delay take a step a round, so a whole demo game is a few hundred rounds."""
    app = pilot.app
    for _ in range(rounds):
        if done():
            return
        await pilot._wait_for_screen()
        app.screen._on_timer_update()
    raise AssertionError(f"still waiting after {rounds} rounds")


def key_bar_rebuilds(monkeypatch) -> list:
    """Every key bar built again (``KeyBar.recompose``) from now on, in order."""
    from tui.widgets.keybar import KeyBar

    rebuilt: list = []
    recompose = KeyBar.recompose

    async def counted(self: KeyBar) -> None:
        rebuilt.append(self)
        await recompose(self)

    monkeypatch.setattr(KeyBar, "recompose", counted)
    return rebuilt
