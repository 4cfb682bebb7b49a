"""The Island's hex board: axial coordinates, neighbours, islands, legal moves.

A hex is ``(q, r)``. Tiles are the hexes that hold a tile; pieces stand on
tiles, one per tile. A piece's island is the set of tiles connected to its
tile through shared edges.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbours, counter-clockwise from east: E, NE, NW, W, SW, SE."""

DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")

CENTRE: Hex = (0, 0)


def step(hex_: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (hex_[0] + dq, hex_[1] + dr)


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    return tuple(step(hex_, d) for d in range(6))


def are_adjacent(a: Hex, b: Hex) -> bool:
    return b in neighbours(a)


def starting_tiles() -> tuple[Hex, ...]:
    """The flower: the centre and its six neighbours."""
    return tuple(sorted((CENTRE, *neighbours(CENTRE))))


def starting_pieces() -> tuple[Hex, Hex, Hex]:
    """Alternate outer tiles (directions 0, 2 and 4): each touches the centre, none another."""
    return (step(CENTRE, 0), step(CENTRE, 2), step(CENTRE, 4))


def island_of(start: Hex, tiles: Iterable[Hex]) -> frozenset[Hex]:
    """Every tile connected to ``start`` through shared edges."""
    tile_set = set(tiles)
    if start not in tile_set:
        return frozenset()
    seen = {start}
    frontier = [start]
    while frontier:
        current = frontier.pop()
        for near in neighbours(current):
            if near in tile_set and near not in seen:
                seen.add(near)
                frontier.append(near)
    return frozenset(seen)


def island_labels(pieces: tuple[Hex, ...], tiles: Iterable[Hex]) -> tuple[int, ...]:
    """For each piece, the index of the first piece on the same island."""
    tile_list = tuple(tiles)
    islands = [island_of(p, tile_list) for p in pieces]
    return tuple(
        next(j for j in range(len(pieces)) if pieces[i] in islands[j]) for i in range(len(pieces))
    )


@frozen
class MoverOptions:
    """The tiles a Mover may move to, place on, or remove, after the forcing rules."""

    moves: tuple[Hex, ...]
    places: tuple[Hex, ...]
    removes: tuple[Hex, ...]
    forced: str
    """Why some options are missing: '' when all three kinds are open."""

    @property
    def any(self) -> bool:
        return bool(self.moves or self.places or self.removes)


def mover_options(
    mover: int, pieces: tuple[Hex, ...], tiles: tuple[Hex, ...], stock: int
) -> MoverOptions:
    """What the Mover may do, with the seed's forcing rules applied.

    * Blocked from moving and from removing: the Mover must place a tile.
    * Stock empty: the Mover must remove a tile if they can.
    """
    here = pieces[mover]
    tile_set = set(tiles)
    occupied = set(pieces)
    around = neighbours(here)
    free_tiles = tuple(sorted(h for h in around if h in tile_set and h not in occupied))
    spaces = tuple(sorted(h for h in around if h not in tile_set)) if stock > 0 else ()
    moves, removes = free_tiles, free_tiles
    if not moves and not removes:
        if spaces:
            return MoverOptions((), spaces, (), "No free tile next to you: you must place one.")
        return MoverOptions((), (), (), "No legal move at all: the turn passes.")
    if stock == 0:
        return MoverOptions((), (), removes, "The stock is empty: you must remove a tile.")
    return MoverOptions(moves, spaces, removes, "")


def direction_name(origin: Hex, target: Hex) -> str:
    """Which way ``target`` lies from its neighbour ``origin`` ("north-east", ...)."""
    delta = (target[0] - origin[0], target[1] - origin[1])
    return DIRECTION_NAMES[DIRECTIONS.index(delta)]
