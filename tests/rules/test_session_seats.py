"""A session's seats follow its game's: a move that adds a seat (someone walks in) seats a
person under the name the game gives, and no seat is ever renumbered."""

from __future__ import annotations

from typing import Any

from rules.session import BOT, SeatPlan, Session


class Doorway:
    """A game reduced to its seats: the state is the seats' names; a name walks in."""

    def new(self, config: object, seed: int) -> tuple[str, ...]:
        return ("Ann", "Bo")

    def apply(self, state: tuple[str, ...], action: str) -> tuple[str, ...]:
        return state + (action,)

    def seat_names(self, state: tuple[str, ...]) -> tuple[str, ...]:
        return state


def start() -> Session[Any]:
    return Session.start(Doorway(), None, 1, (SeatPlan("Ann", pin_hash="x"), SeatPlan("Bo", BOT)))  # type: ignore[arg-type]


def test_a_move_that_adds_a_seat_seats_a_person_under_its_name():
    before = start()
    after = before.apply("Cy")
    assert after.seats == (SeatPlan("Ann", pin_hash="x"), SeatPlan("Bo", BOT), SeatPlan("Cy"))
    assert after.table_size == 3
    assert before.seats == (SeatPlan("Ann", pin_hash="x"), SeatPlan("Bo", BOT))


def test_seats_already_there_keep_their_plans_as_more_walk_in():
    after = start().apply("Cy").apply("Dee")
    assert [plan.name for plan in after.seats] == ["Ann", "Bo", "Cy", "Dee"]
    assert after.seats[1].is_bot and after.seats[0].pin_hash == "x"
    assert not after.seats[3].is_bot and after.seats[3].pin_hash is None
