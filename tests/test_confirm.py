"""A move that cannot be taken back is asked about first (issue 13, point 4)."""

from __future__ import annotations

from rules import registry
from rules.lantern.state import Closing, Leave, PassTurn
from rules.persuasion.state import FinalRing, Pass
from rules.session import PERSON, SeatPlan, Session
from rules.temptress.actions import Decline, Retire
from tui.games import game_ui
from tui.port import seat_infos


def _asked(game_id: str, action) -> str | None:
    game = registry.get(game_id)
    names = ("Ann", "Bo", "Cleo", "Dev", "Eli")[: game.bot_seats]
    config = game.make_config(names, {}, game.default_pack())
    session = Session.start(game, config, 3, tuple(SeatPlan(n, PERSON) for n in names))
    return game_ui(game_id).confirm(action, session.view(None), seat_infos(session))


def test_retiring_with_an_accusation_is_asked_about_first():
    woman = registry.get("temptress").default_pack().women[2].name
    assert _asked("temptress", Retire(0, 2)) == (
        f"Retire and name {woman} as the sorceress? Your seven cards are shown to "
        "everyone, and a wrong name loses the game."
    )
    assert _asked("temptress", Decline(0)) is None


def test_the_last_rings_are_asked_about_first():
    assert _asked("persuasion", FinalRing(0, 1)) == (
        "Deliver your last ring to Bo? The last rings settle the season."
    )
    assert _asked("persuasion", FinalRing(0, None)) == (
        "Deliver your last ring to the discards? The last rings settle the season."
    )
    assert _asked("persuasion", Pass(0)) is None


def test_a_bard_leaving_and_the_end_of_a_tale_are_asked_about_first():
    assert _asked("lantern", Leave(1)) == (
        "Bo leaves the tale for good? Their cards go back to the deck."
    )
    assert _asked("lantern", Closing(0, "The end.")) == (
        "End the tale with this closing passage? The tale is over once it is told."
    )
    assert _asked("lantern", PassTurn(0)) is None


def test_a_plain_table_asks_nothing():
    from tui.port import SessionTable

    game = registry.get("island")
    config = game.make_config(("Ann", "Bo", "Cleo"), {}, game.default_pack())
    table = SessionTable(Session.start(game, config, 1, tuple(SeatPlan(n) for n in "ABC")))
    assert table.confirm(object()) is None
