"""What a seat may decide now, as questions with options (a view's ``choices``).

Every option is built from the same refusal functions ``apply`` uses, so an
open option is taken and a closed one is refused with the very sentence it
shows. Cards are named only as the seat sees them, never by a place (places
close up when a card leaves): a card it is not aware of is "A face-down card",
with the stamps the table sees on it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from attrs import evolve

from rules.choices import Option, Pick, plural
from rules.engine import Seat
from rules.persuasion import actions, mailing, reception
from rules.persuasion.prompts import held_word, prompt
from rules.persuasion.season import ring_refusal
from rules.persuasion.state import (
    Action,
    CardAction,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionState,
    Phase,
    Send,
    Symbol,
    UseCard,
)
from rules.persuasion.table import aware, card, name, players
from rules.wording import listed

VERBS = {
    CardAction.PEEK_AUTHOR: "peek at one of {author}'s cards",
    CardAction.PEEK_BYSTANDER: "peek at a bystander's card",
    CardAction.SHOW_AUTHOR: "show {author} one of your cards",
    CardAction.FLIP_AUTHOR: "flip up one of {author}'s cards",
    CardAction.TAKE_AUTHOR: "take one of {author}'s cards",
    CardAction.GIVE_AUTHOR: "give {author} one of your cards",
    CardAction.DISCARD_AUTHOR: "discard one of {author}'s cards",
    CardAction.DISCARD_BYSTANDER: "discard a bystander's card",
    CardAction.TAKE_DISCARD: "take a card from the discards",
    CardAction.SWAP_AUTHOR: "swap a card with {author}",
}
"""Each action as an option says it, for the seat using it."""


def choices(state: PersuasionState, seat: Seat | None) -> Pick[Action | int] | None:
    """What ``seat`` may decide now (None: nothing, and always for the public view). An
    option leading to a further question stands for a seat or a card's place."""
    current = prompt(state)
    if seat is None or current is None or seat not in current.seats:
        return None
    if state.phase == Phase.INTRO:
        return _introductions(state, seat)
    if state.phase == Phase.MAIL:
        return _mailing(state, seat)
    if state.phase == Phase.RECEPTION:
        if state.held[seat]:
            return _holding(state, seat)
        return _forced_discard(state, seat)
    return _last_ring(state, seat)


# --- words -----------------------------------------------------------------------------------


@cache
def symbols_words(symbols: tuple[Symbol, ...]) -> str:
    """ "wealth", "2 passion", "standing, wealth" (a card's few symbols: remembered)."""
    counts = Counter(symbols)
    return ", ".join(f"{n} {s}" if n > 1 else str(s) for s, n in counts.items())


def card_label(state: PersuasionState, seat: Seat, number: int) -> str:
    """A card as ``seat`` sees it, by its name: "Honest Income (wealth; face up)", or,
    unless the seat is aware of it, "A face-down card" with the stamps the table sees on it.
    Never by its place: places close up when a card leaves, and the name stays."""
    if not aware(state, seat, number):
        stampers = [name(state, p) for p in state.stamps[number]]
        return "A face-down card" + (f", stamped by {listed(stampers)}" if stampers else "")
    item = card(state, number)
    up = "; face up" if state.faceup[number] else ""
    return f"{item.title} ({symbols_words(item.symbols)}{up})"


def whose(state: PersuasionState, seat: Seat, player: Seat) -> str:
    """ "your" to the seat itself, else "Bo's"."""
    return "your" if player == seat else f"{name(state, player)}'s"


def _player_label(state: PersuasionState, seat: Seat, player: Seat) -> str:
    who = "You" if player == seat else name(state, player)
    return f"{who} ({plural(len(state.traits[player]), 'card')})"


# --- the introductions and the mailing --------------------------------------------------------


def _introductions(state: PersuasionState, seat: Seat) -> Pick[int]:
    """The card to flip up (by its place), then the one to discard."""
    mine = state.traits[seat]
    return Pick(
        "Which of your cards do you flip face up?",
        tuple(
            Option(
                flip,
                card_label(state, seat, number),
                then=Pick(
                    "Which of your other cards do you discard?",
                    tuple(
                        Option(Introduce(seat, flip, drop), card_label(state, seat, other))
                        for drop, other in enumerate(mine)
                        if drop != flip
                    ),
                ),
            )
            for flip, number in enumerate(mine)
        ),
    )


def mailable(state: PersuasionState, seat: Seat, to: Seat) -> Pick[Send]:
    """What ``seat`` may send ``to``: the ring, or the seal with a card ``to`` is not
    aware of (face-up cards and cards ``to`` knows are closed)."""
    ring = Option(Send(seat, to, None), "Your ring: a proposal", key="ring")
    cards = tuple(
        Option(
            Send(seat, to, slot),
            card_label(state, seat, number),
            closed=mailing.card_refusal(state, seat, to, slot),
        )
        for slot, number in enumerate(state.traits[seat])
    )
    return Pick(
        f"Send {name(state, to)} your ring, or your seal with one of your cards:", (ring, *cards)
    )


def _mailing(state: PersuasionState, seat: Seat) -> Pick[Seat]:
    """Whom to write to, then what to send them."""
    options = []
    for to in players(state):
        if mailing.recipient_refusal(state, seat, to):
            continue
        offer = mailable(state, seat, to)
        only_ring = len(offer.opened) == 1
        label = name(state, to) + (" (only your ring)" if only_ring else "")
        options.append(Option(to, label, then=offer))
    return Pick("Whom do you write to this round, in secret?", tuple(options))


# --- the reception ---------------------------------------------------------------------------


def _holding(state: PersuasionState, seat: Seat) -> Pick[Pass | UseCard]:
    """Pass, or a card of an owner whose seal or ring ``seat`` holds (none at the Evening Ball)."""
    options: list[Option[Pass | UseCard]] = [
        Option(Pass(seat), "Pass: use no card this time", key="pass")
    ]
    if not state.config.evening_ball:
        for owner in state.held[seat]:
            for slot, number in enumerate(state.traits[owner]):
                options.append(_card_option(state, seat, owner, slot, number))
    ask = f"Use a card of someone whose {held_word(state, seat)} you hold, or pass:"
    return Pick(ask, tuple(options))


def _card_option(
    state: PersuasionState, seat: Seat, owner: Seat, slot: int, number: int
) -> Option[UseCard]:
    action = UseCard(seat, owner, slot)
    author = name(state, owner)
    refusal = actions.card_refusal(state, seat, owner, slot)
    if not aware(state, seat, number):
        return Option(action, f"{author}'s face-down card", closed=refusal)
    item = card(state, number)
    label = f"{author}'s {item.title}: " + VERBS[item.action].format(author=author)
    if refusal:
        return Option(action, label, closed=refusal)
    return Option(action, label, then=_targets(state, action, item.action))


def _targets(state: PersuasionState, used: UseCard, kind: CardAction) -> Pick[UseCard | int]:
    """The targets of an action ``seat`` may use now, each closed where ``apply`` refuses it
    (a swap asks first for the place of the card given, then for the card taken)."""
    seat, author = used.seat, used.owner
    them = name(state, author)
    if kind == CardAction.PEEK_AUTHOR:
        return _cards_of(state, used, author, f"Which of {them}'s cards do you peek at?")
    if kind in actions.BYSTANDER_ACTIONS:
        verb = "peek at" if kind == CardAction.PEEK_BYSTANDER else "discard"
        return Pick(
            f"Whose card do you {verb}?",
            tuple(
                _bystander_option(state, used, kind, other, verb)
                for other in actions.bystanders(state, seat, author)
            ),
        )
    if kind == CardAction.SHOW_AUTHOR:
        return _cards_of(state, used, seat, f"Which of your cards do you show {them}?")
    if kind == CardAction.GIVE_AUTHOR:
        return _cards_of(state, used, seat, f"Which of your cards do you give {them}?")
    if kind == CardAction.TAKE_DISCARD:
        return Pick(
            "Which card do you take from the discards?",
            tuple(
                Option(evolve(used, discard=place), card_label(state, seat, number))
                for place, number in enumerate(state.discards)
            ),
        )
    if kind == CardAction.SWAP_AUTHOR:
        return Pick(
            f"Which of your cards do you give {them}?",
            tuple(
                Option(
                    place,
                    card_label(state, seat, number),
                    then=_cards_of(
                        state,
                        evolve(used, mine=place),
                        author,
                        f"Which of {them}'s cards do you take for it?",
                    ),
                )
                for place, number in enumerate(state.traits[seat])
            ),
        )
    verb = {
        CardAction.FLIP_AUTHOR: "flip face up",
        CardAction.TAKE_AUTHOR: "take",
        CardAction.DISCARD_AUTHOR: "discard",
    }[kind]
    return _cards_of(state, used, author, f"Which of {them}'s cards do you {verb}?")


def _bystander_option(
    state: PersuasionState, used: UseCard, kind: CardAction, other: Seat, verb: str
) -> Option[UseCard]:
    action = evolve(used, player=other)
    label = _player_label(state, used.seat, other)
    refusal = actions.bystander_refusal(state, used.seat, used.owner, other, kind)
    if refusal:
        return Option(action, label, closed=refusal)
    ask = f"Which of {name(state, other)}'s cards do you {verb}?"
    return Option(action, label, then=_cards_of(state, action, other, ask))


def _cards_of(state: PersuasionState, used: UseCard, player: Seat, ask: str) -> Pick[UseCard]:
    """A Pick of ``player``'s cards as the target of ``used`` (``mine`` when they are the
    seat's own), each closed where ``apply`` would refuse it."""
    options = []
    for place, number in enumerate(state.traits[player]):
        action = evolve(used, mine=place) if player == used.seat else evolve(used, target=place)
        options.append(
            Option(
                action,
                card_label(state, used.seat, number),
                closed=actions.use_refusal(state, action),
            )
        )
    return Pick(ask, tuple(options))


def _forced_discard(state: PersuasionState, seat: Seat) -> Pick[ForcedDiscard | Seat]:
    """Holding nothing: one of anyone's cards (yours too); a player with none is closed."""
    options: list[Option[ForcedDiscard | Seat]] = []
    for player in players(state):
        label = _player_label(state, seat, player)
        if not state.traits[player]:
            refusal = reception.forced_refusal(state, seat, player, 0)
            options.append(Option(ForcedDiscard(seat, player, 0), label, closed=refusal))
            continue
        cards = tuple(
            Option(ForcedDiscard(seat, player, place), card_label(state, seat, number))
            for place, number in enumerate(state.traits[player])
        )
        ask = f"Which of {whose(state, seat, player)} cards do you discard?"
        options.append(Option(player, label, then=Pick(ask, cards)))
    return Pick("You hold nothing: whose card do you discard?", tuple(options))


# --- the last rings ----------------------------------------------------------------------------


def _last_ring(state: PersuasionState, seat: Seat) -> Pick[FinalRing]:
    partner = {a: b for a, b in state.exchanged} | {b: a for a, b in state.exchanged}
    options = [Option(FinalRing(seat, None), "To the discards", key="discards")]
    for to in players(state):
        if ring_refusal(state, seat, to):
            continue
        label = name(state, to)
        if to in partner:
            label += f" (engaged to {name(state, partner[to])})"
        options.append(Option(FinalRing(seat, to), label))
    return Pick("Where does your ring go?", tuple(options))
