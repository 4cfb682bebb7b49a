"""Key to repaint on a joined seat, beside the same screen in hotseat play.

The Island's late save (``late_saves``: the Mover's hex cursor on the table) is
opened three ways, each program in a pty of its own: ``parlour resume`` (hotseat),
``parlour join`` to a ``parlour host --resume`` of the same save (the host in a
pty too), and ``ssh`` through that host's SSH door (a ``parlour join`` child on
the door's pty). The three are pressed in turn, one key each, so all see the same
machine load; each ratio is the median over presses of the joined seat's time
over the hotseat press just before it. The host's memory per joined seat is its
resident memory with every seat joined less before any joined, per seat.

The host also opens its browser door (``--web``): a headless Chromium page takes the
same seat by its link, timed from the link to its first paint and key to repaint
against ``parlour resume`` at the page's terminal size, with the memory of the page's
child and the host's growth per page (``browser_seat``; skipped, with one line saying
so, when no headless Chromium is found).
"""

from __future__ import annotations

import argparse
import re
import socket
import statistics
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (tests/: saves, the driver)

import browser_seat  # noqa: E402
from keys import QUIET, cells  # noqa: E402
from late_saves import make_scenes  # noqa: E402
from pty_app import PARLOUR, PtyApp  # noqa: E402

from tui.net import wire  # noqa: E402
from tui.net.codes import CODE_VARIABLE  # noqa: E402
from tui.net.web_door import free_port  # noqa: E402
from tui.persistence.saves import load  # noqa: E402

SSH = "/usr/bin/ssh"
SEAT_USS_GOAL_KIB = 10 * 1024
"""Issue 33: a seat's own memory at most 10 MB."""


@dataclass
class Joined:
    pairs: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    """For "joined" and "door": (the joined seat's press, the hotseat press before it)."""
    host_kib_alone: int = 0
    host_kib_joined: int = 0
    seats: int = 0
    problems: list[str] = field(default_factory=list)
    browser: browser_seat.BrowserSeat | None = None
    """The browser seat's first frames and memory (its presses are ``pairs["browser"]``)."""
    browser_skipped: str = ""
    """Why there are no browser rows, when no headless Chromium was found."""
    join_kib: tuple[int, int] = (0, 0)
    """A fresh ``parlour join`` at the scene: (RSS, USS) in KiB."""
    door_seat_kib: tuple[int, int] = (0, 0)
    """The SSH door's seat at the same scene, forked from the seat zygote: (RSS, USS)."""

    def ratio(self, name: str) -> float:
        pairs = self.pairs.get(name, [])
        return statistics.median(j / h for j, h in pairs) if pairs else float("nan")

    def median(self, name: str, hotseat: bool = False) -> float:
        pairs = self.pairs.get(name, [])
        return statistics.median(p[1 if hotseat else 0] for p in pairs) if pairs else float("nan")

    @property
    def kib_per_seat(self) -> float:
        return (self.host_kib_joined - self.host_kib_alone) / max(1, self.seats)


def _seat_words(host: PtyApp, name: str) -> list[str]:
    """The words after ``name:`` on the host's seat list."""
    for line in host.screen_lines():
        words = line.replace("║", " ").split()
        if f"{name}:" in words:
            return words[words.index(f"{name}:") + 1 :]
    raise RuntimeError(f"no seat called {name} on the host's screen")


def _code(host: PtyApp, names: list[str], seat: int) -> str | None:
    """The seat's join code (None for a bot's seat). The host hides codes until its
    digit key shows one (issue 28), so the bench presses it, as the host would."""
    words = _seat_words(host, names[seat])
    if words[:2] == ["a", "bot"]:
        return None
    host.press(str(seat + 1))
    for _ in range(50):
        host.settle(0.1)
        code = _seat_words(host, names[seat])[0]
        if "•" not in code:
            return code
    raise RuntimeError(f"{names[seat]}'s code never showed on the host's screen")


def _rejoin_code(joined: PtyApp) -> str:
    """The rejoin code the joined terminal's toast shows once its seat is its own."""
    lines = [line.rpartition("▌")[2] for line in joined.screen_lines()]  # (the toast's edge)
    text = " ".join("".join(c if c.isalnum() or c == "-" else " " for c in line) for line in lines)
    found = re.search(r"rejoin\s+code\s+([A-Z0-9]{3}-[A-Z0-9]{3})", text)
    if found is None:
        raise RuntimeError(f"no rejoin code on the joined terminal:\n{joined.text()}")
    return found.group(1)


def _press(app: PtyApp, key: str) -> tuple[float, bool]:
    app.settle(0.05)
    before = cells(app)
    seconds, _, _ = app.key_to_repaint(key, quiet=QUIET)
    return seconds, cells(app) != before


def _join_raw(path: Path, code: str) -> socket.socket:
    """A seat joined by a bare socket client (for the host's memory), kept open."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(str(path))
    client.sendall(wire.encode(wire.Join(wire.PROTOCOL, code)))
    return client


def _race(
    result: Joined, name: str, hotseat: PtyApp, other: PtyApp, keys: tuple[str, ...], presses: int
) -> None:
    """Press the same keys on the hotseat table and on ``other`` in turn."""
    found = result.pairs.setdefault(name, [])
    rounds = -(-(presses + 2) // len(keys)) * len(keys)  # (whole rounds: the cursor ends home)
    for number in range(rounds):
        key = keys[number % len(keys)]
        (h, h_changed), (o, o_changed) = _press(hotseat, key), _press(other, key)
        if number < 2:  # a first step can warm caches
            continue
        found.append((o, h))
        for who, changed in (("hotseat", h_changed), (name, o_changed)):
            if not changed:
                result.problems.append(f"{who}: pressing {key!r} changed nothing")


def measure(presses: int = 25, folder: Path | None = None) -> Joined:
    result = Joined()
    with tempfile.TemporaryDirectory(prefix="parlour-joined-") as temp, ExitStack() as stack:
        where = folder or Path(temp)
        scene = next(s for s in make_scenes(where) if s.game == "island")
        session = load(scene.path)
        assert session.prompt is not None
        mover = session.prompt.seats[0]
        names = [seat.name for seat in session.seats]
        hotseat = stack.enter_context(
            PtyApp([PARLOUR, "resume", str(scene.path), "--saves", str(where / "h")])
        )
        hotseat.wait_text(scene.marker)
        hosted = where / "hosted.json"
        hosted.write_bytes(scene.path.read_bytes())
        sock, port, web = where / "table.sock", free_port("127.0.0.1"), free_port("127.0.0.1")
        host = stack.enter_context(PtyApp([
            PARLOUR, "host", "--resume", str(hosted), "--saves", str(where / "s"),
            "--socket", str(sock), "--ssh", str(port), "--bot-delay", "0",
            "--web", str(web), "--web-address", "127.0.0.1",
        ]))
        host.wait_text("Enter starts the game")
        host.settle(0.5)
        result.host_kib_alone = host.rss_kib()
        code = _code(host, names, mover)
        assert code is not None, "the mover is a person"
        joined = stack.enter_context(PtyApp(
            [PARLOUR, "join", "--socket", str(sock)], env={CODE_VARIABLE: code}
        ))
        joined.wait_text("Island")
        joined.wait_text("rejoin")
        rejoin = _rejoin_code(joined)
        others = [_code(host, names, seat) for seat in range(len(names)) if seat != mover]
        for other in others:
            if other is not None:
                stack.callback(_join_raw(sock, other).close)
        host.press("enter")  # the game starts
        joined.wait_text(scene.marker)
        host.settle(0.5)
        joined.settle(0.5)
        result.join_kib = browser_seat.memory_kib(joined.pid)
        result.seats = 1 + sum(other is not None for other in others)
        result.host_kib_joined = host.rss_kib()
        _race(result, "joined", hotseat, joined, scene.keys, presses)
        joined.close()
        # The same seat through the SSH door: ssh in a pty, the code at its prompt.
        door = stack.enter_context(PtyApp([
            SSH, "-p", str(port), "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "party@127.0.0.1",
        ]))
        door.wait_text("Join code:")
        for ch in rejoin:  # (the join code opens the seat no more: issue 28)
            door.press(ch)
        door.press("enter")
        door.wait_text(scene.marker)
        door.settle(0.5)
        result.door_seat_kib = browser_seat.memory_kib(_door_seat(host.pid))
        _race(result, "door", hotseat, door, scene.keys, presses)
        door.close()
        # The same seat in a browser page, by its link (the rejoin code in it).
        if browser_seat.find_browser() is None:
            result.browser_skipped = browser_seat.SKIPPED
        else:
            try:
                result.browser = browser_seat.measure(
                    host, f"http://127.0.0.1:{web}/j/{rejoin}", scene, where / "browser",
                    presses, result.pairs.setdefault("browser", []), result.problems,
                )
            except Exception as exc:  # a broken browser door must not hide the rows above
                result.problems.append(
                    f"browser seat: {type(exc).__name__}: {str(exc).splitlines()[0]}"
                )
    return result


def _door_seat(host: int) -> int:
    """The SSH door's one seat (forked by the door's seat zygote)."""
    (seat,) = browser_seat.seats(host)
    return seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=25, help="timed key presses per seat")
    r = measure(presses=parser.parse_args().presses)
    for name in ("joined", "door"):
        print(
            f"{name}: {r.median(name) * 1000:.1f} ms against hotseat "
            f"{r.median(name, hotseat=True) * 1000:.1f} ms, {r.ratio(name):.2f}x"
        )
    print(f"host memory per joined seat: {r.kib_per_seat:.0f} KiB ({r.seats} seats)")
    (join_rss, join_uss), (seat_rss, seat_uss) = r.join_kib, r.door_seat_kib
    print(
        f"door seat memory (goal: USS <= {SEAT_USS_GOAL_KIB} KiB): {seat_uss} KiB USS "
        f"({seat_rss} KiB RSS), forked from the seat zygote; a fresh parlour join at the same "
        f"scene {join_uss} KiB USS ({join_rss} KiB RSS), {seat_uss / max(1, join_uss):.2f}x"
    )
    if r.browser_skipped:
        print(r.browser_skipped)
    elif (b := r.browser) is not None:
        columns, rows = b.size
        print(
            f"browser ({browser_seat.WIDTH}x{browser_seat.HEIGHT} page, {columns}x{rows} "
            f"terminal): {r.median('browser') * 1000:.1f} ms against hotseat "
            f"{r.median('browser', hotseat=True) * 1000:.1f} ms, {r.ratio('browser'):.2f}x"
        )
        print(
            f"    (from the key to the page sending it: {b.median('key_left') * 1000:.1f} ms; "
            f"to the bench reading the repaint through DevTools: "
            f"{b.median('key_read') * 1000:.1f} ms)"
        )
        for name, what in (("first", "first frame"), ("complete", "first complete frame")):
            print(
                f"browser {what}: {b.median(name) * 1000:.0f} ms from the link against "
                f"hotseat {b.median(name, hotseat=True) * 1000:.0f} ms from spawn, "
                f"{b.ratio(name):.2f}x ({len(getattr(b, name))} each)"
            )
        print(
            f"    (from the seat page's request: {b.median('from_seat_page') * 1000:.0f} ms; "
            f"from its socket's opening: {b.median('from_socket') * 1000:.0f} ms)"
        )
        print(
            f"browser seat memory: its child {b.median('child_rss_kib'):.0f} KiB RSS, "
            f"{b.median('child_uss_kib'):.0f} KiB USS; the host "
            f"{b.median('host_growth_kib'):+.0f} KiB per page joined "
            f"(and {b.host_first_kib:+d} KiB once, for the door's first page)"
        )
    for problem in dict.fromkeys(r.problems):
        print(f"    problem: {problem}")


if __name__ == "__main__":
    main()
