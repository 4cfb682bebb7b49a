"""What every registered game promises, checked the same way for each (issue 29): a game
is covered by registering it.

* Played at random, by its bots and by both, to the end at the smallest table and
  through the first stages at every other table it seats (``tests/conformance.py``):
  every prompt asks seats at the table; a game is over exactly when it has an outcome,
  and every view tells it; the story only grows; every move was offered to its seat;
  every open option is applied and every closed one refused with its own reason; a
  seed and its moves replay the same game; ``play_out`` plays exactly the bots'
  moves, and ``simulate`` finishes its games.
* Fuzzed with Hypothesis: any action (of any class the game knows, its fields real
  values or junk; a real action changed; an action no game knows) is applied only as
  offered, or refused with a sentence, changing nothing; an answer drawn from a
  seat's choices is applied; a finished game refuses every action alike.
* Saved: a journal of a played game loads back the same game, mid-game and finished.
* Private: each seat reads exactly the story lines it may; no seat's view holds
  another seat's secret (``secrets_of``) the table has not been shown; the public
  view holds no secret the table has not been told.
* Taught: every event logged has a kind, and every kind a caption.

Volume is ``make stress``'s job (10,000 bot games of every game, outside the suite).
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.chance import Chance
from rules.engine import GameInfo, IllegalAction
from rules.gatekeeping import GAME_OVER
from rules.pins import hash_pin
from rules.session import PERSON, SeatPlan, Session
from rules.simulate import bot_table, play_out, simulate
from tests.rules.conformance import (
    GAMES,
    TO_THE_END,
    Stranger,
    actions,
    asked,
    captions,
    game_of,
    leaves,
    live_states,
    offering,
    open_actions,
    played,
    referees,
    sampled,
    seats_of,
    secrets,
    states,
    tables,
    texts_in,
    to_the_end,
)
from tests.rules_support import apply_or_refuse, refused_by
from tui.persistence.journal import Journal
from tui.persistence.saves import open_save

FUZZ = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Repeatable fuzzing: fixed examples, no example database, no timing failures."""

OPTIONS_PER_SEAT = 60
"""Options of one seat's choices applied at each state (a hand of many cards offers more)."""


def refusal(game: GameInfo[Any, Any], state: Any, action: Any) -> str | None:
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None


def offered_to(game: GameInfo[Any, Any], state: Any, action: Any) -> tuple[Any, ...] | None:
    """Every action the view of ``action``'s seat offers, when they can be listed."""
    seat = getattr(action, "seat", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in seats_of(game, state):
        return None
    return open_actions(game.view(state, seat).choices)


def among(action: Any, offered: tuple[Any, ...] | None) -> bool:
    """Whether ``action`` is one of ``offered``, field by field and of the same types
    (``False`` is equal to ``0`` in Python, but no seat is called ``False``)."""
    return offered is not None and repr(action) in {repr(o) for o in offered}


def check_moment(game: GameInfo[Any, Any], state: Any) -> None:
    """What holds at every moment of every game: the prompt asks seats at the table, and
    the game is over exactly when it has an outcome, whose seats are at the table."""
    prompt, outcome = game.prompt(state), game.outcome(state)
    seats = set(seats_of(game, state))
    assert (prompt is None) == (outcome is not None)
    if prompt is not None:
        assert prompt.seats and set(prompt.seats) <= seats, (prompt.seats, prompt.text)
        assert len(set(prompt.seats)) == len(prompt.seats), prompt.seats
    if outcome is not None:
        assert not set(outcome.winners) & set(outcome.losers), outcome
        assert set(outcome.winners) | set(outcome.losers) <= seats, outcome
        assert outcome.reason.strip(), outcome


# --- played games -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_games_are_played_at_every_table_the_game_seats(game_id: str):
    game = game_of(game_id)
    assert {p.table for p in played(game_id)} == set(tables(game_id))
    assert {t.seats for t in tables(game_id)} >= {game.min_seats, game.max_seats}
    assert tables(game_id)[0].seats == game.min_seats
    policies = [p.policy for p in to_the_end(game_id)]
    assert policies == ["random", "random", "bots", "random and bots"]


@pytest.mark.parametrize("game_id", GAMES)
def test_games_at_the_smallest_table_end_with_an_outcome(game_id: str):
    game = game_of(game_id)
    for game_played in to_the_end(game_id):
        assert game.prompt(game_played.last) is None, f"{game_played}: no end in {TO_THE_END}"
        assert game.outcome(game_played.last) is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_prompt_asks_seats_at_the_table_until_the_outcome(game_id: str):
    game = game_of(game_id)
    for state in states(game_id):
        check_moment(game, state)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_tells_the_outcome_of_the_game(game_id: str):
    game = game_of(game_id)
    for state in sampled(game_id, 40):
        outcome = game.outcome(state)
        for seat in (None, *seats_of(game, state)):
            view = game.view(state, seat)
            assert view.seat == seat
            assert view.outcome == outcome


@pytest.mark.parametrize("game_id", GAMES)
def test_the_story_only_grows(game_id: str):
    for game_played in played(game_id):
        for before, _, after in game_played.steps:
            assert after.log[: len(before.log)] == before.log, game_played


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_the_bots_made_was_offered_to_their_seat(game_id: str):
    """Random play draws from the choices by design; the bots must keep to them too: an
    asked seat, and one of its offered actions wherever they can be listed."""
    game = game_of(game_id)
    for game_played in to_the_end(game_id):
        if game_played.policy != "bots":
            continue
        for before, action, _ in game_played.steps:
            assert action.seat in asked(game, before), (game_played, action)
            assert game.view(before, action.seat).choices is not None
            offered = offered_to(game, before, action)
            assert offered is None or among(action, offered), (game_played, action)


@pytest.mark.parametrize("game_id", GAMES)
def test_open_options_are_applied_and_closed_ones_refused_with_their_reason(game_id: str):
    game = game_of(game_id)
    checked = 0
    for state in sampled(game_id, 30):
        for seat in seats_of(game, state):
            for option in islice(leaves(game.view(state, seat).choices), OPTIONS_PER_SEAT):
                if not isinstance(option.value, game.action_types):
                    continue  # an answer that stands for something further (``then``)
                said = refusal(game, state, option.value)
                assert said == (None if option.open else option.closed), (option.label, said)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seed_and_its_moves_replay_the_same_game(game_id: str):
    game = game_of(game_id)
    for game_played in to_the_end(game_id)[::3]:  # a random game and the mixed one
        state = game.new(game_played.table.config(game), game_played.seed)
        assert state == game_played.start
        for _, action, after in game_played.steps:
            state = game.apply(state, action)
            assert state == after, game_played


@pytest.mark.parametrize("game_id", GAMES)
def test_play_out_plays_exactly_the_bots_moves(game_id: str):
    game = game_of(game_id)
    bots = next(p for p in to_the_end(game_id) if p.policy == "bots")
    start = Session.start(
        game, bots.table.config(game), bots.seed, bot_table(game, bots.table.seats)
    )
    finished = play_out(start, TO_THE_END)
    assert finished.actions == tuple(action for _, action, _ in bots.steps)
    assert finished.state == bots.last


@pytest.mark.parametrize("game_id", GAMES)
def test_simulated_games_at_the_smallest_table_finish_without_errors(game_id: str):
    game = game_of(game_id)
    report = simulate(game, 3, seed=100, seats=game.min_seats)
    assert (report.finished, report.unfinished, report.errors) == (3, 0, 0), report.error_samples


# --- fuzzing ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_any_action_is_applied_only_as_offered_or_refused_changing_nothing(game_id: str, data):
    game = game_of(game_id)
    every = states(game_id)
    number = data.draw(st.integers(0, len(every) - 1), label="state number")
    state = every[number]
    action = data.draw(actions(game_id, number), label="action")
    offered = offered_to(game, state, action)
    after, reason = apply_or_refuse(game.apply, state, action)
    if reason is not None:
        assert not reason[0].islower(), reason
        assert not among(action, offered), f"offered, then refused: {reason}"
        return
    assert not isinstance(action, Stranger)
    assert game.view(state, action.seat).choices is not None, f"{action} was not offered"
    if offered is not None and not among(action, offered):  # its unused fields aside
        assert any(game.apply(state, o) == after for o in offered), f"{action} not offered"
    assert after.log[: len(state.log)] == state.log
    check_moment(game, after)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_an_answer_drawn_from_a_seats_choices_is_applied(game_id: str, data):
    game = game_of(game_id)
    live = live_states(game_id)
    state = live[data.draw(st.integers(0, len(live) - 1), label="state number")]
    seat = data.draw(st.sampled_from(offering(game, state)), label="seat")
    chance = Chance(data.draw(st.integers(0, 10_000), label="chance"))
    try:
        action, _ = game.view(state, seat).choices.draw(chance)
    except ValueError:  # every option closed (a retirement without the cards for it)
        assume(False)
    after = game.apply(state, action)
    check_moment(game, after)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_refuses_every_action_alike_and_stays_as_it_was(game_id: str):
    game = game_of(game_id)
    reasons = set()
    for game_played in to_the_end(game_id):
        tried = [action for _, action, _ in game_played.steps[-5:]]
        tried.append(Stranger(0, "one more move"))
        reasons |= {refused_by(game.apply, game_played.last, action) for action in tried}
    assert reasons == {GAME_OVER}


# --- saves --------------------------------------------------------------------------------

MOVE_BY_MOVE = 10
"""The first moves are saved one by one (an append each); later ones in a few saves."""


def notes_read(session: Session[Any]) -> tuple[int, ...]:
    return tuple(len(session.view(seat).notes) for seat in range(len(session.seats)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_journal_of_a_played_game_loads_back_the_same_game(game_id: str, tmp_path: Path):
    game = game_of(game_id)
    mixed = next(p for p in to_the_end(game_id) if p.policy == "random and bots")
    bots = bot_table(game, mixed.table.seats)
    seats = (SeatPlan(bots[0].name, PERSON, hash_pin("2468", work=2)), *bots[1:])
    session = Session.start(game, mixed.table.config(game), mixed.seed, seats)
    path = tmp_path / f"{game_id}.json"
    journal = Journal(path)
    journal.save(session, notes_read(session))
    midway, moves = len(mixed.steps) // 2, len(mixed.steps)
    for number, (_, action, _) in enumerate(mixed.steps, start=1):
        session = session.apply(action)
        if number <= MOVE_BY_MOVE or number in (midway, moves):
            journal.save(session, notes_read(session))
        if number in (midway, moves):
            opened = open_save(path)
            assert opened.session == session
            assert opened.read == notes_read(session)
    assert session.outcome is not None


# --- privacy ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_reads_exactly_the_story_lines_it_may(game_id: str):
    game = game_of(game_id)
    for state in sampled(game_id, 40):
        for seat in (None, *seats_of(game, state)):
            lines = tuple(event.text for event in state.log if event.visible_to(seat))
            assert game.view(state, seat).log == lines


def spread(items: tuple[Any, ...], count: int) -> tuple[Any, ...]:
    return items[:: max(1, len(items) // count)]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seats_view_holds_another_seats_secret_the_table_is_not_shown(game_id: str):
    """A secret the viewer holds too (or one whose words are in a secret of the viewer's)
    is no leak; nor is one the public view shows (checked on its own below), nor
    anything a referee's console shows."""
    game = game_of(game_id)
    leaks = []
    for game_played in played(game_id):
        everyone = seats_of(game, game_played.start)
        viewers = [s for s in everyone if s not in referees(game, game_played)]
        for state in spread(game_played.states, 8):
            held = secrets(game, state)
            public = texts_in(game.view(state, None))
            for viewer in viewers:
                shown = texts_in(game.view(state, viewer))
                own = held[viewer]
                leaks += [
                    f"{game_played}: seat {viewer} sees seat {other}'s {secret!r}"
                    for other, theirs in held.items()
                    if other != viewer
                    for secret in theirs - own
                    if secret in shown
                    and secret not in public
                    and not any(secret in mine for mine in own)
                ]
    assert leaks[:5] == []


def written(action: Any) -> list[str]:
    """The words a seat wrote into ``action`` (a Bard's passage, a description): free
    text, which may name anything, a secret of another seat's included."""
    return [
        value for value in attrs.asdict(action, recurse=False).values() if isinstance(value, str)
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_public_view_holds_no_secret_the_table_was_not_told(game_id: str):
    """Told: the public story lines and the words the seats wrote. Until the end, when
    the public view reveals everything."""
    game = game_of(game_id)
    leaks = []
    for game_played in played(game_id):
        words: list[str] = []
        every = max(1, len(game_played.steps) // 8)
        for number, (_, action, state) in enumerate(game_played.steps):
            words += written(action)
            if number % every or game.prompt(state) is None:
                continue
            public = (event.text for event in state.log if event.seats is None)
            told = "\n".join([*public, *words])
            shown = texts_in(game.view(state, None))
            leaks += [
                f"{game_played}: seat {seat}'s {secret!r}"
                for seat, held in secrets(game, state).items()
                for secret in held
                if secret in shown and secret not in told
            ]
    assert leaks[:5] == []


# --- teaching captions --------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_logged_has_a_kind_with_a_caption(game_id: str):
    found = captions(game_of(game_id))
    logged = {event.kind for game_played in played(game_id) for event in game_played.last.log}
    assert None not in logged
    assert logged <= set(found.event_kinds), logged - set(found.event_kinds)
    assert [kind for kind in logged if not found.has_caption(kind)] == []
