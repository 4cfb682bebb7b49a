"""Persuasion's content pack: the trait cards (symbols, action, title, flavour)."""

from __future__ import annotations

from attrs import frozen

from rules.packs import bundled_pack, card_list_problems, read_pack
from rules.persuasion.state import CardAction, Symbol, TraitCard

MIN_CARDS = 48  # eight players, six cards each
_SYMBOLS = frozenset(Symbol)
_ACTIONS = frozenset(CardAction)


@frozen
class PackCard:
    """One trait card as written in the pack."""

    title: str
    flavour: str
    symbols: tuple[str, ...]
    action: str
    """Plain text here, checked by ``problems`` (a trait card holds a Symbol and a CardAction)."""


@frozen
class PersuasionPack:
    """A pack file: a name, a line about it, and the trait cards."""

    name: str
    description: str
    cards: tuple[PackCard, ...]

    def problems(self) -> list[str]:
        found = card_list_problems("cards.title", (c.title for c in self.cards), MIN_CARDS, 28)
        for index, item in enumerate(self.cards):
            where = f"cards[{index}]"
            if not 1 <= len(item.symbols) <= 3:
                found.append(f"{where}.symbols: one to three symbols, found {len(item.symbols)}")
            bad = [s for s in item.symbols if s.strip() and s not in _SYMBOLS]
            if bad:
                found.append(
                    f"{where}.symbols: unknown symbol {_quoted(bad[0])} (use {', '.join(Symbol)})"
                )
            if item.action.strip() and item.action not in _ACTIONS:
                found.append(
                    f"{where}.action: unknown action {_quoted(item.action)} "
                    f"(use one of {', '.join(CardAction)})"
                )
            if len(item.flavour) > 90:
                found.append(f"{where}.flavour: longer than 90 characters")
        return found

    def trait_cards(self) -> tuple[TraitCard, ...]:
        return tuple(
            TraitCard(c.title, c.flavour, tuple(Symbol(s) for s in c.symbols), CardAction(c.action))
            for c in self.cards
        )


def _quoted(text: str) -> str:
    return repr(text) if len(text) <= 20 else repr(text[:20] + "...")


def default_pack() -> PersuasionPack:
    return bundled_pack("themes.persuasion", "default.toml", PersuasionPack)


def load_pack(path: str) -> PersuasionPack:
    return read_pack(path, PersuasionPack)
