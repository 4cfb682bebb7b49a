"""Keys first (tui.net.keys_first): a house answering its guest's key is let ahead of the
houses repainting for other players' moves, for a bounded time."""

from __future__ import annotations

import asyncio
import os

from tui.net.keys_first import (
    ANSWER_MOST,
    POLL,
    SHARE_MOST,
    SLOTS,
    WAIT_MOST,
    WINDOW,
    KeyBoard,
    KeysFirstLoop,
    Patience,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def two_houses() -> tuple[Clock, KeyBoard, KeyBoard]:
    """Two houses' views of one board (places 1 and 2) on one clock."""
    clock, memory = Clock(), bytearray(SLOTS * 9)
    ann, bo = KeyBoard(memory, clock), KeyBoard(memory, clock)
    ann.take_place(1)
    bo.take_place(2)
    return clock, ann, bo


def test_a_house_answering_a_key_is_seen_by_the_others_not_by_itself():
    _, ann, bo = two_houses()
    ann.answering("ann's terminal")
    assert bo.others_answering() and not ann.others_answering()
    assert ann.is_answering() and not bo.is_answering()


def test_a_frame_sent_to_the_guest_ends_the_answer():
    _, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answered("ann's terminal")
    assert not bo.others_answering()


def test_a_house_answers_until_each_of_its_guests_has_a_frame():
    _, ann, bo = two_houses()
    ann.answering("ann's terminal")
    ann.answering("cy's terminal")
    ann.answered("ann's terminal")
    assert bo.others_answering()
    ann.answered("cy's terminal")
    assert not bo.others_answering()


def test_a_key_that_paints_nothing_holds_no_one_up_for_long():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    clock.now += ANSWER_MOST
    assert not bo.others_answering() and not ann.is_answering()


def test_places_are_taken_by_the_number_forked_and_wrap():
    _, ann, _ = two_houses()
    ann.take_place(SLOTS + 3)
    assert ann.place == 3


def waiting(
    board: KeyBoard, clock: Clock, answerer: KeyBoard | None = None, frame_after: float = 0.0
) -> Patience:
    """Patience on ``board`` whose sleeps move ``clock``; with ``answerer``, its guest's
    frame goes out ``frame_after`` seconds into the wait."""
    began = clock.now

    def sleep(seconds: float) -> None:
        clock.now += seconds
        if answerer is not None and clock.now - began >= frame_after:
            answerer.answered("ann's terminal")

    return Patience(board, clock, sleep)


def test_a_house_waits_while_another_answers_and_goes_on_once_its_frame_is_out():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    waited = waiting(bo, clock, ann, frame_after=0.003).wait_for_others()
    assert 0.003 <= waited < 0.003 + 2 * POLL


def test_a_turn_waits_for_others_at_most_wait_most():
    clock, ann, bo = two_houses()
    ann.answering("ann's terminal")
    clock_before = clock.now
    waited = waiting(bo, clock).wait_for_others()
    assert WAIT_MOST <= waited < WAIT_MOST + 2 * POLL
    assert clock.now - clock_before == waited


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


def test_a_board_made_before_a_fork_is_shared_with_the_forked_house():
    board = KeyBoard()
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


def test_a_houses_loop_asks_patience_before_a_turn_with_work_ready():
    class Counting(Patience):
        turns = 0

        def wait_for_others(self) -> float:
            Counting.turns += 1
            return 0.0

    loop = KeysFirstLoop(Counting(KeyBoard(bytearray(SLOTS * 9))))
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
    assert not bo.others_answering()


async def test_a_guest_who_hangs_up_mid_key_is_answered():
    from tui.net.terminal_driver import GuestTerminal

    _, ann, bo = two_houses()
    terminal = GuestTerminal((80, 24), lambda: None, ann)
    terminal.data_received(b"\x1b[B")
    assert bo.others_answering()
    terminal.connection_lost(None)
    assert not bo.others_answering()


async def test_a_guest_flooding_hostile_bytes_holds_one_mark_that_a_frame_or_lapse_ends():
    from tui.net.terminal_driver import GuestTerminal

    clock, ann, bo = two_houses()
    terminal = GuestTerminal((80, 24), lambda: None, ann)
    for _ in range(2000):  # (no driver yet: the bytes wait, unparsed; the board only marks)
        terminal.data_received(b"\x1b[200~\xff\x00" + b"\x1b[" * 50)
    assert len(ann._owners) == 1 and bo.others_answering()
    clock.now += ANSWER_MOST  # the guest goes silent: the mark lapses on its own
    assert not bo.others_answering()
    terminal.data_received(b"x")
    terminal.flush()  # (nothing to send, no transport: the mark stays until it lapses)
    clock.now += ANSWER_MOST
    assert not bo.others_answering()
    assert waiting(bo, clock).wait_for_others() == 0.0
