"""Ye Olde Rusty Lantern: new / prompt / apply / view / outcome, and its registry entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from rules.chance import Chance
from rules.engine import (
    Event,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Seat,
    TextOption,
)
from rules.lantern import help
from rules.lantern.bots import LanternBot
from rules.lantern.pack import LanternPack, default_pack, load_pack
from rules.lantern.state import (
    ACTION_TYPES,
    CLOSING,
    DENY_REASONS,
    DRY,
    INTERRUPTIONS,
    OVER,
    PERSON,
    RULING,
    SUSPENDED,
    TABLE,
    TURN,
    WINDOW,
    Attempt,
    BardSight,
    Closing,
    Interrupt,
    LanternConfig,
    LanternState,
    LanternView,
    Leave,
    Passage,
    PassTurn,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
    Sleep,
)

MIN_BENCHES, MAX_BENCHES = 2, 8
LONGEST_PLAY = 4000
SLEEPS_FOR_THE_TABLE = 3


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: LanternPack,
    texts: Mapping[str, str] | None = None,
) -> LanternConfig:
    """Seat names: the Bards (the first ones fill the benches; any beyond wait at the bar
    to join later), then the Barkeep when a person keeps the bar. Options: benches, hand,
    the word guideline, the turn timer, who keeps the bar."""
    texts = texts or {}
    person = bool(options.get("barkeep_person", 1))
    bards = tuple(names[:-1]) if person else tuple(names)
    extra = tuple(e.strip() for e in texts.get("elements", "").split(";") if e.strip())
    benches = int(options.get("benches", max(len(bards), MIN_BENCHES)))
    return LanternConfig(
        benches=benches,
        bards=bards,
        seated=tuple(index < benches for index in range(len(bards))),
        elements=tuple(dict.fromkeys(pack.elements + extra)),
        barkeep=PERSON if person else TABLE,
        barkeep_name=names[-1] if person else "The table",
        hand=int(options.get("hand", 7)),
        words=(int(options.get("words_min", 40)), int(options.get("words_max", 150))),
        sleep_seconds=int(options.get("sleep_minutes", 0)) * 60,
    )


def new(config: LanternConfig, seed: int) -> LanternState:
    roster = len(config.bards)
    if not MIN_BENCHES <= config.benches <= MAX_BENCHES:
        raise IllegalAction(f"A tavern has {MIN_BENCHES} to {MAX_BENCHES} benches.")
    if roster < 2 or len(config.seated) != roster:
        raise IllegalAction("A tale needs at least two Bards on the roster.")
    if len({n.strip().casefold() for n in config.bards}) != roster:
        raise IllegalAction("Every Bard needs a name of their own.")
    if sum(config.seated) > config.benches:
        raise IllegalAction("More Bards are seated than there are benches.")
    if config.hand < 1 or len(set(config.elements)) < config.hand * sum(config.seated):
        raise IllegalAction("There are not enough story elements to deal every Bard a hand.")
    low, high = config.words
    if not 1 <= low <= high:
        raise IllegalAction("The word guideline must run from a smaller to a larger number.")
    benches: list[int | None] = []
    for seated in config.seated:
        benches.append(len([b for b in benches if b is not None]) if seated else None)
    state = LanternState(
        config=config,
        chance=Chance(seed),
        elements=config.elements,
        deck=tuple(range(len(config.elements))),
        hands=((),) * roster,
        benches=tuple(benches),
        ale=(0,) * roster,
        asleep=(0,) * roster,
        under_table=(False,) * roster,
    )
    for bard in _seated(state):
        state = _deal(state, bard, config.hand)
    first = _seated(state)[0] if _seated(state) else None
    state = evolve(state, on_turn=first)
    state = _log(
        state,
        f"The Rusty Lantern opens with {config.benches} benches. "
        + ", ".join(config.bards[b] for b in _seated(state))
        + " take their seats"
        + (f"; {config.bards[first]} begins the tale." if first is not None else "."),
    )
    return _check_suspension(state)


# --- small helpers --------------------------------------------------------------------


def _log(state: LanternState, *texts: str) -> LanternState:
    return evolve(state, log=state.log + tuple(Event(t) for t in texts))


def _tell(state: LanternState, seat: Seat, text: str) -> LanternState:
    seats = (seat,) if _barkeep(state) is None else (seat, _barkeep(state))
    return evolve(state, log=state.log + (Event(text, seats),))  # type: ignore[arg-type]


def _barkeep(state: LanternState) -> Seat | None:
    return len(state.config.bards) if state.config.barkeep == PERSON else None


def _name(state: LanternState, seat: Seat) -> str:
    if seat == _barkeep(state):
        return state.config.barkeep_name
    return state.config.bards[seat]


def _seated(state: LanternState) -> tuple[Seat, ...]:
    """Seated Bards in bench order (clockwise round the table)."""
    seated = [b for b, bench in enumerate(state.benches) if bench is not None]
    return tuple(sorted(seated, key=lambda b: state.benches[b]))  # type: ignore[arg-type,return-value]


def _next(state: LanternState, bard: Seat) -> Seat | None:
    seated = _seated(state)
    if not seated:
        return None
    if bard not in seated:
        later = [b for b in seated if (state.benches[b] or 0) > (state.benches[bard] or -1)]
        return later[0] if later else seated[0]
    return seated[(seated.index(bard) + 1) % len(seated)]


def _words(text: str) -> int:
    return len(text.split())


def _replace(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _deal(state: LanternState, bard: Seat, count: int) -> LanternState:
    """Random cards from the deck; what the deck cannot give is owed until it is restocked."""
    deck, chance, hand = list(state.deck), state.chance, state.hands[bard]
    dealt = []
    for _ in range(count):
        if not deck:
            break
        index, chance = chance.below(len(deck))
        dealt.append(deck.pop(index))
    state = evolve(
        state,
        deck=tuple(deck),
        chance=chance,
        hands=_replace(state.hands, bard, hand + tuple(dealt)),
    )
    if dealt:
        names = ", ".join(state.elements[c] for c in dealt)
        state = _tell(state, bard, f"You receive: {names}.")
    short = count - len(dealt)
    if short:
        state = evolve(state, owed=state.owed + ((bard, short),))
    return state


def _burn(state: LanternState, bard: Seat, card: int) -> LanternState:
    hand = tuple(c for c in state.hands[bard] if c != card)
    return evolve(state, hands=_replace(state.hands, bard, hand), burned=state.burned + (card,))


def _goto(state: LanternState, phase: str) -> LanternState:
    """Move on, unless cards are owed: then the Barkeep must restock (or end) first."""
    if state.owed and phase != OVER:
        state = _log(state, "The deck has run dry: the Barkeep must add elements or end the tale.")
        return evolve(state, phase=DRY, after_dry=phase)
    return evolve(state, phase=phase)


def _check_suspension(state: LanternState) -> LanternState:
    seated = len(_seated(state))
    bad = seated < 2 or seated > state.config.benches
    if bad and state.phase in (TURN, SUSPENDED):
        if state.phase != SUSPENDED:
            state = _log(
                state, "The tale is suspended: it needs at least two Bards on the benches."
            )
        return evolve(state, phase=SUSPENDED)
    if not bad and state.phase == SUSPENDED:
        turn = state.on_turn if state.on_turn in _seated(state) else _seated(state)[0]
        state = evolve(state, phase=TURN, on_turn=turn)
        return _log(state, f"The tale goes on: it is {_name(state, turn)}'s turn.")
    return state


# --- prompts ------------------------------------------------------------------------------


def _voters(state: LanternState, *skip: Seat) -> tuple[Seat, ...]:
    return tuple(b for b in _seated(state) if b not in skip)


def _deciders(state: LanternState, *skip: Seat) -> tuple[Seat, ...]:
    """Who rules now: the Barkeep's seat, or the Bards of the table still to vote."""
    barkeep = _barkeep(state)
    if barkeep is not None:
        return (barkeep,)
    attempt = state.attempt
    voted = {s for s, _ in attempt.votes} if attempt else set()
    return tuple(b for b in _voters(state, *skip) if b not in voted)


def _interruption_skip(
    state: LanternState, attempt: Attempt, interrupter: Seat
) -> tuple[Seat, ...]:
    """Who does not vote on an interruption at the table: the two Bards it concerns, unless
    nobody else sits at the table (two Bards): then the interrupted Bard rules."""
    if _voters(state, attempt.bard, interrupter):
        return (attempt.bard, interrupter)
    return (interrupter,)


def prompt(state: LanternState) -> Prompt | None:
    phase = state.phase
    if phase == OVER:
        return None
    barkeep = _barkeep(state)
    if phase == SUSPENDED:
        seats = (
            (barkeep,)
            if barkeep is not None
            else (_seated(state) or tuple(range(len(state.config.bards))))
        )
        return Prompt(
            seats, SUSPENDED, "The tale is suspended: seat a Bard on a free bench.", False
        )
    if phase == TURN:
        assert state.on_turn is not None
        return Prompt(
            (state.on_turn,),
            TURN,
            f"{_name(state, state.on_turn)}: tell the next part of the tale, or pass.",
            True,
        )
    attempt = state.attempt
    if phase == WINDOW:
        assert attempt is not None
        who = ", ".join(_name(state, s) for s in attempt.asked)
        return Prompt(
            attempt.asked, WINDOW, f"{who}: interrupt with a card of yours, or let it go?", False
        )
    if phase == RULING:
        assert attempt is not None
        seats = _deciders(state, attempt.bard)
        text = (
            f"{'The Barkeep' if barkeep is not None else 'The table'} rules on "
            f"{_name(state, attempt.bard)}'s play."
        )
        return Prompt(seats, RULING, text, barkeep is not None)
    if phase == INTERRUPTIONS:
        assert attempt is not None
        interrupter = attempt.interruptions[0][0]
        seats = _deciders(state, *_interruption_skip(state, attempt, interrupter))
        return Prompt(
            seats,
            INTERRUPTIONS,
            f"Rule on {_name(state, interrupter)}'s interruption.",
            barkeep is not None,
        )
    if phase == DRY:
        seats = (barkeep,) if barkeep is not None else _seated(state)[:1]
        return Prompt(
            seats, DRY, "The deck is dry: add story elements, or end the tale.", barkeep is not None
        )
    if phase == CLOSING:
        assert state.last_success is not None
        return Prompt(
            (state.last_success,),
            CLOSING,
            f"{_name(state, state.last_success)} has won: write a closing passage.",
            False,
        )
    raise AssertionError(phase)


# --- apply ------------------------------------------------------------------------------------

_BETWEEN_TURNS = (TURN, SUSPENDED)


def apply(state: LanternState, action: Any) -> LanternState:
    current = prompt(state)
    if current is None:
        raise IllegalAction("The tale is over.")
    seat = getattr(action, "seat", None)
    seats = len(state.config.bards) + (1 if _barkeep(state) is not None else 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise IllegalAction("That seat is not at this table.")
    if isinstance(action, Leave):
        return _leave(state, seat)
    if isinstance(action, SeatBard):
        return _seat_bard(state, action)
    if isinstance(action, Sleep):
        return _sleep(state, action)
    if seat not in current.seats:
        raise IllegalAction(f"It is not {_name(state, seat)}'s turn: {current.text}")
    handlers = {
        (TURN, Play): _play,
        (TURN, PassTurn): _pass,
        (WINDOW, Interrupt): _interrupt,
        (RULING, Rule): _rule,
        (INTERRUPTIONS, RuleInterruption): _rule_interruption,
        (DRY, Restock): _restock,
        (SUSPENDED, Restock): _close_suspended,
        (CLOSING, Closing): _closing,
    }
    handler = handlers.get((state.phase, type(action)))
    if handler is None:
        raise IllegalAction(f"That is not possible now: {current.text}")
    return handler(state, action)  # type: ignore[operator]


def _play(state: LanternState, action: Play) -> LanternState:
    bard = action.seat
    text = action.text.strip()
    if len(text) > LONGEST_PLAY:
        raise IllegalAction(f"Keep a play under {LONGEST_PLAY} characters.")
    if action.card is not None and action.card not in state.hands[bard]:
        raise IllegalAction("Name a card from your own hand.")
    if any(t not in state.table for t in action.ties):
        raise IllegalAction("Only Loose Ends on the table can be tied off.")
    card = "" if action.card is None else f", naming {state.elements[action.card]}"
    state = _log(state, f"{_name(state, bard)} tells the tale ({_words(text)} words{card}).")
    asked = tuple(b for b in _voters(state, bard) if state.hands[b])
    attempt = Attempt(bard, text, action.card, tuple(action.ties), action.loose_end, asked=asked)
    return evolve(state, attempt=attempt, phase=WINDOW if asked else RULING)


def _interrupt(state: LanternState, action: Interrupt) -> LanternState:
    attempt = state.attempt
    assert attempt is not None
    seat = action.seat
    interruptions = attempt.interruptions
    if action.card is not None:
        if action.card not in state.hands[seat]:
            raise IllegalAction("Interrupt with a card from your own hand.")
        interruptions += ((seat, action.card),)
        state = _log(
            state, f"{_name(state, seat)} interrupts, naming {state.elements[action.card]}!"
        )
    asked = tuple(s for s in attempt.asked if s != seat)
    state = evolve(state, attempt=evolve(attempt, asked=asked, interruptions=interruptions))
    return state if asked else evolve(state, phase=RULING)


def _vote_done(state: LanternState, seat: Seat, verify: bool, *skip: Seat) -> bool | None:
    """Table mode: record a vote; the majority once everyone voted (None: still voting)."""
    attempt = state.attempt
    assert attempt is not None
    votes = attempt.votes + ((seat, verify),)
    return (
        None
        if _deciders(evolve(state, attempt=evolve(attempt, votes=votes)), *skip)
        else (sum(v for _, v in votes) * 2 > len(votes))
    )


def _rule(state: LanternState, action: Rule) -> LanternState:
    attempt = state.attempt
    assert attempt is not None
    bard = attempt.bard
    if _barkeep(state) is None:
        state = _log(
            state,
            f"{_name(state, action.seat)} votes {'to verify' if action.verify else 'to deny'}.",
        )
        outcome = _vote_done(state, action.seat, action.verify, bard)
        if outcome is None:
            votes = attempt.votes + ((action.seat, action.verify),)
            return evolve(state, attempt=evolve(attempt, votes=votes))
        verify, reason = outcome, "the table votes it down"
        loose_end, tied = attempt.loose_end, attempt.ties
    else:
        verify, loose_end, tied = action.verify, action.loose_end, tuple(action.tied)
        if not verify and action.reason not in DENY_REASONS:
            raise IllegalAction(
                "Deny with one of the reasons: " + "; ".join(DENY_REASONS.values()) + "."
            )
        if any(t not in state.table for t in tied):
            raise IllegalAction("Only Loose Ends on the table can be tied off.")
        if loose_end and attempt.card is None:
            raise IllegalAction("A play that named no card cannot make a Loose End.")
        reason = DENY_REASONS.get(action.reason, "")
    if verify:
        state = _verified(state, attempt, loose_end, tied)
    else:
        state = _denied(state, attempt, reason)
    attempt = evolve(state.attempt, votes=(), verified=verify)  # type: ignore[arg-type]
    state = evolve(state, attempt=attempt)
    return _next_interruption(state)


def _verified(
    state: LanternState, attempt: Attempt, loose_end: bool, tied: tuple[int, ...]
) -> LanternState:
    bard = attempt.bard
    card = attempt.card
    tied = tuple(dict.fromkeys(tied))
    if card is not None:
        hand = tuple(c for c in state.hands[bard] if c != card)
        state = evolve(state, hands=_replace(state.hands, bard, hand))
        if loose_end:
            state = evolve(state, table=state.table + (card,))
        else:
            state = evolve(state, burned=state.burned + (card,))
    table = tuple(t for t in state.table if t not in tied)
    ale = _replace(state.ale, bard, state.ale[bard] + len(tied))
    passage = Passage(bard, attempt.text, card, tied)
    state = evolve(
        state,
        table=table,
        burned=state.burned + tied,
        ale=ale,
        tale=state.tale + (passage,),
        last_success=bard,
        asleep=_replace(state.asleep, bard, 0),
    )
    lines = [f"The play is verified: {_name(state, bard)}'s passage joins the tale."]
    if card is not None and loose_end:
        lines.append(f"{state.elements[card]} lies on the table as a Loose End.")
    if tied:
        names = ", ".join(state.elements[t] for t in tied)
        lines.append(f"Tied off: {names}. {_name(state, bard)} earns {len(tied)} Ale.")
    return _log(state, *lines)


def _denied(state: LanternState, attempt: Attempt, reason: str) -> LanternState:
    bard = attempt.bard
    if attempt.card is not None:
        state = _burn(state, bard, attempt.card)
    state = _log(
        state,
        f"The play is denied: {reason}. {_name(state, bard)} takes two cards and the turn passes.",
    )
    state = _deal(state, bard, 2)
    return evolve(state, on_turn=_next(state, bard), asleep=_replace(state.asleep, bard, 0))


def _next_interruption(state: LanternState) -> LanternState:
    """Interruptions after a successful one are too late: burned, one card each."""
    attempt = state.attempt
    assert attempt is not None
    pending = attempt.interruptions
    while pending and attempt.interrupted_by is not None:
        seat, card = pending[0]
        state = _burn(state, seat, card)
        state = _log(
            state,
            f"{_name(state, seat)}'s interruption comes too late: "
            f"{state.elements[card]} is burned and they take a card.",
        )
        state = _deal(state, seat, 1)
        pending = pending[1:]
        attempt = evolve(attempt, interruptions=pending)
        state = evolve(state, attempt=attempt)
    if pending:
        return _goto(state, INTERRUPTIONS)
    return _finish_attempt(state)


def _rule_interruption(state: LanternState, action: RuleInterruption) -> LanternState:
    attempt = state.attempt
    assert attempt is not None
    seat, card = attempt.interruptions[0]
    if _barkeep(state) is None:
        skip = _interruption_skip(state, attempt, seat)
        outcome = _vote_done(state, action.seat, action.verify, *skip)
        if outcome is None:
            votes = attempt.votes + ((action.seat, action.verify),)
            return evolve(state, attempt=evolve(attempt, votes=votes))
        verify = outcome
    else:
        verify = action.verify
    state = _burn(state, seat, card)
    rest = attempt.interruptions[1:]
    if verify:
        state = _log(
            state,
            f"{_name(state, seat)}'s interruption stands: {state.elements[card]} "
            f"is burned, {_name(state, attempt.bard)} takes a card, and the tale is "
            f"{_name(state, seat)}'s.",
        )
        state = _deal(state, attempt.bard, 1)
        attempt = evolve(attempt, interrupted_by=seat)
        state = evolve(state, on_turn=seat)
    else:
        state = _log(
            state,
            f"{_name(state, seat)}'s interruption is denied: "
            f"{state.elements[card]} was not in the play. It is burned and they "
            "take two cards.",
        )
        state = _deal(state, seat, 2)
    state = evolve(state, attempt=evolve(attempt, interruptions=rest, votes=()))
    return _next_interruption(state)


def _finish_attempt(state: LanternState) -> LanternState:
    attempt = state.attempt
    assert attempt is not None
    bard = attempt.bard
    state = evolve(state, attempt=None)
    won = (
        attempt.verified
        and not state.hands[bard]
        and state.last_success == bard
        and not state.table
    )
    if won and all(b != bard for b, _ in state.owed):
        state = evolve(state, owed=())
        state = _log(
            state,
            f"{_name(state, bard)} has no cards left, no Loose Ends remain, and "
            "the last play was theirs: they win the tale!",
        )
        return evolve(state, phase=CLOSING)
    return _goto(state, TURN)


def _pass(state: LanternState, action: PassTurn) -> LanternState:
    bard = action.seat
    if action.burn is not None:
        if action.burn not in state.hands[bard]:
            raise IllegalAction("Burn a card from your own hand.")
        state = _burn(state, bard, action.burn)
        state = _log(state, f"{_name(state, bard)} passes and burns {state.elements[action.burn]}.")
    else:
        state = _log(state, f"{_name(state, bard)} passes.")
    state = _deal(state, bard, 1)
    state = evolve(state, on_turn=_next(state, bard), asleep=_replace(state.asleep, bard, 0))
    return _goto(state, TURN)


def time_out(state: LanternState) -> Sleep | None:
    """What the table declares when the turn timer runs out on the Bard on turn:
    asleep, called by the Barkeep or, at a table without one, by the next seated
    Bard; the third sleep in a row sends them Under The Table. None when nobody
    can call it (no Bard on turn, or no other Bard seated)."""
    if state.phase != TURN or state.on_turn is None:
        return None
    bard = state.on_turn
    caller = _barkeep(state)
    if caller is None:
        others = [b for b in _seated(state) if b != bard]
        if not others:
            return None
        caller = others[0]
    return Sleep(caller, under_table=state.asleep[bard] + 1 >= SLEEPS_FOR_THE_TABLE)


def _sleep(state: LanternState, action: Sleep) -> LanternState:
    if state.phase != TURN or state.on_turn is None:
        raise IllegalAction("Only a Bard on turn can be found asleep.")
    bard = state.on_turn
    barkeep = _barkeep(state)
    allowed = (
        (action.seat == barkeep)
        if barkeep is not None
        else (action.seat in _seated(state) and action.seat != bard)
    )
    if not allowed:
        raise IllegalAction(
            "Only the Barkeep (or, at a table without one, another Bard) may declare a Bard asleep."
        )
    asleep = state.asleep[bard] + 1
    if action.under_table and asleep < SLEEPS_FOR_THE_TABLE:
        raise IllegalAction("Under The Table needs three turns asleep in a row.")
    state = evolve(state, asleep=_replace(state.asleep, bard, asleep))
    state = _log(state, f"{_name(state, bard)} has fallen asleep and so has passed.")
    following = _next(state, bard)
    if action.under_table:
        state = _log(state, f"{_name(state, bard)} has gone Under The Table and leaves the tale.")
        state = _remove(state, bard)
        state = evolve(state, under_table=_replace(state.under_table, bard, True))
        state = evolve(state, on_turn=following if following != bard else None)
        return _check_suspension(state)
    state = _deal(state, bard, 1)
    return _goto(evolve(state, on_turn=following), TURN)


def _remove(state: LanternState, bard: Seat) -> LanternState:
    """The Bard's cards go back to the deck and their bench empties."""
    deck = state.deck + state.hands[bard]
    return evolve(
        state,
        deck=deck,
        hands=_replace(state.hands, bard, ()),
        benches=_replace(state.benches, bard, None),
    )


def _leave(state: LanternState, seat: Seat) -> LanternState:
    if state.phase not in _BETWEEN_TURNS:
        raise IllegalAction("Bards come and go between turns.")
    if seat >= len(state.config.bards) or state.benches[seat] is None:
        raise IllegalAction("Only a Bard on a bench can leave.")
    following = _next(state, seat)
    state = _log(state, f"{_name(state, seat)} leaves the tale; their cards go back to the deck.")
    state = _remove(state, seat)
    if state.on_turn == seat:
        state = evolve(state, on_turn=following if following != seat else None)
    return _check_suspension(state)


def _seat_bard(state: LanternState, action: SeatBard) -> LanternState:
    if state.phase not in _BETWEEN_TURNS:
        raise IllegalAction("Bards come and go between turns.")
    barkeep = _barkeep(state)
    if barkeep is not None and action.seat != barkeep:
        raise IllegalAction("The Barkeep chooses where a new Bard sits.")
    bard, bench = action.bard, action.bench
    if not 0 <= bard < len(state.config.bards) or state.benches[bard] is not None:
        raise IllegalAction("Seat a Bard of the roster who is not at the table.")
    if state.under_table[bard]:
        raise IllegalAction(f"{_name(state, bard)} went Under The Table and cannot come back.")
    if not 0 <= bench < state.config.benches or bench in state.benches:
        raise IllegalAction("Choose a free bench.")
    state = evolve(state, benches=_replace(state.benches, bard, bench))
    state = _log(state, f"{_name(state, bard)} joins the tale on bench {bench + 1}.")
    state = _deal(state, bard, state.config.hand)
    if state.on_turn is None:
        state = evolve(state, on_turn=bard)
    state = _check_suspension(state)
    return _goto(state, state.phase) if state.owed else state


def _close_suspended(state: LanternState, action: Restock) -> LanternState:
    """A suspended tale may be closed (no winner) when nobody can come back to it."""
    if action.elements:
        raise IllegalAction("New elements go into the deck only when it runs dry.")
    result = Outcome(
        (),
        tuple(range(len(state.config.bards))),
        "The tale was left unfinished: the tavern closed with too few Bards.",
    )
    state = _log(state, result.reason)
    return evolve(state, phase=OVER, result=result, owed=(), attempt=None)


def _restock(state: LanternState, action: Restock) -> LanternState:
    fresh = tuple(
        dict.fromkeys(
            e.strip() for e in action.elements if e.strip() and e.strip() not in state.elements
        )
    )
    if action.elements and not fresh:
        raise IllegalAction(
            "Those story elements are already in the tale: type new ones, or add none to end it."
        )
    if not fresh:
        result = Outcome(
            (),
            tuple(range(len(state.config.bards))),
            "The deck ran dry and the tale ends, rather lamely, with no winner.",
        )
        state = _log(state, result.reason)
        return evolve(state, phase=OVER, result=result, owed=())
    start = len(state.elements)
    state = evolve(
        state,
        elements=state.elements + fresh,
        deck=state.deck + tuple(range(start, start + len(fresh))),
    )
    state = _log(state, f"The Barkeep adds {len(fresh)} new story elements to the deck.")
    owed, state = state.owed, evolve(state, owed=())
    for bard, count in owed:
        state = _deal(state, bard, count)
    return _goto(state, state.after_dry)


def _closing(state: LanternState, action: Closing) -> LanternState:
    winner = action.seat
    text = action.text.strip()
    if len(text) > LONGEST_PLAY:
        raise IllegalAction(f"Keep the closing passage under {LONGEST_PLAY} characters.")
    if text:
        state = evolve(state, tale=state.tale + (Passage(winner, text, None),))
    others = tuple(b for b in range(len(state.config.bards)) if b != winner)
    result = Outcome((winner,), others, f"{_name(state, winner)} told the tale to its end.")
    state = _log(state, result.reason)
    return evolve(state, phase=OVER, result=result)


# --- views -----------------------------------------------------------------------------------


def view(state: LanternState, seat: Seat | None) -> LanternView:
    barkeep = seat is not None and seat == _barkeep(state)
    bard = seat is not None and not barkeep
    hand = state.hands[seat] if bard else ()  # type: ignore[index]
    named = set(state.table) | set(hand) | {p.card for p in state.tale if p.card is not None}
    for passage in state.tale:
        named |= set(passage.tied)
    if state.attempt is not None:
        if state.attempt.card is not None:
            named.add(state.attempt.card)
        named |= {card for _, card in state.attempt.interruptions}
        named |= set(state.attempt.ties)
    if barkeep:
        named = set(range(len(state.elements)))
    return LanternView(
        seat=seat,
        phase=state.phase,
        bards=tuple(
            BardSight(
                name,
                state.benches[b],
                len(state.hands[b]),
                state.ale[b],
                state.asleep[b],
                state.under_table[b],
            )
            for b, name in enumerate(state.config.bards)
        ),
        benches=state.config.benches,
        turn=state.on_turn,
        table=tuple(state.elements[c] for c in state.table),
        table_ids=state.table,
        burned=len(state.burned),
        deck=len(state.deck),
        tale=state.tale,
        elements_named=tuple((c, state.elements[c]) for c in sorted(named)),
        attempt=state.attempt,
        words=state.config.words,
        barkeep=state.config.barkeep,
        barkeep_name=state.config.barkeep_name,
        log=tuple(e.text for e in state.log if barkeep or e.visible_to(seat)),
        outcome=state.result,
        hand=hand,
        hands=state.hands if barkeep else (),
        deck_cards=state.deck if barkeep else (),
    )


def outcome(state: LanternState) -> Outcome | None:
    return state.result


def seat_names(state: LanternState) -> tuple[str, ...]:
    names = state.config.bards
    return names + ((state.config.barkeep_name,) if _barkeep(state) is not None else ())


def secrets_of(state: LanternState, seat: Seat) -> tuple[str, ...]:
    """A Bard's hand and private events (elements named publicly are no secret)."""
    if seat >= len(state.config.bards):
        return ()
    public = set(state.table) | {p.card for p in state.tale}
    hand = tuple(state.elements[c] for c in state.hands[seat] if c not in public)
    private = tuple(e.text for e in state.log if e.seats is not None and e.seats[0] == seat)
    return hand + private


def game_stats(state: LanternState) -> dict[str, float]:
    return {"passages": float(len(state.tale)), "burned": float(len(state.burned))}


LANTERN: GameInfo[LanternState] = GameInfo(
    id="lantern",
    title="Ye Olde Rusty Lantern",
    pitch="Bards spin one tale together, playing story elements into it; a Barkeep referees.",
    min_seats=3,
    max_seats=MAX_BENCHES + 1,
    options=(
        OptionSpec(
            "barkeep_person",
            "Barkeep person",
            1,
            0,
            1,
            "1: the last seat is a person Barkeep; 0: the table votes on plays.",
        ),
        OptionSpec("benches", "Benches", 4, MIN_BENCHES, MAX_BENCHES, "Seats round the table."),
        OptionSpec("hand", "Starting hand", 7, 1, 12, "Cards each Bard is dealt on joining."),
        OptionSpec("words_min", "Fewest words", 40, 1, 1000, "The guideline's lower end."),
        OptionSpec("words_max", "Most words", 150, 1, 2000, "The guideline's upper end."),
        OptionSpec(
            "sleep_minutes",
            "Turn timer",
            0,
            0,
            60,
            "Minutes before a Bard on turn falls asleep (0: no timer).",
        ),
    ),
    config_type=LanternConfig,
    action_types=ACTION_TYPES,
    state_type=LanternState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=LanternBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    seat_names=seat_names,
    secrets_of=secrets_of,
    default_seats=4,
    game_stats=game_stats,
    text_options=lambda pack: (TextOption("elements", "Own elements", "", 2000),),
)
