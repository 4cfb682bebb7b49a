"""Hosted games on the wire: every seat joined over a real socket, bots deciding from
the views they receive. What each terminal was sent holds no other seat's secret
(``GameInfo.secrets_of`` at the moment of each snapshot), the spectator's holds none,
and no terminal is ever sent the seed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from rules.session import Session
from tests.net_helpers import WireClient, hosting, wire_strings
from tests.screen_sweep import game_ids, quick_plans, referees, scan
from tests.tui_helpers import make_app
from tui.net import wire


async def _play_hosted(tmp_path: Path, session: Session[Any]):
    """Every seat joined and played by its bot over the socket, and a spectator: the
    clients, and the session at each snapshot number."""
    seats = list(range(len(session.seats)))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        host = await hosting(pilot, session, tmp_path, seats)
        moments: dict[int, Session[Any]] = {}
        host.table.watchers.append(lambda: moments.setdefault(host.seq, host.table.session))
        clients = [WireClient(host.path) for _ in seats]
        for seat, client in zip(seats, clients, strict=True):
            assert isinstance(await client.join(host.codes[seat]), wire.Welcome)
        watcher = WireClient(host.path)
        await watcher.join(watch=True)
        moments.setdefault(host.seq, host.table.session)
        host.begin()
        bots = [session.game.make_bot(seat, 11 + seat) for seat in seats]
        await asyncio.gather(
            *(c.play(b) for c, b in zip(clients, bots, strict=True)), watcher.watch()
        )
        assert app.flow is not None and app.flow.session.outcome is not None
        return clients, watcher, moments


def _leaks(
    client: WireClient, viewer: int | None, moments: dict[int, Session[Any]], scanned=True
):
    """Other seats' secrets in what ``client`` was sent. And each snapshot holds exactly
    what the rules' views gave: this seat's view (the public one for a spectator) and
    the public view at that moment, so nothing else (the seed, the state, another
    seat's view) can have travelled in it."""
    hits = []
    session = None
    for line in client.received:
        message = wire.decode(line)
        if isinstance(message, wire.Snapshot):
            session = moments[message.seq]
            assert message.view.data == session.view(viewer)
            assert message.public.data == session.view(None)
            assert message.prompt.data == session.prompt
        if session is not None and scanned:
            hits += scan(session, wire_strings(line), viewer).hits
    return hits


@pytest.mark.long
@pytest.mark.parametrize("game_id", game_ids())
async def test_no_terminal_is_sent_another_seats_secrets(tmp_path: Path, game_id: str):
    plan = quick_plans(game_id, 1)[0]
    session = plan.table.session(plan.seeds[0], pins=False)
    clients, watcher, moments = await _play_hosted(tmp_path, session)
    referee = referees(session)
    for seat, client in enumerate(clients):
        assert len(client.snapshots) > 5
        # (a referee's console shows every secret, by design: its views are checked only)
        assert _leaks(client, seat, moments, scanned=seat not in referee) == []
    assert watcher.snapshots[-1].prompt.data is None
    assert _leaks(watcher, None, moments) == []


async def test_the_seed_never_leaves_the_host_and_the_save_is_the_hosts_alone(tmp_path: Path):
    from rules.chance import secret_seed
    from tests.net_helpers import island

    seed = secret_seed()
    while len(str(seed)) < 12:  # (a seed long enough that no other number holds it)
        seed = secret_seed()
    start = island(1)
    session = Session.start(start.game, start.config, seed, start.seats)
    clients, watcher, _ = await _play_hosted(tmp_path, session)
    for client in [*clients, watcher]:
        sent = b"".join(client.received)
        assert str(seed).encode() not in sent
        assert b'"seed"' not in sent
    assert (tmp_path / "game.json").stat().st_mode & 0o777 == 0o600
