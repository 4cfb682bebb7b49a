"""A shared driver for the sweeps over every registered game's screens.

``drive`` plays one game through the app with every seat a person, so every
curtain and every private screen appears; each decision is the game's own bot
choosing from ``view(state, seat)`` and goes to the rules through
``app.flow.act`` (the path the keys use). At every new moment (a new screen,
or a new action under the same screen) it calls ``visit`` with who may be
looking: ``None`` for the curtain and the public screens, the seat whose
curtain was lifted for that seat's own screens.

With ``explore`` the driver also presses, once per screen class, every key the
screen offers (its own bindings, when ``check_action`` allows them), so forms,
consoles and pages that only keys open are shown too. A key that acts (say,
decline at the table) is taken back at once (the flow is given the session from
before the key and shows its screen again), so the bots' game goes on unchanged;
unless it led to a kind of prompt this game has not had yet and the bots' own game
would not come to (``expected``; an argument the bots never start, say): then the
game goes on from there.

Nothing here names a game: a newly registered game joins by itself.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import attrs
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

import tui
from rules import registry
from rules.engine import GameInfo, Seat
from rules.pins import hash_pin
from rules.session import PERSON, SeatPlan, Session
from rules.simulate import play_out
from rules.take_back import actor
from tests.tui_helpers import press, resize, screen_text, settle
from tui.games import game_ui, playable
from tui.kit.base import ParlourScreen
from tui.screens.curtain import CurtainScreen
from tui.screens.resolution import ResolutionScreen
from tui.widgets.toosmall import MIN_HEIGHT, MIN_WIDTH
from tui.widgets.toosmall import notice as too_small_notice

NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
SIZES = ((20, 5), (40, 12), (80, 24), (300, 100), (120, 40))
"""The sizes every screen is shown at; the drives run at the last one."""
SWEEP_PIN_WORK = 2
"""The sweeps hash their PINs cheaply (a save says its own cost): they lift hundreds
of curtains; tests/test_pins.py holds the real cost to account."""
BASE_STACK = 2
"""The app's default screen and the one the flow switches (the lobby at the start)."""


def game_ids() -> list[str]:
    """Every registered game that the app has screens for."""
    return [game_id for game_id in registry.games() if playable(game_id)]


def pin_of(seat: Seat) -> str | None:
    """Every other seat (the first, the third, ...) sets a PIN."""
    return None if seat % 2 else f"{(seat * 7 + 1357) % 10000:04d}"


# --- the tables to play --------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One way to sit down at a game: how many seats, which options."""

    game_id: str
    seats: int
    options: tuple[tuple[str, int], ...]
    label: str

    @property
    def game(self) -> GameInfo[Any]:
        return registry.get(self.game_id)

    def plans(self, pins: bool = True) -> tuple[SeatPlan, ...]:
        return tuple(
            SeatPlan(
                NAMES[seat],
                PERSON,
                hash_pin(pin, SWEEP_PIN_WORK) if pins and (pin := pin_of(seat)) else None,
            )
            for seat in range(self.seats)
        )

    def session(self, seed: int, pins: bool = True) -> Session:
        game = self.game
        plans = self.plans(pins)
        config = game.make_config(
            tuple(p.name for p in plans), dict(self.options), game.default_pack()
        )
        return Session.start(game, config, seed, plans)


def _accepts(game: GameInfo[Any], seats: int, options: dict[str, int]) -> bool:
    """Whether the game sets up a table like this (whatever it raises means no)."""
    try:
        config = game.make_config(NAMES[:seats], options, game.default_pack())
        game.new(config, 1)
    except Exception:
        return False
    return True


def tables(game_id: str) -> list[Table]:
    """The default table (the demo's seat count, default options), then one table for
    each on/off option turned the other way (a person referee, a simpler mode...),
    at the fewest seats the game accepts with it."""
    game = registry.get(game_id)
    defaults = {o.key: o.default for o in game.options}
    found = [Table(game_id, game.bot_seats, tuple(defaults.items()), "default")]
    for option in game.options:
        if (option.minimum, option.maximum) != (0, 1):
            continue
        options = defaults | {option.key: 1 - option.default}
        for seats in range(game.min_seats, game.max_seats + 1):
            if _accepts(game, seats, options):
                label = f"{option.key}={options[option.key]}"
                found.append(Table(game_id, seats, tuple(options.items()), label))
                break
    return found


# --- short games ------------------------------------------------------------------

MIN_ACTIONS = 20
"""A quick game still lasts this many decisions, so it gets past the opening."""
RACE_SEEDS = range(1, 3)
SEED_POOL = range(1, 21)


@dataclass(frozen=True)
class Playout:
    """A headless bot game: how many decisions (None: unfinished), which kinds of prompt."""

    actions: int | None
    kinds: frozenset[str]


@cache
def playout(table: Table, seed: int, limit: int = 3000) -> Playout:
    session = table.session(seed, pins=False)
    kinds = set()
    for _ in range(limit):
        prompt = session.prompt
        if prompt is None:
            break
        kinds.add(prompt.kind)
        seat = prompt.seats[0]
        session = session.apply(session.bot_for(seat).choose(session.view(seat)))
    finished = session.outcome is not None
    return Playout(len(session.actions) if finished else None, frozenset(kinds))


def common_kinds(table: Table, seeds: range) -> frozenset[str]:
    """The kinds of prompt every one of these bot games asks."""
    return frozenset.intersection(*(playout(table, seed).kinds for seed in seeds))


def _race(
    candidates: list[Table], seeds: range, wanted: frozenset[str], limit: int = 3000
) -> Table | None:
    """The candidate whose longest bot game (over ``seeds``) is the shortest, among those
    whose games last ``MIN_ACTIONS`` decisions on average and between them ask every
    kind of prompt ``wanted``: every candidate's games advance one decision at a time
    together, so the first to finish wins (ties: the earlier one)."""
    games = {i: [c.session(seed, pins=False) for seed in seeds] for i, c in enumerate(candidates)}
    kinds: dict[int, set[str]] = {i: set() for i in games}
    for _ in range(limit):
        for i in list(games):
            sessions = games[i]
            for n, session in enumerate(sessions):
                prompt = session.prompt
                if prompt is not None:
                    kinds[i].add(prompt.kind)
                    seat = prompt.seats[0]
                    sessions[n] = session.apply(session.bot_for(seat).choose(session.view(seat)))
            if all(session.prompt is None for session in sessions):
                del games[i]
                mean = sum(len(session.actions) for session in sessions) / len(sessions)
                if mean >= MIN_ACTIONS and kinds[i] >= wanted:
                    return candidates[i]
        if not games:
            return None
    return None


def _ladder(low: int, high: int, *also: int) -> list[int]:
    return sorted({v for v in (low, low + 1, low + 2, low + 4, high, *also) if low <= v <= high})


@cache
def shortened(table: Table, wanted: frozenset[str]) -> Table:
    """The table made quick to play: fewer seats (not below the game's least) and its
    number options (not the on/off ones) set so that the bot games are short, yet last
    ``MIN_ACTIONS`` decisions and between them ask the ``wanted`` kinds of prompt.
    Each round races the table against every change of the seat count or of one
    option (lowest, next few, default, highest), until no change wins."""
    game = table.game
    current = table
    while True:
        candidates = [current]
        for seats in _ladder(game.min_seats, current.seats):
            if seats != current.seats and _accepts(game, seats, dict(current.options)):
                candidates.append(Table(table.game_id, seats, current.options, table.label))
        for option in game.options:
            if (option.minimum, option.maximum) == (0, 1):
                continue
            for value in _ladder(option.minimum, option.maximum, option.default):
                options = dict(current.options) | {option.key: value}
                if options != dict(current.options) and _accepts(game, current.seats, options):
                    candidates.append(
                        Table(table.game_id, current.seats, tuple(options.items()), table.label)
                    )
        best = _race(candidates, RACE_SEEDS, wanted)
        if best is None or best == current:
            return current
        current = best


@dataclass(frozen=True)
class Plan:
    """A quick table, the kinds of prompt its games must ask, and seeds for them."""

    table: Table
    wanted: frozenset[str]
    seeds: tuple[int, ...]


@cache
def quick_plans(game_id: str, games: int) -> tuple[Plan, ...]:
    """Every table of the game (``tables``) made quick, with seeds: ``games`` games at
    least, one per table at least. Between them the games ask every kind of prompt
    that the tables' own bot games all ask (arguments, say, which the Temptress's
    bots only start from the second round; not a rare one, such as a tie for the
    narrator to settle). Tables asking more kinds go first; a later table only has to
    ask the kinds no earlier one did, so it can be quicker. The sweeps drive every
    step through the screens, so quick games buy more of them."""
    originals = tables(game_id)
    per_table = -(-games // len(originals))
    common = {t: common_kinds(t, RACE_SEEDS) for t in originals}
    asked: set[str] = set()
    plans = []
    for table in sorted(originals, key=lambda t: -len(common[t])):
        wanted = frozenset(common[table] - asked)
        quick = shortened(table, wanted)
        seeds = short_seeds(quick, per_table, wanted)
        for seed in seeds:
            asked |= playout(quick, seed).kinds
        plans.append(Plan(quick, wanted, seeds))
    return tuple(plans)


@cache
def short_seeds(table: Table, count: int, wanted: frozenset[str]) -> tuple[int, ...]:
    """``count`` seeds from ``SEED_POOL`` for the shortest bot games that still last
    ``MIN_ACTIONS`` decisions and ask the ``wanted`` kinds of prompt (any finished
    ones, the shortest first, when none does)."""
    games = [(playout(table, seed), seed) for seed in SEED_POOL]
    finished = [(p, seed) for p, seed in games if p.actions is not None]
    good = [
        (p.actions, -len(p.kinds), seed)
        for p, seed in finished
        if p.actions >= MIN_ACTIONS and p.kinds >= wanted
    ] or [(p.actions, -len(p.kinds), seed) for p, seed in finished]
    return tuple(seed for *_, seed in sorted(good)[:count])


# --- who may look, and what is secret --------------------------------------------


def referees(session: Session) -> frozenset[Seat]:
    """Seats that hold no secret of their own at the start of the game: the referees
    (the Temptress's narrator, the Lantern's Barkeep), whose consoles show everything."""
    game = session.game
    start = game.new(session.config, session.seed)
    return frozenset(
        seat for seat in range(len(session.seats)) if not game.secrets_of(start, seat)
    )


def view_strings(value: Any) -> list[str]:
    """Every text inside a view (attrs values, tuples, dicts), as the rules hand it over."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.items())
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
    return found


@dataclass
class Scan:
    """One screen's scan: secrets shown that the viewer may not know (``hits``), and
    secrets shown that the rules had already made public (``public``, no leak)."""

    hits: list[str] = field(default_factory=list)
    public: list[str] = field(default_factory=list)


def scan(session: Session, text: str, viewer: Seat | None) -> Scan:
    """Other seats' secrets in ``text``, for a screen ``viewer`` may see (None: anyone).

    A secret is no leak when the viewer shares it (a private line addressed to both,
    as the existing scans allow) or when it is public at this moment: found inside
    the public view (say, a Lantern card named in the play under review, or a card
    in the story log that was played before it came back to a hand), in the game's
    rules or phase help (the Lantern's rules name "a cracked hourglass" as an example
    element, and a Bard may hold it), or in the viewer's own view (a clue seen in an
    argument). The screens may show what those views hold; what the views hold is
    the rules' privacy, tested on the rules."""
    game, state = session.game, session.state
    own = set(game.secrets_of(state, viewer)) if viewer is not None else set()
    allowed = view_strings(session.view(None)) + [
        game.rules_text,
        game.phase_help(session.prompt),
    ]
    if viewer is not None:
        allowed += view_strings(session.view(viewer))
    found = Scan()
    for seat in range(len(session.seats)):
        if seat == viewer:
            continue
        for secret in game.secrets_of(state, seat):
            if not secret or secret in own or secret not in text:
                continue
            where = f"{session.seats[seat].name}: {secret!r}"
            if any(secret in public for public in allowed):
                found.public.append(where)
            else:
                found.hits.append(where)
    return found


# --- every screen class ---------------------------------------------------------


def _import_tui() -> None:
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        importlib.import_module(module.name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def screen_classes() -> frozenset[type]:
    """Every ParlourScreen subclass defined in the tui package."""
    _import_tui()
    return frozenset(
        c for c in _subclasses(ParlourScreen) if c.__module__.split(".")[0] == "tui"
    )


def game_package(game_id: str) -> str:
    """The package holding a game's screens (``tui.island`` for ``tui.island.ui``)."""
    return type(game_ui(game_id)).__module__.rpartition(".")[0]


KIT = "tui.kit"
"""The bases every game's screens are built on: shown only through a game's subclasses."""


def classes_for(game_id: str | None) -> frozenset[type]:
    """A game's own screen classes, or (``None``) the shell's: those in no game's package
    and not the kit's (``kit_classes``)."""
    packages = {game_package(g) for g in game_ids()} | {KIT}

    def home(cls: type) -> str | None:
        return next((p for p in packages if cls.__module__.startswith(p + ".")), None)

    wanted = None if game_id is None else game_package(game_id)
    return frozenset(c for c in screen_classes() if home(c) == wanted)


def kit_classes() -> frozenset[type]:
    """The kit's screen bases (each needs a game's subclass that shows)."""
    return frozenset(c for c in screen_classes() if c.__module__.startswith(KIT + "."))


def is_abstract(cls: type) -> bool:
    """A base that is never shown itself: it draws nothing of its own (``body`` is
    ParlourScreen's) or leaves a method to its subclasses (NotImplementedError)."""
    if cls.body is ParlourScreen.body:  # type: ignore[attr-defined]
        return True
    for name in dir(cls):
        member = getattr(cls, name, None)
        if inspect.isfunction(member) and member.__module__.split(".")[0] == "tui":
            if "raise NotImplementedError" in inspect.getsource(member):
                return True
    return False


def covered(rendered: set[type], required: frozenset[type]) -> frozenset[type]:
    """The required classes shown: each one that is ever shown itself was rendered
    itself; an abstract base (``is_abstract``) counts through a rendered subclass."""
    return frozenset(
        cls
        for cls in required
        if cls in rendered
        or (is_abstract(cls) and any(issubclass(r, cls) for r in rendered))
    )


# --- sizes ----------------------------------------------------------------------


TABLE = (MIN_WIDTH, MIN_HEIGHT)
"""The smallest terminal a table's screens fit (a seat's own terminal: smaller)."""


def notice(width: int, height: int, smallest: tuple[int, int] = TABLE) -> str:
    """The too-small notice, as the app words it."""
    return too_small_notice(width, height, smallest)


def words(text: str) -> str:
    return " ".join(text.split())


def check_size(
    text: str, width: int, height: int, smallest: tuple[int, int] = TABLE
) -> str | None:
    """What is wrong with the screen's text at this size (None: all well), on an app
    whose screens fit ``smallest`` (``TableApp.smallest``)."""
    shown = words(text)
    if width < smallest[0] or height < smallest[1]:
        full = words(notice(width, height, smallest))
        if not shown.startswith("Please enlarge"):
            return f"no enlarge notice at {width}x{height}: {shown[:120]!r}"
        if not full.startswith(shown):
            return f"more than the notice at {width}x{height}: {shown[:200]!r}"
        return None
    if "Please enlarge" in shown:
        return f"the enlarge notice at {width}x{height}"
    if not shown:
        return f"a blank screen at {width}x{height}"
    return None


async def render_sizes(pilot) -> list[str]:
    """Show the current screen at every size, ending at the last (the driving size);
    returns the problems found."""
    app = pilot.app
    smallest = getattr(app, "smallest", TABLE)
    problems = []
    for width, height in SIZES:
        await resize(pilot, width, height)
        _raise_app_error(app)
        problem = check_size(screen_text(app), width, height, smallest)
        for _ in range(3):  # a loaded machine may deliver the resize a frame late
            if not problem:
                break
            await pilot.pause(0.05)
            _raise_app_error(app)
            problem = check_size(screen_text(app), width, height, smallest)
        if problem:
            problems.append(f"{type(app.screen).__name__}: {problem}")
    return problems


def _raise_app_error(app) -> None:
    error = getattr(app, "_exception", None)
    if error is not None:
        raise AssertionError(f"the app crashed on {type(app.screen).__name__}") from error


# --- hand-offs -------------------------------------------------------------------


@dataclass
class Keyboard:
    """Who a curtain was last lowered for, and the moves since: a second curtain for
    the same person with nobody else's move between is one hand-off too many (their
    steps could have been one visit)."""

    name: str | None = None
    moves: int = 0

    def needless(self, name: str, session: Session) -> bool:
        """Record a curtain for ``name``: whether it was needless."""
        seats = [plan.name for plan in session.seats]
        since = session.actions[self.moves :]
        others = any(actor(action) != seats.index(name) for action in since)
        needless = name == self.name and not others
        self.name, self.moves = name, len(session.actions)
        return needless


# --- driving a game --------------------------------------------------------------


@dataclass
class Moment:
    """What ``visit`` is told: the screen, who may look at it, the session now."""

    screen: Screen[Any]
    viewer: Seat | None
    referee: bool
    session: Session
    taken_back: bool = False
    """The last move was just taken back (the mover's curtain comes down again)."""


@dataclass
class Drive:
    """What one driven game did."""

    steps: int = 0
    actions: int = 0
    keys: int = 0
    visits: int = 0
    curtains: int = 0
    pins: int = 0
    classes: set[type] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)
    kept: int = 0
    """Actions that explored keys applied and the driver kept: they led to a kind of
    prompt not seen before in this game."""
    undone: int = 0
    """Actions that explored keys applied and the driver took back."""
    hurried: int = 0
    """Actions the bots played without the screens at the end (``enough``)."""
    tried: set[tuple[type, str]] = field(default_factory=set)
    """(screen class, action) explored; inherited actions under ``Screen``."""
    hand_overs: int = 0
    """Public moments: the table named the next person, and Enter brought their curtain."""
    recaps: int = 0
    """Lines of recap those moments showed."""
    taken_back: list[int] = field(default_factory=list)
    """With ``take_backs``: the moves (by their number) taken back with u at the table."""


Visit = Callable[[Moment], Awaitable[bool | None]]
"""Called at every new moment; a true answer stops the drive there."""


SHARED_ACTIONS = frozenset(b.action for b in ParlourScreen.BINDINGS)  # type: ignore[union-attr]
"""Actions every screen inherits (help): explored once per drive, not once per screen."""


def _own_actions(screen: Screen[Any]) -> set[str]:
    """The actions the Parlour screen classes bind (not Textual's tab or copy keys)."""
    return {
        binding.action
        for cls in type(screen).__mro__
        if isinstance(cls, type) and issubclass(cls, ParlourScreen)
        for binding in cls.__dict__.get("BINDINGS", ())
        if isinstance(binding, Binding)
    }


def _live_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """(key, action) for the screen's own bindings that are live now, one key per action
    (``down`` and ``j`` both scroll: only ``down`` is pressed)."""
    own = _own_actions(screen)
    found: dict[str, str] = {}
    for key, active in screen.active_bindings.items():
        if active.node is screen and active.enabled and active.binding.action in own:
            found.setdefault(active.binding.action, key)
    return [(key, action) for action, key in found.items()]


async def drive(
    pilot,
    visit: Visit,
    *,
    explore: bool = False,
    max_steps: int = 20000,
    skip_keys: frozenset[str] = frozenset({"ctrl+q"}),
    enough: Callable[[Drive], bool] | None = None,
    expected: frozenset[str] = frozenset(),
    take_backs: bool = False,
) -> Drive:
    """Play the flow's game to the resolution screen (see the module docstring).

    Once ``enough`` says so, the bots play the rest of the game without the screens
    (straight on the session) and the flow shows the resolution. With ``take_backs``,
    at each public moment where the last move may be taken back, u takes it back once
    (the mover's bot then decides again)."""
    app = pilot.app
    report = Drive()
    seen: set[tuple[int, int]] = set()
    behind: Seat | None = None
    await settle(pilot)
    for _ in range(max_steps):
        report.steps += 1
        _raise_app_error(app)
        flow = app.flow
        session = flow.session
        screen = app.screen
        report.classes.add(type(screen))
        if session.prompt is not None:
            report.kinds.add(session.prompt.kind)
        names = [plan.name for plan in session.seats]
        if isinstance(screen, CurtainScreen | ResolutionScreen) or screen is flow.table_screen:
            behind = None
        seat = getattr(screen, "seat", None)
        viewer = behind if behind is not None and seat == behind else None
        moment = (id(screen), len(session.actions))
        if moment not in seen:
            seen.add(moment)
            report.visits += 1
            referee = (
                viewer is not None
                and not session.game.secrets_of(session.state, viewer)
                and viewer in referees(session)
            )
            taken_back = bool(report.taken_back) and len(session.actions) < report.taken_back[-1]
            if await visit(Moment(screen, viewer, referee, session, taken_back)):
                break  # the visitor has seen what it wanted
            _raise_app_error(app)
        if isinstance(screen, ResolutionScreen):
            break
        if isinstance(screen, CurtainScreen):
            behind = names.index(screen.seat_name)  # whatever lifts it shows this seat's screen
        if explore:
            untried = [
                (key, mark)
                for key, action in _live_keys(screen)
                if key not in skip_keys
                # (a curtain's Escape only goes back to the table the sweep shows anyway,
                # and the private screen the key at the table asked for would go unseen)
                and not (isinstance(screen, CurtainScreen) and action == "back")
                and (mark := (Screen if action in SHARED_ACTIONS else type(screen), action))
                not in report.tried
            ]
            if untried:
                key, mark = untried[0]
                report.tried.add(mark)
                report.keys += 1
                await press(pilot, key)
                await settle(pilot)
                after = flow.session.prompt
                if len(flow.session.actions) > len(session.actions):
                    if after is not None and after.kind not in report.kinds | expected:
                        report.kept += 1  # somewhere new (an argument started, say): go on
                        continue
                    # The key acted: take it back, so the bots' game goes on as it was.
                    report.undone += 1
                    while len(app.screen_stack) > BASE_STACK:
                        app.pop_screen()
                    flow.session = session
                    flow.save()
                    flow.advance()
                    await settle(pilot)
                continue
        handing = flow.handing_over() if screen is flow.table_screen else None
        if handing is not None:
            done = len(session.actions)
            if take_backs and flow.take_back_refusal() is None and done not in report.taken_back:
                report.taken_back.append(done)
                await press(pilot, "u")
                await settle(pilot)
                assert len(flow.session.actions) == done - 1, "u did not take the move back"
                continue
            report.hand_overs += 1
            report.recaps += len(handing.recap)
            screen.action_hand_over()  # type: ignore[attr-defined]
            await settle(pilot)
            continue
        if isinstance(screen, CurtainScreen):
            report.curtains += 1
            pin = pin_of(behind) if session.seats[behind].pin_hash else None
            if pin is not None:
                report.pins += 1
                screen.query_one("#pin", Input).value = pin
            screen.action_lift()
            await settle(pilot)
            continue
        if len(app.screen_stack) > BASE_STACK:
            app.pop_screen()
            await settle(pilot)
            continue
        if seat is not None and flow.ui.notes_screen is not None and flow.unread(seat):
            flow.notes_read(seat)  # a seat's screen with notes new to it: its notes screen
            await settle(pilot)
            continue
        if enough is not None and enough(report):
            flow.session = play_out(session, max_steps)
            report.hurried = len(flow.session.actions) - len(session.actions)
            flow.save()
            flow.advance()
            await settle(pilot)
            enough = None
            continue
        prompt = session.prompt
        assert prompt is not None, f"no prompt, yet {type(screen).__name__} shows"
        actor = prompt.seats[0]
        action = session.bot_for(actor).choose(session.view(actor))
        refusal = flow.act(action)
        assert refusal is None, f"the bot's {action!r} was refused: {refusal}"
        report.actions += 1
        await settle(pilot)
    else:
        raise AssertionError(f"no resolution after {max_steps} steps")
    return report
