"""A person narrator's pen (issue 30, point 6): a line of their own to the table at any
moment and with any ruling, and the twist after any missed target.

Seed: the narrator "performs the roles of non-player characters"; "the narrator
describes your failure ... he or she may choose to narrate your action as successful;
however, some caveat or twist in events prevents you from successfully building any
Rapport"; and of a missed raise, "This mixed result is similar to a twist, but the
success is always distinct and never overshadowed by the Faux Pas." Tables are built as
in ``test_temptress_rules`` (``known_table``).
"""

from __future__ import annotations

from attrs import evolve

from rules.choices import Pick, Write
from rules.gatekeeping import GAME_OVER
from rules.temptress import game
from rules.temptress.actions import (
    ClaimFloor,
    NarratorAward,
    NarratorTells,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    RevealFauxPas,
)
from rules.temptress.choice_types import VerdictChoices
from rules.temptress.help import RULES
from rules.temptress.state import PromptKind, Stage
from tests.temptress_helpers import (
    ADA,
    BASIL,
    ORIANE,
    act,
    arrange,
    card,
    cards,
    claim,
    dice,
    known_table,
    lines,
    refused,
)

NARRATOR = 5
TOO_LONG = "Keep the line to 120 characters."
NO_ESCAPES = (
    "The line holds a control character (such as a newline or a terminal escape), which "
    "cannot be shown as it is."
)


def ada_plays(person: bool = True):
    """Ada courts Oriane alone and is asked to play toward 3 + 3 + 3 = 9."""
    state = arrange(known_table(person=person), {ADA: "5C 4C 2D 3D 6D 7D 8D"})
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE)
    assert game.prompt(state).kind == PromptKind.PLAY
    return state


def raise_missed():
    """Ada reaches 9 with two cards, raises, misses 4 + 2 + 3 = 9 with one, and lays a
    card face up for the Faux Pas: the narrator's verdict is asked."""
    state = dice(act(ada_plays(), PlayCards(ADA, cards("5C 4C"))), 4, 2, 3)
    state = act(state, RaiseStakes(ADA, True), PlayCards(ADA, cards("6D")))
    state = act(state, RevealFauxPas(ADA, card("8D")))
    assert game.prompt(state).kind == PromptKind.VERDICT
    return state


def words(text: str) -> str:
    return " ".join(text.split())


# --- a line at any moment -------------------------------------------------------------------


def test_the_narrator_tells_the_table_a_line_at_any_moment_even_at_a_suitors_prompt():
    state = ada_plays()
    assert game.prompt(state).seats == (ADA,)
    after = act(state, NarratorTells(NARRATOR, "  The lanterns   sway over the cliff. "))
    assert lines(state, after) == [
        "The narrator tells the table: The lanterns sway over the cliff."
    ]
    assert after.log[-1].seats is None
    assert game.prompt(after) == game.prompt(state)  # Ada is still asked to play
    assert "The narrator tells the table: The lanterns sway over the cliff." in (
        game.view(after, None).log
    )


def test_the_narrators_line_is_offered_in_the_narrators_choices_whoever_is_asked():
    state = ada_plays()
    aside = game.view(state, NARRATOR).choices
    assert isinstance(aside, Pick)
    assert aside.ask == "Nobody waits for you now; you may tell the table a line."
    [tell] = aside.options
    assert (tell.label, tell.key, tell.closed) == ("Tell the table a line", "tell", "")
    write = tell.then
    assert isinstance(write, Write)
    assert (write.ask, write.longest, write.needed) == ("Your line to the table:", 120, True)
    assert write.answer("Rain.") == NarratorTells(NARRATOR, "Rain.")
    floor = game.view(known_table(person=True), NARRATOR).choices
    assert floor.keyed("tell").then == write
    assert game.view(state, BASIL).choices is None  # a suitor not asked: nothing


def test_a_line_is_one_short_line_of_words_shown_as_they_are():
    state = ada_plays()
    assert refused(state, NarratorTells(NARRATOR, "   ")) == (
        "Write the line you want to tell the table."
    )
    assert refused(state, NarratorTells(NARRATOR, "w" * 121)) == TOO_LONG
    assert refused(state, NarratorTells(NARRATOR, "red \x1b[31m alert")) == NO_ESCAPES
    marked = act(state, NarratorTells(NARRATOR, "[b]Thunder[/b]\non the\tbay"))
    assert marked.log[-1].text == "The narrator tells the table: [b]Thunder[/b] on the bay"


def test_only_a_person_narrator_tells_lines_and_only_while_the_game_goes_on():
    state = ada_plays()
    assert refused(state, NarratorTells(ADA, "I am the narrator now.")) == (
        "That is not something a suitor can do."
    )
    assert refused(state, NarratorTells(BASIL, "Me too.")).startswith("It is not Basil's turn")
    assert refused(ada_plays(person=False), NarratorTells(NARRATOR, "Hello.")) == (
        "That seat is not at this table."
    )
    over = evolve(act(state, NarratorTells(NARRATOR, "Fin.")), stage=Stage.OVER)
    assert refused(over, NarratorTells(NARRATOR, "After the end.")) == GAME_OVER


# --- a line with any ruling ------------------------------------------------------------------


def test_the_verdict_and_the_award_rulings_carry_the_narrators_line():
    state = act(ada_plays(), PlayCards(ADA, cards("5C 4C")), RaiseStakes(ADA, False))
    verdict = NarratorVerdict(NARRATOR, (ADA,), line="Oriane laughs, charmed despite herself.")
    after = act(state, verdict)
    assert lines(state, after)[:2] == [
        "The narrator tells the table: Oriane laughs, charmed despite herself.",
        "The narrator awards Ada a Rapport chip.",
    ]
    award = act(after, NarratorAward(NARRATOR, BASIL, line="Basil's toast was a delight."))
    assert lines(after, award) == [
        "The narrator tells the table: Basil's toast was a delight.",
        "The narrator awards Basil a Rapport chip for their role-play.",
    ]
    assert refused(state, NarratorVerdict(NARRATOR, line="x" * 121)) == TOO_LONG
    plain = act(state, NarratorVerdict(NARRATOR, line="   "))  # no line: nothing told
    assert not any(line.startswith("The narrator tells the table") for line in lines(state, plain))


# --- the twist after any missed target ---------------------------------------------------------


def test_the_narrator_may_narrate_a_missed_raise_as_successful_with_a_twist():
    state = raise_missed()
    offered = game.view(state, NARRATOR).choices
    assert isinstance(offered, VerdictChoices)
    assert offered.twist.open and offered.twist.label == "Tell Ada's miss as a success with a twist"
    after = act(state, offered.action((), True))
    assert lines(state, after)[0] == (
        "The narrator tells Ada's missed raised target as a success with a twist: no Rapport "
        "for it, and the Faux Pas stands."
    )
    # The twist builds no Rapport: the first target's chip and the Faux Pas stand.
    assert (after.suitors[ADA].rapport, after.suitors[ADA].faux_pas) == (1, 1)


def test_a_twist_still_needs_a_missed_target():
    state = act(ada_plays(), PlayCards(ADA, cards("5C 4C")), RaiseStakes(ADA, False))
    assert refused(state, NarratorVerdict(NARRATOR, twist=True)) == (
        "A twist turns a miss into a success; this action did not miss."
    )
    missed = act(ada_plays(), PlayCards(ADA, cards("2D")))  # 2 toward 9: no raise to ask
    after = act(missed, NarratorVerdict(NARRATOR, twist=True, line="The cake falls, gloriously."))
    assert lines(missed, after)[:2] == [
        "The narrator tells the table: The cake falls, gloriously.",
        "The narrator tells Ada's attempt as a success with a twist: no Rapport for it.",
    ]
    assert after.suitors[ADA].rapport == 0


def test_the_rules_say_what_a_twist_gives_and_what_the_pen_may_write():
    text = words(RULES)
    assert "**A twist** may follow any target the suitor who took the action missed" in text
    assert "the twist earns no Rapport: the chips stand as the ladder paid them" in text
    assert "may tell the table a line of their own at any moment while the game goes on" in text


def test_a_suitor_cannot_use_the_narrators_pen_at_the_open_floor_either():
    state = known_table(person=True)
    assert refused(state, NarratorTells(ADA, "x")) == "That is not something a suitor can do."
    assert act(state, NarratorTells(NARRATOR, "The ball begins.")).stage == Stage.FLOOR
    assert refused(state, ClaimFloor(NARRATOR, ORIANE)) == (
        "That is not something the narrator can do."
    )
