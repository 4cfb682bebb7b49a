"""After an action's last target: the ladder, who prevails, pile draws, the table's vote or
the narrator's verdict, and the close that sends the played cards to the discard pile."""

from __future__ import annotations

from attrs import evolve

from rules.engine import Fact, IllegalAction, Seat, Who, Whos
from rules.story import STORY
from rules.temptress import clues, scenes
from rules.temptress.state import (
    ClueKind,
    ContestStage,
    EventKind,
    Stage,
    TemptressState,
    VoteChoice,
)
from rules.temptress.table import log, names, tell, with_suitor, woman_name
from rules.temptress.targets import changed, current
from rules.wording import plural


def judge(state: TemptressState) -> TemptressState:
    """Her reaction, Rapport and Faux Pas for everyone, then who prevails and what
    follows."""
    return _prevailing(_ladder(scenes.reaction(state, current(state))))


def _ladder(state: TemptressState) -> TemptressState:
    """Rapport and Faux Pas for every participant from their own results, up the ladder:
    a target's Rapport (or the third's pile draw) only while every target before it was
    reached; each raised target missed, a Faux Pas."""
    contest = current(state)
    drawers = []
    for seat in contest.participants:
        rapport, faux_pas, climbing = 0, 0, True
        for number in range(1, contest.target + 1):
            if contest.total(seat, number) is None:
                continue
            if not contest.reached(seat, number):
                climbing = False  # a later target's rewards need every target before it
                if number > 1:
                    faux_pas += 1
            elif climbing:
                rapport += {1: 1, 2: 2}.get(number, 0)
                if number == 3:
                    drawers.append(seat)
        suitor = state.suitors[seat]
        state = with_suitor(
            state, seat, rapport=suitor.rapport + rapport, faux_pas=suitor.faux_pas + faux_pas
        )
        paid: dict[str, Fact] = {"suitor": Who(seat), "rapport": rapport, "faux_pas": faux_pas}
        state = log(state, EventKind.GAINS, _gains_line(rapport, faux_pas), **paid)
        if faux_pas:
            state = scenes.gaffe(state, seat)
    return changed(state, drawn=tuple(drawers))


def _gains_line(rapport: int, faux_pas: int) -> str:
    """The line an action's pay is told by: Rapport, Faux Pas (one, or one for each raised
    target missed), both or nothing."""
    if not faux_pas:
        return STORY if rapport else "nothing"
    told = "faux_pas" if faux_pas == 1 else "faux_pas_each"
    return f"rapport_and_{told}" if rapport else told


def _prevailing(state: TemptressState) -> TemptressState:
    contest = current(state)
    if len(contest.participants) == 1:
        return _draws(state)
    number = contest.target
    players = [s for s in contest.participants if contest.total(s, number) is not None]
    best = max(contest.total(s, number) or 0 for s in players)
    tied = tuple(s for s in players if contest.total(s, number) == best)
    if len(tied) == 1:
        return _draws(_prevails(state, tied[0]))
    if state.narrator_seat is not None:
        return changed(state, stage=ContestStage.TIE, asked=tied)
    winner, state = roll_off(state, tied)
    return _draws(_prevails(state, winner))


def _prevails(state: TemptressState, seat: Seat) -> TemptressState:
    """``seat``'s approach carries the day, as the story tells it."""
    line, approach = scenes.prevailing(current(state), seat)
    return log(state, EventKind.PREVAILS, line, suitor=Who(seat), approach=approach)


def settle_tie(state: TemptressState, winner: Seat) -> TemptressState:
    if winner not in current(state).asked:
        raise IllegalAction("Only one of the tied suitors can prevail.")
    state = log(state, EventKind.NARRATOR_TIE, winner=Who(winner))
    return _draws(state)


def roll_off(state: TemptressState, seats: tuple[Seat, ...]) -> tuple[Seat, TemptressState]:
    """1d10 each, again among the highest until one is alone at the top."""
    contenders = seats
    while True:
        rolls, chance = state.chance.roll(10, len(contenders))
        state = evolve(state, chance=chance)
        best = max(rolls)
        highest = tuple(s for s, r in zip(contenders, rolls, strict=True) if r == best)
        state = log(
            state,
            EventKind.ROLL_OFF,
            rollers=Whos(contenders),
            rolls=_rolls(state, contenders, rolls),
            highest=Whos(highest),
            best=best,
        )
        contenders = highest
        if len(contenders) == 1:
            return contenders[0], state


def _rolls(
    state: TemptressState, seats: tuple[Seat, ...], rolls: tuple[int, ...]
) -> tuple[str, ...]:
    """Each roll of a roll-off as the line lists it: the seat's name and its roll."""
    called = names(state)
    return tuple(f"{called[s]} {r}" for s, r in zip(seats, rolls, strict=True))


# --- pile draws ---------------------------------------------------------------------------


def _draws(state: TemptressState) -> TemptressState:
    contest = current(state)
    if contest.drawn and any(w.pile for w in state.women):
        return changed(state, stage=ContestStage.DRAW, asked=contest.drawn)
    return _judging(state)


def draw_refusal(state: TemptressState, woman: int | None) -> str:
    """Why drawing from ``woman``'s pile is refused ('' when it is not; None: no draw)."""
    if woman is None:
        return ""
    if not 0 <= woman < len(state.women):
        return "There is no such woman."
    if not state.women[woman].pile:
        return f"{woman_name(state, woman)}'s pile is empty: choose another."
    return ""


def draw_from_pile(state: TemptressState, seat: Seat, woman: int | None) -> TemptressState:
    refusal = draw_refusal(state, woman)
    if refusal:
        raise IllegalAction(refusal)
    if woman is None:
        return _next_drawer(log(state, EventKind.NO_DRAW, suitor=Who(seat)))
    pile = state.women[woman].pile
    card, rest = pile[0], pile[1:]
    women = list(state.women)
    women[woman] = evolve(women[woman], pile=rest)
    suitor = state.suitors[seat]
    state = evolve(state, women=tuple(women))
    state = with_suitor(
        state, seat, hand=suitor.hand + (card,), draws=suitor.draws + ((woman, card),)
    )
    her = woman_name(state, woman)
    state = log(
        state,
        EventKind.PILE_DRAW,
        suitor=Who(seat),
        woman=her,
        woman_index=woman,
        left=len(rest),
    )
    learned = clues.new_clues(state, seat, ClueKind.PREFERENCE_OWNER)
    mine = tuple(c for c in learned if c.woman == woman)
    note = ""
    if mine:
        clue, chance = state.chance.pick(mine)
        state = evolve(state, chance=chance)
        state = with_suitor(state, seat, clues=state.suitors[seat].clues + (clue,))
        note = clues.clue_line(state, clue)
    line = "learned" if note else STORY
    state = tell(state, seat, EventKind.PILE_CARD, line, card=card.words(), woman=her, clue=note)
    if not rest:
        state = evolve(state, pile_emptied=True)
        state = log(state, EventKind.WOMAN_RETIRED, woman=her, woman_index=woman)
    return _next_drawer(state)


def _next_drawer(state: TemptressState) -> TemptressState:
    """The next suitor owed a draw, while a pile holds cards; else the judging."""
    remaining = current(state).asked[1:]
    if remaining and any(w.pile for w in state.women):
        return changed(state, asked=remaining)
    return _judging(state)


def pile_label(state: TemptressState, woman: int) -> str:
    """ "Oriane (3 cards left)"."""
    return f"{woman_name(state, woman)} ({plural(len(state.women[woman].pile), 'card')} left)"


# --- the table's vote, the narrator's verdict ----------------------------------------------


def _judging(state: TemptressState) -> TemptressState:
    """After an action: the narrator's verdict; or, where the island narrates, its
    role-play chip for an approach that touches her interests, and the table's vote on
    a line the actor typed (never on a line the island drew, so never on a bot's)."""
    contest = current(state)
    if state.narrator_seat is not None:
        return changed(state, stage=ContestStage.VERDICT, asked=())
    state, earned = scenes.role_play(state, contest)
    voters = tuple(s for s in state.active if s != contest.actor)
    if earned or not contest.description or not voters:
        return close(state)
    return changed(state, stage=ContestStage.VOTE, asked=voters, votes=())


VOTES = tuple(VoteChoice)


def vote(state: TemptressState, seat: Seat, choice: str) -> TemptressState:
    contest = current(state)
    if choice not in VOTES:
        raise IllegalAction("Vote yes, no or abstain.")
    cast = VoteChoice(choice)
    votes = contest.votes + ((seat, cast),)
    state = log(state, EventKind.VOTE, suitor=Who(seat), vote=cast.value, actor=Who(contest.actor))
    pending = tuple(s for s in contest.asked if s != seat)
    state = changed(state, votes=votes, asked=pending)
    if pending:
        return state
    yes = sum(1 for _, v in votes if v == VoteChoice.YES)
    no = sum(1 for _, v in votes if v == VoteChoice.NO)
    actor = contest.actor
    if yes > no:
        state = with_suitor(state, actor, rapport=state.suitors[actor].rapport + 1)
    line = STORY if yes > no else "no_chip"
    state = log(state, EventKind.VOTE_RESULT, line, yes=yes, no=no, actor=Who(actor))
    return close(state)


def awards_refusal(state: TemptressState, awards: tuple[Seat, ...]) -> str:
    if any(s not in state.active for s in awards) or len(set(awards)) != len(awards):
        return "Award chips only to suitors still in the game, once each."
    return ""


def missed_target(state: TemptressState) -> int | None:
    """The first target of the action its actor played toward and missed (None: none)."""
    contest = current(state)
    actor = contest.actor
    return next(
        (
            number
            for number in range(1, contest.target + 1)
            if contest.total(actor, number) is not None and not contest.reached(actor, number)
        ),
        None,
    )


def twist_refusal(state: TemptressState) -> str:
    """Why the narrator may not tell this action as a success with a twist ('' when they
    may): any target the actor missed may be told so, the first or a raised one."""
    if missed_target(state) is None:
        return "A twist turns a miss into a success; this action did not miss."
    return ""


def verdict(state: TemptressState, awards: tuple[Seat, ...], twist: bool) -> TemptressState:
    """The narrator's verdict: a twist changes only the story (no Rapport for the miss; a
    missed raise keeps its Faux Pas and the earlier targets' Rapport), then the chips."""
    contest = current(state)
    refusal = awards_refusal(state, awards) or (twist_refusal(state) if twist else "")
    if refusal:
        raise IllegalAction(refusal)
    if twist:
        line = STORY if missed_target(state) == 1 else "raised"
        state = log(state, EventKind.NARRATOR_TWIST, line, actor=Who(contest.actor))
    for seat in awards:
        state = with_suitor(state, seat, rapport=state.suitors[seat].rapport + 1)
        state = log(state, EventKind.NARRATOR_AWARD, suitor=Who(seat))
    return close(state)


def close(state: TemptressState) -> TemptressState:
    """Played cards go face down onto the discard pile; back to the floor."""
    contest = current(state)
    played = tuple(card for play in contest.plays for card in play.cards)
    return evolve(state, contest=None, stage=Stage.FLOOR, discard=state.discard + played)
