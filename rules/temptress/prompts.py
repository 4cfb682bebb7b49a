"""Who must decide what now: the Temptress's prompts."""

from __future__ import annotations

from rules.engine import Prompt, once_per_state
from rules.temptress import floor
from rules.temptress.argument import stake_setter
from rules.temptress.state import ContestStage, PromptKind, Stage, TemptressState
from rules.temptress.table import name

_NARRATOR_TEXTS = {
    ContestStage.TIE: "the narrator settles who prevails.",
    ContestStage.VERDICT: "the narrator may award Rapport or tell a miss as a twist.",
    ContestStage.REVIEW: "the narrator accepts or rejects the stakes.",
    ContestStage.TRIM: "the narrator may count cards played beyond a target as the target.",
}


@once_per_state
def prompt(state: TemptressState) -> Prompt | None:
    if state.stage == Stage.OVER:
        return None
    for seat in state.active:
        if state.suitors[seat].reveals_owed:
            return Prompt(
                (seat,),
                PromptKind.FAUX_PAS,
                f"{name(state, seat)}: lay a card face up for your Faux Pas.",
                True,
            )
    if state.stage == Stage.FLOOR:
        seats = floor.floor_seats(state)
        who = ", ".join(name(state, s) for s in seats)
        if not state.opened:
            text = f"{who}, the oldest, opens the floor (or declines)."
        elif set(seats) <= set(state.first_claims):
            text = f"{who}: cut short last round, you claim first: act, argue, retire or decline."
        else:
            text = f"{who}: take an action, argue, retire, or decline."
        narrator = () if state.narrator_seat is None else (state.narrator_seat,)
        return Prompt(seats + narrator, PromptKind.FLOOR, text, False)
    if state.stage == Stage.SPEND:
        seat = state.queue[0]
        text = f"{name(state, seat)}: spend your Rapport or keep it."
        return Prompt((seat,), PromptKind.SPEND, text, True)
    if state.stage == Stage.FINAL:
        seat = state.queue[0]
        text = f"{name(state, seat)}: retire now, or not."
        return Prompt((seat,), PromptKind.FINAL, text, True)
    return _contest_prompt(state)


def _contest_prompt(state: TemptressState) -> Prompt:
    current = state.contest
    assert current is not None
    stage = current.stage
    kind = PromptKind(stage)
    if stage == ContestStage.JOIN:
        who = ", ".join(name(state, s) for s in current.undecided)
        text = f"{who}: join in opposition, or stay out?"
        return Prompt(current.undecided, kind, text, False)
    if stage == ContestStage.PLAY:
        seat = current.to_play[0]
        goal = current.targets[-1]
        return Prompt((seat,), kind, f"{name(state, seat)}: play cards toward {goal}.", True)
    if stage == ContestStage.RAISE:
        seat = current.asked[0]
        return Prompt((seat,), kind, f"{name(state, seat)}: raise the stakes, or stop?", True)
    if stage == ContestStage.FOLLOW:
        seat = current.asked[0]
        return Prompt((seat,), kind, f"{name(state, seat)}: follow the raise?", True)
    if stage == ContestStage.DRAW:
        seat = current.asked[0]
        asked = f"{name(state, seat)}: you may draw from a woman's pile."
        return Prompt((seat,), kind, asked, True)
    if stage == ContestStage.VOTE:
        who = ", ".join(name(state, s) for s in current.asked)
        actor = name(state, current.actor)
        text = f"{who}: did {actor} earn an extra Rapport chip?"
        return Prompt(current.asked, kind, text, False)
    if stage == ContestStage.ANSWER:
        seat = current.participants[1]
        text = f"{name(state, seat)}: avoid the argument or accept it?"
        return Prompt((seat,), kind, text, False)
    if stage == ContestStage.STAKES:
        seat = stake_setter(current)
        return Prompt((seat,), kind, f"{name(state, seat)}: set your stake.", False)
    narrator = state.narrator_seat
    assert narrator is not None, f"stage {stage} needs a person narrator"
    text = f"{name(state, narrator)}: {_NARRATOR_TEXTS[stage]}"
    return Prompt((narrator,), kind, text, True)
