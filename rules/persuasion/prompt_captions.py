"""Persuasion's prompt captions: what the table decides in each phase, and what it means
(from the public view only; ``captions`` gathers them into ``CAPTIONS``)."""

from __future__ import annotations

from rules.engine import Prompt, Seat
from rules.persuasion.caption_view import JUDGED, LONGEST, and_, token
from rules.persuasion.state import PersuasionView, Phase

# --- prompts -----------------------------------------------------------------------------


def _seats(prompt: Prompt, view: PersuasionView, to: Seat | None = None) -> str:
    """The seats asked, by name ("you" for ``to``)."""
    return and_(["you" if p == to else view.players[p].name for p in prompt.seats])


def intro_prompt(prompt: Prompt, view: PersuasionView, to: Seat | None = None) -> str:
    action = "" if view.evening_ball else " and action"
    still = _seats(prompt, view, to)
    return (
        f"Introductions, one player at a time in seat order; still to go: {still}. "
        f"Each flips one card face up for good (its symbols{action} now public) and discards "
        "another, stamped, so only its owner knows it."
    )


def mail_prompt(prompt: Prompt, view: PersuasionView, to: Seat | None = None) -> str:
    return (
        f"Round {view.round}'s mailing, behind the curtain: a seal with a face-down card the "
        "recipient has not seen, or a ring. A player who knows all of someone's cards can only "
        f"be sent a ring. Still to choose: {_seats(prompt, view, to)}."
    )


def reception_prompt(prompt: Prompt, view: PersuasionView, to: Seat | None = None) -> str:
    seat = prompt.seats[0]
    if seat == to:
        return _your_reception(view, seat)
    who = view.players[seat].name
    holds = view.players[seat].holds
    if not holds:
        return (
            f"Nobody mailed {who} a seal or ring this round, so {who} must discard a card from "
            f"anyone, even their own, stamping it first. It joins {JUDGED}."
        )
    owners = [f"{view.players[p].name}'s {token(view, p, seat)}" for p in holds]
    said = (
        f"{who} holds {and_(owners)}, so {who} may use the action of one of their owners' cards "
        f"{who} is aware of (face up, or stamped by {who}), or pass."
    )
    return _with_face_up(said, view, holds)


def _your_reception(view: PersuasionView, seat: Seat) -> str:
    """The reception turn of ``seat``, told to ``seat``."""
    holds = view.players[seat].holds
    if not holds:
        return (
            "Nobody mailed you a seal or ring this round, so you must discard a card from "
            f"anyone, even your own, stamping it first. It joins {JUDGED}."
        )
    owners = [f"{view.players[p].name}'s {token(view, p, seat)}" for p in holds]
    said = (
        f"You hold {and_(owners)}, so you may use the action of one of their owners' cards "
        "you are aware of (face up, or stamped by you), or pass."
    )
    return _with_face_up(said, view, holds)


def _with_face_up(said: str, view: PersuasionView, holds: tuple[Seat, ...]) -> str:
    up = [
        f"{s.card.title} ({s.card.action.replace('_', ' ')})"
        for p in holds
        for s in view.players[p].cards
        if s.faceup and s.card is not None
    ]
    for few in (up[:2], up[:1]):
        shown = f" Face up among them: {and_(few)}." if few else ""
        if len(said + shown) <= LONGEST:
            return said + shown
    return said


def final_prompt(prompt: Prompt, view: PersuasionView, to: Seat | None = None) -> str:
    return (
        f"The season is over, but {_seats(prompt, view, to)} may still send a ring, in secret, "
        "to a "
        "player or to the discards. Rings sent to each other make a match; the rest are "
        "discarded, and their senders are judged on the discards."
    )


# --- the captions ------------------------------------------------------------------------

PROMPT_KINDS = (Phase.INTRO, Phase.MAIL, Phase.RECEPTION, Phase.FINAL)
"""Every phase that asks someone something (the prompt's kind is its phase)."""
