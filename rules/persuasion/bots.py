"""A Persuasion bot: decides from its seat's view only.

It scores every other player by the cards it has seen (desired symbols minus
despised ones), courts the best of them with its seal, proposes when the score
is convincing, prefers actions that show it more cards, and on the last
chance sends its ring where it stands to gain.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.persuasion.state import (
    CardAction,
    CardSight,
    FinalRing,
    ForcedDiscard,
    Introduce,
    PersuasionView,
    Phase,
    Send,
    UseCard,
)

PROPOSE_AT = 2
"""Known desired minus despised symbols that make a bot propose."""


@frozen
class PersuasionBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides.

    What is legal comes from the view's choices (which cards may be sent to whom,
    which targets an action offers); the bot only decides among them.
    """

    seat: Seat
    seed: int

    def choose(self, view: PersuasionView) -> Any:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 13 + view.round)
        choices = view.choices
        if choices is None:
            raise ValueError(f"{view.players[self.seat].name} has nothing to decide now")
        if view.phase == Phase.INTRO:
            return self._introduce(choices, chance)
        if view.phase == Phase.MAIL:
            return self._mail(view, choices, chance)
        if view.phase == Phase.RECEPTION:
            return self._reception(view, choices, chance)
        return self._final(view, choices)

    # --- judging others -----------------------------------------------------------

    def _value(self, view: PersuasionView, sight: CardSight) -> int:
        diary = view.diary
        if sight.card is None or diary is None:
            return 0
        symbols = sight.card.symbols
        return symbols.count(diary.desired) - symbols.count(diary.despised)

    def _score(self, view: PersuasionView, player: Seat) -> int:
        return sum(self._value(view, c) for c in view.players[player].cards)

    def _others(self, view: PersuasionView) -> list[Seat]:
        return [p for p in range(len(view.players)) if p != self.seat]

    # --- phases -------------------------------------------------------------------

    def _introduce(self, choices: Pick[Any], chance: Chance) -> Introduce:
        order, _ = chance.shuffle(tuple(range(len(choices.options))))
        flip = choices.options[order[0]].then
        assert isinstance(flip, Pick)
        return next(o.value for o in flip.opened if o.value.discard == order[1])

    def _mail(self, view: PersuasionView, choices: Pick[Any], chance: Chance) -> Send:
        offers = _follow_ups(choices)

        def ring(to: Seat) -> Send:
            option = offers[to].keyed("ring")
            assert option is not None
            return option.value

        others = list(offers)
        if view.round >= 12:
            # A very long season: settle on the first player round the table, as
            # everyone else will, so that some pair is sure to meet.
            return ring(min(others))
        last = max((r for r, _, _ in view.proposals), default=0)
        suitors = tuple(f for r, f, t in view.proposals if t == self.seat and r == last)
        patient = view.round < 8  # a long season makes any match better than none
        if suitors:
            suitor, chance = chance.pick(suitors)
            if self._score(view, suitor) >= 0 or not patient:
                return ring(suitor)
        best = max(others, key=lambda p: (self._score(view, p), -p))
        known = sum(1 for c in view.players[best].cards if c.card is not None)
        if self._score(view, best) >= PROPOSE_AT and (known >= 3 or view.round >= 4):
            return ring(best)
        ranked = sorted(others, key=lambda p: -self._score(view, p))
        for target in ranked:
            # The cards the choices let me send with my seal: face down, unknown to them.
            slots = tuple(o.value.card for o in offers[target].opened if o.value.card is not None)
            if slots:
                slot, _ = chance.pick(slots)
                return Send(self.seat, target, slot)
        return ring(best)

    def _reception(self, view: PersuasionView, choices: Pick[Any], chance: Chance) -> Any:
        passing = choices.keyed("pass")
        if passing is None:
            return self._forced(view, choices, chance)
        for option in choices.opened:
            if not isinstance(option.value, UseCard):
                continue
            used = option.value
            sight = view.players[used.owner].cards[used.slot]
            assert sight.card is not None and option.then is not None
            action = self._use(view, option, sight.card.action, chance)
            if action is not None:
                return action
        return passing.value

    def _forced(self, view: PersuasionView, choices: Pick[Any], chance: Chance) -> ForcedDiscard:
        offers = _follow_ups(choices)
        worst = sorted(self._others(view), key=lambda p: self._score(view, p))
        for player in worst:
            if player in offers:
                slots = tuple(o.value.target for o in offers[player].opened)
                slot, _ = chance.pick(slots)
                return ForcedDiscard(self.seat, player, slot)
        return next(iter(offers.values())).opened[0].value

    def _use(
        self, view: PersuasionView, option: Option[Any], kind: CardAction, chance: Chance
    ) -> UseCard | None:
        """A use of the card ``option`` offers, with the targets it offers, or None."""
        late = view.round >= 10
        if kind == CardAction.DISCARD_AUTHOR and late:
            return _any_target(option, chance)
        if kind == CardAction.PEEK_AUTHOR:
            # The targets offered are the cards I am not aware of yet.
            return _any_target(option, chance)
        if kind == CardAction.PEEK_BYSTANDER or (kind == CardAction.DISCARD_BYSTANDER and late):
            # The first bystander offered (one with a card I may peek at, or discard):
            # the card is offered only when there is one.
            assert isinstance(option.then, Pick)
            return _any_target(option.then.opened[0], chance)
        return None

    def _final(self, view: PersuasionView, choices: Pick[Any]) -> FinalRing:
        offered = {o.value.to: o.value for o in choices.opened}
        discards = sum(self._value(view, c) for c in view.discards)
        engaged = {p for pair in view.exchanged for p in pair}
        singles = [p for p in self._others(view) if p not in engaged and p in offered]
        if singles:
            best = max(singles, key=lambda p: self._score(view, p))
            if self._score(view, best) > max(discards, 0):
                return offered[best]
        return offered[None]


def _any_target(option: Option[Any], chance: Chance) -> UseCard:
    """One of the targets ``option`` leads to, at random."""
    assert isinstance(option.then, Pick)
    target, _ = chance.pick(option.then.opened)
    return target.value


def _follow_ups(choices: Pick[Any]) -> dict[Any, Pick[Any]]:
    """The open options that lead to a further question: value -> that question."""
    return {o.value: o.then for o in choices.opened if isinstance(o.then, Pick)}
