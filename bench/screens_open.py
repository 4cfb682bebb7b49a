"""Opening screens: help, the setup form, the resume list of 100 saves, the end of a game.

Each figure is Parlour opening one of its screens in a pty, next to the bare app
(``bare_screens.py``) opening a screen of the same kind built from stock Textual
widgets, pressed in turn so that both see the same load. A press is timed as in
``keys.py``: from writing the key to the end of the last frame it causes (the screen
shows its marker, and the app then stays quiet for ``QUIET`` seconds).
The ratio is the median over repetitions of Parlour's time over the bare app's
press just before it. Each screen is closed again (Escape) between presses.

* help: ``?`` on a busy screen, a late Temptress game's card play (``late_saves``),
  until the rules are drawn; the bare app's help is the same rules' text in a
  pushed screen.
* setup: ``n`` in the lobby, the first game (the Temptress) highlighted, until its
  setup form is drawn; the bare form has as many rows of Labels and Inputs.
* resume list: ``r`` in the lobby, the saves folder holding 100 saves (short games
  of every game, whole Temptress games, and three journals of about 4 MB, see
  ``big_journal``), until the list is drawn; the bare app lists 100 small files, read when it opens.
* end screen: a 10-round Temptress game of bots stopped at its last decision (a
  suitor's final retirement, made a person's), ``parlour resume FILE``, the curtain
  lifted, Decline picked: Enter, the key that ends the game, until the end screen
  is drawn (the rules apply it and the move is saved first, as in play). The bare
  app, started afresh just before it, opens a screen of a verdict and the same document
  (every secret and the whole story). Each repetition starts both apps anew (the
  game ends once). Shown for information beside it: ``parlour resume`` of the
  finished game, spawn to the first complete frame (a replay of the whole game
  first), against the bare app started on its end screen.

``python bench/screens_open.py`` prints these rows alone.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from attrs import evolve

sys.path.insert(0, str(Path(__file__).resolve().parent))

from late_saves import _late  # noqa: E402
from pty_app import PARLOUR, PYTHON, ROOT, PtyApp  # noqa: E402
from startup import first_complete_frame  # noqa: E402

from rules import registry  # noqa: E402
from rules.session import PERSON, Session  # noqa: E402
from rules.simulate import bot_config, bot_table  # noqa: E402
from tests import v2_saves  # noqa: E402
from tui.persistence.journal import Journal, canonical, chained  # noqa: E402

QUIET = 0.4
"""Longer than keys.py's: a new screen comes in several frames, which a loaded machine
spaces by up to a quarter of a second (a focused Input's cursor blinks at 0.5 s)."""
BARE_SCREENS = [PYTHON, str(ROOT / "bench" / "bare_screens.py")]
SAVES = 100
BIG = 4 * 1024 * 1024
"""The size of the few big journals in the resume list."""
LOBBY = "P A R L O U R"
BARE_HOME = "Line 30"


@dataclass
class Opening:
    """One screen opened many times in Parlour and in the bare app."""

    measure: str
    screen: str
    parlour_s: list[float] = field(default_factory=list)
    bare_s: list[float] = field(default_factory=list)
    closed_s: list[float] = field(default_factory=list)
    """Parlour's Escape back (information)."""
    first: tuple[float, float] | None = None
    """(Parlour, bare) on the first, untimed opening, which warms caches (information:
    it is the one that imports what the screen needs)."""
    problems: list[str] = field(default_factory=list)
    goal: float | None = 2.0

    def median(self, name: str) -> float:
        values = getattr(self, name)
        return statistics.median(values) if values else float("nan")

    def paired_ratio(self) -> float:
        pairs = zip(self.parlour_s, self.bare_s, strict=True)
        return statistics.median(p / b for p, b in pairs) if self.bare_s else float("nan")


# --- the files ---------------------------------------------------------------------


def _play(game_id: str, seed: int, moves: int = 100_000, **options: int) -> list[Session]:
    """A game of bots, move by move (``moves`` at most)."""
    game = registry.get(game_id)
    seats = bot_table(game)
    session = Session.start(game, bot_config(game, seats, options), seed, seats)
    played = [session]
    while session.prompt is not None and len(played) <= moves:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        played.append(session)
    return played


def _line(record: dict[str, Any]) -> bytes:
    return canonical(record).encode("utf-8") + b"\n"


def big_journal(path: Path, session: Session, size: int) -> None:
    """A journal of ``session``'s game whose moves are repeated until the file is
    ``size`` bytes, the chain unbroken and the game's own last move last: the resume
    list shows it as it shows any journal, from its first line and its last move
    (opening it would refuse it, since its moves do not replay). No game of bots is
    long enough to fill several MB (a whole Temptress game is 110-460 KB)."""
    Journal(path).save(session)
    lines = path.read_bytes().splitlines()
    header, moves = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    out, last, total = [_line(header)], header["hash"], 0
    middle, final, number = moves[:-1], moves[-1], 0
    while total < size:
        for move in middle:
            number += 1
            record = {**move, "n": number}
            record.pop("hash")
            last = record["hash"] = chained(last, record)
            out.append(_line(record))
            total += len(out[-1])
    record = {**final, "n": number + 1}
    record.pop("hash")
    record["hash"] = chained(last, record)
    out.append(_line(record))
    path.write_bytes(b"".join(out))


@dataclass
class Files:
    saves: Path
    """The 100 saves of the resume list."""
    listed: Path
    """The bare app's 100 small files, one line each (the lines Parlour lists)."""
    help_text: Path
    table: Path
    """A late Temptress game at a suitor's card play (the help row's busy screen)."""
    table_marker: str
    end: Path
    """A 10-round Temptress game at its last decision, a person's."""
    end_marker: str
    end_keys: tuple[str, ...]
    finished: Path
    doc: Path
    form: tuple[int, int]
    sizes: list[int] = field(default_factory=list)


def _end_scene(games: Sequence[list[Session]]) -> tuple[Session, Session, str] | None:
    """(the last decision, a person's; the game after Decline; the digit that picks
    Decline) of the longest game that ends in round 10 at one suitor's final retirement."""
    from rules.temptress.choice_types import ChoiceKey

    best = None
    for played in games:
        before = played[-2]
        prompt = before.prompt
        if played[-1].turn != 10 or prompt is None or len(prompt.seats) != 1:
            continue
        seat = prompt.seats[0]
        seats = tuple(
            evolve(plan, kind=PERSON) if n == seat else plan for n, plan in enumerate(before.seats)
        )
        person = evolve(before, seats=seats)
        choices = person.view(seat).choices
        options = getattr(choices, "options", ())
        for number, option in enumerate(options, 1):
            if option.key == ChoiceKey.DECLINE and option.open:
                after = person.apply(option.value)
                if after.prompt is None and (best is None or len(played) > best[3]):
                    best = (person, after, str(number), len(played))
    return None if best is None else best[:3]


def end_document(session: Session) -> tuple[str, list[str]]:
    """The verdict and the end screen's document (the reveal and the story), as lines."""
    from tui.games import game_ui
    from tui.port import seat_infos
    from tui.widgets.story import BULLET, HEADING, INNER, Paragraph

    view = session.view(None)
    paragraphs = game_ui(session.game.id).reveal(view, seat_infos(session))
    paragraphs += [Paragraph("The story", HEADING)] + [Paragraph(s, BULLET) for s in view.log]
    leads = {BULLET: "• ", INNER: "  ◦ "}
    lines = [leads.get(p.kind, "") + p.text for p in paragraphs]
    outcome = view.outcome
    verdict = outcome.reason if outcome is not None else "The game is over."
    return verdict, lines


def make_files(folder: Path) -> Files:
    """Every file the rows need, under ``folder``."""
    from rules.temptress.state import PromptKind
    from tui.persistence import saves
    from tui.screens.help import help_paragraphs
    from tui.screens.resume import summary_line

    # Whole 10-round Temptress games: the end scene, and the long games of the list.
    whole = [_play("temptress", seed) for seed in range(12)]
    scene = _end_scene(whole)
    if scene is None:
        raise RuntimeError("temptress: no seeded game ended at one suitor's final retirement")
    before, after, digit = scene

    # The resume list: 100 saves, newest first in an order that mixes them.
    folder_saves = folder / "saves"
    folder_saves.mkdir(parents=True)
    paths: list[Path] = []
    others = ("island", "persuasion", "lantern", "temptress")
    for number in range(SAVES - len(whole) - 3):
        game_id = others[number % len(others)]
        played = _play(game_id, seed=number, moves=5 + (number * 7) % 60)
        path = folder_saves / f"{game_id}-{number:03d}.json"
        Journal(path).save(played[-1])
        paths.append(path)
    for number, played in enumerate(whole):
        path = folder_saves / f"temptress-whole-{number:02d}.json"
        Journal(path).save(played[-1])
        paths.append(path)
    for number, played in enumerate(whole[:3]):
        path = folder_saves / f"temptress-big-{number}.json"
        big_journal(path, played[-1], BIG)
        paths.append(path)
    now = time.time()
    for number, path in enumerate(paths):
        moment = now - 60 * ((number * 37) % len(paths))
        os.utime(path, (moment, moment))
    listed = folder / "listed"
    listed.mkdir()
    for number, (summary, path, problem) in enumerate(saves.list_saves(folder_saves)):
        line = problem if summary is None else summary_line(summary)
        item = listed / f"{number:03d}.txt"
        item.write_text(line + "\n", encoding="utf-8")
        moment = path.stat().st_mtime
        os.utime(item, (moment, moment))

    # Help over a late game's card play: the bare app shows the same rules' text.
    def play(s: Session, p: Any) -> bool:
        return p.kind == PromptKind.PLAY and len(s.view(p.seats[0]).hand) >= 4

    late = _late("temptress", play, range(4))
    table = folder / "table" / "temptress-play.json"
    table.parent.mkdir()
    v2_saves.write(late, table)
    assert late.prompt is not None
    name = late.seats[late.prompt.seats[0]].name
    game = registry.get("temptress")
    keys = tuple((f"key {n}", f"what key {n} does here") for n in range(8))
    paragraphs = help_paragraphs("What the moment asks of you, in a sentence or two.", keys,
                                 game.rules_text)
    help_text = folder / "help.txt"
    help_text.write_text("\n\n".join(p.text for p in paragraphs) + "\n", encoding="utf-8")

    # The end of a game: its last decision, and the game finished.
    end = folder / "end" / "temptress-end.json"
    end.parent.mkdir()
    Journal(end).save(before)
    finished = folder / "end" / "temptress-finished.json"
    Journal(finished).save(after)
    verdict, lines = end_document(after)
    doc = folder / "doc.txt"
    doc.write_text(verdict + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    assert before.prompt is not None
    end_name = before.seats[before.prompt.seats[0]].name

    rows = len(game.options) + len(game.text_options(game.default_pack())) + 2  # seed, pack
    rows += 1 if game.min_seats != game.max_seats else 0  # the count of players
    return Files(
        saves=folder_saves, listed=listed, help_text=help_text,
        table=table, table_marker=f"{name}, for your eyes only",
        end=end, end_marker=f"{end_name}, for your eyes only",
        end_keys=(digit,), finished=finished, doc=doc, form=(game.max_seats, rows),
        sizes=sorted(p.stat().st_size for p in paths),
    )


# --- pressing ----------------------------------------------------------------------


def _env(folder: Path) -> dict[str, str]:
    return {"XDG_DATA_HOME": str(folder / "data")}


def _spawn(argv: list[str], folder: Path, marker: str, keys: Sequence[str] = ()) -> PtyApp:
    app = PtyApp(argv, env=_env(folder), cwd=folder)
    try:
        app.wait_frames(1)
        app.settle(0.3)
        for key in keys:
            app.press(key)
            app.settle(0.3)
        app.wait_text(marker, timeout=15)
        app.settle(0.1)
    except BaseException:
        app.close()
        raise
    return app


def timed(app: PtyApp, key: str, marker: str, result: Opening, who: str) -> float:
    """Seconds from ``key`` to the end of the last frame it causes: the frames until
    ``marker`` is on the screen, and any that follow within ``QUIET`` seconds."""
    app.settle(0.05)
    before = len(app.frames)
    sent = app.press(key)
    try:
        app.wait_frames(before + 1, timeout=30)
        app.wait_text(marker, timeout=30)
    except TimeoutError:
        result.problems.append(f"{who}: after {key!r} the screen never showed {marker!r}")
    app.settle(QUIET, timeout=30)
    return app.frames[-1].end - sent


def open_close(
    app: PtyApp, key: str, marker: str, home: str, result: Opening, who: str
) -> tuple[float, float]:
    opened = timed(app, key, marker, result, who)
    closed = timed(app, "escape", home, result, who)
    return opened, closed


def measure(reps: int = 12, end_reps: int = 7, folder: Path | None = None) -> list[Opening]:
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as temp:
        where = folder or Path(temp)
        files = make_files(where)
        results = [
            Opening("open help (?) until drawn", "temptress: PlayScreen -> HelpScreen"),
            Opening("open setup (n) until drawn", "lobby -> SetupScreen (temptress)"),
            Opening(f"open the resume list (r), {SAVES} saves", "lobby -> ResumeScreen"),
        ]
        help_row, setup_row, list_row = results
        bare_argv = [
            *BARE_SCREENS, "--help-text", str(files.help_text), "--list", str(files.listed),
            "--form", ",".join(map(str, files.form)), "--doc", str(files.doc),
        ]
        table_argv = [PARLOUR, "resume", str(files.table), "--saves", str(files.table.parent)]
        with (
            _spawn(bare_argv, where, BARE_HOME) as bare,
            _spawn([PARLOUR, "--saves", str(files.saves)], where, LOBBY) as lobby,
            _spawn(table_argv, where, files.table_marker, ("enter", "enter")) as table,
        ):
            for number in range(reps + 1):  # the first round warms caches
                pairs = (
                    (help_row, table, "?", "Help: ", files.table_marker, "Bare help"),
                    (setup_row, lobby, "n", "who is playing?", LOBBY, "Bare form"),
                    (list_row, lobby, "r", "Saved games in", LOBBY, "Bare saves"),
                )
                for row, parlour, key, marker, home, bare_marker in pairs:
                    b, _ = open_close(bare, key, bare_marker, BARE_HOME, row, "bare")
                    p, back = open_close(parlour, key, marker, home, row, "Parlour")
                    if not number:
                        row.first = (p, b)
                        continue
                    row.bare_s.append(b)
                    row.parlour_s.append(p)
                    row.closed_s.append(back)
        results += measure_end(files, where, end_reps)
        for row in results:
            row.problems = list(dict.fromkeys(row.problems))
        return results


def measure_end(files: Files, where: Path, reps: int) -> list[Opening]:
    key_row = Opening("the key that ends the game, until the end screen is drawn",
                      "temptress, 10 rounds: RetireScreen -> ResolutionScreen")
    spawn_row = Opening("resume a finished game: spawn to first complete frame",
                        "temptress, 10 rounds: ResolutionScreen", goal=None)
    for number in range(reps + 1):
        run = where / f"end-{number}"
        run.mkdir()
        end, finished = run / files.end.name, run / files.finished.name
        shutil.copy(files.end, end)
        shutil.copy(files.finished, finished)
        with _spawn([*BARE_SCREENS, "--doc", str(files.doc)], where, BARE_HOME) as bare:
            b = timed(bare, "e", "Bare end", key_row, "bare")
        opening = ("enter", "enter", *files.end_keys)
        argv = [PARLOUR, "resume", str(end), "--saves", str(run)]
        with _spawn(argv, where, files.end_marker, opening) as parlour:
            p = timed(parlour, "enter", "Winners:", key_row, "Parlour")
        with PtyApp([*BARE_SCREENS, "--doc", str(files.doc), "--start-doc"],
                    env=_env(where), cwd=where) as bare:
            bs = first_complete_frame(bare)
        with PtyApp([PARLOUR, "resume", str(finished), "--saves", str(run)],
                    env=_env(where), cwd=where) as parlour:
            ps = first_complete_frame(parlour)
            if "Winners:" not in parlour.text():
                spawn_row.problems.append("Parlour: the resumed game shows no end screen")
        if number:  # the first run fills the bytecode cache
            key_row.bare_s.append(b)
            key_row.parlour_s.append(p)
            spawn_row.bare_s.append(bs)
            spawn_row.parlour_s.append(ps)
    return [key_row, spawn_row]


def report(results: Sequence[Opening]) -> str:
    lines = []
    for r in results:
        goal = "n/a" if r.goal is None else f"<= {r.goal:g}"
        lines.append(
            f"{r.measure:<58} {r.screen:<52} Parlour {r.median('parlour_s') * 1000:7.1f} ms"
            f"  bare {r.median('bare_s') * 1000:6.1f} ms  ratio {r.paired_ratio():5.2f} ({goal})"
        )
        if r.closed_s:
            lines.append(f"    Parlour's Escape back: {r.median('closed_s') * 1000:.1f} ms")
        if r.first is not None:
            lines.append(f"    the first, untimed opening: Parlour {r.first[0] * 1000:.1f} ms, "
                         f"bare {r.first[1] * 1000:.1f} ms")
        lines += [f"    problem: {problem}" for problem in r.problems]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=12, help="timed openings of each screen")
    parser.add_argument("--end-reps", type=int, default=7, help="timed ends of a game")
    parser.add_argument("--keep", type=Path, help="make the files here and keep them")
    args = parser.parse_args()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    print(report(measure(args.reps, args.end_reps, args.keep)))


if __name__ == "__main__":
    main()
