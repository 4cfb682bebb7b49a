"""What each seat may see: no suitor's view, and no public view, holds another's secrets.

For every state of some seeded playouts (island and person narrators), each
suitor's view holds exactly their own hand, clues, clue texts, pile draws,
won clues, private story lines and notes; the discard pile only while they
refill by choice; no narrator secrets. Anything else in the view (the table,
the contest, the other suitors' public rows, the choices) holds no card hidden
in another suitor's hand and no clue at all, and no text of one. The narrator's
view holds every secret. Every secret is revealed in the public view of a
finished game, and nowhere else.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import attrs
import pytest

from rules.cards import PlayingCard
from rules.engine import notes_for
from rules.temptress import clues, game
from rules.temptress.actions import (
    DrawFromPile,
    NarratorEndRound,
    PlayCards,
    RaiseStakes,
    SpendRapport,
)
from rules.temptress.game import TEMPTRESS
from rules.temptress.state import Clue, PromptKind, SpendChoice, TemptressState
from rules.temptress.views import TemptressView
from tests.playouts import reachable
from tests.temptress_helpers import (
    ADA,
    BASIL,
    ISOLDE,
    ORIANE,
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
    random_policy,
    suitor,
)

OWN_FIELDS = {"hand", "clues", "clue_texts", "draws", "seen", "discard", "log", "notes"}
"""Fields checked one by one below; the walk covers everything else (the choices too)."""
REVEAL = {"reveal"}
"""Every secret of a finished game: checked on its own below."""
PUBLIC_RECORDS = {"retirements"}
"""Hands shown face up when retiring: public at that moment, history afterwards."""


@cache
def playout_states(kind: str) -> tuple[TemptressState, ...]:
    games = {
        "island": [
            (fresh(21, 5, round_limit=2), random_policy(21)),
            (honours_in_hands(fresh(22, 4, round_limit=2), 2), leaning_policy(22)),
            (honours_in_hands(fresh(142, 5, round_limit=2), 4), leaning_policy(142)),
            (fresh(23, 5, round_limit=2), bot_policy(23)),
        ],
        "person": [
            (fresh(31, 5, person=True, round_limit=2), random_policy(31)),
            (honours_in_hands(fresh(32, 3, person=True, round_limit=2), 1), leaning_policy(32)),
            (honours_in_hands(fresh(149, 5, person=True, round_limit=2), 2), leaning_policy(149)),
            (fresh(33, 5, person=True, round_limit=2), bot_policy(33)),
        ],
    }[kind]
    return reachable(TEMPTRESS, games)


def walk(value: Any, skip: set[str] = frozenset()) -> list[Any]:
    """Every value reachable through attrs fields and tuples (``skip``: top-level fields)."""
    found: list[Any] = []
    stack = [value]
    first = True
    while stack:
        item = stack.pop()
        found.append(item)
        if attrs.has(type(item)):
            for field in attrs.fields(type(item)):
                if first and field.name in skip:
                    continue
                stack.append(getattr(item, field.name))
        elif isinstance(item, tuple | list):
            stack.extend(item)
        first = False
    return found


def visible_texts(state: TemptressState, seat: int | None) -> list[str]:
    return [e.text for e in state.log if e.seats is None or (seat is not None and seat in e.seats)]


def spending_now(state: TemptressState, seat: int) -> bool:
    current = game.prompt(state)
    return current is not None and current.kind == PromptKind.SPEND and current.seats == (seat,)


def check_suitor_view(state: TemptressState, seat: int) -> None:
    view = game.view(state, seat)
    me = state.suitors[seat]
    assert view.seat == seat and view.secrets is None
    assert view.hand == me.hand
    assert view.clues == me.clues
    names = (tuple(w.name for w in state.women), tuple(s.name for s in state.suitors))
    assert view.clue_texts == tuple(clues.clue_text(c, *names) for c in me.clues)
    assert view.draws == me.draws and view.seen == me.seen
    assert view.tempted is (me.match == state.sorceress)
    assert view.discard == (state.discard if spending_now(state, seat) else ())
    assert view.notes == notes_for(state.log, seat)
    assert set(view.notes) <= set(visible_texts(state, seat))
    assert view.reveal is None
    check_the_rest(state, view, seat)


def check_the_rest(state: TemptressState, view: TemptressView, seat: int | None) -> None:
    # The story: public lines and this seat's own private lines, nothing else.
    assert Counter(view.log) == Counter(visible_texts(state, seat))
    mine = set(visible_texts(state, seat))
    for event in state.log:
        if event.seats is not None and seat not in event.seats and event.text not in mine:
            assert event.text not in view.log
    # Everywhere else: no card hidden in another suitor's hand, no clue at all, nor its
    # text, nor anybody's private line (the choices' labels and reasons included).
    hidden = {
        card
        for other, s in enumerate(state.suitors)
        if other != seat
        for card in s.hand
        if card not in s.faceup
    }
    rest = walk(view, OWN_FIELDS | PUBLIC_RECORDS | REVEAL)
    leaked = [v for v in rest if isinstance(v, PlayingCard) and v in hidden]
    assert not leaked, f"seat {seat} sees {leaked}"
    assert not [v for v in rest if isinstance(v, Clue)]
    secret_texts = {clues.clue_line(state, c) for s in state.suitors for c in s.clues}
    secret_texts |= {e.text for e in state.log if e.seats is not None}
    texts = [v for v in rest if isinstance(v, str)]
    told = [t for t in texts if any(secret in t for secret in secret_texts)]
    assert not told, f"seat {seat} reads {told}"
    for row, s in zip(view.suitors, state.suitors, strict=True):
        assert row.cards == len(s.hand) and row.faceup == s.faceup


def check_public_view(state: TemptressState) -> None:
    view = game.view(state, None)
    assert view.seat is None and view.secrets is None
    assert (view.hand, view.clues, view.clue_texts, view.draws, view.seen) == ((),) * 5
    assert (view.discard, view.tempted, view.notes, view.choices) == ((), False, (), None)
    assert (view.reveal is not None) == (state.result is not None)
    check_the_rest(state, view, None)


@pytest.mark.parametrize("kind", ["island", "person"])
def test_no_view_holds_another_suitors_secrets_at_any_moment(kind):
    states = playout_states(kind)
    assert len(states) > 300
    for state in states:
        check_public_view(state)
        for seat in range(len(state.suitors)):
            check_suitor_view(state, seat)


def test_the_narrator_console_sees_every_secret_at_any_moment():
    for state in playout_states("person")[::3]:
        seat = state.narrator_seat
        view = game.view(state, seat)
        secrets = view.secrets
        assert secrets is not None
        assert secrets.suits == tuple(w.suit for w in state.women)
        assert secrets.sorceress == state.sorceress
        assert secrets.matches == tuple(s.match for s in state.suitors)
        assert secrets.hands == tuple(s.hand for s in state.suitors)
        assert secrets.piles == tuple(w.pile for w in state.women)
        assert secrets.preferences == tuple(w.preferences for w in state.women)
        assert secrets.clues == tuple(s.clues for s in state.suitors)
        assert secrets.discard == state.discard == view.discard
        assert view.log == tuple(e.text for e in state.log)
        assert view.hand == () and view.clues == ()
        assert view.notes == () and view.reveal is None


def test_a_finished_games_public_view_reveals_every_secret():
    finals = [s for kind in ("island", "person") for s in playout_states(kind) if s.result]
    for state in finals:
        reveal = game.view(state, None).reveal
        assert reveal is not None and reveal.pacts == state.pacts
        for woman, shown in zip(state.women, reveal.women, strict=True):
            assert (shown.name, shown.suit, shown.pile) == (woman.name, woman.suit, woman.pile)
            assert shown.preferences == woman.preferences
        assert [w.sorceress for w in reveal.women] == [i == state.sorceress for i in range(4)]
        for suitor_, shown in zip(state.suitors, reveal.suitors, strict=True):
            assert (shown.name, shown.match, shown.out) == (
                suitor_.name,
                suitor_.match,
                suitor_.out,
            )
            assert shown.hand == suitor_.hand
            assert shown.tempted is (suitor_.match == state.sorceress)
            assert shown.clues == tuple(clues.clue_line(state, c) for c in suitor_.clues)
        for seat in range(len(game.seat_names(state))):
            assert game.view(state, seat).reveal is None


def test_the_public_floors_choices_tell_nothing_about_the_hand():
    """The floor prompt is public: a flush and a plain hand offer the same options."""
    plain = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8D"})
    flush = arrange(known_table(), {ADA: "2C 3C 4C 5C 6C 7C 8C"})

    def top(state: TemptressState):
        choices = game.view(state, ADA).choices
        return [(o.label, o.closed, o.cost, o.key, o.open) for o in choices.options]

    assert top(plain) == top(flush)
    assert game.view(flush, ADA).choices.keyed("retire").open


def test_the_playouts_reach_the_private_moments():
    """The scan above covered pile draws, refills by choice, clues and won stakes."""
    finals = [s for kind in ("island", "person") for s in playout_states(kind) if s.result]
    assert len(finals) == 8
    texts = [e.text for state in finals for e in state.log]
    markers = (
        "You draw",
        "New clue:",
        "You take",
        "draws the top card",
        "Your starter",
        "sees what was staked",
    )
    for marker in markers:
        assert any(marker in t for t in texts), marker


# --- particular secrets ----------------------------------------------------------------------


def test_a_pile_card_is_known_to_its_drawer_alone():
    state = arrange(known_table(), {ADA: "9C 8C 7C 2D 3D 4D 5D"})
    state = claim(dice(state, 3, 3, 3), ADA, ORIANE)
    state = act(dice(act(state, PlayCards(ADA, cards("9C"))), 2, 2, 2), RaiseStakes(ADA, True))
    state = act(dice(act(state, PlayCards(ADA, cards("8C"))), 2, 2, 3), RaiseStakes(ADA, True))
    state = act(state, PlayCards(ADA, cards("7C")), DrawFromPile(ADA, ISOLDE))
    drawn = "You draw the jack of hearts from Isolde's pile."
    assert any(line.startswith(drawn) for line in game.view(state, ADA).log)
    assert game.view(state, ADA).draws == ((ISOLDE, cards("JH")[0]),)
    for seat in (BASIL, None):
        view = game.view(state, seat)
        assert not any("jack of hearts" in line for line in view.log)
        assert view.draws == ()
        assert "Ada draws the top card of Isolde's pile (3 left)." in view.log
        assert view.women[ISOLDE].pile_size == 3
    check_suitor_view(state, BASIL)


def test_cards_taken_by_choice_are_known_to_the_taker_alone():
    state = arrange(known_table(person=True), {ADA: "2C 3C 4C 5C"}, discard="6C 7C 8C")
    state = act(suitor(state, ADA, rapport=1), NarratorEndRound(5))
    after = act(state, SpendRapport(ADA, SpendChoice.REFILL, cards("6C 7C 8C")))
    assert "You take 6♣ 7♣ 8♣ from the discard pile." in game.view(after, ADA).log
    assert "You take 6♣ 7♣ 8♣ from the discard pile." in game.view(after, 5).log
    for seat in (BASIL, None):
        assert not any(line.startswith("You take") for line in game.view(after, seat).log)
        check_the_rest(after, game.view(after, seat), seat)


def test_the_scan_notices_a_hidden_card_or_a_clue_out_of_place():
    state = known_table()
    view = game.view(state, ADA)
    basil_card = state.suitors[BASIL].hand[0]
    leaky = attrs.evolve(view, queue=(basil_card,))
    with pytest.raises(AssertionError, match="sees"):
        check_the_rest(state, leaky, ADA)
    gossip = attrs.evolve(view, pacts=(state.suitors[BASIL].clues[0],))
    with pytest.raises(AssertionError):
        check_the_rest(state, gossip, ADA)
    told = attrs.evolve(view, log=view.log + ("You are the Tempted: ...",))
    with pytest.raises(AssertionError):
        check_the_rest(state, told, ADA)
