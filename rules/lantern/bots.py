"""The Lantern's demo seats: a demo Bard and a demo Barkeep, clearly labelled as such.

The demo Bard's prose is a simple template around its card (and the Loose
Ends it ties off), and now and then it mentions in passing something else
from the bundled pack, as a teller does, which a Bard who holds that card may
interrupt with; the demo Barkeep names a Bard at random to begin (its own
seeded draw), verifies a play whose text really names its card, and denies it
otherwise; it rules an interruption by whether the play's text names its card.
They exist so that ``parlour demo lantern`` and ``parlour simulate lantern`` can
run a whole tale without people.
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from attrs import frozen

from rules.chance import Chance
from rules.choices import Pick, Write
from rules.engine import Seat
from rules.lantern.choices import RulingChoices, TurnChoices
from rules.lantern.pack import default_pack
from rules.lantern.state import (
    Action,
    Begin,
    DenyReason,
    Interrupt,
    PassTurn,
    Phase,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
    SendUnder,
)
from rules.lantern.view import LanternView

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
ASIDE_ODDS = 2
"""One passage in this many mentions something else in passing."""

A = TypeVar("A")


@cache
def _asides() -> tuple[str, ...]:
    """What a demo Bard may mention in passing: the bundled pack's elements."""
    return default_pack().elements


def demo_prose(
    element: str | None, ties: tuple[str, ...], opening: str, aside: str | None = None
) -> str:
    """A passage built around the card and the Loose Ends it ties off."""
    parts = [opening]
    if aside:
        parts.append(f"Somebody mentioned {aside}, but nobody paid it any mind.")
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
    """A demo Bard, or the demo Barkeep when it sits in the Barkeep's seat.

    What it may do it reads from its view's choices (the hand to name, the Loose
    Ends to claim, the reasons to deny with, the Bards who may come and the free
    benches); what it chooses is its own.
    """

    seat: Seat
    seed: int

    def choose(self, view: LanternView) -> Action:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 7)
        choices = view.choices
        if choices is None:
            raise ValueError(f"nothing to decide in phase {view.phase}")
        names = dict(view.elements_named)
        phase = view.phase
        if phase == Phase.TURN and isinstance(choices, TurnChoices):
            return self._play(choices, chance)
        if isinstance(choices, Write):
            return choices.answer("And so the lantern was trimmed, and the tale was done.")
        assert isinstance(choices, Pick | RulingChoices)
        if phase == Phase.RULING:
            return self._rule(view, choices, names)
        assert isinstance(choices, Pick)
        if phase == Phase.OPENING:  # the demo Barkeep lets its own dice name who begins
            first, _ = choices.draw(chance)
            assert isinstance(first, Begin)
            return first
        if phase == Phase.WINDOW:
            return self._window(view, choices)
        if phase == Phase.INTERRUPTIONS:
            assert view.attempt is not None
            _, card = view.attempt.interruptions[0]
            if not _mentions(view.attempt.text, names[card]):
                return _value(choices, "not_mentioned", RuleInterruption)
            # in the play: it stands, or (offered once another stands) it comes too late
            verdict = "stands" if choices.keyed("stands") else "too_late"
            return _value(choices, verdict, RuleInterruption)
        if phase == Phase.DRY:
            return _value(choices, "end", Restock)
        if phase == Phase.SLEEPER:  # three sleeps in a row: the demo sends them away
            return _value(choices, "send", SendUnder)
        if phase == Phase.SUSPENDED:
            return self._seat_someone(choices)
        raise ValueError(f"nothing to decide in phase {phase}")

    def _play(self, choices: TurnChoices, chance: Chance) -> Play | PassTurn:
        opening, chance = chance.pick(OPENINGS)
        hand = tuple(option.value for option in choices.cards.opened)
        names = {option.value: option.label for option in choices.cards.options}
        names |= {option.value: option.label for option in choices.ties.options}
        ties = tuple(option.value for option in choices.ties.opened)[:1]
        rest, chance = chance.below(8)
        if not hand or rest == 0:
            if not ties or hand:
                return _value(choices.passes, "pass", PassTurn)
            text = demo_prose(None, tuple(names[t] for t in ties), opening)
            return choices.action(text, None, ties)
        card, chance = chance.pick(hand)
        loose, chance = chance.below(5)
        slip, chance = chance.below(7)
        if slip == 0:
            # Now and then the demo Bard forgets to bring the card in (and is denied).
            return choices.action(demo_prose(None, (), opening), card)
        aside, chance = self._aside(chance, set(names.values()))
        text = demo_prose(names[card], tuple(names[t] for t in ties), opening, aside)
        suggest = loose == 0 and len(hand) > 2 and choices.loose_end.open
        return choices.action(text, card, ties, suggest)

    @staticmethod
    def _aside(chance: Chance, known: set[str]) -> tuple[str | None, Chance]:
        """Now and then, something from the pack that is not in this Bard's hand."""
        odds, chance = chance.below(ASIDE_ODDS)
        others = tuple(element for element in _asides() if element not in known)
        if odds or not others:
            return None, chance
        return chance.pick(others)

    def _window(self, view: LanternView, choices: Pick[object]) -> Interrupt:
        attempt = view.attempt
        assert attempt is not None
        interrupt = choices.keyed("interrupt")
        if interrupt is not None and isinstance(interrupt.then, Pick):
            for option in interrupt.then.opened:
                if _mentions(attempt.text, option.label):
                    assert isinstance(option.value, Interrupt)
                    return option.value
        return _value(choices, "let_go", Interrupt)

    def _rule(
        self, view: LanternView, choices: RulingChoices | Pick[object], names: dict[int, str]
    ) -> Rule:
        attempt = view.attempt
        assert attempt is not None
        bard_cards = view.bard(attempt.bard).cards
        denial: DenyReason | None = None
        if attempt.card is None:
            if bard_cards:
                denial = DenyReason.NO_CARD_NAMED
            elif not attempt.ties:
                denial = DenyReason.NOTHING_PLAYED
        elif not _mentions(attempt.text, names[attempt.card]):
            denial = DenyReason.NOT_BROUGHT_IN
        if isinstance(choices, Pick) and denial is not None:  # a vote at the table
            return _value(choices, "deny", Rule)
        if isinstance(choices, Pick):  # the demo holds tied off what the text names
            ties = {o for o in attempt.ties if _mentions(attempt.text, names.get(o, "\0"))}
            wanted = (attempt.loose_end, tuple(sorted(ties)))
            for option in choices.opened:
                value = option.value
                if isinstance(value, Rule) and value.verify:
                    if (value.loose_end, tuple(sorted(value.tied))) == wanted:
                        return value
            return _value(choices, "verify", Rule)
        if denial is not None:
            return _value(choices.deny, denial, Rule)
        tied = tuple(o.value for o in choices.ties.opened if _mentions(attempt.text, o.label))
        loose_end = attempt.loose_end and choices.loose_end.open
        return choices.verified(loose_end, tied)

    def _seat_someone(self, choices: Pick[object]) -> SeatBard | Restock:
        """The first Bard who may come, on the first free bench; else close the tale."""
        seating = choices.keyed("seat")
        if seating is not None and seating.open and isinstance(seating.then, Pick):
            bard = seating.then.opened[0]
            assert isinstance(bard.then, Pick)
            seated = bard.then.opened[0].value
            assert isinstance(seated, SeatBard)
            return seated
        return _value(choices, "close", Restock)


def _value(choices: Pick[object], key: str, kind: type[A]) -> A:
    """The action of the option named ``key`` (it must be offered), a ``kind``."""
    option = choices.keyed(key)
    if option is None:
        raise ValueError(f"no {key!r} in {choices.ask!r}")
    value = option.value
    assert isinstance(value, kind), f"{key!r} in {choices.ask!r} is no {kind.__name__}"
    return value
