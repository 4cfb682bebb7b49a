"""Issue 31: a table that judges a play's parts, interruptions before or after the ruling,
Under The Table as a call, and old saves that still replay their own rules.

Hand-built taverns (``tests/lantern_helpers.known_tavern``): Ada holds FERRYMAN TROLL
WITCH, Basil KING KNIGHT RAVEN, Cora PICKPOCKET PIRATE APPRENTICE; Nell is the Barkeep.
"""

from __future__ import annotations

import json

from attrs import evolve

from rules.lantern import game
from rules.lantern.rulings import DENY_ALONE, NOT_CLAIMED
from rules.lantern.state import (
    Interrupt,
    Passage,
    PassTurn,
    Phase,
    Play,
    Rule,
    RuleInterruption,
    SendUnder,
    Sleep,
)
from rules.session import Session
from tests import v2_saves
from tests.lantern_helpers import (
    ADA,
    BASIL,
    CAT,
    CORA,
    DMITRI,
    FERRYMAN,
    GHOST,
    KING,
    KNIGHT,
    PICKPOCKET,
    PIRATE,
    TROLL,
    act,
    arrange,
    bot_policy,
    bot_session,
    known_tavern,
    lines,
    old_rules,
    random_policy,
    refused,
    tell,
)
from tui.persistence import saves
from tui.persistence.save_v2 import digest_of

NELL = 3
KING_TEXT = "A one-eyed ferryman rowed a sleepwalking king across the river."


def table_tale(**hands):
    """Four Bards at a table without a Barkeep, GHOST and CAT lying as Loose Ends."""
    return arrange(known_tavern(4, person=False), table=(GHOST, CAT))


# --- 2. a table that judges -----------------------------------------------------------


def test_the_teller_does_not_vote_on_their_own_loose_end():
    state = tell(table_tale(), ADA, FERRYMAN, ties=(GHOST,), loose_end=True)
    current = game.prompt(state)
    assert current.seats == (BASIL, CORA, DMITRI) and not current.private
    assert game.view(state, ADA).choices is None
    assert refused(state, Rule(ADA, True, loose_end=True, tied=(GHOST,))) == (
        "It is not Ada's turn: The table rules on Ada's play."
    )


def test_at_the_table_a_card_becomes_a_loose_end_when_most_voters_say_so_unasked():
    state = tell(table_tale(), ADA, FERRYMAN)  # Ada does not suggest it
    after = act(
        state,
        Rule(BASIL, True, loose_end=True),
        Rule(CORA, True, loose_end=True),
        Rule(DMITRI, True),
    )
    assert after.table == (GHOST, CAT, FERRYMAN) and FERRYMAN not in after.burned
    assert lines(state, after) == [
        "Basil votes to verify (a one-eyed ferryman a Loose End).",
        "Cora votes to verify (a one-eyed ferryman a Loose End).",
        "Dmitri votes to verify (no Loose End).",
        "The play is verified: Ada's passage joins the tale.",
        "a one-eyed ferryman lies on the table as a Loose End.",
    ]


def test_at_the_table_the_tellers_suggestion_alone_makes_no_loose_end():
    state = tell(table_tale(), ADA, FERRYMAN, loose_end=True)
    after = act(
        state,
        Rule(BASIL, True, loose_end=True),
        Rule(CORA, True),
        Rule(DMITRI, False),
    )
    assert after.table == (GHOST, CAT) and FERRYMAN in after.burned
    assert after.tale == (Passage(ADA, "And then a one-eyed ferryman appeared.", FERRYMAN),)


def test_at_the_table_each_claimed_tie_off_is_voted_separately():
    state = tell(table_tale(), ADA, FERRYMAN, ties=(GHOST, CAT))
    after = act(
        state,
        Rule(BASIL, True, tied=(GHOST, CAT)),
        Rule(CORA, True, tied=(GHOST,)),
        Rule(DMITRI, True),
    )
    assert after.table == (CAT,) and GHOST in after.burned
    assert after.ale == (1, 0, 0, 0)
    assert after.tale[-1].tied == (GHOST,)
    assert lines(state, after)[:3] == [
        "Basil votes to verify (no Loose End; ties off a ghost who forgot her name, "
        "a tavern cat named Biscuit).",
        "Cora votes to verify (no Loose End; ties off a ghost who forgot her name, "
        "not a tavern cat named Biscuit).",
        "Dmitri votes to verify (no Loose End; ties off nothing).",
    ]


def test_at_the_table_a_denied_play_ties_nothing_off_whatever_its_parts_got():
    state = tell(table_tale(), ADA, FERRYMAN, ties=(GHOST,))
    after = act(
        state,
        Rule(BASIL, True, loose_end=True, tied=(GHOST,)),
        Rule(CORA, False),
        Rule(DMITRI, False),
    )
    assert after.table == (GHOST, CAT) and after.ale == (0, 0, 0, 0)
    assert after.on_turn == BASIL and FERRYMAN in after.burned


def test_a_vote_to_deny_says_nothing_more_and_a_tie_must_be_claimed():
    state = tell(table_tale(), ADA, FERRYMAN, ties=(GHOST,))
    assert refused(state, Rule(BASIL, False, loose_end=True)) == DENY_ALONE
    assert refused(state, Rule(BASIL, False, tied=(GHOST,))) == DENY_ALONE
    assert refused(state, Rule(BASIL, True, tied=(CAT,))) == NOT_CLAIMED
    assert DENY_ALONE == "A vote to deny the play makes no Loose End and ties nothing off."
    assert NOT_CLAIMED == "Only a Loose End the play claims to tie off can be voted tied off."
    no_card = tell(arrange(table_tale(), {ADA: ()}), ADA, None, ties=(GHOST,))
    assert refused(no_card, Rule(BASIL, True, loose_end=True)) == (
        "A play that named no card cannot make a Loose End."
    )


def test_in_an_old_tale_the_tellers_word_still_decides_its_parts():
    state = old_rules(tell(table_tale(), ADA, FERRYMAN, ties=(GHOST,), loose_end=True))
    after = act(state, Rule(BASIL, True), Rule(CORA, True), Rule(DMITRI, False))
    assert after.table == (CAT, FERRYMAN) and after.ale == (1, 0, 0, 0)
    assert lines(state, after)[:3] == [
        "Basil votes to verify.",
        "Cora votes to verify.",
        "Dmitri votes to deny.",
    ]


# --- 3. interruptions before or after the ruling ----------------------------------------


def test_an_interruption_may_come_after_the_ruling():
    state = act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True))
    assert state.phase == Phase.TURN and state.on_turn == ADA and state.attempt is None
    view = game.view(state, BASIL)
    assert view.interruption is not None
    assert [o.label for o in view.interruption.options] == [
        "a sleepwalking king",
        "a disgraced knight",
        "a talking raven",
    ]
    assert view.interruption.ask == "Interrupt Ada's play: which card of yours did it mention?"
    late = act(state, Interrupt(BASIL, KING))
    assert late.phase == Phase.INTERRUPTIONS and game.prompt(late).seats == (NELL,)
    assert lines(state, late) == ["Basil interrupts, naming a sleepwalking king!"]
    stands = act(late, RuleInterruption(NELL, True))
    assert stands.on_turn == BASIL and stands.phase == Phase.TURN
    assert KING in stands.burned and len(stands.hands[ADA]) == 3  # two left, one dealt
    assert stands.tale[-1] == Passage(ADA, KING_TEXT, FERRYMAN)  # the tale keeps its passage


def test_an_interruption_may_come_before_the_ruling_after_the_window_closed():
    state = tell(known_tavern(), ADA, FERRYMAN, KING_TEXT)
    assert state.phase == Phase.RULING
    claimed = act(state, Interrupt(BASIL, KING))
    assert claimed.phase == Phase.RULING and claimed.attempt.interruptions == ((BASIL, KING),)
    ruled = act(claimed, Rule(NELL, True))
    assert ruled.phase == Phase.INTERRUPTIONS  # the play is ruled first, then the claim
    assert act(ruled, RuleInterruption(NELL, True)).on_turn == BASIL


def test_once_an_interruption_stands_a_later_one_is_too_late_and_gets_its_own_ruling():
    state = act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True))
    state = act(state, Interrupt(BASIL, KING), RuleInterruption(NELL, True))
    assert state.on_turn == BASIL
    late = act(state, Interrupt(CORA, PIRATE))
    assert refused(late, RuleInterruption(NELL, True)) == (
        "Basil's interruption of this play already stands: Cora's is either not mentioned "
        "or too late."
    )
    after = act(late, RuleInterruption(NELL, False, too_late=True))
    assert lines(late, after)[0] == (
        "Cora's interruption comes too late: a retired pirate captain is burned and they "
        "take a card."
    )
    assert after.on_turn == BASIL and PIRATE in after.burned and len(after.hands[CORA]) == 3


def test_the_next_play_closes_the_last_one_to_interruptions():
    state = act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True))
    state = act(state, Play(ADA, "The troll under the bridge woke up.", TROLL))
    assert game.view(state, CORA).interruption is not None  # the new play is open now
    assert state.last_play is None and state.attempt.text.startswith("The troll")
    passed = act(old_rules(known_tavern()), PassTurn(ADA))
    assert game.view(passed, BASIL).interruption is None


def test_a_play_stays_open_to_interruption_through_passes_until_the_next_play():
    state = act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True))
    state = act(state, PassTurn(ADA), PassTurn(BASIL))
    assert state.on_turn == CORA
    after = act(state, Interrupt(BASIL, KING), RuleInterruption(NELL, True))
    assert after.on_turn == BASIL


def test_nobody_interrupts_their_own_play_nor_twice_with_one_card():
    state = act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True))
    assert refused(state, Interrupt(ADA, TROLL)) == "A Bard cannot interrupt their own play."
    assert game.view(state, ADA).interruption is None
    assert refused(state, Interrupt(BASIL, PICKPOCKET)) == (
        "Interrupt with a card from your own hand."
    )
    ruling = tell(known_tavern(), ADA, FERRYMAN, KING_TEXT, interruptions={BASIL: KING})
    assert refused(ruling, Interrupt(BASIL, KING)) == (
        "You have already interrupted this play with that card."
    )
    assert [o.value for o in game.view(ruling, BASIL).interruption.options] == [
        Interrupt(BASIL, KNIGHT),
        Interrupt(BASIL, 5),
    ]


def test_in_an_old_tale_a_play_is_interrupted_only_in_its_window():
    state = old_rules(act(tell(known_tavern(), ADA, FERRYMAN, KING_TEXT), Rule(NELL, True)))
    assert game.view(state, BASIL).interruption is None
    assert refused(state, Interrupt(BASIL, KING)) == (
        "It is not Basil's turn: Ada: tell the next part of the tale, or pass."
    )


# --- 5. Under The Table is a call ----------------------------------------------------------


def test_the_turn_timer_never_sends_a_bard_under_the_table_by_itself():
    state = evolve(known_tavern(), asleep=(5, 0, 0))
    timed = game.view(state, None).time_out
    assert timed == Sleep(NELL)
    after = act(state, timed)
    assert after.under_table == (False, False, False) and after.phase == Phase.SLEEPER
    assert after.benches[ADA] == 0 and len(after.hands[ADA]) == 4  # the pass's card


def test_a_bard_let_stay_is_asked_about_again_on_the_next_sleep():
    state = evolve(known_tavern(), asleep=(2, 0, 0))
    state = act(state, Sleep(NELL), SendUnder(NELL, False), PassTurn(BASIL), PassTurn(CORA))
    assert state.asleep == (3, 0, 0) and state.on_turn == ADA
    again = act(state, Sleep(NELL))
    assert again.phase == Phase.SLEEPER and again.sleeper == ADA


# --- saves --------------------------------------------------------------------------------


def _old_file(path) -> None:
    """Strip from a save what issue 31 added, as a file written before it would lack."""
    data = json.loads(path.read_text())
    for key in ("table_judges", "late_interruptions", "called_under", "walk_ins"):
        del data["config"][key]
    for key in ("last_play", "sleeper", "sleeper_votes", "newcomers"):
        del data["state"][key]
    if data["state"]["attempt"] is not None:
        for key in ("loose_end_votes", "tie_votes"):
            del data["state"]["attempt"][key]
    data["digest"] = digest_of(data)
    path.write_text(json.dumps(data))


def test_an_old_lantern_save_loads_and_replays_its_own_rules(tmp_path):
    for person, policy, seed in ((False, random_policy(21), 21), (True, bot_policy(22), 22)):
        start = bot_session(4, person=person, seed=seed, benches=5, hand=4, elements=30)
        session = Session.start(start.game, old_rules(start.state).config, start.seed, start.seats)
        for _ in range(400):
            if session.prompt is None:
                break
            session = session.apply(policy(session.state))
        path = tmp_path / f"old-{seed}.json"
        v2_saves.write(session, path)
        _old_file(path)
        loaded = saves.load(path)
        assert loaded.config == session.config and not loaded.config.table_judges
        assert loaded.state == session.state and loaded.actions == session.actions
