"""What each seat may see: no view shows a face-down card to a player unaware of it.

For every state of some seeded seasons (random play, bots, both modes), and
for every seat and the public table, before the end:

* a card's face (title, symbols, action, flavour) is in the view exactly when
  the seat is aware of it: face up, stamped by the seat, or the seat's own;
  the public table shows face-up cards only;
* no story line the seat can read names a face-down card the seat is not
  aware of (checked over the whole log, not only the newest lines);
* a seat sees its own diary and nobody else's, and no diary at all is shown on
  the public table;
* while the mail is being chosen nobody sees anyone's choice but their own,
  and the last rings' destinations stay secret until the end;
* the seat's choices (questions, labels, reasons) and notes name no card the
  seat is not aware of, the notes are the private lines addressed to it, and
  the public table is offered nothing;
* the reveal (every diary and card) is in the public view of a finished
  season only.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs
import pytest

from rules.persuasion import game
from rules.persuasion.state import (
    Delivery,
    Diary,
    PersuasionReveal,
    PersuasionState,
    Phase,
    TraitCard,
)
from tests.persuasion_helpers import (
    bot_policy,
    choice_texts,
    fresh,
    mixed_policy,
    playout,
    random_policy,
    title,
)

GAMES = {
    "random-4": (fresh(41, 4), random_policy(41)),
    "random-3": (fresh(42, 3), random_policy(42)),
    "random-6-evening-ball": (fresh(43, 6, evening_ball=True), random_policy(43)),
    "bots-5": (fresh(44, 5), bot_policy(44)),
    "mixed-8": (fresh(45, 8), mixed_policy(45, (1, 3, 5, 7))),
}


@cache
def season(name: str) -> tuple[PersuasionState, ...]:
    start, policy = GAMES[name]
    return (start, *(after for _, _, after in playout(start, policy, 2_000)))


def walk(value: Any, skip: frozenset[str] = frozenset()) -> list[Any]:
    """Every value reachable through attrs fields and tuples (``skip``: fields not entered)."""
    found: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        found.append(item)
        if attrs.has(type(item)):
            stack.extend(
                getattr(item, f.name) for f in attrs.fields(type(item)) if f.name not in skip
            )
        elif isinstance(item, tuple | list):
            stack.extend(item)
    return found


def aware(state: PersuasionState, seat: int | None, number: int) -> bool:
    """Worked out here, not by the engine: face up, stamped by the seat, or the seat's own."""
    if state.faceup[number]:
        return True
    if seat is None:
        return False
    return seat in state.stamps[number] or number in state.traits[seat]


_MENTIONS: dict[str, frozenset[int]] = {}


def mentioned(text: str, state: PersuasionState) -> frozenset[int]:
    """The cards a story line names (by title)."""
    if text not in _MENTIONS:
        titles = [c.title for c in state.config.cards]
        _MENTIONS[text] = frozenset(n for n, t in enumerate(titles) if t in text)
    return _MENTIONS[text]


def check_view(state: PersuasionState, seat: int | None) -> None:
    view = game.view(state, seat)
    cards = state.config.cards
    # Card sights: a face exactly when aware.
    for player, sights in enumerate(p.cards for p in view.players):
        assert [s.slot for s in sights] == list(range(len(state.traits[player])))
        for sight, number in zip(sights, state.traits[player], strict=True):
            known = aware(state, seat, number)
            assert sight.card == (cards[number] if known else None), (seat, title(number))
            assert sight.faceup == state.faceup[number]
            assert sight.stampers == state.stamps[number]
            assert sight.stamped == (seat is not None and seat in state.stamps[number])
    for sight, number in zip(view.discards, state.discards, strict=True):
        assert sight.card == (cards[number] if aware(state, seat, number) else None)
    # Anywhere else in the view: no card face the seat may not see.
    for item in walk(view, frozenset({"log"})):
        if isinstance(item, TraitCard):
            number = cards.index(item)
            assert aware(state, seat, number), f"{title(number)} shown to {seat}"
    # Diaries.
    diaries = [d for d in walk(view, frozenset({"log"})) if isinstance(d, Diary)]
    if seat is None:
        assert diaries == [] and view.diary is None
    else:
        assert view.diary == state.diaries[seat] and view.diaries == ()
        assert set(diaries) == {state.diaries[seat]}
    told = [line for line in view.log if line.startswith("Your diary")]
    assert len(told) == (0 if seat is None else 1)
    # Mail and last rings.
    deliveries = [d for d in walk(view, frozenset({"log"})) if isinstance(d, Delivery)]
    if state.phase == Phase.MAIL:
        assert view.deliveries == ()
        assert all(r < state.round for r, _, _ in view.proposals)
        own = None if seat is None else state.mail[seat]
        assert view.sent == own and deliveries == ([] if own is None else [own])
    else:
        assert view.sent is None and deliveries == []
    if state.phase == Phase.FINAL:
        assert not any("ring goes to" in line for line in view.log)
    # Choices, notes and the reveal.
    asked = game.prompt(state)
    if seat is None or asked is None or seat not in asked.seats:
        assert view.choices is None
    else:
        assert view.choices is not None
    private = [e.text for e in state.log if e.seats is not None and e.seats[:1] == (seat,)]
    assert list(view.notes) == private and set(view.notes) <= set(view.log)
    for text in [*choice_texts(view.choices), *view.notes]:
        hidden = {n for n in mentioned(text, state) if not aware(state, seat, n)}
        assert not hidden, f"{seat} is offered or noted {sorted(title(n) for n in hidden)}"
    assert view.reveal is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_view_shows_a_card_or_diary_to_a_player_unaware_of_it(name):
    states = season(name)
    assert states[-1].phase == Phase.OVER
    seats = (None, *range(len(states[0].traits)))
    named: dict[int | None, set[int]] = {seat: set() for seat in seats}
    read = 0
    for state in states[:-1]:
        for event in state.log[read:]:
            for seat in seats:
                if event.visible_to(seat):
                    named[seat] |= mentioned(event.text, state)
        read = len(state.log)
        for seat in seats:
            check_view(state, seat)
            hidden = {n for n in named[seat] if not aware(state, seat, n)}
            assert not hidden, f"{seat} reads about {sorted(title(n) for n in hidden)}"


def test_the_public_table_shows_only_face_up_cards():
    for name in sorted(GAMES):
        for state in season(name)[:-1]:
            view = game.view(state, None)
            shown = [s for p in view.players for s in p.cards if s.card is not None]
            shown += [s for s in view.discards if s.card is not None]
            assert all(s.faceup for s in shown)
            assert len(shown) == sum(
                state.faceup[n] for n in (*state.discards, *sum(state.traits, ()))
            )


def test_at_the_end_everything_is_revealed_to_everyone():
    for name in sorted(GAMES):
        state = season(name)[-1]
        for seat in (None, *range(len(state.traits))):
            view = game.view(state, seat)
            assert view.diaries == state.diaries
            assert all(s.card is not None for p in view.players for s in p.cards)
            assert all(s.card is not None for s in view.discards)
            assert view.choices is None


def test_the_reveal_is_in_the_public_view_of_a_finished_season_only():
    for name in sorted(GAMES):
        state = season(name)[-1]
        cards = state.config.cards
        assert game.view(state, None).reveal == PersuasionReveal(
            diaries=state.diaries,
            traits=tuple(tuple(cards[n] for n in hand) for hand in state.traits),
            discards=tuple(cards[n] for n in state.discards),
        )
        assert all(game.view(state, seat).reveal is None for seat in range(len(state.traits)))
