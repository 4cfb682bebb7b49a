"""The Temptress: new / prompt / apply / view / outcome, and its registry entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_never

from rules import registry
from rules.engine import GameInfo, IllegalAction, OptionSpec, Outcome, Prompt, Seat, TextOption
from rules.gatekeeping import gatekept
from rules.temptress import argument, clues, contest, floor, help, judging, narration, round_end
from rules.temptress.actions import (
    ACTION_TYPES,
    NARRATOR_RULINGS,
    Action,
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorTells,
    NarratorTrim,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.bots import TemptressBot
from rules.temptress.pack import TemptressPack, default_pack, load_pack
from rules.temptress.prompts import prompt
from rules.temptress.setup import MAX_SUITORS
from rules.temptress.setup import new as new_table
from rules.temptress.state import (
    NarratorMode,
    PromptKind,
    Stage,
    TemptressConfig,
    TemptressState,
    WomanSpec,
)
from rules.temptress.views import TemptressView, view

new = new_table


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: TemptressPack,
    texts: Mapping[str, str] | None = None,
) -> TemptressConfig:
    """Seat names (suitors, then the narrator when a person narrates), options, a pack,
    and the setup texts: ``woman_1``..``woman_4`` rename the women, ``persona_N`` are the
    suitors' personas."""
    texts = texts or {}
    person = bool(options.get("narrator_person", 0))
    suitors = tuple(names[:-1]) if person else tuple(names)
    women = tuple(
        WomanSpec(texts.get(f"woman_{i + 1}", "").strip() or w.name, w.personality, w.warm, w.cool)
        for i, w in enumerate(pack.women[:4])
    )
    return TemptressConfig(
        suitors=suitors,
        personas=tuple(texts.get(f"persona_{i + 1}", "").strip() for i in range(len(suitors))),
        women=women,
        preference_pool=pack.preferences,
        narrator=NarratorMode.PERSON if person else NarratorMode.ISLAND,
        narrator_name=names[-1] if person else "The island",
        oldest=int(options.get("oldest", 1)) - 1,
        round_limit=int(options.get("round_limit", 10)),
        voice=pack.voice(),
        fair_deal=True,
    )


# --- apply ----------------------------------------------------------------------------

_KINDS: dict[str, tuple[type, ...]] = {
    PromptKind.FAUX_PAS: (RevealFauxPas,),
    PromptKind.FLOOR: (
        ClaimFloor,
        Decline,
        Retire,
        StartArgument,
        NarratorAward,
        NarratorEndRound,
    ),
    PromptKind.JOIN: (Join,),
    PromptKind.PLAY: (PlayCards, Reroll),
    PromptKind.RAISE: (RaiseStakes,),
    PromptKind.FOLLOW: (Follow,),
    PromptKind.DRAW: (DrawFromPile,),
    PromptKind.TIE: (NarratorSettleTie,),
    PromptKind.VERDICT: (NarratorVerdict,),
    PromptKind.VOTE: (Vote,),
    PromptKind.ANSWER: (AnswerArgument,),
    PromptKind.STAKES: (SetStake,),
    PromptKind.REVIEW: (NarratorReviewStakes,),
    PromptKind.TRIM: (NarratorTrim,),
    PromptKind.SPEND: (SpendRapport,),
    PromptKind.FINAL: (Retire, Decline),
}
"""The actions each prompt kind takes."""
_NARRATOR_ACTIONS = (*NARRATOR_RULINGS, NarratorTells)
NOT_FOR_A_SUITOR = "That is not something a suitor can do."


def _out_of_turn(state: TemptressState, action: Action, asked: Prompt) -> bool:
    """Any suitor still in may retire at the open floor, whoever's turn it is; a person
    narrator may tell the table a line at any moment."""
    if isinstance(action, NarratorTells):
        return action.seat == state.narrator_seat
    return (
        asked.kind == PromptKind.FLOOR
        and isinstance(action, Retire)
        and (action.seat in state.active)
    )


def _apply(state: TemptressState, action: Action, current: Prompt) -> TemptressState:
    """The state after ``action``; IllegalAction (and nothing changed) when not legal."""
    seat = action.seat
    if isinstance(action, NarratorTells):
        if seat != state.narrator_seat:
            raise IllegalAction(NOT_FOR_A_SUITOR)
        refusal = narration.line_refusal(action.text, needed=True)
        if refusal:
            raise IllegalAction(refusal)
        return narration.tell(state, action.text)
    if not isinstance(action, _KINDS[current.kind]):
        raise IllegalAction(f"That is not possible now: {current.text}")
    is_narrator = seat == state.narrator_seat
    if is_narrator != isinstance(action, _NARRATOR_ACTIONS):
        raise IllegalAction(
            "That is not something the narrator can do." if is_narrator else NOT_FOR_A_SUITOR
        )
    if isinstance(action, NARRATOR_RULINGS):
        refusal = narration.line_refusal(action.line, needed=False)
        if refusal:
            raise IllegalAction(refusal)
        state = narration.tell(state, action.line)
    state = _pacts_tested(state, action)
    before = state.stage
    state = _dispatch(state, action)
    if before == Stage.CONTEST and state.stage == Stage.FLOOR:
        state = round_end.after_contest(state)
    return state


def _pacts_tested(state: TemptressState, action: Action) -> TemptressState:
    """A suitor who moves against the suitor they promised something (joins their action
    in opposition, or starts an argument with them) hears the pact read out first."""
    if isinstance(action, Join) and action.join and state.contest is not None:
        return narration.pacts_tested(state, action.seat, state.contest.actor)
    if isinstance(action, StartArgument) and action.opponent in state.active:
        return narration.pacts_tested(state, action.seat, action.opponent)
    return state


def _dispatch(s: TemptressState, a: Action) -> TemptressState:
    match a:
        case RevealFauxPas():
            return floor.reveal_faux_pas(s, a.seat, a.card)
        case ClaimFloor():
            return floor.claim_floor(s, a.seat, a.woman, a.description)
        case Decline():
            return floor.decline(s, a.seat)
        case Retire():
            return floor.retire(s, a.seat, a.accused)
        case StartArgument():
            return floor.start_argument(s, a.seat, a.opponent, a.chips)
        case NarratorAward():
            return floor.narrator_award(s, a.suitor)
        case NarratorEndRound():
            return round_end.end_round(s, "the narrator ends it")
        case Join():
            return contest.join(s, a.seat, bool(a.join))
        case Reroll():
            return contest.reroll(s, a.seat, a.die)
        case PlayCards():
            return contest.play_cards(
                s, a.seat, tuple(a.cards), bool(a.pair_bonus), bool(a.suit_bonus)
            )
        case RaiseStakes():
            return contest.raise_stakes(s, a.seat, bool(a.raise_))
        case Follow():
            return contest.follow(s, a.seat, bool(a.follow))
        case DrawFromPile():
            return judging.draw_from_pile(s, a.seat, a.woman)
        case NarratorSettleTie():
            return judging.settle_tie(s, a.winner)
        case NarratorVerdict():
            return judging.verdict(s, tuple(a.awards), bool(a.twist))
        case Vote():
            return judging.vote(s, a.seat, a.vote)
        case AnswerArgument():
            return argument.answer_argument(s, a.seat, bool(a.avoid))
        case SetStake():
            return argument.set_stake(s, a.seat, a.kind, a.promise)
        case NarratorReviewStakes():
            return argument.review_stakes(s, tuple(a.rejected))
        case NarratorTrim():
            return argument.trim(s, tuple(a.trimmed))
        case NarratorTells():
            return narration.tell(s, a.text)
        case SpendRapport():
            return round_end.spend(s, a.seat, a.choice, tuple(a.cards), a.clue_kind)
        case _:
            assert_never(a)


def outcome(state: TemptressState) -> Outcome | None:
    return state.result


def seat_names(state: TemptressState) -> tuple[str, ...]:
    names = tuple(s.name for s in state.suitors)
    return names + ((state.config.narrator_name,) if state.narrator_seat is not None else ())


apply = gatekept(_apply, prompt, seat_names, out_of_turn=_out_of_turn)


def secrets_of(state: TemptressState, seat: Seat) -> tuple[str, ...]:
    """A suitor's hidden hand cards, clue texts and private events."""
    if seat >= len(state.suitors):
        return ()
    suitor = state.suitors[seat]
    hidden = tuple(c.label() for c in suitor.hand if c not in suitor.faceup)
    texts = tuple(clues.clue_line(state, c) for c in suitor.clues)
    private = tuple(e.text for e in state.log if e.seats is not None and seat in e.seats)
    return hidden + texts + private


def text_options(pack: TemptressPack) -> tuple[TextOption, ...]:
    """Setup may rename the four women and give each suitor a persona line."""
    women = tuple(
        TextOption(f"woman_{i + 1}", f"Woman {i + 1}", w.name, 16)
        for i, w in enumerate(pack.women[:4])
    )
    personas = tuple(
        TextOption(f"persona_{i + 1}", f"Persona {i + 1}", "", 70) for i in range(MAX_SUITORS)
    )
    return women + personas


def seat_stats(state: TemptressState, seat: Seat) -> dict[str, int]:
    """Per suitor: out by a wrong retirement; stayed on the island in a game nobody won."""
    nobody_won = state.result is not None and not state.result.winners
    return {
        "outs": int(seat < len(state.suitors) and state.suitors[seat].out),
        "island": int(nobody_won),
    }


def game_stats(state: TemptressState) -> dict[str, float]:
    return {
        "rounds": float(state.round),
        "actions": float(state.actions_taken),
        **round_end.ending_figures(state),
    }


TEMPTRESS: GameInfo[TemptressState, TemptressView] = GameInfo(
    listing=registry.listing("temptress"),
    options=(
        OptionSpec(
            "narrator_person",
            "Person narrates",
            0,
            0,
            1,
            "1: the last seat is a person narrator; 0: the island narrates.",
        ),
        OptionSpec(
            "oldest",
            "Oldest suitor",
            1,
            1,
            MAX_SUITORS,
            "The seat number of the oldest suitor, who acts first.",
        ),
        OptionSpec(
            "round_limit", "Round limit", 10, 0, 99, "The game ends after this round (0: no limit)."
        ),
    ),
    config_type=TemptressConfig,
    action_types=ACTION_TYPES,
    state_type=TemptressState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=TemptressBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    seat_names=seat_names,
    secrets_of=secrets_of,
    default_seats=MAX_SUITORS,
    text_options=text_options,
    seat_stats=seat_stats,
    game_stats=game_stats,
    turn_of=lambda state: state.round,
    turn_word="round",
    rules_edition=2,
)
