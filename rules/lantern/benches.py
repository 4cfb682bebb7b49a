"""The benches: who begins, seating a Bard, leaving, the tale suspended for want of Bards,
and sleep."""

from __future__ import annotations

from attrs import evolve

from rules.engine import IllegalAction, Outcome, Seat, Who, Whos
from rules.lantern.deck import deal, move_on
from rules.lantern.state import (
    BETWEEN_TURNS,
    Begin,
    EventKind,
    LanternState,
    Leave,
    Phase,
    Restock,
    SeatBard,
    SendUnder,
    Sleep,
)
from rules.lantern.tavern import (
    announce,
    bard_seats,
    barkeep_seat,
    is_bard,
    may_come,
    name,
    next_bard,
    record,
    replace,
    seated,
    story_event,
)
from rules.lantern.told import BY_LOT

SLEEPS_FOR_THE_TABLE = 3
"""Turns asleep in a row that may send a Bard Under The Table."""
ONLY_BETWEEN_TURNS = "Bards come and go between turns."
NOT_ON_A_BENCH = "Choose a Bard on a bench to begin the tale."
ASKED_AFTER = (
    "Whether a Bard goes Under The Table is asked once they are found asleep for the third "
    "time in a row."
)


def check_suspension(state: LanternState) -> LanternState:
    """Suspend the tale with fewer than two Bards seated; resume it once there are two
    (or, if it never began, let it begin)."""
    count = len(seated(state))
    bad = count < 2 or count > state.config.benches
    if bad and state.phase in BETWEEN_TURNS:
        if state.phase != Phase.SUSPENDED:
            state = announce(state, EventKind.SUSPENDED)
        return evolve(state, phase=Phase.SUSPENDED)
    if not bad and state.phase == Phase.SUSPENDED and not state.begun:
        keeper = barkeep_seat(state)
        if keeper is not None:
            state = announce(state, EventKind.READY, barkeep=Who(keeper))
        return begin(state)
    if not bad and state.phase == Phase.SUSPENDED:
        turn = state.on_turn if state.on_turn in seated(state) else seated(state)[0]
        state = evolve(state, phase=Phase.TURN, on_turn=turn)
        return announce(state, EventKind.RESUMED, bard=Who(turn))
    return state


# --- who begins -----------------------------------------------------------------------


def begin(state: LanternState) -> LanternState:
    """The tale is ready to begin (two Bards or more sit): a person Barkeep chooses who
    starts (``first_bard``); at a table without one the lot does, drawn from the tale's
    Chance among the seated Bards, so no bench is favoured."""
    if barkeep_seat(state) is not None:
        return evolve(state, phase=Phase.OPENING, on_turn=None)
    first, chance = state.chance.pick(seated(state))
    state = evolve(state, chance=chance, on_turn=first, phase=Phase.TURN, begun=True)
    return announce(state, EventKind.BEGINS, line=BY_LOT, first=Who(first), chosen_by=Whos(()))


def begin_refusal(state: LanternState, action: Begin) -> str:
    """Why ``action`` may not name its Bard to begin ('' when it may)."""
    bard = action.bard
    if isinstance(bard, bool) or not isinstance(bard, int) or bard not in seated(state):
        return NOT_ON_A_BENCH
    return ""


def first_bard(state: LanternState, action: Begin) -> LanternState:
    """The Barkeep names the Bard who begins: it is their turn."""
    refusal = begin_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    bard = action.bard
    state = evolve(state, on_turn=bard, phase=Phase.TURN, begun=True)
    return announce(state, EventKind.BEGINS, first=Who(bard), chosen_by=Whos((action.seat,)))


# --- who seats newcomers --------------------------------------------------------------


def seater(state: LanternState) -> Seat | None:
    """Whose seat sends ``SeatBard`` now: the Barkeep's; at a table without one (where any
    Bard may), the Bard on turn, or while the tale is suspended the first Bard the prompt
    asks (the one seated, else the first of the roster). None outside the comings and
    goings between turns."""
    if state.phase not in BETWEEN_TURNS:
        return None
    keeper = barkeep_seat(state)
    if keeper is not None:
        return keeper
    if state.phase == Phase.TURN:
        return state.on_turn
    return (seated(state) or (0,))[0]


# --- leaving --------------------------------------------------------------------------


def remove(state: LanternState, bard: Seat) -> LanternState:
    """The Bard's cards go back to the deck and their bench empties."""
    deck = state.deck + state.hands[bard]
    return evolve(
        state,
        deck=deck,
        hands=replace(state.hands, bard, ()),
        benches=replace(state.benches, bard, None),
    )


def leave(state: LanternState, action: Leave) -> LanternState:
    seat = action.seat
    if state.phase not in BETWEEN_TURNS:
        raise IllegalAction(ONLY_BETWEEN_TURNS)
    if not is_bard(state, seat) or state.benches[seat] is None:
        raise IllegalAction("Only a Bard on a bench can leave.")
    following = next_bard(state, seat)
    state = announce(state, EventKind.LEFT, bard=Who(seat))
    state = remove(state, seat)
    if state.on_turn == seat:
        state = evolve(state, on_turn=following if following != seat else None)
    return check_suspension(state)


# --- seating --------------------------------------------------------------------------


def seating_refusal(state: LanternState, action: SeatBard) -> str:
    """Why ``action`` may not seat its Bard now ('' when it may)."""
    if state.phase not in BETWEEN_TURNS:
        return ONLY_BETWEEN_TURNS
    keeper = barkeep_seat(state)
    if keeper is not None and action.seat != keeper:
        return "The Barkeep chooses where a new Bard sits."
    bard, bench = action.bard, action.bench
    if not is_bard(state, bard) or state.benches[bard] is not None:
        if not may_come(state):
            newcomer = " Someone new may walk in." if state.config.walk_ins else ""
            return f"Nobody of the roster is away from the table.{newcomer}"
        return "Seat a Bard of the roster who is not at the table."
    if state.under_table[bard]:
        return f"{name(state, bard)} went Under The Table and cannot come back."
    if not 0 <= bench < state.config.benches or bench in state.benches:
        return "Choose a free bench."
    return ""


def seat_bard(state: LanternState, action: SeatBard) -> LanternState:
    refusal = seating_refusal(state, action)
    if refusal:
        raise IllegalAction(refusal)
    return sit_down(state, action.bard, action.bench, EventKind.JOINED)


def sit_down(state: LanternState, bard: Seat, bench: int, told: EventKind) -> LanternState:
    """``bard`` takes ``bench`` (the story says so, as ``told``) with the starting hand;
    the first Bard seated has the turn; the tale goes on if it waited for Bards."""
    state = evolve(state, benches=replace(state.benches, bard, bench))
    state = announce(state, told, bard=Who(bard), bench=bench + 1)
    state = deal(state, bard, state.config.hand)
    if state.on_turn is None:
        state = evolve(state, on_turn=bard)
    state = check_suspension(state)
    return move_on(state, state.phase) if state.owed else state


def close_suspended(state: LanternState, action: Restock) -> LanternState:
    """A suspended tale may be closed (no winner) when nobody can come back to it."""
    if action.elements:
        raise IllegalAction("New elements go into the deck only when it runs dry.")
    closed = story_event(state, EventKind.CLOSED_UNFINISHED)
    result = Outcome((), bard_seats(state), closed.text)
    state = record(state, closed)
    return evolve(state, phase=Phase.OVER, result=result, owed=(), attempt=None)


# --- sleep ----------------------------------------------------------------------------


def time_out(state: LanternState) -> Sleep | None:
    """What the table declares when the turn timer runs out on the Bard on turn:
    asleep, called by the Barkeep or, at a table without one, by the next seated
    Bard; the third sleep in a row sends them Under The Table. None when nobody
    can call it (no Bard on turn, or no other Bard seated)."""
    if state.phase != Phase.TURN or state.on_turn is None:
        return None
    bard = state.on_turn
    caller = barkeep_seat(state)
    if caller is None:
        others = [b for b in seated(state) if b != bard]
        if not others:
            return None
        caller = others[0]
    if state.config.called_under:  # (whether they go Under The Table is asked next)
        return Sleep(caller)
    return Sleep(caller, under_table=state.asleep[bard] + 1 >= SLEEPS_FOR_THE_TABLE)


def sleep(state: LanternState, action: Sleep) -> LanternState:
    if state.phase != Phase.TURN or state.on_turn is None:
        raise IllegalAction("Only a Bard on turn can be found asleep.")
    bard = state.on_turn
    keeper = barkeep_seat(state)
    allowed = (
        (action.seat == keeper)
        if keeper is not None
        else (action.seat in seated(state) and action.seat != bard)
    )
    if not allowed:
        raise IllegalAction(
            "Only the Barkeep (or, at a table without one, another Bard) may declare a Bard asleep."
        )
    asleep = state.asleep[bard] + 1
    if action.under_table and state.config.called_under:
        raise IllegalAction(ASKED_AFTER)
    if action.under_table and asleep < SLEEPS_FOR_THE_TABLE:
        raise IllegalAction("Under The Table needs three turns asleep in a row.")
    state = evolve(state, asleep=replace(state.asleep, bard, asleep))
    state = announce(state, EventKind.ASLEEP, bard=Who(bard), sleeps=asleep)
    following = next_bard(state, bard)
    if action.under_table:
        state = announce(state, EventKind.UNDER_TABLE, bard=Who(bard))
        state = remove(state, bard)
        state = evolve(state, under_table=replace(state.under_table, bard, True))
        state = evolve(state, on_turn=following if following != bard else None)
        return check_suspension(state)
    state = deal(state, bard, 1)
    state = evolve(state, on_turn=following)
    if state.config.called_under and asleep >= SLEEPS_FOR_THE_TABLE:
        return move_on(evolve(state, sleeper=bard, sleeper_votes=()), Phase.SLEEPER)
    return move_on(state, Phase.TURN)


def sleeper_deciders(state: LanternState) -> tuple[Seat, ...]:
    """At a table without a Barkeep, the seated Bards but the sleeper who have not voted
    yet on sending the sleeper Under The Table."""
    voted = {s for s, _ in state.sleeper_votes}
    return tuple(b for b in seated(state) if b != state.sleeper and b not in voted)


def send_under(state: LanternState, action: SendUnder) -> LanternState:
    """The Barkeep's call (or one vote at the table: more than half of the other Bards
    must say so) on the Bard asleep three turns in a row: Under The Table, or they stay."""
    bard = state.sleeper
    assert bard is not None
    ruled_by = Whos((action.seat,))
    send = action.send
    if barkeep_seat(state) is None:
        votes = state.sleeper_votes + ((action.seat, send),)
        state = evolve(state, sleeper_votes=votes)
        if sleeper_deciders(state):
            return state
        send = sum(v for _, v in votes) * 2 > len(votes)
        ruled_by = Whos(tuple(s for s, _ in votes))
    state = evolve(state, sleeper=None, sleeper_votes=())
    if not send:
        state = announce(state, EventKind.STAYS, bard=Who(bard), ruled_by=ruled_by)
        return move_on(state, Phase.TURN)
    state = announce(state, EventKind.UNDER_TABLE, bard=Who(bard))
    state = remove(state, bard)
    state = evolve(state, under_table=replace(state.under_table, bard, True))
    if state.on_turn == bard:
        state = evolve(state, on_turn=None)
    return check_suspension(evolve(state, phase=Phase.TURN))
