"""The seed's own example of the resolution, played through the rules.

"Blue and Pink exchanged rings. Blue's cards have wealth, wealth, wealth,
passion, passion, standing, standing, plus one unknown card. Pink would only
win if the last unknown card has a passion symbol. Ties are insufficient!"

Pink desires passion and despises standing. Blue's seven known cards (each
with one symbol) are stamped by Pink or face up; the eighth is face down and
unknown to her. Blue and Pink send each other their rings in the same mailing,
Yellow sends a seal; Yellow, holding nothing, discards one of her own cards,
Blue and Pink pass, Yellow sends her last ring to the discards, and the
season is resolved with the unknown card being passion, standing or wealth.
"""

from __future__ import annotations

import pytest

from rules.persuasion import game
from rules.persuasion.state import Diary, FinalRing, ForcedDiscard, Pass, Phase, Send, Symbol
from tests.persuasion_helpers import act, cards, known_table, num, prompt_seats, slot

BLUE, PINK, YELLOW = range(3)
NAMES = ("Blue", "Pink", "Yellow")
WEALTH, STANDING, PASSION = Symbol
KNOWN = {
    "Inherited Orchard": WEALTH,
    "Curious Banker": WEALTH,
    "Gossiping Steward": WEALTH,
    "Stolen Glances": PASSION,
    "Secret Admirer": PASSION,
    "Well-Informed Aunt": STANDING,
    "Discreet Inquiry": STANDING,
}
FACE_UP = ("Inherited Orchard", "Well-Informed Aunt")
UNKNOWN = {PASSION: "Lock of Hair", STANDING: "Family Crest", WEALTH: "Family Diamonds"}
DIARIES = {
    BLUE: Diary(WEALTH, PASSION),
    PINK: Diary(PASSION, STANDING),
    YELLOW: Diary(STANDING, WEALTH),
}


def engaged_blue_and_pink(unknown: str):
    """Blue's eight cards (the last one ``unknown``); Blue and Pink have exchanged rings."""
    state = known_table(
        3,
        {
            BLUE: (*KNOWN, unknown),
            PINK: ("Kind Introduction", "Devoted Heart"),
            YELLOW: ("Tactful Silence", "Burnt Love Letters"),
        },
        faceup=FACE_UP,
        stamps={t: (PINK,) for t in KNOWN if t not in FACE_UP},
        diaries=DIARIES,
        names=NAMES,
    )
    state = act(
        state,
        Send(BLUE, PINK),
        Send(PINK, BLUE),
        Send(YELLOW, BLUE, slot(state, YELLOW, "Tactful Silence")),
    )
    assert state.exchanged == ((BLUE, PINK),)
    return state


def test_the_example_cards_carry_the_seeds_symbols():
    for name, symbol in KNOWN.items():
        assert cards()[num(name)].symbols == (symbol,)
    for symbol, name in UNKNOWN.items():
        assert cards()[num(name)].symbols == (symbol,)


@pytest.mark.parametrize("symbol", [PASSION, STANDING, WEALTH])
def test_pink_knows_seven_of_blues_cards_and_not_the_eighth(symbol):
    state = engaged_blue_and_pink(UNKNOWN[symbol])
    sights = game.view(state, PINK).players[BLUE].cards
    known = [s.card.symbols for s in sights if s.card is not None]
    assert sorted(sym for symbols in known for sym in symbols) == sorted(KNOWN.values())
    assert [s.card for s in sights][-1] is None
    assert [s.slot for s in sights if s.card is None] == [7]


@pytest.mark.parametrize(
    ("symbol", "pink_wins", "line"),
    [
        (PASSION, True, "3 passion and 2 standing: wins."),
        (STANDING, False, "2 passion and 3 standing: does not win."),
        (WEALTH, False, "2 passion and 2 standing: a tie, which does not win."),
    ],
    ids=["passion-wins", "standing-loses", "wealth-ties-and-loses"],
)
def test_pink_wins_only_if_blues_unknown_card_carries_passion(symbol, pink_wins, line):
    state = engaged_blue_and_pink(UNKNOWN[symbol])
    # Yellow holds nothing: she becomes the hostex and discards her own Burnt Love Letters.
    assert state.hostex == YELLOW and state.turns == (YELLOW, BLUE, PINK)
    state = act(state, ForcedDiscard(YELLOW, YELLOW, 1), Pass(BLUE), Pass(PINK))
    assert state.phase == Phase.FINAL and prompt_seats(state) == (YELLOW,)
    state = act(state, FinalRing(YELLOW, None))
    assert state.phase == Phase.OVER
    reason = state.result.reason.split("\n")
    assert reason[PINK] == (
        "Pink (desires passion, despises standing) is engaged to Blue, whose cards hold " + line
    )
    assert (PINK in state.result.winners) is pink_wins
    assert (PINK in state.result.losers) is not pink_wins
    # Blue is judged on Pink's cards: Kind Introduction (standing), Devoted Heart (passion).
    assert reason[BLUE] == (
        "Blue (desires wealth, despises passion) is engaged to Pink, whose cards hold "
        "0 wealth and 1 passion: does not win."
    )
    assert BLUE in state.result.losers
