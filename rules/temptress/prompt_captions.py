"""Captions for the Temptress's prompts: what the table is deciding now, by which rule, and
what each answer would mean, with the numbers of the public view (targets, totals,
budgets, chips, piles).

Each caption is told to the table (third person), or, given ``to``, a seat the prompt
asks, to that seat ("you", never by its own name): a coached game's hint speaks to the
person this way (``PROMPTS`` are the captions both ways).

A prompt's caption reads the prompt and the public view at the same moment; it tells
nothing a seat's own view holds (hands, clues, the discard pile's cards).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from rules.engine import Prompt, Seat
from rules.temptress.argument import STAKE_NAMES
from rules.temptress.caption_parts import (
    REACHED,
    cards_word,
    missed,
    one_line,
    rounds_left,
    seat_name,
)
from rules.temptress.state import (
    BUDGET,
    Contest,
    ContestKind,
    PromptKind,
    StakeKind,
    VoteChoice,
)
from rules.temptress.views import TemptressView
from rules.wording import listed


def _names(
    view: TemptressView, seats: tuple[Seat, ...] | list[Seat], to: Seat | None = None
) -> str:
    """The seats by name; ``to`` among them is "you", named first ("you, Bo and Cy")."""
    if to in seats:
        return listed(["you"] + [seat_name(view, s) for s in seats if s != to])
    return listed([seat_name(view, s) for s in seats])


def _called(view: TemptressView, seat: Seat, to: Seat | None) -> str:
    """``seat``'s name, or "you" when it is ``to``."""
    return "you" if seat == to else seat_name(view, seat)


def _upper(text: str) -> str:
    """``text`` opening a sentence: "You" for "you" (a name stays as it is spelled)."""
    return "Y" + text[1:] if text.startswith("you") else text


def _first(prompt: Prompt, view: TemptressView) -> tuple[Seat, str]:
    seat = prompt.seats[0]
    return seat, seat_name(view, seat)


def _narrating(view: TemptressView, to: Seat | None) -> bool:
    """Whether the caption is told to the person narrating."""
    return to is not None and to == view.narrator_seat


def _contest(view: TemptressView) -> Contest:
    assert view.contest is not None, "a contest prompt has a contest"
    return view.contest


def _faux_pas(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    suitor = view.suitors[seat]
    owed = max(1, min(suitor.faux_pas, suitor.cards) - len(suitor.faceup))
    if seat == to:
        return one_line(
            f"You have {suitor.faux_pas} Faux Pas and owe {_more(owed)} face up: one card of",
            "your hand lies face up per Faux Pas, chosen by you. It can still be played, but",
            "the whole table reads it, a hint at the suit you are gathering.",
        )
    return one_line(
        f"{who} has {suitor.faux_pas} Faux Pas and owes {_more(owed)} face up: one card of",
        f"the hand lies face up per Faux Pas, chosen by {who}. It can still be played, but",
        f"the whole table reads it, a hint at the suit {who} is gathering.",
    )


def _more(count: int) -> str:
    """``one more card``, ``two more cards``."""
    number, noun = cards_word(count).split(" ", 1)
    return f"{number} more {noun}"


def _floor(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seats = [s for s in prompt.seats if s != view.narrator_seat]
    if to in seats:
        return _your_floor(view, seats, to)
    who = _names(view, seats)
    narrator = (
        " As narrator, you may award a chip or end the round."
        if _narrating(view, to)
        else f" {view.narrator_name}, narrating, may award a chip or end the round."
        if view.narrator_seat is not None
        else ""
    )
    if not view.opened:
        return one_line(
            f"{who}, the oldest, opens the game: court a woman to earn Rapport, or decline.",
            f"Then the floor opens to everyone but whoever acted last.{narrator}",
        )
    if set(seats) <= set(view.first_claims):
        return one_line(
            f"{who} had no turn before the last round ended, so they claim first, in turn:",
            "act, argue, decline, or retire (seven of a suit shown, the sorceress named: right",
            f"wins, wrong is out). Then the open floor goes on as usual.{narrator}",
        )
    return one_line(  # whoever acted last is not among them: the Now line shows it
        f"Open floor, {rounds_left(view)}: {who} may court, argue (costs Rapport), decline,",
        "or retire (seven of a suit shown, the sorceress named: right wins, wrong is out).",
        f"If all decline in a row, the round ends.{narrator}",
    )


def _your_floor(view: TemptressView, seats: list[Seat], to: Seat) -> str:
    """The floor told to ``to``, one of the suitors it asks."""
    who = _names(view, seats, to)
    narrator = (
        f" {view.narrator_name}, narrating, may award a chip or end the round."
        if view.narrator_seat is not None
        else ""
    )
    if not view.opened:
        return one_line(
            "You are the oldest, so you open the game: court a woman to earn Rapport, or",
            f"decline. Then the floor opens to everyone but whoever acted last.{narrator}",
        )
    if set(seats) <= set(view.first_claims):
        return one_line(
            f"{_upper(who)} had no turn before the last round ended, so you claim first, in",
            "turn: act, argue, decline, or retire (seven of a suit shown, the sorceress named:",
            f"right wins, wrong is out). Then the open floor goes on as usual.{narrator}",
        )
    return one_line(
        f"Open floor, {rounds_left(view)}: {who} may court, argue (costs Rapport), decline,",
        "or retire (seven of a suit shown, the sorceress named: right wins, wrong is out).",
        f"If all decline in a row, the round ends.{narrator}",
    )


def _join(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    actor = seat_name(view, contest.actor)
    her = view.women[contest.woman].name if contest.woman is not None else "a woman"
    who = _upper(_names(view, prompt.seats, to))
    return one_line(
        f"{actor} courts {her}. {who} may join in opposition before the roll: opponents play",
        f"before {actor}, up to three cards each, and earn Rapport by their own results; the",
        "highest total on the last target prevails: their approach carries the day.",
    )


def _so_far(view: TemptressView, contest: Contest, seat: Seat) -> str:
    played = [p for p in contest.plays if p.target == contest.target and p.seat != seat]
    if not played:
        return ""
    return "So far: " + ", ".join(f"{seat_name(view, p.seat)} {p.total}" for p in played) + "."


def _play(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    contest = _contest(view)
    number, goal = contest.target, contest.targets[-1]
    most = min(contest.budget_left(seat), view.suitors[seat].cards)
    # Told to the seat that plays, or to the table about them.
    who, whose, has = ("You", "your", "have") if seat == to else (who, f"{who}'s", "has")
    must = (
        f"{who} must play 1 to {most} cards toward {goal}, even if it looks hopeless"
        if most > 1
        else f"{who} must play one card toward {goal}"
    )
    if contest.kind == ContestKind.ARGUMENT:
        return one_line(
            f"{must}. Missing takes {whose} stake off the table; reaching keeps it and may",
            "allow a raise. Rapport may help reach the target, never inflate a total beyond",
            f"it. {_so_far(view, contest, seat)}",
        )
    rapport = view.suitors[seat].rapport
    excel = (
        f" {who} {has} {rapport} Rapport to excel: re-roll a die first, +3 for a pair, +3 for"
        " three of a suit."
        if rapport
        else ""
    )
    return one_line(
        f"{must}. Reached: {REACHED[number]}. Missed: {missed(number)}.{excel}",
        _so_far(view, contest, seat),
    )


def _raise(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, name = _first(prompt, view)
    contest = _contest(view)
    number = contest.target
    goal = contest.targets[number - 1]
    used = len(contest.cards_of(seat))
    left = min(BUDGET - used, view.suitors[seat].cards)
    # Told to the seat that may raise, or to the table about them.
    you = seat == to
    who, whose = ("you", "your") if you else (name, f"{name}'s")
    has, keeps, takes = ("have", "keep", "take") if you else ("has", "keeps", "takes")
    head = _upper(who)
    if contest.kind == ContestKind.ARGUMENT:
        other = seat_name(view, contest.participants[1 - contest.participants.index(seat)])
        return one_line(
            f"{head} reached {goal} with {cards_word(left)} of budget left, so {who} may raise:",
            f"a new target. {other} may follow; if not, {who} must reach it alone, or the",
            f"totals for {goal} decide.",
        )
    others = (
        " Everyone with budget left plays toward it too." if len(contest.participants) > 1 else ""
    )
    if number == 1:
        count = "counts" if left == 1 else "count"
        return one_line(
            f"{head} reached {goal} with {cards_word(used)}, so {who} may raise: a new 3d10",
            f"target that only {whose} {cards_word(left)} left {count} toward. Reach it and",
            f"{who} {has} 3 Rapport; miss it and {who} {keeps} 1 and {takes} a Faux Pas.{others}",
        )
    return one_line(
        f"{head} reached both targets with two cards, so {who} may raise once more: a third",
        f"target for {whose} last card. Reach it: the top card of a woman's pile and one of",
        f"her likes or dislikes. Miss it: {who} {keeps} 3 Rapport and {takes} a Faux Pas.{others}",
    )


def _follow(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    contest = _contest(view)
    raiser = contest.raiser if contest.raiser is not None else contest.actor
    them = seat_name(view, raiser)
    number = contest.target
    totals = ", ".join(
        f"{_called(view, s, to)} {contest.total(s, number) or 0}" for s in (raiser, seat)
    )
    if seat == to:
        return one_line(
            f"{them} raised. You may follow with {cards_word(contest.budget_left(seat))} left:",
            f"both of you play toward a new target, the higher total wins. If not, {them} must",
            f"reach it alone, or this target's totals decide ({totals}).",
        )
    return one_line(
        f"{them} raised. {who} may follow with {cards_word(contest.budget_left(seat))} left:",
        f"both play toward a new target, the higher total wins. If not, {them} must reach it",
        f"alone, or this target's totals decide ({totals}).",
    )


def _draw(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    piles = ", ".join(f"{w.name} {w.pile_size}" for w in view.women if w.pile_size)
    who = "You" if seat == to else who
    return one_line(
        f"{who} reached a third target: take the top card of a pile still holding cards",
        f"({piles}) and learn one of her likes or dislikes. Three of a pile's four cards are",
        "of her suit.",
    )


def _tie(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    total = contest.total(contest.asked[0], contest.target) if contest.asked else None
    decides = "As narrator, you decide" if _narrating(view, to) else "The narrator decides"
    return one_line(
        f"{_upper(_names(view, contest.asked, to))} tied at {total} on the last target.",
        f"{decides} who prevails; Rapport and Faux Pas already followed each one's",
        "own results.",
    )


def _verdict(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    actor = seat_name(view, contest.actor)
    you = _narrating(view, to)
    twist = (
        f", and since {actor} missed, {'you ' if you else ''}may tell it as a success with a"
        " twist (no Rapport)"
        if not contest.reached(contest.actor, 1)
        else ""
    )
    if you:
        return one_line(
            "The action is over. As narrator, you may award Rapport chips to any suitor for",
            f"fine role-play or a good complication{twist}.",
        )
    return one_line(
        "The action is over. The narrator may award Rapport chips to any suitor for fine",
        f"role-play or a good complication{twist}.",
    )


def _vote(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    actor = _called(view, contest.actor, to)
    yes = sum(1 for _, v in contest.votes if v == VoteChoice.YES)
    no = sum(1 for _, v in contest.votes if v == VoteChoice.NO)
    verb = "votes" if len(prompt.seats) == 1 and to not in prompt.seats else "vote"
    voters = _names(view, prompt.seats, to)
    return one_line(
        f"The island narrates, so the table rewards role-play: {voters}",
        f"{verb} on an extra Rapport chip for {actor}. More yes than no among votes cast",
        f"gives it; abstaining counts for neither. So far {yes} yes, {no} no.",
    )


def _answer(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    contest = _contest(view)
    actor, chips = seat_name(view, contest.actor), contest.chips
    rapport = view.suitors[seat].rapport
    if seat == to:
        short = f" You hold {rapport}, too few to avoid it." if rapport < chips else ""
        return one_line(
            f"{actor} spent {chips} Rapport to argue with you. Paying {chips} too avoids it",
            f"and keeps everyone from arguing with you this round.{short} Accepting means",
            "stakes, then cards, with no Rapport won or lost.",
        )
    short = f" {who} holds {rapport}, too few to avoid it." if rapport < chips else ""
    return one_line(
        f"{actor} spent {chips} Rapport to argue with {who}. Paying {chips} too avoids it",
        f"and keeps everyone from arguing with {who} this round.{short} Accepting means",
        "stakes, then cards, with no Rapport won or lost.",
    )


def _stakes(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    contest = _contest(view)
    set_already = [
        f"{_wants(view, s, to)} {_stake(stake.kind, s, to)}."
        for s, stake in zip(contest.participants, contest.stakes, strict=False)
        if stake is not None
    ]
    if seat == to:
        others = [seat_name(view, s) for s in contest.participants if s != seat]
        other = f"{others[0]}'s" if others else "the other's"
        return one_line(
            f"You choose what winning gives you: {other} match clues, sorceress clues or hand",
            "(shown to you alone), or a promise for the pact log. Missing a target takes it",
            "off the table.",
            *set_already,
        )
    return one_line(
        f"{who} chooses what winning gives: the other's match clues, sorceress clues or hand",
        "(shown to the winner alone), or a promise for the pact log. Missing a target takes",
        "it off the table.",
        *set_already,
    )


def _wants(view: TemptressView, seat: Seat, to: Seat | None) -> str:
    """ "Ann wants", or "You want" when ``seat`` is ``to``."""
    return "You want" if seat == to else f"{seat_name(view, seat)} wants"


def _stake(kind: StakeKind, seat: Seat, to: Seat | None) -> str:
    """What ``seat``'s stake wants, said to ``to`` (the other side: "your hand")."""
    wanted = STAKE_NAMES[kind]
    return wanted.replace("the other's", "your") if to is not None and seat != to else wanted


def _review(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    wanted = [
        f"{seat_name(view, s)} wants {STAKE_NAMES[stake.kind]}"
        for s, stake in zip(contest.participants, contest.stakes, strict=False)
        if stake is not None
    ]
    judge = "As narrator, you judge" if _narrating(view, to) else "The narrator judges"
    return one_line(
        f"{judge} the stakes ({'; '.join(wanted)}). Accepting both starts the",
        "contest; rejecting one sends that side back to choose again.",
    )


def _trim(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    contest = _contest(view)
    over = [
        s
        for s in contest.participants
        if any(p.seat == s and p.total > contest.targets[p.target - 1] for p in contest.plays)
    ]
    narrator = "you, as narrator," if _narrating(view, to) else "the narrator"
    return one_line(
        f"{_names(view, over)} played beyond a target. Before the argument is settled",
        f"{narrator} may count such values as the target itself, so pouring on cards gains",
        "nothing, or let them stand.",
    )


def _spend(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    suitor = view.suitors[seat]
    if seat == to:
        yours = (
            f"clearing your {suitor.faux_pas} Faux Pas"
            if suitor.faux_pas
            else "clearing Faux Pas (you have none)"
        )
        return one_line(
            f"Round end: you have {suitor.rapport} Rapport. Spend all of it at once, or keep",
            f"it: a refill by choice from the {view.discard_size}-card discard pile, {yours},",
            "or a new true clue of a chosen kind.",
        )
    clear = (
        f"clearing {suitor.faux_pas} Faux Pas" if suitor.faux_pas else "clearing Faux Pas (none)"
    )
    return one_line(
        f"Round end: {who} has {suitor.rapport} Rapport and spends all of it at once, or",
        f"keeps it: a refill by choice from the {view.discard_size}-card discard pile, {clear},",
        "or a new true clue of a chosen kind.",
    )


def _final(prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str:
    seat, who = _first(prompt, view)
    cards = view.suitors[seat].cards
    if seat == to:
        return one_line(
            f"Your last chance, holding {cards_word(cards)}: retire with seven of one suit and",
            "name the sorceress. The match's suit and the right woman win; wrong on either",
            "count and you are out. Passing keeps you in.",
        )
    return one_line(
        f"Last chance for {who}, holding {cards_word(cards)}: retire with seven of one suit",
        "and name the sorceress. The match's suit and the right woman win; wrong on either",
        f"count is out. Passing keeps {who} in.",
    )


class _PromptCaption(Protocol):
    """A prompt's caption, told to the table, or to ``to``, a seat it asks ("you")."""

    def __call__(self, prompt: Prompt, view: TemptressView, to: Seat | None = None) -> str: ...


PROMPTS: dict[StrEnum, _PromptCaption] = {
    PromptKind.FAUX_PAS: _faux_pas,
    PromptKind.FLOOR: _floor,
    PromptKind.JOIN: _join,
    PromptKind.PLAY: _play,
    PromptKind.RAISE: _raise,
    PromptKind.FOLLOW: _follow,
    PromptKind.DRAW: _draw,
    PromptKind.TIE: _tie,
    PromptKind.VERDICT: _verdict,
    PromptKind.VOTE: _vote,
    PromptKind.ANSWER: _answer,
    PromptKind.STAKES: _stakes,
    PromptKind.REVIEW: _review,
    PromptKind.TRIM: _trim,
    PromptKind.SPEND: _spend,
    PromptKind.FINAL: _final,
}
"""Each prompt kind's caption (the table's, and, given ``to``, that seat's: "you")."""
