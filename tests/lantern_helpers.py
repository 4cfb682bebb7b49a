"""Shared helpers for Ye Olde Rusty Lantern's tests.

Hand-built taverns start from a fresh game (made the way the app makes it,
with the default pack) and are rearranged with ``attrs.evolve``:
``known_tavern`` deals the first elements of the pack in order (Ada the
ferryman, the troll and the witch; Basil the king, the knight and the raven;
...), ``arrange`` puts chosen cards in hands, on the table, in the burned pile
or the deck while keeping every card in exactly one place, and ``deals`` loads
the state's Chance so the next cards dealt are exactly the ones named.
Everything else goes through the public API (``new`` / ``prompt`` /
``apply`` / ``view`` / ``outcome``). The policies are ``tests/playouts.py``'s,
drawing from the views' choices; the rowdy and the restless ones add seats
acting out of turn between turns, as their choices offer.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from functools import cache, partial
from typing import Any

from attrs import evolve

from rules.chance import Chance, loaded
from rules.choices import Option, Pick
from rules.engine import Seat
from rules.lantern import game
from rules.lantern.choices import TurnChoices
from rules.lantern.game import LANTERN
from rules.lantern.pack import LanternPack, default_pack
from rules.lantern.state import (
    BETWEEN_TURNS,
    Begin,
    Interrupt,
    LanternConfig,
    LanternState,
    Phase,
    Play,
    Restock,
)
from rules.lantern.tavern import bard_seats, barkeep_seat
from rules.session import BOT, SeatPlan, Session
from tests import playouts
from tests.playouts import Policy, Step, acting
from tests.rules_support import applied, new_lines, refused_by

NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix", "Greta", "Hugo")
BARKEEP_NAME = "Nell"
ADA, BASIL, CORA, DMITRI, EDIE = range(5)

# The default pack's first sixteen story elements, by card number.
(
    FERRYMAN,
    TROLL,
    WITCH,
    KING,
    KNIGHT,
    RAVEN,
    PICKPOCKET,
    PIRATE,
    APPRENTICE,
    GHOST,
    CAT,
    MINSTREL,
    SERPENT,
    DUKE,
    FORTUNE_TELLER,
    GIANT,
) = range(16)
FIRST_ELEMENTS = (
    "a one-eyed ferryman",
    "a grumpy troll under a bridge",
    "a witch who sells the weather",
    "a sleepwalking king",
    "a disgraced knight",
    "a talking raven",
    "a pickpocket with a conscience",
    "a retired pirate captain",
    "a nervous apprentice wizard",
    "a ghost who forgot her name",
    "a tavern cat named Biscuit",
    "a wandering minstrel",
    "a sea serpent",
    "a jealous duke",
    "a blind fortune teller",
    "a giant who collects teapots",
)


@cache
def pack() -> LanternPack:
    return default_pack()


def name(card: int) -> str:
    return pack().elements[card]


def config(
    bards: int = 3,
    *,
    person: bool = True,
    benches: int | None = None,
    hand: int = 7,
    seated: tuple[bool, ...] | None = None,
    elements: int | None = None,
) -> LanternConfig:
    """A tavern made the way the app makes it (``make_config``); ``seated`` and
    ``elements`` (the first so many of the pack) then adjust it."""
    names = NAMES[:bards] + ((BARKEEP_NAME,) if person else ())
    options = {"barkeep_person": int(person), "hand": hand}
    if benches is not None:
        options["benches"] = benches
    made = game.make_config(names, options, pack())
    if seated is not None:
        made = evolve(made, seated=seated)
    if elements is not None:
        made = evolve(made, elements=made.elements[:elements])
    return made


def fresh(seed: int = 0, bards: int = 3, **options: Any) -> LanternState:
    return game.new(config(bards, **options), seed)


def old_rules(state: LanternState) -> LanternState:
    """``state`` as a tale saved before issue 31 replays it: the teller's word decides the
    Loose End and the ties at a table without a Barkeep, a play may be interrupted only in
    its window, the turn timer's third sleep sends a Bard Under The Table, and nobody new
    walks in nor does the bar change hands."""
    made = evolve(
        state.config,
        table_judges=False,
        late_interruptions=False,
        called_under=False,
        walk_ins=False,
    )
    return evolve(state, config=made)


def barkeep_of(state: LanternState) -> Seat | None:
    """The Barkeep's seat now (after the bar changed hands: the new Barkeep's)."""
    return barkeep_seat(state)


def seated(state: LanternState) -> tuple[Seat, ...]:
    """Seated Bards in bench order (clockwise)."""
    on = [b for b, bench in enumerate(state.benches) if bench is not None]
    return tuple(sorted(on, key=lambda b: state.benches[b]))  # type: ignore[arg-type,return-value]


# --- hand-built taverns -------------------------------------------------------------------


def all_cards(state: LanternState) -> list[int]:
    """Every card wherever it is: the deck, the hands, the table, burned."""
    return [*state.deck, *(c for hand in state.hands for c in hand), *state.table, *state.burned]


def conserved(state: LanternState) -> bool:
    return sorted(all_cards(state)) == list(range(len(state.elements)))


def known_tavern(
    bards: int = 3,
    *,
    person: bool = True,
    benches: int = 4,
    hand: int = 3,
    seated: tuple[bool, ...] | None = None,
    seed: int = 0,
) -> LanternState:
    """A fresh tavern whose seated Bards hold the pack's first elements in order, and
    the first of them (in bench order) begins the tale.

    With three Bards and hands of three: Ada holds FERRYMAN TROLL WITCH, Basil KING
    KNIGHT RAVEN, Cora PICKPOCKET PIRATE APPRENTICE, and the deck is every other card
    in order (GHOST first). Away Bards hold nothing. Whatever the seed dealt is
    replaced (the setup's private "You receive" lines stay in the log). The Barkeep
    names the first Bard (``Begin``); at the table, whoever the lot named, the turn is
    handed to the first Bard (the lot's line stays in the log).
    """
    state = fresh(seed, bards, person=person, benches=benches, hand=hand, seated=seated)
    benched = {bench: bard for bard, bench in enumerate(state.benches) if bench is not None}
    first = benched[min(benched)]
    if state.phase == Phase.OPENING:
        state = game.apply(state, Begin(len(state.config.bards), first))
    elif state.phase == Phase.TURN:
        state = evolve(state, on_turn=first)
    hands: dict[Seat, tuple[int, ...]] = {}
    first = 0
    for bard in range(bards):
        if state.benches[bard] is None:
            hands[bard] = ()
        else:
            hands[bard] = tuple(range(first, first + hand))
            first += hand
    return arrange(state, hands, deck=tuple(range(first, len(state.elements))))


def arrange(
    state: LanternState,
    hands: dict[Seat, Iterable[int]] | None = None,
    *,
    table: Iterable[int] | None = None,
    burned: Iterable[int] | None = None,
    deck: Iterable[int] | None = None,
) -> LanternState:
    """Put the named cards where asked and keep every card in exactly one place.

    Cards named for a hand, the table, the burned pile or the deck leave wherever
    they were. Cards nobody named stay where they were, except those of a place that
    is given: they go to the end of the deck, or, when the deck itself is given, to
    the end of the burned pile.
    """
    given = {seat: tuple(cards) for seat, cards in (hands or {}).items()}
    new_table = None if table is None else tuple(table)
    new_burned = None if burned is None else tuple(burned)
    new_deck = None if deck is None else tuple(deck)
    placed = [c for cards in given.values() for c in cards]
    for group in (new_table, new_burned, new_deck):
        placed += list(group or ())
    assert len(placed) == len(set(placed)), "a card is placed twice"
    taken = set(placed)
    leftovers: list[int] = []

    def keep(old: tuple[int, ...], new: tuple[int, ...] | None) -> tuple[int, ...]:
        if new is None:
            return tuple(c for c in old if c not in taken)
        leftovers.extend(c for c in old if c not in taken)
        return new

    hands_ = tuple(keep(h, given.get(seat)) for seat, h in enumerate(state.hands))
    table_ = keep(state.table, new_table)
    burned_ = keep(state.burned, new_burned)
    if new_deck is None:
        deck_ = keep(state.deck, None) + tuple(leftovers)
    else:
        leftovers.extend(c for c in state.deck if c not in taken)
        deck_, burned_ = new_deck, burned_ + tuple(leftovers)
    state = evolve(state, hands=hands_, table=table_, burned=burned_, deck=deck_)
    assert conserved(state)
    return state


def deals(state: LanternState, *cards: int) -> LanternState:
    """Load the Chance so the next cards dealt from the deck are exactly ``cards``."""
    deck, script = list(state.deck), []
    for card in cards:
        script.append(deck.index(card))
        deck.remove(card)
    return evolve(state, chance=loaded(*script))


def draws(state: LanternState, *indices: int) -> LanternState:
    """Load the next raw draws (deck positions) exactly as given."""
    return evolve(state, chance=loaded(*indices))


# --- applying actions ---------------------------------------------------------------------


act = partial(applied, game.apply)
refused = partial(refused_by, game.apply)
lines = new_lines


def prompt_kind(state: LanternState) -> str | None:
    current = game.prompt(state)
    return None if current is None else current.kind


def prompt_seats(state: LanternState) -> tuple[Seat, ...]:
    current = game.prompt(state)
    assert current is not None
    return current.seats


def tell(
    state: LanternState,
    bard: Seat,
    card: int | None,
    text: str | None = None,
    *,
    ties: tuple[int, ...] = (),
    loose_end: bool = False,
    interruptions: dict[Seat, int] | None = None,
) -> LanternState:
    """``bard`` plays ``card``; in the window the Bards in ``interruptions`` interrupt
    (in the order the window asks), everyone else lets it go. The play awaits its ruling."""
    if text is None:
        text = "And then " + (name(card) if card is not None else "nothing much") + " appeared."
    state = game.apply(state, Play(bard, text, card, ties, loose_end))
    interruptions = interruptions or {}
    if state.phase == Phase.WINDOW:
        assert state.attempt is not None
        for seat in state.attempt.asked:
            state = game.apply(state, Interrupt(seat, interruptions.get(seat)))
    else:
        assert not interruptions
    assert state.phase == Phase.RULING
    return state


# --- invariants ---------------------------------------------------------------------------


def check_invariants(state: LanternState, before: LanternState | None = None) -> None:
    """Everything that must hold after every action."""
    # Every card in exactly one place: the deck, a hand, the table or burned.
    assert conserved(state), "a card is lost or in two places"
    bards = bard_seats(state)
    # Every tuple by seat covers every Bard's seat (a Barkeep's seat among them: empty).
    size = len(state.benches)
    assert len(state.hands) == len(state.ale) == len(state.asleep) == len(state.under_table)
    assert len(state.hands) == size > max(bards)
    names = game.seat_names(state)
    keeper = barkeep_of(state)
    assert keeper not in bards and max(bards) < len(names) and (keeper or 0) < len(names)
    for seat in set(range(size)) - set(bards):
        assert state.hands[seat] == () and state.benches[seat] is None and not state.ale[seat]
    # Ale is exactly the Loose Ends each Bard's passages tied off.
    for bard in bards:
        tied = sum(len(p.tied) for p in state.tale if p.bard == bard)
        assert state.ale[bard] == tied, f"{names[bard]}: Ale {state.ale[bard]}"
    for passage in state.tale:
        assert len(set(passage.tied)) == len(passage.tied)
        assert set(passage.tied) <= set(state.burned)
    # Benches: distinct, in range, never more Bards than benches; away Bards hold nothing.
    benches = [b for b in state.benches if b is not None]
    assert len(benches) == len(set(benches)) <= state.config.benches
    assert all(0 <= b < state.config.benches for b in benches)
    for bard in bards:
        if state.benches[bard] is None:
            assert state.hands[bard] == ()
        if state.under_table[bard]:
            assert state.benches[bard] is None
    # Fewer than two Bards on the benches: the tale is suspended (or dry, or over).
    on = seated(state)
    if len(on) < 2:
        waiting = state.phase == Phase.SUSPENDED or (
            state.phase == Phase.DRY and state.after_dry == Phase.SUSPENDED
        )
        assert waiting or state.phase == Phase.OVER, f"{len(on)} Bards seated in {state.phase}"
    if state.phase == Phase.SUSPENDED:
        assert len(on) < 2
    # Cards are owed exactly while the deck is dry.
    assert bool(state.owed) == (state.phase == Phase.DRY)
    if state.phase == Phase.DRY:
        assert not state.deck
    # The phase, the prompt, the attempt and the outcome agree.
    current = game.prompt(state)
    assert (state.phase == Phase.OVER) == (state.result is not None) == (current is None)
    if current is not None:
        assert current.seats, f"nobody is asked to act: {current.text}"
        assert len(set(current.seats)) == len(current.seats)
    attempt_phases = (Phase.WINDOW, Phase.RULING, Phase.INTERRUPTIONS)
    attempt_dry = state.phase == Phase.DRY and state.after_dry == Phase.INTERRUPTIONS
    if state.phase != Phase.OVER:  # a tale ended while dry may leave its last attempt unruled
        assert (state.attempt is not None) == (state.phase in attempt_phases or attempt_dry)
    if state.phase == Phase.TURN:
        assert state.on_turn in on
    # Nobody's turn until the first Bard is named, and the tale begins once.
    if state.phase == Phase.OPENING:
        assert not state.begun and state.on_turn is None and len(on) >= 2
    if state.phase in (Phase.TURN, Phase.WINDOW, Phase.RULING, Phase.INTERRUPTIONS):
        assert state.begun
    if before is not None and before.begun:
        assert state.begun
    # Won as soon as the conditions hold: by the Bard of the last successful play.
    if state.phase not in (Phase.CLOSING, Phase.OVER) and state.attempt is None:
        bard = state.last_success
        assert not (
            bard is not None
            and state.benches[bard] is not None
            and not state.hands[bard]
            and not state.table
            and all(owed != bard for owed, _ in state.owed)
        ), "a Bard meets every condition of the win, but the tale goes on"
    if state.attempt is not None:
        attempt = state.attempt
        if attempt.verified is None and attempt.card is not None:
            assert attempt.card in state.hands[attempt.bard]
        for seat, card in attempt.interruptions:
            assert card in state.hands[seat] and seat != attempt.bard
    if state.phase == Phase.CLOSING:
        winner = state.last_success
        assert winner is not None and state.hands[winner] == () and state.table == ()
    if state.result is not None:
        everyone = set(bards)
        assert set(state.result.winners) | set(state.result.losers) == everyone
        assert len(state.result.winners) <= 1
        for winner in state.result.winners:
            assert state.last_success == winner and not state.table
            assert state.hands[winner] == ()
    if before is not None:
        assert state.log[: len(before.log)] == before.log, "the story log was rewritten"
        assert state.tale[: len(before.tale)] == before.tale, "the tale was rewritten"
        assert state.elements[: len(before.elements)] == before.elements
        assert len(state.ale) >= len(before.ale)  # seats are only ever added
        assert all(a >= b for a, b in zip(state.ale, before.ale, strict=False))
        assert game.seat_names(state)[: len(game.seat_names(before))] == game.seat_names(before)


# --- policies -----------------------------------------------------------------------------


def bot_policy(seed: int) -> Policy:
    """The demo seats, seeded as ``Session.bot_for`` seeds them, each seeing its view only."""
    return playouts.bot_policy(LANTERN, seed)


def seats_of(state: LanternState) -> range:
    return range(len(game.seat_names(state)))


def out_of_turn(state: LanternState) -> list[Pick[Any]]:
    """The choices of the seats the prompt does not ask, between turns: Bards who may
    leave, the seater, the Barkeep (or Bard) who may find the Bard on turn asleep."""
    if state.phase not in BETWEEN_TURNS:
        return []
    asked = acting(LANTERN, state)
    offers = []
    for seat in seats_of(state):
        choices = game.view(state, seat).choices
        if seat not in asked and isinstance(choices, Pick) and choices.opened:
            offers.append(choices)
    return offers


def comings_and_goings(state: LanternState) -> list[Option[Any]]:
    """The open options of every seat to leave the tale or to seat a Bard, now."""
    found: list[Option[Any]] = []
    for seat in seats_of(state):
        choices = game.view(state, seat).choices
        between = choices.between if isinstance(choices, TurnChoices) else choices
        if isinstance(between, Pick):
            found += [o for o in between.opened if o.key in ("leave", "seat")]
    return found


def taken(option: Option[Any], chance: Chance) -> Any:
    """The action of ``option``, drawing the rest of the answer when it asks further."""
    if option.then is None:
        return option.value
    action, _ = option.then.draw(chance)
    return action


def ends_the_tale(state: LanternState, action: Any) -> bool:
    """Whether ``action`` ends the tale with no winner (a dry deck or a suspended tale)."""
    waiting = state.phase in (Phase.DRY, Phase.SUSPENDED)
    return waiting and isinstance(action, Restock) and not action.elements


def random_policy(seed: int, rate: float = 0.08, patience: float = 0.7) -> Policy:
    """Rowdy play drawn from the choices: the seats asked choose at random, and now and then
    between turns a seat not asked acts out of turn (leaves, seats a Bard, calls sleep).
    An answer that would end the tale unfinished is drawn again with chance ``patience``."""
    rng, asked = random.Random(seed), playouts.random_policy(LANTERN, seed)

    def choose(state: LanternState) -> Any:
        if rng.random() < rate:
            late = [
                v.interruption for s in seats_of(state) if (v := game.view(state, s)).interruption
            ]
            if late and rng.random() < 0.5:
                action, _ = rng.choice(late).draw(Chance(rng.randrange(2**32)))
                return action
            offers = out_of_turn(state)
            if offers:
                action, _ = rng.choice(offers).draw(Chance(rng.randrange(2**32)))
                return action
        action = asked(state)
        if ends_the_tale(state, action) and rng.random() < patience:
            action = asked(state)
        return action

    return choose


def restless_policy(seed: int, rate: float = 0.05) -> Policy:
    """The demo seats, with Bards now and then leaving or joining between turns (always
    first, while the tale is suspended), as the choices offer."""
    rng, bots = random.Random(seed), bot_policy(seed)

    def choose(state: LanternState) -> Any:
        between = state.phase in BETWEEN_TURNS
        if between and (state.phase == Phase.SUSPENDED or rng.random() < rate):
            offered = comings_and_goings(state)
            if offered:
                return taken(rng.choice(offered), Chance(rng.randrange(2**32)))
        return bots(state)

    return choose


def playout(state: LanternState, policy: Policy, max_actions: int) -> Iterator[Step]:
    """Yields (before, action, after) until the tale ends or ``max_actions`` are applied."""
    return playouts.playout(LANTERN, state, policy, max_actions)


def bot_session(bards: int = 3, *, person: bool = True, seed: int = 0, **options: Any) -> Session:
    """A Session of demo seats (a demo Barkeep in the last seat when ``person``)."""
    made = config(bards, person=person, **options)
    names = NAMES[:bards] + ((BARKEEP_NAME,) if person else ())
    return Session.start(LANTERN, made, seed, tuple(SeatPlan(n, BOT) for n in names))
