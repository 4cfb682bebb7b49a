"""Taking back one's own last move, while nothing new has come out since.

A person may take back the last action applied if it was theirs and it let nothing
new out: no chance was drawn (a die, a shuffle, a card from the deck), and no other
seat's secrets changed (a card given to another hand). Whether another person has
since looked behind their curtain is the table's to say (``tui.flow``). Taking back
replays the actions without the last one, so the save follows.
"""

from __future__ import annotations

from typing import TypeVar

from rules.engine import Seat
from rules.session import Session

S = TypeVar("S")

NOTHING = "There is no move to take back yet."
RESUMED = "A move made before this game was resumed stands."
NOT_YOURS = "Only your own last move can be taken back, and the last move was {name}'s."
NOT_YOUR_MOVE = "Only your own last move can be taken back, and the last move was not yours."
BOT_MOVED = "The last move was a bot's, and bots never take a move back."
CHANCE = "That move drew on chance (a roll, a shuffle or a card from the deck): it stands."
SECRETS = "That move changed what another seat holds in secret: it stands."


def actor(action: object) -> Seat | None:
    """The seat that made ``action`` (None when the action names none)."""
    seat = getattr(action, "seat", None)
    return seat if isinstance(seat, int) else None


def take_back_refusal(before: Session[S], after: Session[S], seat: Seat) -> str | None:
    """Why ``seat`` may not take back the last move, which made ``after`` of
    ``before`` (None: they may)."""
    if not after.actions:
        return NOTHING
    last = actor(after.actions[-1])
    if last is not None and after.seats[last].is_bot:
        return BOT_MOVED
    if last != seat:
        name = after.seats[last].name if last is not None else "the table"
        return NOT_YOURS.format(name=name)
    if getattr(before.state, "chance", None) != getattr(after.state, "chance", None):
        return CHANCE
    game = after.game
    for other in range(len(after.seats)):
        # (a seat the move added had no secrets before it: nothing to ask its state of)
        had = game.secrets_of(before.state, other) if other < len(before.seats) else None
        if other != seat and had != game.secrets_of(after.state, other):
            return SECRETS
    return None

