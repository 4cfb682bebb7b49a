"""Persuasion's teaching captions: every line of the season is tagged with the kind of
moment it records and the facts it is about, and its caption says which rule made it
and what it means, from those facts and the public view alone.

The tables are ``persuasion_helpers``' (Ada, Basil, Cora and Dmitri with their few
named cards), played through ``game.apply``; a caption is asked the way
``rules.teaching.explained_step`` asks it: with the public view after the step.
"""

from __future__ import annotations

import re

import pytest

from rules.engine import Event, Who, Whos
from rules.persuasion import game
from rules.persuasion.captions import CAPTIONS
from rules.persuasion.state import (
    USE_KINDS,
    EventKind,
    FinalRing,
    ForcedDiscard,
    Pass,
    PersuasionState,
    Phase,
)
from rules.persuasion.told import FACTS, PHRASES
from rules.story import StoryError, load_told
from tests.persuasion_helpers import (
    ADA,
    BASIL,
    CORA,
    DMITRI,
    act,
    bot_policy,
    court,
    events,
    fresh,
    known_table,
    mail,
    playout,
    slot,
    table,
    use,
)


def captioned(before: PersuasionState, after: PersuasionState) -> list[tuple[str, str, str]]:
    """(kind, line, caption) of each public event the step added, as ``parlour teach``
    shows them."""
    public = game.view(after, None)
    return [
        (e.kind, e.text, CAPTIONS.for_event(e, public))
        for e in events(before, after)
        if e.seats is None
    ]


def caption_of(before: PersuasionState, after: PersuasionState, kind: EventKind) -> str:
    found = [caption for k, _, caption in captioned(before, after) if k == kind]
    assert len(found) == 1, f"{kind}: {captioned(before, after)}"
    return found[0]


def engaged_table() -> PersuasionState:
    """Round 1's reception: Ada and Basil exchanged rings, Cora and Dmitri sent seals."""
    return mail(
        table(),
        (ADA, BASIL, None),
        (BASIL, ADA, None),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, CORA, "Candid Countess"),
    )


def test_every_event_of_a_hand_played_season_has_a_kind_and_a_caption():
    state = engaged_table()
    state = act(state, Pass(ADA), Pass(BASIL), Pass(CORA), Pass(DMITRI))
    state = act(state, FinalRing(CORA, DMITRI), FinalRing(DMITRI, CORA))
    assert state.phase == Phase.OVER
    public = game.view(state, None)
    for event in state.log:
        assert event.kind in CAPTIONS.event_kinds, event
        assert CAPTIONS.for_event(event, public).strip(), event


def test_the_ring_caption_says_what_a_proposal_needs_to_become_an_engagement():
    before = table()
    after = mail(
        before,
        (ADA, BASIL, None),
        (BASIL, CORA, "Kind Introduction"),
        (CORA, DMITRI, "Tactful Silence"),
        (DMITRI, ADA, "Candid Countess"),
    )
    assert caption_of(before, after, EventKind.RING_SENT) == (
        "A ring is a proposal: Ada and Basil are engaged only if Basil sent Ada their ring in "
        "this same mailing. It brings no card, but Basil keeps it this round like a seal, and "
        "with it the use of an action of one of Ada's cards Basil is aware of. Instead Basil "
        "sent a seal to Cora."
    )


def test_the_engagement_caption_says_what_an_exchange_of_rings_means():
    before = table()
    after = engaged_table()
    assert caption_of(before, after, EventKind.ENGAGEMENT) == (
        "Ada and Basil sent each other their rings in the same mailing: they are engaged, and "
        "the season ends once this reception is over. Each is judged on the other's cards by "
        "their own diary, so a match can win for one and lose for the other."
    )


def test_a_card_action_caption_says_why_it_may_be_used_and_what_taking_does():
    before = court("Acquisitive Heir")
    after = act(before, use(before, BASIL, ADA, "Acquisitive Heir", target=1))
    assert captioned(before, after) == [
        (
            EventKind.USE_TAKE_AUTHOR,
            "Basil uses Ada's face-down card: Take one of the author's cards.",
            "Basil holds Ada's seal and is aware of this card, so Basil may use its action. Ada "
            "stamps one of their cards and Basil takes it: Ada still knows it, but its symbols "
            "now count toward Basil's cards, not Ada's.",
        ),
        (
            EventKind.CARD_TAKEN,
            "Basil takes one of Ada's cards.",
            "Taking: Ada stamped the card before it left, so Ada still knows it. It now counts "
            "toward Basil's cards (3 cards now), not Ada's. Ada has 3 cards left.",
        ),
    ]


def test_a_face_down_card_used_is_never_named_in_its_caption():
    before = court("Acquisitive Heir")
    after = act(before, use(before, BASIL, ADA, "Acquisitive Heir", target=1))
    texts = " ".join(caption for _, _, caption in captioned(before, after))
    assert "Acquisitive Heir" not in texts and "Stolen Glances" not in texts
    note = [e for e in events(before, after) if e.seats == (BASIL,)]
    assert [e.kind for e in note] == [EventKind.NEW_CARD]


def test_a_flip_caption_reads_the_face_up_card_from_the_table():
    before = court("Frank Solicitor")
    after = act(before, use(before, BASIL, ADA, "Frank Solicitor", target=1))
    assert caption_of(before, after, EventKind.CARD_FLIPPED) == (
        "Well-Informed Aunt (standing; action: peek author) now lies face up for good: everyone "
        "counts it toward Ada's cards, and anyone holding Ada's seal or ring may use it. "
        "Face-up cards carry no stamps and never turn back."
    )


def test_the_seasons_end_caption_names_the_engaged_and_the_singles_still_to_send():
    before = act(engaged_table(), Pass(ADA), Pass(BASIL), Pass(CORA))
    after = act(before, Pass(DMITRI))
    assert caption_of(before, after, EventKind.SEASON_ENDS) == (
        "A season ends after the reception in which rings were exchanged or a player ran out "
        "of cards. Here Ada and Basil exchanged rings. Still single: Cora and Dmitri, who may "
        "each send a last ring."
    )
    assert CAPTIONS.for_prompt(game.prompt(after), game.view(after, None)) == (
        "The season is over, but Cora and Dmitri may still send a ring, in secret, to a player "
        "or to the discards. Rings sent to each other make a match; the rest are discarded, and "
        "their senders are judged on the discards."
    )


def test_a_player_out_of_cards_is_named_as_the_reason_the_season_ends():
    state = known_table(4, {ADA: ("Honest Income",)}, faceup=("Honest Income",))
    state = mail(
        state,
        (ADA, BASIL, None),
        (BASIL, CORA, None),
        (CORA, DMITRI, None),
        (DMITRI, BASIL, None),
    )
    assert game.view(state, None).turn == ADA  # nobody mailed Ada: she must discard
    after = act(state, ForcedDiscard(ADA, ADA, slot(state, ADA, "Honest Income")))
    assert caption_of(state, after, EventKind.FORCED_DISCARD) == (
        "Nobody mailed Ada a seal or ring, so Ada had no action to use and had to discard a "
        "card from anyone, even their own, stamping it first. The discards (1 card now) judge "
        "every player who ends single. Ada has no cards left, so the season ends after this "
        "reception."
    )


def test_a_last_ring_to_an_engaged_player_is_discarded_and_a_tie_does_not_win():
    last = act(engaged_table(), Pass(ADA), Pass(BASIL), Pass(CORA), Pass(DMITRI))
    before = act(last, FinalRing(CORA, None))
    after = act(before, FinalRing(DMITRI, ADA))
    shown = {line: caption for _, line, caption in captioned(before, after)}
    assert shown["Dmitri's ring goes to Ada."] == (
        "Ada's ring did not come to Dmitri, so Dmitri's ring is discarded: Dmitri ends single "
        "and is judged on the discards."
    )
    tie = "Basil (desires wealth, despises passion) is engaged to Ada, whose cards hold 1 wealth"
    assert shown[tie + " and 1 passion: a tie, which does not win."] == (
        "Basil ended engaged to Ada, so Basil's own diary is read against Ada's cards. Equal "
        "counts are a tie, and a tie never wins: it takes strictly more. Partners are judged "
        "apart: both, one or neither may win."
    )


def test_the_diary_note_is_captioned_without_naming_the_diary():
    state = game.new(table().config, 7)
    diaries = [e for e in state.log if e.kind == EventKind.DIARY]
    assert [e.seats for e in diaries] == [(ADA,), (BASIL,), (CORA,), (DMITRI,)]
    captions = {CAPTIONS.for_event(e, game.view(state, None)) for e in diaries}
    assert len(captions) == 1
    assert not {"wealth", "standing", "passion"} & set(captions.pop().split())


# --- names that contain each other -------------------------------------------------------

LOOKALIKES = ("Ann", "Anna", "Ann 2", "Anna B", "Bo Ann", "Bo")
"""Six seats whose names begin, end or contain one another."""

NOT_NAMED = {"everyone"}
"""Seat facts a caption need not name: the whole table (the opening names its host)."""

BYSTANDER_UNNAMED = frozenset(USE_KINDS.values())
"""The card actions' captions say "a bystander" without naming the one reached."""

NAMES_OTHERS = {
    EventKind.MAIL_CHOSEN,  # who is still to choose
    EventKind.RING_SENT,  # whom the recipient mailed instead
    EventKind.KNOWN_TO_ALL,  # whose cards the card lies in now
    EventKind.SEASON_ENDS,  # the engaged and the singles
}
"""Kinds whose captions may name seats the event is not about, read from the view."""


def named_in(caption: str, names: tuple[str, ...]) -> set[int]:
    """The seats whose names stand whole in ``caption`` (a longer name is read as
    itself, never as the shorter one it contains)."""
    longest_first = sorted(names, key=len, reverse=True)
    pattern = "|".join(re.escape(n) for n in longest_first)
    found = re.findall(rf"(?<!\w)(?:{pattern})(?!\w)", caption)
    return {names.index(n) for n in found}


def seats_about(event: Event) -> set[int]:
    """The seats of the event's seat facts that its caption must name."""
    seats: set[int] = set()
    for fact, value in event.facts:
        if fact in NOT_NAMED or (fact == "bystander" and event.kind in BYSTANDER_UNNAMED):
            continue
        if isinstance(value, Who):
            seats.add(value.seat)
        elif isinstance(value, Whos):
            seats.update(value.seats)
    return seats


def test_captions_name_the_seats_of_the_facts_when_names_contain_each_other():
    kinds: set[EventKind] = set()
    for seed in (0, 2, 7):
        state = fresh(seed, len(LOOKALIKES), names=LOOKALIKES)
        for before, _, after in playout(state, bot_policy(seed), 2_000):
            public = game.view(after, None)
            for event in events(before, after):
                if event.seats is not None:
                    continue
                kinds.add(event.kind)
                caption = CAPTIONS.for_event(event, public)
                named, about = named_in(caption, LOOKALIKES), seats_about(event)
                assert about <= named, (event.text, caption)
                if event.kind not in NAMES_OTHERS:
                    assert named <= about, (event.text, caption)
        assert after.phase == Phase.OVER
    assert len(kinds) >= 30, sorted(kinds)


def test_a_template_naming_a_fact_its_kind_does_not_carry_is_refused(tmp_path):
    lines = {kind: "A line." for kind in EventKind}
    lines[EventKind.PASS] = "{player} passes {owner}'s turn."
    story = tmp_path / "story.toml"
    story.write_text(
        "".join(f'[{kind.value}]\nstory = "{line}"\n' for kind, line in lines.items()),
        encoding="utf-8",
    )
    with pytest.raises(StoryError, match=r"\[pass\] story names owner, which a pass event"):
        load_told(story, EventKind, FACTS, PHRASES)
