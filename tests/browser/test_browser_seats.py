"""Seats played from a browser: headless Chromium, driven through its DevTools protocol,
opens seats' links at the browser door (a phone, 412x915 at device scale 2 with touch,
and a desktop, 1280x800) and plays a turn by taps alone.

A tap is found the way a person finds it: the page's terminal is rendered from the
frames it received (pyte), the option's words are looked up there, and the tap lands on
the centre of their cell (xterm.js reports it to the seat's child as a mouse click).
Each page received its own seat's cards and no other seat's secret nor code; it asked
nothing of anyone but the door; when the host ends, every page says so and every
page's child is gone. Every wait is for a condition; deadlines are failure limits.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rules.engine import Seat
from rules.island.state import Phase as IslandPhase
from rules.island.state import PlayResponse
from rules.persuasion.state import Introduce
from rules.persuasion.state import Phase as PersuasionPhase
from rules.session import Session
from tests.browser.cdp import Browser, Page, TerminalScreen, cell_point, latest_size
from tests.net_helpers import island, with_bots
from tests.screen_sweep import Table, scan
from tests.web_helpers import web_door
from tui.net.codes import shown_code
from tui.net.host import HOST_LEFT, Host
from tui.net.host_app import HostApp
from tui.net.qr import scannable

ANN, BO, CLEO = 0, 1, 2
ISLAND_SEED = 2
"""Ann and Bo respond first at this table; Cleo, a bot, judges."""
PERSUASION_SEED = 7

MOUSE_ON = "document.querySelector('.xterm.enable-mouse-events') !== null"
ENDED_SHOWN = "!document.getElementById('ended').hidden"
ENDED_LINE = "document.getElementById('ended-line').textContent"
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
"""Terminal control sequences (CSI, OSC, and the two-byte ones)."""
BOX_DRAWING = re.compile("[\u2500-\u259f]")
"""Lines, boxes and blocks: what frames a list or a panel."""


@dataclass(frozen=True)
class Device:
    """A browser window: CSS pixels, device scale, phone or not."""

    width: int
    height: int
    scale: float
    mobile: bool


PHONE = Device(412, 915, 2.0, mobile=True)
DESKTOP = Device(1280, 800, 1.0, mobile=False)


@dataclass
class SeatPage:
    """A seat's page at the browser door, and what its terminal shows."""

    page: Page
    seat: Seat
    moments: list[tuple[Session[Any], int]] = field(default_factory=list)
    """The game at each moment the test noted, and how many frames the page had received
    by then (all drawn from that game or an earlier one)."""

    drawn: tuple[tuple[int, int], TerminalScreen] | None = None
    """The terminal at its size, fed the frames as they come."""

    def screen(self) -> TerminalScreen:
        """The terminal now: every frame received, at the page's last size."""
        size = latest_size(self.page)
        assert size is not None, "the page has not said its size"
        if self.drawn is None or self.drawn[0] != size:
            self.drawn = (size, TerminalScreen(*size))  # (fed every frame again, below)
        screen = self.drawn[1]
        screen.update(self.page)
        return screen

    def shows(self, words: str) -> bool:
        return words in self.screen().text

    def received(self, frames: int | None = None) -> str:
        """What the page received (its first ``frames`` frames), as text: as it came; once
        more without the terminal's control sequences (a styled word is whole there); and
        as its words alone (a label wrapped inside a box is whole there)."""
        raw = b"".join(frame.data for frame in self.page.frames_received[:frames])
        plain = ESCAPES.sub(b"", raw).decode("utf-8", "replace")
        words = " ".join(BOX_DRAWING.sub(" ", plain).split())
        return "\n".join((raw.decode("utf-8", "replace"), plain, words))


def cell_of(screen: TerminalScreen, words: str, bottom: bool = False) -> tuple[int, int] | None:
    """(column, row) of the first cell of ``words`` on the screen, counted from 0: in the
    first row that shows them (the last one, with ``bottom``: the key bar's)."""
    pyte_screen = screen.screen
    rows = range(pyte_screen.lines)
    for row in reversed(rows) if bottom else rows:
        line = pyte_screen.buffer[row]
        cells = "".join((line[column].data or " ")[:1] for column in range(pyte_screen.columns))
        found = cells.find(words)
        if found >= 0:
            return found, row
    return None


async def tap_words(
    seat_page: SeatPage, words: str, bottom: bool = False, at: int | None = None
) -> None:
    """Tap (or click, on a desktop) where the terminal shows ``words``: their middle, or
    the cell ``at`` columns from their first (``bottom``: in the key bar)."""
    page = seat_page.page
    await page.wait_for(MOUSE_ON)
    try:
        screen = await page.wait_until(
            lambda: (shown := seat_page.screen()) and cell_of(shown, words, bottom) and shown,
            what=f"{words!r} on the screen",
        )
    except TimeoutError as error:
        raise AssertionError(f"{error}; the screen:\n{seat_page.screen().text}") from None
    found = cell_of(screen, words, bottom)
    assert found is not None
    column, row = found
    column += len(words) // 2 if at is None else at
    columns, rows = screen.screen.columns, screen.screen.lines
    box = await page.terminal_box()
    await page.tap(*cell_point(box, columns, rows, column, row))


def host_app(saves: Path) -> HostApp:
    """The host's app, as ``tests.tui_helpers.make_app`` makes the lobby's."""
    return HostApp(saves, data_dir=saves.parent, bot_delay=0.0, dice_delay=0.0,
                   seed_source=lambda: 7, pin_work=2)  # fmt: skip


@asynccontextmanager
async def hosted(
    tmp_path: Path, session: Session[Any], joined: list[Seat]
) -> AsyncIterator[tuple[Any, Host]]:
    """A host of ``session`` with the browser door on a loopback port (only), its game
    begun. The app ends as a host's does: every page's child ends, told why."""
    async with host_app(tmp_path).run_test(size=(100, 30)) as pilot:
        host = await web_door(pilot, tmp_path, tuple(joined), session=session)
        host.begin()
        yield pilot, host


async def open_seat(browser: Browser, host: Host, seat: Seat, device: Device) -> SeatPage:
    """A page opening ``seat``'s link (the code filled in and knocked by itself), once
    its seat's screen shows. A phone opens it as scanned from the table's QR code, which
    spells it in capitals."""
    page = await browser.new_page(
        device.width, device.height, scale=device.scale, mobile=device.mobile
    )
    link = host.web_door.link(host.codes[seat])
    await page.goto(scannable(link) if device.mobile else link)
    seat_page = SeatPage(page, seat)
    name = host.table.seats[seat].name
    await page.wait_until(lambda: latest_size(page), what="the page's size")
    await page.wait_until(
        lambda: seat_page.shows(f"{name}, for your eyes only"), what=f"{name}'s screen"
    )
    return seat_page


def assert_private(seat_page: SeatPage, host: Host, others: list[Seat]) -> None:
    """At each moment noted, what the page had received by then holds no secret another
    seat held then (the scan allows what the rules had made public by then); and no
    other seat's join or rejoin code ever. Some of its own seat's secrets are there (the
    scan reads what a secret would be in)."""
    note([seat_page], host)
    for session, frames in seat_page.moments:
        assert scan(session, seat_page.received(frames), seat_page.seat).hits == []
    text = seat_page.received()
    first = seat_page.moments[0][0]
    assert any(s in text for s in first.game.secrets_of(first.state, seat_page.seat))
    for other in others:
        for code in (host.codes.get(other), host.seating.claims.get(other)):
            if code:
                assert code not in text and shown_code(code) not in text


def first_words(label: str, count: int = 2) -> str:
    """The first words of an option's label (a long one wraps on a phone)."""
    return " ".join(label.split()[:count])


def note(pages: list[SeatPage], host: Host) -> None:
    """Note this moment: what each page has received so far is scanned against the game
    as it stands now."""
    for seat_page in pages:
        seat_page.moments.append((host.table.session, len(seat_page.page.frames_received)))


async def play_by_tap(seat_page: SeatPage, host: Host, words: str, bottom: bool = False) -> Any:
    """Tap ``words`` on the page; the move that the page's seat made in the game."""
    before = len(host.table.session.actions)

    def made() -> list[Any]:
        actions = host.table.session.actions[before:]
        return [action for action in actions if action.seat == seat_page.seat]

    await tap_words(seat_page, words, bottom)
    return (await seat_page.page.wait_until(made, what=f"a move after tapping {words!r}"))[0]


@pytest.mark.long
async def test_two_browser_seats_play_an_island_turn_by_taps(
    tmp_path: Path, browser: Browser
) -> None:
    async with hosted(tmp_path, island(ISLAND_SEED, people=2), [ANN, BO]) as (_pilot, host):
        start = host.table.session
        assert start.prompt.seats == (ANN, BO)  # Cleo (a bot) judges
        pages = [
            await open_seat(browser, host, ANN, PHONE),
            await open_seat(browser, host, BO, DESKTOP),
        ]
        assert latest_size(pages[0].page)[0] >= 40  # a phone's terminal: 40 columns or more
        note(pages, host)
        for seat_page in pages:  # each seat's own three cards, on its own page
            for card in start.state.hands[seat_page.seat]:
                await seat_page.page.wait_until(
                    lambda seat_page=seat_page, card=card: seat_page.shows(first_words(card))
                )

        # Each responder taps its second card (the cursor is on the first: only the
        # tap can choose this one).
        for seat_page in pages:
            card = start.state.hands[seat_page.seat][1]
            played = await play_by_tap(seat_page, host, f"2. {first_words(card)}")
            assert played == PlayResponse(seat_page.seat, card)
            note(pages, host)
        # Cleo's bot judges; the winner moves on the board: a tap on the hex next to
        # their piece, then on Move in the key bar.
        await pages[0].page.wait_until(
            lambda: host.table.session.state.phase == IslandPhase.MOVE, what="the Mover's turn"
        )
        note(pages, host)
        mover = host.table.session.prompt.seats[0]
        choices = host.table.session.view(mover).choices
        sideways = {o.label: o for o in choices.opened if o.label in ("Move east", "Move west")}
        assert sideways, choices
        label, option = sorted(sideways.items())[0]
        piece = f"<{host.table.seats[mover].name[0]}>"  # the cursor is on the Mover's piece
        mover_page = pages[mover]
        await tap_words(mover_page, piece, at=1 + (4 if label == "Move east" else -4))
        direction = label.removeprefix("Move ")
        await mover_page.page.wait_until(
            lambda: mover_page.shows(f"Cursor: {direction} of you"), what="the cursor moved"
        )
        await mover_page.page.wait_until(lambda: mover_page.shows("Here you may: move"))
        assert await play_by_tap(mover_page, host, "Move", bottom=True) == option.value

        session = host.table.session
        assert session.state.turn == start.state.turn + 1
        assert session.actions[: len(start.actions) + 2] == (
            *start.actions,
            PlayResponse(ANN, start.state.hands[ANN][1]),
            PlayResponse(BO, start.state.hands[BO][1]),
        )
        assert session.actions[len(start.actions) + 3] == option.value  # after Cleo's pick
        for seat_page in pages:  # the next turn reaches both pages
            await seat_page.page.wait_until(
                lambda seat_page=seat_page: seat_page.shows(f"Turn {session.state.turn}"),
                what="the next turn on the page",
            )
        assert_private(pages[ANN], host, [BO, CLEO])
        assert_private(pages[BO], host, [ANN, CLEO])
        assert [page.page.errors for page in pages] == [[], []]


@pytest.mark.long
async def test_two_browser_seats_play_a_persuasion_turn_by_taps(
    tmp_path: Path, browser: Browser
) -> None:
    session = with_bots(Table("persuasion", 3, (), "default").session(PERSUASION_SEED, False), 2)
    async with hosted(tmp_path, session, [ANN, BO]) as (_pilot, host):
        start = host.table.session
        assert start.state.phase == PersuasionPhase.INTRO
        pages = [
            await open_seat(browser, host, ANN, PHONE),
            await open_seat(browser, host, BO, DESKTOP),
        ]
        for seat_page in pages:
            # First what is new for the seat (its diary), which Enter closes. (Not a tap on
            # Done: a page's app starts unfocused (Textual's web driver says so when it
            # starts), and a screen drawn again while it is (a seat joining redraws it)
            # keeps an empty key bar until the page sends a focus; a tap does not.)
            await seat_page.page.wait_until(
                lambda seat_page=seat_page: seat_page.shows("New for you")
            )
            await seat_page.page.press("Enter")
            await seat_page.page.wait_until(
                lambda seat_page=seat_page: seat_page.shows("Which of your cards do you flip"),
                what="the introductions",
            )
        note(pages, host)
        for seat_page in pages:
            # Flip the second card, then discard the fourth of the others (neither is
            # under the cursor): a tap on each card's words.
            flip = start.view(seat_page.seat).choices.options[1]
            discard = flip.then.options[3]
            await tap_words(seat_page, f"2. {first_words(flip.label)}")
            await seat_page.page.wait_until(
                lambda seat_page=seat_page: seat_page.shows("Which of your other cards"),
                what="the second question",
            )
            played = await play_by_tap(seat_page, host, f"4. {first_words(discard.label)}")
            assert played == discard.value == Introduce(seat_page.seat, flip=1, discard=4)
            note(pages, host)
        # The bot introduces itself too, and the letters are next.
        await pages[0].page.wait_until(
            lambda: host.table.session.state.phase == PersuasionPhase.MAIL, what="the mailing"
        )
        introduced = [a for a in host.table.session.actions if isinstance(a, Introduce)]
        assert [a for a in introduced if a.seat != CLEO] == [
            Introduce(ANN, flip=1, discard=4),
            Introduce(BO, flip=1, discard=4),
        ]
        assert sorted(a.seat for a in introduced) == [ANN, BO, CLEO]
        for seat_page in pages:
            await seat_page.page.wait_until(
                lambda seat_page=seat_page: (
                    seat_page.shows("Round 1") and not seat_page.shows("Which of your other cards")
                ),
                what="the mailing on the page",
            )
        assert_private(pages[ANN], host, [BO, CLEO])
        assert_private(pages[BO], host, [ANN, CLEO])
        assert [page.page.errors for page in pages] == [[], []]


async def test_a_browser_page_asks_only_the_door_for_what_it_draws(
    tmp_path: Path, browser: Browser
) -> None:
    async with hosted(tmp_path, island(ISLAND_SEED, people=2), [ANN, BO]) as (_pilot, host):
        ann = await open_seat(browser, host, ANN, PHONE)
        door = f"127.0.0.1:{host.web_door.port}/"
        requests = ann.page.requests
        assert any(url.startswith(f"ws://{door}ws/") for url in requests)
        assert any(url.endswith("/static/RobotoMono.ttf") for url in requests)  # the font too
        strays = [url for url in requests if not url.startswith((f"http://{door}", f"ws://{door}"))]
        assert strays == []


async def test_the_host_ending_turns_every_page_to_a_sentence(
    tmp_path: Path, browser: Browser
) -> None:
    async with hosted(tmp_path, island(ISLAND_SEED, people=2), [ANN, BO]) as (_, host):
        pages = [
            await open_seat(browser, host, ANN, PHONE),
            await open_seat(browser, host, BO, DESKTOP),
        ]
        children = [page.child for page in host.web_door.pages]
        assert len(children) == 2 and all(child is not None for child in children)
        pids = [child.pid for child in children if child is not None]
        assert all(Path(f"/proc/{pid}").exists() for pid in pids)
    # The app has ended as a host's does (HostApp._on_unmount): the host said goodbye,
    # each child ended by itself and its page was told why.
    for seat_page in pages:
        page = seat_page.page
        await page.wait_for(ENDED_SHOWN)
        line = await page.evaluate(ENDED_LINE)
        assert line.startswith(HOST_LEFT), line
        rejoin = host.seating.claims[seat_page.seat]
        assert line.endswith(f"join with your rejoin code {shown_code(rejoin)}.")
        other = BO if seat_page.seat == ANN else ANN
        assert_private(seat_page, host, [other])
        last = [json.loads(f.text) for f in page.frames_received if not f.binary][-1]
        assert last == ["parlour_end", line]
    assert not host.web_door.pages and host.web_door._runner is None
    assert [pid for pid in pids if Path(f"/proc/{pid}").exists()] == []
