"""Every game's teaching captions (issue 17): one for every kind of event it logs and
every kind of prompt it asks, never a secret in a caption of the public table.

A caption is worked out from the event or the prompt and the public view, so these
play a few bot games of each game through the engine and caption every step.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from rules.chance import Chance
from rules.session import BOT, SeatPlan, Session
from rules.simulate import bot_config
from rules.teaching import Captions, captions_of

NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie")
GAMES = registry.ids()


def captions(game_id: str) -> Captions:
    found = captions_of(registry.get(game_id))
    assert isinstance(found, Captions), f"{game_id} has no captions"
    return found


def bot_game(game_id: str, seed: int, moves: int = 600, random: bool = False) -> list[Session]:
    """A game's sessions, move by move: the bots', or (``random``) every seat choosing
    at random among its open choices, which walks the rarer paths too."""
    game = registry.get(game_id)
    seats = tuple(SeatPlan(name, BOT) for name in NAMES[: game.bot_seats])
    session = Session.start(game, bot_config(game, seats), seed, seats)
    chance = Chance(seed)
    played = [session]
    while session.prompt is not None and len(played) <= moves:
        seat = session.prompt.seats[0]
        if random:
            action, chance = session.view(seat).choices.draw(chance)
        else:
            action = session.bot_for(seat).choose(session.view(seat))
        session = session.apply(action)
        played.append(session)
    return played


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_event_has_a_caption(game_id: str):
    found = captions(game_id)
    assert found.event_kinds, "a game logs at least one kind of event"
    missing = [k for k in found.event_kinds if not found.has_caption(k)]
    assert missing == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_prompt_has_a_caption(game_id: str):
    found = captions(game_id)
    missing = [k for k in found.prompt_kinds if k not in found.prompts]
    assert missing == []


def _secrets(session: Session) -> set[str]:
    game = session.game
    seats = range(len(game.seat_names(session.state)))
    return {s for seat in seats for s in game.secrets_of(session.state, seat) if s}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("seed", "random"), [(1, False), (2, False), (3, True), (4, True)])
def test_every_step_of_a_game_is_captioned_without_a_secret(
    game_id: str, seed: int, random: bool
):
    found = captions(game_id)
    problems: list[str] = []
    before: Any = None
    for session in bot_game(game_id, seed, random=random):
        game, state = session.game, session.state
        public = game.view(state, None)
        fresh = state.log[len(before.state.log) if before is not None else 0 :]
        secrets = _secrets(session)
        for event in fresh:
            if event.kind not in found.event_kinds:
                problems.append(f"no kind: {event.text!r} ({event.kind!r})")
                continue
            if event.seats is not None:
                continue  # a private event is captioned only for its seat's eyes
            text = found.for_event(event, public)
            if not text.strip():
                problems.append(f"an empty caption for {event.kind}: {event.text!r}")
            problems += [f"{event.kind} tells {s!r}" for s in secrets if s in text]
        if session.prompt is not None:
            text = found.for_prompt(session.prompt, public)
            if not text.strip():
                problems.append(f"an empty caption for the prompt {session.prompt.kind}")
            problems += [f"prompt {session.prompt.kind} tells {s!r}" for s in secrets if s in text]
        before = session
    assert problems[:10] == []
