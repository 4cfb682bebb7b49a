"""What one seat of the Lantern may know: its view, and the secrets a finished tale reveals."""

from __future__ import annotations

from attrs import frozen

from rules.engine import Outcome, Prompt, Seat, read_log
from rules.lantern.benches import seater, time_out
from rules.lantern.choices import LanternChoices, choices_for
from rules.lantern.state import Attempt, Keeper, LanternState, Passage, Phase, Sleep
from rules.lantern.tavern import barkeep_seat, free_benches


@frozen
class BardSight:
    """What everyone sees of a Bard."""

    name: str
    bench: int | None
    cards: int
    ale: int
    asleep: int
    gone: bool


@frozen
class LanternReveal:
    """Every secret of a finished tale: each Bard's hand, as story elements, and their Ale."""

    hands: tuple[tuple[str, ...], ...]
    ale: tuple[int, ...]


@frozen
class LanternView:
    """One seat's view of the tavern (``seat=None``: the public status)."""

    seat: Seat | None
    phase: Phase
    bards: tuple[BardSight, ...]
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
    barkeep_seat: Seat | None
    """The Barkeep's seat (None: the table keeps the bar)."""
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


def view_of(state: LanternState, seat: Seat | None, current: Prompt | None) -> LanternView:
    """Only what ``seat`` may know (None: the public table); ``current`` is the prompt."""
    barkeep = seat is not None and seat == barkeep_seat(state)
    bard = seat is not None and not barkeep
    hand = state.hands[seat] if bard and seat is not None else ()
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
    finished = seat is None and state.result is not None
    lines, notes = read_log(state, seat, everything=barkeep)
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
        barkeep_seat=barkeep_seat(state),
        free_benches=free_benches(state),
        seater=seater(state),
        sleep_seconds=state.config.sleep_seconds,
        time_out=time_out(state),
        log=lines,
        outcome=state.result,
        hand=hand,
        hands=state.hands if barkeep else (),
        deck_cards=state.deck if barkeep else (),
        choices=choices_for(state, seat, current),
        notes=notes,
        reveal=_reveal(state) if finished else None,
    )


def _reveal(state: LanternState) -> LanternReveal:
    hands = tuple(tuple(state.elements[c] for c in hand) for hand in state.hands)
    return LanternReveal(hands, state.ale)
