"""Persuasion: new / prompt / apply / view / outcome, and its registry entry.

The season's parts live in their own modules: ``mailing`` (the introductions,
the mailing and its delivery), ``reception`` (the turns after it), ``actions``
(the trait cards' actions), ``season`` (the end of a round and of the season,
the last rings, the resolution), ``prompts``, ``choices`` and ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.chance import Chance
from rules.engine import GameInfo, IllegalAction, OptionSpec, Outcome, Seat
from rules.persuasion import help, mailing, reception, season
from rules.persuasion.bots import PersuasionBot
from rules.persuasion.pack import PersuasionPack, default_pack, load_pack
from rules.persuasion.prompts import prompt
from rules.persuasion.state import (
    ACTION_TYPES,
    DIARIES,
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
from rules.persuasion.table import card, log, name, players, tell
from rules.persuasion.view import view

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
    mode = " (Evening Ball: no card actions)" if config.evening_ball else ""
    state = log(
        state,
        f"The season opens{mode}: " + ", ".join(config.names) + ". "
        f"{config.names[0]}, the most polite, holds the hostex marker.",
        kind=EventKind.SEASON_OPENS,
    )
    state = log(
        state,
        "Introductions: everyone flips one card up and discards another.",
        kind=EventKind.INTRODUCTIONS,
    )
    for seat in range(count):
        diary = diaries[seat]
        state = tell(
            state,
            seat,
            f"Your diary: you desire {diary.desired} and despise {diary.despised}.",
            kind=EventKind.DIARY,
        )
    return state


# --- apply ------------------------------------------------------------------------------

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.INTRO: (Introduce,),
    Phase.MAIL: (Send,),
    Phase.RECEPTION: (UseCard, ForcedDiscard, Pass),
    Phase.FINAL: (FinalRing,),
}


def apply(state: PersuasionState, action: Any) -> PersuasionState:
    """The state after ``action``; IllegalAction (and nothing changed) when it is not legal."""
    current = prompt(state)
    if current is None:
        raise IllegalAction("The season is over.")
    seat = getattr(action, "seat", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in players(state):
        raise IllegalAction("That seat is not at this table.")
    if seat not in current.seats:
        raise IllegalAction(f"It is not {name(state, seat)}'s turn: {current.text}")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction(f"That is not possible now: {current.text}")
    if isinstance(action, Introduce):
        return mailing.introduce(state, action)
    if isinstance(action, Send):
        return mailing.send(state, action)
    if isinstance(action, FinalRing):
        return season.final_ring(state, action)
    assert isinstance(action, UseCard | ForcedDiscard | Pass)
    return reception.take_turn(state, action)


def outcome(state: PersuasionState) -> Outcome | None:
    return state.result


def seat_names(state: PersuasionState) -> tuple[str, ...]:
    return state.config.names


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
    id="persuasion",
    title="Persuasion",
    pitch="Read the trait cards your suitors mail you, then send your ring to the right one.",
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
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
    captions=help.CAPTIONS,
)
