"""The island narrates (the design's ruling on the seed's narrator): each action told as a
scene from its facts and the pack, the role-play chip for an approach that engages her
interests, and the table's vote only on a line a person typed.

Tables are ``known_table(voice=True)``: the default pack's words, with Oriane's
preferences set by each test and the draws loaded (a drawn approach takes two draws,
its topic and its line; a gaffe one), then the dice.
"""

from __future__ import annotations

import re

from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from rules.chance import loaded
from rules.temptress.actions import ClaimFloor, Join, PlayCards, RaiseStakes
from rules.temptress.state import Approach, PromptKind, TemptressState
from rules.temptress.voice import IslandVoice, engaged, interests, topics_of
from tests.temptress_helpers import (
    ADA,
    BASIL,
    ORIANE,
    act,
    arrange,
    cards,
    claim,
    known_table,
    lines,
    pack,
    prompt_kind,
    suitor,
)

SWIMMER = ("adores moonlit swims in the lagoon", "cannot abide the smell of burnt coffee")
"""Oriane's preferences in these tests: the sea and the stars; coffee she cannot abide."""


def island(hands: dict[int, str], *draws: int) -> TemptressState:
    """The island narrating with the pack's words; Oriane likes ``SWIMMER``; the next draws
    are ``draws`` (as drawn: a d10 face is its value plus one)."""
    state = arrange(known_table(voice=True), hands)
    women = list(state.women)
    women[ORIANE] = evolve(women[ORIANE], preferences=SWIMMER)
    return evolve(state, women=tuple(women), chance=loaded(*draws))


def first_approach(topic: str) -> str:
    return pack().approaches[topic][0].rstrip(".")


def topic_index(topic: str) -> int:
    return list(pack().approaches).index(topic)


def test_her_interests_are_the_topics_of_her_likes_never_of_what_she_cannot_abide():
    voice = pack().voice()
    assert topics_of(voice, "recites a sonnet by the lagoon") == ("sea", "poetry")
    assert interests(voice, SWIMMER) == ("sea", "stars")
    assert engaged(voice, "brews her a fine pot of coffee", SWIMMER) == ""
    assert engaged(voice, "recites a sonnet by the lagoon", SWIMMER) == "sea"


def test_a_suitor_who_types_nothing_courts_with_an_approach_the_island_draws():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, topic_index("art"), 0, 2, 2, 2)
    after = claim(state, ADA, ORIANE)
    approach = first_approach("art")
    assert lines(state, after)[0] == f"Ada courts Oriane and {approach}."
    assert after.contest.approaches == (Approach(ADA, approach, False),)


def test_an_approach_that_engages_her_interests_earns_the_role_play_chip_told_in_the_story():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, 2, 2, 2)
    state = claim(state, ADA, ORIANE, description="recites a sonnet by the lagoon")
    after = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    assert lines(state, after)[-2:] == [
        "Ada gains 1 Rapport.",
        "Ada's approach touches one of Oriane's interests (sea): the island gives Ada a "
        "Rapport chip for role-play.",
    ]
    assert after.suitors[ADA].rapport == 2
    assert prompt_kind(after) == PromptKind.FLOOR  # the chip is earned: nothing to vote on


def test_what_she_cannot_abide_earns_no_chip_and_a_typed_line_goes_to_the_vote():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, 2, 2, 2)
    state = claim(state, ADA, ORIANE, description="brews her a fine pot of coffee")
    after = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    assert after.suitors[ADA].rapport == 1
    assert prompt_kind(after) == PromptKind.VOTE


def test_no_vote_on_an_approach_the_island_drew_as_for_a_bot():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, topic_index("art"), 0, 2, 2, 2)
    state = claim(state, ADA, ORIANE)
    after = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    assert after.suitors[ADA].rapport == 1  # art is none of her interests
    assert prompt_kind(after) == PromptKind.FLOOR


def test_her_reaction_comes_from_her_pack_lines_warm_when_a_target_is_reached():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, 2, 2, 2)
    state = claim(state, ADA, ORIANE, description="brews her a fine pot of coffee")
    reached = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    warm = state.config.women[ORIANE].warm.rstrip(".")
    assert f"Oriane {warm}." in lines(state, reached)
    cold = island({ADA: "2C 3D 4D 5D 6D 7D 8D"}, 9, 9, 9)
    cold = claim(cold, ADA, ORIANE, description="brews her a fine pot of coffee")
    missed = act(cold, PlayCards(ADA, cards("2C")))
    cool = state.config.women[ORIANE].cool.rstrip(".")
    assert f"Oriane {cool}." in lines(cold, missed)


def test_a_faux_pas_is_told_as_a_gaffe_from_the_pack():
    state = island({ADA: "9C 2D 3D 4D 5D 6D 7D"}, 2, 2, 2)
    state = claim(state, ADA, ORIANE, description="brews her a fine pot of coffee")
    state = act(state, PlayCards(ADA, cards("9C")))
    state = evolve(state, chance=loaded(9, 9, 9, 0))  # target 2 of 30, then the gaffe
    after = act(state, RaiseStakes(ADA, True), PlayCards(ADA, cards("2D")))
    gaffe = pack().gaffes[0].rstrip(".")
    told = lines(state, after)
    assert told[told.index("Ada gains 1 Rapport and a Faux Pas.") + 1] == f"Ada {gaffe}."


def test_the_prevailing_suitors_approach_carries_the_day():
    state = island(
        {ADA: "2C 3D 4D 5D 6D 7D 8D", BASIL: "10H 2S 3S 4S 5S 6S 7S"},
        topic_index("art"),
        0,
        4,
        4,
        4,
    )
    state = suitor(state, BASIL, rapport=0)
    state = claim(state, ADA, ORIANE, joiners=(BASIL,), description="brews her coffee")
    assert state.contest.approaches[1] == Approach(BASIL, first_approach("art"), False)
    after = act(state, PlayCards(BASIL, cards("10H")), PlayCards(ADA, cards("2C")))
    after = act(after, RaiseStakes(BASIL, False)) if prompt_kind(after) == "raise" else after
    assert f"Basil prevails: the day goes to the suitor who {first_approach('art')}." in (
        lines(state, after)
    )


def test_joining_tells_the_opponents_approach():
    state = island({ADA: "2C 3D", BASIL: "10H 2S"}, topic_index("art"), 0, 4, 4, 4)
    state = act(state, ClaimFloor(ADA, ORIANE, "brews her coffee"))
    rest = state.contest.undecided
    after = act(state, *(Join(s, s == BASIL) for s in rest))
    assert f"Basil joins in opposition and {first_approach('art')}." in lines(state, after)


def test_a_pack_approach_must_touch_its_own_topic_and_stems_are_letters():
    mine = evolve(
        pack(),
        interests={"music": ("harp",), "Sea!": ("lagoon",), "art": ("Paint",)},
        approaches={"music": ("paints her portrait",), "dance": ("waltzes",)},
    )
    assert mine.problems() == [
        "interests: 'Sea!' must be a topic of 1 to 20 letters (a-z)",
        "interests.art: give word stems of 3 or more lowercase letters (a-z)",
        "approaches.music[0]: touches none of the topic's words",
        "approaches.dance: no such topic in [interests]",
    ]
    assert evolve(pack(), gaffes=()).problems() == ["gaffes: needs at least 1 cards, found 0"]


_VOICE = IslandVoice(
    interests=(("dance", ("danc", "waltz")), ("sea", ("sail", "sea")), ("none", ())),
)


@given(st.text(alphabet="dancewaltzsilSEAé .-'ß", max_size=40))
def test_a_topic_is_touched_when_one_of_its_stems_starts_a_word(text: str):
    words = re.findall("[a-z]+", text.casefold())
    expected = tuple(
        topic
        for topic, stems in _VOICE.interests
        if any(word.startswith(stem) for stem in stems for word in words)
    )
    assert topics_of(_VOICE, text) == expected


def test_a_stem_inside_a_word_touches_nothing():
    assert topics_of(_VOICE, "Overseas, a dancer waltzed") == ("dance",)
    assert topics_of(_VOICE, "the SEA-shanty") == ("sea",)
