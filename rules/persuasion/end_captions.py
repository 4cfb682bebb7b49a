"""Persuasion's captions for the end of a season: why it ended, the last rings, the
verdict (from the public view only; ``captions`` gathers them into ``CAPTIONS``)."""

from __future__ import annotations

from rules.engine import Event
from rules.persuasion.caption_words import (
    SOMEONE,
    _and,
    _find,
    _lead,
    _partner,
    _singles,
)
from rules.persuasion.state import (
    PersuasionView,
    Phase,
)


def _season_ends(event: Event, view: PersuasionView) -> str:
    why = event.text.removeprefix("The season ends: ").removesuffix(".")
    if why == "rings were exchanged":
        engaged = [f"{view.players[a].name} and {view.players[b].name}" for a, b in view.exchanged]
        why = f"{'; '.join(engaged)} exchanged rings"
    singles = _singles(view)
    then = (
        f"Still single: {_and(singles)}, who may {'each ' if len(singles) > 1 else ''}send a "
        "last ring."
        if singles
        else "Nobody is single, so every diary is revealed at once."
    )
    return (
        "A season ends after the reception in which rings were exchanged or a player ran out "
        f"of cards. Here {why}. {then}"
    )


def _last_rings(event: Event, view: PersuasionView) -> str:
    return (
        f"The last chance for {_and(_singles(view))}: all at once and in secret, each sends "
        "their ring to a player or to the discards. Two rings sent to each other make a match; "
        "any other ring is discarded, and its sender is judged on the discards."
    )


def _last_ring_chosen(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "{} has decided where their ring goes.")
    done = " That was the last: the rings are delivered." if view.phase == Phase.OVER else ""
    return (
        f"{who}'s choice stays hidden until every single player has chosen, so nobody can "
        f"answer a ring they saw coming.{done}"
    )


def _last_ring_delivered(event: Event, view: PersuasionView) -> str:
    (who,) = _find(event, view, "{}'s ring goes to the discards.")
    if who != SOMEONE:
        return (
            f"{who} chose to stay single, so {who} is judged on the discards: {who} wins only "
            f"if the discards hold more of {who}'s desired symbol than of the despised one."
        )
    who, to = _find(event, view, "{}'s ring goes to {}.")
    if _partner(view, who) == to:
        return f"{to} sent their ring to {who} as well: the rings meet, and the two are matched."
    return (
        f"{to}'s ring did not come to {who}, so {who}'s ring is discarded: {who} ends single "
        "and is judged on the discards."
    )


def _late_engagement(event: Event, view: PersuasionView) -> str:
    a, b = _find(event, view, "{} and {} exchange rings at the last!")
    return (
        f"{a} and {b} sent their last rings to each other: a match made at the end counts just "
        "like one made in a mailing. Each wins only if the other's cards hold more of their "
        "own desired symbol than of the despised one."
    )


def _verdict(event: Event, view: PersuasionView) -> str:
    who = _lead(event, view, " (desires ")
    partner = _partner(view, who)
    if event.text.endswith("a tie, which does not win."):
        result = "Equal counts are a tie, and a tie never wins: it takes strictly more."
    elif event.text.endswith("does not win."):
        result = "More of the despised symbol than the desired one: no win."
    else:
        result = "More of the desired symbol than the despised one: a win."
    if partner is None:
        return (
            f"{who} ended single, so {who}'s diary is read against the discards: the cards "
            f"dropped at the introductions or discarded since, and still there. {result}"
        )
    return (
        f"{who} ended engaged to {partner}, so {who}'s own diary is read against {partner}'s "
        f"cards. {result} Partners are judged apart: both, one or neither may win."
    )
