"""Helpers for driving the app with Pilot and reading what is on the screen."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from rules.island.board import DIRECTIONS
from tui.app import ParlourApp

HEX_KEYS = "dewazx"  # direction index -> key, as bound on the Island table


def make_app(saves_dir: Path, **kwargs: object) -> ParlourApp:
    """The app as the tests build it: bots act at once, the seed is fixed."""
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("dice_delay", 0.0)
    kwargs.setdefault("seed_source", lambda: 7)
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
