"""``parlour simulate --policy SEAT=random|bot`` and ``--seats N``: who decides for a
seat of a simulated table, and how many seats it has; every mistake one line and
exit code 2."""

from __future__ import annotations

import json

import pytest

from tui.cli import main

BAD_POLICY = "is not SEAT=random or SEAT=bot (SEAT: a seat's number, the first is 1)"


def test_a_policy_seats_a_random_player_at_the_seat_it_numbers_from_1(capsys):
    argv = ["simulate", "island", "--games", "3", "--policy", "2=random", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["policy"] for s in report["seats"]] == ["bot", "random", "bot"]
    assert report["errors"] == 0


def test_the_report_names_the_random_seats(capsys):
    argv = ["simulate", "persuasion", "--games", "2", "--policy", "1=random"]
    argv += ["--policy", "4=random"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    seats = [line.split(":")[0].strip() for line in lines if line.startswith("  ")]
    assert seats == ["Ada (random)", "Basil", "Cora", "Dmitri (random)"]


def test_seats_not_named_and_seats_named_bot_are_the_game_bots(capsys):
    main(["simulate", "island", "--games", "4", "--seed", "9", "--json"])
    plain = capsys.readouterr().out
    main(["simulate", "island", "--games", "4", "--seed", "9", "--json", "--policy", "3=bot"])
    assert capsys.readouterr().out == plain
    assert [s["policy"] for s in json.loads(plain)["seats"]] == ["bot"] * 3


def test_a_simulation_with_random_seats_is_reproducible_from_its_seed(capsys):
    argv = ["simulate", "lantern", "--games", "3", "--seed", "4", "--policy", "1=random"]
    main(argv)
    first = capsys.readouterr().out
    main(argv)
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    "item", ["0=random", "x=random", "1=smart", "1random", "=random", "1=", "²=random", "1=Random"]
)
def test_a_policy_that_is_not_seat_equals_random_or_bot_is_refused_in_one_line(item, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "island", "--policy", item])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        f"parlour simulate: error: argument --policy: {item!r} {BAD_POLICY}\n"
    )


def test_a_policy_for_a_seat_past_the_table_is_refused(capsys, monkeypatch):
    monkeypatch.setattr("rules.simulate.simulate", lambda *a, **k: pytest.fail("played"))
    assert main(["simulate", "island", "--policy", "4=random"]) == 2
    assert capsys.readouterr() == ("", "parlour: --policy 4=random: the table has seats 1 to 3\n")


def test_a_seat_given_two_policies_is_refused(capsys):
    assert main(["simulate", "island", "--policy", "2=random", "--policy", "2=bot"]) == 2
    assert capsys.readouterr().err == "parlour: --policy names seat 2 more than once\n"


def test_seats_sets_how_many_sit_at_the_table(capsys):
    argv = ["simulate", "persuasion", "--games", "2", "--seats", "3", "--policy", "3=random"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["policy"] for s in report["seats"]] == ["bot", "bot", "random"]


def test_a_policy_may_name_any_seat_of_a_larger_table(capsys):
    argv = ["simulate", "persuasion", "--games", "1", "--seats", "6", "--policy", "6=random"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"][5]["policy"] == "random"


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["island", "--seats", "4"], "Temptation Island seats exactly 3 players, not 4"),
        (["persuasion", "--seats", "9"], "Persuasion seats 3 to 8 players, not 9"),
        (["temptress", "--seats", "6"], "The Temptress needs 3 to 5 suitors."),
    ],
    ids=["island", "persuasion", "six suitors"],
)
def test_a_table_the_game_cannot_seat_is_refused_before_playing(argv, sentence, capsys):
    assert main(["simulate", *argv]) == 2
    assert capsys.readouterr() == ("", f"parlour: {sentence}\n")


@pytest.mark.parametrize("count", ["0", "x", "-3", "3.5", "٣"])
def test_seats_must_be_a_whole_number_from_1(count, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "island", "--seats", count])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        f"parlour simulate: error: argument --seats: {count!r} is not a number of seats\n"
    )


def test_simulate_help_says_how_to_seat_a_random_player(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--policy SEAT=random|bot" in out
    assert "who decides for seat SEAT, counted from 1" in out
    assert "--seats N" in out
