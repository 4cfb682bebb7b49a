"""Ye Olde Rusty Lantern's teaching captions: each line of the story is tagged with the
kind of moment it records and carries the facts it is about, and its caption says which
rule made it and what it means, from those facts and the public view alone (never from
the line's text: a name inside another name, or a Bard named like a word of the line,
is still told apart).

The taverns are ``known_tavern``'s (Ada holds the ferryman, the troll and the witch;
Basil the king, the knight and the raven; Cora the pickpocket, the pirate and the
apprentice; Nell keeps the bar in seat 3), played through ``game.apply``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from rules.engine import Event, Who, Whos
from rules.lantern import game
from rules.lantern import told as told_module
from rules.lantern.captions import CAPTIONS
from rules.lantern.event_captions import PHRASES
from rules.lantern.pack import default_pack
from rules.lantern.state import (
    EventKind,
    Interrupt,
    LanternState,
    PassTurn,
    Phase,
    Play,
    Rule,
    RuleInterruption,
    SeatBard,
    SendUnder,
    Sleep,
)
from rules.story import StoryError, beside, load_told
from rules.teaching import captions_of
from tests.lantern_helpers import (
    ADA,
    BASIL,
    CORA,
    FERRYMAN,
    FIRST_ELEMENTS,
    KING,
    PIRATE,
    TROLL,
    act,
    arrange,
    fresh,
    known_tavern,
    playout,
    random_policy,
    restless_policy,
    tell,
)
from tests.rules_support import new_events

NELL = 3
"""The Barkeep's seat at a three-Bard tavern."""
FERRY_TEXT = "Out of the fog came a one-eyed ferryman, poling a black boat."
KING_TEXT = "A one-eyed ferryman rowed a sleepwalking king across the river."
KING_AND_PIRATE_TEXT = (
    "A one-eyed ferryman rowed a sleepwalking king and a retired pirate captain across."
)


def told(before: LanternState, after: LanternState) -> list[tuple[EventKind, str]]:
    """Each new public line's kind and its caption, as the teach screen reads them: from
    the public view just after."""
    public = game.view(after, None)
    fresh_lines = [e for e in new_events(before, after) if e.seats is None]
    return [(EventKind(e.kind), CAPTIONS.for_event(e, public)) for e in fresh_lines]


def kinds(before: LanternState, after: LanternState) -> list[tuple[str, EventKind]]:
    """Each new line (public and private) with its kind."""
    return [(e.text, EventKind(e.kind)) for e in new_events(before, after)]


def test_the_captions_are_the_games_own_and_cover_every_kind():
    assert captions_of(game.LANTERN) is CAPTIONS
    assert all(CAPTIONS.has_caption(kind) for kind in EventKind)
    assert set(CAPTIONS.prompts) == set(Phase) - {Phase.OVER}


def test_the_interruption_caption_says_the_interrupter_takes_over_the_tale():
    state = tell(known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    state = act(state, Rule(NELL, True))
    after = act(state, RuleInterruption(NELL, True))
    assert told(state, after) == [
        (
            EventKind.INTERRUPTION_STANDS,
            "The element Basil named really was in Ada's passage, so the interruption "
            "stands: Basil's card is burned, Ada takes a card for being cut off, and the "
            "turn jumps to Basil. Only one interruption of a play can stand.",
        )
    ]


def test_the_claim_caption_says_the_play_is_ruled_before_the_interruption():
    state = act(known_tavern(), Play(ADA, KING_TEXT, FERRYMAN))
    after = act(state, Interrupt(BASIL, KING))
    assert told(state, after) == [
        (
            EventKind.INTERRUPTION,
            "Basil claims Ada's passage mentioned an element on a card of their own. The "
            "play is ruled first; then, if the claim holds, the tale jumps to Basil. If the "
            "element was not in it, they lose the card and take two.",
        )
    ]


def test_a_second_interruption_that_stands_comes_too_late_and_the_prompt_says_so():
    state = tell(
        known_tavern(),
        ADA,
        FERRYMAN,
        KING_AND_PIRATE_TEXT,
        interruptions={BASIL: KING, CORA: PIRATE},
    )
    state = act(state, Rule(NELL, True), RuleInterruption(NELL, True))
    assert CAPTIONS.for_prompt(game.prompt(state), game.view(state, None)) == (
        "Was the element Cora named really in Ada's passage? Basil's already stands, so "
        "Cora's can only come too late (the card and one more) or be not mentioned (the "
        "card and two)."
    )
    after = act(state, RuleInterruption(NELL, False, too_late=True))
    assert told(state, after) == [
        (
            EventKind.TOO_LATE,
            "The element Cora named was in the passage, but another interruption of this "
            "play already stands, and only one can. Cora comes too late: the card is burned "
            "and they take one card, a lighter penalty than a wrong claim.",
        )
    ]


def test_the_loose_end_caption_says_nobody_wins_while_one_lies_on_the_table():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True, loose_end=True))
    assert told(state, after) == [
        (
            EventKind.VERIFIED,
            "Nell, the Barkeep, accepted it, so Ada's passage is now part of the tale and Ada "
            "keeps the turn. Its card is burned unless it stays out as a Loose End. Ada now "
            "holds 2 cards; with none, no Loose Ends and this the last verified play, they win.",
        ),
        (
            EventKind.LOOSE_END,
            "The play brought in an element it did not resolve, and Nell, the Barkeep, left "
            "it open: the card lies face up instead of burning. Now 1 Loose End lies on the "
            "table. Nobody wins while one does; tying one off earns an Ale.",
        ),
    ]


def test_tying_off_a_loose_end_is_its_own_line_and_its_caption_counts_the_ale():
    state = tell(arrange(known_tavern(), table=(KING,)), ADA, FERRYMAN, FERRY_TEXT, ties=(KING,))
    after = act(state, Rule(NELL, True, tied=(KING,)))
    assert kinds(state, after) == [
        ("The play is verified: Ada's passage joins the tale.", EventKind.VERIFIED),
        (f"Tied off: {FIRST_ELEMENTS[KING]}. Ada earns 1 Ale.", EventKind.TIED_OFF),
    ]
    assert told(state, after)[-1][1] == (
        "Ada's passage resolved that Loose End, so they leave the table, burned, and Ada "
        "earns one Ale for each (1 in all). Now no Loose End lies on the table: every one "
        "must be tied off before anyone can win."
    )


def test_the_win_caption_names_the_four_conditions():
    state = tell(arrange(known_tavern(), {ADA: (FERRYMAN,)}), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, True))
    assert told(state, after)[-1] == (
        EventKind.WON,
        "Ada meets all four conditions of the win at once: no cards, the last verified "
        "passage, no Loose Ends on the table and no interruption awaiting a ruling. The win "
        "is checked after every action, so it is immediate. Ada may write the last words.",
    )


def test_the_denial_caption_gives_the_reason_and_whose_turn_it_becomes():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, False, "non_sequitur"))
    assert told(state, after) == [
        (
            EventKind.DENIED,
            "The play was denied because it does not follow from the tale so far. A denied "
            "play still costs its card (burned), Ada takes two more as the penalty and the "
            "turn passes clockwise, to Basil.",
        )
    ]


def test_the_cards_a_bard_receives_are_a_private_line_whose_caption_names_none():
    state = tell(known_tavern(), ADA, FERRYMAN, FERRY_TEXT)
    after = act(state, Rule(NELL, False, "non_sequitur"))
    dealt = [e for e in new_events(state, after) if e.kind == EventKind.DEALT]
    assert [e.seats for e in dealt] == [(ADA, NELL)]
    caption = CAPTIONS.for_event(dealt[0], game.view(after, None))
    assert not any(element in caption for element in after.elements)


def test_a_pass_and_a_pass_that_burns_are_each_their_own_kind():
    state = known_tavern()
    after = act(state, PassTurn(ADA, burn=TROLL), PassTurn(BASIL))
    assert [kind for _, kind in kinds(state, after)] == [
        EventKind.BURN,
        EventKind.DEALT,
        EventKind.PASS,
        EventKind.DEALT,
    ]


def test_sleeping_three_turns_and_going_under_the_table_are_captioned():
    state = known_tavern()
    for _ in range(2):
        state = act(state, Sleep(NELL), PassTurn(BASIL), PassTurn(CORA))
    after = act(state, Sleep(NELL), SendUnder(NELL, True))
    assert told(state, after) == [
        (
            EventKind.ASLEEP,
            "Ada let the turn run out without a play (the third time in a row). Sleeping "
            "counts as a pass: one card, and the turn moves clockwise. Three sleeps in a row "
            "and the Barkeep may send a Bard Under The Table.",
        ),
        (
            EventKind.UNDER_TABLE,
            "Ada slept through three turns in a row, so the Barkeep (or the table) sent them "
            "Under The Table: they are out for good, their cards return to the deck and their "
            "bench is free.",
        ),
    ]


def test_a_tale_that_opens_suspended_is_captioned_until_the_barkeep_names_who_begins():
    state = fresh(seed=3, bards=3, benches=4, seated=(True, False, False))
    assert [EventKind(e.kind) for e in state.log if e.seats is None] == [
        EventKind.OPENED,
        EventKind.SUSPENDED,
    ]
    after = act(state, SeatBard(NELL, CORA, 2))
    assert [kind for kind, _ in told(state, after)] == [EventKind.JOINED, EventKind.READY]
    assert told(state, after)[-1][1] == (
        "Two Bards now sit, so the tale can start. Before any passage is told, Nell names "
        "the Bard who begins; until then nobody joins or leaves."
    )


def test_every_line_of_these_moments_has_a_kind_and_a_caption():
    moments: list[Event] = []
    state = known_tavern()
    for actions in (
        (PassTurn(ADA, burn=TROLL),),
        (Play(BASIL, KING_TEXT, KING), Interrupt(ADA, FERRYMAN), Interrupt(CORA)),
        (Rule(NELL, True), RuleInterruption(NELL, False)),
    ):
        after = act(state, *actions)
        moments += new_events(state, after)
        state = after
    public = game.view(state, None)
    assert all(e.kind in CAPTIONS.event_kinds for e in moments)
    assert all(CAPTIONS.for_event(e, public) for e in moments)


# --- captions read facts, never the line ---------------------------------------------------

NESTED = ("Ann", "Anna", "Ann 2", "Anna B")
"""Bards whose names contain each other: reading a name out of a line could take one for
another; a caption reads who an event is about from its facts."""
NESTED_KEEPER = "Annabel"
UNNAMED = {
    EventKind.LOOSE_END: {"bard"},
    EventKind.VOTE: {"teller"},
    EventKind.NOT_MENTIONED: {"teller"},
    EventKind.TOO_LATE: {"teller"},
}
"""The seats an event is about that its caption does not name."""


def nested_tavern(seed: int, person: bool, elements: int | None = None) -> LanternState:
    names = NESTED + ((NESTED_KEEPER,) if person else ())
    options = {"barkeep_person": int(person), "benches": 4, "hand": 3}
    made = game.make_config(names, options, default_pack())
    if elements is not None:
        made = evolve(made, elements=made.elements[:elements])
    return game.new(made, seed)


def names_said(caption: str, names: tuple[str, ...]) -> set[str]:
    """The seats' names a caption says, each whole: longest first, each blanked out once
    found, so "Anna B" is not also taken for "Anna" or "Ann"."""
    found = set()
    for who in sorted(names, key=len, reverse=True):
        if who in caption:
            found.add(who)
            caption = caption.replace(who, "\0")
    return found


def seats_of_event(event: Event) -> tuple[dict[str, int], set[int]]:
    """(its ``Who`` facts by name, every seat it is about)."""
    who = {name: value.seat for name, value in event.facts if isinstance(value, Who)}
    seats = set(who.values())
    for _, value in event.facts:
        if isinstance(value, Whos):
            seats |= set(value.seats)
    return who, seats


def caption_problems(before: LanternState, after: LanternState) -> list[str]:
    """Where a public event's caption misses a seat it is about, or names a seat that
    neither it, the turn, the Barkeep nor (at the close) the Ale earned accounts for."""
    public = game.view(after, None)
    names = game.seat_names(after)
    turn = set() if public.turn is None else {public.turn}
    keeper = set() if public.barkeep_seat is None else {public.barkeep_seat}
    problems = []
    for event in new_events(before, after):
        if event.seats is not None:
            continue
        kind = EventKind(event.kind)
        caption = CAPTIONS.for_event(event, public)
        said = names_said(caption, names)
        who, seats = seats_of_event(event)
        ale = {sight.seat for sight in public.bards if sight.ale}
        allowed = {
            names[s] for s in seats | turn | keeper | (ale if kind == EventKind.CLOSING else set())
        }
        for fact, seat in who.items():
            if fact not in UNNAMED.get(kind, set()) and names[seat] not in said:
                problems.append(f"{kind}: {names[seat]} ({fact}) missing from {caption!r}")
        if said - allowed:
            problems.append(f"{kind}: {sorted(said - allowed)} wrongly in {caption!r}")
    return problems


def test_every_caption_names_the_seats_its_event_is_about_when_names_contain_each_other():
    games = (
        (nested_tavern(6, person=True), restless_policy(6)),
        (nested_tavern(6, person=False), random_policy(6)),
        (nested_tavern(2, person=False, elements=24), random_policy(2)),
        # (someone walks in, and the bar changes hands)
        (nested_tavern(23, person=True), random_policy(23)),
    )
    problems: list[str] = []
    seen: set[EventKind] = set()
    for state, policy in games:
        for before, _, after in playout(state, policy, 400):
            problems += caption_problems(before, after)
            seen |= {EventKind(e.kind) for e in new_events(before, after)}
    assert problems[:5] == []
    assert {
        EventKind.BEGINS,
        EventKind.PLAY,
        EventKind.INTERRUPTION,
        EventKind.VOTE,
        EventKind.VERIFIED,
        EventKind.TIED_OFF,
        EventKind.DENIED,
        EventKind.INTERRUPTION_STANDS,
        EventKind.NOT_MENTIONED,
        EventKind.TOO_LATE,
        EventKind.PASS,
        EventKind.BURN,
        EventKind.LEFT,
        EventKind.JOINED,
        EventKind.ASLEEP,
        EventKind.WON,
        EventKind.CLOSING,
        EventKind.WALKED_IN,
        EventKind.BAR_HANDED,
    } <= seen


def test_the_by_lot_caption_names_the_first_bard_whatever_the_words_around_the_name():
    made = game.make_config(("the", "tale", "begins"), {"barkeep_person": 0}, default_pack())
    state = game.new(made, 1)
    begins = next(e for e in state.log if e.kind == EventKind.BEGINS)
    first = made.bards[begins.who("first")]
    assert begins.text == f"By lot, {first} begins the tale."
    assert CAPTIONS.for_event(begins, game.view(state, None)) == (
        "With no Barkeep, the lot picks the first Bard, every seated Bard equally likely. "
        f"{first} now plays a passage or passes. A verified play keeps the turn; a pass or a "
        "denied play sends it clockwise round the benches."
    )


def test_a_play_carries_its_bard_card_and_passage_as_facts():
    state = known_tavern()
    after = act(state, Play(ADA, "  " + KING_TEXT, FERRYMAN))
    (play,) = new_events(state, after)
    assert play.who("bard") == ADA
    assert play.word("card") == FIRST_ELEMENTS[FERRYMAN]
    assert play.word("passage") == KING_TEXT
    assert play.number("words") == len(KING_TEXT.split())


# --- the story file ----------------------------------------------------------------------


def test_a_template_naming_a_fact_its_kind_does_not_carry_is_refused(tmp_path: Path):
    story = beside(told_module.__file__, "story.toml").read_text(encoding="utf-8")
    assert 'story = "{bard} passes."' in story
    wrong = tmp_path / "story.toml"
    wrong.write_text(story.replace('story = "{bard} passes."', 'story = "{bard} passes {card}."'))
    with pytest.raises(StoryError, match=r"\[pass\] story names card, which a pass event"):
        load_told(wrong, EventKind, told_module.FACTS, told_module.PHRASES)


def test_the_phrases_the_story_file_may_name_are_the_captions_own():
    assert set(told_module.PHRASES) == set(PHRASES)
