"""What one seat may see: a suitor's view, the narrator's console, the public table,
and every secret once the game is over."""

from __future__ import annotations

from attrs import frozen

from rules.cards import PlayingCard, Suit
from rules.engine import Outcome, Seat, read_log
from rules.temptress import clues, floor
from rules.temptress.choice_types import SeatChoices
from rules.temptress.choices import choices_for
from rules.temptress.prompts import prompt
from rules.temptress.public import SuitorPublic, WomanPublic
from rules.temptress.state import (
    Clue,
    Contest,
    NarratorMode,
    PromptKind,
    Retirement,
    Stage,
    Suitor,
    TemptressState,
    Woman,
)


@frozen
class Secrets:
    """The narrator's console: every secret (None in any suitor's view)."""

    suits: tuple[Suit, ...]
    sorceress: int
    matches: tuple[int, ...]
    hands: tuple[tuple[PlayingCard, ...], ...]
    piles: tuple[tuple[PlayingCard, ...], ...]
    preferences: tuple[tuple[str, ...], ...]
    clues: tuple[tuple[Clue, ...], ...]
    discard: tuple[PlayingCard, ...]


@frozen
class WomanRevealed:
    """A woman's secrets, shown once the game is over."""

    name: str
    suit: Suit
    sorceress: bool
    pile: tuple[PlayingCard, ...]
    """What is left of her pile, top first."""
    preferences: tuple[str, ...]


@frozen
class SuitorRevealed:
    """A suitor's secrets, shown once the game is over."""

    name: str
    match: int
    tempted: bool
    out: bool
    hand: tuple[PlayingCard, ...]
    clues: tuple[str, ...]
    """The clues they held, as sentences."""


@frozen
class TemptressReveal:
    """Every secret of a finished game, for the resolution screen."""

    women: tuple[WomanRevealed, ...]
    suitors: tuple[SuitorRevealed, ...]
    pacts: tuple[str, ...]


@frozen
class TemptressView:
    """One seat's view of the table (``seat=None``: the public table)."""

    seat: Seat | None
    round: int
    round_limit: int
    stage: Stage
    narrator: NarratorMode
    narrator_name: str
    narrator_seat: Seat | None
    """The person narrator's seat (after the suitors), None when the island narrates."""
    suitors: tuple[SuitorPublic, ...]
    women: tuple[WomanPublic, ...]
    discard_size: int
    contest: Contest | None
    last_actor: Seat | None
    declined: tuple[Seat, ...]
    opened: bool
    """The oldest suitor has had the first claim on the floor."""
    first_claims: tuple[Seat, ...]
    """Suitors the last round cut short who have not yet had their first claim."""
    may_claim: tuple[Seat, ...]
    queue: tuple[Seat, ...]
    pacts: tuple[str, ...]
    retirements: tuple[Retirement, ...]
    log: tuple[str, ...]
    outcome: Outcome | None
    hand: tuple[PlayingCard, ...] = ()
    clues: tuple[Clue, ...] = ()
    clue_texts: tuple[str, ...] = ()
    tempted: bool = False
    draws: tuple[tuple[int, PlayingCard], ...] = ()
    seen: tuple[tuple[Seat, Clue], ...] = ()
    discard: tuple[PlayingCard, ...] = ()
    """The discard pile's cards: only for a suitor refilling by choice now, or the narrator."""
    secrets: Secrets | None = None
    personas: tuple[str, ...] = ()
    choices: SeatChoices | None = None
    """What this seat may decide now (see ``rules.temptress.choices``); None in the public
    view and whenever the seat has nothing to decide."""
    notes: tuple[str, ...] = ()
    """The private lines of the story addressed to this seat, oldest first."""
    reveal: TemptressReveal | None = None
    """Every secret, in the public view of a finished game only."""


def view(state: TemptressState, seat: Seat | None) -> TemptressView:
    """Only what ``seat`` may know; the narrator seat sees everything; None: the public table."""
    current = prompt(state)
    narrator = seat is not None and seat == state.narrator_seat
    suitor = state.suitors[seat] if seat is not None and not narrator else None
    spending_now = (
        current is not None
        and current.kind == PromptKind.SPEND
        and current.seats == (seat,)
        and not narrator
    )
    lines, notes = read_log(state, seat, everything=narrator)
    return TemptressView(
        seat=seat,
        round=state.round,
        round_limit=state.config.round_limit,
        stage=state.stage,
        narrator=state.config.narrator,
        narrator_name=state.config.narrator_name,
        narrator_seat=state.narrator_seat,
        suitors=tuple(_suitor_public(s) for s in state.suitors),
        women=tuple(_woman_public(w) for w in state.women),
        discard_size=len(state.discard),
        contest=state.contest,
        last_actor=state.last_actor,
        declined=state.declined,
        opened=state.opened,
        first_claims=state.first_claims,
        may_claim=floor.floor_seats(state) if state.stage == Stage.FLOOR else (),
        queue=state.queue,
        pacts=state.pacts,
        retirements=state.retirements if narrator or state.result else _as_told(state),
        log=lines,
        outcome=state.result,
        hand=suitor.hand if suitor else (),
        clues=suitor.clues if suitor else (),
        clue_texts=_clue_lines(state, suitor) if suitor else (),
        tempted=bool(suitor and suitor.match == state.sorceress),
        draws=suitor.draws if suitor else (),
        seen=suitor.seen if suitor else (),
        discard=state.discard if (spending_now or narrator) else (),
        secrets=_secrets(state) if narrator else None,
        personas=state.config.personas,
        choices=choices_for(state, seat),
        notes=notes,
        reveal=_reveal(state) if seat is None and state.result is not None else None,
    )


def _suitor_public(s: Suitor) -> SuitorPublic:
    """What everyone sees of a suitor: worked out once per suitor value, which most
    steps leave as it was."""
    if not s.shown:
        s.shown.append(
            SuitorPublic(
                s.name, s.rapport, s.faux_pas, s.faceup, len(s.hand), s.out, s.argued, s.immune
            )
        )
    return s.shown[0]


def _woman_public(w: Woman) -> WomanPublic:
    if not w.shown:
        w.shown.append(WomanPublic(w.name, w.personality, len(w.pile)))
    return w.shown[0]


def _clue_lines(state: TemptressState, s: Suitor) -> tuple[str, ...]:
    """A suitor's clues as sentences (the table's names never change in a game)."""
    if not s.clue_lines:
        s.clue_lines.append(tuple(clues.clue_line(state, c) for c in s.clues))
    return s.clue_lines[0]


def _as_told(state: TemptressState) -> tuple[Retirement, ...]:
    """The retirements as the table heard them while the game goes on: every one failed
    (a right one ends the game), and which half was wrong stays a secret."""
    return tuple(Retirement(r.seat, r.hand, r.accused, None, None) for r in state.retirements)


def _secrets(state: TemptressState) -> Secrets:
    return Secrets(
        suits=tuple(w.suit for w in state.women),
        sorceress=state.sorceress,
        matches=tuple(s.match for s in state.suitors),
        hands=tuple(s.hand for s in state.suitors),
        piles=tuple(w.pile for w in state.women),
        preferences=tuple(w.preferences for w in state.women),
        clues=tuple(s.clues for s in state.suitors),
        discard=state.discard,
    )


def _reveal(state: TemptressState) -> TemptressReveal:
    return TemptressReveal(
        women=tuple(
            WomanRevealed(w.name, w.suit, i == state.sorceress, w.pile, w.preferences)
            for i, w in enumerate(state.women)
        ),
        suitors=tuple(
            SuitorRevealed(
                s.name,
                s.match,
                s.match == state.sorceress,
                s.out,
                s.hand,
                tuple(clues.clue_line(state, c) for c in s.clues),
            )
            for s in state.suitors
        ),
        pacts=state.pacts,
    )
