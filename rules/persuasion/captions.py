"""Persuasion's teaching captions: why each line of the season happened, and what it means.

One caption per kind of event Persuasion logs (``EventKind``) and per kind of prompt
(the ``Phase`` it asks in), for ``parlour teach``; ``help`` re-exports ``CAPTIONS``.
Each is worked out from the event's own text and the PUBLIC view (``view(state, None)``)
only: the names in the line, how many cards each player holds, the face-up cards and
the stamps on the table, this round's delivered mail, the rings exchanged. A caption
names a card only when it lies face up, so it tells nothing the table does not show.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.coaching import CoachedDeal, Shown
from rules.engine import Event
from rules.persuasion.caption_words import (
    JUDGED,
    SOMEONE,
    _and,
    _cards,
    _count,
    _discards,
    _face,
    _face_up,
    _find,
    _keeps,
    _lead,
    _left,
    _names,
    _seat,
    _token,
)
from rules.persuasion.end_captions import (
    _last_ring_chosen,
    _last_ring_delivered,
    _last_rings,
    _late_engagement,
    _season_ends,
    _verdict,
)
from rules.persuasion.prompt_captions import (
    PROMPT_KINDS,
    _final_prompt,
    _intro_prompt,
    _mail_prompt,
    _reception_prompt,
)
from rules.persuasion.state import (
    EventKind,
    PersuasionView,
    Phase,
)
from rules.teaching import Captions, fixed

# --- events: the season opens, the mailing ------------------------------------------------


def _season_opens(event: Event, view: PersuasionView) -> str:
    host = view.players[view.hostex].name
    ball = " At the Evening Ball cards have no actions." if view.evening_ball else ""
    return (
        "Each player has a secret diary (a symbol desired, one despised) and face-down trait "
        "cards. The aim: end engaged to someone whose cards hold more of your desired symbol "
        f"than your despised one. {host}, seated first, holds the hostex marker.{ball}"
    )


def _introductions(event: Event, view: PersuasionView) -> str:
    action = "" if view.evening_ball else " and opening its action to whoever holds their seal"
    return (
        "Before round 1 each player flips one card face up for good, showing its symbols"
        f"{action}, and discards another after stamping it: only they know that card, "
        f"and it lies in {JUDGED}."
    )


def _introduction(event: Event, view: PersuasionView) -> str:
    who = _lead(event, view, " flips up ")
    title = event.text.removeprefix(f"{who} flips up ").removesuffix(" and discards a card.")
    use = "" if view.evening_ball else f", and whoever holds {who}'s seal or ring may use it"
    return (
        f"{title}{_face(_face_up(view, title), view)} is face up for good: everyone counts "
        f"it toward {who}'s cards{use}. The card {who} discarded carries only {who}'s stamp, "
        f"so only {who} knows what it added to the discards."
    )


def _mailing_begins(event: Event, view: PersuasionView) -> str:
    home = "" if view.round == 1 else "Seals and rings went back to their owners. "
    return (
        f"{home}Round {view.round}'s mailing: in secret and all at once, each player sends one "
        "other player either their seal with a face-down card that player has not seen, or "
        "their ring as a proposal. Nothing is shown until everyone has chosen."
    )


def _mail_chosen(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "{} has chosen what to send.")
    if view.phase != Phase.MAIL:
        return (
            f"{who} was the last to choose, so the mail is delivered at once, clockwise from "
            "the hostex: each seal's card is peeked at by its recipient, and every ring is shown."
        )
    waiting = [p.name for p in view.players if not p.mailed]
    return (
        f"{who}'s choice stays hidden: the table learns that it is made, not to whom it goes "
        f"or whether it is a seal or a ring. Still to choose: {_and(waiting)}."
    )


def _seal_sent(event: Event, view: PersuasionView) -> str:
    sender, to = _find(event, view, "{} sends their seal and a card to {}.")
    return (
        f"A seal comes with a card {to} had not seen: {to} peeks at it and stamps it, to look "
        f"at again at will. The card goes home to {sender}, but {to} keeps {sender}'s seal "
        f"this round, {_keeps(view, sender, to)}."
    )


def _ring_sent(event: Event, view: PersuasionView) -> str:
    sender, to = _find(event, view, "{} sends their ring to {}!")
    answer = ""
    a, b = _seat(view, sender), _seat(view, to)
    for who, where, ring in view.deliveries:
        if who == b and (where, ring) != (a, True):
            what = "ring" if ring else "seal"
            answer = f" Instead {to} sent a {what} to {view.players[where].name}."
    return (
        f"A ring is a proposal: {sender} and {to} are engaged only if {to} sent {sender} their "
        f"ring in this same mailing. It brings no card, but {to} keeps it this round like a "
        f"seal, {_keeps(view, sender, to)}.{answer}"
    )


def _engagement(event: Event, view: PersuasionView) -> str:
    a, b = _find(event, view, "{} and {} have exchanged rings!")
    return (
        f"{a} and {b} sent each other their rings in the same mailing: they are engaged, and "
        "the season ends once this reception is over. Each is judged on the other's cards by "
        "their own diary, so a match can win for one and lose for the other."
    )


# --- events: the reception ---------------------------------------------------------------


def _hostex_passes(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "The hostex marker passes to {}.")
    return (
        f"Nobody mailed {who} a seal or ring, and {who} is the first such player clockwise "
        f"from the marker's last holder, so the marker moves to {who}: the reception starts "
        f"with {who}, who must discard one of anyone's cards."
    )


def _pass(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "{} uses no card this time.")
    return (
        f"Holding a seal or ring lets {who} use an action of its owner's cards, but never "
        f"forces it: {who} passes, and no card moves or turns."
    )


def _forced_discard(event: Event, view: PersuasionView) -> str:
    who, whose = _find(event, view, "{} holds nothing and discards one of {}'s cards.")
    left = _count(view, whose)
    return (
        f"Nobody mailed {who} a seal or ring, so {who} had no action to use and had to discard "
        f"a card from anyone, even their own, stamping it first. The discards ({_discards(view)}) "
        f"judge every player who ends single. {_left(whose, left)}"
    )


def _using(
    kind: EventKind, does: Callable[[str, str], str]
) -> Callable[[Event, PersuasionView], str]:
    """The caption of a card action: who may use it and why, then what ``does`` says."""

    def caption(event: Event, view: PersuasionView) -> str:
        user = _lead(event, view, " uses ")
        rest = event.text.removeprefix(f"{user} uses ")
        author = next(
            (n for n in sorted(_names(view), key=len, reverse=True) if rest.startswith(n + "'s ")),
            SOMEONE,
        )
        token = _token(view, _seat(view, author), _seat(view, user))
        return (
            f"{user} holds {author}'s {token} and is aware of this card, so {user} may use its "
            f"action. {does(user, author)}"
        )

    caption.__name__ = f"_{kind.value}"
    return caption


_ACTIONS: dict[EventKind, Callable[[str, str], str]] = {
    EventKind.USE_PEEK_AUTHOR: lambda me, them: (
        f"{me} looks at one of {them}'s cards not yet seen and stamps it: {me} learns more of "
        f"what {them} would bring to a match, and nobody else learns anything."
    ),
    EventKind.USE_PEEK_BYSTANDER: lambda me, them: (
        f"The peek reaches a bystander, neither {me} nor {them}: {me} looks at one of their "
        "unseen cards and stamps it, learning what that player would bring to a match."
    ),
    EventKind.USE_SHOW_AUTHOR: lambda me, them: (
        f"{me} shows {them} one of {me}'s own cards {them} had not seen, and {them} stamps it: "
        f"a way of courting, letting {them} judge what {me} would bring to a match."
    ),
    EventKind.USE_FLIP_AUTHOR: lambda me, them: (
        f"One of {them}'s cards turns face up for good and its stamps go home: the whole table "
        f"can count its symbols, and anyone holding {them}'s seal or ring may use its action."
    ),
    EventKind.USE_TAKE_AUTHOR: lambda me, them: (
        f"{them} stamps one of their cards and {me} takes it: {them} still knows it, but its "
        f"symbols now count toward {me}'s cards, not {them}'s."
    ),
    EventKind.USE_GIVE_AUTHOR: lambda me, them: (
        f"{me} stamps one of their own cards and gives it to {them}: {me} still knows it, and "
        f"its symbols now count toward {them}'s cards, not {me}'s."
    ),
    EventKind.USE_DISCARD_AUTHOR: lambda me, them: (
        f"{me} stamps one of {them}'s cards and discards it: it stops counting toward "
        f"{them}'s cards and joins {JUDGED}."
    ),
    EventKind.USE_DISCARD_BYSTANDER: lambda me, them: (
        f"{me} stamps a card of a bystander (neither {me} nor {them}) and discards it: it "
        f"leaves that player's cards and joins {JUDGED}."
    ),
    EventKind.USE_TAKE_DISCARD: lambda me, them: (
        f"{me} takes a card from the discards, stamping it: it leaves the pile the singles are "
        f"judged on and counts toward {me}'s cards from now on."
    ),
    EventKind.USE_SWAP_AUTHOR: lambda me, them: (
        f"{me} gives {them} one of their cards and takes one of {them}'s, each stamped by its "
        "owner first: both know both cards, but each now counts for the other player."
    ),
}


def _bystander_peeked(event: Event, view: PersuasionView) -> str:
    who, whose = _find(event, view, "{} peeks at one of {}'s cards.")
    seat, other = _seat(view, who), _seat(view, whose)
    known = ""
    if seat is not None and other is not None:
        cards = view.players[other].cards
        aware = sum(s.faceup or seat in s.stampers for s in cards)
        known = f" {who} is now aware of {aware} of {whose}'s {_cards(len(cards))}."
    return (
        f"{whose} was the bystander. {who} stamped the card, so {who} may look at it again "
        f"whenever they like; only {who} learns what it is.{known}"
    )


def _card_flipped(event: Event, view: PersuasionView) -> str:
    whose = _lead(event, view, "'s ")
    title = event.text.removeprefix(f"{whose}'s ").removesuffix(" is flipped face up.")
    use = "" if view.evening_ball else f", and anyone holding {whose}'s seal or ring may use it"
    return (
        f"{title}{_face(_face_up(view, title), view)} now lies face up for good: everyone "
        f"counts it toward {whose}'s cards{use}. Face-up cards carry no stamps and never turn "
        "back."
    )


def _card_taken(event: Event, view: PersuasionView) -> str:
    taker, owner = _find(event, view, "{} takes one of {}'s cards.")
    left = _count(view, owner)
    return (
        f"Taking: {owner} stamped the card before it left, so {owner} still knows it. It now "
        f"counts toward {taker}'s cards ({_cards(_count(view, taker))} now), not {owner}'s. "
        f"{_left(owner, left)}"
    )


def _card_given(event: Event, view: PersuasionView) -> str:
    giver, to = _find(event, view, "{} gives one of their cards to {}.")
    left = _count(view, giver)
    return (
        f"Giving: {giver} stamped the card first, so {giver} still knows it. It now counts "
        f"toward {to}'s cards ({_cards(_count(view, to))} now), not {giver}'s. "
        f"{_left(giver, left)}"
    )


def _card_discarded(event: Event, view: PersuasionView) -> str:
    who, whose = _find(event, view, "{} discards one of {}'s cards.")
    left = _count(view, whose)
    return (
        f"Discarding: {who} stamped the card first, so {who} knows what went. The discards "
        f"({_discards(view)}) judge every player who ends single. {_left(whose, left)}"
    )


def _discard_taken(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "{} takes a card from the discards.")
    return (
        f"{who} stamped the card on taking it. The discards, which judge every player who ends "
        f"single, are down to {_cards(len(view.discards))}; {who}'s cards, which judge whoever "
        f"ends engaged to {who}, are up to {_cards(_count(view, who))}."
    )


def _known_to_all(event: Event, view: PersuasionView) -> str:
    title = event.text.removeprefix("Everyone knows ").removesuffix(": it flips face up.")
    sight = _face_up(view, title)
    owner = next((p.name for p in view.players if sight in p.cards), None) if sight else None
    where = f"{owner}'s cards" if owner else "the discards"
    but = f" but {owner}" if owner else ""
    return (
        f"Every player{but} has now stamped {title}{_face(sight, view)}, so it is no secret: "
        f"it turns face up for good, its stamps go home, and all can count it toward {where}."
    )


def _seal_card(event: Event, view: PersuasionView) -> str:
    use = (
        "you need not discard at the reception"
        if view.evening_ball
        else "at the reception you may use an action of any of their cards you are aware of"
    )
    return (
        "This card came with a seal. You have stamped it, so you may look at it again whenever "
        f"you like, wherever it goes. Its owner's seal stays with you this round: {use}."
    )


CAPTIONS = Captions(
    events={
        EventKind.SEASON_OPENS: _season_opens,
        EventKind.INTRODUCTIONS: _introductions,
        EventKind.INTRODUCTION: _introduction,
        EventKind.DIARY: fixed(
            "Only you can read your diary. You win if the cards you are judged on at the end "
            "hold more of your desired symbol than of your despised one: your partner's if you "
            "exchange rings, the discards if you end single. A tie does not win."
        ),
        EventKind.MAILING_BEGINS: _mailing_begins,
        EventKind.MAIL_CHOSEN: _mail_chosen,
        EventKind.SEAL_SENT: _seal_sent,
        EventKind.SEAL_CARD: _seal_card,
        EventKind.RING_SENT: _ring_sent,
        EventKind.ENGAGEMENT: _engagement,
        EventKind.HOSTEX_PASSES: _hostex_passes,
        EventKind.PASS: _pass,
        EventKind.FORCED_DISCARD: _forced_discard,
        **{kind: _using(kind, does) for kind, does in _ACTIONS.items()},
        EventKind.BYSTANDER_PEEKED: _bystander_peeked,
        EventKind.CARD_FLIPPED: _card_flipped,
        EventKind.CARD_TAKEN: _card_taken,
        EventKind.CARD_GIVEN: _card_given,
        EventKind.CARD_DISCARDED: _card_discarded,
        EventKind.DISCARD_TAKEN: _discard_taken,
        EventKind.PEEKED: fixed(
            "You peeked at this card and stamped it: you may look at it again whenever you "
            "like, wherever it goes, and nobody else learns what you saw."
        ),
        EventKind.SHOWN: fixed(
            "Its owner showed you this card, perhaps to court you. You have stamped it, so you "
            "may look at it again whenever you like, wherever it goes."
        ),
        EventKind.DISCARD_SEEN: fixed(
            "You saw this card as you discarded it, so you know one more card of the pile "
            "every player who ends single is judged on."
        ),
        EventKind.NEW_CARD: fixed(
            "This card is now yours: its symbols count for whoever ends engaged to you. You "
            "have seen it, so it stays known to you even if it moves on."
        ),
        EventKind.KNOWN_TO_ALL: _known_to_all,
        EventKind.SEASON_ENDS: _season_ends,
        EventKind.LAST_RINGS: _last_rings,
        EventKind.LAST_RING_CHOSEN: _last_ring_chosen,
        EventKind.LAST_RING_DELIVERED: _last_ring_delivered,
        EventKind.LATE_ENGAGEMENT: _late_engagement,
        EventKind.VERDICT: _verdict,
    },
    prompts={
        Phase.INTRO: _intro_prompt,
        Phase.MAIL: _mail_prompt,
        Phase.RECEPTION: _reception_prompt,
        Phase.FINAL: _final_prompt,
    },
    event_kinds=tuple(EventKind),
    prompt_kinds=PROMPT_KINDS,
    coached=CoachedDeal(
        seed=5,
        seats=4,
        shows=(Shown(EventKind.RING_SENT, "a ring proposal"),),
        within=2,
    ),
)
"""Persuasion's teaching captions (``GameInfo.captions``)."""
