"""Teaching captions: why each step of a game happened, in the game's own words.

A game's captions module writes one caption per kind of event it logs (a template of
its ``story.toml``, or a function that weighs the view) and one per kind of prompt
(``Captions``), and names its coached deal; the game's listing says where they live.
``parlour teach`` shows them beside the public table. A caption is worked out from the
event (or the prompt) and a view: for a public event, the public view just after it,
so a caption can never tell a secret the table does not show.

This layer sits above the rules and the session: no game's rules import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, Generic, TypeVar

from attrs import field, frozen

from rules import registry
from rules.engine import Event, Fact, GameInfo, Logged, Prompt, Seat, View
from rules.session import Session
from rules.story import Phrase, Told, placeholders

S = TypeVar("S")
L = TypeVar("L", bound=Logged)
V = TypeVar("V", bound=View)
ViewT = TypeVar("ViewT")


@frozen
class Shown:
    """A rule the coached deal shows: the kind of event it makes, and its name."""

    kind: StrEnum
    rule: str


@frozen
class CoachedDeal:
    """One game's coached deal: ``seats`` seats, the person at ``person``, the rest bots,
    dealt from ``seed`` with ``options``; taking the hints, the person sees each rule
    of ``shows`` happen by the end of turn ``within`` (the game's ``turn_word``)."""

    seed: int
    seats: int
    shows: tuple[Shown, ...]
    within: int
    options: tuple[tuple[str, int], ...] = ()
    person: Seat = 0


PickWords = Callable[[object, object], "str | None"]
"""A game's words for an action its own choices class offers: (the view's choices, the
action); None when they are not one of its own."""


EventCaption = Callable[[Event, ViewT], str]
"""A caption that weighs the view: (the event, the public view after it)."""
PromptCaption = Callable[[Prompt, ViewT], str]
"""A prompt's caption: (the prompt, the public view)."""
PromptCaptionTo = Callable[[Prompt, ViewT, Seat], str]
"""A prompt's caption told to one seat it asks, in the second person ("you"): (the prompt,
the public view, that seat). A coached game's hint speaks to the person this way."""


@frozen
class Captions(Generic[ViewT]):
    """One game's captions, keyed by its event kinds and its prompt kinds (every kind
    of each has one: tests/rules/test_captions.py); ``ViewT`` is the game's view."""

    events: Mapping[StrEnum, EventCaption[ViewT]]
    """The captions that weigh the view, by event kind; every other kind's caption is
    the ``caption`` template of its story file (``told``)."""
    prompts: Mapping[StrEnum, PromptCaption[ViewT]]
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
    prompts_to: Mapping[StrEnum, PromptCaptionTo[ViewT]] = field(factory=dict)
    """Prompt captions told to a seat the prompt asks ("you"), by prompt kind; a kind
    without one is told to that seat as to the table."""

    def for_event(self, event: Event, view: ViewT) -> str:
        """Why ``event`` happened and what it means ('' for an event without a kind)."""
        if event.kind is None:
            return ""
        caption = self.events.get(event.kind)
        if caption is not None:
            return caption(event, view)
        return self.from_template(event, view)

    def from_template(self, event: Event, view: ViewT) -> str:
        """The caption template of ``event``'s kind, told from its facts and phrases."""
        template = None if self.told is None else self.told.caption(event.kind)
        if template is None or self.told is None:
            return ""
        values: dict[str, Fact] = dict(event.facts)
        for name in placeholders(template):
            if name not in values:
                values[name] = self.phrases[name](event, view)
        return self.told.tell(template, self.names(view), values)

    def has_caption(self, kind: StrEnum) -> bool:
        """Whether events of ``kind`` have a caption (a function or a template)."""
        return kind in self.events or (
            self.told is not None and self.told.caption(kind) is not None
        )

    def for_prompt(self, prompt: Prompt, view: ViewT, to: Seat | None = None) -> str:
        """What the table is deciding now, and what each answer would mean; told to ``to``
        (in the second person) when the prompt asks that seat and the game says how."""
        told = self.prompts_to.get(prompt.kind) if to in prompt.seats else None
        if told is not None and to is not None:
            return told(prompt, view, to)
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


def captions_of(game: GameInfo[S, V]) -> Captions[V] | None:
    """The teaching captions of ``game``, where its listing says they live (None: a
    game without captions, which ``parlour teach`` cannot explain)."""
    where = registry.listing(game.id).captions if game.id in registry.ids() else ""
    found = registry.load(where) if where else None
    return found if isinstance(found, Captions) else None


def explained_step(game: GameInfo[L, V], before: L | None, after: L) -> tuple[Explained, ...]:
    """The public events the step from state ``before`` (None: the deal) to ``after``
    added to the story, each with its caption, worked out from the public view after."""
    captions = captions_of(game)
    fresh = after.log[len(before.log) if before is not None else 0 :]
    public = game.view(after, None)
    return tuple(
        Explained(e.text, captions.for_event(e, public) if captions is not None else "")
        for e in fresh
        if e.seats is None
    )


def explained_prompt(game: GameInfo[S, V], state: S, to: Seat | None = None) -> str:
    """What the table decides next and what it means ('' when the game is over); told to
    the seat ``to`` ("you") where the game's captions say how."""
    prompt = game.prompt(state)
    captions = captions_of(game)
    if prompt is None or captions is None:
        return ""
    return captions.for_prompt(prompt, game.view(state, None), to)


def session_step(before: Session[L] | None, after: Session[L]) -> tuple[Explained, ...]:
    """``explained_step`` between two sessions of one game (the teaching table's steps)."""
    return explained_step(after.game, None if before is None else before.state, after.state)


def session_prompt(session: Session[S], to: Seat | None = None) -> str:
    """``explained_prompt`` of a session's moment (told to ``to``, when given)."""
    return explained_prompt(session.game, session.state, to)
