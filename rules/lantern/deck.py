"""The deck: dealing, burning, cards owed while it is dry, and restocking it."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Outcome, Seat, Who
from rules.lantern.state import EventKind, LanternState, Phase, Restock
from rules.lantern.tavern import announce, bard_seats, record, replace, story_event, tell_bard
from rules.lantern.winning import winner

LONGEST_ELEMENTS = 2000
"""The most characters of story elements typed in one go (at setup, or to restock)."""
ALREADY_IN = "Those story elements are already in the tale: type new ones, or add none to end it."


def deal(state: LanternState, bard: Seat, count: int) -> LanternState:
    """Random cards from the deck; what the deck cannot give is owed until it is restocked."""
    deck, chance, hand = list(state.deck), state.chance, state.hands[bard]
    dealt = []
    for _ in range(count):
        if not deck:
            break
        index, chance = chance.below(len(deck))
        dealt.append(deck.pop(index))
    state = evolve(
        state,
        deck=tuple(deck),
        chance=chance,
        hands=replace(state.hands, bard, hand + tuple(dealt)),
    )
    if dealt:
        cards = tuple(state.elements[c] for c in dealt)
        state = tell_bard(state, bard, EventKind.DEALT, bard=Who(bard), cards=cards)
    short = count - len(dealt)
    if short:
        state = evolve(state, owed=state.owed + ((bard, short),))
    return state


def burn(state: LanternState, bard: Seat, card: int) -> LanternState:
    """``card`` leaves ``bard``'s hand for the burned pile."""
    hand = tuple(c for c in state.hands[bard] if c != card)
    return evolve(state, hands=replace(state.hands, bard, hand), burned=state.burned + (card,))


def move_on(state: LanternState, phase: Phase) -> LanternState:
    """Move on, unless cards are owed: then the Barkeep must restock (or end) first; but
    not when a Bard has just won (``game.apply`` declares it, and the debt with it)."""
    if state.owed and phase != Phase.OVER and winner(evolve(state, phase=phase)) is None:
        state = announce(state, EventKind.DRY)
        return evolve(state, phase=Phase.DRY, after_dry=phase)
    return evolve(state, phase=phase)


def fresh_elements(state: LanternState, elements: tuple[str, ...]) -> tuple[str, ...]:
    """The new ones among ``elements``, trimmed, each once, in order."""
    trimmed = (e.strip() for e in elements)
    return tuple(dict.fromkeys(e for e in trimmed if e and e not in state.elements))


def restock(state: LanternState, action: Restock) -> LanternState:
    """New elements go into the deck and the owed cards are dealt; none ends the tale."""
    fresh = fresh_elements(state, action.elements)
    if action.elements and not fresh:
        raise IllegalAction(ALREADY_IN)
    if not fresh:
        ended = story_event(state, EventKind.ENDED_DRY)
        result = Outcome((), bard_seats(state), ended.text)
        state = record(state, ended)
        return evolve(state, phase=Phase.OVER, result=result, owed=())
    start = len(state.elements)
    state = evolve(
        state,
        elements=state.elements + fresh,
        deck=state.deck + tuple(range(start, start + len(fresh))),
    )
    state = announce(state, EventKind.RESTOCKED, added=len(fresh))
    owed, state = state.owed, evolve(state, owed=())
    for bard, count in owed:
        state = deal(state, bard, count)
    return move_on(state, state.after_dry)
