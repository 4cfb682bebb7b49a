"""A hosted Lantern's tavern door (issue 31): a newcomer walks in from a terminal of their
own with the tavern's code and a name, waits at the door, and once the table seats them
(``WalkIn`` under that name) plays the new seat from their terminal. Every name said at
the door is hostile until checked; the door holds few; a name never takes a seat that was
there before."""

from __future__ import annotations

from pathlib import Path

from rules.lantern.state import WalkIn
from tests.net_helpers import WireClient, headless_host, until, wire_strings
from tests.test_tui_lantern_newcomers import DORA, _tavern
from tui.net import wire
from tui.net.host import (
    AT_THE_DOOR,
    BAD_NAME,
    DOOR,
    DOOR_FULL,
    HOST_LEFT,
    NAME_AT_DOOR,
    NAME_NEEDED,
    NAME_SEATED,
    NAME_TOO_LONG,
    WAIT_AT_DOOR,
)

CONTROL = "a control character (such as a newline or a terminal escape)"
KIP = 3
"""The Barkeep, who seats newcomers (Ann, Bo, Cy are the Bards)."""


async def _knock(host, name: str) -> tuple[WireClient, wire.Message | None]:
    guest = WireClient(host.path)
    await guest.connect()
    guest.send(wire.Join(wire.PROTOCOL, host.seating.tavern_code, False, name))
    return guest, await guest.receive()


async def test_a_newcomer_walks_in_by_the_tavern_code_and_plays_their_own_seat(tmp_path: Path):
    host = await headless_host(_tavern(), tmp_path)
    try:
        assert host.seating.tavern_code and host.table.seating.tavern_code
        ann = WireClient(host.path)
        assert isinstance(await ann.join(host.codes[0]), wire.Welcome)
        dora, first = await _knock(host, "  Dora  ")
        assert first == wire.AtTheDoor(AT_THE_DOOR.format("Dora"))
        await until(lambda: host.table.seating.door == ("Dora",))
        assert host.table.act(WalkIn(KIP, "Dora", 3)) is None
        welcome = await dora.receive()
        assert isinstance(welcome, wire.Welcome) and welcome.seat == DORA and welcome.rejoin
        snapshot = await dora.receive()
        assert isinstance(snapshot, wire.Snapshot)
        hand = [host.table.session.state.elements[c] for c in snapshot.view.data.hand]
        assert len(hand) == 2 and hand == [
            host.table.session.state.elements[c] for c in host.table.session.state.hands[DORA]
        ]
        assert host.table.seats[DORA].elsewhere and host.table.seating.door == ()
        await ann.catch_up(host.seq)
        said_to_ann = "\n".join(wire_strings(line) for line in ann.received)
        assert not [card for card in hand if card in said_to_ann]
    finally:
        host.close()


async def test_the_door_asks_a_name_and_refuses_what_cannot_be_one(tmp_path: Path):
    host = await headless_host(_tavern(), tmp_path)
    try:
        for said, refusal in (
            ("", NAME_NEEDED),
            ("   ", NAME_NEEDED),
            ("D" * 25, NAME_TOO_LONG),
            ("Do\x1b[31mra", BAD_NAME.format(f"holds {CONTROL}, which cannot be shown as it is")),
            ("ann", NAME_SEATED.format("ann")),
        ):
            guest, first = await _knock(host, said)
            assert first == wire.Refused(refusal), said
            assert await guest.receive() is None  # and the door closes on them
        assert host.table.seating.door == ()
    finally:
        host.close()


async def test_the_door_holds_a_few_newcomers_each_under_a_name_of_their_own(tmp_path: Path):
    host = await headless_host(_tavern(), tmp_path)
    try:
        waiting = []
        for n in range(DOOR):
            guest, first = await _knock(host, f"Guest {n}")
            assert isinstance(first, wire.AtTheDoor)
            waiting.append(guest)
        _, first = await _knock(host, "guest 0")
        assert first == wire.Refused(NAME_AT_DOOR.format("guest 0"))
        _, first = await _knock(host, "Someone")
        assert first == wire.Refused(DOOR_FULL)
        waiting[0].close()  # one goes home: the door forgets them
        await until(lambda: len(host.table.seating.door) == DOOR - 1)
        waiting[1].send(wire.Read(0))  # anything said at the door: one answer, and out
        assert await waiting[1].receive() == wire.Refused(WAIT_AT_DOOR)
        assert await waiting[1].receive() is None
        await until(lambda: len(host.table.seating.door) == DOOR - 2)
        host.close()
        assert await waiting[2].receive() == wire.Goodbye(HOST_LEFT)
    finally:
        host.close()


async def test_a_newcomer_types_the_tavern_code_then_a_name_and_waits_at_the_door(
    tmp_path: Path,
):
    from tests.tui_helpers import screen_text, settle
    from tui.net.codes import shown_code
    from tui.net.join_app import NAME_ASK, JoinApp, JoinScreen

    def asked(app) -> str:
        """What the join screen says now ('' once it has gone: the seat shows)."""
        screen = app.screen
        return screen.said if isinstance(screen, JoinScreen) else ""

    host = await headless_host(_tavern(), tmp_path)
    try:
        join_app = JoinApp(host.path)
        async with join_app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press(*shown_code(host.seating.tavern_code), "enter")
            await until(lambda: asked(join_app) == NAME_NEEDED, pilot)
            assert join_app.screen.code == host.seating.tavern_code
            assert NAME_ASK.split(":")[0] in screen_text(join_app)  # the name is asked for
            await pilot.press(*"Dora", "enter")
            await until(lambda: asked(join_app) == AT_THE_DOOR.format("Dora"), pilot)
            assert join_app.joined is None
            assert host.table.act(WalkIn(KIP, "Dora", 3)) is None
            await until(lambda: join_app.joined is not None, pilot)
            assert join_app.joined.table.seat == DORA
            assert join_app.code == host.seating.claims[DORA]  # its rejoin code from now on
            await settle(pilot)
            bar = screen_text(join_app).splitlines()[-1]
            assert "c Hand" in bar and "b Bards" not in bar  # the Barkeep seats Bards, not Dora
    finally:
        host.close()


async def test_hostile_bytes_at_the_door_are_refused_and_the_host_goes_on(tmp_path: Path):
    """What a guest may send with the tavern's code: a name that is no text, a line past
    the limit, a move made from the door, a flood of lines. Each ends in a refusal or the
    connection dropped; nobody is left at the door, the table is unchanged and the host
    still seats an honest newcomer."""
    failed: list[Exception] = []
    host = await headless_host(_tavern(), tmp_path, fail=failed.append)
    tavern = host.seating.tavern_code
    actions = host.table.session.actions
    try:
        guest = WireClient(host.path)
        await guest.connect()
        guest.send_raw(b'{"$": "Join", "protocol": %d, "code": "%s", "name": ["Dora"]}\n' % (
            wire.PROTOCOL, tavern.encode()))
        first = await guest.receive()
        assert isinstance(first, wire.Refused) and first.reason.startswith("The host could not")
        long = WireClient(host.path)
        await long.connect()
        long.send_raw(b'{"$": "Join", "code": "' + tavern.encode() + b'", "name": "'
                      + b"D" * 70_000 + b'"}\n')
        assert await long.receive() is None  # past the line limit: dropped
        mover, first = await _knock(host, "Mallory")
        assert isinstance(first, wire.AtTheDoor)
        mover.send(wire.Act(0, {"type": "PassTurn", "seat": 0}))  # a move from the door
        assert await mover.receive() == wire.Refused(WAIT_AT_DOOR)
        flood, first = await _knock(host, "Flood")
        for _ in range(500):
            flood.send(wire.Read(0))
        assert await flood.receive() == wire.Refused(WAIT_AT_DOOR)
        assert await flood.receive() is None  # one answer however much it says
        await until(lambda: host.table.seating.door == ())
        assert host.table.session.actions == actions and failed == []
        dora, first = await _knock(host, "Dora")
        assert isinstance(first, wire.AtTheDoor)
        assert host.table.act(WalkIn(KIP, "Dora", 3)) is None
        assert (await dora.receive()).seat == DORA
    finally:
        host.close()


async def test_the_tavern_code_read_off_the_table_opens_no_seat_that_is_there(tmp_path: Path):
    """The code is shown on the public table, so anyone may read it: it only leads to the
    door. Asked as a seat's name, every name at the table is refused; a seat added later
    under another name is not theirs."""
    host = await headless_host(_tavern(), tmp_path)
    try:
        for name in ("Ann", "KIP", "  bo "):
            _, first = await _knock(host, name)
            assert first == wire.Refused(NAME_SEATED.format(" ".join(name.split())))
        eve, first = await _knock(host, "Eve")
        assert isinstance(first, wire.AtTheDoor)
        assert host.table.act(WalkIn(KIP, "Dora", 3)) is None  # someone else walks in
        host.changed()
        assert host.table.seating.door == ("Eve",) and not host.table.seats[DORA].elsewhere
    finally:
        host.close()


def test_a_kept_seating_with_a_damaged_tavern_code_is_not_taken():
    from tui.net.seating import Seating

    seating = Seating.deal([0, 1])
    seating.open_tavern()
    data = seating.to_data()
    assert Seating.from_data(data, [0, 1]).tavern_code == seating.tavern_code
    for bad in ("short", seating.watch_code, "ÅÅÅÅÅÅ", 7):
        assert Seating.from_data({**data, "tavern": bad}, [0, 1]) is None, bad
    before = {k: v for k, v in data.items() if k != "tavern"}  # kept before walk-ins
    assert Seating.from_data(before, [0, 1]).tavern_code == ""
