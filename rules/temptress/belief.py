"""What a suitor can work out from their own view: a weighting of possible worlds.

A world is a way the secrets could be: each woman's suit, who the sorceress
is, and who this suitor's perfect match is. Clues rule worlds out; cards drawn
from a pile make the worlds where that pile is of the card's suit likelier
(three of a pile's four cards are of its woman's suit). Bots read this to
choose a suit, an accusation, and which clue to ask for.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from attrs import frozen

from rules.cards import PlayingCard, Suit
from rules.temptress.state import Clue, ClueKind
from rules.temptress.views import TemptressView

SUIT_ORDERS = tuple(permutations(tuple(Suit)))
WOMEN = 4


@frozen(cache_hash=True)
class World:
    """One possible arrangement of the secrets this suitor cares about."""

    suits: tuple[Suit, ...]
    sorceress: int
    match: int


FAILED_ACCUSATION = 0.25
"""How much likelier a woman named in a failed retirement is to be the sorceress after it,
against before: the table learns only that it failed, but a suitor retires sure of
their suit, so the name is the likelier half to be wrong."""

ALL_WORLDS = tuple(
    World(order, sorceress, match)
    for order in SUIT_ORDERS
    for sorceress in range(WOMEN)
    for match in range(WOMEN)
)
"""Covers every case; each suitor's own facts filter it."""

WORLD_KINDS = (
    ClueKind.NOT_MATCH_SUIT,
    ClueKind.NOT_SORCERESS_SUIT,
    ClueKind.MATCH_COLOUR,
    ClueKind.SORCERESS_COLOUR,
    ClueKind.WOMAN_SUIT,
)
"""Clue kinds whose truth depends only on a world (the bots can weigh them)."""

SUIT_KINDS = (ClueKind.NOT_MATCH_SUIT, ClueKind.MATCH_COLOUR)
"""Clue kinds that narrow the suit of one's match."""


# Plain aliases: ``holds`` runs for every world and clue a bot weighs, and looking a
# member up on its enum class costs several times the comparison.
_NOT_MATCH_SUIT = ClueKind.NOT_MATCH_SUIT
_NOT_SORCERESS_SUIT = ClueKind.NOT_SORCERESS_SUIT
_MATCH_COLOUR = ClueKind.MATCH_COLOUR
_SORCERESS_COLOUR = ClueKind.SORCERESS_COLOUR
_WOMAN_SUIT = ClueKind.WOMAN_SUIT
_MATCH_PREFERENCE = ClueKind.MATCH_PREFERENCE


def holds(world: World, clue: Clue, owners: dict[str, int]) -> bool:
    """Whether ``clue`` would be true in ``world`` (unknowable ones count as true)."""
    kind = clue.kind
    if kind == _NOT_MATCH_SUIT:
        return world.suits[world.match] != clue.suit
    if kind == _NOT_SORCERESS_SUIT:
        return world.suits[world.sorceress] != clue.suit
    if kind == _MATCH_COLOUR:
        return world.suits[world.match].is_red == clue.red
    if kind == _SORCERESS_COLOUR:
        return world.suits[world.sorceress].is_red == clue.red
    if kind == _WOMAN_SUIT and clue.woman is not None:
        return (world.suits[clue.woman] == clue.suit) == clue.positive
    if kind == _MATCH_PREFERENCE and clue.preference in owners:
        return world.match == owners[clue.preference]
    return True


def world_clues(world: World, kind: ClueKind) -> tuple[Clue, ...]:
    """Every clue of a world kind that would be true in ``world``."""
    if kind == ClueKind.NOT_MATCH_SUIT:
        return tuple(Clue(kind, suit=s) for s in Suit if s != world.suits[world.match])
    if kind == ClueKind.NOT_SORCERESS_SUIT:
        return tuple(Clue(kind, suit=s) for s in Suit if s != world.suits[world.sorceress])
    if kind == ClueKind.MATCH_COLOUR:
        return (Clue(kind, red=world.suits[world.match].is_red),)
    if kind == ClueKind.SORCERESS_COLOUR:
        return (Clue(kind, red=world.suits[world.sorceress].is_red),)
    if kind == ClueKind.WOMAN_SUIT:
        return tuple(
            Clue(kind, woman=w, suit=s, positive=world.suits[w] == s)
            for w in range(WOMEN)
            for s in Suit
        )
    return ()


@frozen(cache_hash=True)
class Belief:
    """Weighted worlds (weights sum to 1)."""

    worlds: tuple[tuple[World, float], ...]

    def p_match_suit(self, suit: Suit) -> float:
        return _match_suit_chances(self)[suit]

    def p_match(self, woman: int) -> float:
        """The chance that ``woman`` is this suitor's perfect match."""
        return sum(p for w, p in self.worlds if w.match == woman)

    def p_sorceress_known(self) -> float:
        """The chance of the likeliest answer to "who is the sorceress?"."""
        chances = [0.0] * WOMEN
        for w, p in self.worlds:
            chances[w.sorceress] += p
        return max(chances)

    def p_sorceress_suit_known(self) -> float:
        """The chance of the likeliest answer to "what is the sorceress's suit?"."""
        chances = dict.fromkeys(Suit, 0.0)
        for w, p in self.worlds:
            chances[w.suits[w.sorceress]] += p
        return max(chances.values())

    def p_pile_suit(self, woman: int, suit: Suit) -> float:
        return sum(p for w, p in self.worlds if w.suits[woman] == suit)

    def p_win(self, suit: Suit, accused: int) -> float:
        """Retiring with a flush of ``suit`` and naming ``accused`` would be right."""
        return sum(
            p
            for w, p in self.worlds
            if w.suits[w.match] == suit and w.sorceress == accused and w.match != w.sorceress
        )

    def best_suit(self) -> Suit:
        chances = _match_suit_chances(self)
        return max(Suit, key=chances.__getitem__)

    def certainty(self) -> float:
        """The best chance of a right retirement, over every suit and accusation."""
        return max(self.p_win(s, w) for s in Suit for w in range(WOMEN))

    def given(self, clue: Clue, owners: dict[str, int]) -> Belief:
        kept = [(w, p) for w, p in self.worlds if holds(w, clue, owners)]
        total = sum(p for _, p in kept)
        if total <= 0:
            return self
        return Belief(tuple((w, p / total) for w, p in kept))


@lru_cache(maxsize=256)
def _match_suit_chances(belief: Belief) -> dict[Suit, float]:
    """The chance that one's match is of each suit, in one pass over the worlds (a bot
    asks this of the same belief for every suit, at every decision)."""
    chances = dict.fromkeys(Suit, 0.0)
    for world, p in belief.worlds:
        suit = world.suits[world.match]
        chances[suit] += p
    return chances


def preference_owners(clues: tuple[Clue, ...]) -> dict[str, int]:
    """Which woman owns each preference, as far as these clues say."""
    return {
        c.preference: c.woman
        for c in clues
        if c.kind == ClueKind.PREFERENCE_OWNER and c.woman is not None
    }


def belief_from(view: TemptressView) -> Belief:
    """Every world consistent with the seat's clues and Tempted flag, weighted by its draws
    and by the failed retirements it heard of."""
    named = tuple((r.accused, r.right_woman) for r in view.retirements if r.right_woman is not None)
    failed = tuple(r.accused for r in view.retirements if r.right_woman is None)
    return _belief(usable_clues(view), view.draws, view.tempted, named, failed)


ABSOLUTE_KINDS = (
    ClueKind.NOT_SORCERESS_SUIT,
    ClueKind.SORCERESS_COLOUR,
    ClueKind.WOMAN_SUIT,
    ClueKind.PREFERENCE_OWNER,
)
"""Clues that mean the same whoever holds them."""


def usable_clues(view: TemptressView) -> tuple[Clue, ...]:
    """Own clues, plus clues seen in arguments that also hold for this suitor.

    Another suitor's clues about the sorceress or about a woman hold for
    everyone; their clues about their own match hold too when this suitor
    knows that the two share a match.
    """
    sharing = {
        c.suitor
        for c in view.clues
        if c.kind == ClueKind.SHARES_MATCH and c.positive and c.suitor is not None
    }
    extra = tuple(
        clue for suitor, clue in view.seen if clue.kind in ABSOLUTE_KINDS or suitor in sharing
    )
    return tuple(dict.fromkeys(view.clues + extra))


@lru_cache(maxsize=256)
def _belief(
    held: tuple[Clue, ...],
    draws: tuple[tuple[int, PlayingCard], ...],
    tempted: bool,
    named: tuple[tuple[int, bool], ...] = (),
    failed: tuple[int, ...] = (),
) -> Belief:
    owners = preference_owners(held)
    weighted = []
    for world in ALL_WORLDS:
        if (world.match == world.sorceress) != tempted:
            continue
        if not all(holds(world, clue, owners) for clue in held):
            continue
        if any((world.sorceress == accused) != right for accused, right in named):
            continue
        weight = 1.0
        for accused in failed:
            if world.sorceress == accused:
                weight *= FAILED_ACCUSATION
        for woman, card in draws:
            weight *= 0.75 if card.suit == world.suits[woman] else 1 / 12
        weighted.append((world, weight))
    total = sum(p for _, p in weighted) or 1.0
    return Belief(tuple((w, p / total) for w, p in weighted))


@lru_cache(maxsize=1024)
def clue_value(belief: Belief, kind: ClueKind, held: tuple[Clue, ...]) -> float:
    """How sure of a right retirement the belief is expected to be (``Belief.certainty``)
    after a clue of ``kind``: what a suitor buys clues for."""
    held_set = set(held)
    chance_of: dict[Clue, float] = {}
    for world, p in belief.worlds:
        fresh = [c for c in world_clues(world, kind) if c not in held_set]
        for clue in fresh:
            chance_of[clue] = chance_of.get(clue, 0.0) + p / len(fresh)
    if not chance_of:
        return belief.certainty()
    return sum(p * belief.given(clue, {}).certainty() for clue, p in chance_of.items())
