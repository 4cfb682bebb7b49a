"""Persuasion's captions for the end of a season: why it ended, the last rings, the
verdict (from the event's facts and the public view only; ``captions`` gathers them
into ``CAPTIONS``)."""

from __future__ import annotations

from rules.engine import Event
from rules.persuasion.caption_view import and_, name, partner, singles
from rules.persuasion.state import PersuasionView, Phase
from rules.persuasion.told import one_of


def season_ends(event: Event, view: PersuasionView) -> str:
    emptied = one_of(event, "emptied")
    if emptied is None:
        engaged = [f"{name(view, a)} and {name(view, b)}" for a, b in view.exchanged]
        why = f"{'; '.join(engaged)} exchanged rings"
    else:
        why = f"{name(view, emptied)} has no cards left"
    still = singles(view)
    then = (
        f"Still single: {and_(still)}, who may {'each ' if len(still) > 1 else ''}send a last ring."
        if still
        else "Nobody is single, so every diary is revealed at once."
    )
    return (
        "A season ends after the reception in which rings were exchanged or a player ran out "
        f"of cards. Here {why}. {then}"
    )


def last_ring_chosen(event: Event, view: PersuasionView) -> str:
    who = name(view, event.who("sender"))
    done = " That was the last: the rings are delivered." if view.phase == Phase.OVER else ""
    return (
        f"{who}'s choice stays hidden until every single player has chosen, so nobody can "
        f"answer a ring they saw coming.{done}"
    )


def last_ring_delivered(event: Event, view: PersuasionView) -> str:
    sender, recipient = event.who("sender"), one_of(event, "recipient")
    who = name(view, sender)
    if recipient is None:
        return (
            f"{who} chose to stay single, so {who} is judged on the discards: {who} wins only "
            f"if the discards hold more of {who}'s desired symbol than of the despised one."
        )
    to = name(view, recipient)
    if partner(view, sender) == recipient:
        return f"{to} sent their ring to {who} as well: the rings meet, and the two are matched."
    return (
        f"{to}'s ring did not come to {who}, so {who}'s ring is discarded: {who} ends single "
        "and is judged on the discards."
    )


def verdict(event: Event, view: PersuasionView) -> str:
    who = name(view, event.who("player"))
    wanted, hated = event.number("desired_count"), event.number("despised_count")
    if wanted == hated:
        result = "Equal counts are a tie, and a tie never wins: it takes strictly more."
    elif wanted < hated:
        result = "More of the despised symbol than the desired one: no win."
    else:
        result = "More of the desired symbol than the despised one: a win."
    engaged = one_of(event, "partner")
    if engaged is None:
        return (
            f"{who} ended single, so {who}'s diary is read against the discards: the cards "
            f"dropped at the introductions or discarded since, and still there. {result}"
        )
    other = name(view, engaged)
    return (
        f"{who} ended engaged to {other}, so {who}'s own diary is read against {other}'s "
        f"cards. {result} Partners are judged apart: both, one or neither may win."
    )
