"""A Temptress bot: decides from its seat's view only.

It weighs possible worlds (``belief``), works toward the likeliest suit of its
match, courts with the cheapest cards that are not of that suit, raises when
the odds are good, spends Rapport on the clue that helps most or on a refill
toward its suit, and retires only when confident. It argues now and then, and
votes as an island-narrator voter.

What is legal it reads from the view's ``choices`` (the piles it may draw
from, the spends its cards allow, whom it may argue with, the clue kinds left,
whether it may retire); it never works a rule out again.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from attrs import evolve, frozen

from rules.cards import PlayingCard, Suit
from rules.chance import Chance
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.temptress import belief as beliefs
from rules.temptress.actions import Retire, RevealFauxPas, SpendRapport
from rules.temptress.choice_types import ChoiceKey, VerdictChoices
from rules.temptress.playing import PlayChoices
from rules.temptress.state import (
    HAND_LIMIT,
    ClueKind,
    Contest,
    ContestKind,
    ContestStage,
    SpendChoice,
    Stage,
    StakeKind,
)
from rules.temptress.views import TemptressView

RETIRE_CONFIDENCE = 0.4
FINAL_CONFIDENCE = 0.0
"""At the final retirements staying in gains nothing, so any flush is worth showing."""
SUIT_SURE = 0.75
CLUE_GAIN = 0.02


@cache
def chance_3d10_at_most(total: int) -> float:
    """P(3d10 <= total)."""
    hits = sum(
        1 for a in range(1, 11) for b in range(1, 11) for c in range(1, 11) if a + b + c <= total
    )
    return hits / 1000


def _keyed(choices: Pick[Any], key: str) -> Option[Any]:
    option = choices.keyed(key)
    assert option is not None, f"no {key!r} option in {choices.ask!r}"
    return option


def _then(option: Option[Any]) -> Pick[Any]:
    assert isinstance(option.then, Pick)
    return option.then


def _accusations(option: Option[Any] | None) -> list[Retire]:
    """The retirements open under a floor's retire option (none without a flush)."""
    if option is None or not option.open:
        return []
    return [o.value for o in _then(option).opened]


@frozen
class TemptressBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides."""

    seat: Seat
    seed: int

    def choose(self, view: TemptressView) -> Any:
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
            cards = [o.value.card for o in choices.opened]
            return RevealFauxPas(seat, self._least_useful(cards, suit))
        contest = view.contest
        if view.stage == Stage.FLOOR:
            assert isinstance(choices, Pick)
            return self._floor(view, choices, belief, suit, chance)
        if view.stage == Stage.SPEND:
            assert isinstance(choices, Pick)
            return self._spend(view, choices, belief, suit)
        if view.stage == Stage.FINAL:
            assert isinstance(choices, Pick)
            accusations = [o.value for o in choices.opened if isinstance(o.value, Retire)]
            retire = self._retirement(view, accusations, belief, FINAL_CONFIDENCE)
            return retire or _keyed(choices, ChoiceKey.DECLINE).value
        assert contest is not None
        return self._contest(view, contest, choices, belief, suit, chance)

    # --- the floor --------------------------------------------------------------------

    def _floor(
        self,
        view: TemptressView,
        choices: Pick[Any],
        belief: beliefs.Belief,
        suit: Suit,
        chance: Chance,
    ) -> Any:
        accusations = _accusations(choices.keyed(ChoiceKey.RETIRE))
        retire = self._retirement(view, accusations, belief, RETIRE_CONFIDENCE)
        if retire is not None:
            return retire
        spare = self._spare(view.hand, suit)
        me = view.suitors[self.seat]
        roll, chance = chance.below(100)
        argue = _keyed(choices, ChoiceKey.ARGUE)
        if me.rapport >= 2 and view.round >= 2 and roll < 100 and argue.open:
            opponents = [o for o in _then(argue).options if o.open]
            if opponents:
                opponent, chance = chance.pick(tuple(opponents))
                return _then(opponent).options[0].value  # one chip
        court = _keyed(choices, ChoiceKey.COURT)
        if spare and court.open:
            women = _then(court).options
            best = max(
                women,
                key=lambda o: (
                    view.women[o.value.woman].pile_size > 0,
                    belief.p_pile_suit(o.value.woman, suit),
                ),
            )
            return best.value
        return _keyed(choices, ChoiceKey.DECLINE).value

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

    def _play(self, contest: Contest, choices: PlayChoices, suit: Suit) -> Any:
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
        return chance_3d10_at_most(best)

    # --- contests ----------------------------------------------------------------------------

    def _contest(
        self,
        view: TemptressView,
        contest: Contest,
        choices: Any,
        belief: beliefs.Belief,
        suit: Suit,
        chance: Chance,
    ) -> Any:
        stage = contest.stage
        roll, chance = chance.below(100)
        if stage == ContestStage.PLAY:
            assert isinstance(choices, PlayChoices)
            return self._play(contest, choices, suit)
        assert isinstance(choices, Pick)
        if stage == ContestStage.JOIN:
            spare = self._spare(view.hand, suit)
            return _keyed(
                choices, ChoiceKey.JOIN if len(spare) >= 3 and roll < 15 else ChoiceKey.STAY
            ).value
        if stage == ContestStage.RAISE:
            # A Faux Pas only shows a card; more Rapport means more refills and clues.
            wants = (
                contest.kind != ContestKind.ARGUMENT or self._raise_odds(view, contest, suit) >= 0.5
            )
            return _keyed(choices, ChoiceKey.RAISE if wants else ChoiceKey.STOP).value
        if stage == ContestStage.FOLLOW:
            wants = self._raise_odds(view, contest, suit) >= 0.5
            return _keyed(choices, ChoiceKey.FOLLOW if wants else ChoiceKey.PASS).value
        if stage == ContestStage.DRAW:
            piles = [o.value for o in choices.opened]
            return max(piles, key=lambda d: belief.p_pile_suit(d.woman, suit))
        if stage == ContestStage.VOTE:
            actor = view.suitors[contest.actor]
            leader = max(s.rapport for s in view.suitors)
            reached = any(
                p.seat == contest.actor and p.target == 1 and p.total >= contest.targets[0]
                for p in contest.plays
            )
            # Reward a success unless the actor already leads; help anyone short of chips,
            # since a suitor with no chip at the round end gets no refill and no clue.
            deserves = (reached and actor.rapport < leader) or actor.rapport <= 1
            return _keyed(choices, "yes" if deserves else "no").value
        if stage == ContestStage.ANSWER:
            me = view.suitors[self.seat]
            avoid = _keyed(choices, ChoiceKey.AVOID)
            wants = avoid.open and me.rapport > contest.chips and roll < 25
            return avoid.value if wants else _keyed(choices, ChoiceKey.ACCEPT).value
        if stage == ContestStage.STAKES:
            # Match clues carry every clue about which woman holds which suit.
            return _keyed(choices, StakeKind.SEE_MATCH_CLUES).value
        raise ValueError(f"{view.suitors[self.seat].name} has nothing to decide at {stage}")

    # --- round end --------------------------------------------------------------------------

    def _spend(
        self, view: TemptressView, choices: Pick[Any], belief: beliefs.Belief, suit: Suit
    ) -> SpendRapport:
        """First pin down the suit, then collect it, then hunt the sorceress."""
        me = view.suitors[self.seat]
        need = HAND_LIMIT - len(view.hand)
        refill_option = _keyed(choices, ChoiceKey.REFILL)
        refill = None
        discard: list[PlayingCard] = []
        if refill_option.open:
            cards = _then(refill_option)
            discard = [o.value for o in cards.options]
            ranked = sorted(discard, key=lambda c: (c.suit != suit, -c.rank))
            refill = evolve(cards.template, **{cards.fills: tuple(ranked[: cards.most])})
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

    def _narrate(self, view: TemptressView, choices: Any, chance: Chance) -> Any:
        contest = view.contest
        if isinstance(choices, VerdictChoices):
            return choices.action((), False)
        assert isinstance(choices, Pick)
        if contest is not None and contest.stage == ContestStage.TIE:
            winner, _ = chance.pick(tuple(o.value for o in choices.options))
            return winner
        if contest is not None and contest.stage == ContestStage.REVIEW:
            return choices.answer(())
        raise ValueError("a bot narrator leaves the open floor to the suitors")
