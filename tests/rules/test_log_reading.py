"""A log read on from a remembered shorter one reads exactly as the whole log does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Event, read_log

SEATS = (None, 0, 1, 2)


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
    """Logs grown step by step, sometimes rebuilt as equal copies and sometimes
    branching off an older one (a take-back), read exactly as read from scratch."""
    logs: list[tuple[Event, ...]] = [()]
    for growth in growths:
        base = data.draw(st.sampled_from(logs))
        log = base + tuple(growth)
        if data.draw(st.booleans()):
            log = tuple(Event(e.text, e.seats) for e in log)
        logs.append(log)
        for seat in SEATS:
            for everything in (False, True):
                assert read_log(log, seat, everything) == _whole(log, seat, everything)


def test_a_log_that_parts_from_the_remembered_one_is_read_afresh() -> None:
    """Same length and the very same first and last events are not enough: every
    event is compared."""
    start, end = Event("start"), Event("end")
    shown = read_log((start, Event("Ann holds the queen", (0,)), end), 1)
    assert shown == (("start", "end"), ())
    mine = read_log((start, Event("Bo holds the king", (1,)), end), 1)
    assert mine == (("start", "Bo holds the king", "end"), ("Bo holds the king",))
