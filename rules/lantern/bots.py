"""The Lantern's demo seats: a demo Bard and a demo Barkeep, clearly labelled as such.

The demo Bard's prose is a simple template around its card (and the Loose
Ends it ties off); the demo Barkeep verifies a play whose text really names
its card, and denies it otherwise. They exist so that ``parlour demo lantern``
and ``parlour simulate lantern`` can run a whole tale without people.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from rules.chance import Chance
from rules.engine import Seat
from rules.lantern.state import (
    CLOSING,
    DRY,
    INTERRUPTIONS,
    NO_CARD_NAMED,
    NOT_BROUGHT_IN,
    NOTHING_PLAYED,
    RULING,
    SUSPENDED,
    TURN,
    WINDOW,
    Closing,
    Interrupt,
    LanternView,
    PassTurn,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
)

OPENINGS = (
    "The fire crackled low as the tale went on, and every Bard leaned closer.",
    "Nobody at the Rusty Lantern could have guessed what happened next.",
    "Outside the rain hammered the shutters, but inside the story grew warmer.",
)
FILLER = (
    "The travellers exchanged a long look, weighed their chances, and pressed on into the "
    "night with lanterns held high and hearts beating fast, certain that the road ahead "
    "would ask more of them than the road behind."
)


def demo_prose(element: str | None, ties: tuple[str, ...], opening: str) -> str:
    """A passage built around the card and the Loose Ends it ties off."""
    parts = [opening]
    if element:
        parts.append(f"Then, quite suddenly, {element} came into the story and changed it.")
    for tie in ties:
        parts.append(f"At last the matter of {tie} was settled for good.")
    parts.append(FILLER)
    return " ".join(parts)


def _mentions(text: str, element: str) -> bool:
    return element.casefold() in text.casefold()


@frozen
class LanternBot:
    """A demo Bard, or the demo Barkeep when it sits in the Barkeep's seat."""

    seat: Seat
    seed: int

    def choose(self, view: LanternView) -> Any:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 7)
        names = dict(view.elements_named)
        phase = view.phase
        if phase == TURN:
            return self._play(view, names, chance)
        if phase == WINDOW:
            return self._window(view, names)
        if phase == RULING:
            return self._rule(view, names)
        if phase == INTERRUPTIONS:
            assert view.attempt is not None
            _, card = view.attempt.interruptions[0]
            return RuleInterruption(self.seat, _mentions(view.attempt.text, names[card]))
        if phase == DRY:
            return Restock(self.seat)
        if phase == CLOSING:
            return Closing(self.seat, "And so the lantern was trimmed, and the tale was done.")
        if phase == SUSPENDED:
            return self._seat_someone(view)
        raise ValueError(f"nothing to decide in phase {phase}")

    def _play(self, view: LanternView, names: dict[int, str], chance: Chance) -> Play | PassTurn:
        opening, chance = chance.pick(OPENINGS)
        ties = view.table_ids[:1]
        rest, chance = chance.below(8)
        if not view.hand or rest == 0:
            if not ties or view.hand:
                return PassTurn(self.seat)
            text = demo_prose(None, tuple(names[t] for t in ties), opening)
            return Play(self.seat, text, None, ties=ties)
        card, chance = chance.pick(view.hand)
        loose, chance = chance.below(5)
        slip, chance = chance.below(7)
        if slip == 0:
            # Now and then the demo Bard forgets to bring the card in (and is denied).
            text = demo_prose(None, (), opening)
            return Play(self.seat, text, card)
        text = demo_prose(names[card], tuple(names[t] for t in ties), opening)
        return Play(self.seat, text, card, ties=ties, loose_end=loose == 0 and len(view.hand) > 2)

    def _window(self, view: LanternView, names: dict[int, str]) -> Interrupt:
        attempt = view.attempt
        assert attempt is not None
        for card in view.hand:
            if _mentions(attempt.text, names[card]):
                return Interrupt(self.seat, card)
        return Interrupt(self.seat, None)

    def _rule(self, view: LanternView, names: dict[int, str]) -> Rule:
        attempt = view.attempt
        assert attempt is not None
        bard_cards = view.bards[attempt.bard].cards
        if attempt.card is None:
            if bard_cards:
                return Rule(self.seat, False, NO_CARD_NAMED)
            if not attempt.ties:
                return Rule(self.seat, False, NOTHING_PLAYED)
        elif not _mentions(attempt.text, names[attempt.card]):
            return Rule(self.seat, False, NOT_BROUGHT_IN)
        tied = tuple(t for t in attempt.ties if _mentions(attempt.text, names[t]))
        return Rule(
            self.seat, True, loose_end=attempt.loose_end and attempt.card is not None, tied=tied
        )

    def _seat_someone(self, view: LanternView) -> SeatBard | Restock:
        taken = {b.bench for b in view.bards if b.bench is not None}
        free = [n for n in range(view.benches) if n not in taken]
        away = [i for i, b in enumerate(view.bards) if b.bench is None and not b.gone]
        if free and away:
            return SeatBard(self.seat, away[0], free[0])
        return Restock(self.seat)
