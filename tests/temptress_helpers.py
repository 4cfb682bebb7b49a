"""Shared helpers for The Temptress's rules tests.

Hand-built tables start from a fresh game and are rearranged with
``attrs.evolve``: ``known_table`` fixes every secret (suits, piles, matches,
the sorceress), ``arrange`` deals chosen cards while keeping all 52 cards in
exactly one place, and ``dice`` loads the next draws of the state's Chance.
Everything else goes through the public API (``new`` / ``prompt`` / ``apply``
/ ``view`` / ``outcome``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from itertools import chain, combinations
from typing import Any

from attrs import evolve

from rules.cards import PlayingCard, Suit, standard_deck
from rules.chance import Chance, loaded
from rules.engine import IllegalAction, Seat
from rules.session import BOT, SeatPlan, Session
from rules.temptress import clues, game
from rules.temptress.actions import (
    AnswerArgument,
    ClaimFloor,
    Decline,
    DrawFromPile,
    Follow,
    Join,
    NarratorAward,
    NarratorEndRound,
    NarratorReviewStakes,
    NarratorSettleTie,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Reroll,
    Retire,
    RevealFauxPas,
    SetStake,
    SpendRapport,
    StartArgument,
    Vote,
)
from rules.temptress.game import TEMPTRESS
from rules.temptress.pack import TemptressPack, default_pack
from rules.temptress.state import (
    CLEAR,
    CLUE,
    CLUE_KINDS,
    CONTEST,
    HAND_LIMIT,
    KEEP,
    MATCH_PREFERENCE,
    NOT_MATCH_SUIT,
    NOT_SORCERESS_SUIT,
    OVER,
    REFILL,
    STAKE_KINDS,
    Clue,
    TemptressConfig,
    TemptressState,
)
from tests.rules_support import applied, new_events, new_lines, refused_by

NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie")
NARRATOR = "Nora"
ADA, BASIL, CORA, DMITRI, EDIE = range(5)
# The default pack's first four women, in seat order of the women.
ORIANE, SERAPHINE, ISOLDE, MARISOL = range(4)

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
_SUITS = {"C": C, "D": D, "H": H, "S": S}
_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}


@cache
def pack() -> TemptressPack:
    return default_pack()


def config(
    suitors: int = 5, *, person: bool = False, oldest: int = 1, round_limit: int = 10
) -> TemptressConfig:
    """A table made the way the app makes it (``make_config``)."""
    names = NAMES[:suitors] + ((NARRATOR,) if person else ())
    options = {"narrator_person": int(person), "oldest": oldest, "round_limit": round_limit}
    return game.make_config(names, options, pack())


def fresh(seed: int = 0, suitors: int = 5, **options: Any) -> TemptressState:
    return game.new(config(suitors, **options), seed)


# --- cards ------------------------------------------------------------------------


def card(text: str) -> PlayingCard:
    """``"5H"`` -> five of hearts, ``"10C"``, ``"QS"``, ``"AD"``."""
    rank, suit = text[:-1], _SUITS[text[-1]]
    return PlayingCard(_RANKS.get(rank) or int(rank), suit)


def cards(text: str) -> tuple[PlayingCard, ...]:
    return tuple(card(t) for t in text.split())


DECK = frozenset(standard_deck())


def all_cards(state: TemptressState) -> list[PlayingCard]:
    """Every card of the table wherever it is: hands, piles, discard, the contest."""
    played = () if state.contest is None else [c for p in state.contest.plays for c in p.cards]
    return list(
        chain(
            *(s.hand for s in state.suitors),
            *(w.pile for w in state.women),
            state.discard,
            played,
        )
    )


# --- hand-built tables ------------------------------------------------------------------

KNOWN_SUITS = (C, D, H, S)
"""known_table: Oriane clubs, Seraphine diamonds, Isolde hearts, Marisol spades."""
KNOWN_SORCERESS = MARISOL
KNOWN_MATCHES = (ORIANE, SERAPHINE, ISOLDE, ORIANE, MARISOL)
"""known_table: Ada and Dmitri court Oriane's heart, Edie is the Tempted."""
KNOWN_PILES = ("JC QC KC AS", "JD QD KD AC", "JH QH KH AD", "JS QS KS AH")
"""Top first: each suit gives its ace to the next suit's pile (a derangement)."""


def known_table(
    suitors: int = 5,
    *,
    person: bool = False,
    round_limit: int = 10,
    oldest: int = 1,
    seed: int = 0,
) -> TemptressState:
    """A fresh table whose secrets are the KNOWN_* values, with true starter clues.

    Hands are the number cards in order (2C 2D 2H 2S 3C 3D 3H for Ada, ...), the
    rest start the discard; tests deal what they need with ``arrange``.
    """
    state = fresh(seed, suitors, person=person, round_limit=round_limit, oldest=oldest)
    women = tuple(
        evolve(w, suit=KNOWN_SUITS[i], pile=cards(KNOWN_PILES[i]))
        for i, w in enumerate(state.women)
    )
    suitors_ = []
    for seat, suitor in enumerate(state.suitors):
        match = KNOWN_MATCHES[seat]
        not_match = next(s for s in (H, C) if s != KNOWN_SUITS[match])
        starter = (
            Clue(NOT_MATCH_SUIT, suit=not_match),
            Clue(NOT_SORCERESS_SUIT, suit=C),
            Clue(MATCH_PREFERENCE, preference=women[match].preferences[0]),
        )
        suitors_.append(evolve(suitor, match=match, clues=starter))
    numbers = sorted(c for c in standard_deck() if not c.is_honour)
    # Whatever the seed dealt, hands are the number cards in order: 7 each, rest discarded.
    hands = [tuple(numbers[i * HAND_LIMIT : (i + 1) * HAND_LIMIT]) for i in range(suitors)]
    suitors_ = [evolve(s, hand=hands[i]) for i, s in enumerate(suitors_)]
    return evolve(
        state,
        women=women,
        sorceress=KNOWN_SORCERESS,
        suitors=tuple(suitors_),
        discard=tuple(numbers[suitors * HAND_LIMIT :]),
    )


def arrange(
    state: TemptressState,
    hands: dict[Seat, str] | None = None,
    *,
    discard: str | None = None,
    piles: dict[int, str] | None = None,
) -> TemptressState:
    """Deal the named cards where asked and keep all 52 cards in exactly one place.

    Cards named for a hand, pile or the discard leave wherever they were; a
    hand's or pile's old cards that nobody claimed go to the discard pile
    (unless the discard is given too, then to the end of it, after the given cards).
    """
    hands = {seat: cards(text) for seat, text in (hands or {}).items()}
    piles = {woman: cards(text) for woman, text in (piles or {}).items()}
    given_discard = cards(discard) if discard is not None else None
    placed = [c for group in chain(hands.values(), piles.values()) for c in group]
    placed += list(given_discard or ())
    assert len(placed) == len(set(placed)), "a card is dealt twice"
    taken = set(placed)
    leftovers: list[PlayingCard] = []
    suitors = []
    for seat, suitor in enumerate(state.suitors):
        if seat in hands:
            leftovers += [c for c in suitor.hand if c not in taken]
            suitors.append(evolve(suitor, hand=hands[seat], faceup=()))
        else:
            hand = tuple(c for c in suitor.hand if c not in taken)
            suitors.append(evolve(suitor, hand=hand, faceup=tuple(suitor.faceup)))
    women = []
    for w, woman in enumerate(state.women):
        if w in piles:
            leftovers += [c for c in woman.pile if c not in taken]
            women.append(evolve(woman, pile=piles[w]))
        else:
            women.append(evolve(woman, pile=tuple(c for c in woman.pile if c not in taken)))
    old_discard = tuple(c for c in state.discard if c not in taken)
    if given_discard is None:
        new_discard = old_discard + tuple(leftovers)
    else:
        new_discard = given_discard + old_discard + tuple(leftovers)
    state = evolve(state, suitors=tuple(suitors), women=tuple(women), discard=new_discard)
    assert Counter(all_cards(state)) == Counter(DECK)
    return state


def short_piles(state: TemptressState, keep: int = 1) -> TemptressState:
    """Only the top ``keep`` cards stay in each pile; the other honours go to the discard."""
    piles = {w: " ".join(_label(c) for c in x.pile[:keep]) for w, x in enumerate(state.women)}
    return arrange(state, piles=piles)


def honours_in_hands(state: TemptressState, piles_left: int = 4) -> TemptressState:
    """One card left in each of the first ``piles_left`` piles (the others empty), and the
    other honours dealt into the hands in place of the lowest number cards: third
    successes, empty piles and the final retirements come soon."""
    state = short_piles(state, 1)
    state = arrange(state, piles={w: "" for w in range(piles_left, 4)})
    honours = sorted(c for c in state.discard if c.is_honour)
    seats = len(state.suitors)
    hands: dict[Seat, str] = {}
    for seat, s in enumerate(state.suitors):
        mine = honours[seat::seats]
        kept = sorted(s.hand, key=lambda c: -c.rank)[: HAND_LIMIT - len(mine)]
        hands[seat] = " ".join(_label(c) for c in (*kept, *mine))
    return arrange(state, hands)


def _label(c: PlayingCard) -> str:
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(c.rank, str(c.rank))
    return rank + c.suit.letter


def suitor(state: TemptressState, seat: Seat, **changes: Any) -> TemptressState:
    """The state with one suitor's fields changed (rapport, faux_pas, faceup, ...)."""
    suitors = list(state.suitors)
    suitors[seat] = evolve(suitors[seat], **changes)
    return evolve(state, suitors=tuple(suitors))


def dice(state: TemptressState, *faces: int) -> TemptressState:
    """Load the next d10 rolls: ``dice(state, 5, 7, 3)`` makes the next 3d10 show 5, 7, 3.

    ``Chance.roll(10)`` returns a drawn value plus one, so the script holds faces - 1.
    """
    assert all(1 <= f <= 10 for f in faces)
    return evolve(state, chance=loaded(*(f - 1 for f in faces)))


def draws(state: TemptressState, *values: int) -> TemptressState:
    """Load the next raw draws (``Chance.below``) exactly as given."""
    return evolve(state, chance=loaded(*values))


def opened(state: TemptressState, last_actor: Seat | None = None) -> TemptressState:
    """The floor after the oldest's first claim: anyone may act (but ``last_actor``)."""
    return evolve(state, opened=True, last_actor=last_actor)


# --- applying actions -------------------------------------------------------------------


act = partial(applied, game.apply)
refused = partial(refused_by, game.apply)
lines = new_lines
events = new_events


def claim(
    state: TemptressState,
    seat: Seat,
    woman: int,
    *,
    joiners: tuple[Seat, ...] = (),
    description: str = "",
) -> TemptressState:
    """``seat`` claims an action; ``joiners`` join in that order, everyone else stays out."""
    state = game.apply(state, ClaimFloor(seat, woman, description))
    contest = state.contest
    assert contest is not None
    if contest.stage != "join":
        assert not joiners
        return state
    stay_out = [s for s in contest.undecided if s not in joiners]
    for s in (*joiners, *stay_out):
        state = game.apply(state, Join(s, s in joiners))
    return state


def vote_all(state: TemptressState, choice: str = "no") -> TemptressState:
    """The island's voters all vote ``choice``."""
    contest = state.contest
    assert contest is not None and contest.stage == "vote"
    for seat in contest.asked:
        state = game.apply(state, Vote(seat, choice))
    return state


def prompt_kind(state: TemptressState) -> str | None:
    current = game.prompt(state)
    return None if current is None else current.kind


# --- invariants -------------------------------------------------------------------------


def check_invariants(state: TemptressState, before: TemptressState | None = None) -> None:
    """Everything that must hold after every action.

    Hands: never more than seven cards. The seed allows a pile draw to add a card
    to a full hand, but in this engine a suitor only draws after a third success,
    which means they have just played their whole three-card budget, so a drawer
    holds at most 7 - 3 + 1 = 5 cards: no exception is needed, and none is made.
    """
    # Cards: all 52, each in exactly one place.
    found = all_cards(state)
    assert len(found) == 52, f"{len(found)} cards on the table"
    assert set(found) == DECK
    for woman in state.women:
        assert len(woman.pile) <= 4
    current = game.prompt(state)
    reveal_pending = current is not None and current.kind == "faux_pas"
    tempted = [i for i, s in enumerate(state.suitors) if s.match == state.sorceress]
    assert len(tempted) <= 1
    for seat, s in enumerate(state.suitors):
        assert s.rapport >= 0 and s.faux_pas >= 0, f"{s.name}: negative chips"
        assert len(s.hand) <= HAND_LIMIT, f"{s.name} holds {len(s.hand)} cards"
        assert len(set(s.hand)) == len(s.hand)
        assert set(s.faceup) <= set(s.hand)
        assert len(set(s.faceup)) == len(s.faceup)
        assert len(s.faceup) <= min(s.faux_pas, len(s.hand))
        if not reveal_pending:
            assert len(s.faceup) == min(s.faux_pas, len(s.hand)), f"{s.name}: face-up cards"
        for clue in s.clues:
            assert clues.is_true(state, seat, clue), f"{s.name} holds a false clue {clue}"
        assert len(set(s.clues)) == len(s.clues)
        if s.out:
            assert s.hand == () and s.faceup == ()
        for woman, drawn in s.draws:
            assert drawn.is_honour and 0 <= woman < 4
    # The stage, the prompt and the outcome agree.
    assert (state.stage == OVER) == (state.result is not None) == (current is None)
    assert (state.contest is not None) == (state.stage == CONTEST)
    if current is not None:
        assert current.seats, f"nobody is asked to act: {current.text}"
        narrator = state.narrator_seat
        for seat in current.seats:
            assert seat == narrator or not state.suitors[seat].out
    if state.config.round_limit:
        assert state.round <= state.config.round_limit
    if state.result is not None:
        everyone = set(range(len(state.suitors)))
        assert set(state.result.winners) | set(state.result.losers) == everyone
        assert not set(state.result.winners) & set(state.result.losers)
        assert len(state.result.winners) <= 1
    if before is not None:
        assert state.log[: len(before.log)] == before.log, "the story log was rewritten"
        assert len(state.pacts) >= len(before.pacts)


# --- a cheap random policy --------------------------------------------------------------

PROMISES = ("Do not oppose my actions this round.", "Tell us the brothel anecdote.", "x")
DESCRIPTIONS = ("", "recites a sonnet by the lagoon", "  bakes   a cake  ", "y" * 130)


def _random_cards(rng: random.Random, hand: tuple[PlayingCard, ...], most: int):
    count = rng.randint(1, max(1, min(most, len(hand)))) if hand else 1
    return tuple(rng.sample(hand, min(count, len(hand))))


def _fewest_reaching(hand: tuple[PlayingCard, ...], budget: int, goal: int):
    """The fewest cards (then the lowest total) that reach ``goal``; else the best card."""
    for size in range(1, min(budget, len(hand)) + 1):
        reaching = [c for c in combinations(hand, size) if sum(x.rank for x in c) >= goal]
        if reaching:
            return min(reaching, key=lambda c: sum(x.rank for x in c))
    return (max(hand, key=lambda c: c.rank),)


def candidates(state: TemptressState, rng: random.Random) -> list[Any]:
    """Legal-looking actions for the current prompt, most wanted first (some are refused)."""
    current = game.prompt(state)
    assert current is not None
    narrator = state.narrator_seat
    suitors = [s for s in current.seats if s != narrator]
    kind = current.kind
    if suitors and (narrator not in current.seats or rng.random() < 0.9):
        return candidates_for(state, rng, rng.choice(suitors), kind)
    assert narrator is not None
    seat, contest, count = narrator, state.contest, len(state.suitors)
    if kind == "floor":
        if rng.random() < 0.3:
            return [NarratorEndRound(seat)]
        return [NarratorAward(seat, rng.randrange(count + 1))]
    assert contest is not None
    if kind == "tie":
        return [NarratorSettleTie(seat, rng.choice(contest.asked))]
    if kind == "verdict":
        awards = tuple(s for s in range(count) if rng.random() < 0.15)
        return [NarratorVerdict(seat, awards, rng.random() < 0.5), NarratorVerdict(seat)]
    if kind == "review":
        rejected = tuple(s for s in contest.participants if rng.random() < 0.2)
        return [NarratorReviewStakes(seat, rejected), NarratorReviewStakes(seat)]
    raise AssertionError(f"no narrator candidates for {kind}")


def candidates_for(state: TemptressState, rng: random.Random, seat: Seat, kind: str) -> list[Any]:
    me = state.suitors[seat]
    hand = me.hand
    contest = state.contest
    women = range(4)
    if kind == "faux_pas":
        return [RevealFauxPas(seat, c) for c in rng.sample(hand, len(hand))]
    if kind in ("floor", "final"):
        out: list[Any] = []
        if len(hand) == HAND_LIMIT and len({c.suit for c in hand}) == 1:
            out.append(Retire(seat, rng.choice(women)))
        if kind == "final":
            return out + [Decline(seat)]
        roll = rng.random()
        if roll < 0.12 and me.rapport:
            opponent = rng.randrange(len(state.suitors))
            out.append(StartArgument(seat, opponent, rng.randint(1, me.rapport)))
        if roll < 0.75:
            out.append(ClaimFloor(seat, rng.choice(women), rng.choice(DESCRIPTIONS)))
            out.append(ClaimFloor(seat, rng.choice(women)))
        return out + [Decline(seat)]
    if kind == "spend":
        return _spend_candidates(state, rng, seat)
    assert contest is not None
    if kind == "join":
        return [Join(seat, rng.random() < 0.3)]
    if kind == "play":
        budget = contest.budget_left(seat)
        out = []
        if me.rapport and rng.random() < 0.15:
            out.append(Reroll(seat, rng.randrange(3)))
        best = max(c.rank for c in hand)
        if me.rapport and contest.targets[-1] > best and rng.random() < 0.5:
            out.insert(0, Reroll(seat, contest.dice.index(max(contest.dice))))
        for _ in range(3):
            out.append(
                PlayCards(
                    seat,
                    _random_cards(rng, hand, budget),
                    rng.random() < 0.3,
                    rng.random() < 0.3,
                )
            )
        if rng.random() < 0.75:
            out.insert(0, PlayCards(seat, _fewest_reaching(hand, budget, contest.targets[-1])))
        return out + [PlayCards(seat, (hand[0],))]
    if kind == "raise":
        return [RaiseStakes(seat, rng.random() < 0.7)]
    if kind == "follow":
        return [Follow(seat, rng.random() < 0.6)]
    if kind == "draw":
        return [DrawFromPile(seat, w) for w in rng.sample(women, 4)]
    if kind == "vote":
        return [Vote(seat, rng.choice(("yes", "no", "abstain")))]
    if kind == "answer":
        return [AnswerArgument(seat, rng.random() < 0.3), AnswerArgument(seat, False)]
    if kind == "stake":
        return [SetStake(seat, rng.choice(STAKE_KINDS), rng.choice(PROMISES))]
    raise AssertionError(f"no candidates for prompt kind {kind!r}")


def _spend_candidates(state: TemptressState, rng: random.Random, seat: Seat) -> list[Any]:
    me = state.suitors[seat]
    need = min(HAND_LIMIT - len(me.hand), len(state.discard))
    # Refills lean toward the suit the hand holds most, so seven-card flushes happen.
    counts = Counter(c.suit for c in me.hand)
    suit = counts.most_common(1)[0][0] if counts else rng.choice(tuple(Suit))
    ranked = sorted(state.discard, key=lambda c: (c.suit != suit, rng.random()))
    greedy = SpendRapport(seat, REFILL, tuple(ranked[: max(need, 0)]))
    out = [
        greedy,
        SpendRapport(seat, CLUE, clue_kind=rng.choice(CLUE_KINDS)),
        SpendRapport(seat, CLEAR),
        SpendRapport(seat, KEEP),
    ]
    rng.shuffle(out)
    if rng.random() < 0.5:
        out.insert(0, greedy)
    return out


Step = tuple[TemptressState, Any, TemptressState]


def random_step(state: TemptressState, rng: random.Random) -> tuple[Any, TemptressState]:
    """Try the candidates in order; the first one the rules accept is played."""
    for _ in range(20):
        for action in candidates(state, rng):
            try:
                return action, game.apply(state, action)
            except IllegalAction:
                continue
    raise AssertionError(f"no candidate was accepted at {game.prompt(state)}")


Policy = Callable[[TemptressState], tuple[Any, TemptressState]]


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda state: random_step(state, rng)


def bot_policy(seed: int) -> Policy:
    """The shipped bots, seeded as Session.bot_for seeds them, each seeing its view only."""
    made: dict[Seat, Any] = {}

    def choose(state: TemptressState) -> tuple[Any, TemptressState]:
        current = game.prompt(state)
        assert current is not None
        seat = current.seats[0]
        if seat not in made:
            made[seat] = TEMPTRESS.make_bot(seat, seed * 7 + seat)
        action = made[seat].choose(game.view(state, seat))
        return action, game.apply(state, action)

    return choose


def mixed_policy(seed: int, random_seats: Iterable[Seat]) -> Policy:
    """Some seats play at random, the others (and a person narrator) are bots."""
    rand, bots = random_policy(seed), bot_policy(seed)
    chosen = set(random_seats)

    def choose(state: TemptressState) -> tuple[Any, TemptressState]:
        current = game.prompt(state)
        assert current is not None
        if any(s in chosen for s in current.seats):
            return rand(state)
        return bots(state)

    return choose


def playout(state: TemptressState, policy: Policy, max_actions: int) -> Iterator[Step]:
    """Yields (before, action, after) until the game ends or ``max_actions`` are applied."""
    for _ in range(max_actions):
        if game.prompt(state) is None:
            return
        action, after = policy(state)
        yield state, action, after
        state = after


def bot_session(suitors: int = 5, *, person: bool = False, seed: int = 0, **options: Any):
    cfg = config(suitors, person=person, **options)
    names = NAMES[:suitors] + ((NARRATOR,) if person else ())
    return Session.start(TEMPTRESS, cfg, seed, tuple(SeatPlan(n, BOT) for n in names))


def scripted(chance: Chance) -> bool:
    return bool(chance.script)
