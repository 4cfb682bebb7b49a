"""Teaching captions: why each step of a game happened, in the game's own words.

A game's help module writes one caption per kind of event it logs and one per kind
of prompt (``Captions``); ``parlour teach`` shows them beside the public table. A
caption is worked out from the event (or the prompt) and a view: for a public
event, the public view just after it, so a caption can never tell a secret the
table does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from rules.coaching import CoachedDeal, PickWords
from rules.engine import Event, GameInfo, Prompt
from rules.session import Session

EventCaption = Callable[[Event, Any], str]
PromptCaption = Callable[[Prompt, Any], str]


@frozen
class Captions:
    """One game's captions, keyed by its event kinds and its prompt kinds (every kind
    of each has one: tests/test_captions.py)."""

    events: Mapping[str, EventCaption]
    prompts: Mapping[str, PromptCaption]
    event_kinds: tuple[str, ...]
    """Every kind of event the game logs."""
    prompt_kinds: tuple[str, ...]
    """Every kind of prompt the game asks."""
    coached: CoachedDeal | None = None
    """The deal of the game's coached first game (``parlour teach GAME --play``)."""
    pick_words: PickWords | None = None
    """Words for an action of the game's own choices classes (a coaching hint's pick)."""

    def for_event(self, event: Event, view: Any) -> str:
        """Why ``event`` happened and what it means ('' for an event without a kind)."""
        caption = self.events.get(event.kind)
        return caption(event, view) if caption is not None else ""

    def for_prompt(self, prompt: Prompt, view: Any) -> str:
        """What the table is deciding now, and what each answer would mean."""
        caption = self.prompts.get(prompt.kind)
        return caption(prompt, view) if caption is not None else ""


def fixed(text: str) -> Callable[..., str]:
    """A caption that is the same every time."""
    return lambda *_: text


@frozen
class Explained:
    """One line of the public story with the caption that says why it happened."""

    line: str
    caption: str


def explained_step(game: GameInfo[Any, Any], before: Any, after: Any) -> tuple[Explained, ...]:
    """The public events the step from state ``before`` (None: the deal) to ``after``
    added to the story, each with its caption, worked out from the public view after."""
    captions = game.captions
    fresh = after.log[len(before.log) if before is not None else 0 :]
    public = game.view(after, None)
    return tuple(
        Explained(e.text, captions.for_event(e, public) if captions is not None else "")
        for e in fresh
        if e.seats is None
    )


def explained_prompt(game: GameInfo[Any, Any], state: Any) -> str:
    """What the table decides next and what it means ('' when the game is over)."""
    prompt = game.prompt(state)
    if prompt is None or game.captions is None:
        return ""
    return str(game.captions.for_prompt(prompt, game.view(state, None)))


def session_step(before: Session[Any] | None, after: Session[Any]) -> tuple[Explained, ...]:
    """``explained_step`` between two sessions of one game (the teaching table's steps)."""
    return explained_step(after.game, None if before is None else before.state, after.state)


def session_prompt(session: Session[Any]) -> str:
    """``explained_prompt`` of a session's moment."""
    return explained_prompt(session.game, session.state)
