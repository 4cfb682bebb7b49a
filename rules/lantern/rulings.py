"""Rulings: the Barkeep's (or the table's votes) on a play, then on each interruption."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Seat, Who, Whos
from rules.lantern.deck import burn, deal, move_on
from rules.lantern.state import (
    DENY_REASONS,
    Attempt,
    DenyReason,
    EventKind,
    LanternState,
    Passage,
    Phase,
    Rule,
    RuleInterruption,
)
from rules.lantern.tavern import (
    announce,
    barkeep_seat,
    element,
    name,
    next_bard,
    replace,
    voters,
)
from rules.lantern.telling import NOT_ON_TABLE

NO_CARD_NO_LOOSE_END = "A play that named no card cannot make a Loose End."
TABLE_DENIES = "the table votes it down"
DENY_ALONE = "A vote to deny the play makes no Loose End and ties nothing off."
NOT_CLAIMED = "Only a Loose End the play claims to tie off can be voted tied off."


def deciders(state: LanternState, *skip: Seat) -> tuple[Seat, ...]:
    """Who rules now: the Barkeep's seat, or the Bards of the table still to vote."""
    keeper = barkeep_seat(state)
    if keeper is not None:
        return (keeper,)
    attempt = state.attempt
    voted = {s for s, _ in attempt.votes} if attempt else set()
    return tuple(b for b in voters(state, *skip) if b not in voted)


def interruption_skip(state: LanternState, attempt: Attempt, interrupter: Seat) -> tuple[Seat, ...]:
    """Who does not vote on an interruption at the table: the two Bards it concerns, unless
    nobody else sits at the table (two Bards): then the interrupted Bard rules."""
    if voters(state, attempt.bard, interrupter):
        return (attempt.bard, interrupter)
    return (interrupter,)


def _vote_done(state: LanternState, seat: Seat, verify: bool, *skip: Seat) -> bool | None:
    """Table mode: record a vote; the majority once everyone voted (None: still voting)."""
    attempt = state.attempt
    assert attempt is not None
    votes = attempt.votes + ((seat, verify),)
    if deciders(evolve(state, attempt=evolve(attempt, votes=votes)), *skip):
        return None
    return sum(v for _, v in votes) * 2 > len(votes)


def _ruled_by(state: LanternState, seat: Seat) -> Whos:
    """Who ruled, once the ruling is made by ``seat``: the Barkeep, or every Bard who
    voted (``seat`` casting the last vote)."""
    attempt = state.attempt
    assert attempt is not None
    if barkeep_seat(state) is not None:
        return Whos((seat,))
    return Whos(tuple(s for s, _ in attempt.votes) + (seat,))


# --- the play ---------------------------------------------------------------------------


def ruling_refusal(state: LanternState, action: Rule) -> str:
    """Why the Barkeep may not rule so on the play under review ('' when they may)."""
    attempt = state.attempt
    assert attempt is not None
    if not action.verify and action.reason not in DENY_REASONS:
        return "Deny with one of the reasons: " + "; ".join(DENY_REASONS.values()) + "."
    if any(t not in state.table for t in action.tied):
        return NOT_ON_TABLE
    if action.loose_end and attempt.card is None:
        return NO_CARD_NO_LOOSE_END
    return ""


def rule(state: LanternState, action: Rule) -> LanternState:
    """The Barkeep's ruling, or one Bard's vote at the table (the last vote decides)."""
    attempt = state.attempt
    assert attempt is not None
    bard = attempt.bard
    ruled_by = _ruled_by(state, action.seat)
    if barkeep_seat(state) is None:
        judges = state.config.table_judges
        if judges:
            refusal = vote_refusal(state, action)
            if refusal:
                raise IllegalAction(refusal)
        state = announce(
            state,
            EventKind.VOTE,
            voter=Who(action.seat),
            teller=Who(bard),
            vote=vote_words(state, action) if judges else ("verify" if action.verify else "deny"),
        )
        outcome = _vote_done(state, action.seat, action.verify, bard)
        if judges:
            attempt = evolve(
                attempt,
                loose_end_votes=attempt.loose_end_votes
                + ((action.seat,) if action.loose_end else ()),
                tie_votes=attempt.tie_votes + tuple((action.seat, t) for t in set(action.tied)),
            )
        if outcome is None:
            votes = attempt.votes + ((action.seat, action.verify),)
            return evolve(state, attempt=evolve(attempt, votes=votes))
        verify, reason = outcome, TABLE_DENIES
        loose_end, tied = attempt.loose_end, attempt.ties
        if judges:
            loose_end, tied = _judged(attempt, len(attempt.votes) + 1)
    else:
        refusal = ruling_refusal(state, action)
        if refusal:
            raise IllegalAction(refusal)
        verify, loose_end, tied = action.verify, action.loose_end, tuple(action.tied)
        reason = "" if verify else DENY_REASONS[DenyReason(action.reason)]
    if verify:
        state = _verified(state, attempt, loose_end, tied, ruled_by)
    else:
        state = _denied(state, attempt, reason, ruled_by)
    ruled = state.attempt
    assert ruled is not None
    ruled = evolve(ruled, votes=(), verified=verify, loose_end_votes=(), tie_votes=())
    return _next_interruption(evolve(state, attempt=ruled))


def vote_refusal(state: LanternState, action: Rule) -> str:
    """Why a Bard may not vote so on the play, at a table that judges its parts ('' when
    they may): a vote to verify may make the card a Loose End and say which of the claimed
    Loose Ends it tied off; a vote to deny says nothing more."""
    attempt = state.attempt
    assert attempt is not None
    if not action.verify and (action.loose_end or action.tied):
        return DENY_ALONE
    if action.loose_end and attempt.card is None:
        return NO_CARD_NO_LOOSE_END
    if any(t not in attempt.ties for t in action.tied):
        return NOT_CLAIMED
    return ""


def vote_words(state: LanternState, action: Rule) -> str:
    """A vote on a play at a table that judges its parts, as the story tells it after
    "Bo votes to": "deny", "verify (a monk a Loose End; ties off a raven, not a map)"."""
    attempt = state.attempt
    assert attempt is not None
    if not action.verify:
        return "deny"
    details = vote_details(state, attempt, action)
    return "verify" + (f" ({details})" if details else "")


def vote_details(state: LanternState, attempt: Attempt, action: Rule) -> str:
    """What a vote to verify holds of the play's parts: "a monk a Loose End; ties off a
    raven, not a map" ('' for a play with no card and no claims)."""
    parts = []
    if attempt.card is not None:
        named = state.elements[attempt.card]
        parts.append(f"{named} a Loose End" if action.loose_end else "no Loose End")
    claimed = tuple(dict.fromkeys(attempt.ties))
    tied = [state.elements[t] for t in claimed if t in action.tied]
    untied = [state.elements[t] for t in claimed if t not in action.tied]
    if tied:
        parts.append(
            "ties off " + ", ".join(tied) + (", not " + ", ".join(untied) if untied else "")
        )
    elif untied:
        parts.append("ties off nothing")
    return "; ".join(parts)


def _judged(attempt: Attempt, voters: int) -> tuple[bool, tuple[int, ...]]:
    """The table's verdict on the parts of a verified play: its card is a Loose End, and
    each claimed Loose End is tied off, when more than half of the voters say so."""
    loose_end = attempt.card is not None and len(attempt.loose_end_votes) * 2 > voters
    tied = tuple(
        t
        for t in dict.fromkeys(attempt.ties)
        if sum(1 for _, v in attempt.tie_votes if v == t) * 2 > voters
    )
    return loose_end, tied


def _verified(
    state: LanternState, attempt: Attempt, loose_end: bool, tied: tuple[int, ...], ruled_by: Whos
) -> LanternState:
    bard = attempt.bard
    card = attempt.card
    tied = tuple(dict.fromkeys(tied))
    if card is not None:
        hand = tuple(c for c in state.hands[bard] if c != card)
        state = evolve(state, hands=replace(state.hands, bard, hand))
        if loose_end:
            state = evolve(state, table=state.table + (card,))
        else:
            state = evolve(state, burned=state.burned + (card,))
    table = tuple(t for t in state.table if t not in tied)
    ale = replace(state.ale, bard, state.ale[bard] + len(tied))
    passage = Passage(bard, attempt.text, card, tied)
    state = evolve(
        state,
        table=table,
        burned=state.burned + tied,
        ale=ale,
        tale=state.tale + (passage,),
        last_success=bard,
        asleep=replace(state.asleep, bard, 0),
    )
    named = element(state, card)
    state = announce(state, EventKind.VERIFIED, bard=Who(bard), card=named, ruled_by=ruled_by)
    if card is not None and loose_end:
        state = announce(state, EventKind.LOOSE_END, bard=Who(bard), card=named)
    if tied:
        state = announce(
            state,
            EventKind.TIED_OFF,
            bard=Who(bard),
            tied=tuple(state.elements[t] for t in tied),
            ale=len(tied),
        )
    return state


def _denied(state: LanternState, attempt: Attempt, reason: str, ruled_by: Whos) -> LanternState:
    bard = attempt.bard
    if attempt.card is not None:
        state = burn(state, bard, attempt.card)
    state = announce(
        state,
        EventKind.DENIED,
        bard=Who(bard),
        card=element(state, attempt.card),
        reason=reason,
        ruled_by=ruled_by,
    )
    state = deal(state, bard, 2)
    return evolve(state, on_turn=next_bard(state, bard), asleep=replace(state.asleep, bard, 0))


# --- the interruptions ------------------------------------------------------------------

BOTH = "An interruption either stands or comes too late, not both."


def interruption_refusal(state: LanternState, action: RuleInterruption) -> str:
    """Why the next interruption may not be ruled (or voted on) so ('' when it may). Its
    card is the interrupter's own (they named it from their hand), so it is ruled
    in the seed's order on: not mentioned, then too late, which only an interruption
    after another that stands can be; and that one can no longer stand."""
    attempt = state.attempt
    assert attempt is not None
    seat, _ = attempt.interruptions[0]
    if action.verify and action.too_late:
        return BOTH
    first = attempt.interrupted_by
    if action.verify and first is not None:
        return (
            f"{name(state, first)}'s interruption of this play already stands: "
            f"{name(state, seat)}'s is either not mentioned or too late."
        )
    if action.too_late and first is None:
        return f"No interruption of this play stands yet, so {name(state, seat)}'s is not too late."
    return ""


def _next_interruption(state: LanternState) -> LanternState:
    """The next interruption waits for its ruling; with none left the attempt is done."""
    attempt = state.attempt
    assert attempt is not None
    if attempt.interruptions:
        return move_on(state, Phase.INTERRUPTIONS)
    return _finish_attempt(state)


def rule_interruption(state: LanternState, action: RuleInterruption) -> LanternState:
    """The ruling (or one vote) on the first interruption waiting. At the table the
    element was in the play when more than half of the voters say so: the interruption
    then stands, or comes too late after another that stands."""
    refusal = interruption_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    attempt = state.attempt
    assert attempt is not None
    seat, card = attempt.interruptions[0]
    mentioned = action.verify or action.too_late
    ruled_by = _ruled_by(state, action.seat)
    if barkeep_seat(state) is None:
        skip = interruption_skip(state, attempt, seat)
        outcome = _vote_done(state, action.seat, mentioned, *skip)
        if outcome is None:
            votes = attempt.votes + ((action.seat, mentioned),)
            return evolve(state, attempt=evolve(attempt, votes=votes))
        mentioned = outcome
    state = burn(state, seat, card)
    rest = attempt.interruptions[1:]
    if mentioned and attempt.interrupted_by is None:
        state = _ruling(state, EventKind.INTERRUPTION_STANDS, attempt, ruled_by)
        state = deal(state, attempt.bard, 1)
        attempt = evolve(attempt, interrupted_by=seat)
        state = evolve(state, on_turn=seat)
    elif mentioned:
        state = _ruling(state, EventKind.TOO_LATE, attempt, ruled_by)
        state = deal(state, seat, 1)
    else:
        state = _ruling(state, EventKind.NOT_MENTIONED, attempt, ruled_by)
        state = deal(state, seat, 2)
    state = evolve(state, attempt=evolve(attempt, interruptions=rest, votes=()))
    return _next_interruption(state)


def _ruling(state: LanternState, kind: EventKind, attempt: Attempt, ruled_by: Whos) -> LanternState:
    """The story's line of ``kind`` ruling on the first interruption of ``attempt``."""
    interrupter, card = attempt.interruptions[0]
    return announce(
        state,
        kind,
        interrupter=Who(interrupter),
        teller=Who(attempt.bard),
        card=state.elements[card],
        ruled_by=ruled_by,
    )


def _finish_attempt(state: LanternState) -> LanternState:
    """The play and its interruptions are ruled: the tale goes on (whether someone has won
    is ``winning.settle``'s to say, after this as after every change). Where plays may be
    interrupted after their ruling, the play stays open to that until the next begins."""
    attempt = state.attempt
    assert attempt is not None
    last = None
    if state.config.late_interruptions:
        last = evolve(attempt, interruptions=(), asked=(), votes=())
    return move_on(evolve(state, attempt=None, last_play=last), Phase.TURN)
