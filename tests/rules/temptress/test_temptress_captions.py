"""The Temptress's teaching captions (issue 17): every event it logs has a kind, and each
kind of event and prompt has a caption that says which rule made it and what it means,
with the numbers and names of the public table and nothing more.

Tables are built as in ``test_temptress_rules`` (``known_table``: Oriane clubs, Seraphine
diamonds, Isolde hearts, Marisol spades and the sorceress; Ada and Dmitri court Oriane's
heart, Basil Seraphine's, Cora Isolde's; Edie is the Tempted).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from rules.engine import Event, Who, Whos
from rules.story import StoryError, beside, load_told, placeholders
from rules.temptress import game, told
from rules.temptress.actions import (
    Decline,
    NarratorEndRound,
    NarratorVerdict,
    PlayCards,
    RaiseStakes,
    Retire,
    SpendRapport,
    Vote,
)
from rules.temptress.captions import CAPTIONS
from rules.temptress.state import (
    EventKind,
    PromptKind,
    SpendChoice,
    TemptressState,
    VoteChoice,
)
from rules.temptress.told import FACTS, PHRASES, TOLD
from tests.temptress_helpers import (
    ADA,
    BASIL,
    CORA,
    ISOLDE,
    MARISOL,
    ORIANE,
    SERAPHINE,
    act,
    arrange,
    bot_policy,
    cards,
    claim,
    dice,
    fresh,
    honours_in_hands,
    known_table,
    leaning_policy,
    opened,
    pack,
    playout,
    vote_all,
)

NARRATOR = 5


def public(state: TemptressState):
    return game.view(state, None)


def last_event(state: TemptressState, kind: EventKind) -> Event:
    return next(e for e in reversed(state.log) if e.kind == kind)


def event_caption(state: TemptressState, kind: EventKind) -> str:
    """The caption of the last event of ``kind``, with the public view after it."""
    return CAPTIONS.for_event(last_event(state, kind), public(state))


def prompt_caption(state: TemptressState) -> str:
    current = game.prompt(state)
    assert current is not None
    return CAPTIONS.for_prompt(current, public(state))


# --- the kinds ----------------------------------------------------------------------------


def test_setting_the_table_tags_every_event_with_its_kind():
    state = fresh(3)
    kinds = [e.kind for e in state.log]
    assert kinds[:3] == [EventKind.ARRIVAL, EventKind.ARRIVAL, EventKind.OPENING]
    assert set(kinds[3:]) <= {EventKind.STARTER_CLUES, EventKind.TEMPTED}
    assert kinds.count(EventKind.STARTER_CLUES) == 5


def test_a_kind_is_no_part_of_the_story_or_its_equality():
    """Saves made before kinds compare the same: the texts are the story."""
    state = fresh(3)
    bare = tuple(Event(e.text, e.seats) for e in state.log)
    assert bare == state.log
    assert state.log[2].text == "Round 1. Ada, the oldest, has the first claim on the floor."


# --- captions for key moments ---------------------------------------------------------------


def basil_reaches_with_one_card() -> TemptressState:
    """Basil courts Seraphine alone; the dice show 4, 6 and 3, and his ace alone reaches 13."""
    state = arrange(opened(known_table()), {BASIL: "AS 2C 3D 4H 5S 6C 7D"})
    state = claim(dice(state, 4, 6, 3), BASIL, SERAPHINE)
    return act(state, PlayCards(BASIL, cards("AS")))


def test_the_raise_caption_says_what_reaching_and_missing_give():
    state = basil_reaches_with_one_card()
    assert game.prompt(state).kind == PromptKind.RAISE
    assert prompt_caption(state) == (
        "Basil reached 13 with one card, so Basil may raise: a new 3d10 target that only "
        "Basil's two cards left count toward. Reach it and Basil has 3 Rapport; miss it and "
        "Basil keeps 1 and takes a Faux Pas."
    )


def test_the_third_target_caption_offers_a_pile_card_for_the_last_card():
    state = act(dice(basil_reaches_with_one_card(), 1, 1, 1), RaiseStakes(BASIL, True))
    state = act(state, PlayCards(BASIL, cards("3D")))
    assert game.prompt(state).kind == PromptKind.RAISE
    assert prompt_caption(state) == (
        "Basil reached both targets with two cards, so Basil may raise once more: a third "
        "target for Basil's last card. Reach it: the top card of a woman's pile and one of "
        "her likes or dislikes. Miss it: Basil keeps 3 Rapport and takes a Faux Pas."
    )
    assert event_caption(state, EventKind.TARGET) == (
        "The raised target is 3. Only cards not yet played in this contest count toward it, "
        "from what is left of each three-card budget; totals for earlier targets do not "
        "carry over."
    )


def cora_opposes_basil() -> TemptressState:
    """Basil courts Seraphine, Cora joins against him; 5, 5, 5 make 15 and Cora plays 12."""
    state = arrange(
        opened(known_table()), {BASIL: "10C 2D 3D 4D 5D 6D 7D", CORA: "10H 2H 3S 4S 5S 6S 7S"}
    )
    state = claim(dice(state, 5, 5, 5), BASIL, SERAPHINE, joiners=(CORA,), description="bows low")
    return act(state, PlayCards(CORA, cards("10H 2H")))


def test_an_opposed_action_is_captioned_with_who_plays_when_and_the_totals_so_far():
    state = cora_opposes_basil()
    assert event_caption(state, EventKind.JOINED) == (
        "Cora joins against Basil. Opponents play toward every target too, in reverse order "
        "of joining (the actor last), each with a three-card budget, and earn Rapport or "
        "Faux Pas by their own results. The highest total on the last target prevails: the "
        "story goes on as that suitor meant it."
    )
    assert prompt_caption(state) == (
        "Basil must play 1 to 3 cards toward 15, even if it looks hopeless. Reached: 1 "
        "Rapport. Missed: no Rapport, but no Faux Pas either. So far: Cora 12."
    )


def test_the_highest_total_prevails_in_an_opposed_action_even_below_the_target():
    state = act(cora_opposes_basil(), PlayCards(BASIL, cards("10C")))
    assert event_caption(state, EventKind.TARGET_RESULT) == (
        "Basil and Cora missed it: no Rapport, but no Faux Pas either. Each is paid by their "
        "own results once the action is over."
    )
    assert event_caption(state, EventKind.PREVAILS) == (
        "In an opposed action the highest total on the last target prevails, reached or "
        "not: the story goes on as Cora meant it (the seed calls this getting their "
        "intention). Rapport was already paid to each by their own results."
    )


def test_a_wrong_retirement_is_captioned_without_saying_which_half_was_wrong():
    state = arrange(opened(known_table()), {ADA: "2H 3H 4H 5H 6H 7H 8H"})
    state = act(state, Retire(ADA, ISOLDE))
    assert event_caption(state, EventKind.RETIREMENT) == (
        "Ada holds seven cards of one suit, so Ada may retire: the hand is shown and Isolde "
        "is named as the sorceress. Ada wins only if the suit is their perfect match's and "
        "Isolde really is the sorceress; anything else puts Ada out."
    )
    assert event_caption(state, EventKind.RETIRED_WRONG) == (
        "A retirement must be right on both counts, and Ada's was not, so Ada is out of the "
        "game and the hand goes to the discard pile. The table hears only that it failed: "
        "whether the suit or the woman named was wrong stays a secret."
    )


def test_a_right_retirement_ends_the_game_for_everyone_else_too():
    state = arrange(opened(known_table()), {ADA: "2C 3C 4C 5C 6C 7C 8C"})
    state = act(state, Retire(ADA, MARISOL))
    assert event_caption(state, EventKind.RETIRED_RIGHT) == (
        "Ada was right on both counts: the suit of their perfect match, and the sorceress "
        "unmasked. That ends the game at once. Everyone else, the Tempted too, stays on the "
        "island."
    )


def ada_acts_then_the_narrator_ends_the_round() -> TemptressState:
    """Round 1: Ada courts Oriane and reaches, then the narrator ends the round before
    anyone else had a turn; Ada keeps her chip."""
    state = arrange(opened(known_table(person=True)), {ADA: "9C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE)
    state = act(state, PlayCards(ADA, cards("9C")), RaiseStakes(ADA, False))
    return act(state, NarratorVerdict(NARRATOR), NarratorEndRound(NARRATOR))


def test_a_round_end_says_why_and_what_spending_comes_next():
    state = ada_acts_then_the_narrator_ends_the_round()
    assert event_caption(state, EventKind.ROUND_END) == (
        "The round ends because the narrator ends it. Suitors with Rapport now spend all of "
        "it, most first: on a refill by choice, on clearing every Faux Pas, or on a new "
        "clue; or they keep it. Then hands are refilled to seven."
    )
    assert prompt_caption(state) == (
        "Round end: Ada has 1 Rapport and spends all of it at once, or keeps it: a refill by "
        "choice from the 7-card discard pile, clearing Faux Pas (none), or a new true clue "
        "of a chosen kind."
    )


def test_suitors_a_round_end_cut_short_are_told_they_claim_first():
    state = act(ada_acts_then_the_narrator_ends_the_round(), SpendRapport(ADA, SpendChoice.KEEP))
    assert event_caption(state, EventKind.ROUND_BEGINS) == (
        "Basil, Cora, Dmitri and Edie had no turn at the floor before the last round ended: "
        "they were cut short, so they claim first now, each in turn. Then the open floor goes "
        "on as usual, so whoever acted last cannot claim first again."
    )
    assert prompt_caption(state) == (
        "Basil, Cora, Dmitri and Edie had no turn before the last round ended, so they claim "
        "first, in turn: act, argue, decline, or retire (seven of a suit shown, the sorceress "
        "named: right wins, wrong is out). Then the open floor goes on as usual. Nora, "
        "narrating, may award a chip or end the round."
    )


def test_the_open_floor_caption_says_what_retiring_does():
    state = act(opened(known_table()), *(Decline(s) for s in range(5)))
    assert prompt_caption(state) == (
        "Open floor, round 2 of 10: Ada, Basil, Cora, Dmitri and Edie may court, argue (costs "
        "Rapport), decline, or retire (seven of a suit shown, the sorceress named: right wins, "
        "wrong is out). If all decline in a row, the round ends."
    )


def test_a_round_nobody_was_cut_short_of_begins_with_the_floor_open():
    state = act(opened(known_table()), *(Decline(s) for s in range(5)))
    assert event_caption(state, EventKind.ROUND_BEGINS) == (
        "A new round, round 2 of 10, with the floor open: anyone may claim, except whoever "
        "acted last until every other suitor has declined."
    )


def test_the_vote_caption_names_the_actor_and_the_count_so_far():
    state = arrange(opened(known_table()), {BASIL: "10C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, 3, 3, 3), BASIL, SERAPHINE, description="bows low")
    state = act(state, PlayCards(BASIL, cards("10C")), RaiseStakes(BASIL, False))
    state = act(state, Vote(ADA, VoteChoice.YES))
    assert prompt_caption(state) == (
        "The island narrates, so the table rewards role-play: Cora, Dmitri and Edie vote on "
        "an extra Rapport chip for Basil. More yes than no among votes cast gives it; "
        "abstaining counts for neither. So far 1 yes, 0 no."
    )


# --- every kind, in short plain words, and no secret --------------------------------------------


def _secrets(state: TemptressState) -> set[str]:
    seats = range(len(state.suitors))
    return {s for seat in seats for s in game.secrets_of(state, seat) if s}


LONGEST_CAPTION = 300


def test_every_kind_is_met_and_captioned_briefly_without_a_secret():
    """Random play leaning toward the rare paths, at island and person tables: every kind
    of event and prompt turns up, and each caption is one line of at most 300 characters
    that tells no seat's secret."""
    starts = [(fresh(seed, 3 + seed % 3, person=bool(seed % 2)), seed) for seed in range(4)]
    starts += [
        (honours_in_hands(known_table(person=person, seed=seed)), policy)
        for seed, person, policy in (
            (2, True, 11), (0, False, 1), (0, True, 3), (0, True, 12), (0, False, 20)
        )
    ]
    events: set[str] = set()
    prompts: set[str] = set()
    problems: list[str] = []

    def check(text: str, what: str, secrets: set[str]) -> None:
        if not text.strip() or "\n" in text or len(text) > LONGEST_CAPTION:
            problems.append(f"{what}: {text!r}")
        problems.extend(f"{what} tells {s!r}" for s in secrets if s in text)

    for start, policy in starts:
        events.update(e.kind for e in start.log)
        for before, _, after in playout(start, leaning_policy(policy), 1500):
            view, secrets = public(after), _secrets(after)
            for event in after.log[len(before.log) :]:
                events.add(event.kind)
                secret = set() if event.seats is not None else secrets
                check(CAPTIONS.for_event(event, view), event.kind, secret)
            current = game.prompt(after)
            if current is not None:
                prompts.add(current.kind)
                check(CAPTIONS.for_prompt(current, view), current.kind, secrets)
    assert problems[:5] == []
    assert sorted(set(EventKind) - events) == []
    assert sorted(set(PromptKind) - prompts) == []


# --- captions read facts, not the story's text ------------------------------------------


def test_every_kind_has_a_caption_a_function_or_a_template():
    assert all(CAPTIONS.has_caption(kind) for kind in EventKind)
    assert all(TOLD.caption(kind) is None for kind in CAPTIONS.events)


NESTED = ("Ann", "Anna", "Ann 2", "Anna B", "Anna 2")
"""Suitors whose names contain each other: a caption that read names out of a line would
take one for another."""

CHIEF: dict[EventKind, tuple[str, ...]] = {
    EventKind.PLAY: ("suitor",),
    EventKind.RAISED: ("suitor",),
    EventKind.ROLL_OFF: ("highest",),
    EventKind.NARRATOR_VALUES: ("side",),
    EventKind.ROUND_BEGINS: ("first",),
    EventKind.GAME_END: ("tempted",),
}
"""The seat facts a caption function must name (a template names the seat facts it
places)."""


def names_in(text: str, names: tuple[str, ...]) -> set[str]:
    """The names mentioned in ``text``: each whole name, not "Ann" within "Anna" or
    within "Ann 2" (at one place, the longest name that ends at a word's end)."""
    found = set()
    for at in range(len(text)):
        if at and text[at - 1].isalnum():
            continue
        whole = [
            n
            for n in names
            if text.startswith(n, at) and not text[at + len(n) : at + len(n) + 1].isalnum()
        ]
        if whole:
            found.add(max(whole, key=len))
    return found


def seats_of(event: Event, fact: str) -> tuple[int, ...]:
    """The seats fact ``fact`` of ``event`` is about (none for a number or a word)."""
    value = event.fact(fact)
    if isinstance(value, Who):
        return (value.seat,)
    return value.seats if isinstance(value, Whos) else ()


def chief_facts(event: Event) -> tuple[str, ...]:
    """The seat facts ``event``'s caption must name."""
    template = TOLD.caption(event.kind)
    if template is None:
        return CHIEF.get(event.kind, ())
    return tuple(n for n in placeholders(template) if n in FACTS[event.kind])


def nested_table(person: bool, seed: int) -> TemptressState:
    names = NESTED + (("Annabel",) if person else ())
    options = {"narrator_person": int(person), "oldest": 2, "round_limit": 3}
    return game.new(game.make_config(names, options, pack()), seed)


def test_captions_name_the_seats_of_the_facts_when_names_contain_each_other():
    """Bots (and random play leaning to the rare paths) at tables of suitors named Ann,
    Anna, Ann 2, Anna B and Anna 2: every public event's caption names the seats its
    facts say it is chiefly about, and no seat it is not about."""
    kinds: set[EventKind] = set()
    problems: list[str] = []
    for start, policy in (
        (nested_table(False, 5), bot_policy(5)),
        (nested_table(True, 6), bot_policy(6)),
        (nested_table(False, 7), leaning_policy(7)),
        (nested_table(True, 8), leaning_policy(8)),
    ):
        called = NESTED + (start.config.narrator_name,)
        for before, _, after in playout(start, policy, 1500):
            view = public(after)
            for event in after.log[len(before.log) :]:
                if event.seats is not None:
                    continue
                kinds.add(event.kind)
                caption = CAPTIONS.for_event(event, view)
                about = {called[s] for name, _ in event.facts for s in seats_of(event, name)}
                chief = {called[s] for name in chief_facts(event) for s in seats_of(event, name)}
                named = names_in(caption, NESTED)
                if not chief <= named or not named <= about:
                    problems.append(f"{event.text!r}: {caption!r}")
    assert problems[:3] == []
    assert {EventKind.CLAIM, EventKind.JOINED, EventKind.PLAY, EventKind.GAINS} <= kinds
    assert {EventKind.VOTE, EventKind.REROLL, EventKind.ROUND_BEGINS} <= kinds


def test_the_vote_caption_names_the_actor_after_the_last_vote_too():
    """The last vote closes the action; the actor is the event's own fact, so its caption
    still names them (it used to say "the actor" once the action was closed)."""
    state = arrange(opened(known_table()), {BASIL: "10C 2D 3D 4D 5D 6D 7D"})
    state = claim(dice(state, 3, 3, 3), BASIL, SERAPHINE, description="bows low")
    state = act(state, PlayCards(BASIL, cards("10C")), RaiseStakes(BASIL, False))
    state = vote_all(state, VoteChoice.NO)
    assert public(state).contest is None
    assert event_caption(state, EventKind.VOTE) == (
        "With the island narrating, Edie and every other suitor who did not take the action "
        "vote once on an extra Rapport chip for Basil. When all have voted, more yes than no "
        "gives the chip; an abstention counts for neither side."
    )


def toml_table(kind: str, lines: dict[str, str]) -> str:
    """One kind's lines as a TOML table (a JSON string is a TOML basic string)."""
    return f"[{kind}]\n" + "".join(f"{name} = {json.dumps(line)}\n" for name, line in lines.items())


def test_a_story_line_naming_a_fact_its_kind_does_not_carry_is_refused(tmp_path: Path):
    tables = tomllib.loads(beside(told.__file__, "story.toml").read_text(encoding="utf-8"))
    tables["claim"]["story"] = "{suitor} courts {opponent}."
    written = tmp_path / "story.toml"
    written.write_text("".join(map(toml_table, tables, tables.values())), encoding="utf-8")
    with pytest.raises(StoryError) as refused:
        load_told(written, EventKind, FACTS, PHRASES)
    assert "[claim] story names opponent, which a claim event does not carry" in str(refused.value)
