"""A game's words as data (rules/story.py): templates checked when loaded, facts told."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest

from rules.engine import Who, Whos
from rules.story import StoryError, load_told, told


class Kind(StrEnum):
    DEAL = "deal"
    PAY = "pay"


FACTS = {Kind.DEAL: ("dealer", "players"), Kind.PAY: ("payer", "chips")}


def _told(tmp_path: Path, text: str):
    path = tmp_path / "story.toml"
    path.write_text(text, encoding="utf-8")
    return load_told(path, Kind, FACTS, phrases=("odds",))


GOOD = """
[deal]
story = "{dealer} deals to {players}."
[pay]
story = "{payer} pays {chips:Rapport chip}."
short = "{payer} pays."
caption = "{payer} paid; {odds}"
"""


def test_a_line_is_told_from_its_facts_with_names_lists_and_counted_words(tmp_path: Path):
    words = _told(tmp_path, GOOD)
    names = ("Ann", "Anna", "Ann 2")
    deal = words.event(Kind.DEAL, names, {"dealer": Who(1), "players": Whos((0, 1, 2))})
    assert deal.text == "Anna deals to Ann, Anna and Ann 2."
    assert (deal.kind, deal.who("dealer"), deal.whos("players")) == (Kind.DEAL, 1, (0, 1, 2))
    one = words.event(Kind.PAY, names, {"payer": Who(2), "chips": 1})
    assert one.text == "Ann 2 pays 1 Rapport chip."
    two = words.event(Kind.PAY, names, {"payer": Who(0), "chips": 2}, seats=(0,), line="short")
    assert (two.text, two.seats, two.number("chips")) == ("Ann pays.", (0,), 2)


def test_an_event_must_carry_exactly_its_kinds_facts(tmp_path: Path):
    words = _told(tmp_path, GOOD)
    with pytest.raises(ValueError) as missing:
        words.event(Kind.PAY, ("Ann",), {"payer": Who(0)})
    assert str(missing.value) == "pay: facts missing ['chips'], not carried []"


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        (GOOD.replace("{payer} pays.", "{winner} pays."),
         "story.toml: [pay] short names winner, which a pay event does not carry"),
        (GOOD.replace("[pay]\n", "[pay]\nother = 'x'\n").replace(
            'story = "{payer} pays {chips:Rapport chip}."', ""),
         "story.toml: [pay] needs a story line"),
        (GOOD + "\n[shuffle]\nstory = 'x'\n", "story.toml: no event kind is called shuffle"),
        (GOOD.replace("{dealer} deals", "{dealer.name} deals"),
         "story.toml: [deal] story: {dealer.name} is not a plain fact name"),
        (GOOD.replace("{payer} pays.", "{odds} pays."),
         "story.toml: [pay] short names odds, which a pay event does not carry"),
        ("[deal\n", None),
    ],
)
def test_a_story_file_that_names_what_its_kind_does_not_carry_is_refused(
    tmp_path: Path, text: str, fault: str | None
):
    with pytest.raises(StoryError) as refused:
        _told(tmp_path, text)
    if fault is None:
        assert str(refused.value).startswith("story.toml: cannot be read")
    else:
        assert str(refused.value) == fault


def test_a_fact_is_told_in_words():
    names = ("Ann", "Bo", "Cy")
    assert told(Whos((0, 1, 2)), names, ",") == "Ann, Bo, Cy"
    assert told(("a fox", "a moon"), names) == "a fox and a moon"
    assert told(3, names, "person/people") == "3 people"
    assert told(1, names, "person/people") == "1 person"
    with pytest.raises(TypeError):
        told(True, names)
