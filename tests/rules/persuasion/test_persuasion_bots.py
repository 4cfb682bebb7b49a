"""How the Persuasion bot decides, one named test per behaviour.

Every moment is built by hand (``known_table``, ``at_reception``, ``at_final``);
the bot sees only its seat's view (``game.view``) and each test asserts the exact
action it chooses. Every diary desires wealth and despises passion, so for Ada
(the bot in every test) a wealth card is good news and a passion card bad news.
"""

from __future__ import annotations

from attrs import evolve

from rules.persuasion import game
from rules.persuasion.bots import PersuasionBot, odds
from rules.persuasion.state import (
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionState,
    Phase,
    Send,
)
from tests.persuasion_helpers import (
    ADA,
    BASIL,
    CORA,
    DMITRI,
    at_final,
    at_reception,
    known_table,
    slot,
    use,
)

UNKNOWN = ("Inherited Orchard", "Well-Informed Aunt", "Whispered Confidence", "Candid Countess")
"""Four cards of mixed symbols that Ada has not seen, for other players' hands."""


def ada_decides(state: PersuasionState, seed: int = 1):
    return PersuasionBot(ADA, seed).choose(game.view(state, ADA))


def stamped(*titles: str) -> dict[str, tuple[int, ...]]:
    """Ada's stamp on each card: she has seen them."""
    return {title: (ADA,) for title in titles}


# --- weighing a pile ----------------------------------------------------------------------


def test_a_pile_is_judged_by_its_known_cards_and_by_what_unseen_ones_may_hold():
    assert odds(1, 0) == 1.0 and odds(0, 0) == 0.0  # a tie does not win
    assert odds(-1, 0) == 0.0
    assert 0.3 < odds(0, 1) < 0.34  # one unseen card: its symbol is desired a third of the time
    assert odds(2, 2) > odds(1, 2) > odds(0, 2) > odds(-1, 2)
    assert odds(2, 1) > odds(2, 4)  # more cards unseen, less certainty about a lead


# --- the introductions --------------------------------------------------------------------


def test_a_bot_introduces_itself_by_discarding_its_most_desired_card_and_flipping_its_worst():
    hand = (
        "Stolen Glances",  # passion
        "Honest Income",  # wealth
        "Open-Handed Nabob",  # wealth x3
        "Family Crest",  # standing
        "Jealous Rival",  # passion x2
        "Ledger Left Open",  # wealth x2
    )
    state = evolve(known_table(4, {ADA: hand}), phase=Phase.INTRO, introduced=())
    assert ada_decides(state) == Introduce(ADA, flip=4, discard=2)


# --- holding nothing ----------------------------------------------------------------------


def _holding_nothing(**kwargs) -> PersuasionState:
    """The reception, Ada holding nothing and first to act; everyone else holds a seal."""
    state = known_table(4, **kwargs)
    held = {BASIL: (ADA, CORA), CORA: (DMITRI,), DMITRI: (BASIL,)}
    return at_reception(state, held, turns=(ADA, BASIL, CORA, DMITRI))


def test_a_bot_holding_nothing_discards_its_own_card_of_its_desired_symbol():
    mine = ("Family Crest", "Ledger Left Open", "Honest Income", "Lock of Hair")
    state = _holding_nothing(traits={ADA: mine, BASIL: UNKNOWN}, discards=("Secret Admirer",))
    assert ada_decides(state) == ForcedDiscard(ADA, ADA, slot(state, ADA, "Ledger Left Open"))


def test_a_bot_holding_nothing_discards_the_most_desired_card_it_knows_at_the_table():
    mine = ("Family Crest", "Ledger Left Open", "Lock of Hair")
    basil = ("Jealous Rival", "Open-Handed Nabob", "Impulsive Declaration")
    state = _holding_nothing(
        traits={ADA: mine, BASIL: basil},
        stamps=stamped(*basil),
        discards=("Secret Admirer",),
    )
    assert ada_decides(state) == ForcedDiscard(ADA, BASIL, slot(state, BASIL, "Open-Handed Nabob"))


def test_a_bot_holding_nothing_discards_a_plain_card_of_its_own_rather_than_one_it_despises():
    """With only a passion card and a standing card of its own, and every other card
    unseen, it gives up the standing card: passion would go against it in the discards."""
    mine = ("Lock of Hair", "Family Crest")
    state = _holding_nothing(
        traits={ADA: mine, BASIL: UNKNOWN},
        discards=("Honest Income", "Ledger Left Open"),
        stamps=stamped("Honest Income", "Ledger Left Open"),
    )
    assert ada_decides(state) == ForcedDiscard(ADA, ADA, slot(state, ADA, "Family Crest"))


# --- holding seals and rings ---------------------------------------------------------------


def _holding_basils_seal(**kwargs) -> PersuasionState:
    """The reception, Ada holding Basil's seal and first to act."""
    state = known_table(4, **kwargs)
    held = {ADA: (BASIL,), BASIL: (CORA,), CORA: (DMITRI,), DMITRI: (ADA,)}
    return at_reception(state, held, turns=(ADA, BASIL, CORA, DMITRI))


def test_a_bot_takes_a_card_it_despises_out_of_the_discards():
    state = _holding_basils_seal(
        traits={ADA: ("Family Crest", "Tactful Silence"), BASIL: ("Second-Hand Silver", *UNKNOWN)},
        discards=("Honest Income", "Jealous Rival", "Secret Admirer"),
        stamps=stamped("Second-Hand Silver", "Honest Income", "Jealous Rival"),
    )
    assert ada_decides(state) == use(state, ADA, BASIL, "Second-Hand Silver", discard=1)


def test_a_bot_discards_the_authors_card_of_its_desired_symbol():
    basil = ("Quiet Debts", "Jealous Rival", "Gilded Carriage", "Impulsive Declaration")
    state = _holding_basils_seal(
        traits={ADA: ("Family Crest",), BASIL: basil},
        stamps=stamped(*basil),
    )
    target = slot(state, BASIL, "Gilded Carriage")
    assert ada_decides(state) == use(state, ADA, BASIL, "Quiet Debts", target=target)


def test_a_bot_peeks_at_a_card_it_has_not_seen():
    state = _holding_basils_seal(
        traits={ADA: ("Family Crest",), BASIL: ("Stolen Glances", *UNKNOWN)},
        stamps=stamped("Stolen Glances"),
    )
    assert ada_decides(state) == use(state, ADA, BASIL, "Stolen Glances", target=1)


def test_a_bot_passes_rather_than_give_away_a_card_it_desires():
    state = _holding_basils_seal(
        traits={ADA: ("Ledger Left Open", "Honest Income"), BASIL: ("Lock of Hair", *UNKNOWN)},
        stamps=stamped("Lock of Hair"),
    )
    assert ada_decides(state) == Pass(ADA)


def test_a_bot_engaged_gives_its_partner_a_card_of_its_desired_symbol():
    state = _holding_basils_seal(
        traits={ADA: ("Jealous Rival", "Ledger Left Open"), BASIL: ("Lock of Hair", *UNKNOWN)},
        stamps=stamped("Lock of Hair"),
    )
    state = evolve(state, exchanged=((ADA, BASIL),))
    mine = slot(state, ADA, "Ledger Left Open")
    assert ada_decides(state) == use(state, ADA, BASIL, "Lock of Hair", mine=mine)


def test_a_bot_engaged_takes_a_card_it_despises_from_its_partner():
    basil = ("Stolen Dance", "Jealous Rival", "Honest Income", "Gilded Carriage")
    state = _holding_basils_seal(
        traits={ADA: ("Family Crest",), BASIL: basil}, stamps=stamped(*basil)
    )
    state = evolve(state, exchanged=((ADA, BASIL),))
    target = slot(state, BASIL, "Jealous Rival")
    assert ada_decides(state) == use(state, ADA, BASIL, "Stolen Dance", target=target)


# --- the mailing ------------------------------------------------------------------------


def test_a_bot_sends_its_ring_to_the_suitor_its_diary_favours():
    basil = ("Open-Handed Nabob", "Ledger Left Open", "Honest Income")
    state = known_table(
        4, {ADA: ("Family Crest", "Lock of Hair"), BASIL: basil}, stamps=stamped(*basil)
    )
    assert ada_decides(state) == Send(ADA, BASIL, None)


def test_a_bot_answers_a_suitor_who_proposed_last_round_on_a_lower_bar():
    """Cora's cards look a little better than the discards: not enough for Ada to propose
    first (she writes to Cora with her one card she may send), enough to answer Cora."""
    cora = ("Gilded Carriage", "Well-Informed Aunt", "Candid Countess", "Inherited Orchard")
    state = known_table(
        4,
        {ADA: ("Family Crest", "Lock of Hair"), CORA: cora},
        discards=("Ledger Left Open", "Secret Admirer", "Curious Banker"),
        faceup=("Family Crest",),
        stamps=stamped(*cora[:3], "Ledger Left Open"),
    )
    assert ada_decides(state) == Send(ADA, CORA, 1)
    courted = evolve(state, round=2, proposals=((1, CORA, ADA),))
    assert ada_decides(courted) == Send(ADA, CORA, None)


def test_a_bot_proposes_only_once_it_knows_three_of_a_suitors_cards_or_from_round_four():
    """Basil's face-up card is all Ada desires, but she has seen none of his others."""
    basil = ("Open-Handed Nabob", *UNKNOWN)
    state = known_table(
        4,
        {ADA: ("Family Crest", "Lock of Hair"), BASIL: basil},
        faceup=("Open-Handed Nabob", "Family Crest"),
    )
    assert ada_decides(state) == Send(ADA, BASIL, 1)
    assert ada_decides(evolve(state, round=4)) == Send(ADA, BASIL, None)


def test_a_bot_courts_with_its_seal_when_no_suitor_looks_good_enough():
    """Basil's cards are all passion; Cora and Dmitri are unknown alike, so Ada writes to
    Cora (the first), with the one card she may send: her other one is face up."""
    basil = ("Jealous Rival", "Stolen Dance", "Lock of Hair")
    state = known_table(
        4,
        {ADA: ("Honest Income", "Family Crest"), BASIL: basil},
        faceup=("Honest Income",),
        stamps=stamped(*basil),
    )
    assert ada_decides(state) == Send(ADA, CORA, 1)


def test_a_bot_decides_the_same_way_from_the_same_seed_and_view():
    state = known_table(4, {ADA: ("Family Crest", "Lock of Hair", "Tactful Silence")})
    assert {ada_decides(state, seed=7) for _ in range(3)} == {ada_decides(state, seed=7)}


# --- the last chance ---------------------------------------------------------------------


def test_a_bot_sends_its_last_ring_to_the_discards_when_they_beat_every_single_suitor():
    basil = ("Jealous Rival", "Honest Income")
    state = known_table(
        4,
        {ADA: ("Family Crest",), BASIL: basil},
        discards=("Ledger Left Open", "Quiet Debts"),
        stamps=stamped(*basil, "Ledger Left Open", "Quiet Debts"),
    )
    state = at_final(state, exchanged=((CORA, DMITRI),))
    assert ada_decides(state) == FinalRing(ADA, None)


def test_a_bot_sends_its_last_ring_to_a_single_player_whose_cards_beat_the_discards():
    basil = ("Ledger Left Open", "Honest Income")
    state = known_table(
        4,
        {ADA: ("Family Crest",), BASIL: basil},
        discards=("Jealous Rival", "Quiet Debts"),
        stamps=stamped(*basil, "Jealous Rival", "Quiet Debts"),
    )
    state = at_final(state, exchanged=((CORA, DMITRI),))
    assert ada_decides(state) == FinalRing(ADA, BASIL)
