"""Keys first (tui.net.keys_first): a house answering its guest's key is let ahead of the
houses repainting for other players' moves, for a bounded time."""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import selectors
import signal
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from tui.net.keys_first import (
    ANSWER_MOST,
    ANSWER_TAIL,
    BOARD_BYTES,
    NUDGE,
    POLL,
    SHARE_MOST,
    SLOTS,
    WAIT_LONGEST,
    WAIT_MOST,
    WINDOW,
    KeyBoard,
    KeysFirstLoop,
    Patience,
    TurnSelector,
    board_from,
    free_place,
    shared_board,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


ANN_PID, BO_PID, CY_PID = 4001, 4002, 4003


def two_houses(nudged: list[int] | None = None) -> tuple[Clock, KeyBoard, KeyBoard]:
    """Two houses' views of one board (places 1 and 2, processes ``ANN_PID`` and
    ``BO_PID``) on one clock; the processes nudged are added to ``nudged``."""
    clock, memory = Clock(), bytearray(BOARD_BYTES)
    nudge = (nudged if nudged is not None else []).append
    ann, bo = KeyBoard(memory, clock, nudge), KeyBoard(memory, clock, nudge)
    ann.take_place(1, ANN_PID)
    bo.take_place(2, BO_PID)
    return clock, ann, bo


def test_a_house_answering_a_key_is_seen_by_the_others_not_by_itself():
    _, ann, bo = two_houses()
    ann.answering("ann's terminal")
    assert bo.others_answering() and not ann.others_answering()
    assert ann.is_answering() and not bo.is_answering()


def test_a_frame_sent_to_the_guest_ends_the_answer_once_the_door_has_had_time_to_carry_it():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")
    assert bo.others_answering() and not ann.is_answering()
    clock.now += ANSWER_TAIL
    assert not bo.others_answering()


def test_a_house_answers_until_each_of_its_guests_has_a_frame():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answering("cy's terminal")
    ann.answered("ann's terminal")
    clock.now += ANSWER_TAIL
    assert bo.others_answering() and ann.is_answering()
    ann.answered("cy's terminal")
    clock.now += ANSWER_TAIL
    assert not bo.others_answering()


def test_a_key_that_paints_nothing_holds_no_one_up_for_long():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    clock.now += ANSWER_MOST
    assert not bo.others_answering() and not ann.is_answering()


def test_a_house_gets_the_lowest_place_free_among_the_zygotes_children():
    assert free_place([]) == 1  # (place 0 is no house's: the zygote's own)
    assert free_place([1, 2, 4]) == 3
    assert free_place(range(1, SLOTS)) == SLOTS - 1  # (all taken: they share the last)


def test_a_frame_that_answers_no_key_marks_nothing():
    _, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")
    ann.answered("cy's terminal")  # (a repaint for another's move, no key of cy's)
    assert bo.others_answering()  # (still ann's tail, not moved on by cy's frame)
    _, cy_house, dev_house = two_houses()
    cy_house.answered("cy's terminal")
    assert not dev_house.others_answering()


def waiting(
    board: KeyBoard, clock: Clock, answerer: KeyBoard | None = None, frame_after: float = 0.0
) -> Patience:
    """Patience on ``board`` whose sleeps move ``clock``; with ``answerer``, its guest's
    frame goes out ``frame_after`` seconds into the wait."""
    began, sent = clock.now, False

    def sleep(seconds: float) -> None:
        nonlocal sent
        clock.now += seconds
        if answerer is not None and not sent and clock.now - began >= frame_after:
            answerer.answered("ann's terminal")
            sent = True

    return Patience(board, clock, sleep)


def test_a_house_waits_while_another_answers_and_goes_on_once_its_frame_is_out():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    waited = waiting(bo, clock, ann, frame_after=0.003).wait_for_others()
    assert 0.003 + ANSWER_TAIL <= waited < 0.003 + ANSWER_TAIL + 2 * POLL


def test_a_turn_waits_for_others_at_most_wait_most():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    clock_before = clock.now
    waited = waiting(bo, clock).wait_for_others()
    assert WAIT_MOST <= waited < WAIT_MOST + 2 * POLL
    assert clock.now - clock_before == waited


def waiting_for_keys(
    board: KeyBoard, clock: Clock, keys: dict[float, Callable[[], object]]
) -> Patience:
    """Patience on ``board`` whose sleeps move ``clock``; each of ``keys`` (seconds into
    the wait: what happens then) happens once the wait has gone that far."""
    began = clock.now
    due = sorted(keys.items())

    def sleep(seconds: float) -> None:
        clock.now += seconds
        while due and clock.now - began >= due[0][0]:
            due.pop(0)[1]()

    return Patience(board, clock, sleep)


def test_a_key_that_comes_while_a_house_waits_gets_a_wait_of_its_own():
    clock, ann, bo = two_houses()
    cy = KeyBoard(ann.memory, clock)
    cy.take_place(3, CY_PID)
    ann.answering("ann's terminal")  # (a player's decision: its answer takes long)
    patience = waiting_for_keys(bo, clock, {0.008: lambda: cy.answering("cy's terminal")})
    waited = patience.wait_for_others()
    assert 0.008 + WAIT_MOST <= waited < 0.008 + WAIT_MOST + 2 * POLL


def test_a_second_key_of_the_same_house_gets_a_wait_of_its_own():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")

    def first_frame_then_next_key() -> None:
        ann.answered("ann's terminal")
        clock.now += ANSWER_TAIL  # (the mark lapses: Ann's first key is answered)
        ann.turning(False)
        ann.answering("ann's terminal")

    patience = waiting_for_keys(bo, clock, {0.004: first_frame_then_next_key})
    waited = patience.wait_for_others()
    assert 0.004 + ANSWER_TAIL + WAIT_MOST <= waited < 0.004 + ANSWER_TAIL + WAIT_MOST + 2 * POLL


def test_keys_one_after_another_hold_a_house_back_by_wait_longest_at_most():
    clock, ann, bo = two_houses()
    cy = KeyBoard(ann.memory, clock)
    cy.take_place(3, CY_PID)
    ann.answering("ann's terminal")

    def next_key(n: int) -> Callable[[], None]:
        house = (ann, cy)[n % 2]
        return lambda: house.answering("a guest's terminal")

    keys = {0.005 * n: next_key(n) for n in range(1, 400)}  # (a new key every 5 ms)
    waited = waiting_for_keys(bo, clock, keys).wait_for_others()
    assert WAIT_LONGEST <= waited < WAIT_LONGEST + 2 * POLL


def test_a_house_raising_its_mark_at_every_look_holds_the_others_wait_longest_at_most():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")

    def raised(seconds: float) -> None:
        clock.now += seconds
        ann._mark(ann.place, clock.now + 3600.0)  # (a hostile house, later each time)

    waited = Patience(bo, clock, raised).wait_for_others()
    assert WAIT_LONGEST <= waited < WAIT_LONGEST + 2 * POLL


def test_a_mark_held_forever_or_not_a_number_holds_the_others_wait_most_at_most():
    for held in (float("inf"), float("nan")):
        clock, ann, bo = two_houses()
        ann._mark(ann.place, held)
        waited = waiting(bo, clock).wait_for_others()
        assert waited < WAIT_MOST + 2 * POLL


@pytest.fixture
def her_line() -> Iterator[tuple[socket.socket, socket.socket]]:
    """A guest's terminal: the house's end, and the guest's."""
    house_end, guest_end = socket.socketpair()
    with house_end, guest_end:
        yield house_end, guest_end


def test_a_house_stops_waiting_once_bytes_of_its_own_guest_are_there(her_line):
    house_end, guest_end = her_line
    clock, ann, bo = two_houses()
    bo.guests.add(house_end.fileno())
    ann.answering("ann's terminal")
    patience = waiting_for_keys(bo, clock, {0.003: lambda: guest_end.send(b"\x1b[B")})
    waited = patience.wait_for_others()
    assert 0.003 <= waited < 0.003 + 2 * POLL


def test_a_silent_guest_neither_ends_nor_lengthens_her_houses_wait(her_line):
    house_end, _ = her_line
    clock, ann, bo = two_houses()
    bo.guests.add(house_end.fileno())
    ann.answering("ann's terminal")
    waited = waiting(bo, clock).wait_for_others()
    assert WAIT_MOST <= waited < WAIT_MOST + 2 * POLL


def test_a_guest_who_hung_up_does_not_hold_her_house_back(her_line):
    house_end, guest_end = her_line
    clock, ann, bo = two_houses()
    bo.guests.add(house_end.fileno())
    guest_end.close()  # (her house goes on, and finds her gone when it reads)
    ann.answering("ann's terminal")
    assert waiting(bo, clock).wait_for_others() == 0.0


def test_a_house_whose_own_guests_bytes_wait_to_be_read_does_not_wait(her_line):
    house_end, guest_end = her_line
    clock, ann, bo = two_houses()
    bo.guests.add(house_end.fileno())
    guest_end.send(b"\r")  # (come as a turn began: read once it ends)
    ann.answering("ann's terminal")
    assert waiting(bo, clock).wait_for_others() == 0.0


def test_a_house_answering_its_own_guest_never_waits():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    bo.answering("bo's terminal")
    assert waiting(bo, clock).wait_for_others() == 0.0


def test_nobody_answering_means_no_wait():
    clock, _, bo = two_houses()
    assert waiting(bo, clock).wait_for_others() == 0.0


def test_a_guest_typing_without_end_slows_the_others_by_a_share_at_most():
    clock, ann, bo = two_houses()
    patience = waiting(bo, clock)
    waited = 0.0
    start = clock.now
    while clock.now - start < WINDOW - 0.001:
        ann.answering("ann's terminal")  # (bytes keep coming)
        waited += patience.wait_for_others()
        clock.now += 0.001  # (a turn of bo's own work)
    assert SHARE_MOST * WINDOW - 2 * POLL <= waited <= SHARE_MOST * WINDOW + 2 * POLL
    clock.now = start + WINDOW  # a new second: waiting again
    ann.answering("ann's terminal")
    assert patience.wait_for_others() >= WAIT_MOST


def test_a_key_nudges_the_houses_in_the_middle_of_a_turn_once():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    cy = KeyBoard(ann.memory, clock, nudged.append)
    cy.take_place(3, CY_PID)
    bo.turning(True)
    ann.turning(True)
    for _ in range(100):  # (a burst of bytes: one mark, one nudge)
        ann.answering("ann's terminal")
    assert nudged == [BO_PID]  # (not cy, asleep; not ann's own house)
    ann.answered("ann's terminal")
    clock.now += ANSWER_TAIL
    cy.turning(True)
    ann.answering("ann's terminal")  # a next key, too soon: no nudge
    assert nudged == [BO_PID]
    ann.answered("ann's terminal")
    clock.now += WAIT_MOST
    ann.answering("ann's terminal")  # a next key, later
    assert nudged == [BO_PID, BO_PID, CY_PID]


def test_a_house_that_ended_is_no_longer_nudged_and_its_place_holds_no_mark():
    nudged: list[int] = []
    _, ann, bo = two_houses(nudged)
    bo.answering("bo's terminal")
    bo.turning(True)
    ann.vacate(2, BO_PID)  # (the zygote has reaped bo's house)
    ann.answering("ann's terminal")
    assert nudged == [] and not ann.others_answering()


def test_a_place_taken_again_is_not_vacated_for_the_house_before():
    nudged: list[int] = []
    _, ann, bo = two_houses(nudged)
    bo.take_place(2, CY_PID)  # (every place taken: cy's house shares bo's)
    bo.turning(True)
    ann.vacate(2, BO_PID)
    ann.answering("ann's terminal")
    assert nudged == [CY_PID]


def test_a_nudged_house_waits_in_the_middle_of_its_turn():
    clock, ann, bo = two_houses()
    patience = waiting(bo, clock)
    loop = KeysFirstLoop(patience)
    before = signal.getsignal(NUDGE)
    try:
        loop.listen()
        ann.answering("ann's terminal")
        started = clock.now
        os.kill(os.getpid(), NUDGE)  # (its handler runs before the next line)
        assert WAIT_MOST <= clock.now - started < WAIT_MOST + POLL
    finally:
        signal.signal(NUDGE, before)
        loop.close()


def test_a_nudge_during_a_wait_adds_nothing_to_it():
    clock, ann, bo = two_houses()
    nested: list[float] = []

    def sleep(seconds: float) -> None:
        clock.now += seconds
        if not nested:
            nested.append(patience.wait_for_others())  # (as a nudge's handler would)

    patience = Patience(bo, clock, sleep)
    ann.answering("ann's terminal")
    assert patience.wait_for_others() >= WAIT_MOST
    assert nested == [0.0]


def test_a_houses_loop_is_in_a_turn_while_it_works_and_out_of_it_while_it_sleeps():
    board = KeyBoard(bytearray(BOARD_BYTES))
    watcher = KeyBoard(board.memory)  # (another house's view of the same board)
    board.take_place(1)
    watcher.take_place(2)
    loop = KeysFirstLoop(Patience(board))
    seen: list[list[int]] = []
    woken = asyncio.Event()

    def watch() -> None:  # (as another house would, while the loop sleeps on woken)
        while watcher.others_turning() and not loop.is_closed():
            threading.Event().wait(0.001)
        loop.call_soon_threadsafe(woken.set)

    async def turn() -> None:
        seen.append(watcher.others_turning())
        threading.Thread(target=watch, daemon=True).start()
        await woken.wait()
        seen.append(watcher.others_turning())

    try:
        loop.run_until_complete(asyncio.wait_for(turn(), 30))
    finally:
        loop.close()
    assert seen == [[1], [1]]
    assert watcher.others_turning() == []  # (a closed loop is in no turn)


def test_a_board_made_before_a_fork_is_shared_with_the_forked_house():
    board = KeyBoard(None, lambda: 0.0)  # (a still clock: a mark never lapses here)
    board.take_place(1)
    done_read, done_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the forked house: answers a key and says so
        try:
            board.take_place(2)
            board.answering("its guest's terminal")
            os.write(done_write, b"x")
        finally:
            os._exit(0)
    os.close(done_write)
    assert os.read(done_read, 1) == b"x"
    os.close(done_read)
    os.waitpid(pid, 0)
    assert board.others_answering()


def test_a_houses_loop_asks_patience_before_each_turn():
    class Counting(Patience):
        turns = 0

        def wait_for_others(self) -> float:
            Counting.turns += 1
            return 0.0

    loop = KeysFirstLoop(Counting(KeyBoard(bytearray(BOARD_BYTES))))
    try:
        assert loop.run_until_complete(asyncio.sleep(0, result="done")) == "done"
    finally:
        loop.close()
    assert Counting.turns >= 1


def test_a_key_that_painted_nothing_does_not_keep_the_house_marked_after_it_lapses():
    clock, ann, bo = two_houses()
    ann.answering("a key that changes nothing")
    clock.now += ANSWER_MOST
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")
    clock.now += ANSWER_TAIL
    assert not bo.others_answering()


async def test_a_guest_who_hangs_up_mid_key_is_answered():
    from tui.net.terminal_driver import GuestTerminal

    clock, ann, bo = two_houses()
    terminal = GuestTerminal((80, 24), lambda: None, ann)
    terminal.data_received(b"\x1b[B")
    assert bo.others_answering()
    terminal.connection_lost(None)
    clock.now += ANSWER_TAIL
    assert not bo.others_answering()


async def test_a_guest_flooding_hostile_bytes_holds_one_mark_that_a_frame_or_lapse_ends():
    from tui.net.terminal_driver import GuestTerminal

    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    bo.turning(True)
    terminal = GuestTerminal((80, 24), lambda: None, ann)
    for _ in range(2000):  # (no driver yet: the bytes wait, unparsed; the board only marks)
        terminal.data_received(b"\x1b[200~\xff\x00" + b"\x1b[" * 50)
    assert len(ann._owners) == 1 and bo.others_answering()
    assert nudged == [BO_PID]  # (one mark, one nudge)
    clock.now += ANSWER_MOST  # the guest goes silent: the mark lapses on its own
    assert not bo.others_answering()
    terminal.data_received(b"x")
    terminal.flush()  # (nothing to send, no transport: the mark stays until it lapses)
    clock.now += ANSWER_MOST
    assert not bo.others_answering()
    assert waiting(bo, clock).wait_for_others() == 0.0


def test_a_turn_that_starts_with_its_own_guests_bytes_does_not_wait_for_others():
    clock, ann, bo = two_houses()
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        clock.now += seconds

    with guest_and_host(TurnSelector(Patience(bo, clock, sleep))) as (selector, lines):
        ann.answering("ann's terminal")
        lines.host.send(b"a frame from the host")
        assert len(selector.select(0)) == 1 and sleeps  # (another's key first)
        sleeps.clear()
        lines.guest.send(b"\x1b[B")  # bo's own guest's key, with the host's bytes
        assert len(selector.select(0)) == 2 and sleeps == []


class Lines:
    """A house's two lines: its guest's and the host's (``guest`` and ``host`` send on
    them; ``guests_end`` and ``hosts_end`` are the house's ends)."""

    def __init__(self) -> None:
        self.guests_end, self.guest = socket.socketpair()
        self.hosts_end, self.host = socket.socketpair()

    def close(self) -> None:
        for end in (self.guests_end, self.guest, self.hosts_end, self.host):
            end.close()


@contextlib.contextmanager
def guest_and_host(selector: TurnSelector) -> Iterator[tuple[TurnSelector, Lines]]:
    """``selector`` watching a guest's line (one of its board's guests) and the host's."""
    lines = Lines()
    try:
        selector.register(lines.guests_end, selectors.EVENT_READ)
        selector.register(lines.hosts_end, selectors.EVENT_READ)
        selector.patience.board.guests.add(lines.guests_end.fileno())
        yield selector, lines
    finally:
        selector.close()
        lines.close()


def read_within(fd: int, seconds: float) -> bytes:
    """One byte from ``fd``, or b"" if none comes within ``seconds`` (a failure's bound,
    not a pause: the byte is read as soon as it comes)."""
    ready, _, _ = select.select([fd], [], [], seconds)
    return os.read(fd, 1) if ready else b""


def test_a_key_in_one_house_nudges_a_forked_house_in_its_turn_to_wait():
    board = KeyBoard(None, lambda: 0.0)  # (shared memory; a still clock: marks hold)
    board.take_place(1)
    ready_read, ready_write = os.pipe()
    said_read, said_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the forked house: in a long turn, listening for nudges
        try:
            os.close(ready_read)
            os.close(said_read)
            board.take_place(2)
            waits: list[float] = []

            class Saying(Patience):
                def wait_for_others(self) -> float:
                    waits.append(super().wait_for_others())
                    return waits[-1]

            loop = KeysFirstLoop(Saying(board))
            loop.listen()
            board.turning(True)
            os.write(ready_write, b"r")
            for _ in range(60_000):  # (its turn goes on until a nudge comes: 60 s at most)
                if waits:
                    break
                threading.Event().wait(0.001)
            os.write(said_write, b"w" if waits and waits[0] > 0 else b"0")
        finally:
            os._exit(0)
    os.close(ready_write)
    os.close(said_write)
    try:
        assert read_within(ready_read, 60) == b"r"
        board.answering("ann's terminal")  # (the nudge goes to the forked house)
        assert read_within(said_read, 60) == b"w"
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(ready_read)
        os.close(said_read)


def test_a_nudge_in_a_turn_that_began_with_its_own_guests_bytes_does_not_wait():
    clock, ann, bo = two_houses()
    patience = waiting(bo, clock)
    selector = TurnSelector(patience)
    guest, door = socket.socketpair()
    try:
        selector.register(guest, selectors.EVENT_READ)
        bo.guests.add(guest.fileno())
        ann.answering("ann's terminal")
        door.send(b"\x1b[B")
        selector.select(0)
        assert patience.wait_for_others() == 0.0  # (as a nudge mid-turn would ask)
        guest.recv(16)
        selector.select(0)  # (the next turn: nothing of its guest's is ready)
        assert patience.wait_for_others() >= WAIT_MOST
    finally:
        selector.close()
        guest.close()
        door.close()


def test_a_closed_loop_stops_listening_for_nudges():
    before = signal.getsignal(NUDGE)
    loop = KeysFirstLoop(Patience(KeyBoard(bytearray(BOARD_BYTES))))
    loop.listen()
    assert signal.getsignal(NUDGE) != before
    loop.close()
    assert signal.getsignal(NUDGE) == before


def test_a_lapsed_mark_is_taken_down_when_its_house_goes_to_sleep():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")
    ann.turning(False)  # (asleep within its tail: the mark stays)
    assert bo.others_marked() == [1]
    clock.now += ANSWER_TAIL
    ann.turning(True)
    assert bo.others_marked() == [1]  # (in a turn: left as it is)
    ann.turning(False)
    assert bo.others_marked() == []


async def test_a_guest_sending_a_byte_for_every_frame_nudges_at_most_once_in_wait_most():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    bo.turning(True)
    from tui.net.terminal_driver import GuestTerminal

    terminal = GuestTerminal((80, 24), lambda: None, ann)
    for _ in range(1000):  # a second of one byte, one frame, every millisecond
        terminal.data_received(b"x")
        ann.answered(terminal)  # (its frame)
        clock.now += 0.001
    assert len(nudged) <= round(1.0 / WAIT_MOST) + 1


async def test_guests_who_come_and_go_leave_no_descriptor_on_the_board():
    from tui.net.terminal_driver import GuestTerminal

    _, ann, _ = two_houses()
    loop = asyncio.get_running_loop()
    for _ in range(20):
        guest, door = socket.socketpair()
        terminal = GuestTerminal((80, 24), lambda: None, ann)
        terminal.on_hang_up = lambda t=terminal: t.say_last(b"")  # (as its house does)
        await loop.connect_accepted_socket(lambda t=terminal: t, guest)
        assert ann.guests == {guest.fileno()}
        door.close()  # (the guest hangs up)
        await terminal.closed.wait()
        assert ann.guests == set()


# --- the door marks a house as its guest's bytes pass ---------------------------------


def the_door(clock: Clock, memory: bytearray, nudged: list[int]) -> KeyBoard:
    """The door's view of the board: it holds no place (place 0 is never a house's)."""
    return KeyBoard(memory, clock, nudged.append)


def test_the_door_marks_a_house_before_it_wakes_and_only_the_others_wait():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    door = the_door(clock, ann.memory, nudged)
    door.coming(ANN_PID)
    assert bo.others_answering()  # (Bo lets Ann's key go first)
    assert not ann.others_answering()  # (Ann never waits for her own guest's key)
    assert not ann.is_answering()  # (she answers once she has read it)
    clock.now += ANSWER_MOST
    assert not bo.others_answering()  # (a key Ann never reads lapses)


def test_the_door_nudges_the_houses_in_a_turn_but_the_one_its_key_is_for():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    cy = KeyBoard(ann.memory, clock, nudged.append)
    cy.take_place(3, CY_PID)
    door = the_door(clock, ann.memory, nudged)
    for house in (ann, bo, cy):
        house.turning(True)
    door.coming(ANN_PID, [ANN_PID, BO_PID, CY_PID])
    assert sorted(nudged) == [BO_PID, CY_PID]


def test_the_door_nudges_only_the_houses_it_started_whatever_the_board_says():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    stranger = KeyBoard(ann.memory, clock, nudged.append)
    stranger.take_place(3, 1)  # (a place claimed for process 1 by a hostile house)
    for house in (bo, stranger):
        house.turning(True)
    the_door(clock, ann.memory, nudged).coming(ANN_PID, [ANN_PID, BO_PID])
    assert nudged == [BO_PID]


def test_a_house_the_door_has_marked_nudges_once_more_as_it_reads_the_key():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    the_door(clock, ann.memory, nudged).coming(ANN_PID, [ANN_PID, BO_PID])
    assert nudged == []  # (Bo was asleep: he waits before his next turn)
    bo.turning(True)  # (he began one since)
    ann.answering("ann's terminal")
    assert nudged == [BO_PID]


def test_a_burst_through_the_door_is_one_mark_and_nudges_at_most_once_in_wait_most():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    door = the_door(clock, ann.memory, nudged)
    bo.turning(True)
    for _ in range(2000):
        door.coming(ANN_PID, [BO_PID])
        clock.now += WAIT_MOST / 1000
    assert nudged == [BO_PID]  # (its mark stayed up: the burst is one key)
    clock.now += ANSWER_MOST  # (lapsed: the next bytes are a key of their own)
    door.coming(ANN_PID, [BO_PID])
    assert nudged == [BO_PID, BO_PID]


def test_the_door_holds_a_mark_on_for_bytes_that_come_while_it_is_up():
    clock, ann, bo = two_houses()
    door = the_door(clock, ann.memory, [])
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")  # (her frame is out: her mark holds ANSWER_TAIL more)
    clock.now += ANSWER_TAIL / 2
    door.coming(ANN_PID)  # (her next key, in the tail)
    clock.now += ANSWER_TAIL
    assert bo.others_answering()  # (held on for the key she has not read yet)
    clock.now += ANSWER_MOST
    assert not bo.others_answering()


def test_the_house_takes_down_the_mark_the_door_put_up_once_its_frame_is_out():
    clock, ann, bo = two_houses()
    door = the_door(clock, ann.memory, [])
    door.coming(ANN_PID)
    ann.answering("ann's terminal")  # (she reads the key)
    ann.answered("ann's terminal")  # (and its frame goes out)
    clock.now += ANSWER_TAIL
    assert not bo.others_answering()


def test_the_door_marks_nothing_for_a_process_that_holds_no_place():
    nudged: list[int] = []
    clock, ann, bo = two_houses(nudged)
    bo.turning(True)
    door = the_door(clock, ann.memory, nudged)
    for stranger in (9999, 0, -1):
        door.coming(stranger, [BO_PID])
    assert not ann.others_answering() and not bo.others_answering() and nudged == []


def test_the_door_finds_a_process_at_the_place_it_holds_now():
    clock, ann, bo = two_houses()
    door = the_door(clock, ann.memory, [])
    assert door.place_of(ANN_PID) == 1
    ann.vacate(1, ANN_PID)
    assert door.place_of(ANN_PID) is None
    ann.take_place(5, ANN_PID)
    assert door.place_of(ANN_PID) == 5


def test_the_door_reads_only_whole_process_ids_on_the_board():
    clock, ann, bo = two_houses()
    ann.take_place(1, 0x41424344)
    bo.take_place(2, 0x45464748)
    straddling = int.from_bytes(b"\x42\x41\x48\x47", "little")  # (half of each)
    assert the_door(clock, ann.memory, []).place_of(straddling) is None


def test_a_board_the_door_shares_is_one_board_in_both_mappings_and_sealed():
    shared = shared_board()
    if shared is None:
        pytest.skip("no sealed anonymous files here (os.memfd_create: Linux)")
    door, descriptor = shared
    try:
        house = board_from(os.dup(descriptor))
        assert house is not None
        house.take_place(3, ANN_PID)
        assert door.place_of(ANN_PID) == 3  # (what the house writes, the door reads)
        with pytest.raises(OSError):  # (no house can shrink it under the door's process)
            os.ftruncate(descriptor, 0)
    finally:
        os.close(descriptor)


def test_a_descriptor_that_is_not_a_boards_gives_none_and_is_closed():
    descriptor = os.open(os.devnull, os.O_RDONLY)
    assert board_from(descriptor) is None
    with pytest.raises(OSError):
        os.fstat(descriptor)
    assert board_from(-1) is None


@pytest.mark.skipif(not hasattr(os, "memfd_create"), reason="anonymous files: Linux")
def test_a_board_a_house_could_shrink_is_not_taken():
    unsealed = os.memfd_create("not-a-board")
    os.ftruncate(unsealed, BOARD_BYTES)
    assert board_from(unsealed) is None


def test_a_file_planted_as_a_board_is_not_taken(tmp_path):
    planted = tmp_path / "board"
    planted.write_bytes(bytes(BOARD_BYTES))  # (the right size, but anyone's file)
    assert board_from(os.open(planted, os.O_RDWR)) is None  # (a file cannot be sealed)
