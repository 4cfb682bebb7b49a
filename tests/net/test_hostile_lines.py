"""Any bytes on the host's socket end in a refusal or that connection dropped: never
in the host stopping. Hypothesis writes the lines (nesting, huge numbers, invalid
UTF-8, NUL, over-long lines, a connection closed halfway through a line); after each,
the host is alive and answers an honest seat's next line."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.net_helpers import WireClient, headless_host, island
from tui.net import host as host_module
from tui.net import wire

SEED = 3


def _deep(depth: int, opener: bytes) -> bytes:
    closer = b"]" if opener == b"[" else b"}"
    inner = b"1" if opener == b"[" else b'{"a":1}'
    if opener == b"{":
        return b'{"a":' * depth + b"1" + closer * depth
    return opener * depth + inner + closer * depth


HOSTILE = st.one_of(
    st.binary(max_size=300),
    st.builds(_deep, st.integers(60, 50_000), st.sampled_from([b"[", b"{"])),
    st.integers(4_000, 20_000).map(lambda n: b'{"type":"Act","seq":' + b"9" * n + b"}"),
    st.sampled_from(
        [
            b"\x00" * 100,
            b'{"type":"Join","protocol":2,"code":"\x00"}',
            b'{"type":"Join","protocol":NaN}',
            b'{"type":"Act","seq":1e999,"action":{}}',
            b'{"type":"Join","protocol":2,"code":"' + b"A" * 70_000 + b'"}',
            b"\xff\xfe\xfd",
            b'{"type":"Join","protocol":2,"watch":true,"code":[[[[]]]]}',
            b'{"type":"Act","seq":1,"action":{"type":"MoveTo","seat":' + b"[" * 3000 + b"}}",
        ]
    ),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["type", "seq", "code", "action", "$", "$e"]), inner,
                          max_size=4),
        max_leaves=30,
    ).map(lambda data: __import__("json").dumps(data).encode()),
)


async def _honest_seat_is_answered(host) -> None:
    """A seat joins with its code (or rejoin code) and its move is made."""
    asked = host.table.prompt.seats[0]
    code = host.seating.claims.get(asked) or host.codes[asked]
    client = WireClient(host.path)
    assert isinstance(await client.join(code), wire.Welcome)
    before = len(host.table.session.actions)
    view = client.snapshot.view.data
    client.act(next(o.value for o in view.choices.options if o.open))
    while len(host.table.session.actions) == before:
        message = await client.receive()
        assert not isinstance(message, wire.Refused), message
    client.close()


async def _send(host, line: bytes, *, joined: bool, closed_half: bool) -> None:
    client = WireClient(host.path)
    if joined:
        asked = host.table.prompt.seats[0]
        code = host.seating.claims.get(asked) or host.codes[asked]
        await client.join(code)
    else:
        await client.connect()
    client.send_raw(line if closed_half else line + b"\n")
    if closed_half:
        client._writer.write_eof()
    while await _receive_or_end(client):
        pass


async def _receive_or_end(client: WireClient) -> bool:
    """Read one answer; False once the host has answered with a refusal or closed."""
    try:
        message = await client.receive()
    except (ConnectionError, wire.WireError):
        return False
    return message is not None and not isinstance(message, wire.Refused)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=HOSTILE, joined=st.booleans(), closed_half=st.booleans())
def test_any_line_on_the_socket_leaves_the_host_answering(line, joined, closed_half):
    failures: list[Exception] = []

    async def scenario() -> None:
        with tempfile.TemporaryDirectory() as folder:
            host = await headless_host(island(SEED), Path(folder), fail=failures.append)
            try:
                await _send(host, line, joined=joined, closed_half=closed_half)
                await _honest_seat_is_answered(host)
            finally:
                host.close()

    asyncio.run(scenario())
    assert failures == []


def test_a_line_nested_a_thousand_deep_or_a_huge_number_is_refused_in_words(tmp_path: Path):
    async def scenario() -> list[object]:
        host = await headless_host(island(SEED), tmp_path)
        answers = []
        for line in (b"[" * 1000, b"9" * 5000):
            client = WireClient(host.path)
            await client.connect()
            client.send_raw(line + b"\n")
            answers.append(await client.receive())
        await _honest_seat_is_answered(host)
        host.close()
        return answers

    deep, huge = asyncio.run(scenario())
    assert deep == wire.Refused("The host could not read that: nested deeper than 64")
    assert isinstance(huge, wire.Refused)
    assert huge.reason.startswith("The host could not read that: not JSON: Exceeds the limit")


def test_a_first_line_that_is_a_message_but_no_join_is_told_to_say_its_seat(tmp_path: Path):
    async def scenario() -> object:
        host = await headless_host(island(SEED), tmp_path)
        client = WireClient(host.path)
        await client.connect()
        client.send(wire.Read(0))
        answer = await client.receive()
        host.close()
        return answer

    assert asyncio.run(scenario()) == wire.Refused(host_module.SAY_FIRST)
