"""How often can one suitor reach the third target of one action, at the very best?

A pile card is drawn only on a third success: the first target reached with one card,
the raised second target with one more, the raised third with the last. Each target is
a fresh 3d10 (mean 16.5); a suitor's hand holds number cards (2 to 10: honours come only
from the piles, that is from earlier third successes). The excels help:

* the pair (+3, once an action) once the cards played in the action hold a pair;
* three of a suit (+3, once an action) with the third card, or for a straight flush the
  last card counted twice (so a 10 played last on 8 and 9 of its suit makes 20);
* the re-roll of one die before playing for a target (once an action, only for the
  suitor who took the action).

This script works the chance out exactly, by dynamic programming over the 1000 throws of
each target: the dice of a target are seen before its card is chosen (and before
deciding to re-roll, whose new die is seen too), each excel costs a chip (what the
targets pay comes only when the action is judged), and every choice is the best for
reaching the third target. It does it for

* a **ceiling**: a suitor who may pick any of the 36 number cards at every target (more
  than any hand of seven allows), as the actor (with the re-roll) and as a joiner, with
  0 to 3 chips (2 are enough: the re-roll and one of the pair or the suit);
* the best hand of seven it finds (a hill climb from strong hands), and
* a dealt hand: the mean over random hands of seven, with enough chips.

Then it plays all-bot games (the island narrating, as the tournament does) to count the
participant-actions per game (actions taken, and suitors who joined them in opposition)
and multiplies: the pile cards a game of that length would see if every participant
held the ceiling's cards, or a fresh dealt hand, and played perfectly. It also sums each
participant's best chance with the cards and the Rapport it really held as the action
began (what perfect play could have made of the bots' games).

    .venv/bin/python bench/third_target_ceiling.py [--games 60] [--hands 300]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from functools import cache
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import Suit  # noqa: E402

Card = tuple[int, int]
"""(rank 2..10, suit 0..3)."""

DECK: tuple[Card, ...] = tuple((rank, suit) for suit in range(4) for rank in range(2, 11))
THROWS = tuple(product(range(1, 11), repeat=3))
PAIR = 3
SUIT = 3
LOW, HIGH = 3, 30
"""The targets 3d10 can make."""


def _throws() -> tuple[tuple[int, int, float], ...]:
    """The 1000 throws of 3d10 grouped by (their sum, the sum of the two lowest dice),
    each with its chance."""
    counts: dict[tuple[int, int], int] = {}
    for dice in THROWS:
        key = (sum(dice), sum(dice) - max(dice))
        counts[key] = counts.get(key, 0) + 1
    return tuple((total, rest, n / len(THROWS)) for (total, rest), n in counts.items())


GROUPED = _throws()


@cache
def _chance(best: tuple[float, ...], reroll: tuple[float, ...] | None) -> float:
    """The chance of going on, over the throws of a target: ``best[t]`` is what reaching
    a target of ``t`` is worth while the re-roll is still to come (or never will);
    ``reroll``, when the suitor may still re-roll a die after seeing the throw, what it
    is worth once spent. Both fall as the target rises, so the die worth re-rolling is
    the highest."""
    total = 0.0
    for target, rest, chance in GROUPED:
        value = best[target]
        if reroll is not None:
            value = max(value, sum(reroll[rest + face] for face in range(1, 11)) / 10)
        total += chance * value
    return total


def third(hand: tuple[Card, ...], played: tuple[Card, Card], pair_spent: bool, chips: int) -> int:
    """The most the third card can make, with the spends it opens as far as ``chips`` go
    (a pair and three of a suit never come together in three cards, so one spend)."""
    best = 0
    for card in hand:
        if card in played:
            continue
        cards = (*played, card)
        bonuses = [0]
        ranks = [c[0] for c in cards]
        if chips and not pair_spent and len(set(ranks)) < 3:
            bonuses.append(PAIR)
        if chips and len({c[1] for c in cards}) == 1:
            ordered = sorted(ranks)
            straight = ordered[1] == ordered[0] + 1 and ordered[2] == ordered[1] + 1
            bonuses.append(card[0] if straight else SUIT)
        best = max(best, card[0] + max(bonuses))
    return best


def _at_most(total: int) -> tuple[float, ...]:
    """Worth of each target for a fixed best total: 1 when it is within reach."""
    return tuple(1.0 if t <= total else 0.0 for t in range(HIGH + 1))


ENOUGH = 3
"""Chips for every excel of an action: a re-roll, a pair, three of a suit."""


def best_chance(hand: tuple[Card, ...], actor: bool, chips: int = ENOUGH) -> float:
    """The chance of reaching the third target with ``hand`` (one card a target), playing
    every choice as well as possible, with ``chips`` Rapport (a chip an excel; what the
    targets pay comes when the action is judged); the re-roll only for the ``actor``."""

    def rerolls(rerolled: bool, left: int) -> bool:
        return actor and not rerolled and left > 0

    @cache
    def after_second(c1: Card, c2: Card, pair_spent: bool, rerolled: bool, left: int) -> float:
        without = _at_most(third(hand, (c1, c2), pair_spent, left))
        if not rerolls(rerolled, left):
            return _chance(without, None)
        spent = _at_most(third(hand, (c1, c2), pair_spent, left - 1))
        return _chance(without, spent)

    @cache
    def after_first(c1: Card, rerolled: bool, left: int) -> float:
        def worth(spent_reroll: bool, chips_now: int) -> tuple[float, ...]:
            values = [0.0] * (HIGH + 1)
            for c2 in hand:
                if c2 == c1:
                    continue
                plain = after_second(c1, c2, False, spent_reroll, chips_now)
                paired = c2[0] == c1[0] and chips_now > 0
                spent = after_second(c1, c2, True, spent_reroll, chips_now - 1) if paired else 0
                for target in range(LOW, HIGH + 1):
                    if c2[0] >= target:
                        values[target] = max(values[target], plain)
                    elif paired and c2[0] + PAIR >= target:
                        values[target] = max(values[target], spent)
            return tuple(values)

        if not rerolls(rerolled, left):
            return _chance(worth(rerolled, left), None)
        return _chance(worth(False, left), worth(True, left - 1))

    def worth_first(spent_reroll: bool, chips_now: int) -> tuple[float, ...]:
        values = [0.0] * (HIGH + 1)
        for c1 in hand:
            go_on = after_first(c1, spent_reroll, chips_now)
            for target in range(LOW, HIGH + 1):
                if c1[0] >= target:
                    values[target] = max(values[target], go_on)
        return tuple(values)

    if not rerolls(False, chips):
        return _chance(worth_first(True, chips), None)
    return _chance(worth_first(False, chips), worth_first(True, chips - 1))


def best_hand(actor: bool, seed: int = 1, starts: int = 4) -> tuple[tuple[Card, ...], float]:
    """A hill climb over hands of seven: swap one card for another while it helps."""
    rng = random.Random(seed)
    top: tuple[tuple[Card, ...], float] = ((), 0.0)
    strong = [c for c in DECK if c[0] >= 7]
    for _ in range(starts):
        hand = tuple(rng.sample(strong, 7))
        value = best_chance(hand, actor)
        improved = True
        while improved:
            improved = False
            for out in hand:
                for card in strong:
                    if card in hand:
                        continue
                    trial = tuple(c for c in hand if c != out) + (card,)
                    trial_value = best_chance(trial, actor)
                    if trial_value > value + 1e-12:
                        hand, value, improved = trial, trial_value, True
                        break
                if improved:
                    break
        if value > top[1]:
            top = (tuple(sorted(hand)), value)
    return top


@dataclass
class Counted:
    """What all-bot games came to, per game."""

    actions: float
    """Actions taken (arguments draw no pile card)."""
    joiners: float
    """Suitors who joined them in opposition."""
    held: float
    """The sum, over every participant-action, of the best chance of a third success with
    the number cards and the Rapport that participant held when the action began: the
    pile cards a game would see if every action were played perfectly for one."""
    drawn: float
    """The pile cards the bots drew."""


def participant_actions(games: int, suitors: int, seed: int = 1) -> Counted:
    """All-bot games, the island narrating, as the tournament plays them (seeds from
    ``seed`` on)."""
    from rules.session import Session
    from rules.simulate import bot_config, bot_table
    from rules.temptress.game import TEMPTRESS
    from rules.temptress.state import ContestKind, ContestStage, EventKind

    suits = list(Suit)
    taken = joined = 0
    held = 0.0
    drawn = 0
    table = bot_table(TEMPTRESS, suitors)
    config = bot_config(TEMPTRESS, table)
    for number in range(games):
        session = Session.start(TEMPTRESS, config, seed + number, table)
        seen: set[tuple[int, int]] = set()
        while (prompt := session.prompt) is not None:
            state = session.state
            contest = state.contest
            if (
                contest is not None
                and contest.kind == ContestKind.ACTION
                and contest.stage == ContestStage.PLAY
                and len(contest.targets) == 1
            ):
                for seat in prompt.seats:
                    if (state.actions_taken, seat) in seen:
                        continue
                    seen.add((state.actions_taken, seat))
                    suitor = state.suitors[seat]
                    hand = tuple(
                        (c.rank, suits.index(c.suit)) for c in suitor.hand if c.rank <= 10
                    )
                    if hand:
                        held += best_chance(hand, seat == contest.actor, min(suitor.rapport, 3))
            seat = prompt.seats[0]
            session = session.apply(session.bot_for(seat).choose(session.view(seat)))
        state = session.state
        public = [e.kind for e in state.log if e.seats is None]
        taken += public.count(EventKind.CLAIM)
        joined += public.count(EventKind.JOINED)
        drawn += sum(len(s.draws) for s in state.suitors)
    return Counted(taken / games, joined / games, held / games, drawn / games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="bot games to count actions")
    parser.add_argument("--hands", type=int, default=300, help="random hands to average")
    args = parser.parse_args()
    started = time.perf_counter()
    print("The best chance that one participant reaches the third target of one action:")
    for chips in range(ENOUGH + 1):
        actor, joiner = best_chance(DECK, True, chips), best_chance(DECK, False, chips)
        print(f"  any number card at every target, {chips} Rapport: actor {actor:.4f}, "
              f"joiner {joiner:.4f}")
    ceiling_actor = best_chance(DECK, actor=True)
    ceiling_joiner = best_chance(DECK, actor=False)
    hand, value = best_hand(actor=True)
    shown = " ".join(f"{r}{'CDHS'[s]}" for r, s in hand)
    print(f"  the best hand of seven found, enough Rapport: {shown}: actor {value:.4f}, "
          f"joiner {best_chance(hand, actor=False):.4f}")
    rng = random.Random(2)
    dealt = [tuple(rng.sample(DECK, 7)) for _ in range(args.hands)]
    dealt_actor = sum(best_chance(h, True) for h in dealt) / len(dealt)
    dealt_joiner = sum(best_chance(h, False) for h in dealt) / len(dealt)
    print(f"  a dealt hand of seven, enough Rapport: actor {dealt_actor:.4f}, "
          f"joiner {dealt_joiner:.4f} (mean of {args.hands} hands)")
    print(f"({time.perf_counter() - started:.1f} s)")
    if args.games <= 0:
        return 0
    print(f"Pile cards per game, from {args.games} all-bot games at each table:")
    for suitors in (5, 4, 3):
        counted = participant_actions(args.games, suitors)
        ceiling = counted.actions * ceiling_actor + counted.joiners * ceiling_joiner
        fresh = counted.actions * dealt_actor + counted.joiners * dealt_joiner
        print(
            f"  {suitors} bots: {counted.actions:.1f} actions and {counted.joiners:.1f} "
            f"joiners a game. Played perfectly, every participant with: the ceiling's "
            f"cards and Rapport {ceiling:.2f}; a fresh dealt hand and enough Rapport "
            f"{fresh:.2f}; the cards and Rapport they held {counted.held:.2f}. "
            f"The bots drew {counted.drawn:.2f}."
        )
    print(f"({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
