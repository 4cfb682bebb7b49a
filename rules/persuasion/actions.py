"""The trait cards' actions, each built from the seed's own verbs.

"Author" is the owner of the card whose action is used, "you" the player using
it, a "bystander" anyone else. Every verb keeps its seed meaning: peek stamps,
show lets the viewer stamp, give and discard stamp first, take lets the owner
stamp first, flip up returns the stamps and stays face up.
"""

from __future__ import annotations

from rules.engine import IllegalAction, Seat
from rules.persuasion.state import (
    DISCARD_AUTHOR,
    DISCARD_BYSTANDER,
    FLIP_AUTHOR,
    GIVE_AUTHOR,
    PEEK_AUTHOR,
    PEEK_BYSTANDER,
    SHOW_AUTHOR,
    SWAP_AUTHOR,
    TAKE_AUTHOR,
    TAKE_DISCARD,
    PersuasionState,
    UseCard,
)
from rules.persuasion.table import (
    aware,
    card,
    flip_up,
    log,
    name,
    show,
    slot_of,
    stamp,
    to_discards,
    to_traits,
)

DESCRIPTIONS = {
    PEEK_AUTHOR: "Peek at one of the author's cards",
    PEEK_BYSTANDER: "Peek at one of a bystander's cards",
    SHOW_AUTHOR: "Show one of your cards to the author",
    FLIP_AUTHOR: "Flip up one of the author's cards",
    TAKE_AUTHOR: "Take one of the author's cards",
    GIVE_AUTHOR: "Give one of your cards to the author",
    DISCARD_AUTHOR: "Discard one of the author's cards",
    DISCARD_BYSTANDER: "Discard one of a bystander's cards",
    TAKE_DISCARD: "Take one card from the discards",
    SWAP_AUTHOR: "Swap one of your cards with one of the author's",
}
NEEDS = {
    PEEK_AUTHOR: ("target",),
    PEEK_BYSTANDER: ("player", "target"),
    SHOW_AUTHOR: ("mine",),
    FLIP_AUTHOR: ("target",),
    TAKE_AUTHOR: ("target",),
    GIVE_AUTHOR: ("mine",),
    DISCARD_AUTHOR: ("target",),
    DISCARD_BYSTANDER: ("player", "target"),
    TAKE_DISCARD: ("discard",),
    SWAP_AUTHOR: ("mine", "target"),
}
"""Which targets each action asks for."""


def _unknown(state: PersuasionState, seat: Seat, player: Seat, slot: int | None) -> int:
    number = slot_of(state, player, slot)
    if aware(state, seat, number):
        raise IllegalAction("You already know that card: choose one you have not seen.")
    return number


def _bystander(state: PersuasionState, seat: Seat, author: Seat, player: Seat | None) -> Seat:
    if player is None or not 0 <= player < len(state.traits) or player in (seat, author):
        raise IllegalAction("Choose a bystander: neither you nor the card's author.")
    return player


def use(state: PersuasionState, action: UseCard) -> PersuasionState:
    seat, author = action.seat, action.owner
    if author not in state.held[seat]:
        raise IllegalAction("You may only use the cards of someone whose seal or ring you hold.")
    used = slot_of(state, author, action.slot)
    if not aware(state, seat, used):
        raise IllegalAction("You may only use a card you are aware of (face up or stamped).")
    kind = card(state, used).action
    me, them = name(state, seat), name(state, author)
    which = card(state, used).title if state.faceup[used] else "face-down card"
    state = log(state, f"{me} uses {them}'s {which}: {DESCRIPTIONS[kind]}.")
    if kind == PEEK_AUTHOR:
        number = _unknown(state, seat, author, action.target)
        return show(state, seat, number, f"You peek at {them}'s card")
    if kind == PEEK_BYSTANDER:
        other = _bystander(state, seat, author, action.player)
        number = _unknown(state, seat, other, action.target)
        state = log(state, f"{me} peeks at one of {name(state, other)}'s cards.")
        return show(state, seat, number, f"You peek at {name(state, other)}'s card")
    if kind == SHOW_AUTHOR:
        number = slot_of(state, seat, action.mine)
        if aware(state, author, number):
            raise IllegalAction(f"{them} already knows that card: show one they have not seen.")
        return show(state, author, number, f"{me} shows you a card")
    if kind == FLIP_AUTHOR:
        number = slot_of(state, author, action.target)
        state = flip_up(state, number)
        return log(state, f"{them}'s {card(state, number).title} is flipped face up.")
    if kind == TAKE_AUTHOR:
        number = slot_of(state, author, action.target)
        return _take(state, seat, author, number)
    if kind == GIVE_AUTHOR:
        number = slot_of(state, seat, action.mine)
        return _give(state, seat, author, number)
    if kind in (DISCARD_AUTHOR, DISCARD_BYSTANDER):
        other = author if kind == DISCARD_AUTHOR else _bystander(state, seat, author, action.player)
        number = slot_of(state, other, action.target)
        state = show(state, seat, number, f"You discard {name(state, other)}'s card")
        state = log(state, f"{me} discards one of {name(state, other)}'s cards.")
        return to_discards(state, number)
    if kind == TAKE_DISCARD:
        slot = action.discard
        if slot is None or not 0 <= slot < len(state.discards):
            raise IllegalAction("Choose a card in the discards.")
        number = state.discards[slot]
        state = show(state, seat, number, "You take from the discards")
        state = log(state, f"{me} takes a card from the discards.")
        return to_traits(state, number, seat)
    if kind == SWAP_AUTHOR:
        mine = slot_of(state, seat, action.mine)
        theirs = slot_of(state, author, action.target)
        state = _give(state, seat, author, mine)
        return _take(state, seat, author, theirs)
    raise IllegalAction("That card has no action Parlour knows.")


def _take(state: PersuasionState, seat: Seat, author: Seat, number: int) -> PersuasionState:
    """The owner stamps the card first, then it moves to your traits."""
    state = stamp(state, author, number)
    if not aware(state, seat, number):
        state = show(state, seat, number, f"You take {name(state, author)}'s card")
    state = log(state, f"{name(state, seat)} takes one of {name(state, author)}'s cards.")
    return to_traits(state, number, seat)


def _give(state: PersuasionState, seat: Seat, author: Seat, number: int) -> PersuasionState:
    """You stamp your card first, then it moves to the author's traits."""
    state = stamp(state, seat, number)
    if not aware(state, author, number):
        state = show(state, author, number, f"{name(state, seat)} gives you a card")
    state = log(state, f"{name(state, seat)} gives one of their cards to {name(state, author)}.")
    return to_traits(state, number, author)
