"""The trait cards' actions, each built from the seed's own verbs.

"Author" is the owner of the card whose action is used, "you" the player using
it, a "bystander" anyone else. Every verb keeps its seed meaning: peek stamps,
show lets the viewer stamp, give and discard stamp first, take lets the owner
stamp first, flip up returns the stamps and stays face up.

Whether a use is legal is said by the refusal functions below, one per step of
the decision (the card, the bystander, each target): ``use`` applies only what
they let through, and the choices offer exactly that, closing the rest with the
very same sentence.
"""

from __future__ import annotations

from rules.engine import Fact, IllegalAction, Seat, Who
from rules.persuasion.state import USE_KINDS, CardAction, EventKind, PersuasionState, UseCard
from rules.persuasion.table import (
    aware,
    card,
    face,
    flip_up,
    log,
    name,
    no_cards_left,
    place_refusal,
    players,
    show,
    slot_of,
    stamp,
    to_discards,
    to_traits,
)
from rules.persuasion.told import maybe
from rules.story import STORY

DESCRIPTIONS = {
    CardAction.PEEK_AUTHOR: "Peek at one of the author's cards",
    CardAction.PEEK_BYSTANDER: "Peek at one of a bystander's cards",
    CardAction.SHOW_AUTHOR: "Show one of your cards to the author",
    CardAction.FLIP_AUTHOR: "Flip up one of the author's cards",
    CardAction.TAKE_AUTHOR: "Take one of the author's cards",
    CardAction.GIVE_AUTHOR: "Give one of your cards to the author",
    CardAction.DISCARD_AUTHOR: "Discard one of the author's cards",
    CardAction.DISCARD_BYSTANDER: "Discard one of a bystander's cards",
    CardAction.TAKE_DISCARD: "Take one card from the discards",
    CardAction.SWAP_AUTHOR: "Swap one of your cards with one of the author's",
}
"""What each action does, as the story tells it (a card action's ``does``) and a card's
face shows it."""

BYSTANDER_ACTIONS = frozenset({CardAction.PEEK_BYSTANDER, CardAction.DISCARD_BYSTANDER})
UNKNOWN = "You already know that card: choose one you have not seen."
NO_ACTIONS_AT_THE_BALL = "The Evening Ball has no card actions."


# --- refusals, step by step ----------------------------------------------------------------


def card_refusal(state: PersuasionState, seat: Seat, author: Seat, slot: int) -> str:
    """Why ``seat`` may not use the card in ``author``'s ``slot`` at all ('' when it may)."""
    if author not in state.held[seat]:
        return "You may only use the cards of someone whose seal or ring you hold."
    if not 0 <= slot < len(state.traits[author]):
        return f"{name(state, author)} has no card in that place."
    used = state.traits[author][slot]
    if not aware(state, seat, used):
        return "You may only use a card you are aware of (face up or stamped)."
    return _nothing_to_target(state, seat, author, card(state, used).action)


def _nothing_to_target(state: PersuasionState, seat: Seat, author: Seat, kind: CardAction) -> str:
    """Why the action has no target at all now ('' when it has one)."""
    if kind == CardAction.PEEK_AUTHOR and not _unknown_cards(state, seat, author):
        return f"You already know all of {name(state, author)}'s cards."
    if kind in BYSTANDER_ACTIONS and all(
        bystander_refusal(state, seat, author, other, kind)
        for other in bystanders(state, seat, author)
    ):
        if kind == CardAction.PEEK_BYSTANDER:
            return "You already know all the bystanders' cards."
        return "No bystander has a card left."
    if kind == CardAction.TAKE_DISCARD and not state.discards:
        return discard_refusal(state, None)
    mine = kind in (CardAction.SHOW_AUTHOR, CardAction.GIVE_AUTHOR, CardAction.SWAP_AUTHOR)
    if mine and not state.traits[seat]:
        return no_cards_left(state, seat, seat)
    if kind == CardAction.SHOW_AUTHOR and not any(
        not aware(state, author, number) for number in state.traits[seat]
    ):
        return f"{name(state, author)} already knows all of your cards."
    return ""


def bystanders(state: PersuasionState, seat: Seat, author: Seat) -> tuple[Seat, ...]:
    """Everyone but you and the author, in seat order."""
    return tuple(p for p in players(state) if p not in (seat, author))


def bystander_refusal(
    state: PersuasionState, seat: Seat, author: Seat, player: Seat | None, kind: CardAction
) -> str:
    """Why ``player`` is not a bystander the action may reach ('' when they are)."""
    if (
        player is None
        or isinstance(player, bool)
        or not 0 <= player < len(state.traits)
        or player in (seat, author)
    ):
        return "Choose a bystander: neither you nor the card's author."
    if not state.traits[player]:
        return no_cards_left(state, player, seat)
    if kind == CardAction.PEEK_BYSTANDER and not _unknown_cards(state, seat, player):
        return f"You already know all of {name(state, player)}'s cards."
    return ""


def _unknown_cards(state: PersuasionState, seat: Seat, player: Seat) -> tuple[int, ...]:
    return tuple(n for n in state.traits[player] if not aware(state, seat, n))


def peek_refusal(state: PersuasionState, seat: Seat, player: Seat, slot: int | None) -> str:
    """Why ``seat`` may not peek at ``player``'s card in ``slot``: none there, or known."""
    missing = place_refusal(state, player, slot, seat)
    if missing:
        return missing
    assert slot is not None
    return UNKNOWN if aware(state, seat, state.traits[player][slot]) else ""


def show_refusal(state: PersuasionState, seat: Seat, author: Seat, mine: int | None) -> str:
    """Why ``seat`` may not show the author their card in ``mine``: none there, or known."""
    missing = place_refusal(state, seat, mine, seat)
    if missing:
        return missing
    assert mine is not None
    if aware(state, author, state.traits[seat][mine]):
        return f"{name(state, author)} already knows that card: show one they have not seen."
    return ""


def flip_refusal(state: PersuasionState, seat: Seat, author: Seat, target: int | None) -> str:
    """Why ``seat`` may not flip the author's card in ``target``: none there, or it is
    face up already while a face-down card of theirs is left to flip. With none left face
    down the seed still lets the flip be taken, and it changes nothing."""
    missing = place_refusal(state, author, target, seat)
    if missing:
        return missing
    assert target is not None
    number = state.traits[author][target]
    if not state.faceup[number] or all(state.faceup[n] for n in state.traits[author]):
        return ""
    title = card(state, number).title
    return f"{name(state, author)}'s {title} is face up already: flip a face-down one."


def discard_refusal(state: PersuasionState, slot: int | None) -> str:
    """Why there is no card in ``slot`` of the discards ('' when there is)."""
    if slot is None or isinstance(slot, bool) or not 0 <= slot < len(state.discards):
        return "Choose a card in the discards."
    return ""


def use_refusal(state: PersuasionState, action: UseCard) -> str:
    """Why ``apply`` refuses this use of a card ('' when it takes it)."""
    seat, author = action.seat, action.owner
    if state.config.evening_ball:
        return NO_ACTIONS_AT_THE_BALL
    if isinstance(author, bool) or author not in players(state):
        return "You may only use the cards of someone whose seal or ring you hold."
    if isinstance(action.slot, bool) or not isinstance(action.slot, int):
        return f"{name(state, author)} has no card in that place."
    refusal = card_refusal(state, seat, author, action.slot)
    if refusal:
        return refusal
    kind = card(state, state.traits[author][action.slot]).action
    if kind == CardAction.PEEK_AUTHOR:
        return peek_refusal(state, seat, author, action.target)
    if kind in BYSTANDER_ACTIONS:
        other = action.player
        refusal = bystander_refusal(state, seat, author, other, kind)
        if refusal or other is None:
            return refusal
        if kind == CardAction.PEEK_BYSTANDER:
            return peek_refusal(state, seat, other, action.target)
        return place_refusal(state, other, action.target, seat)
    if kind == CardAction.SHOW_AUTHOR:
        return show_refusal(state, seat, author, action.mine)
    if kind == CardAction.FLIP_AUTHOR:
        return flip_refusal(state, seat, author, action.target)
    if kind in (CardAction.TAKE_AUTHOR, CardAction.DISCARD_AUTHOR):
        return place_refusal(state, author, action.target, seat)
    if kind == CardAction.GIVE_AUTHOR:
        return place_refusal(state, seat, action.mine, seat)
    if kind == CardAction.TAKE_DISCARD:
        return discard_refusal(state, action.discard)
    if kind == CardAction.SWAP_AUTHOR:
        return place_refusal(state, seat, action.mine, seat) or place_refusal(
            state, author, action.target, seat
        )
    return "That card has no action Parlour knows."


# --- using a card ------------------------------------------------------------------------


def use(state: PersuasionState, action: UseCard) -> PersuasionState:
    refusal = use_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    seat, author = action.seat, action.owner
    used = state.traits[author][action.slot]
    kind = card(state, used).action
    state = _told_use(state, action, used)
    if kind == CardAction.PEEK_AUTHOR:
        number = slot_of(state, author, action.target)
        return show(state, seat, number, EventKind.PEEKED, owner=Who(author))
    if kind == CardAction.PEEK_BYSTANDER:
        other = _player(action)
        number = slot_of(state, other, action.target)
        state = log(state, EventKind.BYSTANDER_PEEKED, player=Who(seat), bystander=Who(other))
        return show(state, seat, number, EventKind.PEEKED, owner=Who(other))
    if kind == CardAction.SHOW_AUTHOR:
        number = slot_of(state, seat, action.mine)
        return show(state, author, number, EventKind.SHOWN, owner=Who(seat))
    if kind == CardAction.FLIP_AUTHOR:
        number = slot_of(state, author, action.target)
        # With every card of the author's face up, the seed lets the flip be taken: it
        # changes nothing.
        line = "already" if state.faceup[number] else STORY
        state = flip_up(state, number)
        return log(state, EventKind.CARD_FLIPPED, line, owner=Who(author), **face(state, number))
    if kind == CardAction.TAKE_AUTHOR:
        return _take(state, seat, author, slot_of(state, author, action.target))
    if kind == CardAction.GIVE_AUTHOR:
        return _give(state, seat, author, slot_of(state, seat, action.mine))
    if kind in (CardAction.DISCARD_AUTHOR, CardAction.DISCARD_BYSTANDER):
        other = author if kind == CardAction.DISCARD_AUTHOR else _player(action)
        number = slot_of(state, other, action.target)
        state = show(state, seat, number, EventKind.DISCARD_SEEN, owner=Who(other))
        state = log(state, EventKind.CARD_DISCARDED, player=Who(seat), owner=Who(other))
        return to_discards(state, number)
    if kind == CardAction.TAKE_DISCARD:
        assert action.discard is not None
        number = state.discards[action.discard]
        state = show(
            state, seat, number, EventKind.NEW_CARD, "from_discards", came_from=maybe(None)
        )
        state = log(state, EventKind.DISCARD_TAKEN, taker=Who(seat))
        return to_traits(state, number, seat)
    assert kind == CardAction.SWAP_AUTHOR
    mine = slot_of(state, seat, action.mine)
    theirs = slot_of(state, author, action.target)
    state = _give(state, seat, author, mine)
    return _take(state, seat, author, theirs)


def _told_use(state: PersuasionState, action: UseCard, used: int) -> PersuasionState:
    """The table told who uses whose card (named while it lies face up) and what its
    action does; a bystander action also carries the bystander it reaches."""
    kind = card(state, used).action
    facts: dict[str, Fact] = {
        "user": Who(action.seat),
        "author": Who(action.owner),
        "does": DESCRIPTIONS[kind],
    }
    if kind in BYSTANDER_ACTIONS:
        facts["bystander"] = Who(_player(action))
    if state.faceup[used]:
        return log(state, USE_KINDS[kind], card=(card(state, used).title,), **facts)
    return log(state, USE_KINDS[kind], "face_down", card=(), **facts)


def _player(action: UseCard) -> Seat:
    assert action.player is not None
    return action.player


def _take(state: PersuasionState, seat: Seat, author: Seat, number: int) -> PersuasionState:
    """The owner stamps the card first, then it moves to your traits."""
    state = stamp(state, author, number)
    if not aware(state, seat, number):
        state = show(state, seat, number, EventKind.NEW_CARD, came_from=maybe(author))
    state = log(state, EventKind.CARD_TAKEN, taker=Who(seat), owner=Who(author))
    return to_traits(state, number, seat)


def _give(state: PersuasionState, seat: Seat, author: Seat, number: int) -> PersuasionState:
    """You stamp your card first, then it moves to the author's traits."""
    state = stamp(state, seat, number)
    if not aware(state, author, number):
        state = show(state, author, number, EventKind.NEW_CARD, "given", came_from=maybe(seat))
    state = log(state, EventKind.CARD_GIVEN, giver=Who(seat), recipient=Who(author))
    return to_traits(state, number, author)
