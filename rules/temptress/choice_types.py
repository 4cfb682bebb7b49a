"""The shapes of what a Temptress view offers its seat: the option keys a screen binds,
the open floor's question, the narrator's verdict, and the union of them all."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from attrs import frozen

from rules.chance import Chance
from rules.choices import Option, Pick, Write
from rules.engine import Seat
from rules.temptress.actions import Action, NarratorVerdict
from rules.temptress.playing import PlayChoices
from rules.temptress.state import SpendChoice


class ChoiceKey(StrEnum):
    """The stable names of options a screen binds a key to (votes, stakes, spends and clue
    kinds are named by their own values)."""

    COURT = "court"
    ARGUE = "argue"
    RETIRE = "retire"
    DECLINE = "decline"
    JOIN = "join"
    STAY = "stay"
    RAISE = "raise"
    STOP = "stop"
    FOLLOW = "follow"
    PASS = "pass"
    AVOID = "avoid"
    ACCEPT = "accept"
    AWARD = "award"
    END_ROUND = "end_round"
    TWIST = "twist"
    NO_DRAW = "no_draw"
    REFILL = SpendChoice.REFILL.value


LABEL_WIDTH = 76
"""Labels are kept to this many characters (an 80-column screen with a margin)."""


def short(text: str) -> str:
    return text if len(text) <= LABEL_WIDTH else text[: LABEL_WIDTH - 1].rstrip() + "…"


def answerable(question: Pick[object] | Write[object] | None) -> bool:
    """Whether some answer to ``question`` is open, all the way down."""
    if question is None or isinstance(question, Write):
        return True
    live = [option for option in question.options if option.open and answerable(option.then)]
    return len(live) >= question.fewest if question.several else bool(live)


@frozen
class FloorPick(Pick[Action]):
    """The open floor's question. Retiring stays open whatever seven cards the hand holds
    (the public table must not learn whether they are a flush; with fewer than seven, which
    everyone sees, it is closed), so a random answer skips options that lead only to
    closed ones."""

    def draw(self, chance: Chance) -> tuple[Action, Chance]:
        live = [o for o in self.options if o.open and answerable(o.then)]
        if not live:
            raise ValueError(f"no open option for {self.ask!r}")
        option, chance = chance.pick(live)
        if option.then is not None:
            return option.then.draw(chance)
        return option.value, chance


@frozen
class VerdictChoices:
    """The narrator's verdict after an action: chips for any suitors still in the game
    (``awards``, none at all is fine), and a miss told as a success with a ``twist``."""

    seat: Seat
    ask: str
    awards: Pick[Seat]
    twist: Option[NarratorVerdict]

    def action(self, awards: Sequence[Seat], twist: bool) -> NarratorVerdict:
        return NarratorVerdict(self.seat, tuple(awards), twist)

    def draw(self, chance: Chance) -> tuple[NarratorVerdict, Chance]:
        verdict, chance = self.awards.draw(chance)
        coin, chance = chance.below(2)
        return self.action(verdict.awards, bool(coin) and self.twist.open), chance


SeatChoices = Pick[Action] | Pick[Seat] | PlayChoices | VerdictChoices
"""What a Temptress view offers its seat: a question of actions, the narrator's pick of
sides (seats filling the action's field), a play, or the narrator's verdict."""
