"""A Temptress bot: decides from its seat's view only, like a decent player.

It weighs possible worlds (``belief``, which also reads the failed retirements the table
heard of) and works toward the likeliest suit of its match. On the floor it courts the
women its belief makes likely matches, drawn by weight so that courtships spread across
them, playing the cheapest cards that are not of its suit. It climbs the ladder toward
a pile card: one card toward the first target when one reaches it (a spare chip re-rolls
a die that keeps it out of one card's reach; out of that reach, with chips to spare, it
throws its cheapest card rather than two or three for one chip), one toward the second (there no
chip is kept back, and a card of its suit goes when no other reaches alone), and it
raises when
the chance of reaching a fresh 3d10 with its remaining cards, the excel spends they open
(a pair, three of a suit, a straight flush's doubled last card) and a re-roll makes the
gain (two chips, or a pile card) outweigh a Faux Pas. It draws from the pile likeliest
to be of its suit (its match's). It starts an argument when a chip is to spare, its
cards are strong and a question is open, with someone whose clues it has not seen, and
stakes what helps most (their sorceress clues while her suit is open, then their match
clues, which tell which woman holds which suit). At the round end it buys the clue that
makes a right retirement likeliest, until it is sure enough to retire; then it gathers
its suit from the discard pile. It retires with a flush once sure enough (surer early
in the game, since waiting buys clues), or less sure when it has no chip left to buy a
clue with; holding a flush but unsure and without a chip, it plays its strongest few
cards for one.

The Tempted, who wins only by holding the queen of the sorceress's suit at the end,
keeps every queen the sorceress may have, plays all its other cards, joins actions to
climb the ladder on their dice, draws from the pile likeliest to show that queen on
top, and refills with such a queen or strong cards. As an island voter a bot gives the
extra chip for a raise, a high total or a close call, never to a suitor already well
ahead.

What is legal it reads from the view's ``choices`` (the women it may court, the
piles it may draw from, the spends its cards allow, whom it may argue with, the
clue kinds left, whether it may retire); it never works a rule out again.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TypeGuard, TypeVar

from attrs import evolve, frozen

from rules.cards import PlayingCard, Suit
from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.temptress import belief as beliefs
from rules.temptress.actions import (
    ACTION_TYPES,
    Action,
    ClaimFloor,
    DrawFromPile,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorTrim,
    PlayCards,
    Reroll,
    Retire,
    RevealFauxPas,
    SpendRapport,
    StartArgument,
)
from rules.temptress.choice_types import ChoiceKey, SeatChoices, VerdictChoices
from rules.temptress.dice_odds import chance_3d10_at_most, chance_3d10_at_most_with_reroll
from rules.temptress.playing import PAIR_BONUS, PlayChoices, has_pair, suit_bonus
from rules.temptress.state import (
    HAND_LIMIT,
    ClueKind,
    Contest,
    ContestKind,
    ContestStage,
    ExcelSpend,
    SpendChoice,
    Stage,
    StakeKind,
)
from rules.temptress.views import TemptressView

RETIRE_CONFIDENCE = 0.3
"""The chance of being right a bot wants before retiring with a flush in the last round;
each round still to come asks for EARLY_CAUTION more (up to CAUTION_CAP): waiting buys
clues. Clues come slowly (one a round end, and what an argument shows), and a suitor
who waits for more may see another retire first."""
EARLY_CAUTION = 0.03
CAUTION_CAP = 0.7
STUCK_CONFIDENCE = 0.3
"""A bot with a flush and no chip to buy a clue with retires when at least this sure:
waiting teaches it nothing."""
FINAL_CONFIDENCE = 0.0
"""At the final retirements staying in gains nothing, so any flush is worth showing."""
SUIT_SURE = 0.75
CLUE_GAIN = 0.02
"""A clue is bought when it is expected to make a right retirement this much likelier."""
UNSURE_PLAYS = 3
"""A bot holding seven of its suit, unsure and without a chip, plays this many of its
strongest for Rapport (and a clue at the round end)."""
ARGUE_PERCENT = 100
"""How often a bot that would gain from an argument starts one when it may."""
STRONG_ARGUMENT = 18
"""The three best spare cards a bot wants before it argues (3d10 averages 16.5)."""
RAISE_GAIN = {1: 2.0, 2: 4.0}
"""What reaching a raised target is worth, in Rapport, after target 1 (two more chips)
and after target 2 (a pile card, one of her likes, and a card of her suit for the
flush); missing it costs a Faux Pas, worth half a chip: a card shown to the table until
a round-end spending clears it."""
FAUX_PAS_COST = 0.5
REROLL_ODDS = 0.3
"""A spare chip re-rolls the highest die when the new die brings the target within
reach at least this often (one card's reach while the ladder to a pile card is open)."""
CLIMBING_CARD = 9
"""A spare card this high may reach a low first target alone."""
JOIN_PERCENT = 15
"""How often a bot holding a climbing card (and two more spare) joins another's action
in opposition; the Tempted, whose only way to win is a pile card, joins whenever it
holds one."""
SAVES_WITH = 2
"""A bot holding at least this much Rapport, out of one card's reach of a first target
(even with a re-roll), throws its cheapest card rather than spend two or three cards for
one chip; with less it plays for the chip (a re-roll, a refill and a clue all cost one,
and the last is kept for the round end)."""
QUEEN = 12
QUEEN_KEPT = 0.05
"""The Tempted keeps every queen of a suit at least this likely to be the sorceress's."""
HIGH_TOTAL = 22
CLOSE_CALL = 1
"""An island voter's yardsticks: a first total this high, or this close to the target."""

A = TypeVar("A")


def _of_actions(choices: Pick[object]) -> TypeGuard[Pick[Action]]:
    """Whether every option of ``choices`` stands for an action (the narrator's pick of
    sides has seats, which fill one)."""
    return all(isinstance(option.value, ACTION_TYPES) for option in choices.options)


def _asking(choices: Pick[object], kind: type[A]) -> TypeGuard[Pick[A]]:
    """Whether every option of ``choices`` stands for a ``kind``."""
    return all(isinstance(option.value, kind) for option in choices.options)


def _stands_for(option: Option[object], kind: type[A]) -> TypeGuard[Option[A]]:
    return isinstance(option.value, kind)


def _keyed(choices: Pick[A], key: str) -> Option[A]:
    option = choices.keyed(key)
    assert option is not None, f"no {key!r} option in {choices.ask!r}"
    return option


def _then(option: Option[object]) -> Pick[object]:
    """The question ``option`` leads to (its options stand for anything: the cards of a
    refill fill its action)."""
    assert isinstance(option.then, Pick)
    return option.then


def _accusations(option: Option[object] | None) -> list[Retire]:
    """The retirements open under a floor's retire option (none without a flush)."""
    if option is None or not option.open:
        return []
    return [o.value for o in _then(option).opened if isinstance(o.value, Retire)]


def _weighted(options: list[Option[A]], weights: list[float], chance: Chance) -> Option[A]:
    """One of ``options``, each as likely as its weight."""
    roll, _ = chance.below(10_000)
    point = roll / 10_000 * sum(weights)
    for option, weight in zip(options, weights, strict=True):
        point -= weight
        if point < 0:
            return option
    return options[-1]


@frozen
class TemptressBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides."""

    seat: Seat
    seed: int

    def choose(self, view: TemptressView) -> Action:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 17 + view.round)
        seat = self.seat
        choices = view.choices
        if choices is None:
            raise ValueError(f"seat {seat} has nothing to decide now")
        if view.secrets is not None:
            return self._narrate(view, choices, chance)
        belief = beliefs.belief_from(view)
        suit = belief.best_suit()
        if isinstance(choices, Pick) and isinstance(choices.options[0].value, RevealFauxPas):
            cards = [o.value.card for o in choices.opened if isinstance(o.value, RevealFauxPas)]
            return RevealFauxPas(seat, self._least_useful(cards, suit))
        contest = view.contest
        if view.stage == Stage.FLOOR:
            assert isinstance(choices, Pick) and _of_actions(choices)
            return self._floor(view, choices, belief, suit, chance)
        if view.stage == Stage.SPEND:
            assert isinstance(choices, Pick) and _asking(choices, SpendRapport)
            return self._spend(view, choices, belief, suit)
        if view.stage == Stage.FINAL:
            assert isinstance(choices, Pick) and _of_actions(choices)
            accusations = [o.value for o in choices.opened if isinstance(o.value, Retire)]
            retire = self._retirement(view, accusations, belief, FINAL_CONFIDENCE)
            return retire or _keyed(choices, ChoiceKey.DECLINE).value
        assert contest is not None
        return self._contest(view, contest, choices, belief, suit, chance)

    # --- the floor --------------------------------------------------------------------

    def _floor(
        self,
        view: TemptressView,
        choices: Pick[Action],
        belief: beliefs.Belief,
        suit: Suit,
        chance: Chance,
    ) -> Action:
        accusations = _accusations(choices.keyed(ChoiceKey.RETIRE))
        needed = self._confidence_needed(view)
        if not view.suitors[self.seat].rapport:
            # No chip to buy a clue with: waiting teaches nothing, and others may win first.
            needed = min(needed, STUCK_CONFIDENCE)
        retire = self._retirement(view, accusations, belief, needed)
        if retire is not None:
            return retire
        spare = self._spare_cards(view, belief, suit)
        argue = _keyed(choices, ChoiceKey.ARGUE)
        roll, chance = chance.below(100)
        if argue.open and roll < ARGUE_PERCENT and self._worth_arguing(view, belief, suit):
            opponents = [o for o in _then(argue).options if o.open]
            # Rather someone whose clues it has not seen yet.
            unseen = [o for o in opponents if not self._seen_from(view, _then(o))]
            if opponents:
                opponent, chance = chance.pick(tuple(unseen or opponents))
                argument = _then(opponent).options[0].value  # one chip
                assert isinstance(argument, StartArgument)
                return argument
        court = _keyed(choices, ChoiceKey.COURT)
        women = (
            [o for o in _then(court).options if o.open and _stands_for(o, ClaimFloor)]
            if court.open
            else []
        )
        if spare and women:
            # Court the likely match, but not always the favourite: the table sees whom
            # each suitor courts, and a spread of courtships gives less away.
            weights = [belief.p_match(o.value.woman) + 0.05 for o in women]
            return _weighted(women, weights, chance).value
        return _keyed(choices, ChoiceKey.DECLINE).value

    @staticmethod
    def _seen_from(view: TemptressView, chips: Pick[object]) -> bool:
        """Whether this bot already saw clues of the suitor an argument option is with."""
        argument = chips.options[0].value
        return isinstance(argument, StartArgument) and any(
            suitor == argument.opponent for suitor, _ in view.seen
        )

    def _worth_arguing(self, view: TemptressView, belief: beliefs.Belief, suit: Suit) -> bool:
        """An argument costs a chip and the cards played: start one with a chip to spare,
        strong cards to win it, and a question its stake would help answer."""
        me = view.suitors[self.seat]
        strong = sum(c.rank for c in sorted(self._spare(view.hand, suit), reverse=True)[:3])
        curious = belief.p_match_suit(suit) < SUIT_SURE or belief.p_sorceress_known() < SUIT_SURE
        return me.rapport >= 2 and view.round >= 2 and strong >= STRONG_ARGUMENT and curious

    @staticmethod
    def _confidence_needed(view: TemptressView, later: int = 0) -> float:
        """The chance of being right wanted before retiring at the floor, ``later`` rounds
        from now."""
        if not view.round_limit:
            return RETIRE_CONFIDENCE
        rounds_left = max(0, view.round_limit - view.round - later)
        return min(CAUTION_CAP, RETIRE_CONFIDENCE + EARLY_CAUTION * rounds_left)

    def _retirement(
        self,
        view: TemptressView,
        accusations: list[Retire],
        belief: beliefs.Belief,
        confidence: float,
    ) -> Retire | None:
        """The likeliest right accusation, when retiring is open and likely enough."""
        if view.tempted or not accusations:
            return None
        suit = view.hand[0].suit
        best = max(accusations, key=lambda r: belief.p_win(suit, r.accused))
        if belief.p_win(suit, best.accused) >= confidence:
            return best
        return None

    # --- cards ---------------------------------------------------------------------------

    @staticmethod
    def _spare(hand: tuple[PlayingCard, ...], suit: Suit) -> tuple[PlayingCard, ...]:
        """Cards not of the suit being collected, cheapest first."""
        return tuple(sorted((c for c in hand if c.suit != suit), key=lambda c: c.rank))

    @staticmethod
    def _least_useful(candidates: list[PlayingCard], suit: Suit) -> PlayingCard:
        return min(candidates, key=lambda c: (c.suit == suit, c.rank))

    def _play(
        self,
        contest: Contest,
        choices: PlayChoices,
        spare: tuple[PlayingCard, ...],
        climber: bool = False,
    ) -> PlayCards | Reroll:
        """The fewest, cheapest ``spare`` cards that reach the target, with spare Rapport
        to help; while the ladder to a pile card is open, one card that reaches it, or a
        re-roll that may bring the target within one card's reach.

        One Rapport chip is always kept back for the round-end spending.
        """
        goal = choices.target
        pool = spare if spare else tuple(sorted(choices.hand, key=lambda c: c.rank))
        arguing = choices.arguing
        spendable = 0 if arguing else max(0, choices.rapport - 1)
        options = []
        for size in range(1, min(choices.budget, len(pool)) + 1):
            for combo in combinations(pool, size):
                combo = self._strongest_last(combo)
                total, pair, flush, cost = self._with_spends(choices, combo, spendable)
                if total >= goal:
                    options.append(
                        (cost, len(combo), sum(c.rank for c in combo), combo, pair, flush)
                    )
        if arguing:
            if not options:
                return choices.action((pool[0],), False, False)
            # Arguments are settled by totals: put the strongest spare cards forward.
            size = min(o[1] for o in options)
            return choices.action(tuple(sorted(pool, key=lambda c: -c.rank)[:size]), False, False)
        climbing = self._climbing(contest, choices)
        if self._high_rung(contest, choices):
            rung = self._rung(contest, choices, spare)
            if rung is not None:
                return rung
        singles = [o for o in options if o[1] == 1]
        if climbing and singles:
            # One card keeps the ladder open: the cheapest that reaches, one that leaves
            # a partner for a pair spend at the next target if it can.
            cost, _, _, combo, pair, flush = min(
                singles,
                key=lambda o: (o[0], not self._partnered(o[3][0], pool), o[2]),
            )
            return choices.action(combo, pair, flush)
        reroll = self._reroll(contest, choices, pool, spendable, 1 if climbing else 3)
        if reroll is not None and (climbing or not options):
            return reroll
        if climber and climbing and contest.actor != self.seat:
            # Out of one card's reach: a climber who joined saves its cards for the next
            # low target rather than spend two or three for one chip.
            return choices.action((pool[0],), False, False)
        if options:
            if contest.target == 1:
                if climbing and choices.rapport >= SAVES_WITH:
                    # Out of one card's reach, even with a re-roll: the cheapest card goes
                    # (a miss) rather than two or three for one chip; the strong ones wait
                    # for a throw low enough to climb from.
                    return choices.action((pool[0],), False, False)
                short = [o for o in options if o[1] <= 2]
                options = short or options
            cost, _, _, combo, pair, flush = min(options)
            return choices.action(combo, pair, flush)
        return choices.action((pool[0],), False, False)

    @staticmethod
    def _high_rung(contest: Contest, choices: PlayChoices) -> bool:
        """Whether this is a raised target of an action with one card a target so far: one
        more card that reaches it keeps the way to a pile card open (or is the way)."""
        return not choices.arguing and (contest.target, choices.budget) in ((2, 2), (3, 1))

    def _rung(
        self, contest: Contest, choices: PlayChoices, spare: tuple[PlayingCard, ...]
    ) -> PlayCards | Reroll | None:
        """On a raised rung of the ladder no chip is kept back and, when no spare card
        reaches, a card of the suit collected may go (a pile card, likeliest of that suit,
        is the prize): one card that reaches, the cheapest in chips and then in value; else
        a re-roll of the highest die that may bring the target within one card's reach;
        else None (the usual play)."""
        chips = choices.rapport
        hand = tuple(sorted(choices.hand, key=lambda c: c.rank))
        for pool in (spare, hand):
            reaching = []
            for card in pool:
                total, pair, flush, cost = self._with_spends(choices, (card,), chips)
                if total >= choices.target:
                    reaching.append((cost, card.rank, card, pair, flush))
            if reaching:
                _, _, card, pair, flush = min(reaching, key=lambda o: o[:2])
                return choices.action((card,), pair, flush)
        return self._reroll(contest, choices, hand, chips, 1)

    @staticmethod
    def _strongest_last(combo: tuple[PlayingCard, ...]) -> tuple[PlayingCard, ...]:
        """The cards in the order that counts most: a straight flush doubles the last."""
        return tuple(sorted(combo, key=lambda c: c.rank))

    @staticmethod
    def _partnered(card: PlayingCard, pool: tuple[PlayingCard, ...]) -> bool:
        """Whether another card of ``pool`` pairs with ``card`` (a pair spend later on)."""
        return any(c != card and c.rank == card.rank for c in pool)

    def _climbing(self, contest: Contest, choices: PlayChoices) -> bool:
        """Whether one card toward this target keeps the ladder to a pile card open: the
        first target with the whole budget, the second after one card."""
        return (contest.target, choices.budget) in ((1, 3), (2, 2))

    def _reroll(
        self,
        contest: Contest,
        choices: PlayChoices,
        pool: tuple[PlayingCard, ...],
        spendable: int,
        cards: int,
    ) -> Reroll | None:
        """A re-roll of the highest die, when a spare chip pays for it and the new die
        likely brings the target within reach of ``cards`` of the pool (with the excel
        spends the chips left after it pay for)."""
        highest = max(contest.dice)
        option = choices.rerolls[contest.dice.index(highest)]
        if not spendable or not option.open:
            return None
        best = max(
            self._with_spends(choices, self._strongest_last(combo), spendable - 1)[0]
            for size in range(1, min(cards, choices.budget, len(pool)) + 1)
            for combo in combinations(pool, size)
        )
        rest = choices.target - highest
        if best < choices.target and (best - rest) / 10 >= REROLL_ODDS:
            return option.value
        return None

    @staticmethod
    def _with_spends(
        choices: PlayChoices, combo: tuple[PlayingCard, ...], spendable: int
    ) -> tuple[int, bool, bool, int]:
        """The best total for ``combo`` with the excel spends it opens, as far as
        ``spendable`` chips go."""
        pair_spend, suit_spend = choices.spends(combo)
        pair = flush = False
        cost = 0
        if cost < spendable and pair_spend.open:
            pair, cost = True, cost + 1
        if cost < spendable and suit_spend.open:
            flush, cost = True, cost + 1
        return choices.total(combo, pair, flush), pair, flush, cost

    def _raise_odds(
        self, view: TemptressView, contest: Contest, spare: tuple[PlayingCard, ...]
    ) -> float:
        """The chance of reaching a fresh 3d10 with the cards left in the budget, the
        excel spends they open and a re-roll, as far as the chips kept spare go (toward the
        third target, every chip and every card: a pile card is the prize)."""
        arguing = contest.kind == ContestKind.ARGUMENT
        spendable = 0 if arguing else max(0, view.suitors[self.seat].rapport - 1)
        if not arguing and contest.budget_left(self.seat) == 1 and contest.target == 2:
            # Toward the third target (a pile card): every chip and every card may go.
            spendable = view.suitors[self.seat].rapport
            spare = tuple(sorted(view.hand, key=lambda c: c.rank))
        odds = chance_3d10_at_most(self._best_total(contest, spare, spendable))
        if spendable and self._may_reroll(view, contest):
            best = self._best_total(contest, spare, spendable - 1)
            odds = max(odds, chance_3d10_at_most_with_reroll(best))
        return odds

    def _best_total(self, contest: Contest, spare: tuple[PlayingCard, ...], chips: int) -> int:
        """The most the cards left in the budget can make, with up to ``chips`` excel
        spends (a pair, three of a suit) they open."""
        budget = contest.budget_left(self.seat)
        played = contest.cards_of(self.seat)
        best = 0
        for size in range(1, min(budget, len(spare)) + 1):
            for combo in combinations(spare, size):
                combo = self._strongest_last(combo)
                shown = played + combo
                bonuses = []
                if not contest.spent(self.seat, ExcelSpend.PAIR) and has_pair(shown):
                    bonuses.append(PAIR_BONUS)
                flush = suit_bonus(shown, combo[-1])
                if not contest.spent(self.seat, ExcelSpend.SUIT) and flush is not None:
                    bonuses.append(flush)
                extra = sum(sorted(bonuses, reverse=True)[:chips])
                best = max(best, sum(c.rank for c in combo) + extra)
        return best

    def _may_reroll(self, view: TemptressView, contest: Contest) -> bool:
        """A re-roll is still to be had in this action: only its actor's, once."""
        return (
            contest.kind == ContestKind.ACTION
            and contest.actor == self.seat
            and not contest.spent(self.seat, ExcelSpend.REROLL)
        )

    def _spare_cards(
        self, view: TemptressView, belief: beliefs.Belief, suit: Suit
    ) -> tuple[PlayingCard, ...]:
        """The cards this bot may play, cheapest first: those not of the suit it collects;
        the Tempted, who wins by a queen and never by a flush, every card but a queen
        of a suit that may be the sorceress's."""
        if not view.tempted:
            spare = self._spare(view.hand, suit)
            if spare or len(view.hand) < HAND_LIMIT or not view.round_limit:
                return spare
            # Seven of the suit, not sure enough to retire and no chip: play the strongest
            # few for Rapport, to buy a clue with, while rounds remain to win them back.
            if view.round >= view.round_limit - 1 or view.suitors[self.seat].rapport:
                return ()
            if self._sureness(view, belief, suit) >= self._confidence_needed(view):
                return ()
            strongest = sorted(view.hand, key=lambda c: -c.rank)[:UNSURE_PLAYS]
            return tuple(sorted(strongest, key=lambda c: c.rank))
        return tuple(
            sorted(
                (c for c in view.hand if not self._wanted_queen(c, belief)),
                key=lambda c: c.rank,
            )
        )

    @staticmethod
    def _wanted_queen(card: PlayingCard, belief: beliefs.Belief) -> bool:
        """The Tempted keeps a queen of any suit the sorceress may have."""
        return card.rank == QUEEN and belief.p_match_suit(card.suit) >= QUEEN_KEPT

    def _pile(
        self, view: TemptressView, choices: Pick[Action], belief: beliefs.Belief, suit: Suit
    ) -> Action:
        """The pile that serves this bot (drawing nothing is never better): the Tempted's,
        the one likeliest to show the queen of the sorceress's suit on top; anyone else's,
        the one likeliest to be of the suit it collects (its match's pile, where it also
        learns one of her likes)."""
        piles = [
            o.value
            for o in choices.opened
            if isinstance(o.value, DrawFromPile) and o.value.woman is not None
        ]
        if not view.tempted or any(self._wanted_queen(c, belief) for c in view.hand):
            return max(piles, key=lambda d: belief.p_pile_suit(d.woman or 0, suit))
        return max(piles, key=lambda d: self._queen_on_top(view, belief, d.woman or 0))

    @staticmethod
    def _queen_on_top(view: TemptressView, belief: beliefs.Belief, woman: int) -> float:
        """The Tempted's chance that ``woman``'s pile shows the sorceress's queen on top:
        three of her four honours lie in her own pile, the fourth in another's."""
        sorceress = belief.p_match(woman)
        inside = sorceress * 3 / 4 + (1 - sorceress) / 12
        return inside / max(1, view.women[woman].pile_size)

    # --- contests ----------------------------------------------------------------------------

    def _contest(
        self,
        view: TemptressView,
        contest: Contest,
        choices: SeatChoices,
        belief: beliefs.Belief,
        suit: Suit,
        chance: Chance,
    ) -> Action:
        stage = contest.stage
        roll, chance = chance.below(100)
        spare = self._spare_cards(view, belief, suit)
        if stage == ContestStage.PLAY:
            assert isinstance(choices, PlayChoices)
            return self._play(contest, choices, spare, view.tempted)
        assert isinstance(choices, Pick) and _of_actions(choices)
        if stage == ContestStage.JOIN:
            joins = self._joins(view, spare, roll)
            return _keyed(choices, ChoiceKey.JOIN if joins else ChoiceKey.STAY).value
        if stage == ContestStage.RAISE:
            odds = self._raise_odds(view, contest, spare)
            if contest.kind == ContestKind.ARGUMENT:
                wants = odds >= 0.5
            else:
                gain = RAISE_GAIN.get(contest.target, 0.0)
                wants = odds * gain > (1 - odds) * FAUX_PAS_COST
            return _keyed(choices, ChoiceKey.RAISE if wants else ChoiceKey.STOP).value
        if stage == ContestStage.FOLLOW:
            wants = self._raise_odds(view, contest, spare) >= 0.5
            return _keyed(choices, ChoiceKey.FOLLOW if wants else ChoiceKey.PASS).value
        if stage == ContestStage.DRAW:
            return self._pile(view, choices, belief, suit)
        if stage == ContestStage.VOTE:
            return _keyed(choices, "yes" if self._deserves(view, contest) else "no").value
        if stage == ContestStage.ANSWER:
            me = view.suitors[self.seat]
            avoid = _keyed(choices, ChoiceKey.AVOID)
            wants = avoid.open and me.rapport > contest.chips and roll < 25
            return avoid.value if wants else _keyed(choices, ChoiceKey.ACCEPT).value
        if stage == ContestStage.STAKES:
            # Sorceress clues narrow her suit; match clues carry every clue about which
            # woman holds which suit, which names her once her suit is known.
            known = belief.p_sorceress_suit_known() >= SUIT_SURE
            wanted = StakeKind.SEE_MATCH_CLUES if known else StakeKind.SEE_SORCERESS_CLUES
            return _keyed(choices, wanted).value
        raise ValueError(f"{view.suitors[self.seat].name} has nothing to decide at {stage}")

    @staticmethod
    def _joins(view: TemptressView, spare: tuple[PlayingCard, ...], roll: int) -> bool:
        """Joining in opposition: another try at the ladder on the same dice, for a bot
        holding a card that may reach a low first target alone and cards to follow up."""
        climbing = bool(spare) and spare[-1].rank >= CLIMBING_CARD
        if view.tempted:
            return climbing and len(spare) >= 2
        return len(spare) >= 3 and climbing and roll < JOIN_PERCENT

    def _deserves(self, view: TemptressView, contest: Contest) -> bool:
        """An island voter's judgement of the action: an extra chip for a raise, a high
        total or a close call, and none for a suitor already well ahead in Rapport."""
        actor = contest.actor
        first = next((p for p in contest.plays if p.seat == actor and p.target == 1), None)
        if first is None:
            return False
        goal = contest.targets[0]
        raised = any(p.seat == actor and p.target > 1 for p in contest.plays)
        high = first.total >= HIGH_TOTAL
        close = abs(first.total - goal) <= CLOSE_CALL
        others = [s.rapport for i, s in enumerate(view.suitors) if i != actor and not s.out]
        ahead = view.suitors[actor].rapport >= max(others, default=0) + 2
        return (raised or high or close) and not ahead

    # --- round end --------------------------------------------------------------------------

    def _spend(
        self,
        view: TemptressView,
        choices: Pick[SpendRapport],
        belief: beliefs.Belief,
        suit: Suit,
    ) -> SpendRapport:
        """The Tempted: a queen of a suit the sorceress may have, else strong cards to
        climb the ladder with. Anyone else: complete the flush once sure enough to retire
        with it (or in the last round); until then pin down the suit, then hunt the
        sorceress with clues; then gather the suit."""
        me = view.suitors[self.seat]
        keep = _keyed(choices, SpendChoice.KEEP).value
        refill_option = _keyed(choices, ChoiceKey.REFILL)
        discard: list[PlayingCard] = []
        most = 0
        template: object = None
        if refill_option.open:
            cards = _then(refill_option)
            discard = [o.value for o in cards.options if isinstance(o.value, PlayingCard)]
            template, most = cards.template, cards.most  # the refill, its cards to fill in
            assert isinstance(template, SpendRapport) and cards.fills == "cards"

        def refill(first: Callable[[PlayingCard], tuple[object, ...]]) -> SpendRapport | None:
            if not isinstance(template, SpendRapport) or not discard:
                return None
            return evolve(template, cards=tuple(sorted(discard, key=first)[:most]))

        if view.tempted:
            queens = [c for c in discard if self._wanted_queen(c, belief)]
            fuel = refill(lambda c: (not self._wanted_queen(c, belief), -c.rank))
            stronger = most and sorted(discard, key=lambda c: -c.rank)[0].rank >= CLIMBING_CARD
            if fuel is not None and (queens or stronger):
                return fuel
            return keep
        mine = [c for c in discard if c.suit == suit]
        held = sum(1 for c in view.hand if c.suit == suit)
        gain = min(most, len(mine))
        gather = refill(lambda c: (c.suit != suit, -c.rank))
        last_round = bool(view.round_limit) and view.round >= view.round_limit
        sure = self._sureness(view, belief, suit) >= self._confidence_needed(view, 1)
        if gather is not None and gain and (sure or (last_round and held + gain >= HAND_LIMIT)):
            return gather
        clue_options = [o for o in choices.opened if o.value.choice == SpendChoice.CLUE]
        if belief.p_match_suit(suit) < SUIT_SURE:
            clue = self._best_clue(view, clue_options, belief, suit_only=True)
            if clue is not None:
                return clue
        clue = self._best_clue(view, clue_options, belief)
        if clue is not None:
            return clue
        if gather is not None and gain >= 1:
            return gather
        clear = _keyed(choices, SpendChoice.CLEAR)
        if me.faux_pas >= 2 and clear.open:
            return clear.value
        return keep

    @staticmethod
    def _sureness(view: TemptressView, belief: beliefs.Belief, suit: Suit) -> float:
        """The chance that retiring with a flush of ``suit`` and the likeliest woman
        named would be right."""
        return max(belief.p_win(suit, woman) for woman in range(len(view.women)))

    def _best_clue(
        self,
        view: TemptressView,
        offered: list[Option[SpendRapport]],
        belief: beliefs.Belief,
        suit_only: bool = False,
    ) -> SpendRapport | None:
        """The clue kind (among those still offered) expected to make a right retirement
        likeliest, when it adds enough."""
        wanted = beliefs.SUIT_KINDS if suit_only else beliefs.WORLD_KINDS
        kinds = [o.value for o in offered if o.value.clue_kind in wanted]
        if not kinds:
            return None
        now = belief.certainty()
        values = {
            k.clue_kind: beliefs.clue_value(belief, ClueKind(k.clue_kind), view.clues)
            for k in kinds
        }
        best = max(kinds, key=lambda k: values[k.clue_kind])
        if values[best.clue_kind] > now + CLUE_GAIN:
            return best
        return None

    # --- a bot narrator -----------------------------------------------------------------------

    def _narrate(self, view: TemptressView, choices: SeatChoices, chance: Chance) -> Action:
        contest = view.contest
        if isinstance(choices, VerdictChoices):
            return choices.action((), False)
        assert isinstance(choices, Pick)
        if contest is not None and contest.stage == ContestStage.TIE:
            sides = [o.value for o in choices.options if isinstance(o.value, NarratorSettleTie)]
            winner, _ = chance.pick(tuple(sides))
            return winner
        if contest is not None and contest.stage in (ContestStage.REVIEW, ContestStage.TRIM):
            ruling = choices.answer(())  # the sides picked fill the ruling: none
            assert isinstance(ruling, NarratorReviewStakes | NarratorTrim)
            return ruling
        raise ValueError("a bot narrator leaves the open floor to the suitors")
