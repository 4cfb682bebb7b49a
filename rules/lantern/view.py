"""What one seat of the Lantern may know: its view, and the secrets a finished tale reveals."""

from __future__ import annotations

from attrs import frozen

from rules.choices import Pick
from rules.engine import Outcome, Prompt, Seat, read_log
from rules.lantern.benches import seater, time_out
from rules.lantern.choices import LanternChoices, choices_for, interruption_for
from rules.lantern.state import (
    Attempt,
    Interrupt,
    Keeper,
    LanternState,
    Passage,
    Phase,
    Sleep,
)
from rules.lantern.tavern import (
    bard_seats,
    barkeep_name,
    barkeep_seat,
    free_benches,
    is_bard,
    names,
)
from rules.lantern.telling import open_play


@frozen
class BardSight:
    """What everyone sees of a Bard: ``seat`` is their seat (not their place in the list)."""

    seat: Seat
    name: str
    bench: int | None
    cards: int
    ale: int
    asleep: int
    gone: bool


@frozen
class LanternReveal:
    """Every secret of a finished tale: each Bard's hand, as story elements, and their Ale,
    in the order of ``LanternView.bards``."""

    hands: tuple[tuple[str, ...], ...]
    ale: tuple[int, ...]


@frozen
class LanternView:
    """One seat's view of the tavern (``seat=None``: the public status)."""

    seat: Seat | None
    phase: Phase
    bards: tuple[BardSight, ...]
    """Every Bard (of the roster, or who walked in), in seat order, each with their seat."""
    names: tuple[str, ...]
    """Every seat's name, by seat (Bards, Barkeeps, newcomers): what the story calls them."""
    benches: int
    turn: Seat | None
    table: tuple[str, ...]
    table_ids: tuple[int, ...]
    burned: int
    deck: int
    tale: tuple[Passage, ...]
    elements_named: tuple[tuple[int, str], ...]
    """The elements of the table, the tale and this seat's hand, by number."""
    attempt: Attempt | None
    words: tuple[int, int]
    barkeep: Keeper
    barkeep_name: str
    """Who keeps the bar now ("The table" without a Barkeep)."""
    barkeep_seat: Seat | None
    """The Barkeep's seat now (None: the table keeps the bar)."""
    free_benches: tuple[int, ...]
    seater: Seat | None
    """Whose seat sends ``SeatBard`` now (None: nobody, the tale is not between turns)."""
    sleep_seconds: int
    """The turn timer: a Bard on turn this long without a play has slept (0: off)."""
    time_out: Sleep | None
    """What the table declares when the turn timer runs out on the Bard on turn (who calls
    them asleep, and whether it sends them Under The Table); None when nobody can."""
    log: tuple[str, ...]
    outcome: Outcome | None
    hand: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    """Every hand: the Barkeep's console only."""
    deck_cards: tuple[int, ...] = ()
    """The deck: the Barkeep's console only."""
    choices: LanternChoices | None = None
    """What this seat may decide now (see ``rules.lantern.choices``). The window's question
    is public, but the cards offered under its ``interrupt`` are the Bard's own hand."""
    notes: tuple[str, ...] = ()
    """The private lines addressed to this seat (the cards it received), oldest first."""
    reveal: LanternReveal | None = None
    """Every hand and every Bard's Ale, once the tale is over (public view only)."""
    interruption: Pick[Interrupt] | None = None
    """The cards of this Bard's hand they may interrupt the open play with now, out of
    turn (before or after its ruling, until the next play begins); None when they may
    not. Their own hand: a Bard's view only."""
    open_play: Attempt | None = None
    """The play open to interruption now: the one under review, or the last one ruled
    until the next play begins (public)."""
    sleeper: int | None = None
    """The Bard asleep three turns running whom the Barkeep (or the table) may send Under
    The Table now."""
    walk_ins: bool = False
    """Someone new may walk in (a tale begun before walk-ins: no), so a hosted tale opens a
    tavern door for newcomers' own terminals."""

    def bard(self, seat: Seat) -> BardSight:
        """What everyone sees of the Bard of ``seat`` (KeyError: no Bard has that seat)."""
        for sight in self.bards:
            if sight.seat == seat:
                return sight
        raise KeyError(seat)


def view_of(state: LanternState, seat: Seat | None, current: Prompt | None) -> LanternView:
    """Only what ``seat`` may know (None: the public table); ``current`` is the prompt."""
    barkeep = seat is not None and seat == barkeep_seat(state)
    bard = is_bard(state, seat)
    hand = state.hands[seat] if bard and seat is not None else ()
    named = set(state.table) | set(hand) | {p.card for p in state.tale if p.card is not None}
    for passage in state.tale:
        named |= set(passage.tied)
    for attempt in (state.attempt, state.last_play):
        if attempt is None:
            continue
        if attempt.card is not None:
            named.add(attempt.card)
        named |= {card for _, card in attempt.interruptions}
        named |= set(attempt.ties)
    if barkeep:
        named = set(range(len(state.elements)))
    finished = seat is None and state.result is not None
    every = names(state)
    lines, notes = read_log(state, seat)  # (every private line names the Barkeep of its day)
    return LanternView(
        seat=seat,
        phase=state.phase,
        bards=tuple(
            BardSight(
                b,
                every[b],
                state.benches[b],
                len(state.hands[b]),
                state.ale[b],
                state.asleep[b],
                state.under_table[b],
            )
            for b in bard_seats(state)
        ),
        names=every,
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
        barkeep_name=barkeep_name(state),
        barkeep_seat=barkeep_seat(state),
        free_benches=free_benches(state),
        seater=seater(state),
        sleep_seconds=state.config.sleep_seconds,
        walk_ins=state.config.walk_ins,
        time_out=time_out(state),
        log=lines,
        outcome=state.result,
        hand=hand,
        hands=state.hands if barkeep else (),
        deck_cards=state.deck if barkeep else (),
        choices=choices_for(state, seat, current),
        notes=notes,
        reveal=_reveal(state) if finished else None,
        interruption=interruption_for(state, seat) if bard else None,
        open_play=open_play(state),
        sleeper=state.sleeper,
    )


def _reveal(state: LanternState) -> LanternReveal:
    bards = bard_seats(state)
    hands = tuple(tuple(state.elements[c] for c in state.hands[b]) for b in bards)
    return LanternReveal(hands, tuple(state.ale[b] for b in bards))
