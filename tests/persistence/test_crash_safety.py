"""Crash safety: whatever the screen confirmed survives a SIGKILL.

The real ``parlour`` program runs in a pseudo-terminal (``tests/pty_support``)
while a scripted person plays and bots act on a short timer. At seeded random
moments (right after a key, the moment a new frame lands, while bots play) the
process gets SIGKILL; ``parlour resume FILE`` carries on from the save, more is
played, and it is killed again, so kills land at many depths of a game.

What the screen confirmed is read from every frame the program drew before it
died, in parts: the curtain (who is asked to do what), a private screen (whose
it is, which turn or round), notes delivered behind the curtain, the table's
turn or round and the lines of its public log (the Lantern's table: its status
and who is on turn), the table's public moment between two people (who takes
the keyboard next, and the recap of the public log since their last turn), the
resolution. After each kill the save is replayed step by step and every part of
every frame must fit a state of that history, in the order the frames came: a
frame showing a move that the save lacks fits no state, and the test fails
showing it. A save written after the screen is updated (or not at all) is
caught this way.

Parts are matched one by one because Textual may paint a screen's widgets in
more than one frame: for a moment the log can be newer than the status line.

Each kill also checks the saves folder: the save passes ``parlour check``, a
temp file left by an interrupted write is never listed as a save, and the
resumed program shows a game screen, not an error.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest

from rules.session import Session
from tests.pty_support import Terminal, squash
from tests.tui_helpers import direction_key
from tui.cli import main as parlour
from tui.persistence import saves

KILLS = 6
"""SIGKILLs per game while playing, and one more after the last resume: 28 in all."""

BOT_DELAY = "0.08"
SCROLLBAR = set("▁▂▃▄▅▆▇█▔▕▏▐▌ ")
GAP = re.compile(r"\S {4,}\S")
MAIL = "There is something for you to read."
CURTAIN = re.compile(
    r"Pass the keyboard to (?P<name>.+?) (?P<doing>.+) (?:Everyone else, look away\. "
    r"(?P=name): press Enter when only you can see the screen\.|(?P=name): type your PIN.*)"
)
PRIVATE = (
    re.compile(r"^ (?P<name>.+?), for your eyes only · (?:Turn|Round) (?P<number>\d+)$"),
    re.compile(
        r"^ (?P<name>.+?), for your eyes only · (?:the Barkeep's console · )?\d+ passages? told$"
    ),
)
HAND_OVER = re.compile(
    r"^ (?P<name>.+?) takes the keyboard next: Enter brings (?P=name)'s curtain\.$"
)
RECAP = re.compile(r"^ (?P<name>.+?), (?:before your first turn|since your last turn):$")
TABLE_PARTS = {"number", "log", "now", "status", "recap"}


# --- what a frame shows ------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """One thing a frame proves.

    ``kind``: curtain (``name`` asked to ``text``), private (``name``'s screen at
    turn or round ``number``), notes (``items`` delivered to ``name``), end, and
    the table's number (turn or round), log (a run of its lines), now and status
    (the Lantern's), handover (the table waits for ``name``'s Enter) and recap (a
    run of the public log's lines, recapped for the next person).
    """

    kind: str
    name: str = ""
    text: str = ""
    items: tuple[str, ...] = ()
    number: int | None = None


@dataclass(frozen=True)
class Frame:
    parts: tuple[Seen, ...]
    screen: str = field(compare=False)

    @property
    def kind(self) -> str:
        kinds = {part.kind for part in self.parts}
        if "handover" in kinds:  # the table, waiting for Enter
            return "handover"
        return "table" if kinds & TABLE_PARTS else next(iter(kinds), "")


def _rows(lines: Sequence[str]) -> list[str]:
    """The rows above the Footer, with a scrollbar at the right edge dropped."""
    rows = []
    for line in lines[:-1]:
        if len(line) >= 2 and set(line[-2:]) <= SCROLLBAR:
            line = line[:-2]
        rows.append(line.rstrip())
    return rows


def _torn(rows: Sequence[str]) -> bool:
    """Rows of running text with a wide gap: another screen half drawn over them.

    Textual paints a new screen's changed widgets before it lays the whole screen
    out, so for a moment a curtain's lines can sit on top of the old table.
    """
    return any(GAP.search(row.strip()) for row in rows)


def read_frame(game: str, lines: Sequence[str]) -> Frame:
    """What the screen ``lines`` proves; no parts for a help screen or one half drawn."""
    rows = _rows(lines)
    screen = "\n".join(lines)
    footer = lines[-1] if lines else ""
    box = [row.split("║")[1] for row in rows if row.count("║") >= 2]
    curtain = None if _torn(box) else CURTAIN.fullmatch(squash(" ".join(box)))
    if curtain:
        return Frame((Seen("curtain", curtain["name"], curtain["doing"]),), screen)
    if "p Play again" in footer:
        return Frame((Seen("end"),), screen)
    if " New for you" in rows:
        items: list[str] = []
        for row in rows[rows.index(" New for you") + 1 :]:
            if not row.strip():
                break
            if row.startswith(" • "):
                items.append(row[3:])
            elif items:
                items[-1] += " " + row
        name = re.match(r"^ (.+?)(?:, for your eyes only|: the cards you know)", rows[0])
        if name and items and not _torn(items):
            return Frame((Seen("notes", name[1], items=tuple(map(squash, items))),), screen)
        return Frame((), screen)
    for pattern in PRIVATE:
        found = next(filter(None, map(pattern.match, rows[:3])), None)
        if found:
            number = found.groupdict().get("number")
            seen = Seen("private", found["name"], number=int(number) if number else None)
            return Frame((seen,), screen)
    parts = GAMES[game].table(rows)
    handing = next(filter(None, map(HAND_OVER.match, rows)), None)
    if handing and parts:
        parts = (*parts, Seen("handover", handing["name"]))
    return Frame(parts, screen)


def recap(rows: Sequence[str]) -> tuple[Seen, ...]:
    """The recap a table shows at its public moment (its heading on the first of
    ``rows``): the log lines it shows, as one run; none for "Nothing new"."""
    if not rows or not RECAP.match(rows[0]) or _torn(rows):
        return ()
    items: list[str] = []
    for row in rows[1:]:
        if row.startswith(" • "):
            items.append(row[3:])
        elif items:
            items[-1] += " " + row
    text = squash(" ".join(items))
    return (Seen("recap", text=text),) if text else ()


def log_table(status: str) -> Callable[[list[str]], tuple[Seen, ...]]:
    """A table whose first row matches ``status`` (its group: the turn or round), with the
    public log under a full-width rule at the bottom."""

    def table(rows: list[str]) -> tuple[Seen, ...]:
        found = re.match(status, rows[0]) if rows else None
        if found is None:
            return ()
        parts = [Seen("number", number=int(found[1]))]
        rules = [i for i, row in enumerate(rows) if row and set(row) == {"─"}]
        if rules and RECAP.match(rows[rules[-1] + 1] if len(rows) > rules[-1] + 1 else ""):
            parts.extend(recap(rows[rules[-1] + 1 :]))
        elif rules and not _torn(rows[rules[-1] + 1 :]):
            window = squash(" ".join(rows[rules[-1] + 1 :]))
            if window:
                parts.append(Seen("log", text=window))
        return tuple(parts)

    return table


def lantern_table(rows: list[str]) -> tuple[Seen, ...]:
    """The Lantern's table: the status on top, ``Now: NAME · what to do`` at the bottom."""
    now = [i for i, row in enumerate(rows) if row.startswith(" Now: ")]
    deck = [i for i, row in enumerate(rows) if row.startswith(" Deck ")]
    if not now or not deck or _torn(rows[now[0] :]) or _torn(rows[: deck[0] + 1]):
        return ()
    return (
        Seen("now", text=squash(" ".join(rows[now[0] :]))),
        Seen("status", text=squash(" ".join(rows[: now[0]]))),
    )


# --- what each state of the replayed save would show -----------------------------------


class Step:
    """One state of a replayed save."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @cached_property
    def view(self) -> Any:
        return self.session.view(None)

    @cached_property
    def asked(self) -> tuple[str, ...]:
        prompt = self.session.prompt
        seats = prompt.seats if prompt is not None else ()
        return tuple(self.session.seats[s].name for s in seats)

    @cached_property
    def prompt_text(self) -> str:
        prompt = self.session.prompt
        return squash(prompt.text) if prompt is not None else ""

    @cached_property
    def log_tail(self) -> str:
        """The lines a table can show (the newest 40 at most), as one line."""
        return squash(" ".join(self.view.log[-40:]))

    @cached_property
    def whole_log(self) -> str:
        """The whole public log, as one line (a recap can start before the newest 40)."""
        return squash(" ".join(self.view.log))

    @cached_property
    def number(self) -> int | None:
        return getattr(self.view, "turn" if self.session.game.id == "island" else "round", None)

    def mail(self, name: str) -> tuple[str, ...]:
        """Private events addressed to ``name`` (what the notes behind a curtain show)."""
        names = [s.name for s in self.session.seats]
        seat = names.index(name) if name in names else -1
        events = getattr(self.session.state, "log", ())
        return tuple(squash(e.text) for e in events if e.seats and e.seats[0] == seat)

    @cached_property
    def lantern(self) -> tuple[str, str]:
        """The Lantern table's ``Now:`` line and status."""
        from tui.lantern.render import status_text

        prompt = self.session.prompt
        now = ""
        if prompt is not None:
            plan = self.session.seats[prompt.seats[0]]
            now = f"Now: {plan.name}{' (bot)' if plan.is_bot else ''} · {prompt.text}"
        return squash(now), squash(status_text(self.view).plain)


def fits(seen: Seen, step: Step) -> bool:
    """Whether ``seen`` could be shown for the state ``step``."""
    kind = seen.kind
    if kind == "end":
        return step.session.outcome is not None
    if kind == "curtain":
        if seen.text == MAIL:
            return bool(step.mail(seen.name))
        if seen.text == step.prompt_text:
            return bool(step.asked) and step.asked[0] == seen.name
        return seen.name in step.asked  # a curtain a table key brings down (say, interrupt)
    if kind == "private":
        return seen.name in step.asked and seen.number in (None, step.number)
    if kind == "notes":
        mail = step.mail(seen.name)
        return all(any(m.startswith(item) for m in mail) for item in seen.items)
    if step.session.outcome is not None:
        return False
    if kind == "handover":  # their private step comes next, or notes for them
        return (bool(step.asked) and step.asked[0] == seen.name) or bool(step.mail(seen.name))
    if kind == "recap":
        return seen.text in step.whole_log
    if kind == "number":
        return seen.number == step.number
    if kind == "log":
        # A run of lines, not always the newest: a table's first frame can come
        # before its log has scrolled to the end.
        return seen.text in step.log_tail
    now, status = step.lantern
    if kind == "now":  # a refusal can follow on the next row
        return seen.text.startswith(now)
    return seen.text.startswith(status)  # the tale follows the status


def history(session: Session) -> list[Step]:
    """Every state of ``session`` from the deal on, by replaying its actions."""
    replay = Session.start(session.game, session.config, session.seed, session.seats)
    steps = [Step(replay)]
    for action in session.actions:
        replay = replay.apply(action)
        steps.append(Step(replay))
    return steps


def match(frames: list[Frame], steps: list[Step], start: int, what: str) -> int:
    """Fit every part of every frame to a state at or after where the frame before fitted.

    Returns the furthest state the frames proved. A part that fits no state from
    there to the end of the save is a confirmed move the save lacks.
    """
    k = furthest = start
    for number, frame in enumerate(frames, start=1):
        found = []
        for part in frame.parts:
            j = next((j for j in range(k, len(steps)) if fits(part, steps[j])), None)
            if j is None:
                final = steps[-1]
                tail = "\n".join(final.view.log[-6:])
                pytest.fail(
                    f"{what}: frame {number} of {len(frames)} shows what the save lacks:\n"
                    f"{part}\nNo state from action {k} to {len(steps) - 1} fits it. "
                    f"The save ends asking {final.asked}: {final.prompt_text!r}; "
                    f"its log ends:\n{tail}\n--- the frame ---\n{frame.screen}"
                )
            found.append(j)
        if found:
            k, furthest = min(found), max(furthest, *found)
    return furthest


# --- the scripted person, per game --------------------------------------------


Keys = Callable[[str, str, random.Random, Path | None], list[str] | None]


@dataclass
class Play:
    """How a game is started, how its table reads, and the person's keys on each screen."""

    args: tuple[str, ...]
    table: Callable[[list[str]], tuple[Seen, ...]]
    keys: Keys
    """(frame kind, footer, rng, save) -> keys to press, or None to wait."""


def _island_move(save: Path | None) -> list[str] | None:
    """The person Mover's keys: what a bot would do in their place, from the save."""
    if save is None:
        return None
    session = saves.load(save)
    prompt = session.prompt
    if prompt is None or prompt.kind != "move" or session.seats[prompt.seats[0]].is_bot:
        return None
    seat = prompt.seats[0]
    action = session.bot_for(seat).choose(session.view(seat))
    letter = {"MoveTo": "m", "PlaceTile": "p", "RemoveTile": "r"}[type(action).__name__]
    return [direction_key(session.view(None).pieces[seat], action.target), letter]


def _table_keys(footer: str, choices: Sequence[tuple[str, list[str]]]) -> list[str] | None:
    return next((keys for label, keys in choices if label in footer), None)


def island_keys(kind, footer, rng, save):
    if kind == "table":
        return _island_move(save) if "m Move" in footer else None
    if kind == "private":
        return [rng.choice("12"), "enter"]
    return ["enter"] if kind in ("curtain", "notes", "handover") else None


def temptress_keys(kind, footer, rng, save):
    if kind == "table":
        return _table_keys(
            footer,
            (
                ("d Decline", ["d"]),
                ("s Stay out", [rng.choice("js")]),
                ("y Vote yes", [rng.choice("yxb")]),
                ("a Accept", ["a"]),
                ("1-4 Stake", [rng.choice("123")]),
            ),
        )
    if kind == "private":
        if "⏎ Play" in footer:  # the first or the last card
            return [rng.choice(["home", "end"]), "space", "enter"]
        if "⏎ Take these" in footer:
            return ["escape"]
        return rng.choice([["end", "enter"], ["end", "up", "enter"], ["enter"]])
    return ["enter"] if kind in ("curtain", "notes", "handover") else None


def persuasion_keys(kind, footer, rng, save):
    if kind == "private" and "⏎ Choose" in footer:
        return [rng.choice(["down", "up", "home"]), "enter"]
    return ["enter"] if kind in ("curtain", "notes", "private", "handover") else None


def lantern_keys(kind, footer, rng, save):
    if kind == "table":
        return _table_keys(
            footer,
            (
                ("l Let it go", ["l"]),
                ("v Vote verify", [rng.choice("vx")]),
                ("k End the tale", ["k"]),
            ),
        )
    if kind == "private" and "^s Tell" in footer:
        return [rng.choice(["ctrl+n", "ctrl+r"])]  # pass, or burn a card and pass
    if kind == "private" and "^s End the tale" in footer:
        return ["ctrl+s"]
    return ["enter"] if kind in ("curtain", "private", "handover") else None


GAMES: dict[str, Play] = {
    "island": Play(
        ("--players", "Ann,Bo", "--bots", "1"),
        log_table(r"^ Temptation Island · Turn (\d+) "),
        island_keys,
    ),
    "temptress": Play(
        ("--players", "Ann", "--bots", "4"),
        log_table(r"^ The Temptress · Round (\d+)"),
        temptress_keys,
    ),
    "persuasion": Play(
        ("--players", "Ann", "--bots", "3"),
        log_table(r"^ Persuasion · Round (\d+)"),
        persuasion_keys,
    ),
    "lantern": Play(("--players", "Ann", "--bots", "3"), lantern_table, lantern_keys),
}


# --- one run of the program, up to its SIGKILL ----------------------------------------


@dataclass
class Segment:
    """The frames shown for one save file in one run (play again starts another)."""

    path: Path | None
    start: int
    frames: list[Frame] = field(default_factory=list)


class Run:
    """The program in a pty, watched frame by frame."""

    def __init__(self, game: str, term: Terminal, folder: Path, segment: Segment) -> None:
        self.game = game
        self.term = term
        self.folder = folder
        self.known = set(folder.glob("*.json"))
        self.segments = [segment]
        self.text = ""
        self.frame = Frame((), "")
        self.drawn = -1

    def watch(self, wait: float = 0.0) -> None:
        """Read the program's output; keep what each new frame proves."""
        self.term.pump(wait)
        if self.term.frames == self.drawn:
            return
        self.drawn = self.term.frames
        text = self.term.text()
        if text == self.text:
            return
        self.text = text
        self.frame = read_frame(self.game, self.term.lines())
        frames = self.segments[-1].frames
        if not frames and len(self.segments) > 1 and self.frame.kind == "end":
            # After p the finished game's end screen may redraw before the new game's
            # first frame: it belongs to the segment before, not to the fresh save.
            return
        if self.frame.parts and (not frames or frames[-1] != self.frame):
            frames.append(self.frame)

    def save_path(self) -> Path | None:
        """The save being played: known, or the one new file in the folder."""
        segment = self.segments[-1]
        if segment.path is None:
            taken = self.known | {s.path for s in self.segments}
            fresh = set(self.folder.glob("*.json")) - taken
            if len(fresh) == 1:
                segment.path = fresh.pop()
        return segment.path

    def wait_for_game(self) -> None:
        deadline = time.monotonic() + 20
        while not self.frame.parts:
            if self.term.process.poll() is not None or time.monotonic() > deadline:
                self.watch(0.1)
                if self.frame.parts:
                    break
                pytest.fail(
                    f"`parlour {' '.join(self.term.args)}` shows no game screen "
                    f"(exit {self.term.process.poll()}):\n{self.term.text().rstrip()}"
                )
            self.watch(0.05)

    def wait_for_change(self, before: str, timeout: float = 3.0) -> bool:
        deadline = time.monotonic() + timeout
        while self.text == before:
            if self.term.process.poll() is not None:
                pytest.fail(f"parlour exited while playing {self.game}:\n{self.term.text()}")
            if time.monotonic() > deadline:
                return False
            self.watch(0.02)
        return True

    def wait_past_the_end(self, timeout: float = 20.0) -> None:
        """After p: wait for the next game's first frame (the finished game's end screen
        may redraw first, and a p pressed on it again would press one into the new
        game, which starts no save of its own)."""
        deadline = time.monotonic() + timeout
        while self.frame.kind == "end" and time.monotonic() < deadline:
            if self.term.process.poll() is not None:
                pytest.fail(f"parlour exited while playing {self.game}:\n{self.term.text()}")
            self.watch(0.02)

    def dwell(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self.watch(min(left, 0.05))

    def kill(self) -> None:
        self.term.kill()
        self.watch()  # frames written before the kill count as shown


def play_until_kill(run: Run, rng: random.Random) -> str:
    """Press the person's keys while bots act; SIGKILL at a seeded random moment."""
    mode = rng.choice(["after-key", "on-frame", "on-frame", "while-bots"])
    budget = time.monotonic() + rng.uniform(0.4, 1.8)
    presses = rng.randint(1, 8)
    stuck = 0
    keys_for = GAMES[run.game].keys
    while True:
        run.watch(0.02)
        footer = run.term.lines()[-1]
        if run.frame.kind == "end":
            if "p Play again" not in footer or rng.random() < 0.5:
                break
            before = run.text
            run.save_path()  # the finished game's file, before the next one appears
            run.term.press("p")  # a fresh game, saved under a new name
            run.segments.append(Segment(None, 0))
            run.wait_for_change(before)
            run.wait_past_the_end()
            continue
        kind = run.frame.kind
        # A screen is read once its Footer is drawn: a curtain's first frame over the
        # table comes without it, and the Footer landing a moment later would look
        # like a curtain that the Enter left standing (a second Enter, wasted).
        keys = keys_for(kind, footer, rng, run.save_path()) if footer.strip() else None
        if keys:
            before = run.text
            run.term.press(*keys)
            # The Enter at the table's public moment is no move of the person's: the
            # kill still comes after as many of their own presses as before it.
            presses -= kind != "handover"
            if presses <= 0 and mode == "after-key":
                run.dwell(rng.choice([0.0, rng.uniform(0, 0.05), rng.uniform(0, 0.2)]))
                break
            stuck = 0 if run.wait_for_change(before) else stuck + 1
            if stuck >= 5:
                pytest.fail(f"{run.game}: keys {keys} change nothing here:\n{run.text}")
        if presses <= 0 and mode == "on-frame":  # the moment a frame shows something new
            frames = run.segments[-1].frames
            count, deadline = len(frames), time.monotonic() + 2
            while len(frames) == count and time.monotonic() < deadline:
                run.watch(0.01)
            break
        if time.monotonic() > budget:
            run.dwell(rng.uniform(0, 0.3) if mode == "while-bots" else 0)
            break
    run.kill()
    return mode


# --- after each kill ------------------------------------------------------------------


def check_folder(folder: Path, expected: set[Path], capsys) -> None:
    """Every save is listed and sound; nothing else (say, a temp file) is listed."""
    listed = saves.list_saves(folder)
    problems = [f"{path.name}: {problem}" for _, path, problem in listed if problem]
    assert problems == [], f"the saves folder has broken saves after a SIGKILL: {problems}"
    names = sorted(path.name for _, path, _ in listed)
    assert names == sorted(p.name for p in expected), f"listed as saves: {names}"
    for path in expected:
        capsys.readouterr()
        assert parlour(["check", str(path)]) == 0, capsys.readouterr().err
        assert capsys.readouterr().out.startswith("ok: ")


def leave_stray_temp(path: Path) -> None:
    """What a write killed halfway leaves behind: a hidden temp file with half the JSON."""
    data = path.read_bytes()
    path.with_name(f".{path.name}.k1ll3d.tmp").write_bytes(data[: len(data) // 2])


@pytest.mark.long
@pytest.mark.parametrize("game", list(GAMES))
def test_every_confirmed_move_survives_a_kill(game: str, tmp_path: Path, capsys):
    rng = random.Random(f"crash-safety-{game}")
    folder = tmp_path / "saves"
    play = GAMES[game]
    save: Path | None = None
    played: dict[Path, tuple[Any, ...]] = {}  # each save's actions at its last check
    proved = 0
    for kill in range(KILLS + 1):
        if save is None:
            # A secret seed: with --seed, a toast would cover the log for a while.
            args = ["new", game, *play.args]
        else:
            args = ["resume", str(save)]
        args += ["--saves", str(folder), "--bot-delay", BOT_DELAY]
        first = Segment(save, len(played[save]) if save else 0)
        with Terminal(args, cwd=tmp_path) as term:
            run = Run(game, term, folder, first)
            run.wait_for_game()
            if kill < KILLS:
                mode = play_until_kill(run, rng)
            else:  # the last resume shows the game; kill it once more
                mode = "after-resume"
                run.dwell(rng.uniform(0, 0.2))
                run.kill()
        for segment in run.segments:
            path = segment.path or (run.save_path() if segment is run.segments[-1] else None)
            if path is None and segment is run.segments[-1] and not segment.frames:
                continue  # p was pressed, and the kill came before the next game began
            assert path is not None, f"no save file for a new game in {sorted(folder.iterdir())}"
            session = saves.load(path)
            before = played.get(path, ())
            assert session.actions[: len(before)] == before, "the save lost actions it had"
            what = f"{game}, kill {kill + 1} ({mode}), {path.name}"
            proved += match(segment.frames, history(session), segment.start, what) - segment.start
            played[path] = session.actions
            save = path
        if kill == 0:
            leave_stray_temp(save)
        check_folder(folder, set(played), capsys)
        if saves.load(save).outcome is not None and rng.random() < 0.5:
            save = None  # next time a new game from the command line
    assert proved >= KILLS, f"the screens confirmed only {proved} actions in {KILLS} runs"
