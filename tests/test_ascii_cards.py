"""``--ascii``: every command takes it, and with it no suit symbol reaches the terminal:
each card reads with its suit letter (KS, 10H) and nothing else on the screen moves."""

from __future__ import annotations

import re
from pathlib import Path

from rules import registry
from rules.cards import PlayingCard, Suit
from rules.session import BOT, SeatPlan, Session
from tests import v2_saves
from tests.tui_helpers import make_app, screen_text, wait_until
from tui.ascii_cards import ascii_text
from tui.cli import build_parser, main
from tui.kit.table import TableScreen

SIZE = (80, 24)
SYMBOLS = re.compile("[♣♦♥♠]")

COMMANDS = {
    "(the lobby)": [],
    "new": ["new", "temptress", "--players", "Ann", "--bots", "4"],
    "resume": ["resume"],
    "demo": ["demo", "temptress"],
    "teach": ["teach", "temptress", "--play"],
    "simulate": ["simulate", "temptress"],
    "check": ["check", "a-save.json"],
    "rules": ["rules", "temptress"],
    "host": ["host", "temptress", "--players", "Ann"],
    "join": ["join"],
}


def test_suit_symbols_become_their_letters():
    assert ascii_text("K♠ 10♥ 2♣ A♦ and Ann") == "KS 10H 2C AD and Ann"


def test_ascii_text_reads_as_the_card_labels_made_for_ascii():
    for suit in Suit:
        card = PlayingCard(10, suit)
        assert ascii_text(card.label()) == card.label(ascii_only=True)


NO_CARDS = {"serve"}
"""Commands that show no card themselves (a server: each guest's terminal draws its own)."""


def test_every_command_takes_ascii():
    parser = build_parser()
    commands = set(parser._subparsers._group_actions[0].choices)
    assert set(COMMANDS) - {"(the lobby)"} == commands - NO_CARDS
    for words in COMMANDS.values():
        assert parser.parse_args([*words, "--ascii"]).ascii is True
        assert getattr(parser.parse_args(words), "ascii", False) is False


def test_a_printing_command_prints_suit_letters(tmp_path: Path, capsys):
    game = registry.get("island")
    config = game.make_config(("Ann♥", "Bo♠", "Cleo"), {}, game.default_pack())
    session = Session.start(game, config, 3, tuple(SeatPlan(n, BOT) for n in config.names))
    path = tmp_path / "game.json"
    v2_saves.write(session, path)
    assert main(["check", str(path), "--ascii"]) == 0
    assert capsys.readouterr().out.startswith("ok: Temptation Island, AnnH, BoS, Cleo, ")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: Temptation Island, Ann♥, Bo♠, Cleo, ")


async def _screen_after_steps(tmp_path: Path, ascii_cards: bool, steps: int | None) -> tuple:
    """The teaching table of the Temptress's seed 5 after ``steps`` steps (None: as many
    as it takes for a suit symbol to show without ``--ascii``)."""
    app = make_app(
        tmp_path,
        ascii_cards=ascii_cards,
        opening=lambda app: app.start_demo("temptress", 5, teach=True),
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        taken = 0
        while taken != steps if steps is not None else not SYMBOLS.search(screen_text(app)):
            taken += 1
            assert taken < 60, "no card shown in 60 steps"
            await pilot.press("n")
            await wait_until(pilot, lambda want=taken: app.flow.mode.step == want)
            await pilot.pause()
        return taken, screen_text(app)


async def test_with_ascii_a_card_on_the_table_reads_with_its_suit_letter(tmp_path: Path):
    step, shown = await _screen_after_steps(tmp_path / "a", False, None)
    _, ascii_shown = await _screen_after_steps(tmp_path / "b", True, step)
    assert SYMBOLS.search(shown)
    assert SYMBOLS.search(ascii_shown) is None
    assert ascii_shown == ascii_text(shown)
    assert re.search(r"\b(10|[2-9JQKA])[CDHS]\b", ascii_shown)
