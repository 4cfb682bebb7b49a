"""The Temptress: new / prompt / apply / view / outcome, and its registry entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.engine import (
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Seat,
    TextOption,
)
from rules.temptress import clues, contest, floor, help
from rules.temptress.actions import (
    ACTION_TYPES,
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
from rules.temptress.setup import MAX_SUITORS, MIN_SUITORS
from rules.temptress.setup import new as new_table
from rules.temptress.state import (
    CLUE_KINDS,
    CONTEST,
    FINAL,
    FLOOR,
    ISLAND,
    OVER,
    PERSON,
    SPEND,
    Secrets,
    SuitorPublic,
    TemptressConfig,
    TemptressState,
    TemptressView,
    WomanPublic,
    WomanSpec,
)
from rules.temptress.table import name

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
        WomanSpec(texts.get(f"woman_{i + 1}", "").strip() or w.name, w.personality)
        for i, w in enumerate(pack.women[:4])
    )
    return TemptressConfig(
        suitors=suitors,
        personas=tuple(texts.get(f"persona_{i + 1}", "").strip() for i in range(len(suitors))),
        women=women,
        preference_pool=pack.preferences,
        narrator=PERSON if person else ISLAND,
        narrator_name=names[-1] if person else "The island",
        oldest=int(options.get("oldest", 1)) - 1,
        round_limit=int(options.get("round_limit", 10)),
    )


# --- prompts ----------------------------------------------------------------------


def prompt(state: TemptressState) -> Prompt | None:
    if state.stage == OVER:
        return None
    for seat in state.active:
        if state.suitors[seat].reveals_owed:
            return Prompt(
                (seat,),
                "faux_pas",
                f"{name(state, seat)}: lay a card face up for your Faux Pas.",
                True,
            )
    if state.stage == FLOOR:
        seats = floor.floor_seats(state)
        who = ", ".join(name(state, s) for s in seats)
        text = (
            f"{who}: take an action, argue, retire, or decline."
            if state.opened
            else f"{who}, the oldest, opens the floor (or declines)."
        )
        narrator = () if state.narrator_seat is None else (state.narrator_seat,)
        return Prompt(seats + narrator, "floor", text, False)
    if state.stage == SPEND:
        seat = state.queue[0]
        return Prompt(
            (seat,), "spend", f"{name(state, seat)}: spend your Rapport or keep it.", True
        )
    if state.stage == FINAL:
        seat = state.queue[0]
        return Prompt((seat,), "final", f"{name(state, seat)}: retire now, or not.", True)
    return _contest_prompt(state)


def _contest_prompt(state: TemptressState) -> Prompt:
    current = state.contest
    assert current is not None
    stage = current.stage
    narrator = state.narrator_seat
    if stage == "join":
        who = ", ".join(name(state, s) for s in current.undecided)
        return Prompt(current.undecided, "join", f"{who}: join in opposition, or stay out?", False)
    if stage == "play":
        seat = current.to_play[0]
        goal = current.targets[-1]
        return Prompt((seat,), "play", f"{name(state, seat)}: play cards toward {goal}.", True)
    if stage == "raise":
        seat = current.asked[0]
        return Prompt((seat,), "raise", f"{name(state, seat)}: raise the stakes, or stop?", True)
    if stage == "follow":
        seat = current.asked[0]
        return Prompt((seat,), "follow", f"{name(state, seat)}: follow the raise?", True)
    if stage == "draw":
        seat = current.asked[0]
        return Prompt((seat,), "draw", f"{name(state, seat)}: draw from a woman's pile.", True)
    if stage == "vote":
        who = ", ".join(name(state, s) for s in current.asked)
        actor = name(state, current.actor)
        return Prompt(
            current.asked, "vote", f"{who}: did {actor} earn an extra Rapport chip?", False
        )
    if stage == "answer":
        seat = current.participants[1]
        return Prompt(
            (seat,), "answer", f"{name(state, seat)}: avoid the argument or accept it?", False
        )
    if stage == "stakes":
        seat = contest.stake_setter(current)
        return Prompt((seat,), "stake", f"{name(state, seat)}: set your stake.", False)
    assert narrator is not None, f"stage {stage} needs a person narrator"
    texts = {
        "tie": "the narrator settles who prevails.",
        "verdict": "the narrator may award Rapport or tell a miss as a twist.",
        "review": "the narrator accepts or rejects the stakes.",
    }
    return Prompt((narrator,), stage, f"{name(state, narrator)}: {texts[stage]}", True)


# --- apply ----------------------------------------------------------------------------

_KINDS: dict[str, tuple[type, ...]] = {
    "faux_pas": (RevealFauxPas,),
    "floor": (ClaimFloor, Decline, Retire, StartArgument, NarratorAward, NarratorEndRound),
    "join": (Join,),
    "play": (PlayCards, Reroll),
    "raise": (RaiseStakes,),
    "follow": (Follow,),
    "draw": (DrawFromPile,),
    "tie": (NarratorSettleTie,),
    "verdict": (NarratorVerdict,),
    "vote": (Vote,),
    "answer": (AnswerArgument,),
    "stake": (SetStake,),
    "review": (NarratorReviewStakes,),
    "spend": (SpendRapport,),
    "final": (Retire, Decline),
}
_NARRATOR_ACTIONS = (
    NarratorAward,
    NarratorEndRound,
    NarratorSettleTie,
    NarratorVerdict,
    NarratorReviewStakes,
)


def apply(state: TemptressState, action: Any) -> TemptressState:
    """The state after ``action``; IllegalAction (and nothing changed) when not legal."""
    current = prompt(state)
    if current is None:
        raise IllegalAction("The game is over.")
    seat = getattr(action, "seat", None)
    seats = len(state.suitors) + (1 if state.narrator_seat is not None else 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise IllegalAction("That seat is not at this table.")
    retiring = (
        current.kind == "floor" and isinstance(action, Retire) and seat in state.active
    )
    if seat not in current.seats and not retiring:
        raise IllegalAction(f"It is not {name(state, seat)}'s turn: {current.text}")
    if not isinstance(action, _KINDS[current.kind]):
        raise IllegalAction(f"That is not possible now: {current.text}")
    is_narrator = seat == state.narrator_seat
    if is_narrator != isinstance(action, _NARRATOR_ACTIONS):
        who = "the narrator" if is_narrator else "a suitor"
        raise IllegalAction(f"That is not something {who} can do.")
    before = state.stage
    state = _dispatch(state, action)
    if before == CONTEST and state.stage == FLOOR:
        state = floor.after_contest(state)
    return state


def _dispatch(state: TemptressState, action: Any) -> TemptressState:
    handlers: dict[type, Callable[[TemptressState, Any], TemptressState]] = {
        RevealFauxPas: lambda s, a: floor.reveal_faux_pas(s, a.seat, a.card),
        ClaimFloor: lambda s, a: floor.claim_floor(s, a.seat, a.woman, a.description),
        Decline: lambda s, a: floor.decline(s, a.seat),
        Retire: lambda s, a: floor.retire(s, a.seat, a.accused),
        StartArgument: lambda s, a: floor.start_argument(s, a.seat, a.opponent, a.chips),
        NarratorAward: lambda s, a: floor.narrator_award(s, a.suitor),
        NarratorEndRound: lambda s, a: floor.end_round(s, "the narrator ends it"),
        Join: lambda s, a: contest.join(s, a.seat, bool(a.join)),
        Reroll: lambda s, a: contest.reroll(s, a.seat, a.die),
        PlayCards: lambda s, a: contest.play_cards(
            s, a.seat, tuple(a.cards), bool(a.pair_bonus), bool(a.suit_bonus)
        ),
        RaiseStakes: lambda s, a: contest.raise_stakes(s, a.seat, bool(a.raise_)),
        Follow: lambda s, a: contest.follow(s, a.seat, bool(a.follow)),
        DrawFromPile: lambda s, a: contest.draw_from_pile(s, a.seat, a.woman),
        NarratorSettleTie: lambda s, a: contest.settle_tie(s, a.winner),
        NarratorVerdict: lambda s, a: contest.verdict(s, tuple(a.awards), bool(a.twist)),
        Vote: lambda s, a: contest.vote(s, a.seat, a.vote),
        AnswerArgument: lambda s, a: contest.answer_argument(s, a.seat, bool(a.avoid)),
        SetStake: lambda s, a: contest.set_stake(s, a.seat, a.kind, a.promise),
        NarratorReviewStakes: lambda s, a: contest.review_stakes(s, tuple(a.rejected)),
        SpendRapport: lambda s, a: floor.spend(s, a.seat, a.choice, tuple(a.cards), a.clue_kind),
    }
    return handlers[type(action)](state, action)


# --- views ----------------------------------------------------------------------------------


def view(state: TemptressState, seat: Seat | None) -> TemptressView:
    """Only what ``seat`` may know; the narrator seat sees everything; None: the public table."""
    current = prompt(state)
    narrator = seat is not None and seat == state.narrator_seat
    suitor = state.suitors[seat] if seat is not None and not narrator else None
    spending_now = (
        state.stage == SPEND
        and current is not None
        and current.kind == "spend"
        and current.seats == (seat,)
        and not narrator
    )
    women = tuple(w.name for w in state.women)
    suitor_names = tuple(s.name for s in state.suitors)
    return TemptressView(
        seat=seat,
        round=state.round,
        round_limit=state.config.round_limit,
        stage=state.stage,
        narrator=state.config.narrator,
        narrator_name=state.config.narrator_name,
        suitors=tuple(
            SuitorPublic(
                s.name, s.rapport, s.faux_pas, s.faceup, len(s.hand), s.out, s.argued, s.immune
            )
            for s in state.suitors
        ),
        women=tuple(WomanPublic(w.name, w.personality, len(w.pile)) for w in state.women),
        discard_size=len(state.discard),
        contest=state.contest,
        last_actor=state.last_actor,
        declined=state.declined,
        may_claim=floor.floor_seats(state) if state.stage == FLOOR else (),
        queue=state.queue,
        pacts=state.pacts,
        retirements=state.retirements,
        log=tuple(e.text for e in state.log if narrator or e.visible_to(seat)),
        outcome=state.result,
        hand=suitor.hand if suitor else (),
        clues=suitor.clues if suitor else (),
        clue_texts=tuple(clues.clue_text(c, women, suitor_names) for c in suitor.clues)
        if suitor
        else (),
        tempted=bool(suitor and suitor.match == state.sorceress),
        draws=suitor.draws if suitor else (),
        seen=suitor.seen if suitor else (),
        discard=state.discard if (spending_now or narrator) else (),
        clue_kinds=tuple(k for k in CLUE_KINDS if clues.new_clues(state, seat, k))
        if spending_now and seat is not None
        else (),
        secrets=_secrets(state) if narrator else None,
        personas=state.config.personas,
    )


def _secrets(state: TemptressState) -> Secrets:
    return Secrets(
        suits=tuple(w.suit for w in state.women),
        sorceress=state.sorceress,
        matches=tuple(s.match for s in state.suitors),
        hands=tuple(s.hand for s in state.suitors),
        piles=tuple(w.pile for w in state.women),
        preferences=tuple(w.preferences for w in state.women),
        clues=tuple(s.clues for s in state.suitors),
        discard=state.discard,
    )


def outcome(state: TemptressState) -> Outcome | None:
    return state.result


def seat_names(state: TemptressState) -> tuple[str, ...]:
    names = tuple(s.name for s in state.suitors)
    return names + ((state.config.narrator_name,) if state.narrator_seat is not None else ())


def secrets_of(state: TemptressState, seat: Seat) -> tuple[str, ...]:
    """A suitor's hidden hand cards, clue texts and private events."""
    if seat >= len(state.suitors):
        return ()
    suitor = state.suitors[seat]
    women = tuple(w.name for w in state.women)
    names = tuple(s.name for s in state.suitors)
    hidden = tuple(c.label() for c in suitor.hand if c not in suitor.faceup)
    texts = tuple(clues.clue_text(c, women, names) for c in suitor.clues)
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
    return {"rounds": float(state.round), "actions": float(state.actions_taken)}


TEMPTRESS: GameInfo[TemptressState] = GameInfo(
    id="temptress",
    title="The Temptress",
    pitch="Court four lookalike women with cards and wit; one of them is the sorceress herself.",
    min_seats=MIN_SUITORS,
    max_seats=MAX_SUITORS + 1,
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
)
