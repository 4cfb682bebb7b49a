"""Startup and memory: process spawn to the first complete frame, and VmRSS then.

Textual paints a new screen in a few frames (the Footer, say, often lands a
frame later), so "the first frame" is taken as the first frame after which the
emulated screen shows everything it will show once the app has settled: the
first complete frame. Parlour is started as a player starts it, plain
``parlour`` (in an empty folder, with XDG_DATA_HOME pointing into it, so its
default saves folder is a fresh one) and opens on its lobby; the bare app on
its one screen. Runs alternate bare / Parlour, after one warm-up run of each;
the ratio is the median of the ratios of each adjacent pair.

Resident memory is read from /proc/PID/status once the app has settled on that
first screen.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pty_app import BARE, PARLOUR, SYNC_END, PtyApp  # noqa: E402


def first_complete_frame(app: PtyApp, quiet: float = 0.4) -> float:
    """Seconds from spawn to the end of the first frame that shows the settled screen."""
    app.wait_frames(1)
    app.settle(quiet)
    final = app.screen_lines()
    raw = bytes(app.raw)
    screen = pyte.Screen(app.cols, app.rows)
    stream = pyte.ByteStream(screen)
    position = 0
    for frame in app.frames:
        end = raw.find(SYNC_END, position) + len(SYNC_END)
        stream.feed(raw[position:end])
        position = end
        if screen.display == final:
            return frame.end - app.spawned
    raise RuntimeError("no frame showed the settled screen")


def one_run(
    argv: list[str], marker: str, env: dict[str, str] | None = None, cwd: str | None = None
) -> tuple[float, int]:
    """(seconds to the first complete frame, VmRSS KiB after it) for one spawn."""
    with PtyApp(argv, env=env, cwd=cwd) as app:
        seconds = first_complete_frame(app)
        if marker not in app.text():
            raise RuntimeError(f"{marker!r} is not on the first screen:\n{app.text()}")
        return seconds, app.rss_kib()


def measure(runs: int = 9) -> dict[str, list[float]]:
    """Interleaved runs; lists of seconds and KiB for ``bare`` and ``parlour``."""
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
        home = {"XDG_DATA_HOME": str(Path(folder) / "data")}
        apps = {
            "bare": (BARE, "Line 30", None, None),
            "parlour": ([PARLOUR], "P A R L O U R", home, folder),
        }
        for argv, marker, env, cwd in apps.values():  # warm-up: caches, bytecode
            one_run(argv, marker, env, cwd)
        found: dict[str, list[float]] = {
            "bare_s": [], "parlour_s": [], "bare_kib": [], "parlour_kib": []
        }
        for _ in range(runs):
            for name, (argv, marker, env, cwd) in apps.items():
                seconds, kib = one_run(argv, marker, env, cwd)
                found[f"{name}_s"].append(seconds)
                found[f"{name}_kib"].append(kib)
    return found


def paired_ratio(found: dict[str, list[float]], what: str) -> float:
    """The median over runs of Parlour's figure divided by the bare app's next to it."""
    return statistics.median(
        p / b for p, b in zip(found[f"parlour_{what}"], found[f"bare_{what}"], strict=True)
    )


def main() -> None:
    found = measure()
    for key, values in found.items():
        print(f"{key:<12} median {statistics.median(values):10.3f}  all "
              + " ".join(f"{v:.3f}" if key.endswith("_s") else f"{v:.0f}" for v in values))
    print(f"startup ratio {paired_ratio(found, 's'):.2f}")
    print(f"memory ratio {paired_ratio(found, 'kib'):.2f}")


if __name__ == "__main__":
    main()
