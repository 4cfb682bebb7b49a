"""A hosted game played from the seats' own terminals, for the sweeps of a joined seat's
screens at a phone's size (``tests/test_seat_terminal_sizes.py``).

``play_joined`` hosts a game with no screen of its own (``tests.net_helpers.headless_host``),
joins every seat from a ``JoinApp`` of its own at the size given, and plays the game to
its end over the real socket: each decision is the game's own bot choosing from the
seat's view and goes through that seat's terminal (``RemoteTable.act``, the path its keys
use). A seat's notes are read as a person reads them (its notes screen is left). At
every new moment of a terminal (a new screen, or a new move under the same screen) it
calls ``visit``; with ``explore`` it also presses, once per screen class, every key the
screen offers, so hands, notes, consoles, help and questions show too (a key that acts
plays its move: the bots go on from there).

``cut`` says what is cut off on a terminal now: a widget wider than the screen, a widget
clipped by a container that cannot scroll to it, a line of text that does not show in
full where its widget is (a word cut at the right edge, a line below a box's bottom).
It reads the rendered text, as ``tests/screen_sweep.py`` does.
"""

from __future__ import annotations

import contextlib
import io
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from textual._context import active_app
from textual.content import Content
from textual.geometry import Region
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Input

from rules.session import Session
from tests.net_helpers import headless_host, until
from tests.screen_sweep import SHARED_ACTIONS, _live_keys
from tests.tui_helpers import press, screen_text, settle
from tui.kit.base import FittingKeyBar
from tui.kit.seat import SeatScreen
from tui.net.join_app import JoinApp
from tui.net.joined import BASE_STACK
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen
from tui.widgets.toosmall import TooSmall

PHONE = (40, 30)
"""A phone held upright, in a browser's terminal."""
MAX_MOVES = 2000
"""Moves at most before a sweep calls the game endless."""
SKIP_KEYS = frozenset({"ctrl+q", "ctrl+p"})


def forms_above(app: JoinApp) -> int:
    """The screens under help and questions: up to what the seat's flow shows (a seat's
    own screen over the public table, or the table alone)."""
    return BASE_STACK if app.joined is None else app.joined.depth


# --- what is cut off ----------------------------------------------------------------


def _plain(widget: Widget) -> str | None:
    """The text a widget draws itself (None: one that scrolls its own lines, or draws
    no text of its own)."""
    if isinstance(widget, ScrollView | Input) or widget.children:
        return None
    try:
        drawn = widget.render()
    except Exception:  # noqa: BLE001 (a widget that cannot render alone: not text)
        return None
    if isinstance(drawn, Content | Text):
        return drawn.plain
    if isinstance(drawn, str):
        return drawn
    renderable = getattr(drawn, "_renderable", None)
    if renderable is None:
        return None
    console = Console(width=400, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _scrolls(widget: Widget, vertical: bool) -> bool:
    """Whether a person can scroll ``widget`` on that axis to what it hides (a bar shows)."""
    if not widget.is_scrollable:
        return False
    if vertical:
        return widget.max_scroll_y > 0 and widget.scrollbar_size_vertical > 0
    return widget.max_scroll_x > 0 and widget.scrollbar_size_horizontal > 0


def _scroll_reaches(widget: Widget, vertical: bool) -> bool:
    return any(_scrolls(node, vertical) for node in widget.ancestors if isinstance(node, Widget))


def _region_text(lines: list[str], x: int, y: int, width: int, height: int) -> str:
    return "\n".join(line[x : x + width] for line in lines[y : y + height])


def cut(app: Any) -> list[str]:
    """What is cut off on ``app``'s terminal now (see the module docstring)."""
    screen = app.screen
    if screen.query(TooSmall) and screen.has_class("-too-small"):
        return [f"{type(screen).__name__}: the enlarge notice at {app.size}"]
    width, height = app.size
    lines = screen_text(app).splitlines()
    lines += [""] * (height - len(lines))
    lines = [line.ljust(width) for line in lines]
    problems = []
    full_map = screen._compositor.full_map
    bars = [full_map[bar].region for bar in screen.query(FittingKeyBar) if bar in full_map]
    for widget, geometry in full_map.items():
        if widget is screen or not widget.display or isinstance(widget, Screen):
            continue
        region, clip = geometry.region, geometry.clip
        if not any(isinstance(node, FittingKeyBar) for node in widget.ancestors_with_self):
            for bar in bars:  # (the key bar stands over the bottom of a screen that scrolls)
                clip = clip.intersection(Region(clip.x, clip.y, clip.width, bar.y - clip.y))
        name = f"{type(screen).__name__} {type(widget).__name__}#{widget.id or ''}"
        if region.width > width and not _scroll_reaches(widget, vertical=False):
            problems.append(f"{name}: {region.width} cells wide on a {width}-cell screen")
            continue
        seen = region.intersection(clip)
        if seen != region:
            across = seen.width != region.width
            if across and not _scroll_reaches(widget, vertical=False):
                problems.append(f"{name}: cut at the side ({region} shows {seen})")
            elif seen.height != region.height and not _scroll_reaches(widget, vertical=True):
                problems.append(f"{name}: cut at the bottom ({region} shows {seen})")
            continue
        if isinstance(widget, ScrollView) and widget.max_scroll_x > 0:
            if widget.scrollbar_size_horizontal == 0:
                problems.append(f"{name}: its lines are wider than it shows")
        text = _plain(widget)
        if not text or not text.strip():
            continue
        inner = widget.content_region
        shown = _region_text(lines, inner.x, inner.y, inner.width, inner.height)
        missing = Counter(text.split()) - Counter(shown.split())
        if missing:
            words = " ".join(sorted(missing))[:80]
            problems.append(f"{name}: does not show {words!r}")
    return problems


# --- a game played from the seats' own terminals -------------------------------------


@contextlib.contextmanager
def active(app: Any) -> Iterator[None]:
    """Work on ``app`` from the test: its nodes find their app through a context variable,
    which ``run_test`` sets to the app entered last (several terminals run here at once)."""
    token = active_app.set(app)
    try:
        yield
    finally:
        active_app.reset(token)


@dataclass
class Terminal:
    """One seat's JoinApp, its pilot, and how many messages the host has sent it."""

    seat: int
    app: JoinApp
    pilot: Any
    received: list[int] = field(default_factory=lambda: [0])


@dataclass
class Seen:
    """A new moment on a terminal, for ``visit``."""

    terminal: Terminal
    session: Session
    key: str = ""
    """The key just pressed that showed it ('' for a moment of the game)."""

    @property
    def screen(self) -> Screen[Any]:
        return self.terminal.app.screen


Visit = Callable[[Seen], Awaitable[None]]


def _count_messages(terminal: Terminal) -> None:
    """Count what the host sends this terminal (a move's answer: a snapshot or a refusal)."""
    connection = terminal.app.connection
    assert connection is not None
    receive = connection.receive

    async def counted() -> Any:
        message = await receive()
        terminal.received[0] += 1
        return message

    connection.receive = counted  # type: ignore[method-assign]


async def _tidy(terminal: Terminal) -> None:
    """Back to what the game shows: questions and help closed, notes read, the curtain up."""
    app, pilot = terminal.app, terminal.pilot
    for _ in range(5):
        await settle(pilot)
        joined = app.joined
        if len(app.screen_stack) > forms_above(app):
            app.pop_screen()
        elif joined is not None and joined.showing[:1] == ("hidden",):
            await press(pilot, "enter")
        elif joined is not None and joined.showing[:1] in (("notes",), ("own",)):
            screen = app.screen
            if isinstance(screen, SeatScreen):
                screen.leave()
            else:
                return
        else:
            return


async def play_joined(
    session: Session,
    folder: Path,
    visit: Visit,
    *,
    enough: Callable[[Session], bool],
    hurry: Callable[[Session], bool],
) -> set[tuple[int, type]]:
    """Play ``session`` from its seats' own terminals (see the module docstring); the
    (seat, screen class) pairs shown. Once ``enough`` says so of the game, the bots play
    the rest of it at the host, off the terminals, which show the end; while ``hurry``
    says so, they play on at the host until it no longer does."""
    host = await headless_host(session, folder)
    shown: set[tuple[int, type]] = set()
    tried: set[tuple[type, str]] = set()
    seen: set[tuple[int, int, int]] = set()
    try:
        async with contextlib.AsyncExitStack() as stack:
            terminals = await _joined_terminals(stack, host)

            async def look(terminal: Terminal, key: str = "") -> None:
                app = terminal.app
                await settle(terminal.pilot)
                now = (terminal.seat, id(app.screen), len(host.table.session.actions))
                shown.add((terminal.seat, type(app.screen)))
                if now not in seen or key:
                    seen.add(now)
                    await visit(Seen(terminal, host.table.session, key))

            for _ in range(MAX_MOVES):
                for terminal in terminals:
                    with active(terminal.app):
                        await look(terminal)
                        await _explore(terminal, tried, look)
                        await _tidy(terminal)
                        await look(terminal)
                live = host.table.session
                if live.prompt is None:
                    break
                if enough(live):
                    _finish(host)
                    break
                if hurry(live):
                    _finish(host, hurry)
                    continue
                await _move(host, terminals, live)
            else:
                raise AssertionError(f"no end after {MAX_MOVES} moves")
            for terminal in terminals:
                with active(terminal.app):
                    await until(
                        lambda t=terminal: isinstance(t.app.screen, ResolutionScreen),
                        terminal.pilot,
                    )
                    await look(terminal)
    finally:
        host.close()
    return shown


async def _joined_terminals(stack: contextlib.AsyncExitStack, host: Any) -> list[Terminal]:
    """Every seat's own terminal, at the size of a phone held upright, joined."""
    terminals = []
    for seat, code in sorted(host.codes.items()):
        app = JoinApp(host.path, code=code)
        pilot = await stack.enter_async_context(app.run_test(size=PHONE))
        terminals.append(Terminal(seat, app, pilot))
    for terminal in terminals:
        with active(terminal.app):
            await until(lambda t=terminal: t.app.joined is not None, terminal.pilot)
        _count_messages(terminal)
    return terminals


async def _move(host: Any, terminals: list[Terminal], live: Session) -> None:
    """The seat asked first makes its bot's move from its own terminal; wait until the
    host has answered it (the next moment, or a refusal)."""
    prompt = live.prompt
    assert prompt is not None
    actor = prompt.seats[0]
    terminal = next(t for t in terminals if t.seat == actor)
    action = live.bot_for(actor).choose(live.view(actor))
    joined = terminal.app.joined
    assert joined is not None
    with active(terminal.app):
        await until(lambda: joined.table.snapshot.seq == host.seq, terminal.pilot)
        seq, received = host.seq, terminal.received[0]
        assert joined.table.act(action) is None
        await until(lambda: host.seq > seq or terminal.received[0] > received, terminal.pilot)


def _finish(host: Any, going: Callable[[Session], bool] = lambda live: True) -> None:
    """The bots play the rest of the game at the host (every terminal is told), or as
    long as ``going`` says so."""
    table = host.table
    for _ in range(5000):
        live = table.session
        if live.prompt is None or not going(live):
            return
        actor = live.prompt.seats[0]
        assert table.act(live.bot_for(actor).choose(live.view(actor))) is None
    raise AssertionError("the bots did not finish the game")


async def _explore(
    terminal: Terminal,
    tried: set[tuple[type, str]],
    look: Callable[[Terminal, str], Awaitable[None]],
) -> None:
    """Press each key the screen offers that no terminal has tried on this screen class
    (the shared ones, such as help, once), looking at what each shows."""
    app = terminal.app
    for _ in range(12):
        screen = app.screen
        if isinstance(screen, CurtainScreen | ResolutionScreen):
            return
        untried = [
            (key, mark)
            for key, action in _live_keys(screen)
            if key not in SKIP_KEYS
            and (mark := (Screen if action in SHARED_ACTIONS else type(screen), action))
            not in tried
        ]
        if not untried:
            return
        key, mark = untried[0]
        tried.add(mark)
        await press(terminal.pilot, key)
        await look(terminal, key)
        for _ in range(5):  # a question, help, a form: seen, then closed
            if len(app.screen_stack) <= forms_above(app):
                break
            top = app.screen
            await _explore_top(terminal, tried, look)
            if app.screen is top:
                app.pop_screen()
            await settle(terminal.pilot)


async def _explore_top(
    terminal: Terminal,
    tried: set[tuple[type, str]],
    look: Callable[[Terminal, str], Awaitable[None]],
) -> None:
    """On a screen above the seat's (a form, a question): its keys that do not close it."""
    app = terminal.app
    top = app.screen
    for key, action in _live_keys(top):
        mark = (type(top), action)
        if key in SKIP_KEYS or mark in tried or action in ("back", "close", "no", "yes"):
            continue
        tried.add(mark)
        await press(terminal.pilot, key)
        if app.screen is not top:
            await look(terminal, key)
            return
