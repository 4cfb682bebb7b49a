"""One public moment: a question the rules ask several people at once, answered at the
public table by everyone together, never curtain by curtain.

Where a game marks a prompt's kind as asked all at once (``TableScreen.ALL_AT_ONCE``:
the Temptress's joining of an opposition and its vote), each person at this keyboard
presses their own number to change their answer (nobody pressed: the last choice, such
as staying out or abstaining) and Enter gives every answer at once. Bots answered
before, silently (the flow lets a bot decide first), and a seat played from a terminal
of its own answers there. Where several may speak (``TableScreen.ANY_SPEAKER``: an open
floor), a person's number makes them the one whose keys act now, and ``p`` lets every
person here pass at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rules.choices import Option, Pick
from rules.engine import Prompt, Seat
from tui.port import Table
from tui.widgets.steady import SteadyText

ANSWER_HELP = (
    " Everyone asked answers at once: press your own number (it is beside your name) to "
    "change your answer, then Enter gives every answer together; nobody who pressed "
    "nothing gives the last answer shown. Whoever pressed their number last holds the "
    "keyboard: a key that opens your own screen (a clue book) opens it for them, and when "
    "the next move is theirs their curtain comes at once."
)
SPEAKER_HELP = (
    " Several may take the floor: press your own number to be the one whose keys act "
    "now; p lets everyone here pass at once."
)


def asked_here(table: Table, prompt: Prompt | None) -> tuple[Seat, ...]:
    """The people at this keyboard a public prompt asks, in the prompt's order."""
    if prompt is None or prompt.private:
        return ()
    seats = table.seats
    return tuple(s for s in prompt.seats if seats[s].at_keyboard and not seats[s].elsewhere)


def open_options(choices: Any) -> list[Option[Any]]:
    """A seat's open answers (a form's options are no answers: they ask for more)."""
    if not isinstance(choices, Pick):
        return []
    return [o for o in choices.options if o.open and o.then is None]


class Moment:
    """The answers given so far in this moment, and who speaks at an open floor."""

    def __init__(self) -> None:
        self.prompt: Prompt | None = None
        self.answers: dict[Seat, int] = {}
        """Each person's answer, by its place among their open options."""
        self.speaker: Seat | None = None

    def follow(self, prompt: Prompt | None) -> None:
        """A new question starts a new moment; the same question with fewer left to
        answer (the answers given at once arrive one by one) goes on with it."""
        if prompt == self.prompt:
            return
        before, self.prompt = self.prompt, prompt
        going_on = (
            prompt is not None
            and before is not None
            and prompt.kind == before.kind
            and set(prompt.seats) < set(before.seats)
        )
        if not going_on:
            self.answers, self.speaker = {}, None

    def answer(self, seat: Seat, options: Sequence[Option[Any]]) -> Option[Any]:
        return options[self.answers.get(seat, len(options) - 1)]

    def change(self, seat: Seat, options: Sequence[Option[Any]]) -> None:
        """Pressing a number: the next answer (from the first, the first time)."""
        now = self.answers.get(seat)
        self.answers[seat] = 0 if now is None else (now + 1) % len(options)


def moment_text(table: Table, moment: Moment, people: Sequence[Seat], all_at_once: bool) -> Text:
    """The moment's lines: everyone's answer (``people``) with their number, or who
    speaks now."""
    seats = table.seats
    text = Text()
    if all_at_once:
        text.append("Everyone at once: press your number to change your answer, then Enter.\n")
        parts = []
        for seat in people:
            options = open_options(table.view(seat).choices)
            if options:
                parts.append(f"{seat + 1} {seats[seat].name}: {moment.answer(seat, options).label}")
        text.append(" · ".join(parts))
        return text
    speaker = (
        moment.speaker if moment.speaker is not None and moment.speaker in people else people[0]
    )
    others = ", ".join(f"{s + 1} {seats[s].name}" for s in people if s != speaker)
    text.append(f"{seats[speaker].name} has the floor; to take it: {others}. ")
    text.append("p: everyone here passes.")
    return text


class MomentLine(SteadyText):
    """The public moment's lines under the board (hidden when there is none)."""

    DEFAULT_CSS = """
    MomentLine { height: auto; padding: 0 1; display: none; text-style: bold; }
    MomentLine.-on { display: block; }
    """

    def show(self, text: Text | None) -> None:
        self.set_class(text is not None, "-on")
        if text is not None:
            self.update(text)
