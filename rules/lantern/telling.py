"""Telling the tale: a play, a pass, the interruptions after a play, the closing passage."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Outcome, Who
from rules.lantern.deck import burn, deal, move_on
from rules.lantern.state import (
    Attempt,
    Closing,
    EventKind,
    Interrupt,
    LanternState,
    Passage,
    PassTurn,
    Phase,
    Play,
)
from rules.lantern.tavern import (
    announce,
    bard_seats,
    element,
    is_bard,
    next_bard,
    record,
    replace,
    story_event,
    voters,
)
from rules.lantern.told import NO_CARD
from rules.story import STORY

LONGEST_PLAY = 4000
"""The most characters a play (or the closing passage) may have."""
NOT_ON_TABLE = "Only Loose Ends on the table can be tied off."


def word_count(text: str) -> int:
    """How many words a passage has, as the rules count them (against the guideline)."""
    return len(text.split())


def play(state: LanternState, action: Play) -> LanternState:
    """The play waits for its ruling; the other Bards holding cards may interrupt first."""
    bard = action.seat
    text = action.text.strip()
    if len(text) > LONGEST_PLAY:
        raise IllegalAction(f"Keep a play under {LONGEST_PLAY} characters.")
    if action.card is not None and action.card not in state.hands[bard]:
        raise IllegalAction("Name a card from your own hand.")
    if any(t not in state.table for t in action.ties):
        raise IllegalAction(NOT_ON_TABLE)
    state = announce(
        state,
        EventKind.PLAY,
        line=STORY if action.card is not None else NO_CARD,
        bard=Who(bard),
        words=word_count(text),
        card=element(state, action.card),
        passage=text,
    )
    asked = tuple(b for b in voters(state, bard) if state.hands[b])
    attempt = Attempt(bard, text, action.card, tuple(action.ties), action.loose_end, asked=asked)
    phase = Phase.WINDOW if asked else Phase.RULING
    return evolve(state, attempt=attempt, phase=phase, last_play=None)


def pass_turn(state: LanternState, action: PassTurn) -> LanternState:
    """A card for the Bard (after burning one, if they say so) and the turn passes."""
    bard = action.seat
    if action.burn is not None:
        if action.burn not in state.hands[bard]:
            raise IllegalAction("Burn a card from your own hand.")
        state = burn(state, bard, action.burn)
        state = announce(state, EventKind.BURN, bard=Who(bard), card=element(state, action.burn))
    else:
        state = announce(state, EventKind.PASS, bard=Who(bard))
    state = deal(state, bard, 1)
    state = evolve(state, on_turn=next_bard(state, bard), asleep=replace(state.asleep, bard, 0))
    return move_on(state, Phase.TURN)


def interrupt(state: LanternState, action: Interrupt) -> LanternState:
    """A Bard of the window claims a card of theirs was in the play, or lets it go."""
    attempt = state.attempt
    assert attempt is not None
    seat = action.seat
    interruptions = attempt.interruptions
    if action.card is not None:
        if action.card not in state.hands[seat]:
            raise IllegalAction("Interrupt with a card from your own hand.")
        interruptions += ((seat, action.card),)
        state = announce(
            state,
            EventKind.INTERRUPTION,
            interrupter=Who(seat),
            teller=Who(attempt.bard),
            card=element(state, action.card),
        )
    asked = tuple(s for s in attempt.asked if s != seat)
    state = evolve(state, attempt=evolve(attempt, asked=asked, interruptions=interruptions))
    return state if asked else evolve(state, phase=Phase.RULING)


OPEN_TO_INTERRUPTION = frozenset({Phase.WINDOW, Phase.RULING, Phase.INTERRUPTIONS, Phase.TURN})
"""When a play may be interrupted out of turn: from the moment it is told until the next
play begins (while the deck is dry, the tale suspended or won, nobody interrupts)."""
NOTHING_TO_INTERRUPT = "There is no play to interrupt now."


def open_play(state: LanternState) -> Attempt | None:
    """The play a Bard may interrupt now, out of turn (None: none): the one under review,
    or the last one ruled, until the next play begins."""
    if not state.config.late_interruptions or state.phase not in OPEN_TO_INTERRUPTION:
        return None
    return state.attempt if state.attempt is not None else state.last_play


def late_refusal(state: LanternState, seat: int, card: int | None) -> str:
    """Why ``seat`` may not interrupt the open play now with ``card`` ('' when they may)."""
    attempt = open_play(state)
    if attempt is None:
        return NOTHING_TO_INTERRUPT
    if not is_bard(state, seat) or state.benches[seat] is None:
        return "Only a Bard on a bench can interrupt."
    if seat == attempt.bard:
        return "A Bard cannot interrupt their own play."
    if state.benches[attempt.bard] is None:
        return "The Bard who told that play has left the tale: it cannot be interrupted now."
    if card is None or card not in state.hands[seat]:
        return "Interrupt with a card from your own hand."
    if (seat, card) in attempt.interruptions:
        return "You have already interrupted this play with that card."
    return ""


def late_interrupt(state: LanternState, action: Interrupt) -> LanternState:
    """An interruption made out of turn: of the play under review (it waits its turn to be
    ruled, after the play), or of the last play ruled (ruled at once)."""
    refusal = late_refusal(state, action.seat, action.card)
    if refusal:
        raise IllegalAction(refusal)
    attempt = open_play(state)
    assert attempt is not None and action.card is not None
    seat = action.seat
    state = announce(
        state,
        EventKind.INTERRUPTION,
        interrupter=Who(seat),
        teller=Who(attempt.bard),
        card=element(state, action.card),
    )
    claimed = evolve(attempt, interruptions=attempt.interruptions + ((seat, action.card),))
    if state.attempt is not None:
        asked = tuple(s for s in claimed.asked if s != seat)
        state = evolve(state, attempt=evolve(claimed, asked=asked))
        if state.phase == Phase.WINDOW and not asked:
            state = evolve(state, phase=Phase.RULING)
        return state
    return evolve(state, attempt=claimed, last_play=None, phase=Phase.INTERRUPTIONS)


def closing(state: LanternState, action: Closing) -> LanternState:
    """The winner's last words (if any) end the tale."""
    winner = action.seat
    text = action.text.strip()
    if len(text) > LONGEST_PLAY:
        raise IllegalAction(f"Keep the closing passage under {LONGEST_PLAY} characters.")
    if text:
        state = evolve(state, tale=state.tale + (Passage(winner, text, None),))
    others = tuple(b for b in bard_seats(state) if b != winner)
    ended = story_event(state, EventKind.CLOSING, winner=Who(winner), passage=text)
    state = record(state, ended)
    result = Outcome((winner,), others, ended.text)
    return evolve(state, phase=Phase.OVER, result=result)
