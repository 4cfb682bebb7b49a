"""Island bots: one policy per role, deciding from the seat's view alone."""

from __future__ import annotations

from attrs import frozen

from rules.chance import Chance
from rules.engine import Seat
from rules.island import board
from rules.island.state import (
    IslandView,
    MoveTo,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)

WIN, LOSS = 1000.0, -1000.0


@frozen
class IslandBot:
    """A seat's bot. Its randomness is seeded by its own seed and the turn, so a
    resumed game makes the same decisions."""

    seat: Seat
    seed: int

    def choose(
        self, view: IslandView
    ) -> PlayResponse | PickResponse | MoveTo | PlaceTile | RemoveTile:
        chance = Chance(seed=self.seed * 1_000_003 + view.turn * 31 + len(view.log))
        choices = view.choices
        if choices is None:
            raise ValueError(f"{view.names[self.seat]} has nothing to decide now")
        offered = [option.value for option in choices.opened]
        if isinstance(offered[0], PlayResponse | PickResponse):
            # Judging and responding are matters of taste: any card, at random.
            choice, _ = chance.pick(offered)
            return choice
        moves = [a for a in offered if isinstance(a, MoveTo | PlaceTile | RemoveTile)]
        return self._best_move(view, moves, chance)

    def _best_move(
        self,
        view: IslandView,
        candidates: list[MoveTo | PlaceTile | RemoveTile],
        chance: Chance,
    ) -> MoveTo | PlaceTile | RemoveTile:
        best, best_score = candidates[0], float("-inf")
        for candidate in candidates:
            noise, chance = chance.below(100)
            score = self._score(view, candidate) + noise / 100
            if score > best_score:
                best, best_score = candidate, score
        return best

    def _score(self, view: IslandView, action: MoveTo | PlaceTile | RemoveTile) -> float:
        tiles, pieces = list(view.tiles), list(view.pieces)
        if isinstance(action, MoveTo):
            pieces[self.seat] = action.target
        elif isinstance(action, PlaceTile):
            tiles.append(action.target)
            pieces[self.seat] = action.target
        else:
            tiles.remove(action.target)
        labels = board.island_labels(tuple(pieces), tuple(tiles))
        groups = len(set(labels))
        if groups == 3:
            return LOSS
        if groups == 2:
            return LOSS if labels.count(labels[self.seat]) == 1 else WIN
        others = [s for s in range(3) if s != self.seat]
        nearest = min(_distance(pieces[self.seat], pieces[o]) for o in others)
        my_cuts = _cut_count(self.seat, tuple(pieces), tuple(tiles))
        their_cuts = sum(_cut_count(o, tuple(pieces), tuple(tiles)) for o in others)
        return -2.0 * nearest - 3.0 * my_cuts + 1.5 * their_cuts


def _distance(a: board.Hex, b: board.Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _cut_count(seat: int, pieces: tuple[board.Hex, ...], tiles: tuple[board.Hex, ...]) -> int:
    """How many single free tiles, if removed, would leave ``seat`` alone."""
    count = 0
    for tile in tiles:
        if tile in pieces:
            continue
        rest = tuple(t for t in tiles if t != tile)
        island = board.island_of(pieces[seat], rest)
        if not any(pieces[o] in island for o in range(3) if o != seat):
            count += 1
    return count
