"""Key to repaint, and bytes per cursor move, on each game's busiest screen.

For each scene of ``late_saves`` (a late-game save that opens on a busy screen
with a cursor), Parlour runs ``parlour resume FILE`` in a pty next to the bare
app in another; the two are pressed in turn, one key each, so both see the
same machine load. A press is timed from writing the key to the end of the
last frame it causes (the app then stays quiet for ``QUIET`` seconds), and the
bytes of those frames are counted. The ratio is the median over presses of
Parlour's time over the bare app's press just before it.

The full repaint of the same screen is forced with SIGWINCH at the same size
(Parlour's screens then repaint every cell); the bench checks that frame alone
redraws the whole screen, and that the screen after all the presses is exactly
what a full repaint shows (so partial repaints left nothing stale). Every press
must visibly change the screen, or the scene is reported as broken.
"""

from __future__ import annotations

import os
import signal
import statistics
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent))

from late_saves import Scene, make_scenes  # noqa: E402
from pty_app import BARE, PARLOUR, PtyApp  # noqa: E402

QUIET = 0.25
BARE_KEYS = ("right", "left")

Cells = tuple[tuple[tuple[object, ...], ...], ...]


def cells(app: PtyApp) -> Cells:
    """Every cell of the emulated screen: character, colours and attributes."""
    app.text()
    buffer = app.screen.buffer
    return tuple(
        tuple(tuple(buffer[y][x]) for x in range(app.cols)) for y in range(app.rows)
    )


@dataclass
class SceneResult:
    scene: Scene
    parlour_s: list[float] = field(default_factory=list)
    bare_s: list[float] = field(default_factory=list)
    parlour_bytes: list[int] = field(default_factory=list)
    frames: list[int] = field(default_factory=list)
    full_bytes: int = 0
    scroll_s: list[float] = field(default_factory=list)
    """For a scrolling scene: the bare app's own scroll of a long text (``--scroll``)."""
    problems: list[str] = field(default_factory=list)

    def median(self, name: str) -> float:
        values = getattr(self, name)
        return statistics.median(values) if values else float("nan")

    def paired_ratio(self) -> float:
        """The median over presses of Parlour's time over the bare press just before it."""
        pairs = zip(self.parlour_s, self.bare_s, strict=True)
        return statistics.median(p / b for p, b in pairs) if self.bare_s else float("nan")


def open_scene(scene: Scene, folder: Path) -> PtyApp:
    app = PtyApp([PARLOUR, "resume", str(scene.path), "--saves", str(folder)])
    try:
        app.wait_frames(1)
        app.settle(0.3)
        for key in scene.opening:
            app.press(key)
            app.settle(0.3)
        app.wait_text(scene.marker, timeout=10)
    except BaseException:
        app.close()
        raise
    return app


def open_bare(*flags: str) -> PtyApp:
    app = PtyApp([*BARE, *flags])
    app.wait_frames(1)
    app.settle(0.3)
    return app


def full_repaint(app: PtyApp, result: SceneResult) -> int:
    """Bytes of one full repaint (SIGWINCH, same size), checked to redraw everything."""
    app.settle(0.1)
    shown = cells(app)
    before, start = len(app.frames), len(app.raw)
    os.kill(app.pid, signal.SIGWINCH)
    app.wait_frames(before + 1, timeout=10)
    app.settle(QUIET)
    frames = app.frames[before:]
    alone = pyte.Screen(app.cols, app.rows)
    pyte.ByteStream(alone).feed(bytes(app.raw[start:]))
    redrawn = tuple(
        tuple(tuple(alone.buffer[y][x]) for x in range(app.cols)) for y in range(app.rows)
    )
    if redrawn != shown:
        result.problems.append("the forced repaint did not redraw the whole screen")
    if cells(app) != shown:
        result.problems.append("the screen after the key presses differs from a full repaint")
    return max(f.size for f in frames)


def press(app: PtyApp, key: str) -> tuple[float, int, int, bool]:
    """(seconds, bytes, frames, whether the screen changed) for one key."""
    app.settle(0.05)
    before = cells(app)
    seconds, size, count = app.key_to_repaint(key, quiet=QUIET)
    return seconds, size, count, cells(app) != before


def measure_scene(scene: Scene, folder: Path, presses: int) -> SceneResult:
    result = SceneResult(scene)
    with ExitStack() as stack:
        parlour = stack.enter_context(open_scene(scene, folder))
        bare = stack.enter_context(open_bare())
        scroller = stack.enter_context(open_bare("--scroll")) if scene.scroll else None
        for number in range(presses + 2):
            b = press(bare, BARE_KEYS[number % 2])
            p = press(parlour, scene.keys[number % len(scene.keys)])
            s = press(scroller, ("up", "down")[number % 2]) if scroller else None
            if number < 2:  # a first step can warm caches
                continue
            if s is not None:
                result.scroll_s.append(s[0])
            result.bare_s.append(b[0])
            result.parlour_s.append(p[0])
            result.parlour_bytes.append(p[1])
            result.frames.append(p[2])
            if not p[3]:
                result.problems.append(f"pressing {scene.keys[number % len(scene.keys)]!r} "
                                       "changed nothing on the screen")
        result.full_bytes = full_repaint(parlour, result)
    return result


def measure(presses: int = 25, folder: Path | None = None) -> list[SceneResult]:
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as temp:
        where = folder or Path(temp)
        results = []
        for scene in make_scenes(where):
            try:
                results.append(measure_scene(scene, where, presses))
            except Exception as exc:  # one broken scene must not hide the others
                failed = SceneResult(scene)
                failed.problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
                results.append(failed)
        return results


def main() -> None:
    for r in measure():
        print(
            f"{r.scene.game:<11} {r.scene.screen:<26} key {r.median('parlour_s') * 1000:6.1f} ms"
            f" (bare {r.median('bare_s') * 1000:5.1f}, ratio {r.paired_ratio():.2f})"
            f"  bytes {r.median('parlour_bytes'):7.0f} of {r.full_bytes:6} full"
            f"  frames {statistics.median(r.frames) if r.frames else 0}"
        )
        if r.scroll_s:
            print(f"    the bare app's own scroll: {r.median('scroll_s') * 1000:.1f} ms")
        for problem in dict.fromkeys(r.problems):
            print(f"    problem: {problem}")


if __name__ == "__main__":
    main()
