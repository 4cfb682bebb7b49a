"""Teaching captions: why each step of a game happened, in the game's own words.

A game's help module writes one caption per kind of event it logs and one per kind
of prompt (``Captions``); ``parlour teach`` shows them beside the public table. A
caption is worked out from the event (or the prompt) and a view: for a public
event, the public view just after it, so a caption can never tell a secret the
table does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from attrs import field, frozen

from rules.coaching import CoachedDeal, PickWords
from rules.engine import Event, GameInfo, Prompt
from rules.session import Session
from rules.story import Phrase, Told, placeholders

EventCaption = Callable[[Event, Any], str]
PromptCaption = Callable[[Prompt, Any], str]


@frozen
class Captions:
    """One game's captions, keyed by its event kinds and its prompt kinds (every kind
    of each has one: tests/test_captions.py)."""

    events: Mapping[StrEnum, EventCaption]
    """The captions that weigh the view, by event kind; every other kind's caption is
    the ``caption`` template of its story file (``told``)."""
    prompts: Mapping[StrEnum, PromptCaption]
    event_kinds: tuple[StrEnum, ...]
    """Every kind of event the game logs."""
    prompt_kinds: tuple[StrEnum, ...]
    """Every kind of prompt the game asks."""
    told: Told[Any] | None = None
    """The game's story file: its caption templates."""
    phrases: Mapping[str, Phrase] = field(factory=dict)
    """Words a caption template may name that weigh the view, by name."""
    names: Callable[[Any], Sequence[str]] = lambda view: view.names
    """The seats' names, from the public view (a template's seats are told by them)."""
    coached: CoachedDeal | None = None
    """The deal of the game's coached first game (``parlour teach GAME --play``)."""
    pick_words: PickWords | None = None
    """Words for an action of the game's own choices classes (a coaching hint's pick)."""

    def for_event(self, event: Event, view: Any) -> str:
        """Why ``event`` happened and what it means ('' for an event without a kind)."""
        if event.kind is None:
            return ""
        caption = self.events.get(event.kind)
        if caption is not None:
            return caption(event, view)
        return self.from_template(event, view)

    def from_template(self, event: Event, view: Any) -> str:
        """The caption template of ``event``'s kind, told from its facts and phrases."""
        template = None if self.told is None else self.told.caption(event.kind)
        if template is None or self.told is None:
            return ""
        values: dict[str, Any] = dict(event.facts)
        for name in placeholders(template):
            if name not in values:
                values[name] = self.phrases[name](event, view)
        return self.told.tell(template, self.names(view), values)

    def has_caption(self, kind: StrEnum) -> bool:
        """Whether events of ``kind`` have a caption (a function or a template)."""
        return kind in self.events or (
            self.told is not None and self.told.caption(kind) is not None
        )

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
