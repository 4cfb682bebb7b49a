"""Persuasion's vocabulary on the table: players, aware, stamp, flip up, move, card words."""

from __future__ import annotations

from attrs import evolve

from rules.engine import Event, IllegalAction, Seat
from rules.persuasion.state import EventKind, PersuasionState, TraitCard


def card(state: PersuasionState, number: int) -> TraitCard:
    return state.config.cards[number]


def describe(item: TraitCard, actions: bool = True) -> str:
    """ "Lock of Hair (passion; action: give author)"; without ``actions`` (the Evening
    Ball, which has none) "Lock of Hair (passion)"."""
    symbols = ", ".join(item.symbols)
    if not actions:
        return f"{item.title} ({symbols})"
    return f"{item.title} ({symbols}; action: {item.action.replace('_', ' ')})"


def name(state: PersuasionState, seat: Seat) -> str:
    return state.config.names[seat]


def players(state: PersuasionState) -> range:
    return range(len(state.config.names))


def clockwise(state: PersuasionState, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats in turn order, starting with the hostex."""
    count = len(state.config.names)
    return tuple(sorted(seats, key=lambda p: (p - state.hostex) % count))


def singles(state: PersuasionState) -> tuple[Seat, ...]:
    """The players who have not exchanged rings."""
    engaged = {p for pair in state.exchanged for p in pair}
    return tuple(p for p in players(state) if p not in engaged)


def owner_of(state: PersuasionState, number: int) -> Seat | None:
    """The player whose traits hold the card; None for the discards (or the box)."""
    return next((p for p, cards in enumerate(state.traits) if number in cards), None)


def aware(state: PersuasionState, seat: Seat, number: int) -> bool:
    """Face up, stamped by the seat, or the seat's own card."""
    return state.faceup[number] or seat in state.stamps[number] or number in state.traits[seat]


def slot_of(state: PersuasionState, player: Seat, slot: int | None, by: Seat | None = None) -> int:
    """The card number in a player's slot, or IllegalAction (``by``: who asks)."""
    cards = state.traits[player]
    if slot is None or not 0 <= slot < len(cards):
        if not cards:
            raise IllegalAction(no_cards_left(state, player, by))
        raise IllegalAction(f"{name(state, player)} has no card in that place.")
    return cards[slot]


def place_refusal(state: PersuasionState, player: Seat, slot: int | None, by: Seat) -> str:
    """Why ``player`` has no card in ``slot`` ('' when they have one), said to ``by``."""
    try:
        slot_of(state, player, slot, by)
    except IllegalAction as exc:
        return exc.reason
    return ""


def no_cards_left(state: PersuasionState, player: Seat, by: Seat | None = None) -> str:
    """The refusal for a card of a player with none (said to ``by``)."""
    if player == by:
        return "You have no cards left."
    return f"{name(state, player)} has no cards left."


def stamp(state: PersuasionState, seat: Seat, number: int) -> PersuasionState:
    """Put the seat's stamp on a card (face-up cards carry none); flip it up if everyone has."""
    if state.faceup[number] or seat in state.stamps[number]:
        return state
    stamps = list(state.stamps)
    stamps[number] = tuple(sorted(stamps[number] + (seat,)))
    return flip_if_known(evolve(state, stamps=tuple(stamps)), number)


def flip_if_known(state: PersuasionState, number: int) -> PersuasionState:
    """A card stamped by every player (its owner aside) flips up."""
    if state.faceup[number]:
        return state
    owner = owner_of(state, number)
    others = [p for p in range(len(state.traits)) if p != owner]
    if all(p in state.stamps[number] for p in others):
        state = flip_up(state, number)
        return log(
            state,
            f"Everyone knows {card(state, number).title}: it flips face up.",
            kind=EventKind.KNOWN_TO_ALL,
        )
    return state


def flip_up(state: PersuasionState, number: int) -> PersuasionState:
    """Face up for good; its stamps go back to their owners."""
    faceup = list(state.faceup)
    faceup[number] = True
    stamps = list(state.stamps)
    stamps[number] = ()
    return evolve(state, faceup=tuple(faceup), stamps=tuple(stamps))


def remove(state: PersuasionState, number: int) -> PersuasionState:
    traits = tuple(tuple(c for c in cards if c != number) for cards in state.traits)
    discards = tuple(c for c in state.discards if c != number)
    return evolve(state, traits=traits, discards=discards)


def to_traits(state: PersuasionState, number: int, player: Seat) -> PersuasionState:
    state = remove(state, number)
    traits = list(state.traits)
    traits[player] = traits[player] + (number,)
    return flip_if_known(evolve(state, traits=tuple(traits)), number)


def to_discards(state: PersuasionState, number: int) -> PersuasionState:
    state = remove(state, number)
    return flip_if_known(evolve(state, discards=state.discards + (number,)), number)


def log(state: PersuasionState, *texts: str, kind: EventKind) -> PersuasionState:
    """Public events, each of ``kind`` (the key of its teaching caption)."""
    return evolve(state, log=state.log + tuple(Event(t, kind=kind) for t in texts))


def tell(state: PersuasionState, seat: Seat, *texts: str, kind: EventKind) -> PersuasionState:
    """Private events for ``seat``, each of ``kind``."""
    return evolve(state, log=state.log + tuple(Event(t, (seat,), kind=kind) for t in texts))


def show(
    state: PersuasionState, seat: Seat, number: int, how: str, *, kind: EventKind
) -> PersuasionState:
    """The seat looks at a card (and stamps it), told privately what it is (its action
    too, but at the Evening Ball) in a note of ``kind``."""
    item = card(state, number)
    text = f"{how}: {describe(item, not state.config.evening_ball)}."
    state = tell(state, seat, text, kind=kind)
    return stamp(state, seat, number)
