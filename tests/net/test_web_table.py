"""What the public table shows for the browser door: its address, and a QR code that
holds the watch link, or a seat's link while that seat's code shows (once joined, a
seat's link is gone with its code). The QR code is drawn cell for cell from the
code's modules, dark on light, and fits the host's 80x24 screen."""

from __future__ import annotations

from pathlib import Path

from rich.style import Style

from tests.net_helpers import WireClient, island, until
from tests.tui_helpers import press, screen_text
from tests.web_helpers import web_door
from tui.net.host_app import HostApp
from tui.net.qr import BORDER, DARK_ON_LIGHT, modules, qr_lines, qr_text, scannable
from tui.net.seats_screen import SeatsScreen
from tui.widgets.toosmall import MIN_HEIGHT, MIN_WIDTH

LINK = "http://192.168.1.20:8765/j/ABC234"


def test_a_qr_code_is_drawn_cell_for_cell_from_its_modules():
    rows = modules(scannable(LINK))
    lines = qr_lines(scannable(LINK))
    assert len(lines) == (len(rows) + 1) // 2 and {len(line) for line in lines} == {len(rows)}
    for number, line in enumerate(lines):
        for column, cell in enumerate(line):
            upper = rows[2 * number][column]
            lower = rows[2 * number + 1][column] if 2 * number + 1 < len(rows) else False
            assert cell == {(False, False): " ", (True, False): "▀", (False, True): "▄",
                            (True, True): "█"}[upper, lower]  # fmt: skip
    assert not any(rows[0]) and not any(row[0] for row in rows)  # the quiet border
    assert sum(map(any, rows[:BORDER])) == 0


def test_a_link_in_capitals_makes_a_smaller_code_that_still_opens_the_seat():
    small, plain = modules(scannable(LINK)), modules(LINK)
    assert len(small) < len(plain)
    assert scannable(LINK) == "HTTP://192.168.1.20:8765/J/ABC234"
    assert qr_text(LINK).style == DARK_ON_LIGHT == Style(color="black", bgcolor="white")


def _host_app(tmp_path: Path) -> HostApp:
    return HostApp(tmp_path, data_dir=tmp_path.parent, bot_delay=0.0, dice_delay=0.0,
                   seed_source=lambda: 7)


def _shown_qr(app: HostApp) -> list[str]:
    """The QR code's lines as the screen shows them (its first row is all light)."""
    text = screen_text(app)
    return [line for line in text.splitlines() if "█" in line or "▀" in line]


async def test_the_table_shows_the_watch_qr_and_a_seats_only_while_its_code_shows(
    tmp_path: Path,
):
    app = _host_app(tmp_path)
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        host = await web_door(pilot, tmp_path, joined=(0, 1, 2), session=island(3))
        await until(lambda: "Scan to watch" in screen_text(app), pilot)
        assert isinstance(app.screen, SeatsScreen)
        door = host.web_door
        assert f"In a browser: {door.url}" in screen_text(app)

        def drawn(link: str) -> bool:
            wanted = [line.strip() for line in qr_lines(scannable(link)) if line.strip()]
            shown = "\n".join(_shown_qr(app))
            return all(line in shown for line in wanted)

        assert drawn(door.link(host.seating.watch_code))
        await press(pilot, "2")
        assert "Scan: Bo's seat" in screen_text(app)
        assert drawn(door.link(host.codes[1]))
        assert not drawn(door.link(host.seating.watch_code))
        # Bo joins: his code, and so his link, are gone from the table.
        client = WireClient(host.path)
        await client.join(host.codes[1])
        await until(lambda: host.seating.claimed(1), pilot)
        await until(lambda: "Scan to watch" in screen_text(app), pilot)
        assert not drawn(door.link(host.codes[1]))
        assert "Please enlarge" not in screen_text(app)
        client.close()
