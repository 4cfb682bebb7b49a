"""A Persuasion bot: decides from its seat's view only.

It plays for its diary. A season is won by one pile of cards: the discards for a
single player, the partner's traits for one who exchanged rings. So the bot weighs
every pile it might be judged by as a chance of winning (``odds``): the symbols of
the cards it knows there, and for each card it has not seen, what the rulebook's
deck makes likely, plus a couple of cards more for what the rest of the season may
still change. Then:

* **introductions**: it discards the card that helps the discards most (its most
  desired symbols) and flips up its least useful card;
* **holding nothing**: it discards the card worth most in the discards: a known card
  of its desired symbol (its own, or one seen in a hand it would not marry); failing that a
  plain card of its own, or a card it has not seen while the discards go against it;
* **holding seals and rings**: it weighs every action and target the choices
  offer by how the piles change (discard a desired card, take a despised one out of
  the discards, take a despised card from the player it would marry or give them a
  desired one, peek at an unknown card) and passes when none helps;
* **mailing**: once it knows three of a suitor's cards (or from round 4), it sends its
  ring when their cards make winning with them likely and better than staying single
  (answering a suitor who proposed last round on a lower bar), else its seal and a
  card to the player it rates highest;
* **the last chance**: its ring goes to the single player whose cards beat the
  discards for it, or to the discards.

Its own cards count a little (a desired card in hand can be discarded later).
From round 12 every bot proposes to the first player round the table, so a season
of bots always ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TypeVar

from attrs import frozen

from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.persuasion.state import (
    Action,
    CardAction,
    CardSight,
    Diary,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionView,
    Phase,
    Send,
    Symbol,
    UseCard,
)

LONG_SEASON = 12
"""From this round every bot rings the first player round the table, so some pair meets."""
FUTURE = 2
"""Cards not yet seen that the bot adds to a pile while the season goes on: what the rest
of the season may still change there (so a wider lead is worth more than a narrow one)."""
PROPOSE_ODDS = 0.6
"""The chance of winning with a suitor below which a bot does not send its ring."""
ACQUAINTED = 3
"""A bot proposes to a player (or answers their proposal) only once it knows this many
of their cards..."""
ACQUAINTED_BY = 4
"""...or from this round on."""
RING_GAIN = 0.1
"""How much better than staying single an engagement must look for a bot to propose."""
OWN_HAND = 0.03
"""What a desired symbol in the bot's own hand is worth to it (a card it may discard
later), against a chance of winning."""
INFO = 0.02
"""What learning a card the bot has not seen is worth, against a chance of winning."""

A = TypeVar("A")

DISCARDS = -1
"""The discards, as a place cards move to and from beside the players' seats."""

_FACES = ((1, 14), (2, 3), (3, 1))
"""How many symbols a trait card carries, and how many cards of a symbol do (the
rulebook's composition): what a card not yet seen may be."""


@cache
def _unseen(count: int) -> dict[int, float]:
    """The chances of each desired-minus-despised count of ``count`` cards not yet seen."""
    cards = sum(n for _, n in _FACES)
    one = {0: 1 / 3}
    for symbols, n in _FACES:
        one[symbols] = one[-symbols] = n / (3 * cards)
    spread = {0: 1.0}
    for _ in range(count):
        step: dict[int, float] = {}
        for a, p in spread.items():
            for b, q in one.items():
                step[a + b] = step.get(a + b, 0.0) + p * q
        spread = step
    return spread


@cache
def odds(known: int, unseen: int) -> float:
    """The chance that a pile of known value ``known`` (desired minus despised symbols)
    and ``unseen`` cards not yet seen holds more desired than despised symbols (a tie
    does not win)."""
    return sum(p for v, p in _unseen(max(unseen, 0)).items() if known + v > 0)


@frozen
class Pile:
    """A pile of cards as the bot sees it: the symbols of those it knows, and how many
    it does not."""

    counts: dict[Symbol, int]
    unseen: int

    @classmethod
    def of(cls, sights: tuple[CardSight, ...]) -> Pile:
        return cls({}, 0).moved(sights, 1)

    def moved(self, sights: tuple[CardSight, ...], sign: int) -> Pile:
        """The pile with ``sights`` added (``sign`` 1) or taken away (-1)."""
        counts = {s: self.counts.get(s, 0) for s in Symbol}
        unseen = self.unseen
        for sight in sights:
            if sight.card is None:
                unseen += sign
            else:
                for symbol in sight.card.symbols:
                    counts[symbol] += sign
        return Pile(counts, unseen)

    def lead(self, diary: Diary, future: int = FUTURE) -> float:
        """The chance that this pile, ``future`` cards of change later, holds more of
        ``diary``'s desired symbol than of its despised one."""
        known = self.counts[diary.desired] - self.counts[diary.despised]
        return odds(known, self.unseen + future)


@frozen
class PersuasionBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides.

    What is legal comes from the view's choices (which cards may be sent to whom,
    which targets an action offers); the bot only decides among them.
    """

    seat: Seat
    seed: int

    def choose(self, view: PersuasionView) -> Action:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 13 + view.round)
        choices = view.choices
        if choices is None:
            raise ValueError(f"{view.players[self.seat].name} has nothing to decide now")
        if view.phase == Phase.INTRO:
            return self._introduce(view, choices)
        if view.phase == Phase.MAIL:
            return self._mail(view, choices, chance)
        if view.phase == Phase.RECEPTION:
            return self._reception(view, choices)
        return self._final(view, choices)

    # --- judging cards and piles ----------------------------------------------------------

    def _diary(self, view: PersuasionView) -> Diary:
        assert view.diary is not None, "a seat's view holds its diary"
        return view.diary

    def _value(self, view: PersuasionView, sight: CardSight) -> int:
        """Desired minus despised symbols of a card (0 for one the bot has not seen)."""
        if sight.card is None:
            return 0
        diary, symbols = self._diary(view), sight.card.symbols
        return symbols.count(diary.desired) - symbols.count(diary.despised)

    def _pile(self, view: PersuasionView, place: Seat) -> Pile:
        return Pile.of(view.discards if place == DISCARDS else view.players[place].cards)

    def _lead(self, view: PersuasionView, place: Seat) -> float:
        """The bot's chance of winning by the pile at ``place``: no change is to come
        once the season is over and only the last rings are to be sent."""
        future = 0 if view.phase == Phase.FINAL else FUTURE
        return self._pile(view, place).lead(self._diary(view), future)

    def _others(self, view: PersuasionView) -> list[Seat]:
        return [p for p in range(len(view.players)) if p != self.seat]

    def _partner(self, view: PersuasionView) -> Seat | None:
        """Whom the bot has exchanged rings with, if anyone."""
        for a, b in view.exchanged:
            if self.seat in (a, b):
                return b if a == self.seat else a
        return None

    def _best(self, view: PersuasionView, players: list[Seat]) -> Seat:
        """The player whose cards the bot would rather be judged by (the first of equals)."""
        return max(players, key=lambda p: (self._lead(view, p), -p))

    def _engaging(self, view: PersuasionView, player: Seat) -> float:
        """How much likelier the bot is to win engaged to ``player`` than single."""
        return self._lead(view, player) - self._lead(view, DISCARDS)

    def _favourite(self, view: PersuasionView) -> Seat | None:
        """The bot's partner, else the player it would rather marry than stay single."""
        partner = self._partner(view)
        if partner is not None:
            return partner
        best = self._best(view, self._others(view))
        return best if self._engaging(view, best) > 0 else None

    def _worth(
        self, view: PersuasionView, place: Seat, pile: Pile, favourite: Seat | None
    ) -> float:
        """What ``pile`` at ``place`` is worth to the bot: the discards (while single)
        and its favourite's cards by its chance of winning by them, its own hand a
        little by its desired symbols, anyone else's nothing."""
        diary = self._diary(view)
        if place == DISCARDS:
            return pile.lead(diary) if self._partner(view) is None else 0.0
        if place == self.seat:
            return OWN_HAND * (pile.counts[diary.desired] - pile.counts[diary.despised])
        return pile.lead(diary) if place == favourite else 0.0

    def _move(
        self,
        view: PersuasionView,
        sight: CardSight,
        source: Seat,
        to: Seat,
        favourite: Seat | None,
    ) -> float:
        """What moving a card from ``source`` to ``to`` is worth to the bot (a card it
        has not seen is shown to it on the way to the discards or to its hand)."""
        gain = INFO if sight.card is None and to in (DISCARDS, self.seat) else 0.0
        for place, sign in ((source, -1), (to, 1)):
            pile = self._pile(view, place)
            gain += self._worth(view, place, pile.moved((sight,), sign), favourite)
            gain -= self._worth(view, place, pile, favourite)
        return gain

    # --- phases -------------------------------------------------------------------------

    def _introduce(self, view: PersuasionView, choices: Pick[object]) -> Introduce:
        mine = view.players[self.seat].cards
        drop = max(
            range(len(mine)),
            key=lambda s: (self._move(view, mine[s], self.seat, DISCARDS, None), -s),
        )
        flip = min(
            (s for s in range(len(mine)) if s != drop),
            key=lambda s: (self._value(view, mine[s]), s),
        )
        option = choices.options[flip]
        assert isinstance(option.then, Pick)
        return next(
            o.value
            for o in option.then.opened
            if isinstance(o.value, Introduce) and o.value.discard == drop
        )

    def _mail(self, view: PersuasionView, choices: Pick[object], chance: Chance) -> Send:
        offers = _follow_ups(choices)

        def ring(to: Seat) -> Send:
            option = offers[to].keyed("ring")
            assert option is not None and isinstance(option.value, Send)
            return option.value

        others = list(offers)
        if view.round >= LONG_SEASON:
            # A very long season: settle on the first player round the table, as
            # everyone else will, so that some pair is sure to meet.
            return ring(min(others))
        last = max((r for r, _, _ in view.proposals), default=0)
        suitors = [f for r, f, t in view.proposals if t == self.seat and r == last]
        if suitors:
            suitor = self._best(view, suitors)
            if self._courting(view, suitor, 0.0):
                return ring(suitor)
        best = self._best(view, others)
        if self._courting(view, best, RING_GAIN):
            return ring(best)
        ranked = sorted(others, key=lambda p: (-self._lead(view, p), p))
        for target in ranked:
            # The cards the choices let me send with my seal: face down, unknown to them.
            slots = tuple(
                o.value.card
                for o in offers[target].opened
                if isinstance(o.value, Send) and o.value.card is not None
            )
            if slots:
                slot, _ = chance.pick(slots)
                return Send(self.seat, target, slot)
        return ring(best)

    def _courting(self, view: PersuasionView, suitor: Seat, margin: float) -> bool:
        """Whether the bot sends ``suitor`` its ring: it knows enough of their cards (or
        the season is getting on), winning with them is likely, and likelier by
        ``margin`` than winning single."""
        known = sum(1 for c in view.players[suitor].cards if c.card is not None)
        acquainted = known >= ACQUAINTED or view.round >= ACQUAINTED_BY
        lead = self._lead(view, suitor)
        return acquainted and lead >= PROPOSE_ODDS and self._engaging(view, suitor) > margin

    def _reception(
        self, view: PersuasionView, choices: Pick[object]
    ) -> Pass | UseCard | ForcedDiscard:
        passing = choices.keyed("pass")
        favourite = self._favourite(view)
        if passing is None:
            return self._forced(view, choices, favourite)
        assert isinstance(passing.value, Pass)
        best: tuple[float, Pass | UseCard] = (0.0, passing.value)
        for option in choices.opened:
            if not isinstance(option.value, UseCard):
                continue
            used = option.value
            card = view.players[used.owner].cards[used.slot].card
            assert card is not None, "the choices open only cards the bot is aware of"
            for leaf in _leaves(option, UseCard):
                score = self._gain(view, leaf, card.action, favourite)
                if score > best[0]:
                    best = (score, leaf)
        return best[1]

    def _gain(
        self, view: PersuasionView, use: UseCard, kind: CardAction, favourite: Seat | None
    ) -> float:
        """What using a card this way (its targets chosen) is worth to the bot."""
        author, me = use.owner, self.seat
        players = view.players

        def theirs(who: Seat | None) -> CardSight:
            assert who is not None and use.target is not None
            return players[who].cards[use.target]

        def mine() -> CardSight:
            assert use.mine is not None
            return players[me].cards[use.mine]

        if kind in (CardAction.PEEK_AUTHOR, CardAction.FLIP_AUTHOR):
            return INFO if theirs(author).card is None else 0.0
        if kind == CardAction.PEEK_BYSTANDER:
            return INFO if theirs(use.player).card is None else 0.0
        if kind == CardAction.DISCARD_AUTHOR:
            return self._move(view, theirs(author), author, DISCARDS, favourite)
        if kind == CardAction.DISCARD_BYSTANDER:
            assert use.player is not None
            return self._move(view, theirs(use.player), use.player, DISCARDS, favourite)
        if kind == CardAction.TAKE_AUTHOR:
            return self._move(view, theirs(author), author, me, favourite)
        if kind == CardAction.GIVE_AUTHOR:
            return self._move(view, mine(), me, author, favourite)
        if kind == CardAction.TAKE_DISCARD:
            assert use.discard is not None
            return self._move(view, view.discards[use.discard], DISCARDS, me, favourite)
        if kind == CardAction.SWAP_AUTHOR:
            given = self._move(view, mine(), me, author, favourite)
            return given + self._move(view, theirs(author), author, me, favourite)
        return 0.0  # showing the author a card of mine changes no pile

    def _forced(
        self, view: PersuasionView, choices: Pick[object], favourite: Seat | None
    ) -> ForcedDiscard:
        """Holding nothing: the card whose discarding is worth most (the first of equals)."""
        best: tuple[float, ForcedDiscard] | None = None
        for option in choices.opened:
            assert isinstance(option.then, Pick)
            for card in option.then.opened:
                action = card.value
                assert isinstance(action, ForcedDiscard)
                sight = view.players[action.player].cards[action.target]
                score = self._move(view, sight, action.player, DISCARDS, favourite)
                if best is None or score > best[0]:
                    best = (score, action)
        assert best is not None, "a forced discard always has a card to discard"
        return best[1]

    def _final(self, view: PersuasionView, choices: Pick[object]) -> FinalRing:
        offered = {o.value.to: o.value for o in choices.opened if isinstance(o.value, FinalRing)}
        engaged = {p for pair in view.exchanged for p in pair}
        singles = [p for p in self._others(view) if p not in engaged and p in offered]
        if singles:
            best = self._best(view, singles)
            if self._engaging(view, best) > 0:
                return offered[best]
        return offered[None]


def _leaves(option: Option[object], kind: type[A]) -> Iterator[A]:
    """Every whole action an open option leads to (each a ``kind``)."""
    if option.then is None:
        assert isinstance(option.value, kind)
        yield option.value
        return
    assert isinstance(option.then, Pick)
    for follow in option.then.opened:
        yield from _leaves(follow, kind)


def _follow_ups(choices: Pick[object]) -> dict[Seat, Pick[object]]:
    """The open options that lead to a further question: the seat each stands for ->
    that question (whom to write to -> what to send them)."""
    return {
        o.value: o.then
        for o in choices.opened
        if isinstance(o.then, Pick) and isinstance(o.value, int)
    }
