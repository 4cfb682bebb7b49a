"""A Temptress bot: decides from its seat's view only, like a decent player.

It weighs possible worlds (``belief``) and works toward the likeliest suit of its
match. On the floor it courts the women its belief makes likely matches, drawn by
weight so that courtships spread across them, playing the cheapest cards that are
not of its suit; it starts an argument only with a chip to spare, strong cards to
win it and a question the stake would help answer, and stakes what helps most (the
other's match clues while its suit is open, their sorceress clues once it is
sure). It raises when the chance of reaching a fresh 3d10 with its remaining cards
makes the gain (two chips, or a pile card) outweigh a Faux Pas. As an island voter
it gives the extra chip for a raise, a high total or a close call, never to a
suitor already well ahead. It spends Rapport on the clue that helps most or on a
refill toward its suit, and retires with a flush when the evidence is strong
enough: surer early in the game, since waiting buys clues.

What is legal it reads from the view's ``choices`` (the women it may court, the
piles it may draw from, the spends its cards allow, whom it may argue with, the
clue kinds left, whether it may retire); it never works a rule out again.
"""

from __future__ import annotations

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
from rules.temptress.playing import PlayChoices
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

RETIRE_CONFIDENCE = 0.4
"""The chance of being right a bot wants before retiring in the last round; each round
still to come asks for EARLY_CAUTION more (up to CAUTION_CAP): waiting buys clues."""
EARLY_CAUTION = 0.04
CAUTION_CAP = 0.7
FINAL_CONFIDENCE = 0.0
"""At the final retirements staying in gains nothing, so any flush is worth showing."""
SUIT_SURE = 0.75
CLUE_GAIN = 0.02
ARGUE_PERCENT = 40
"""How often a bot that would gain from an argument starts one when it may."""
STRONG_ARGUMENT = 24
"""The three best spare cards a bot wants before it argues (3d10 averages 16.5)."""
RAISE_GAIN = {1: 2.0, 2: 3.0}
"""What reaching a raised target is worth, in Rapport, after target 1 (two more chips) and
after target 2 (a pile card and one of her likes); missing it costs a Faux Pas, worth
half a chip: a card shown to the table until a round-end spending clears it."""
FAUX_PAS_COST = 0.5
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
        retire = self._retirement(view, accusations, belief, self._confidence_needed(view))
        if retire is not None:
            return retire
        spare = self._spare(view.hand, suit)
        argue = _keyed(choices, ChoiceKey.ARGUE)
        roll, chance = chance.below(100)
        if argue.open and roll < ARGUE_PERCENT and self._worth_arguing(view, belief, suit):
            opponents = [o for o in _then(argue).options if o.open]
            if opponents:
                opponent, chance = chance.pick(tuple(opponents))
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

    def _worth_arguing(self, view: TemptressView, belief: beliefs.Belief, suit: Suit) -> bool:
        """An argument costs a chip and the cards played: start one with a chip to spare,
        strong cards to win it, and a question its stake would help answer."""
        me = view.suitors[self.seat]
        strong = sum(c.rank for c in sorted(self._spare(view.hand, suit), reverse=True)[:3])
        curious = belief.p_match_suit(suit) < SUIT_SURE or belief.p_sorceress_known() < SUIT_SURE
        return me.rapport >= 2 and view.round >= 2 and strong >= STRONG_ARGUMENT and curious

    @staticmethod
    def _confidence_needed(view: TemptressView) -> float:
        if not view.round_limit:
            return RETIRE_CONFIDENCE
        rounds_left = max(0, view.round_limit - view.round)
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

    def _play(self, contest: Contest, choices: PlayChoices, suit: Suit) -> PlayCards | Reroll:
        """The fewest, cheapest spare cards that reach the target, with spare Rapport to help.

        One Rapport chip is always kept back for the round-end spending.
        """
        goal = choices.target
        spare = self._spare(choices.hand, suit)
        pool = spare if spare else tuple(sorted(choices.hand, key=lambda c: c.rank))
        arguing = choices.arguing
        spendable = 0 if arguing else max(0, choices.rapport - 1)
        options = []
        for size in range(1, min(choices.budget, len(pool)) + 1):
            for combo in combinations(pool, size):
                total, pair, flush, cost = self._with_spends(choices, combo, spendable)
                if total >= goal:
                    options.append(
                        (cost, len(combo), sum(c.rank for c in combo), combo, pair, flush)
                    )
        if options:
            if contest.target == 1 and not arguing:
                short = [o for o in options if o[1] <= 2]
                options = short or options
            cost, _, _, combo, pair, flush = min(options)
            if arguing:
                # Arguments are settled by totals: put the strongest spare cards forward.
                combo = tuple(sorted(pool, key=lambda c: -c.rank)[: len(combo)])
            return choices.action(combo, pair, flush)
        highest = max(contest.dice)
        reroll = choices.rerolls[contest.dice.index(highest)]
        if spendable and reroll.open and highest >= 6:
            return reroll.value
        return choices.action((pool[0],), False, False)

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

    def _raise_odds(self, view: TemptressView, contest: Contest, suit: Suit) -> float:
        budget = contest.budget_left(self.seat)
        spare = sorted(self._spare(view.hand, suit), key=lambda c: -c.rank)
        best = sum(c.rank for c in spare[:budget])
        if self._may_reroll(view, contest):
            return chance_3d10_at_most_with_reroll(best)
        return chance_3d10_at_most(best)

    def _may_reroll(self, view: TemptressView, contest: Contest) -> bool:
        """A re-roll is still to be had in this action, with a chip kept back."""
        return (
            contest.kind == ContestKind.ACTION
            and not contest.spent(self.seat, ExcelSpend.REROLL)
            and view.suitors[self.seat].rapport > 1
        )

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
        if stage == ContestStage.PLAY:
            assert isinstance(choices, PlayChoices)
            return self._play(contest, choices, suit)
        assert isinstance(choices, Pick) and _of_actions(choices)
        if stage == ContestStage.JOIN:
            spare = self._spare(view.hand, suit)
            return _keyed(
                choices, ChoiceKey.JOIN if len(spare) >= 3 and roll < 15 else ChoiceKey.STAY
            ).value
        if stage == ContestStage.RAISE:
            odds = self._raise_odds(view, contest, suit)
            if contest.kind == ContestKind.ARGUMENT:
                wants = odds >= 0.5
            else:
                gain = RAISE_GAIN.get(contest.target, 0.0)
                wants = odds * gain > (1 - odds) * FAUX_PAS_COST
            return _keyed(choices, ChoiceKey.RAISE if wants else ChoiceKey.STOP).value
        if stage == ContestStage.FOLLOW:
            wants = self._raise_odds(view, contest, suit) >= 0.5
            return _keyed(choices, ChoiceKey.FOLLOW if wants else ChoiceKey.PASS).value
        if stage == ContestStage.DRAW:
            piles = [
                (o.value, o.value.woman)
                for o in choices.opened
                if isinstance(o.value, DrawFromPile) and o.value.woman is not None
            ]
            return max(piles, key=lambda drawn: belief.p_pile_suit(drawn[1], suit))[0]
        if stage == ContestStage.VOTE:
            return _keyed(choices, "yes" if self._deserves(view, contest) else "no").value
        if stage == ContestStage.ANSWER:
            me = view.suitors[self.seat]
            avoid = _keyed(choices, ChoiceKey.AVOID)
            wants = avoid.open and me.rapport > contest.chips and roll < 25
            return avoid.value if wants else _keyed(choices, ChoiceKey.ACCEPT).value
        if stage == ContestStage.STAKES:
            # Match clues carry every clue about which woman holds which suit; once the
            # suit is pinned down, what the other knows of the sorceress helps more.
            sure = belief.p_match_suit(suit) >= SUIT_SURE
            wanted = StakeKind.SEE_SORCERESS_CLUES if sure else StakeKind.SEE_MATCH_CLUES
            return _keyed(choices, wanted).value
        raise ValueError(f"{view.suitors[self.seat].name} has nothing to decide at {stage}")

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
        """First pin down the suit, then collect it, then hunt the sorceress."""
        me = view.suitors[self.seat]
        need = HAND_LIMIT - len(view.hand)
        refill_option = _keyed(choices, ChoiceKey.REFILL)
        refill = None
        discard: list[PlayingCard] = []
        if refill_option.open:
            cards = _then(refill_option)
            discard = [o.value for o in cards.options if isinstance(o.value, PlayingCard)]
            ranked = sorted(discard, key=lambda c: (c.suit != suit, -c.rank))
            template = cards.template  # the refill, its cards to be filled in
            assert isinstance(template, SpendRapport) and cards.fills == "cards"
            refill = evolve(template, cards=tuple(ranked[: cards.most]))
        mine = [c for c in discard if c.suit == suit]
        held = sum(1 for c in view.hand if c.suit == suit)
        gain = min(need, len(mine))
        keep = _keyed(choices, SpendChoice.KEEP).value
        if view.tempted:
            return refill or keep
        clue_options = [o for o in choices.opened if o.value.choice == SpendChoice.CLUE]
        sure_of_suit = belief.p_match_suit(suit) >= SUIT_SURE
        if not sure_of_suit:
            clue = self._best_clue(view, clue_options, belief, suit_only=True)
            if clue is not None:
                return clue
        last_round = bool(view.round_limit) and view.round >= view.round_limit
        completes = held + gain >= HAND_LIMIT
        confident = belief.certainty() >= RETIRE_CONFIDENCE
        if refill and gain >= 1 and (last_round or (completes and confident) or gain >= 3):
            return refill
        clue = self._best_clue(view, clue_options, belief)
        if clue is not None:
            return clue
        if refill and gain >= 1:
            return refill
        clear = _keyed(choices, SpendChoice.CLEAR)
        if me.faux_pas >= 2 and clear.open:
            return clear.value
        return keep

    def _best_clue(
        self,
        view: TemptressView,
        offered: list[Option[SpendRapport]],
        belief: beliefs.Belief,
        suit_only: bool = False,
    ) -> SpendRapport | None:
        """The clue kind (among those still offered) that focuses the belief most."""
        wanted = beliefs.SUIT_KINDS if suit_only else beliefs.WORLD_KINDS
        kinds = [o.value for o in offered if o.value.clue_kind in wanted]
        if not kinds:
            return None
        focus = belief.focus()
        values = {
            k.clue_kind: beliefs.clue_value(belief, ClueKind(k.clue_kind), view.clues)
            for k in kinds
        }
        best = max(kinds, key=lambda k: values[k.clue_kind])
        if values[best.clue_kind] > focus + CLUE_GAIN:
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
