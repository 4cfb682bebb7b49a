"""A Temptress bot: decides from its seat's view only.

It weighs possible worlds (``belief``), works toward the likeliest suit of its
match, courts with the cheapest cards that are not of that suit, raises when
the odds are good, spends Rapport on the clue that helps most or on a refill
toward its suit, and retires only when confident. It argues now and then, and
votes as an island-narrator voter.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from attrs import frozen

from rules.cards import PlayingCard, Suit
from rules.chance import Chance
from rules.engine import Seat
from rules.temptress import belief as beliefs
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.contest import PAIR_BONUS, has_pair, suit_bonus
from rules.temptress.state import (
    ARGUMENT,
    CLEAR,
    CLUE,
    HAND_LIMIT,
    KEEP,
    REFILL,
    SEE_MATCH_CLUES,
    Contest,
    TemptressView,
)

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


@frozen
class TemptressBot:
    """A seat's bot; its randomness comes from its seed and the moment it decides."""

    seat: Seat
    seed: int

    def choose(self, view: TemptressView) -> Any:
        chance = Chance(self.seed * 1_000_003 + len(view.log) * 17 + view.round)
        seat = self.seat
        if view.secrets is not None:
            return self._narrate(view, chance)
        me = view.suitors[seat]
        belief = beliefs.belief_from(view)
        suit = belief.best_suit()
        if me.faux_pas > len(me.faceup) and len(me.faceup) < len(view.hand):
            return RevealFauxPas(seat, self._least_useful(view.hand, suit, exclude=me.faceup))
        contest = view.contest
        if view.stage == "floor":
            return self._floor(view, belief, suit, chance)
        if view.stage == "spend":
            return self._spend(view, belief, suit)
        if view.stage == "final":
            return self._final(view, belief)
        assert contest is not None
        return self._contest(view, contest, belief, suit, chance)

    # --- the floor --------------------------------------------------------------------

    def _floor(
        self, view: TemptressView, belief: beliefs.Belief, suit: Suit, chance: Chance
    ) -> Any:
        seat = self.seat
        retire = self._retirement(view, belief, RETIRE_CONFIDENCE)
        if retire is not None:
            return retire
        spare = self._spare(view.hand, suit)
        me = view.suitors[seat]
        roll, chance = chance.below(100)
        if me.rapport >= 2 and view.round >= 2 and roll < 100 and not me.argued and view.hand:
            opponents = [
                i
                for i, s in enumerate(view.suitors)
                if i != seat and not s.out and not s.immune and s.cards > 0
            ]
            if opponents:
                opponent, chance = chance.pick(tuple(opponents))
                return StartArgument(seat, opponent, 1)
        if spare:
            woman = max(
                range(len(view.women)),
                key=lambda w: (view.women[w].pile_size > 0, belief.p_pile_suit(w, suit)),
            )
            return ClaimFloor(seat, woman, "")
        return Decline(seat)

    def _retirement(
        self, view: TemptressView, belief: beliefs.Belief, confidence: float
    ) -> Retire | None:
        hand = view.hand
        if view.tempted or len(hand) != HAND_LIMIT or len({c.suit for c in hand}) != 1:
            return None
        suit = hand[0].suit
        accused = max(range(len(view.women)), key=lambda w: belief.p_win(suit, w))
        if belief.p_win(suit, accused) >= confidence:
            return Retire(self.seat, accused)
        return None

    def _final(self, view: TemptressView, belief: beliefs.Belief) -> Any:
        return self._retirement(view, belief, FINAL_CONFIDENCE) or Decline(self.seat)

    # --- cards ---------------------------------------------------------------------------

    @staticmethod
    def _spare(hand: tuple[PlayingCard, ...], suit: Suit) -> tuple[PlayingCard, ...]:
        """Cards not of the suit being collected, cheapest first."""
        return tuple(sorted((c for c in hand if c.suit != suit), key=lambda c: c.rank))

    @staticmethod
    def _least_useful(
        hand: tuple[PlayingCard, ...], suit: Suit, exclude: tuple[PlayingCard, ...]
    ) -> PlayingCard:
        candidates = [c for c in hand if c not in exclude]
        return min(candidates, key=lambda c: (c.suit == suit, c.rank))

    def _play(self, view: TemptressView, contest: Contest, suit: Suit) -> PlayCards | Reroll:
        """The fewest, cheapest spare cards that reach the target, with spare Rapport to help.

        One Rapport chip is always kept back for the round-end spending.
        """
        seat = self.seat
        goal = contest.targets[-1]
        shown = contest.cards_of(seat)
        budget = contest.budget_left(seat)
        spare = self._spare(view.hand, suit)
        pool = spare if spare else tuple(sorted(view.hand, key=lambda c: c.rank))
        arguing = contest.kind == ARGUMENT
        spendable = 0 if arguing else max(0, view.suitors[seat].rapport - 1)
        options = []
        for size in range(1, min(budget, len(pool)) + 1):
            for combo in combinations(pool, size):
                total, pair, flush, cost = self._with_spends(shown, combo, contest, spendable)

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
            return PlayCards(seat, combo, pair_bonus=pair, suit_bonus=flush)
        if spendable and not contest.spent(seat, "reroll") and max(contest.dice) >= 6:
            return Reroll(seat, contest.dice.index(max(contest.dice)))
        return PlayCards(seat, (pool[0],))

    def _with_spends(
        self,
        shown: tuple[PlayingCard, ...],
        combo: tuple[PlayingCard, ...],
        contest: Contest,
        spendable: int,
    ) -> tuple[int, bool, bool, int]:
        """The best total for ``combo`` with the excel spends still open and affordable."""
        total = sum(c.rank for c in combo)
        cards = shown + combo
        pair = flush = False
        cost = 0
        if cost < spendable and not contest.spent(self.seat, "pair") and has_pair(cards):
            pair, cost, total = True, cost + 1, total + PAIR_BONUS
        bonus = suit_bonus(cards, combo[-1])
        if cost < spendable and not contest.spent(self.seat, "suit") and bonus is not None:
            flush, cost, total = True, cost + 1, total + bonus
        return total, pair, flush, cost

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
        belief: beliefs.Belief,
        suit: Suit,
        chance: Chance,
    ) -> Any:
        seat = self.seat
        stage = contest.stage
        roll, chance = chance.below(100)
        if stage == "join":
            spare = self._spare(view.hand, suit)
            return Join(seat, len(spare) >= 3 and roll < 15)
        if stage == "play":
            return self._play(view, contest, suit)
        if stage == "raise":
            # A Faux Pas only shows a card; more Rapport means more refills and clues.
            wants = contest.kind != ARGUMENT or self._raise_odds(view, contest, suit) >= 0.5
            return RaiseStakes(seat, wants)
        if stage == "follow":
            return Follow(seat, self._raise_odds(view, contest, suit) >= 0.5)
        if stage == "draw":
            piles = [w for w in range(len(view.women)) if view.women[w].pile_size > 0]
            return DrawFromPile(seat, max(piles, key=lambda w: belief.p_pile_suit(w, suit)))
        if stage == "vote":
            actor = view.suitors[contest.actor]
            leader = max(s.rapport for s in view.suitors)
            reached = any(
                p.seat == contest.actor and p.target == 1 and p.total >= contest.targets[0]
                for p in contest.plays
            )
            # Reward a success unless the actor already leads; help anyone short of chips,
            # since a suitor with no chip at the round end gets no refill and no clue.
            deserves = (reached and actor.rapport < leader) or actor.rapport <= 1
            return Vote(seat, "yes" if deserves else "no")
        if stage == "answer":
            me = view.suitors[seat]
            return AnswerArgument(seat, me.rapport > contest.chips and roll < 25)
        if stage == "stakes":
            # Match clues carry every clue about which woman holds which suit.
            return SetStake(seat, SEE_MATCH_CLUES)
        raise ValueError(f"{view.suitors[seat].name} has nothing to decide at stage {stage}")

    # --- round end --------------------------------------------------------------------------

    def _spend(self, view: TemptressView, belief: beliefs.Belief, suit: Suit) -> SpendRapport:
        """First pin down the suit, then collect it, then hunt the sorceress."""
        seat = self.seat
        me = view.suitors[seat]
        need = HAND_LIMIT - len(view.hand)
        mine = [c for c in view.discard if c.suit == suit]
        held = sum(1 for c in view.hand if c.suit == suit)
        gain = min(need, len(mine))
        refill = None
        if need > 0 and view.discard:
            wanted = min(need, len(view.discard))
            ranked = sorted(view.discard, key=lambda c: (c.suit != suit, -c.rank))
            refill = SpendRapport(seat, REFILL, cards=tuple(ranked[:wanted]))
        if view.tempted:
            return refill or SpendRapport(seat, KEEP)
        sure_of_suit = belief.p_match_suit(suit) >= SUIT_SURE
        if not sure_of_suit:
            clue = self._best_clue(view, belief, suit_only=True)
            if clue is not None:
                return clue
        last_round = bool(view.round_limit) and view.round >= view.round_limit
        completes = held + gain >= HAND_LIMIT
        confident = belief.certainty() >= RETIRE_CONFIDENCE
        if refill and gain >= 1 and (last_round or (completes and confident) or gain >= 3):
            return refill
        clue = self._best_clue(view, belief)
        if clue is not None:
            return clue
        if refill and gain >= 1:
            return refill
        if me.faux_pas >= 2:
            return SpendRapport(seat, CLEAR)
        return SpendRapport(seat, KEEP)

    def _best_clue(
        self, view: TemptressView, belief: beliefs.Belief, suit_only: bool = False
    ) -> SpendRapport | None:
        wanted = beliefs.SUIT_KINDS if suit_only else beliefs.WORLD_KINDS
        kinds = [k for k in view.clue_kinds if k in wanted]
        if not kinds:
            return None
        focus = belief.focus()
        values = {k: beliefs.clue_value(belief, k, view.clues) for k in kinds}
        best = max(kinds, key=lambda k: values[k])
        if values[best] > focus + CLUE_GAIN:
            return SpendRapport(self.seat, CLUE, clue_kind=best)
        return None

    # --- a bot narrator -----------------------------------------------------------------------

    def _narrate(self, view: TemptressView, chance: Chance) -> Any:
        seat = self.seat
        contest = view.contest
        if contest is not None and contest.stage == "tie":
            winner, _ = chance.pick(contest.asked)
            return NarratorSettleTie(seat, winner)
        if contest is not None and contest.stage == "review":
            return NarratorReviewStakes(seat)
        return NarratorVerdict(seat)
