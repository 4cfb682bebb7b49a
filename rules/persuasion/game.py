"""Persuasion: new / prompt / apply / view / outcome, and its registry entry.

The season's parts live in their own modules: ``mailing`` (the introductions,
the mailing and its delivery), ``reception`` (the turns after it), ``actions``
(the trait cards' actions), ``season`` (the end of a round and of the season,
the last rings, the resolution), ``prompts``, ``choices`` and ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_never

from rules import registry
from rules.chance import Chance
from rules.engine import GameInfo, IllegalAction, OptionSpec, Outcome, Prompt, Seat, Who, Whos
from rules.gatekeeping import gatekept
from rules.persuasion import help, mailing, reception, season
from rules.persuasion.bots import PersuasionBot
from rules.persuasion.pack import PersuasionPack, default_pack, load_pack
from rules.persuasion.prompts import prompt
from rules.persuasion.state import (
    ACTION_TYPES,
    DIARIES,
    Action,
    EventKind,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionConfig,
    PersuasionState,
    PersuasionView,
    Phase,
    Send,
    UseCard,
)
from rules.persuasion.table import BALL, card, log, tell
from rules.persuasion.view import view
from rules.story import STORY

__all__ = ["PERSUASION", "apply", "make_config", "new", "outcome", "prompt", "view"]

MIN_PLAYERS, MAX_PLAYERS = 3, 8


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: PersuasionPack,
    texts: Mapping[str, str] | None = None,
) -> PersuasionConfig:
    return PersuasionConfig(
        names=tuple(names),
        cards=pack.trait_cards(),
        evening_ball=bool(options.get("evening_ball", 0)),
    )


def new(config: PersuasionConfig, seed: int) -> PersuasionState:
    count = len(config.names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise IllegalAction(f"Persuasion needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    if len(config.cards) < count * config.hand:
        raise IllegalAction(f"The pack needs at least {count * config.hand} trait cards.")
    chance = Chance(seed)
    diaries, chance = chance.shuffle(DIARIES)
    deck, chance = chance.shuffle(tuple(range(len(config.cards))))
    hand = config.hand
    traits = tuple(deck[p * hand : (p + 1) * hand] for p in range(count))
    state = PersuasionState(
        config=config,
        diaries=diaries[:count],
        traits=traits,
        discards=(),
        box=deck[count * hand :],
        faceup=(False,) * len(config.cards),
        stamps=((),) * len(config.cards),
        hostex=0,
        mail=(None,) * count,
        held=((),) * count,
        final=(None,) * count,
    )
    everyone = Whos(tuple(range(count)))
    opening = BALL if config.evening_ball else STORY
    state = log(state, EventKind.SEASON_OPENS, opening, everyone=everyone, hostex=Who(state.hostex))
    state = log(state, EventKind.INTRODUCTIONS)
    for seat in range(count):
        diary = diaries[seat]
        state = tell(
            state, seat, EventKind.DIARY, desired=str(diary.desired), despised=str(diary.despised)
        )
    return state


# --- apply ------------------------------------------------------------------------------

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.INTRO: (Introduce,),
    Phase.MAIL: (Send,),
    Phase.RECEPTION: (UseCard, ForcedDiscard, Pass),
    Phase.FINAL: (FinalRing,),
}


def _apply(state: PersuasionState, action: Action, current: Prompt) -> PersuasionState:
    """The state after ``action``; IllegalAction (and nothing changed) when it is not legal."""
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction(f"That is not possible now: {current.text}")
    match action:
        case Introduce():
            return mailing.introduce(state, action)
        case Send():
            return mailing.send(state, action)
        case FinalRing():
            return season.final_ring(state, action)
        case UseCard() | ForcedDiscard() | Pass():
            return reception.take_turn(state, action)
        case _:
            assert_never(action)


def outcome(state: PersuasionState) -> Outcome | None:
    return state.result


def seat_names(state: PersuasionState) -> tuple[str, ...]:
    return state.config.names


apply = gatekept(_apply, prompt, seat_names)


def secrets_of(state: PersuasionState, seat: Seat) -> tuple[str, ...]:
    """The seat's face-down cards nobody else knows, its diary, its private events."""
    own = tuple(
        card(state, n).title
        for n in state.traits[seat]
        if not state.faceup[n] and not any(p != seat for p in state.stamps[n])
    )
    private = tuple(e.text for e in state.log if e.seats is not None and seat in e.seats)
    return own + private


def game_stats(state: PersuasionState) -> dict[str, float]:
    return {"rounds": float(state.round), "engagements": float(len(state.exchanged))}


PERSUASION: GameInfo[PersuasionState, PersuasionView] = GameInfo(
    listing=registry.listing("persuasion"),
    options=(
        OptionSpec(
            "evening_ball", "Evening Ball", 0, 0, 1, "1: the simplified mode, with no card actions."
        ),
    ),
    config_type=PersuasionConfig,
    action_types=ACTION_TYPES,
    state_type=PersuasionState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=PersuasionBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    seat_names=seat_names,
    secrets_of=secrets_of,
    default_seats=4,
    game_stats=game_stats,
    turn_of=lambda state: state.round,
    turn_word="round",
    rules_edition=2,  # 2: a flip is refused on a face-up card while a face-down one is left
)
