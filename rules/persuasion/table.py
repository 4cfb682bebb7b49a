"""Persuasion's vocabulary on the table: players, aware, stamp, flip up, move, card words,
and telling its events (``log``, ``tell``, ``show``: ``told.py``, ``story.toml``)."""

from __future__ import annotations

from attrs import evolve

from rules.engine import Fact, IllegalAction, Seat
from rules.persuasion.state import EventKind, PersuasionState, TraitCard
from rules.persuasion.told import TOLD, maybe
from rules.story import STORY

BALL = "ball"
"""The line of a note that describes a card at the Evening Ball, where it has no action."""


def card(state: PersuasionState, number: int) -> TraitCard:
    return state.config.cards[number]


def action_words(item: TraitCard) -> str:
    """The card's action in words: "give author"."""
    return item.action.replace("_", " ")


def face(state: PersuasionState, number: int) -> dict[str, Fact]:
    """The facts of a card as its face tells it: its title, symbols and action."""
    item = card(state, number)
    return {
        "card": item.title,
        "symbols": tuple(str(s) for s in item.symbols),
        "action": action_words(item),
    }


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
        return log(state, EventKind.KNOWN_TO_ALL, owner=maybe(owner), **face(state, number))
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


def log(
    state: PersuasionState, kind: EventKind, line: str = STORY, /, **facts: Fact
) -> PersuasionState:
    """A public event of ``kind`` about ``facts``, told by the kind's ``line``."""
    event = TOLD.event(kind, state.config.names, facts, line=line)
    return evolve(state, log=state.log + (event,))


def tell(
    state: PersuasionState, seat: Seat, kind: EventKind, line: str = STORY, /, **facts: Fact
) -> PersuasionState:
    """A private event of ``kind`` about ``facts`` for ``seat``, told by the kind's ``line``."""
    event = TOLD.event(kind, state.config.names, facts, (seat,), line)
    return evolve(state, log=state.log + (event,))


def show(
    state: PersuasionState,
    seat: Seat,
    number: int,
    kind: EventKind,
    line: str = STORY,
    /,
    **facts: Fact,
) -> PersuasionState:
    """The seat looks at a card (and stamps it), told privately what it is in a note of
    ``kind`` about ``facts`` and the card's face: its action too, but at the Evening
    Ball, whose notes (only a seal's card and a discard) are told by their ``ball`` line."""
    told = BALL if state.config.evening_ball else line
    state = tell(state, seat, kind, told, **facts, **face(state, number))
    return stamp(state, seat, number)
