"""Card primitives shared by the games.

Standard playing cards (suits with symbols and ASCII letters, ranks with
values) and the deck-with-discard mechanics that several games need: draw from
the top, and when the deck runs dry shuffle the discards into a new deck.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Generic, TypeVar

from attrs import evolve, frozen

from rules.chance import Chance

T = TypeVar("T")


class Suit(StrEnum):
    """The four French suits; the value is the save-file spelling."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        return {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[self.value]

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
HONOUR_RANKS = (11, 12, 13, 14)
NUMBER_RANKS = tuple(range(2, 11))


@frozen(order=True, cache_hash=True)
class PlayingCard:
    """A standard card, aces high: rank 2 to 10, then jack 11, queen 12, king 13, ace 14."""

    rank: int
    suit: Suit

    @property
    def is_honour(self) -> bool:
        return self.rank in HONOUR_RANKS

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def label(self, ascii_only: bool = False) -> str:
        """Short form: ``10♥``, ``Q♠`` (``QS`` in ASCII)."""
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank}{self.suit.letter if ascii_only else self.suit.symbol}"

    def words(self) -> str:
        """Long form: ``the queen of spades``."""
        return f"the {RANK_WORDS.get(self.rank, str(self.rank))} of {self.suit.value}"


def standard_deck() -> tuple[PlayingCard, ...]:
    """The 52 cards in a fixed order (suit by suit, two to ace)."""
    return tuple(PlayingCard(rank, suit) for suit in Suit for rank in range(2, 15))


@frozen
class Pile(Generic[T]):
    """A face-down deck (top is index 0) and its face-up discard pile."""

    deck: tuple[T, ...]
    discard: tuple[T, ...] = ()

    def draw(self, chance: Chance, count: int = 1) -> tuple[tuple[T, ...], Pile[T], Chance]:
        """Draw up to ``count`` cards, reshuffling the discards when the deck is empty.

        Returns the cards drawn (fewer only if deck and discards are both exhausted),
        the new pile and the new Chance.
        """
        pile, drawn = self, []
        for _ in range(count):
            if not pile.deck:
                if not pile.discard:
                    break
                deck, chance = chance.shuffle(pile.discard)
                pile = Pile(deck=deck, discard=())
            drawn.append(pile.deck[0])
            pile = evolve(pile, deck=pile.deck[1:])
        return tuple(drawn), pile, chance

    def discarding(self, *cards: T) -> Pile[T]:
        """The pile with ``cards`` added to the discards."""
        return evolve(self, discard=self.discard + cards)
