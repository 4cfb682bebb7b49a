"""Shared helpers for the Temptation Island rules tests.

Everything here goes through the public API (``new`` / ``prompt`` / ``apply`` /
``view`` / ``outcome``) except where a test needs a hand-built board: those
states are made with ``attrs.evolve`` from a fresh table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import chain

from attrs import evolve

from rules.island import board
from rules.island import game as island
from rules.island.bots import IslandBot
from rules.island.pack import IslandPack, default_pack
from rules.island.state import (
    Action,
    IslandConfig,
    IslandState,
    IslandView,
    MoveTo,
    Phase,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)

NAMES = ("Ann", "Bo", "Cy")

# Axial hexes of the starting flower, by direction from the centre.
C = (0, 0)
E, NE, NW, W, SW, SE = (board.step(C, d) for d in range(6))


@cache
def pack() -> IslandPack:
    return default_pack()


def config(tiles: int = 19) -> IslandConfig:
    return island.make_config(NAMES, {"tiles": tiles}, pack())


def fresh(seed: int = 0, tiles: int = 19) -> IslandState:
    return island.new(config(tiles), seed)


def at_move(
    mover: int,
    tiles: tuple[board.Hex, ...],
    pieces: tuple[board.Hex, ...],
    stock: int,
    *,
    total: int | None = None,
    seed: int = 0,
) -> IslandState:
    """A hand-built MOVE phase: ``mover`` must act on this board.

    ``total`` is the game's tile count (defaults to tiles on board + stock, so
    tiles stay conserved). The Decider is the seat after the Mover.
    """
    total = len(tiles) + stock if total is None else total
    state = fresh(seed, tiles=max(total, island.MIN_TILES))
    return evolve(
        state,
        config=evolve(state.config, tiles=total),
        tiles=tuple(sorted(tiles)),
        pieces=tuple(pieces),
        stock=stock,
        phase=Phase.MOVE,
        mover=mover,
        decider=(mover + 1) % 3,
    )


def at_respond(
    tiles: tuple[board.Hex, ...],
    pieces: tuple[board.Hex, ...],
    stock: int,
    *,
    decider: int,
    seed: int = 0,
) -> IslandState:
    """A hand-built RESPOND phase on this board, with ``decider`` judging."""
    state = fresh(seed, tiles=max(len(tiles) + stock, island.MIN_TILES))
    return evolve(
        state,
        config=evolve(state.config, tiles=len(tiles) + stock),
        tiles=tuple(sorted(tiles)),
        pieces=tuple(pieces),
        stock=stock,
        decider=decider,
    )


def respond_and_pick(state: IslandState, mover: int) -> IslandState:
    """Both responders play their first card; the Decider picks ``mover``'s card."""
    assert state.phase == Phase.RESPOND and mover != state.decider
    for seat in state.responders:
        state = island.apply(state, PlayResponse(seat, state.hands[seat][0]))
    assert state.phase == Phase.DECIDE
    choice = state.shown.index(state.responses[mover])
    return island.apply(state, PickResponse(state.decider, choice))


def legal_actions(state: IslandState) -> list[Action]:
    """Every legal action now: the open choices in the acting seats' views."""
    current = island.prompt(state)
    if current is None:
        return []
    actions: list[Action] = []
    for seat in current.seats:
        choices = island.view(state, seat).choices
        assert choices is not None, f"seat {seat} is asked but offered nothing"
        actions += [option.value for option in choices.opened]
    return actions


def mover_targets(view: IslandView) -> board.MoverOptions:
    """The Mover's open choices, as the board's hexes for each kind of move
    (``forced``: why some kinds are closed, from the choices' own reasons)."""
    assert view.choices is not None
    opened = [option.value for option in view.choices.opened]
    reasons = sorted({option.closed for option in view.choices.options if not option.open})
    return board.MoverOptions(
        moves=tuple(a.target for a in opened if isinstance(a, MoveTo)),
        places=tuple(a.target for a in opened if isinstance(a, PlaceTile)),
        removes=tuple(a.target for a in opened if isinstance(a, RemoveTile)),
        forced=" ".join(reasons),
    )


Policy = Callable[[IslandState], Action]


def random_policy(seed: int) -> Policy:
    """Uniformly random among the legal actions (its own seeded generator)."""
    rng = random.Random(seed)

    def choose(state: IslandState) -> Action:
        return rng.choice(legal_actions(state))

    return choose


def bot_policy(seed: int) -> Policy:
    """The shipped bots, each seeing only its own seat's view."""
    bots = [IslandBot(seat, seed * 7 + seat) for seat in range(3)]

    def choose(state: IslandState) -> Action:
        current = island.prompt(state)
        assert current is not None
        seat = current.seats[0]
        return bots[seat].choose(island.view(state, seat))

    return choose


def playout(
    seed: int, policy: Policy, max_actions: int = 600
) -> Iterator[tuple[IslandState, Action | None, IslandState]]:
    """Play a seeded game: yields (before, action, after) for each step.

    The first item is (state, None, state) for the fresh table. Stops when the
    game ends or after ``max_actions`` actions.
    """
    state = fresh(seed)
    yield state, None, state
    for _ in range(max_actions):
        if island.prompt(state) is None:
            return
        action = policy(state)
        after = island.apply(state, action)
        yield state, action, after
        state = after


def states_of(seed: int, policy: Policy, max_actions: int = 600) -> list[IslandState]:
    return [after for _, _, after in playout(seed, policy, max_actions)]


# --- invariants --------------------------------------------------------------


Result = tuple[tuple[int, ...], tuple[int, ...]]


def expected_result(state: IslandState, mover: int) -> Result | None:
    """(winners, losers) by the seed's rules, from the board alone; None: play on."""
    labels = board.island_labels(state.pieces, state.tiles)
    groups = len(set(labels))
    if groups == 1:
        return None
    if groups == 3:
        loser = mover
    else:
        loser = next(s for s in range(3) if labels.count(labels[s]) == 1)
    return tuple(s for s in range(3) if s != loser), (loser,)


@cache
def _multiset(cards: tuple[str, ...]) -> Counter[str]:
    return Counter(cards)


def check_invariants(before: IslandState, action: Action | None, after: IslandState) -> None:
    """Everything that must hold after every action."""
    cfg = after.config
    # Tiles are conserved; one piece per tile; every piece on a tile.
    assert len(after.tiles) == len(set(after.tiles))
    assert len(after.tiles) + after.stock == cfg.tiles
    assert after.stock >= 0
    assert len(after.pieces) == 3
    assert len(set(after.pieces)) == 3
    assert all(p in after.tiles for p in after.pieces)
    # Hands: three cards, less the one a responder has put forward this turn.
    for seat in range(3):
        pending = after.responses[seat] is not None
        assert len(after.hands[seat]) == 3 - pending
        if pending:
            assert seat != after.decider
    if after.phase == Phase.RESPOND and all(r is None for r in after.responses):
        assert all(len(hand) == 3 for hand in after.hands)
    # Cards are conserved (as multisets).
    nouns = Counter(
        chain(
            after.nouns.deck,
            after.nouns.discard,
            *after.hands,
            (r for r in after.responses if r is not None),
        )
    )
    assert nouns == _multiset(cfg.nouns)
    adjectives = Counter(chain(after.adjectives.deck, after.adjectives.discard, [after.judged]))
    assert adjectives == _multiset(cfg.adjectives)
    # Phase bookkeeping.
    over = after.phase == Phase.OVER
    assert over == (after.result is not None) == (island.prompt(after) is None)
    if after.phase in (Phase.RESPOND, Phase.DECIDE):
        assert after.mover is None
    else:  # MOVE, and OVER keeps the last Mover
        assert after.mover in after.responders
    if after.phase == Phase.RESPOND:
        assert after.shown == ()
    else:  # the two cards stay on the table, face up, until the turn ends
        assert sorted(after.shown) == sorted(after.responses[s] for s in after.responders)
    assert after.decider == (before.decider + (after.turn - before.turn)) % 3
    # The end of the game, exactly as the seed says.
    expected = expected_result(after, getattr(action, "seat", -1))
    if after.result is None:
        assert expected is None, "the island split but the game goes on"
    else:
        assert isinstance(action, MoveTo | PlaceTile | RemoveTile)
        assert expected is not None, "the game ended with all three on one island"
        assert (after.result.winners, after.result.losers) == expected
        assert island.outcome(after) == after.result
