"""Late-game save files for the screen benches, made by seeded bot play.

For each game, bots play seeded games; the bench takes the longest one and
stops it at the last moment the busy screen it wants is up (say, the last time
a suitor chooses cards in the Temptress). The seat that acts then becomes a
person, so ``parlour resume FILE`` opens on that screen (behind the curtain
when it is private) and waits for keys; the other seats stay bots.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from rules import registry
from rules.engine import Prompt
from rules.session import PERSON, Session
from rules.simulate import bot_config, bot_table
from tests import v2_saves  # noqa: E402

HEX_KEYS = "dewazx"  # direction index -> key, as bound on the Island table


@frozen
class Scene:
    """A save that opens on a busy screen, and how to drive it.

    ``opening``: keys that get from the resumed app to the screen (Enter at the table's
    public moment, then lift the
    curtain, focus the card list). ``keys``: the cursor keys to time, pressed
    in turn (each moves the cursor and the next moves it back). ``marker``:
    text that is on the screen once it is up.
    """

    game: str
    screen: str
    path: Path
    opening: tuple[str, ...]
    keys: tuple[str, ...]
    marker: str
    scroll: bool = False
    """The keys scroll (the tale): also compared with the bare app's own scroll."""


def _history(game_id: str, seed: int) -> list[Session]:
    game = registry.get(game_id)
    seats = bot_table(game)
    session = Session.start(game, bot_config(game, seats), seed, seats)
    history = [session]
    while session.prompt is not None and len(history) < 5000:
        seat = session.prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        history.append(session)
    return history


def _late(
    game_id: str, wanted: Callable[[Session, Prompt], bool], seeds: range
) -> Session:
    """The last session of the longest seeded game whose prompt is ``wanted``."""
    best: Session | None = None
    for seed in seeds:
        history = _history(game_id, seed)
        found = [s for s in history if s.prompt is not None and wanted(s, s.prompt)]
        if found and (best is None or len(found[-1].actions) > len(best.actions)):
            best = found[-1]
    if best is None:
        raise RuntimeError(f"{game_id}: no seeded game reached the wanted screen")
    prompt = best.prompt
    assert prompt is not None
    seat = prompt.seats[0]
    seats = tuple(
        evolve(plan, kind=PERSON) if number == seat else plan
        for number, plan in enumerate(best.seats)
    )
    return evolve(best, seats=seats)


def _island_keys(session: Session) -> tuple[str, ...]:
    """A hex step the Mover's cursor can take, and the step back."""
    from rules.island.board import step
    from tui.island.render import board_neighbourhood

    view = session.view(None)
    prompt = session.prompt
    assert prompt is not None
    home = view.pieces[prompt.seats[0]]
    around = board_neighbourhood(view)
    for direction in range(6):
        if step(home, direction) in around:
            return HEX_KEYS[direction], HEX_KEYS[(direction + 3) % 6]
    raise RuntimeError("island: the Mover's cursor cannot move")


def _tale_length(session: Session) -> int:
    return sum(len(p.text.split()) for p in session.state.tale)


def make_scenes(folder: Path, seeds: int = 12) -> list[Scene]:
    """Write one save per scene into ``folder``; the scenes, in game order."""
    folder.mkdir(parents=True, exist_ok=True)
    scenes: list[Scene] = []

    def save(name: str, session: Session) -> Path:
        path = folder / f"{name}.json"
        v2_saves.write(session, path)
        return path

    def add(game: str, screen: str, session: Session, **how: Any) -> None:
        path = save(f"{game}-{screen.split()[0].lower()}", session)
        scenes.append(Scene(game, screen, path, **how))

    # The Temptress: a suitor choosing cards late in a long game (a card cursor).
    def play(s: Session, p: Prompt) -> bool:
        return p.kind == "play" and len(s.view(p.seats[0]).hand) >= 4

    session = _late("temptress", play, range(seeds))
    name = session.seats[session.prompt.seats[0]].name
    add(
        "temptress", "PlayScreen (cards)", session,
        opening=("enter", "enter"), keys=("down", "up"), marker=f"{name}, for your eyes only",
    )

    # Temptation Island: the Mover's hex cursor on the board, late in the game.
    session = _late("island", lambda s, p: p.kind == "move", range(seeds))
    add(
        "island", "IslandTable (hex board)", session,
        opening=(), keys=_island_keys(session), marker="Cursor:",
    )

    # Persuasion: a late reception, the held cards listed with a cursor.
    def reception(s: Session, p: Prompt) -> bool:
        return p.kind == "reception" and bool(s.view(p.seats[0]).players[p.seats[0]].holds)

    session = _late("persuasion", reception, range(seeds))
    name = session.seats[session.prompt.seats[0]].name
    add(
        "persuasion", "ReceptionScreen (cards)", session,
        opening=("enter", "enter"), keys=("down", "up"), marker="Use a card of someone whose seal",
    )

    # The Lantern: the public tale, long, at an interruption window a person answers;
    # the arrow keys scroll the tale.
    session = _late("lantern", lambda s, p: p.kind == "window", range(seeds))
    add(
        "lantern", "LanternTable (long tale)", session,
        opening=(), keys=("up", "down"), marker="interrupt with a card", scroll=True,
    )
    # ... and the writing desk late in the game: the hand's card cursor (Tab leaves the prose).
    def turn(s: Session, p: Prompt) -> bool:
        return p.kind == "turn" and len(s.view(p.seats[0]).hand) >= 4

    session = _late("lantern", turn, range(seeds))
    add(
        "lantern", "WritingScreen (hand)", session,
        opening=("enter", "enter", "tab"), keys=("down", "up"), marker="Name a card (Tab here",
    )
    return scenes


if __name__ == "__main__":
    import sys
    import tempfile

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="parlour-"))
    for scene in make_scenes(target):
        print(scene)
