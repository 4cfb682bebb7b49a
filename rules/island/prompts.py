"""Who must decide what now, at the Island."""

from __future__ import annotations

from rules.engine import Prompt, once_per_state
from rules.island.state import IslandState, Phase


@once_per_state
def prompt(state: IslandState) -> Prompt | None:
    names = state.config.names
    if state.phase == Phase.RESPOND:
        waiting = tuple(s for s in state.responders if state.responses[s] is None)
        who = " and ".join(names[s] for s in waiting)
        return Prompt(
            waiting, Phase.RESPOND, f"{who}: pick a response card for '{state.judged}'.", True
        )
    if state.phase == Phase.DECIDE:
        return Prompt(
            (state.decider,),
            Phase.DECIDE,
            f"{names[state.decider]}: pick the card that best fits '{state.judged}'.",
            True,
        )
    if state.phase == Phase.MOVE:
        assert state.mover is not None
        return Prompt(
            (state.mover,),
            Phase.MOVE,
            f"{names[state.mover]}: move, place or remove a tile.",
            False,
        )
    return None
