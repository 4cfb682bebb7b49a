"""The island tells an action as a scene: the suitors' approaches, her reaction, the
gaffes behind each Faux Pas, whose approach carries the day, and the role-play chip for
an approach that touches one of her secret interests (``voice``).

Only where the island narrates, and only with a pack that gives it words: with a person
narrating, the narrator tells the scene (and awards chips) in their own words.
"""

from __future__ import annotations

from attrs import evolve

from rules.engine import Seat, Who
from rules.story import STORY
from rules.temptress.state import Approach, Contest, EventKind, TemptressState
from rules.temptress.table import log, with_suitor, woman_name
from rules.temptress.voice import draw_approach, draw_gaffe, engaged


def _speaks(state: TemptressState) -> bool:
    return state.narrator_seat is None and state.config.voice.speaks


def _told(line: str) -> str:
    """A pack line inside a sentence: no closing full stop of its own."""
    return line.strip().rstrip(".")


def approach(
    state: TemptressState, seat: Seat, typed: str
) -> tuple[Approach | None, TemptressState]:
    """``seat``'s approach: the line they typed, or one drawn from the pack; None where
    the island does not tell scenes."""
    if not _speaks(state):
        return None, state
    if typed:
        return Approach(seat, typed, True), state
    line, chance = draw_approach(state.config.voice, state.chance)
    return Approach(seat, _told(line), False), evolve(state, chance=chance)


def approach_line(found: Approach | None, typed: str, plain: str = "plain") -> tuple[str, str]:
    """The line a claim (or, with ``plain`` the kind's own line, a joining) is told by,
    and the approach it names."""
    if found is not None and not found.typed:
        return "drawn", found.line
    return (STORY if typed else plain), typed


def reaction(state: TemptressState, contest: Contest) -> TemptressState:
    """How she took it: warmly when anyone in the action reached the first target."""
    if not _speaks(state) or contest.woman is None:
        return state
    spec = state.config.women[contest.woman]
    warm = any(contest.reached(seat, 1) for seat in contest.participants)
    line = spec.warm if warm else spec.cool
    if not line:
        return state
    her = woman_name(state, contest.woman)
    return log(state, EventKind.REACTION, woman=her, reaction=_told(line))


def gaffe(state: TemptressState, seat: Seat) -> TemptressState:
    """A Faux Pas told as a blunder from the pack."""
    if not _speaks(state):
        return state
    line, chance = draw_gaffe(state.config.voice, state.chance)
    if not line:
        return state
    state = evolve(state, chance=chance)
    return log(state, EventKind.GAFFE, suitor=Who(seat), gaffe=_told(line))


def prevailing(contest: Contest, seat: Seat) -> tuple[str, str]:
    """The line that says ``seat`` prevails, and the approach it names."""
    found = contest.approach_of(seat)
    if found is None:
        return STORY, ""
    return ("said" if found.typed else "drawn"), found.line


def role_play(state: TemptressState, contest: Contest) -> tuple[TemptressState, bool]:
    """The island's role-play chip for each approach that touches one of her interests,
    told in the story (a public hint about her); and whether the actor earned one."""
    if not _speaks(state) or contest.woman is None:
        return state, False
    woman = state.women[contest.woman]
    actor_earned = False
    for found in contest.approaches:
        if found.seat not in state.active:
            continue
        topic = engaged(state.config.voice, found.line, woman.preferences)
        if not topic:
            continue
        actor_earned = actor_earned or found.seat == contest.actor
        rapport = state.suitors[found.seat].rapport + 1
        state = with_suitor(state, found.seat, rapport=rapport)
        her = woman_name(state, contest.woman)
        state = log(state, EventKind.ENGAGED, suitor=Who(found.seat), woman=her, topic=topic)
    return state, actor_earned
