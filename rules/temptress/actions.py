"""The Temptress's actions: one small frozen class per kind of decision."""

from __future__ import annotations

from attrs import frozen

from rules.cards import PlayingCard
from rules.engine import Seat
from rules.temptress.state import SpendChoice, StakeKind, VoteChoice

# --- the open floor ---------------------------------------------------------


@frozen
class ClaimFloor:
    """Take an action aimed at a woman, with an optional line of description."""

    seat: Seat
    woman: int
    description: str = ""


@frozen
class Decline:
    """Let the floor pass (at the open floor), or retire no one (final retirements)."""

    seat: Seat


@frozen
class Retire:
    """Show a seven-card hand of one suit and name the sorceress."""

    seat: Seat
    accused: int


@frozen
class StartArgument:
    """Spend ``chips`` Rapport to start an argument with another suitor."""

    seat: Seat
    opponent: Seat
    chips: int


# --- inside a contest --------------------------------------------------------------


@frozen
class Join:
    """Say whether you join the action in opposition."""

    seat: Seat
    join: bool


@frozen
class Reroll:
    """Spend a Rapport chip to re-roll one die (0, 1 or 2) of the current target."""

    seat: Seat
    die: int


@frozen
class PlayCards:
    """Play 1-3 cards toward the current target, with the excel spends wanted."""

    seat: Seat
    cards: tuple[PlayingCard, ...]
    pair_bonus: bool = False
    suit_bonus: bool = False


@frozen
class RaiseStakes:
    """Raise the stakes (a new target) or stop here."""

    seat: Seat
    raise_: bool


@frozen
class Follow:
    """Arguments: follow the opponent's raise (play toward the new target) or not."""

    seat: Seat
    follow: bool


@frozen
class DrawFromPile:
    """After a third success: take the top card of a woman's pile, or (``woman`` None)
    draw nothing: the seed says the suitor *may* draw."""

    seat: Seat
    woman: int | None


@frozen
class RevealFauxPas:
    """Turn one card of your hand face up for a Faux Pas chip."""

    seat: Seat
    card: PlayingCard


@frozen
class Vote:
    """Island narrator: did that action earn an extra Rapport chip? yes, no or abstain."""

    seat: Seat
    vote: VoteChoice


@frozen
class AnswerArgument:
    """Spend the same Rapport to avoid the argument, or accept it."""

    seat: Seat
    avoid: bool


@frozen
class SetStake:
    """What you win if you win the argument."""

    seat: Seat
    kind: StakeKind
    promise: str = ""


# --- round end and final retirements ------------------------------------------------


@frozen
class SpendRapport:
    """Round end: spend all Rapport on refill, clear, clue, or keep it.

    ``cards`` are the discard-pile cards chosen for a refill; ``clue_kind``
    the kind of clue wanted (a ``ClueKind`` value; '' for the other choices).
    """

    seat: Seat
    choice: SpendChoice
    cards: tuple[PlayingCard, ...] = ()
    clue_kind: str = ""


# --- the narrator (a person) ----------------------------------------------------------


@frozen
class NarratorVerdict:
    """After an action: award Rapport chips to suitors; narrate a miss as a twist."""

    seat: Seat
    awards: tuple[Seat, ...] = ()
    twist: bool = False
    line: str = ""
    """The narrator's own words told with the ruling (none: '')."""


@frozen
class NarratorAward:
    """At the open floor: award one Rapport chip to a suitor for their role-play."""

    seat: Seat
    suitor: Seat
    line: str = ""


@frozen
class NarratorEndRound:
    """At the open floor: end the round now."""

    seat: Seat
    line: str = ""


@frozen
class NarratorSettleTie:
    """Decide which tied participant gets their intention."""

    seat: Seat
    winner: Seat
    line: str = ""


@frozen
class NarratorReviewStakes:
    """Accept both stakes of an argument, or reject some (those sides choose again)."""

    seat: Seat
    rejected: tuple[Seat, ...] = ()
    line: str = ""


@frozen
class NarratorTrim:
    """Before an argument is settled: reduce the played values of some sides to their
    targets (cards poured on beyond a target count only as the target)."""

    seat: Seat
    trimmed: tuple[Seat, ...] = ()
    line: str = ""


@frozen
class NarratorTells:
    """The narrator's own line to the table, at any moment of the game, whoever is asked."""

    seat: Seat
    text: str = ""


NARRATOR_RULINGS = (
    NarratorVerdict,
    NarratorAward,
    NarratorEndRound,
    NarratorSettleTie,
    NarratorReviewStakes,
    NarratorTrim,
)
"""The narrator's rulings: each may carry a ``line`` of the narrator's own words."""

Action = (
    ClaimFloor
    | Decline
    | Retire
    | StartArgument
    | Join
    | Reroll
    | PlayCards
    | RaiseStakes
    | Follow
    | DrawFromPile
    | RevealFauxPas
    | Vote
    | AnswerArgument
    | SetStake
    | SpendRapport
    | NarratorVerdict
    | NarratorAward
    | NarratorEndRound
    | NarratorSettleTie
    | NarratorReviewStakes
    | NarratorTrim
    | NarratorTells
)
"""Every Temptress action (``ACTION_TYPES``, as one type)."""

ACTION_TYPES = (
    ClaimFloor,
    Decline,
    Retire,
    StartArgument,
    Join,
    Reroll,
    PlayCards,
    RaiseStakes,
    Follow,
    DrawFromPile,
    RevealFauxPas,
    Vote,
    AnswerArgument,
    SetStake,
    SpendRapport,
    *NARRATOR_RULINGS,
    NarratorTells,
)
