"""What a seat may decide now, as its view says: questions with options.

A view's ``choices`` holds everything its seat may do at this moment (None:
nothing). Each option is open, or closed with the sentence the rules would
refuse it with, and says what it costs. Screens show the options and send the
one picked; bots choose among the open ones; fuzzing draws from them. None of
them works a rule out again: the rules built the options, and the tests check
that ``apply`` takes every open one and refuses every closed one with its
reason.

Most decisions are a small tree of :class:`Pick` questions: an option either is
the action (``value``) or leads to a further question (``then``). A Pick may
ask for several options at once (``most`` above one): the values picked fill a
field of an action (``template`` and ``fills``). A :class:`Write` asks for
text the same way. A game whose decision is richer (cards with Rapport spends
that depend on the cards picked) gives its view a choices class of its own
with the same ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from attrs import evolve, frozen

from rules import wording
from rules.chance import Chance

T = TypeVar("T", covariant=True)
"""What an option stands for (an action, or a value filling a ``template``). Questions
are frozen and never take a ``T`` in, so a ``Pick[Join]`` is a ``Pick[Action]``."""
ActionT_co = TypeVar("ActionT_co", covariant=True)

SAMPLE_WORDS = (
    "the", "lantern", "swayed", "and", "a", "stranger", "laughed", "softly", "while", "rain",
    "fell", "on", "old", "roofs", "of", "town", "love", "waited", "by", "door",
)  # fmt: skip
"""Words for a drawn text answer (fuzzing and random play only)."""


class Choices(Protocol[ActionT_co]):
    """Anything a view offers as its seat's choices: a random open action (an
    ``ActionT_co``) can be drawn."""

    def draw(self, chance: Chance) -> tuple[ActionT_co, Chance]: ...


@frozen
class Option(Generic[T]):
    """One answer to a question.

    ``value`` is the action this answer sends (or, with ``then``, what it stands
    for); ``closed`` is '' when the answer is open, else why it is not; ``cost``
    is what taking it costs in the game's chips; ``then`` is the question it
    leads to; ``key`` a stable name a screen may bind a key to ("court").
    """

    value: T
    label: str
    closed: str = ""
    cost: int = 0
    then: Pick[Any] | Write[Any] | None = None
    key: str = ""

    @property
    def open(self) -> bool:
        return not self.closed


@frozen
class Pick(Generic[T]):
    """A question answered by picking options.

    By default exactly one option; with ``most`` above one (or a ``template``),
    between ``fewest`` and ``most`` of them, whose values fill the field
    ``fills`` of ``template`` (a tuple, in the options' order).
    """

    ask: str
    options: tuple[Option[T], ...]
    fewest: int = 1
    most: int = 1
    template: Any = None
    fills: str = ""

    @property
    def several(self) -> bool:
        """Several options are picked together (they fill ``template``)."""
        return self.template is not None

    @property
    def opened(self) -> tuple[Option[T], ...]:
        return tuple(option for option in self.options if option.open)

    def keyed(self, key: str) -> Option[T] | None:
        """The option named ``key`` (None when there is none)."""
        return next((option for option in self.options if option.key == key), None)

    def refusal(self, picked: Sequence[int]) -> str:
        """Why picking the options at ``picked`` (indexes) is refused; '' when it is not."""
        chosen = [self.options[i] for i in sorted(set(picked))]
        closed = next((option for option in chosen if not option.open), None)
        if closed is not None:
            return closed.closed
        if not self.fewest <= len(chosen) <= self.most:
            return _how_many(self.fewest, self.most)
        return ""

    def answer(self, picked: Sequence[int]) -> Any:
        """The action for the options at ``picked``: the one option's value, or the
        template with the values picked (check ``refusal`` first). Typed ``Any``: a Pick of
        several answers with its ``template``, whose type ``T`` (the options') does not
        carry."""
        chosen = sorted(set(picked))
        if not self.several:
            return self.options[chosen[0]].value
        values = tuple(self.options[i].value for i in chosen)
        return evolve(self.template, **{self.fills: values})

    def draw(self, chance: Chance) -> tuple[Any, Chance]:
        """A random open answer, down to a whole action (``Any``, as ``answer``; an option's
        ``then`` may ask anything)."""
        indexes = [i for i, option in enumerate(self.options) if option.open]
        if not self.several:
            if not indexes:
                raise ValueError(f"no open option for {self.ask!r}")
            index, chance = chance.pick(indexes)
            follow = self.options[index].then
            if follow is not None:
                return follow.draw(chance)
            return self.options[index].value, chance
        most = min(self.most, len(indexes))
        if most < self.fewest:
            raise ValueError(f"too few open options for {self.ask!r}")
        count, chance = chance.below(most - self.fewest + 1)
        order, chance = chance.shuffle(indexes)
        return self.answer(order[: self.fewest + count]), chance


@frozen
class Write(Generic[T]):
    """A question answered in words: the text fills the field ``fills`` of ``template``.

    ``longest`` is the most characters the rules take; ``needed`` says an empty
    answer is refused; ``hint`` is a line that says what is wanted. With a
    ``separator`` the field takes a tuple: the text's parts between separators,
    trimmed, empty ones dropped ("a fox; a moon" gives ("a fox", "a moon")).
    """

    ask: str
    template: T
    fills: str
    longest: int
    needed: bool = False
    hint: str = ""
    separator: str = ""

    def answer(self, text: str) -> T:
        value: str | tuple[str, ...] = text
        if self.separator:
            value = tuple(part.strip() for part in text.split(self.separator) if part.strip())
        return evolve(self.template, **{self.fills: value})  # type: ignore[misc]

    def draw(self, chance: Chance) -> tuple[T, Chance]:
        count, chance = chance.below(12)
        words = []
        for _ in range(count + (1 if self.needed else 0)):
            word, chance = chance.pick(SAMPLE_WORDS)
            words.append(word)
        text = " ".join(words)[: self.longest]
        if self.separator:
            text = text.replace(" ", self.separator, 1)
        return self.answer(text), chance


def _how_many(fewest: int, most: int) -> str:
    if fewest == most:
        return f"Choose exactly {plural(fewest, 'one')}."
    if fewest == 0:
        return f"Choose at most {plural(most, 'one')}."
    return f"Choose between {fewest} and {most}."


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards"; "one" counts as a word of its own ("2 of them")."""
    if word == "one":
        return "one" if count == 1 else f"{count} of them"
    return wording.plural(count, word)
