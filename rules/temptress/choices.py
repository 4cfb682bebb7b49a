"""What a seat may decide now, per prompt kind: the ``choices`` of its view.

Every option is built from the refusal function ``apply`` uses, so an open
option is taken and a closed one is refused with the very sentence it shows.
The play prompt has a class of its own (``playing.PlayChoices``), and so has
the narrator's verdict (``choice_types.VerdictChoices``): their options depend
on what is picked together. The narrator's choices are in ``narrator_choices``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.choices import Option, Pick, Write, plural
from rules.engine import Seat
from rules.temptress import argument, floor, judging, round_end
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    RaiseStakes,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.choice_types import ChoiceKey, FloorPick, SeatChoices
from rules.temptress.clues import KIND_NAMES
from rules.temptress.narrator_choices import NARRATOR, aside
from rules.temptress.playing import play_choices
from rules.temptress.prompts import prompt
from rules.temptress.state import (
    HAND_LIMIT,
    ClueKind,
    PromptKind,
    SpendChoice,
    StakeKind,
    TemptressState,
    VoteChoice,
)
from rules.temptress.table import name, woman_name

A = TypeVar("A")


def choices_for(state: TemptressState, seat: Seat | None) -> SeatChoices | None:
    """What ``seat`` may decide now (None: nothing; always None for the public table)."""
    current = prompt(state)
    if seat is None or current is None:
        return None
    if seat not in current.seats:
        if current.kind == PromptKind.FLOOR and seat in state.active:
            return _may_retire(state, seat)
        if seat == state.narrator_seat:
            return aside(seat)
        return None
    if seat == state.narrator_seat:
        return NARRATOR[current.kind](state, seat)
    return _SUITOR[current.kind](state, seat)


# --- suitors ----------------------------------------------------------------------------


def _faux_pas(state: TemptressState, seat: Seat) -> Pick[RevealFauxPas]:
    suitor = state.suitors[seat]
    return Pick(
        "A Faux Pas: lay one of your cards face up for everyone to see.",
        tuple(
            Option(RevealFauxPas(seat, card), f"{card.label()} (value {card.rank})")
            for card in suitor.hand
            if card not in suitor.faceup
        ),
    )


def _women(state: TemptressState, option: Callable[[int], Option[A]]) -> tuple[Option[A], ...]:
    return tuple(option(w) for w in range(len(state.women)))


def _line_hint(state: TemptressState) -> str:
    """What a courting line does: with the island's voice, it may touch her interests (a
    chip) or go to the vote; left empty, the island tells an approach of its own."""
    if state.narrator_seat is None and state.config.voice.speaks:
        return "Touch her interests: a chip; else a vote. Empty: the island tells one."
    return "It goes into the story."


def _court(state: TemptressState, seat: Seat) -> Option[ClaimFloor]:
    closed = floor.court_refusal(state, seat)
    if closed:
        return Option(ClaimFloor(seat, 0), "Court a woman", closed=closed, key=ChoiceKey.COURT)

    def woman(w: int) -> Option[ClaimFloor]:
        her = woman_name(state, w)
        retired = floor.retired_refusal(state, w)
        if retired:
            return Option(ClaimFloor(seat, w), f"{her} (retired)", closed=retired)
        describe = Write(
            f"What do you do to court {her}? (one line, or nothing)",
            ClaimFloor(seat, w, ""),
            "description",
            floor.LONGEST_DESCRIPTION,
            hint=_line_hint(state),
        )
        return Option(ClaimFloor(seat, w), her, then=describe)

    whom = Pick("Whom do you court?", _women(state, woman))
    return Option(ClaimFloor(seat, 0), "Court a woman", then=whom, key=ChoiceKey.COURT)


def _argue(state: TemptressState, seat: Seat) -> Option[StartArgument]:
    count = len(state.suitors)
    others = tuple((seat + i) % count for i in range(1, count))
    closed = floor.argue_refusal(state, seat)
    label = "Start an argument"
    if closed:
        return Option(StartArgument(seat, others[0], 1), label, closed=closed, key=ChoiceKey.ARGUE)
    rapport = state.suitors[seat].rapport
    spends = tuple((k, plural(k, "Rapport chip")) for k in range(1, rapport + 1))

    def opponent(other: Seat) -> Option[StartArgument]:
        action = StartArgument(seat, other, 1)
        whom = name(state, other)
        refusal = floor.opponent_refusal(state, seat, other)
        if refusal:
            return Option(action, whom, closed=refusal)
        chips = Pick(
            f"Spend how many Rapport chips? {whom} may spend as many to avoid it.",
            tuple(Option(StartArgument(seat, other, k), label, cost=k) for k, label in spends),
        )
        return Option(action, whom, then=chips)

    whom = Pick("Argue with whom?", tuple(opponent(o) for o in sorted(others)))
    return Option(StartArgument(seat, others[0], 1), label, then=whom, key=ChoiceKey.ARGUE)


def _retire(state: TemptressState, seat: Seat) -> Option[Retire]:
    closed = floor.retire_refusal(state, seat, 0)  # the same for every woman named
    label = "Retire and name the sorceress"
    if closed and len(state.suitors[seat].hand) != HAND_LIMIT:
        # Everyone sees how many cards a suitor holds: without seven, retiring is closed
        # right here. With seven, it stays open (whether they are of one suit is the
        # suitor's secret), and each woman named says it.
        return Option(Retire(seat, 0), label, closed=closed, key=ChoiceKey.RETIRE)

    def accuse(w: int) -> Option[Retire]:
        return Option(Retire(seat, w), woman_name(state, w), closed=closed)

    whom = Pick("Show your seven cards and name the sorceress:", _women(state, accuse))
    return Option(Retire(seat, 0), label, then=whom, key=ChoiceKey.RETIRE)


def _may_retire(state: TemptressState, seat: Seat) -> FloorPick:
    """A suitor's question while another holds the floor: it depends on their hand
    alone, so it is kept with the suitor's value, which most steps leave as it was."""
    kept = state.suitors[seat].retiring
    if not kept:
        kept.append(
            FloorPick(
                f"{name(state, seat)}: you may retire whenever the floor is open.",
                (_retire(state, seat),),
            )
        )
    question = kept[0]
    assert isinstance(question, FloorPick)
    return question


def _floor(state: TemptressState, seat: Seat) -> FloorPick:
    return FloorPick(
        f"{name(state, seat)}: take an action, argue, retire, or let the floor pass.",
        (
            _court(state, seat),
            _argue(state, seat),
            _may_retire(state, seat).options[0],
            Option(Decline(seat), "Let the floor pass", key=ChoiceKey.DECLINE),
        ),
    )


def _join(state: TemptressState, seat: Seat) -> Pick[Join]:
    contest = state.contest
    assert contest is not None and contest.woman is not None
    who, her = name(state, contest.actor), woman_name(state, contest.woman)
    return Pick(
        f"{who} courts {her}. Join in opposition?",
        (
            Option(Join(seat, True), "Join in opposition", key=ChoiceKey.JOIN),
            Option(Join(seat, False), "Stay out", key=ChoiceKey.STAY),
        ),
    )


def _raise(state: TemptressState, seat: Seat) -> Pick[RaiseStakes]:
    contest = state.contest
    assert contest is not None
    left = plural(contest.budget_left(seat), "card")
    return Pick(
        f"You may raise the stakes: a new target for your {left} of budget left.",
        (
            Option(RaiseStakes(seat, True), "Raise the stakes", key=ChoiceKey.RAISE),
            Option(RaiseStakes(seat, False), "Stop here", key=ChoiceKey.STOP),
        ),
    )


def _follow(state: TemptressState, seat: Seat) -> Pick[Follow]:
    contest = state.contest
    assert contest is not None and contest.raiser is not None
    return Pick(
        f"{name(state, contest.raiser)} raised the stakes. Play toward the new target too?",
        (
            Option(Follow(seat, True), "Follow the raise", key=ChoiceKey.FOLLOW),
            Option(Follow(seat, False), "Let them play alone", key=ChoiceKey.PASS),
        ),
    )


def _draw(state: TemptressState, seat: Seat) -> Pick[DrawFromPile]:
    def pile(w: int) -> Option[DrawFromPile]:
        closed = judging.draw_refusal(state, w)
        return Option(DrawFromPile(seat, w), judging.pile_label(state, w), closed=closed)

    keep = Option(DrawFromPile(seat, None), "Draw nothing", key=ChoiceKey.NO_DRAW)
    return Pick(
        "A third success: you may draw the top card of a pile. Whose, if any?",
        (*_women(state, pile), keep),
    )


def _vote(state: TemptressState, seat: Seat) -> Pick[Vote]:
    contest = state.contest
    assert contest is not None
    labels = {
        VoteChoice.YES: "Yes: an extra chip",
        VoteChoice.NO: "No",
        VoteChoice.ABSTAIN: "Abstain",
    }
    return Pick(
        f"Did {name(state, contest.actor)} earn an extra Rapport chip?",
        tuple(Option(Vote(seat, v), labels[v], key=v.value) for v in VoteChoice),
    )


def _answer(state: TemptressState, seat: Seat) -> Pick[AnswerArgument]:
    contest = state.contest
    assert contest is not None
    chips = contest.chips
    return Pick(
        f"{name(state, contest.actor)} starts an argument with you.",
        (
            Option(
                AnswerArgument(seat, True),
                f"Avoid it for {plural(chips, 'Rapport chip')}",
                closed=argument.avoid_refusal(state, seat),
                cost=chips,
                key=ChoiceKey.AVOID,
            ),
            Option(AnswerArgument(seat, False), "Accept the argument", key=ChoiceKey.ACCEPT),
        ),
    )


STAKE_LABELS = {
    StakeKind.SEE_MATCH_CLUES: "See their match clues",
    StakeKind.SEE_SORCERESS_CLUES: "See their sorceress clues",
    StakeKind.SEE_HAND: "See their hand",
    StakeKind.PROMISE: "A promise from them",
}


def _stakes(state: TemptressState, seat: Seat) -> Pick[SetStake]:
    promise = Write(
        "Write the promise you want from the other suitor:",
        SetStake(seat, StakeKind.PROMISE, ""),
        "promise",
        argument.LONGEST_PROMISE,
        needed=True,
        hint="It goes into the pact log if you win.",
    )
    return Pick(
        "What do you win if you win the argument?",
        tuple(
            Option(
                SetStake(seat, kind),
                STAKE_LABELS[kind],
                then=promise if kind == StakeKind.PROMISE else None,
                key=kind.value,
            )
            for kind in StakeKind
        ),
    )


def _spend(state: TemptressState, seat: Seat) -> Pick[SpendRapport]:
    chips = state.suitors[seat].rapport

    def option(
        choice: SpendChoice, label: str, kind: str = "", key: str = ""
    ) -> Option[SpendRapport]:
        action = SpendRapport(seat, choice, clue_kind=kind)
        closed = round_end.spend_refusal(state, seat, choice, (), kind)
        cost = 0 if choice == SpendChoice.KEEP else chips
        return Option(action, label, closed=closed, cost=cost, key=key or choice.value)

    return Pick(
        f"Spend all {plural(chips, 'Rapport chip')} on one thing, or keep them:",
        (
            _refill(state, seat),
            option(SpendChoice.CLEAR, "Clear every Faux Pas"),
            *(option(SpendChoice.CLUE, f"Clue: {KIND_NAMES[k]}", k, k.value) for k in ClueKind),
            option(SpendChoice.KEEP, "Keep your Rapport"),
        ),
    )


def _refill(state: TemptressState, seat: Seat) -> Option[SpendRapport]:
    action = SpendRapport(seat, SpendChoice.REFILL)
    cost = state.suitors[seat].rapport
    closed = round_end.spend_refusal(state, seat, SpendChoice.REFILL, (), "")
    count = round_end.refill_count(state, seat)
    if count == 0:
        return Option(
            action, "Refill from the discard pile", closed=closed, cost=cost, key=ChoiceKey.REFILL
        )
    cards = Pick(
        f"Choose {plural(count, 'card')} from the discard pile:",
        tuple(Option(card, f"{card.label()} (value {card.rank})") for card in state.discard),
        fewest=count,
        most=count,
        template=action,
        fills="cards",
    )
    label = f"Refill: pick {count} from the discard pile"
    return Option(action, label, cost=cost, then=cards, key=ChoiceKey.REFILL)


def _final(state: TemptressState, seat: Seat) -> Pick[Retire | Decline]:
    def accuse(w: int) -> Option[Retire]:
        closed = floor.retire_refusal(state, seat, w)
        return Option(Retire(seat, w), f"Retire naming {woman_name(state, w)}", closed=closed)

    return Pick(
        "The last chance to retire: show seven cards of one suit and name the sorceress.",
        (*_women(state, accuse), Option(Decline(seat), "Do not retire", key=ChoiceKey.DECLINE)),
    )


_SUITOR: dict[str, Callable[[TemptressState, Seat], SeatChoices]] = {
    PromptKind.FAUX_PAS: _faux_pas,
    PromptKind.FLOOR: _floor,
    PromptKind.JOIN: _join,
    PromptKind.PLAY: play_choices,
    PromptKind.RAISE: _raise,
    PromptKind.FOLLOW: _follow,
    PromptKind.DRAW: _draw,
    PromptKind.VOTE: _vote,
    PromptKind.ANSWER: _answer,
    PromptKind.STAKES: _stakes,
    PromptKind.SPEND: _spend,
    PromptKind.FINAL: _final,
}
