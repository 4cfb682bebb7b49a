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
from rules.engine import Seat
from rules.persuasion.actions import NEEDS
from rules.persuasion.state import (
    DISCARD_AUTHOR,
    DISCARD_BYSTANDER,
    FINAL,
    INTRO,
    MAIL,
    PEEK_AUTHOR,
    PEEK_BYSTANDER,
    RECEPTION,
    CardSight,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionView,
    Send,
    UseCard,
)

PROPOSE_AT = 2
"""Known desired minus despised symbols that make a bot propose."""


@frozen
class PersuasionBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides."""

    seat: Seat
    seed: int

    def choose(self, view: PersuasionView) -> Any:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 13 + view.round)
        if view.phase == INTRO:
            return self._introduce(view, chance)
        if view.phase == MAIL:
            return self._mail(view, chance)
        if view.phase == RECEPTION:
            return self._reception(view, chance)
        if view.phase == FINAL:
            return self._final(view)
        raise ValueError("nothing to decide")

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

    def _introduce(self, view: PersuasionView, chance: Chance) -> Introduce:
        mine = view.players[self.seat].cards
        order, _ = chance.shuffle(tuple(range(len(mine))))
        return Introduce(self.seat, order[0], order[1])

    def _mail(self, view: PersuasionView, chance: Chance) -> Send:
        others = self._others(view)
        if view.round >= 12:
            # A very long season: settle on the first player round the table, as
            # everyone else will, so that some pair is sure to meet.
            return Send(self.seat, min(others), None)
        last = max((r for r, _, _ in view.proposals), default=0)
        suitors = tuple(f for r, f, t in view.proposals if t == self.seat and r == last)
        patient = view.round < 8  # a long season makes any match better than none
        if suitors:
            suitor, chance = chance.pick(suitors)
            if self._score(view, suitor) >= 0 or not patient:
                return Send(self.seat, suitor, None)
        best = max(others, key=lambda p: (self._score(view, p), -p))
        known = sum(1 for c in view.players[best].cards if c.card is not None)
        if self._score(view, best) >= PROPOSE_AT and (known >= 3 or view.round >= 4):
            return Send(self.seat, best, None)
        ranked = sorted(others, key=lambda p: -self._score(view, p))
        for target in ranked:
            slots = self._unseen_by(view, target)
            if slots:
                slot, _ = chance.pick(slots)
                return Send(self.seat, target, slot)
        return Send(self.seat, best, None)

    def _unseen_by(self, view: PersuasionView, target: Seat) -> tuple[int, ...]:
        """My face-down cards without the target's stamp."""
        return tuple(
            c.slot
            for c in view.players[self.seat].cards
            if not c.faceup and target not in c.stampers
        )

    def _reception(self, view: PersuasionView, chance: Chance) -> Any:
        holds = view.players[self.seat].holds
        if not holds:
            return self._forced(view, chance)
        for owner in holds:
            for sight in view.players[owner].cards:
                if sight.card is None:
                    continue
                action = self._use(view, owner, sight, chance)
                if action is not None:
                    return action
        return Pass(self.seat)

    def _forced(self, view: PersuasionView, chance: Chance) -> ForcedDiscard:
        others = self._others(view)
        worst = sorted(others, key=lambda p: self._score(view, p))
        for player in worst:
            cards = view.players[player].cards
            if cards:
                slot, _ = chance.pick(tuple(c.slot for c in cards))
                return ForcedDiscard(self.seat, player, slot)
        mine = view.players[self.seat].cards
        return ForcedDiscard(self.seat, self.seat, mine[0].slot)

    def _use(self, view: PersuasionView, owner: Seat, sight: CardSight, chance: Chance) -> Any:
        assert sight.card is not None
        kind = sight.card.action
        if kind in (DISCARD_AUTHOR, DISCARD_BYSTANDER) and view.round >= 10:
            return self._discard_with(view, owner, sight, kind, chance)
        if kind not in (PEEK_AUTHOR, PEEK_BYSTANDER):
            return None
        needs = NEEDS[kind]
        if "player" in needs:
            bystanders = [p for p in self._others(view) if p != owner]
            for player in bystanders:
                unknown = [c.slot for c in view.players[player].cards if c.card is None]
                if unknown:
                    target, _ = chance.pick(tuple(unknown))
                    return UseCard(self.seat, owner, sight.slot, player=player, target=target)
            return None
        unknown = [c.slot for c in view.players[owner].cards if c.card is None]
        if not unknown:
            return None
        target, _ = chance.pick(tuple(unknown))
        return UseCard(self.seat, owner, sight.slot, target=target)

    def _discard_with(
        self, view: PersuasionView, owner: Seat, sight: CardSight, kind: str, chance: Chance
    ) -> UseCard | None:
        """Late in a long season, thin someone's cards so that the season can end."""
        players = (
            [owner] if kind == DISCARD_AUTHOR else [p for p in self._others(view) if p != owner]
        )
        for player in players:
            cards = view.players[player].cards
            if cards:
                target, _ = chance.pick(tuple(c.slot for c in cards))
                who = {"player": player} if kind == DISCARD_BYSTANDER else {}
                return UseCard(self.seat, owner, sight.slot, target=target, **who)
        return None

    def _final(self, view: PersuasionView) -> FinalRing:
        discards = sum(self._value(view, c) for c in view.discards)
        engaged = {p for pair in view.exchanged for p in pair}
        singles = [p for p in self._others(view) if p not in engaged]
        if singles:
            best = max(singles, key=lambda p: self._score(view, p))
            if self._score(view, best) > max(discards, 0):
                return FinalRing(self.seat, best)
        return FinalRing(self.seat, None)
