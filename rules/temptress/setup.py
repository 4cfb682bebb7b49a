"""Setting the table: suits, the sorceress, piles, hands, matches and starter clues."""

from __future__ import annotations

from rules.cards import HONOUR_RANKS, NUMBER_RANKS, PlayingCard, Suit
from rules.chance import Chance
from rules.engine import IllegalAction, Who, Whos
from rules.temptress.state import (
    HAND_LIMIT,
    Clue,
    ClueKind,
    EventKind,
    Suitor,
    TemptressConfig,
    TemptressState,
    Woman,
)
from rules.temptress.table import log, tell

MIN_SUITORS, MAX_SUITORS = 3, 5
WOMEN = 4


def check_config(config: TemptressConfig) -> None:
    count = len(config.suitors)
    if not MIN_SUITORS <= count <= MAX_SUITORS:
        raise IllegalAction(f"The Temptress needs {MIN_SUITORS} to {MAX_SUITORS} suitors.")
    if len(config.women) != WOMEN:
        raise IllegalAction("The Temptress needs exactly four women.")
    names = [n.strip().casefold() for n in (*config.suitors, *(w.name for w in config.women))]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise IllegalAction("Every suitor and every woman needs a name of their own.")
    if not 0 <= config.oldest < count:
        raise IllegalAction("The oldest suitor must be one of the suitors.")
    if config.round_limit < 0:
        raise IllegalAction("The round limit cannot be negative (0 means no limit).")
    if config.preferences_each < 1:
        raise IllegalAction("Each woman needs at least one preference.")
    if len(set(config.preference_pool)) < WOMEN * config.preferences_each:
        raise IllegalAction(
            f"The pack needs at least {WOMEN * config.preferences_each} different preferences."
        )


def _derangement(chance: Chance, size: int) -> tuple[tuple[int, ...], Chance]:
    """A random permutation with no fixed point (redrawn until there is none)."""
    while True:
        order, chance = chance.shuffle(tuple(range(size)))
        if all(order[i] != i for i in range(size)):
            return order, chance


Piles = tuple[tuple[PlayingCard, ...], ...]


def _piles(suits: tuple[Suit, ...], chance: Chance) -> tuple[Piles, Chance]:
    """Each woman's pile: three honours of her suit and one decoy of another suit.

    Each suit gives one random honour to another suit's pile (a derangement), so
    every pile receives exactly one decoy.
    """
    giver_to, chance = _derangement(chance, len(suits))
    kept: list[list[PlayingCard]] = []
    decoys: list[PlayingCard] = []
    for suit in suits:
        honours = [PlayingCard(rank, suit) for rank in HONOUR_RANKS]
        index, chance = chance.below(len(honours))
        decoys.append(honours.pop(index))
        kept.append(honours)
    piles = []
    for woman in range(len(suits)):
        giver = giver_to.index(woman)
        pile, chance = chance.shuffle((*kept[woman], decoys[giver]))
        piles.append(pile)
    return tuple(piles), chance


def _matches(
    count: int, sorceress: int, chance: Chance, fair: bool
) -> tuple[tuple[int, ...], Chance]:
    """Each suitor's perfect match; the sorceress is drawn at most once (a second draw
    of her is drawn again among the daughters).

    ``fair``: the suitors are drawn for in a shuffled order, so that every seat is as
    likely to be the Tempted. Without it (a save from before ``fair_deal``) they are drawn
    for in seat order, where the first seats draw her first.
    """
    order: tuple[int, ...] = tuple(range(count))
    if fair:
        order, chance = chance.shuffle(order)
    matches = [0] * count
    drawn: list[int] = []
    daughters = tuple(w for w in range(WOMEN) if w != sorceress)
    for seat in order:
        match, chance = chance.below(WOMEN)
        if match == sorceress and sorceress in drawn:
            match, chance = chance.pick(daughters)
        drawn.append(match)
        matches[seat] = match
    return tuple(matches), chance


def new(config: TemptressConfig, seed: int) -> TemptressState:
    check_config(config)
    chance = Chance(seed)
    suits, chance = chance.shuffle(tuple(Suit))
    sorceress, chance = chance.below(WOMEN)
    pool, chance = chance.shuffle(tuple(dict.fromkeys(config.preference_pool)))
    each = config.preferences_each
    piles, chance = _piles(suits, chance)
    women = tuple(
        Woman(spec.name, spec.personality, suits[w], pool[w * each : (w + 1) * each], piles[w])
        for w, spec in enumerate(config.women)
    )
    numbers, chance = chance.shuffle(
        tuple(PlayingCard(rank, suit) for suit in Suit for rank in NUMBER_RANKS)
    )
    matches, chance = _matches(len(config.suitors), sorceress, chance, config.fair_deal)
    suitors = []
    for seat, name in enumerate(config.suitors):
        hand = numbers[seat * HAND_LIMIT : (seat + 1) * HAND_LIMIT]
        match = women[matches[seat]]
        sorceress_suit = women[sorceress].suit
        not_match, chance = chance.pick(tuple(s for s in Suit if s != match.suit))
        not_sorceress, chance = chance.pick(tuple(s for s in Suit if s != sorceress_suit))
        liked, chance = chance.pick(match.preferences)
        clues = (
            Clue(ClueKind.NOT_MATCH_SUIT, suit=not_match),
            Clue(ClueKind.NOT_SORCERESS_SUIT, suit=not_sorceress),
            Clue(ClueKind.MATCH_PREFERENCE, preference=liked),
        )
        suitors.append(Suitor(name, tuple(sorted(hand)), matches[seat], clues))
    discard = numbers[len(config.suitors) * HAND_LIMIT :]
    state = TemptressState(
        config=config,
        chance=chance,
        suitors=tuple(suitors),
        women=women,
        sorceress=sorceress,
        discard=discard,
    )
    everyone = Whos(tuple(range(len(suitors))))
    state = log(state, EventKind.ARRIVAL, suitors=everyone, introductions="")
    state = log(
        state,
        EventKind.ARRIVAL,
        "greeting",
        suitors=everyone,
        introductions="; ".join(f"{w.name}: {w.personality.rstrip('.')}" for w in women),
    )
    state = log(state, EventKind.OPENING, oldest=Who(config.oldest))
    for seat in range(len(suitors)):
        state = tell(state, seat, EventKind.STARTER_CLUES)
        if matches[seat] == sorceress:
            state = tell(state, seat, EventKind.TEMPTED)
    return state
