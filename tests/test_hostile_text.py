"""Text from people and packs is shown as text, and names read as one thing (issue 12, part 1).

A guest may type markup (``[/]``), terminal escapes, invisible characters or a
look-alike of another player's name. Names are made plain and checked where the
setup form and ``parlour new`` both check them (``tui.setup_form.check_setup``);
whatever is accepted is drawn as text on every screen of every game (the privacy
sweep's last game per game has markup names and card texts).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from rules import registry
from rules.names import look_alike, name_fault, plain_name
from rules.session import BOT, PERSON, SeatPlan, Session
from tests import v2_saves
from tests.test_hostile_corpus import MARKUP_NAMES
from tests.tui_helpers import make_app, screen_text
from tui.cli import main
from tui.setup_form import SetupEntry, check_setup


def _problems(*names: str) -> list[str]:
    game = registry.get("island")
    entry = SetupEntry(names, (PERSON,) * len(names), ("",) * len(names), "7")
    return check_setup(game, entry)[0]


# --- names ----------------------------------------------------------------------


def test_a_name_is_made_plain_full_width_letters_and_runs_of_spaces_included():
    assert plain_name("  Ｂｏ \n  Lee ") == "Bo Lee"


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("Bo\u200b", "an invisible formatting character (such as a zero-width space)"),
        ("Bo\u202eoB", "an invisible formatting character (such as a zero-width space)"),
        ("Bo\x1b]0;owned\x07", "a control character (such as a newline or a terminal escape)"),
        ("Bo\ue000", "a private-use character"),
    ],
)
def test_a_name_holding_a_character_that_cannot_be_shown_is_refused(name, what):
    assert name_fault(plain_name(name)) == f"holds {what}, which cannot be shown as it is"
    refusal = f"Seat 2's name holds {what}, which cannot be shown as it is."
    assert _problems("Ann", name, "Cleo") == [refusal]


def test_look_alike_letters_of_other_scripts_read_as_the_latin_ones():
    assert look_alike("Bо") == look_alike("BO") == look_alike("bo")  # Cyrillic о
    assert look_alike("Οdα") == look_alike("oda")  # Greek capital omicron, alpha
    assert look_alike("Ann") != look_alike("Anne")


def test_two_names_that_look_the_same_are_refused_naming_both_seats():
    assert _problems("Bo", "Bо", "Cleo") == [
        "Seats 1 and 2 are called Bo and Bо, which look the same on screen: "
        "every name must look different."
    ]
    assert _problems("Bo", "Ｂｏ", "Cleo") == ["Two seats are called Bo: every name must differ."]


def test_names_with_brackets_are_accepted_as_they_are():
    problems, session = check_setup(
        registry.get("island"),
        SetupEntry(MARKUP_NAMES[:3], (PERSON,) * 3, ("",) * 3, "7"),
    )
    assert problems == []
    assert session is not None and [s.name for s in session.seats] == list(MARKUP_NAMES[:3])


def test_parlour_new_refuses_an_escape_in_a_name_with_one_line_and_no_escape(capsys):
    assert main(["new", "island", "--players", "Ann,Bo\x1b[2J,Cleo"]) == 2
    err = capsys.readouterr().err
    assert "Seat 2's name holds a control character" in err
    assert "\x1b" not in err


@pytest.mark.parametrize("value", ["²", "١٩", "1e3", " "])
def test_an_option_that_is_not_plain_digits_is_refused_with_one_line(value, capsys):
    assert main(["new", "island", "--players", "Ann,Bo", "--bots", "1",
                 "--option", f"tiles={value}"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert "Tiles" in err and "must be a whole number from" in err
    assert "Traceback" not in err


# --- on screen --------------------------------------------------------------------


async def test_a_toast_shows_brackets_as_text(tmp_path: Path):
    app = make_app(tmp_path / "x[/]y [old]")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert "Games are saved in " in screen_text(app)
        assert str(app.screen.query_one("#where").render()).endswith("x[/]y [old]")
        app.notify("Saved to /tmp/x[/]y [b]old")
        await pilot.pause()
        shown = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert shown == ["Saved to /tmp/x[/]y [b]old"]


def test_parlour_check_refuses_a_save_whose_names_hold_escapes_writing_none(
    tmp_path: Path, capsys
):
    """A save made by hand (no form checked it) may hold any name: it is refused."""
    game = registry.get("island")
    names = ("Ann", "Bo\x1b]0;owned\x07\x1b[2J", "Cleo\u202e")
    config = game.make_config(names, {}, game.default_pack())
    session = Session.start(game, config, 3, tuple(SeatPlan(n, BOT) for n in names))
    path = tmp_path / "game.json"
    v2_saves.write(session, path)
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == (
        f"refused: {path}: a text in it holds a control character (such as a newline or "
        "a terminal escape), which cannot be shown as it is; it was edited\n"
    )
    assert captured.out == ""


# --- the command line (issue 12, part 5) --------------------------------------------


DELAYED = (
    ["new", "island", "--players", "A,B,C", "--bot-delay"],
    ["resume", "--bot-delay"],
    ["demo", "island", "--delay"],
)


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "61", "soon"])
@pytest.mark.parametrize("command", DELAYED)
def test_a_bot_delay_that_is_not_0_to_60_seconds_is_refused(command, delay, capsys):
    with pytest.raises(SystemExit) as exited:
        main([*command, delay])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"'{delay}' is not a number of seconds from 0 to 60" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("games", ["0", "1000001", str(10**12), "²", "-5"])
def test_simulate_refuses_a_number_of_games_out_of_bounds(games, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "island", "--games", games])
    assert exited.value.code == 2
    assert "is not a whole number of games from 1 to 1,000,000" in capsys.readouterr().err


def test_ctrl_c_during_simulate_stops_with_one_line(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("rules.simulate.simulate", interrupted)
    assert main(["simulate", "island", "--games", "5"]) == 130
    captured = capsys.readouterr()
    assert captured.err == "parlour: simulate stopped (Ctrl+C); no report\n"
    assert captured.out == ""
