"""What the person narrator may decide now: the floor's award or round end, a tie, the
verdict after an action, the review of an argument's stakes; and, at any moment, a line
of their own told to the table (the floor, a tie and any moment they are not asked offer
it as an option; the verdict, the review and the trim carry it in the ruling's ``line``)."""

from __future__ import annotations

from collections.abc import Callable

from rules.choices import Option, Pick, Write
from rules.engine import Seat
from rules.temptress import argument, floor, judging, narration
from rules.temptress.actions import (
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorTells,
    NarratorTrim,
    NarratorVerdict,
)
from rules.temptress.choice_types import ChoiceKey, SeatChoices, VerdictChoices, short
from rules.temptress.state import PromptKind, StakeKind, TemptressState
from rules.temptress.table import name

TELL = "tell"
"""The key of the narrator's option to tell the table a line."""
LINE_HINT = "Your own words, told to the table in the story."


def tell_option(seat: Seat) -> Option[NarratorTells]:
    """Tell the table a line: the words are asked for next."""
    write = Write(
        "Your line to the table:",
        NarratorTells(seat),
        "text",
        narration.LONGEST_LINE,
        needed=True,
        hint=LINE_HINT,
    )
    return Option(NarratorTells(seat), "Tell the table a line", then=write, key=TELL)


def aside(seat: Seat) -> Pick[NarratorTells]:
    """The narrator's choices while somebody else is asked: a line to the table."""
    return Pick("Nobody waits for you now; you may tell the table a line.", (tell_option(seat),))


def _floor(
    state: TemptressState, seat: Seat
) -> Pick[NarratorAward | NarratorEndRound | NarratorTells]:
    def suitor(s: Seat) -> Option[NarratorAward]:
        closed = floor.award_refusal(state, s)
        return Option(NarratorAward(seat, s), name(state, s), closed=closed)

    first = state.active[0] if state.active else 0
    whom = Pick(
        "Award a Rapport chip to whom?", tuple(suitor(s) for s in range(len(state.suitors)))
    )
    return Pick(
        "The narrator may award a chip for role-play, end the round, or tell a line.",
        (
            Option(
                NarratorAward(seat, first), "Award a Rapport chip", then=whom, key=ChoiceKey.AWARD
            ),
            Option(NarratorEndRound(seat), "End the round", key=ChoiceKey.END_ROUND),
            tell_option(seat),
        ),
    )


def _tie(state: TemptressState, seat: Seat) -> Pick[NarratorSettleTie | NarratorTells]:
    contest = state.contest
    assert contest is not None
    sides = tuple(Option(NarratorSettleTie(seat, s), name(state, s)) for s in contest.asked)
    return Pick("A tie on the last target: who prevails?", (*sides, tell_option(seat)))


def _verdict(state: TemptressState, seat: Seat) -> VerdictChoices:
    contest = state.contest
    assert contest is not None
    actor = name(state, contest.actor)
    awards = Pick(
        "Award a Rapport chip to any of them (for role-play, or a fine complication):",
        tuple(Option(s, name(state, s)) for s in state.active),
        fewest=0,
        most=len(state.active),
        template=NarratorVerdict(seat),
        fills="awards",
    )
    twist = Option(
        NarratorVerdict(seat, twist=True),
        f"Tell {actor}'s miss as a success with a twist",
        closed=judging.twist_refusal(state),
        key=ChoiceKey.TWIST,
    )
    return VerdictChoices(seat, f"The narrator's verdict on {actor}'s action.", awards, twist)


def _review(state: TemptressState, seat: Seat) -> Pick[Seat]:
    contest = state.contest
    assert contest is not None
    sides = []
    for side, stake in zip(contest.participants, contest.stakes, strict=True):
        assert stake is not None
        what = argument.STAKE_NAMES[stake.kind]
        detail = f": '{stake.promise}'" if stake.kind == StakeKind.PROMISE else ""
        sides.append(Option(side, short(f"Reject {name(state, side)}'s stake: {what}{detail}")))
    return Pick(
        "Reject a stake (that side chooses again), or none to accept both:",
        tuple(sides),
        fewest=0,
        most=2,
        template=NarratorReviewStakes(seat),
        fills="rejected",
    )


def _trim(state: TemptressState, seat: Seat) -> Pick[Seat]:
    contest = state.contest
    assert contest is not None
    sides = []
    for side in argument.trimmable(state):
        plays = ", ".join(
            f"{p.total} toward {contest.targets[p.target - 1]}"
            for p in argument.over_target(contest, side)
        )
        sides.append(Option(side, short(f"Count {name(state, side)}'s {plays} as the target")))
    return Pick(
        "Count a side's value beyond a target as the target, or none to let it stand:",
        tuple(sides),
        fewest=0,
        most=len(sides),
        template=NarratorTrim(seat),
        fills="trimmed",
    )


NARRATOR: dict[str, Callable[[TemptressState, Seat], SeatChoices]] = {
    PromptKind.FLOOR: _floor,
    PromptKind.TIE: _tie,
    PromptKind.VERDICT: _verdict,
    PromptKind.REVIEW: _review,
    PromptKind.TRIM: _trim,
}
