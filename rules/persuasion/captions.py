"""Persuasion's teaching captions: why each line of the season happened, and what it means.

One caption per kind of event Persuasion logs (``EventKind``) and per kind of prompt
(the ``Phase`` it asks in), for ``parlour teach``. Who and what an event is about are
its facts (``told.py``); the rest is the PUBLIC view (``view(state, None)``): how many
cards each player holds, the face-up cards and the stamps on the table, this round's
delivered mail, the rings exchanged. A caption that only places facts (and phrases) is
a template in ``story.toml``; the functions here weigh the view. A caption names a card
only when it lies face up, so it tells nothing the table does not show.
"""

from __future__ import annotations

from rules.engine import Event
from rules.persuasion.caption_view import (
    JUDGED,
    and_,
    cards,
    discards_now,
    face,
    holding,
    keeps,
    left,
    lies_with,
    name,
    names,
    token,
)
from rules.persuasion.end_captions import (
    last_ring_chosen,
    last_ring_delivered,
    season_ends,
    verdict,
)
from rules.persuasion.prompt_captions import (
    PROMPT_KINDS,
    final_prompt,
    intro_prompt,
    mail_prompt,
    reception_prompt,
)
from rules.persuasion.state import EventKind, PersuasionView, Phase
from rules.persuasion.told import TOLD, one_of
from rules.teaching import Captions, CoachedDeal, Shown

# --- events: the season opens, the mailing ------------------------------------------------


def _season_opens(event: Event, view: PersuasionView) -> str:
    host = name(view, event.who("hostex"))
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
    who = name(view, event.who("player"))
    use = "" if view.evening_ball else f", and whoever holds {who}'s seal or ring may use it"
    return (
        f"{event.word('card')}{face(event, view)} is face up for good: everyone counts "
        f"it toward {who}'s cards{use}. The card {who} discarded carries only {who}'s stamp, "
        f"so only {who} knows what it added to the discards."
    )


def _mailing_begins(event: Event, view: PersuasionView) -> str:
    round_ = event.number("round")
    home = "" if round_ == 1 else "Seals and rings went back to their owners. "
    return (
        f"{home}Round {round_}'s mailing: in secret and all at once, each player sends one "
        "other player either their seal with a face-down card that player has not seen, or "
        "their ring as a proposal. Nothing is shown until everyone has chosen."
    )


def _mail_chosen(event: Event, view: PersuasionView) -> str:
    who = name(view, event.who("sender"))
    if view.phase != Phase.MAIL:
        return (
            f"{who} was the last to choose, so the mail is delivered at once, clockwise from "
            "the hostex: each seal's card is peeked at by its recipient, and every ring is shown."
        )
    waiting = [p.name for p in view.players if not p.mailed]
    return (
        f"{who}'s choice stays hidden: the table learns that it is made, not to whom it goes "
        f"or whether it is a seal or a ring. Still to choose: {and_(waiting)}."
    )


def _ring_sent(event: Event, view: PersuasionView) -> str:
    a, b = event.who("sender"), event.who("recipient")
    sender, to = name(view, a), name(view, b)
    answer = ""
    for who, where, ring in view.deliveries:
        if who == b and (where, ring) != (a, True):
            what = "ring" if ring else "seal"
            answer = f" Instead {to} sent a {what} to {name(view, where)}."
    return (
        f"A ring is a proposal: {sender} and {to} are engaged only if {to} sent {sender} their "
        f"ring in this same mailing. It brings no card, but {to} keeps it this round like a "
        f"seal, {keeps(view, a, b)}.{answer}"
    )


# --- events: the reception ---------------------------------------------------------------


def _forced_discard(event: Event, view: PersuasionView) -> str:
    who, pile = name(view, event.who("player")), discards_now(view)
    return (
        f"Nobody mailed {who} a seal or ring, so {who} had no action to use and had to discard "
        f"a card from anyone, even their own, stamping it first. The discards ({pile}) judge "
        f"every player who ends single. {left(view, event.who('owner'))}"
    )


def _bystander_peeked(event: Event, view: PersuasionView) -> str:
    seat, other = event.who("player"), event.who("bystander")
    who, whose = name(view, seat), name(view, other)
    seen = view.players[other].cards
    aware = sum(s.faceup or seat in s.stampers for s in seen)
    return (
        f"{whose} was the bystander. {who} stamped the card, so {who} may look at it again "
        f"whenever they like; only {who} learns what it is. {who} is now aware of {aware} of "
        f"{whose}'s {cards(len(seen))}."
    )


def _card_flipped(event: Event, view: PersuasionView) -> str:
    whose = name(view, event.who("owner"))
    use = "" if view.evening_ball else f", and anyone holding {whose}'s seal or ring may use it"
    return (
        f"{event.word('card')}{face(event, view)} now lies face up for good: everyone "
        f"counts it toward {whose}'s cards{use}. Face-up cards carry no stamps and never turn "
        "back."
    )


def _card_taken(event: Event, view: PersuasionView) -> str:
    taker, owner = event.who("taker"), event.who("owner")
    who, whose = name(view, taker), name(view, owner)
    return (
        f"Taking: {whose} stamped the card before it left, so {whose} still knows it. It now "
        f"counts toward {who}'s cards ({cards(holding(view, taker))} now), not {whose}'s. "
        f"{left(view, owner)}"
    )


def _card_given(event: Event, view: PersuasionView) -> str:
    giver, to = event.who("giver"), event.who("recipient")
    who = name(view, giver)
    return (
        f"Giving: {who} stamped the card first, so {who} still knows it. It now counts "
        f"toward {name(view, to)}'s cards ({cards(holding(view, to))} now), not {who}'s. "
        f"{left(view, giver)}"
    )


def _card_discarded(event: Event, view: PersuasionView) -> str:
    who = name(view, event.who("player"))
    return (
        f"Discarding: {who} stamped the card first, so {who} knows what went. The discards "
        f"({discards_now(view)}) judge every player who ends single. "
        f"{left(view, event.who('owner'))}"
    )


def _discard_taken(event: Event, view: PersuasionView) -> str:
    taker = event.who("taker")
    who = name(view, taker)
    return (
        f"{who} stamped the card on taking it. The discards, which judge every player who ends "
        f"single, are down to {cards(len(view.discards))}; {who}'s cards, which judge whoever "
        f"ends engaged to {who}, are up to {cards(holding(view, taker))}."
    )


def _known_to_all(event: Event, view: PersuasionView) -> str:
    """The owner the card had when everyone else had stamped it; where it lies now (a
    card seen as it is discarded flips, then goes to the discards)."""
    title, owner = event.word("card"), one_of(event, "owner")
    now = lies_with(view, title)
    where = f"{name(view, now)}'s cards" if now is not None else "the discards"
    but = f" but {name(view, owner)}" if owner is not None else ""
    return (
        f"Every player{but} has now stamped {title}{face(event, view)}, so it is no secret: "
        f"it turns face up for good, its stamps go home, and all can count it toward {where}."
    )


# --- phrases: the parts of a template that weigh the view --------------------------------


def _token(event: Event, view: PersuasionView) -> str:
    """What the user of a card holds of its author's: "seal" or "ring"."""
    return token(view, event.who("author"), event.who("user"))


def _keeps(event: Event, view: PersuasionView) -> str:
    """What the recipient of a seal may do with it this round."""
    return keeps(view, event.who("sender"), event.who("recipient"))


def _holding_seal(event: Event, view: PersuasionView) -> str:
    """What a seal lets its recipient do at the reception."""
    if view.evening_ball:
        return "you need not discard at the reception"
    return "at the reception you may use an action of any of their cards you are aware of"


CAPTIONS = Captions(
    events={
        EventKind.SEASON_OPENS: _season_opens,
        EventKind.INTRODUCTIONS: _introductions,
        EventKind.INTRODUCTION: _introduction,
        EventKind.MAILING_BEGINS: _mailing_begins,
        EventKind.MAIL_CHOSEN: _mail_chosen,
        EventKind.RING_SENT: _ring_sent,
        EventKind.FORCED_DISCARD: _forced_discard,
        EventKind.BYSTANDER_PEEKED: _bystander_peeked,
        EventKind.CARD_FLIPPED: _card_flipped,
        EventKind.CARD_TAKEN: _card_taken,
        EventKind.CARD_GIVEN: _card_given,
        EventKind.CARD_DISCARDED: _card_discarded,
        EventKind.DISCARD_TAKEN: _discard_taken,
        EventKind.KNOWN_TO_ALL: _known_to_all,
        EventKind.SEASON_ENDS: season_ends,
        EventKind.LAST_RING_CHOSEN: last_ring_chosen,
        EventKind.LAST_RING_DELIVERED: last_ring_delivered,
        EventKind.VERDICT: verdict,
    },
    told=TOLD,
    phrases={"token": _token, "keeps": _keeps, "holding_seal": _holding_seal},
    names=names,
    prompts={
        Phase.INTRO: intro_prompt,
        Phase.MAIL: mail_prompt,
        Phase.RECEPTION: reception_prompt,
        Phase.FINAL: final_prompt,
    },
    prompts_to={
        Phase.INTRO: intro_prompt,
        Phase.MAIL: mail_prompt,
        Phase.RECEPTION: reception_prompt,
        Phase.FINAL: final_prompt,
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
"""Persuasion's teaching captions (the registry's ``rules.persuasion.captions:CAPTIONS``)."""
