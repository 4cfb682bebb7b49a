"""The Temptress's values: the kinds of things, config, clues, suitors, women,
the contest, the table.

Everything is frozen; the rule modules build new values with ``evolve``.
Secrets (hands, suits, piles, matches, the sorceress, clues) live here and
leave only through ``view``. The StrEnums' values are the save-file spellings;
``EventKind`` (what kind of moment each event of the story is) lives in
``event_kinds`` and is re-exported here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict

from attrs import frozen

from rules.cards import PlayingCard, Suit
from rules.chance import Chance
from rules.choices import Pick
from rules.engine import (
    Event,
    LogReading,
    Outcome,
    Prompt,
    Seat,
    asked_field,
    kept_field,
    reading_field,
)
from rules.temptress.event_kinds import EventKind as EventKind
from rules.temptress.public import SuitorPublic, WomanPublic
from rules.temptress.voice import IslandVoice

HAND_LIMIT = 7
BUDGET = 3
MAX_TARGETS = 3


class NarratorMode(StrEnum):
    """Who narrates: the machine (the island) or a person in a referee seat."""

    ISLAND = "island"
    PERSON = "person"


class Stage(StrEnum):
    """Where the table is."""

    FLOOR = "floor"
    CONTEST = "contest"
    SPEND = "spend"
    FINAL = "final"
    OVER = "over"


class ContestStage(StrEnum):
    """Where a contest (a courting action or an argument) is."""

    JOIN = "join"
    PLAY = "play"
    RAISE = "raise"
    FOLLOW = "follow"
    DRAW = "draw"
    TIE = "tie"
    VERDICT = "verdict"
    VOTE = "vote"
    ANSWER = "answer"
    STAKES = "stakes"
    REVIEW = "review"
    TRIM = "trim"


class PromptKind(StrEnum):
    """What a prompt asks for; a contest's prompts are named after its stages."""

    FAUX_PAS = "faux_pas"
    FLOOR = "floor"
    JOIN = "join"
    PLAY = "play"
    RAISE = "raise"
    FOLLOW = "follow"
    DRAW = "draw"
    TIE = "tie"
    VERDICT = "verdict"
    VOTE = "vote"
    ANSWER = "answer"
    STAKES = "stakes"
    REVIEW = "review"
    TRIM = "trim"
    SPEND = "spend"
    FINAL = "final"


class ContestKind(StrEnum):
    """A courting action aimed at a woman, or an argument between two suitors."""

    ACTION = "action"
    ARGUMENT = "argument"


class ExcelSpend(StrEnum):
    """What a Rapport chip buys inside an action (each at most once per action)."""

    REROLL = "reroll"
    PAIR = "pair"
    SUIT = "suit"


class VoteChoice(StrEnum):
    """An island-narrated table's vote on an extra Rapport chip for the actor."""

    YES = "yes"
    NO = "no"
    ABSTAIN = "abstain"


class StakeKind(StrEnum):
    """What one side of an argument wins if it wins."""

    SEE_MATCH_CLUES = "see_match_clues"
    SEE_SORCERESS_CLUES = "see_sorceress_clues"
    SEE_HAND = "see_hand"
    PROMISE = "promise"


class SpendChoice(StrEnum):
    """What a suitor spends all their Rapport on at the round end (or keeps it)."""

    REFILL = "refill"
    CLEAR = "clear"
    CLUE = "clue"
    KEEP = "keep"


class ClueKind(StrEnum):
    """The kinds of true statement a suitor may hold, in the order they are offered."""

    NOT_MATCH_SUIT = "not_match_suit"
    NOT_SORCERESS_SUIT = "not_sorceress_suit"
    MATCH_COLOUR = "match_colour"
    SORCERESS_COLOUR = "sorceress_colour"
    SHARES_MATCH = "shares_match"
    MATCH_PREFERENCE = "match_preference"
    PREFERENCE_OWNER = "preference_owner"
    WOMAN_SUIT = "woman_suit"


SORCERESS_KINDS = frozenset({ClueKind.NOT_SORCERESS_SUIT, ClueKind.SORCERESS_COLOUR})
"""The clues an argument's "see their sorceress clues" stake shows; all others are match clues."""


@frozen
class WomanSpec:
    """A woman as set up: her name and the line everyone may read about her."""

    name: str
    personality: str
    warm: str = ""
    """How she takes an approach that goes well, completing "Oriane ..." (from the pack)."""
    cool: str = ""
    """How she takes one that goes badly."""


@frozen
class TemptressConfig:
    """A table's setup.

    ``suitors`` are the suitor names in seat order; a person narrator sits in
    the seat after them. ``round_limit`` 0 means no limit.
    """

    suitors: tuple[str, ...]
    women: tuple[WomanSpec, ...]
    preference_pool: tuple[str, ...]
    narrator: NarratorMode = NarratorMode.ISLAND
    narrator_name: str = "The island"
    oldest: int = 0
    round_limit: int = 10
    preferences_each: int = 4
    personas: tuple[str, ...] = ()
    """Optional one-line personas, one per suitor, shown at the table."""
    voice: IslandVoice = IslandVoice()
    """The pack's words for the island's scenes."""
    fair_deal: bool = False
    """Matches are drawn in a shuffled seat order, so every seat is as likely to be the
    Tempted. New tables set it (``make_config``); a save made before it existed lacks it
    and replays the old deal, in seat order, which made the first seats the Tempted
    most often."""


# --- clues ---------------------------------------------------------------


@frozen(cache_hash=True)
class Clue:
    """One true statement a suitor holds.

    Which fields matter depends on ``kind``; ``positive`` is False for "does
    not" / "is not" forms.
    """

    kind: ClueKind
    suit: Suit | None = None
    woman: int | None = None
    suitor: int | None = None
    preference: str = ""
    red: bool | None = None
    positive: bool = True


# --- people ----------------------------------------------------------------


@frozen
class Woman:
    """A woman of the island and her secrets: suit, preferences, pile (top first)."""

    name: str
    personality: str
    suit: Suit
    preferences: tuple[str, ...]
    pile: tuple[PlayingCard, ...]
    shown: list[WomanPublic] = kept_field()
    """Her public face, once worked out (``views``): no part of her value."""


@frozen
class Suitor:
    """A suitor and everything only they (and the narrator) may know."""

    name: str
    hand: tuple[PlayingCard, ...]
    match: int
    clues: tuple[Clue, ...] = ()
    faceup: tuple[PlayingCard, ...] = ()
    """The hand cards lying face up for Faux Pas (always part of ``hand``)."""
    rapport: int = 0
    faux_pas: int = 0
    out: bool = False
    argued: bool = False
    """Started an argument this round."""
    immune: bool = False
    """Avoided an argument this round: nobody may start one with them."""
    draws: tuple[tuple[int, PlayingCard], ...] = ()
    """(woman, card) for every card this suitor drew from a pile."""
    seen: tuple[tuple[Seat, Clue], ...] = ()
    """(suitor, clue): other suitors' clues this suitor saw by winning an argument."""
    shown: list[SuitorPublic] = kept_field()
    """Their public face, once worked out (``views``): no part of their value."""
    clue_lines: list[tuple[str, ...]] = kept_field()
    """Their clues as sentences, once worked out (``views``): no part of their value."""
    retiring: list[Pick[Any]] = kept_field()
    """Their question while another holds the floor (retiring, which depends on their
    hand alone), once worked out (``choices``): no part of their value."""

    @property
    def reveals_owed(self) -> int:
        """Face-up cards still to choose: one per Faux Pas chip, as far as the hand allows."""
        return max(0, min(self.faux_pas, len(self.hand)) - len(self.faceup))


class SuitorChanges(TypedDict, total=False):
    """Any of a :class:`Suitor`'s fields, as ``table.with_suitor`` changes them."""

    name: str
    hand: tuple[PlayingCard, ...]
    match: int
    clues: tuple[Clue, ...]
    faceup: tuple[PlayingCard, ...]
    rapport: int
    faux_pas: int
    out: bool
    argued: bool
    immune: bool
    draws: tuple[tuple[int, PlayingCard], ...]
    seen: tuple[tuple[Seat, Clue], ...]


# --- the contest: a courting action or an argument ------------------------------


@frozen
class Play:
    """Cards one participant played toward one target, and what they added up to."""

    seat: Seat
    target: int
    """1, 2 or 3."""
    cards: tuple[PlayingCard, ...]
    bonus: int
    total: int


@frozen
class Stake:
    """What one side of an argument wins if it wins."""

    kind: StakeKind
    promise: str = ""


@frozen
class Approach:
    """How a suitor courts her in this action: their own words (``typed``), or a line the
    island drew from the pack for a suitor who typed none."""

    seat: Seat
    line: str
    typed: bool


@frozen
class Contest:
    """A courting action (solo or opposed) or an argument, while it is resolved."""

    kind: ContestKind
    actor: Seat
    stage: ContestStage
    woman: int | None = None
    description: str = ""
    participants: tuple[Seat, ...] = ()
    """In joining order: the actor first."""
    undecided: tuple[Seat, ...] = ()
    """Suitors still to say whether they join (stage JOIN)."""
    target: int = 0
    """The current target's number: 1, 2 or 3 (0 before the first roll)."""
    dice: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    """The value of every target rolled so far (the last is the current one, once fixed)."""
    to_play: tuple[Seat, ...] = ()
    """Participants still to play toward the current target, in order."""
    plays: tuple[Play, ...] = ()
    spends: tuple[tuple[Seat, ExcelSpend], ...] = ()
    """(seat, spend) for every excel spend made in this contest."""
    asked: tuple[Seat, ...] = ()
    """Stage RAISE: who may still raise, in order. Stage DRAW: who still draws a pile card."""
    raiser: Seat | None = None
    followers: tuple[Seat, ...] = ()
    """Participants playing toward the current (raised) target."""
    chips: int = 0
    """Arguments: the Rapport the initiator spent."""
    stakes: tuple[Stake | None, ...] = ()
    """Arguments: (initiator's, opponent's)."""
    stake_off: tuple[bool, ...] = (False, False)
    votes: tuple[tuple[Seat, VoteChoice], ...] = ()
    drawn: tuple[Seat, ...] = ()
    approaches: tuple[Approach, ...] = ()
    """Where the island narrates: each participant's approach, in joining order."""

    def approach_of(self, seat: Seat) -> Approach | None:
        return next((a for a in self.approaches if a.seat == seat), None)

    def total(self, seat: Seat, target: int) -> int | None:
        for play in self.plays:
            if play.seat == seat and play.target == target:
                return play.total
        return None

    def cards_of(self, seat: Seat) -> tuple[PlayingCard, ...]:
        return tuple(card for p in self.plays if p.seat == seat for card in p.cards)

    def budget_left(self, seat: Seat) -> int:
        return BUDGET - len(self.cards_of(seat))

    def spent(self, seat: Seat, spend: ExcelSpend) -> bool:
        return (seat, spend) in self.spends

    def reached(self, seat: Seat, target: int) -> bool:
        total = self.total(seat, target)
        return total is not None and total >= self.targets[target - 1]


class ContestChanges(TypedDict, total=False):
    """Any of a :class:`Contest`'s fields, as ``targets.changed`` changes them."""

    kind: ContestKind
    actor: Seat
    stage: ContestStage
    woman: int | None
    description: str
    participants: tuple[Seat, ...]
    undecided: tuple[Seat, ...]
    target: int
    dice: tuple[int, ...]
    targets: tuple[int, ...]
    to_play: tuple[Seat, ...]
    plays: tuple[Play, ...]
    spends: tuple[tuple[Seat, ExcelSpend], ...]
    asked: tuple[Seat, ...]
    raiser: Seat | None
    followers: tuple[Seat, ...]
    chips: int
    stakes: tuple[Stake | None, ...]
    stake_off: tuple[bool, ...]
    votes: tuple[tuple[Seat, VoteChoice], ...]
    drawn: tuple[Seat, ...]
    approaches: tuple[Approach, ...]


@frozen
class Retirement:
    """A retirement as announced to the table: the hand shown, who was named, the verdict.
    While the game goes on, a suitor's view has ``None`` for both halves of a failed one:
    the table learns only that it failed, not which half was wrong."""

    seat: Seat
    hand: tuple[PlayingCard, ...]
    accused: int
    right_suit: bool | None
    right_woman: bool | None


# --- the table -----------------------------------------------------------------


@frozen
class TemptressState:
    """The whole table. Only ``view`` shows parts of it to a seat."""

    config: TemptressConfig
    chance: Chance
    suitors: tuple[Suitor, ...]
    women: tuple[Woman, ...]
    sorceress: int
    discard: tuple[PlayingCard, ...]
    round: int = 1
    stage: Stage = Stage.FLOOR
    last_actor: Seat | None = None
    declined: tuple[Seat, ...] = ()
    opened: bool = False
    """The oldest suitor has had the first claim on the floor."""
    had_turn: tuple[Seat, ...] = ()
    """Suitors who have acted or declined at the floor since every suitor last had: a
    round that ends before they all have cuts the others short."""
    first_claims: tuple[Seat, ...] = ()
    """Suitors cut short last round who have not yet had their first claim this round."""
    contest: Contest | None = None
    queue: tuple[Seat, ...] = ()
    """Stage SPEND: who spends next, in order. Stage FINAL: who may still retire."""
    refilled: tuple[Seat, ...] = ()
    """Stage SPEND: who refilled by choice this round end."""
    pile_emptied: bool = False
    """A pile ran out during the current contest: the round ends after it."""
    pacts: tuple[str, ...] = ()
    retirements: tuple[Retirement, ...] = ()
    actions_taken: int = 0
    log: tuple[Event, ...] = ()
    result: Outcome | None = None
    asked: list[Prompt | None] = asked_field()
    read: list[LogReading] = reading_field()
    floor_open: list[tuple[Seat, ...]] = kept_field()
    """Who may act at the open floor, once worked out (``floor.floor_seats``)."""
    still_in: list[tuple[Seat, ...]] = kept_field()
    """``active``, once worked out."""

    @property
    def narrator_seat(self) -> Seat | None:
        """The referee seat when a person narrates (after the suitors), else None."""
        return len(self.suitors) if self.config.narrator == NarratorMode.PERSON else None

    @property
    def active(self) -> tuple[Seat, ...]:
        """Suitors still in the game, in seat order."""
        if not self.still_in:
            self.still_in.append(tuple(i for i, s in enumerate(self.suitors) if not s.out))
        return self.still_in[0]

    @property
    def tempted(self) -> Seat | None:
        return next((i for i, s in enumerate(self.suitors) if s.match == self.sorceress), None)
