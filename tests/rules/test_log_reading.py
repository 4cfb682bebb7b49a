"""A state's story read on from the state before it reads exactly as the whole log does."""

from __future__ import annotations

from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Event, LogReading, carry_reading, read_log, reading_field

SEATS = (None, 0, 1, 2)


@frozen
class Told:
    """The least a state read by views has: its log and where its readings are kept."""

    log: tuple[Event, ...]
    read: list[LogReading] = reading_field()


def _whole(log: tuple[Event, ...], seat: int | None, everything: bool) -> tuple:
    lines = tuple(e.text for e in log if everything or e.visible_to(seat))
    notes = tuple(e.text for e in log if seat is not None and e.addressed_to(seat))
    return lines, notes


events = st.builds(
    Event,
    text=st.sampled_from(("a", "b", "c")),
    seats=st.one_of(st.none(), st.tuples(st.integers(0, 2)), st.tuples(st.integers(0, 2),
                                                                       st.integers(0, 2))),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(events, max_size=4), min_size=1, max_size=8), st.data())
def test_a_growing_log_reads_as_the_whole_of_it(growths, data) -> None:
    """States stepped from one another, sometimes rebuilt as equal copies and sometimes
    branching off an older one (a take-back), read exactly as read from scratch, by
    any of the readers, whichever read the state before."""
    states = [Told(())]
    for growth in growths:
        before = data.draw(st.sampled_from(states))
        log = before.log + tuple(growth)
        if data.draw(st.booleans()):
            log = tuple(Event(e.text, e.seats) for e in log)
        after = Told(log)
        carry_reading(before, after)
        states.append(after)
        readers = data.draw(st.lists(st.sampled_from(SEATS), min_size=1, unique=True))
        for seat in readers:
            for everything in (False, True):
                assert read_log(after, seat, everything) == _whole(log, seat, everything)


def test_a_log_that_parts_from_the_one_before_is_read_afresh() -> None:
    """Same length and the very same first and last events are not enough: every
    event is compared."""
    start, end = Event("start"), Event("end")
    before = Told((start, Event("Ann holds the queen", (0,)), end))
    assert read_log(before, 1) == (("start", "end"), ())
    after = Told((start, Event("Bo holds the king", (1,)), end))
    carry_reading(before, after)
    assert after.read == []
    mine = read_log(after, 1)
    assert mine == (("start", "Bo holds the king", "end"), ("Bo holds the king",))


def test_a_step_reads_only_the_new_events() -> None:
    """What the readers of the state before made of its story is where the next goes on:
    the reading a step starts from is the earlier state's, by identity."""
    before = Told((Event("one"), Event("two", (0,))))
    read_log(before, 0)
    after = Told((*before.log, Event("three")))
    carry_reading(before, after)
    assert after.read[0].begins_with == ((2, before.read[0].readings),)
    assert read_log(after, 0) == (("one", "two", "three"), ("two",))
