"""Shared helpers for The Temptress's rules tests.

Hand-built tables start from a fresh game and are rearranged with
``attrs.evolve``: ``known_table`` fixes every secret (suits, piles, matches,
the sorceress), ``arrange`` deals chosen cards while keeping all 52 cards in
exactly one place, and ``dice`` loads the next draws of the state's Chance.
Everything else goes through the public API (``new`` / ``prompt`` / ``apply``
/ ``view`` / ``outcome``). Random play, the bots and playouts are the shared
ones of ``tests.playouts`` bound to the Temptress; ``leaning_policy`` is random
play that still draws from the choices but leans toward the rare paths.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, partial
from itertools import chain, combinations
from typing import Any

from attrs import evolve

from rules.cards import PlayingCard, Suit, standard_deck
from rules.chance import Chance, loaded
from rules.choices import Pick
from rules.engine import Seat
from rules.session import BOT, SeatPlan, Session
from rules.temptress import clues, game
from rules.temptress.actions import ClaimFloor, Join, Retire, Vote
from rules.temptress.choice_types import ChoiceKey
from rules.temptress.game import TEMPTRESS
from rules.temptress.pack import TemptressPack, default_pack
from rules.temptress.playing import PlayChoices
from rules.temptress.state import (
    HAND_LIMIT,
    Clue,
    ClueKind,
    ContestStage,
    PromptKind,
    Stage,
    TemptressConfig,
    TemptressState,
    VoteChoice,
)
from rules.temptress.voice import IslandVoice
from tests import playouts
from tests.playouts import Policy, acting
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
    voice: bool = False,
) -> TemptressState:
    """A fresh table whose secrets are the KNOWN_* values, with true starter clues.

    Hands are the number cards in order (2C 2D 2H 2S 3C 3D 3H for Ada, ...), the
    rest start the discard; tests deal what they need with ``arrange``. Without
    ``voice`` the island tells actions plainly (no approach drawn, no role-play chip),
    so scripted dice are the only draws of an action. The matches are drawn the old way
    (``fair_deal`` off) and then set, so the Chance is where it always was.
    """
    table = config(suitors, person=person, round_limit=round_limit, oldest=oldest)
    # The old deal (in seat order): its draws leave the Chance where these tests expect it.
    state = game.new(evolve(table, fair_deal=False), seed)
    if not voice:
        state = evolve(state, config=evolve(state.config, voice=IslandVoice()))
    women = tuple(
        evolve(w, suit=KNOWN_SUITS[i], pile=cards(KNOWN_PILES[i]))
        for i, w in enumerate(state.women)
    )
    suitors_ = []
    for seat, suitor in enumerate(state.suitors):
        match = KNOWN_MATCHES[seat]
        not_match = next(s for s in (H, C) if s != KNOWN_SUITS[match])
        starter = (
            Clue(ClueKind.NOT_MATCH_SUIT, suit=not_match),
            Clue(ClueKind.NOT_SORCERESS_SUIT, suit=C),
            Clue(ClueKind.MATCH_PREFERENCE, preference=women[match].preferences[0]),
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
    if contest.stage != ContestStage.JOIN:
        assert not joiners
        return state
    stay_out = [s for s in contest.undecided if s not in joiners]
    for s in (*joiners, *stay_out):
        state = game.apply(state, Join(s, s in joiners))
    return state


def vote_all(state: TemptressState, choice: VoteChoice = VoteChoice.NO) -> TemptressState:
    """The island's voters all vote ``choice`` (when the island asks for a vote: only on a
    line the actor typed)."""
    contest = state.contest
    if contest is None or contest.stage != ContestStage.VOTE:
        return state
    for seat in contest.asked:
        state = game.apply(state, Vote(seat, choice))
    return state


def prompt_kind(state: TemptressState) -> PromptKind | None:
    current = game.prompt(state)
    return None if current is None else PromptKind(current.kind)


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
    reveal_pending = current is not None and current.kind == PromptKind.FAUX_PAS
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
        # The hidden world never changes once dealt, so a clue true once stays true:
        # only the clues new since ``before`` need checking.
        held = set(before.suitors[seat].clues) if before is not None else set()
        for clue in s.clues:
            if clue not in held:
                assert clues.is_true(state, seat, clue), f"{s.name} holds a false clue {clue}"
        assert len(set(s.clues)) == len(s.clues)
        if s.out:
            assert s.hand == () and s.faceup == ()
        for woman, drawn in s.draws:
            assert drawn.is_honour and 0 <= woman < 4
    # The stage, the prompt and the outcome agree.
    assert (state.stage == Stage.OVER) == (state.result is not None) == (current is None)
    assert (state.contest is not None) == (state.stage == Stage.CONTEST)
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


# --- policies and playouts ------------------------------------------------------------------

random_policy = partial(playouts.random_policy, TEMPTRESS)
"""``random_policy(seed)``: a random open choice of a random asked seat."""
bot_policy = partial(playouts.bot_policy, TEMPTRESS)
"""``bot_policy(seed)``: the shipped bots, each seeing its own view."""
mixed_policy = partial(playouts.mixed_policy, TEMPTRESS)
"""``mixed_policy(seed, random_seats)``: some seats at random, the others bots."""
playout = partial(playouts.playout, TEMPTRESS)
"""``playout(state, policy, max_actions)``: yields (before, action, after)."""


def leaning_policy(seed: int) -> Policy:
    """Random play drawn from the choices that leans toward the rare paths.

    A random asked seat (a suitor more often than the narrator) draws a random
    open answer from its view's choices, except that most of the time it
    courts rather than passes, stays out of others' actions, re-rolls a target
    out of reach, takes the fewest cards that reach the target and raises (so
    third successes happen), retires whenever its hand allows (at a random
    woman), and refills toward the suit its hand holds most (so seven-card
    flushes happen). Every action it sends is an option of the view.
    """
    chance = [Chance(seed)]

    def choose(state: TemptressState) -> Any:
        asked = acting(TEMPTRESS, state)
        suitors = [s for s in asked if s != state.narrator_seat]
        roll, chance[0] = chance[0].below(10)
        seat, chance[0] = chance[0].pick(suitors if suitors and roll else asked)
        view = game.view(state, seat)
        choices = view.choices
        assert choices is not None
        roll, chance[0] = chance[0].below(4)
        if isinstance(choices, PlayChoices) and view.contest is not None:
            dice = view.contest.dice
            reroll = choices.rerolls[dice.index(max(dice))]
            if reroll.open and roll < 2 and choices.target > max(c.rank for c in choices.hand):
                return reroll.value
            if roll < 3:
                return _fewest_reaching(choices)
        if isinstance(choices, Pick):
            retire = _retirements(choices)
            if retire and roll < 3:
                action, chance[0] = chance[0].pick(retire)
                return action
            refill = _leaning_refill(state, seat, choices)
            if refill is not None and roll < 2:
                return refill
            for key in (ChoiceKey.COURT, ChoiceKey.RAISE, ChoiceKey.STAY):
                option = choices.keyed(key)
                if option is not None and option.open and roll < 3:
                    if option.then is None:
                        return option.value
                    action, chance[0] = option.then.draw(chance[0])
                    return action
        action, chance[0] = choices.draw(chance[0])
        return action

    return choose


def _retirements(choices: Pick[Any]) -> list[Any]:
    """The open retirements: under the floor's retire option, or at the final retirements."""
    retire = choices.keyed(ChoiceKey.RETIRE)
    if retire is not None and isinstance(retire.then, Pick):
        return [o.value for o in retire.then.opened]
    return [o.value for o in choices.opened if isinstance(o.value, Retire)]


def _fewest_reaching(choices: PlayChoices) -> Any:
    """The fewest cards (then the lowest total) that reach the target; else the best card."""
    hand = choices.hand
    for size in range(1, min(choices.budget, len(hand)) + 1):
        reaching = [c for c in combinations(hand, size) if sum(x.rank for x in c) >= choices.target]
        if reaching:
            return choices.action(min(reaching, key=lambda c: sum(x.rank for x in c)), False, False)
    return choices.action((max(hand, key=lambda c: c.rank),), False, False)


def _leaning_refill(state: TemptressState, seat: Seat, choices: Pick[Any]) -> Any:
    """A refill toward the suit the hand holds most, when the spend choices offer one."""
    refill = choices.keyed(ChoiceKey.REFILL)
    if refill is None or not refill.open or not isinstance(refill.then, Pick):
        return None
    cards = refill.then
    counts = Counter(c.suit for c in state.suitors[seat].hand)
    suit = counts.most_common(1)[0][0] if counts else Suit.CLUBS
    ranked = sorted(cards.options, key=lambda o: (o.value.suit != suit, -o.value.rank))
    picked = [cards.options.index(o) for o in ranked[: cards.most]]
    assert not cards.refusal(picked)
    return cards.answer(picked)


def bot_session(suitors: int = 5, *, person: bool = False, seed: int = 0, **options: Any):
    cfg = config(suitors, person=person, **options)
    names = NAMES[:suitors] + ((NARRATOR,) if person else ())
    return Session.start(TEMPTRESS, cfg, seed, tuple(SeatPlan(n, BOT) for n in names))


def scripted(chance: Chance) -> bool:
    return bool(chance.script)
