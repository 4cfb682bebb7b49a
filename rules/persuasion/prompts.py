"""Who must decide what now, in the season's words."""

from __future__ import annotations

from rules.engine import Prompt, Seat, once_per_state
from rules.persuasion.season import still_to_send
from rules.persuasion.state import PersuasionState, Phase
from rules.persuasion.table import clockwise, name, players
from rules.wording import listed


@once_per_state
def prompt(state: PersuasionState) -> Prompt | None:
    if state.phase == Phase.INTRO:
        seats = tuple(p for p in players(state) if p not in state.introduced)
        return Prompt(
            seats, Phase.INTRO, "Introductions: flip one card up and discard another.", True
        )
    if state.phase == Phase.MAIL:
        seats = clockwise(state, tuple(p for p in players(state) if state.mail[p] is None))
        who = names_and(state, seats)
        verb = "chooses" if len(seats) == 1 else "choose"
        return Prompt(seats, Phase.MAIL, f"Mailing: {who} {verb} what to send, in secret.", True)
    if state.phase == Phase.RECEPTION:
        seat = state.turns[0]
        text = (
            f"{name(state, seat)}: use an action from a card of someone whose "
            f"{held_word(state, seat)} you hold, or pass."
            if state.held[seat]
            else f"{name(state, seat)} holds nothing and must discard one of anyone's cards."
        )
        return Prompt((seat,), Phase.RECEPTION, text, True)
    if state.phase == Phase.FINAL:
        return Prompt(
            still_to_send(state),
            Phase.FINAL,
            "Last chance: send your ring to someone, or to the discards.",
            True,
        )
    return None


def held_word(state: PersuasionState, seat: Seat) -> str:
    """What ``seat`` holds at this reception, in a word: "seal", "ring" or "seal or ring"
    (a ring is held where this round's proposals say so; every other token is a seal)."""
    rings = [(state.round, owner, seat) in state.proposals for owner in state.held[seat]]
    if rings and all(rings):
        return "ring"
    return "seal or ring" if any(rings) else "seal"


def names_and(state: PersuasionState, seats: tuple[Seat, ...]) -> str:
    """ "Ann", "Ann and Dev", "Ann, Bo and Dev"."""
    return listed([name(state, p) for p in seats])
