"""Arguments between suitors: answering one, setting the stakes, and settling it.

An argument is a modified opposed action (see ``contest``): the initiator
plays first, no Rapport is won, Rapport spent to excel may only help reach a
target (``playing``: the island counts a total a spend took beyond it as the
target; a person narrator rules on it before settling), missing a target takes
your stake off the table, and the winner collects their own stake.
"""

from __future__ import annotations

from attrs import evolve

from rules.engine import Fact, IllegalAction, Seat, Who, Whos
from rules.story import STORY
from rules.temptress import clues
from rules.temptress.judging import close, roll_off
from rules.temptress.state import (
    SORCERESS_KINDS,
    Contest,
    ContestKind,
    ContestStage,
    EventKind,
    Play,
    Stake,
    StakeKind,
    TemptressState,
)
from rules.temptress.table import cards_text, log, tell, told, with_suitor
from rules.temptress.targets import begin_target, changed, current, opponent_of

LONGEST_PROMISE = 120

STAKE_NAMES = {
    StakeKind.SEE_MATCH_CLUES: "to see the other's match clues",
    StakeKind.SEE_SORCERESS_CLUES: "to see the other's sorceress clues",
    StakeKind.SEE_HAND: "to see the other's hand",
    StakeKind.PROMISE: "a promise",
}


def new_argument(actor: Seat, opponent: Seat, chips: int) -> Contest:
    return Contest(
        kind=ContestKind.ARGUMENT,
        actor=actor,
        stage=ContestStage.ANSWER,
        participants=(actor, opponent),
        chips=chips,
        stakes=(None, None),
    )


# --- answering ----------------------------------------------------------------------------


def avoid_refusal(state: TemptressState, seat: Seat) -> str:
    """Why ``seat`` may not spend their way out of the argument ('' when they may)."""
    chips, rapport = current(state).chips, state.suitors[seat].rapport
    if rapport < chips:
        return f"Avoiding costs {chips} Rapport and you have {rapport}."
    return ""


def answer_argument(state: TemptressState, seat: Seat, avoid: bool) -> TemptressState:
    contest = current(state)
    suitor = state.suitors[seat]
    if not avoid:
        state = log(
            state, EventKind.ARGUMENT_ACCEPTED, suitor=Who(seat), initiator=Who(contest.actor)
        )
        return changed(state, stage=ContestStage.STAKES)
    refusal = avoid_refusal(state, seat)
    if refusal:
        raise IllegalAction(refusal)
    state = with_suitor(state, seat, rapport=suitor.rapport - contest.chips, immune=True)
    state = log(
        state,
        EventKind.ARGUMENT_AVOIDED,
        suitor=Who(seat),
        initiator=Who(contest.actor),
        chips=contest.chips,
    )
    return close(state)


# --- the stakes ---------------------------------------------------------------------------


def stake_refusal(kind: str, promise: str) -> str:
    """Why this stake is refused ('' when it is not)."""
    if kind not in STAKE_NAMES:
        return "Choose a stake: match clues, sorceress clues, hand, or a promise."
    promise = promise.strip()
    if kind == StakeKind.PROMISE and not promise:
        return "Write the promise you want from the other suitor."
    if len(promise) > LONGEST_PROMISE:
        return f"Keep the promise to {LONGEST_PROMISE} characters."
    return ""


def stake_setter(contest: Contest) -> Seat:
    """Who sets a stake next: the initiator first."""
    return next(
        s for s, stake in zip(contest.participants, contest.stakes, strict=True) if stake is None
    )


def set_stake(state: TemptressState, seat: Seat, kind: str, promise: str) -> TemptressState:
    refusal = stake_refusal(kind, promise)
    if refusal:
        raise IllegalAction(refusal)
    contest = current(state)
    stake_kind = StakeKind(kind)
    promise = promise.strip() if stake_kind == StakeKind.PROMISE else ""
    index = contest.participants.index(seat)
    stakes = list(contest.stakes)
    stakes[index] = Stake(stake_kind, promise)
    state = changed(state, stakes=tuple(stakes))
    state = log(
        state,
        EventKind.STAKE,
        "promise" if stake_kind == StakeKind.PROMISE else STORY,
        suitor=Who(seat),
        stake=STAKE_NAMES[stake_kind],
        promise=promise,
    )
    if None in stakes:
        return state
    if state.narrator_seat is not None:
        return changed(state, stage=ContestStage.REVIEW)
    return begin_target(state, contest.participants)


def review_refusal(state: TemptressState, rejected: tuple[Seat, ...]) -> str:
    if any(s not in current(state).participants for s in rejected):
        return "Only the two sides' stakes can be rejected."
    return ""


def review_stakes(state: TemptressState, rejected: tuple[Seat, ...]) -> TemptressState:
    refusal = review_refusal(state, rejected)
    if refusal:
        raise IllegalAction(refusal)
    contest = current(state)
    if not rejected:
        state = log(state, EventKind.NARRATOR_STAKES, rejected=Whos(()))
        return begin_target(state, contest.participants)
    stakes = tuple(
        None if s in rejected else stake
        for s, stake in zip(contest.participants, contest.stakes, strict=True)
    )
    state = log(state, EventKind.NARRATOR_STAKES, "rejected", rejected=Whos(rejected))
    return changed(state, stakes=stakes, stage=ContestStage.STAKES)


# --- settling ----------------------------------------------------------------------------


def over_target(contest: Contest, seat: Seat) -> tuple[Play, ...]:
    """``seat``'s plays in this argument whose value went beyond their target."""
    return tuple(
        p for p in contest.plays if p.seat == seat and p.total > contest.targets[p.target - 1]
    )


def trimmable(state: TemptressState) -> tuple[Seat, ...]:
    """The sides whose played values a person narrator may reduce to the target."""
    contest = current(state)
    return tuple(s for s in contest.participants if over_target(contest, s))


def to_settle(state: TemptressState) -> TemptressState:
    """After the last target: a person narrator may first reduce values poured on beyond
    a target (the island has already counted a spend's excess as the target, as it was
    played, and leaves the cards' own values as played); then the argument is settled."""
    if state.narrator_seat is not None and trimmable(state):
        return changed(state, stage=ContestStage.TRIM)
    return settle(state)


def trim_refusal(state: TemptressState, trimmed: tuple[Seat, ...]) -> str:
    allowed = trimmable(state)
    if len(set(trimmed)) != len(trimmed) or any(s not in allowed for s in trimmed):
        return "Reduce only the values of a side that played beyond its target, once each."
    return ""


def trim(state: TemptressState, trimmed: tuple[Seat, ...]) -> TemptressState:
    """The narrator's ruling on inflated values: ``trimmed`` sides count only up to each
    target they went beyond; then the argument is settled."""
    refusal = trim_refusal(state, trimmed)
    if refusal:
        raise IllegalAction(refusal)
    if not trimmed:
        return settle(log(state, EventKind.NARRATOR_VALUES, side=Whos(()), total=0, goal=0))
    contest = current(state)
    plays = []
    for play in contest.plays:
        goal = contest.targets[play.target - 1]
        if play.seat in trimmed and play.total > goal:
            state = log(
                state,
                EventKind.NARRATOR_VALUES,
                "counted",
                side=Whos((play.seat,)),
                total=play.total,
                goal=goal,
            )
            play = evolve(play, total=goal)
        plays.append(play)
    return settle(changed(state, plays=tuple(plays)))


def settle(state: TemptressState) -> TemptressState:
    """After the last target: who wins, and what their stake gives them."""
    contest = current(state)
    number = contest.target
    players = tuple(s for s in contest.participants if contest.total(s, number) is not None)
    if len(players) == 1 and not contest.reached(players[0], number) and number > 1:
        state = log(state, EventKind.PREVIOUS_TARGET, suitor=Who(players[0]))
        number -= 1
        players = tuple(s for s in contest.participants if contest.total(s, number) is not None)
    if len(players) == 1:
        winner = players[0]
    else:
        totals = {s: contest.total(s, number) or 0 for s in players}
        best = max(totals.values())
        tied = tuple(s for s in players if totals[s] == best)
        winner, state = (tied[0], state) if len(tied) == 1 else roll_off(state, tied)
    loser = opponent_of(contest, winner)
    state = log(state, EventKind.ARGUMENT_WON, winner=Who(winner), loser=Who(loser))
    index = contest.participants.index(winner)
    stake = contest.stakes[index]
    if contest.stake_off[index] or stake is None:
        state = log(state, EventKind.NOTHING_WON, winner=Who(winner))
    else:
        state = _pay_stake(state, winner, loser, stake.kind, stake.promise)
    return close(state)


def _pay_stake(
    state: TemptressState, winner: Seat, loser: Seat, kind: StakeKind, promise: str
) -> TemptressState:
    if kind == StakeKind.PROMISE:
        sides: dict[str, Fact] = {"promiser": Who(loser), "winner": Who(winner), "promise": promise}
        pact = told(state, EventKind.PACT, "pact", **sides)
        state = evolve(state, pacts=state.pacts + (pact,))
        return log(state, EventKind.PACT, **sides)
    state = log(state, EventKind.STAKE_SEEN, winner=Who(winner), loser=Who(loser))
    if kind == StakeKind.SEE_HAND:
        hand = cards_text(state.suitors[loser].hand)
        shown: dict[str, Fact] = {"loser": Who(loser), "about": "hand", "cards": hand, "clues": ""}
        return tell(state, winner, EventKind.STAKE_SHOWN, **shown)
    about_her = kind == StakeKind.SEE_SORCERESS_CLUES
    wanted = [c for c in state.suitors[loser].clues if (c.kind in SORCERESS_KINDS) == about_her]
    mine = state.suitors[winner]
    fresh = tuple((loser, c) for c in wanted if (loser, c) not in mine.seen)
    state = with_suitor(state, winner, seen=mine.seen + fresh)
    return tell(
        state,
        winner,
        EventKind.STAKE_SHOWN,
        "clues" if wanted else "no_clues",
        loser=Who(loser),
        about="sorceress" if about_her else "match",
        cards="",
        clues=" ".join(f"'{clues.clue_line(state, c)}'" for c in wanted),
    )
