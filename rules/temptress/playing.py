"""Playing toward a target: which cards may go, which Rapport spends they allow, and why not.

``PlayChoices`` is the asked suitor's decision at a target, as their view
offers it: the screen, the bot and random play read it, and ``play_cards``
and ``reroll`` in the contest refuse exactly what it closes, with the same
sentences, because they ask it (``play_choices``) or its refusal functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from rules.cards import PlayingCard
from rules.chance import Chance
from rules.choices import Option
from rules.engine import Seat
from rules.temptress.actions import PlayCards, Reroll
from rules.temptress.state import ContestKind, ExcelSpend, TemptressState
from rules.temptress.table import cards_text
from rules.wording import plural

PAIR_BONUS = 3
SUIT_BONUS = 3
DIE_NAMES = ("first", "second", "third")


def has_pair(cards: Sequence[PlayingCard]) -> bool:
    """Whether a suitor's cards in one action hold a pair (the pair spend's condition)."""
    ranks = [c.rank for c in cards]
    return len(set(ranks)) < len(ranks)


def suit_bonus(cards: Sequence[PlayingCard], last: PlayingCard) -> int | None:
    """+3 for three cards of one suit; the last card's value instead for a straight flush."""
    if len(cards) != 3 or len({c.suit for c in cards}) != 1:
        return None
    ranks = sorted(c.rank for c in cards)
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return last.rank
    return SUIT_BONUS


NOT_THE_ACTOR = "Only the suitor who took the action may re-roll a die."
NOT_THE_INITIATOR = "Only the suitor who started the argument may re-roll a die."


def inflating(target: int) -> str:
    """Why a spend is refused in an argument when the cards alone reach the target."""
    return f"Your cards reach {target} alone: no Rapport to inflate it."


def reroll_refusal(arguing: bool, acting: bool, rerolled: bool, rapport: int, die: int) -> str:
    """Why re-rolling ``die`` is refused ('' when it is not). The seed lets "a player
    taking action" re-roll, once per action: not those who joined against it; in an
    argument, the suitor who started it."""
    if not acting:
        return NOT_THE_INITIATOR if arguing else NOT_THE_ACTOR
    if rerolled:
        return "You have already re-rolled a die in this action."
    if rapport < 1:
        return "A re-roll costs a Rapport chip, and you have none."
    if die not in (0, 1, 2):
        return "Choose the first, second or third die."
    return ""


def cost_refusal(cost: int, rapport: int) -> str:
    """Why spends costing ``cost`` chips are refused ('' when the Rapport covers them)."""
    if cost > rapport:
        return f"Those spends cost {cost} Rapport and you have {rapport}."
    return ""


@frozen
class PlayChoices:
    """What the suitor asked to play toward the current target may do.

    Play 1 card up to the ``budget`` left, with the pair and the suit spends
    the chosen cards allow (``spends``), or first re-roll a die (``rerolls``,
    one option per die). ``played`` are the cards this suitor already played
    in this contest: a pair or three of a suit may span targets.
    """

    seat: Seat
    ask: str
    budget: int
    target: int
    hand: tuple[PlayingCard, ...]
    played: tuple[PlayingCard, ...]
    rapport: int
    arguing: bool
    """An argument: Rapport may be spent to excel only toward reaching the target, so the
    pair and suit spends are closed when the cards alone reach it."""
    spent: tuple[ExcelSpend, ...]
    """The excel spends this suitor already made in this contest."""
    rerolls: tuple[Option[Reroll], ...]
    capped: bool = False
    """The island narrates this argument: a total that a spend takes beyond the target
    counts as the target (``counted``); a person narrator rules on it before settling."""

    @property
    def kind(self) -> ContestKind:
        return ContestKind.ARGUMENT if self.arguing else ContestKind.ACTION

    def cards_refusal(self, chosen: Sequence[PlayingCard]) -> str:
        """Why playing ``chosen`` (without spends) is refused ('' when it is not)."""
        if not chosen:
            return "Play at least one card, even when the target is out of reach."
        if len(set(chosen)) != len(chosen):
            return "Each card can be played only once."
        missing = [c for c in chosen if c not in self.hand]
        if missing:
            return f"{cards_text(missing)} is not in your hand."
        if len(chosen) > self.budget:
            return (
                f"You have {plural(self.budget, 'card')} of budget left in this {self.kind}; "
                f"you tried to play {len(chosen)}."
            )
        return ""

    def _condition(self, spend: ExcelSpend, chosen: Sequence[PlayingCard]) -> str:
        """Why this spend does not go with ``chosen``, before its cost ('' when it does)."""
        if self.arguing and sum(c.rank for c in chosen) >= self.target:
            return inflating(self.target)
        shown = self.played + tuple(chosen)
        if spend == ExcelSpend.PAIR:
            if spend in self.spent:
                return "You have already spent for a pair in this action."
            if not has_pair(shown):
                return "The cards you played in this action hold no pair."
            return ""
        if spend in self.spent:
            return "You have already spent for three of a suit in this action."
        if suit_bonus(shown, chosen[-1]) is None:
            return "The three-of-a-suit spend needs three played cards of one suit."
        return ""

    def spends(self, chosen: Sequence[PlayingCard]) -> tuple[Option[ExcelSpend], ...]:
        """The pair and the suit spends for playing ``chosen`` (in that order), each open or
        closed with the rules' sentence for this selection, labelled with its real bonus."""
        cards = self.cards_refusal(chosen)
        options = []
        for spend, word, usual in (
            (ExcelSpend.PAIR, "Pair", PAIR_BONUS),
            (ExcelSpend.SUIT, "Suit", SUIT_BONUS),
        ):
            closed = cards or self._condition(spend, chosen) or cost_refusal(1, self.rapport)
            bonus = usual if closed else self._bonus(spend, chosen) or usual
            label = f"{word} +{bonus}"
            options.append(Option(spend, label, closed=closed, cost=1, key=spend.value))
        return tuple(options)

    def spends_refusal(self, pair: bool, suit: bool) -> str:
        """Why taking these spends together is refused for their cost ('' when it is not)."""
        return cost_refusal(int(pair) + int(suit), self.rapport)

    def refusal(self, chosen: Sequence[PlayingCard], pair: bool, suit: bool) -> str:
        """Everything the rules check for ``action(chosen, pair, suit)``: '' when it is legal."""
        said = self.cards_refusal(chosen)
        if said:
            return said
        for spend, wanted in ((ExcelSpend.PAIR, pair), (ExcelSpend.SUIT, suit)):
            said = self._condition(spend, chosen) if wanted else ""
            if said:
                return said
        return self.spends_refusal(pair, suit)

    def _bonus(self, spend: ExcelSpend, chosen: Sequence[PlayingCard]) -> int | None:
        if spend == ExcelSpend.PAIR:
            return PAIR_BONUS
        return suit_bonus(self.played + tuple(chosen), chosen[-1])

    def bonus(self, chosen: Sequence[PlayingCard], pair: bool, suit: bool) -> int:
        """What the spends add to ``chosen`` (check ``refusal`` first)."""
        return sum(
            self._bonus(spend, chosen) or 0
            for spend, wanted in ((ExcelSpend.PAIR, pair), (ExcelSpend.SUIT, suit))
            if wanted
        )

    def total(self, chosen: Sequence[PlayingCard], pair: bool, suit: bool) -> int:
        """What playing ``chosen`` with these spends adds up to toward the target."""
        return sum(c.rank for c in chosen) + self.bonus(chosen, pair, suit)

    def counted(self, chosen: Sequence[PlayingCard], pair: bool, suit: bool) -> int:
        """What the play counts for toward the target: its ``total``, except that where the
        island narrates an argument, a total spends took beyond the target counts as the
        target itself."""
        total = self.total(chosen, pair, suit)
        if self.capped and self.bonus(chosen, pair, suit):
            return min(total, max(self.target, sum(c.rank for c in chosen)))
        return total

    def action(self, chosen: Sequence[PlayingCard], pair: bool, suit: bool) -> PlayCards:
        return PlayCards(self.seat, tuple(chosen), pair_bonus=pair, suit_bonus=suit)

    def draw(self, chance: Chance) -> tuple[PlayCards | Reroll, Chance]:
        """A random legal play: now and then a re-roll, else 1 to budget cards and the
        spends they open, as far as the Rapport goes."""
        rerolls = [option for option in self.rerolls if option.open]
        roll, chance = chance.below(8)
        if rerolls and roll == 0:
            option, chance = chance.pick(rerolls)
            return option.value, chance
        count, chance = chance.below(min(self.budget, len(self.hand)))
        order, chance = chance.shuffle(self.hand)
        chosen = order[: count + 1]
        wanted: list[ExcelSpend] = []
        for spend in self.spends(chosen):
            coin, chance = chance.below(2)
            if spend.open and coin and len(wanted) < self.rapport:
                wanted.append(spend.value)
        return self.action(chosen, ExcelSpend.PAIR in wanted, ExcelSpend.SUIT in wanted), chance


def play_choices(state: TemptressState, seat: Seat) -> PlayChoices:
    """What ``seat`` may do at the current target of the contest."""
    contest = state.contest
    assert contest is not None
    suitor = state.suitors[seat]
    arguing = contest.kind == ContestKind.ARGUMENT
    rerolled = contest.spent(seat, ExcelSpend.REROLL)
    rerolls = tuple(
        Option(
            Reroll(seat, die),
            f"Re-roll the {DIE_NAMES[die]} die ({face})",
            closed=reroll_refusal(arguing, seat == contest.actor, rerolled, suitor.rapport, die),
            cost=1,
            key=f"reroll{die + 1}",
        )
        for die, face in enumerate(contest.dice)
    )
    budget = contest.budget_left(seat)
    goal = contest.targets[-1]
    most = min(budget, len(suitor.hand))
    return PlayChoices(
        seat=seat,
        ask=f"Play 1 to {most} cards toward {goal}." if most > 1 else f"Play a card toward {goal}.",
        budget=budget,
        target=goal,
        hand=suitor.hand,
        played=contest.cards_of(seat),
        rapport=suitor.rapport,
        arguing=arguing,
        spent=tuple(spend for s, spend in contest.spends if s == seat),
        rerolls=rerolls,
        capped=arguing and state.narrator_seat is None,
    )
